#!/usr/bin/env python3
"""The order animd's functions are linked in: the code that starts, idles and serves requests, side by side.

    scripts/code-order.py write BINARY    # profile BINARY and write linker/code-order.txt (make code-order)
    scripts/code-order.py check BINARY    # fail unless BINARY was linked in that order (make dist runs it)

Why (docs/performance.md, 2026-11-29, 15:00): the kernel maps the 64 KiB around each page animd's code faults in,
and what start-up and the idle loop run was spread over most of a 14 MiB code segment, so an idle animd kept about
10.5 MiB of its code resident. Built with a section per function (`-function-sections`, the Makefile's
RELEASE_FLAGS) and linked by gold with `--section-ordering-file=linker/code-order.txt` (Package.swift, release links
of animd), the functions listed lie together.

`write` runs BINARY (built with those flags, so that its functions have sections of their own; a copy without debug
info, which valgrind 3.19 cannot read) under valgrind's callgrind, once per input backend with no display, as animd-bench's memory figure starts it: it connects 100
subscribers, puts a finger on the sidebar's edge with input.inject and moves it 300 times, asks daemon.hello and
transition.get, then stops animd with SIGTERM. Every function of BINARY that ran is listed, sorted by name, so that
the file changes only where the code did. A function added since is linked after them, not lost: the file ages
gracefully, and `check` says when it has aged too far.

`check` reads BINARY's symbols: at least 80 % of the listed functions must exist (else the file is stale: run
`make code-order`), and at least 75 % of those found must lie within one window of 1.5 times their total size (else
the build lacked RELEASE_FLAGS' -function-sections). Unordered, that window holds about 30 %.
"""
import bisect
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading

from daemon_driver import animd, drain, wait_for  # noqa: E402  (beside this script)

ORDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "linker", "code-order.txt")
PREFIX = ".text."
SUBSCRIBERS = 100
MOVES = 300


def profile(binary, backend, out):
    """One run of `binary` on `backend` under callgrind, driven as the module says; callgrind writes `out`."""
    folder = tempfile.mkdtemp(prefix="animd-code-order-")
    path = os.path.join(folder, "s.sock")
    environment = dict(os.environ, XDG_CONFIG_HOME=folder)
    environment.pop("DISPLAY", None)
    environment.pop("WAYLAND_DISPLAY", None)
    daemon = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out, binary, "--socket", path,
         "--input-backend", backend], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        driver = wait_for(path, daemon, seconds=120)
        subscribers = [animd.connect(path) for _ in range(SUBSCRIBERS)]
        for subscriber in subscribers:
            subscriber.subscribe(transitions=["sidebar"], events=["progress", "state"])
            threading.Thread(target=drain, args=(subscriber,), daemon=True).start()
        driver.call("daemon.hello")
        driver.call("input.inject", {"events": [{"t": 0, "kind": "touch-down", "id": 1, "x": 3, "y": 500}]})
        for move in range(MOVES):
            driver.call("input.inject", {"events": [{"t": 0.001 * (move + 1), "kind": "touch-move", "id": 1,
                                                     "x": 4 + move, "y": 500}]})
        driver.call("input.inject", {"events": [{"t": 0.001 * (MOVES + 1), "kind": "touch-up", "id": 1,
                                                 "x": 4 + MOVES, "y": 500}]})
        driver.call("transition.get", {"name": "sidebar"})
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(timeout=300)


def functions_run(callgrind_out, binary):
    """The names of `binary`'s functions that ran, from a callgrind file (its names are compressed to ids)."""
    objects, names, current, ran = {}, {}, None, set()
    suffix = os.path.basename(binary)
    pattern = re.compile(r"(c?(?:ob|fn))=\((\d+)\)(?: (.*))?")
    with open(callgrind_out, errors="replace") as lines:
        for line in lines:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else names
            if name:
                table[number] = name
            if kind == "ob":
                current = objects.get(number)
            elif kind == "fn" and current and os.path.basename(current) == suffix:
                # callgrind marks a recursive call's frames with 'N, and names what it cannot name by address.
                function = re.sub(r"'\d+$", "", names.get(number, ""))
                if function and not function.startswith("0x"):
                    ran.add(function)
    return ran


def write(binary):
    # valgrind 3.19 cannot read the debug info Swift writes: it runs a copy without it (the symbols stay).
    stripped = os.path.join(tempfile.mkdtemp(prefix="animd-code-order-"), "animd")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    ran = set()
    for backend in ("x11", "libinput"):
        out = tempfile.mktemp(prefix=f"animd-code-order-{backend}-")
        profile(stripped, backend, out)
        ran |= functions_run(out, stripped)
        os.unlink(out)
    if len(ran) < 1000:
        sys.exit(f"code-order: only {len(ran)} functions ran; is {binary} animd, with its symbols?")
    os.makedirs(os.path.dirname(ORDER), exist_ok=True)
    with open(ORDER, "w") as order:
        order.writelines(f"{PREFIX}{name}\n" for name in sorted(ran))
    print(f"code-order: {len(ran)} functions written to {os.path.relpath(ORDER)}")


def check(binary):
    with open(ORDER) as order:
        listed = [line.strip()[len(PREFIX):] for line in order if line.strip()]
    symbols = {}
    nm = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True)
    for line in nm.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            symbols[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
    found = [name for name in listed if name in symbols]
    if len(found) < 0.8 * len(listed):
        sys.exit(f"code-order: only {len(found)} of the {len(listed)} functions in {os.path.relpath(ORDER)} are in "
                 f"{binary}: the file is stale; run make code-order")
    window = 1.5 * sum(symbols[name][1] for name in found)
    addresses = sorted(symbols[name][0] for name in found)
    together = max(bisect.bisect_right(addresses, start + window) - index for index, start in enumerate(addresses))
    share = together / len(found)
    summary = (f"{len(found)} of {len(listed)} listed functions found; {together} ({share:.0%}) within "
               f"{window / 1024:.0f} KiB")
    if share < 0.75:
        sys.exit(f"code-order: {binary} was not linked in order ({summary}); the link needs RELEASE_FLAGS")
    print(f"code-order: {binary}: {summary}")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    (write if sys.argv[1] == "write" else check)(sys.argv[2])


if __name__ == "__main__":
    main()
