#!/usr/bin/env python3
"""Converts a 24-bit-deep TrueColor XWD screenshot (xwd -id WINDOW, xwd -root) to PNG, with the standard library only.

Used to make docs/demo.png and docs/toolkit-panels.png (scripts/screenshot-*.sh); ImageMagick is not a dependency of
animd.
usage: xwd-to-png.py IN.xwd OUT.png
"""
import struct
import sys
import zlib


def read_xwd(data):
    fields = struct.unpack(">25I", data[:100])
    header_size, version, _format, depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask, ncolors = fields[14], fields[15], fields[16], fields[19]
    if version != 7 or bits_per_pixel not in (24, 32) or depth < 24:
        raise SystemExit(f"xwd-to-png: only 24- and 32-bit-per-pixel TrueColor XWD is supported (version {version}, {bits_per_pixel} bpp)")
    offset = header_size + 12 * ncolors
    order = "little" if byte_order == 0 else "big"
    size = bits_per_pixel // 8
    shift = lambda mask: (mask & -mask).bit_length() - 1
    rows = []
    for y in range(height):
        line = data[offset + y * bytes_per_line: offset + y * bytes_per_line + size * width]
        pixels = [int.from_bytes(line[x * size:(x + 1) * size], order) for x in range(width)]
        row = bytearray()
        for p in pixels:
            row += bytes(((p & red_mask) >> shift(red_mask), (p & green_mask) >> shift(green_mask), (p & blue_mask) >> shift(blue_mask)))
        rows.append(bytes(row))
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as out:
        out.write(png)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    with open(sys.argv[1], "rb") as f:
        write_png(sys.argv[2], *read_xwd(f.read()))
