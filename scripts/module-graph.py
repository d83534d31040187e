#!/usr/bin/env python3
"""Prints the package's module graph as text, and the largest types in Sources with their stored properties.

    scripts/module-graph.py [DUMP.json [SOURCES]]   (default: `swift package dump-package` and ./Sources)

One line per target of Sources (tests, benchmarks and fuzzers left out): `Target -> its dependencies`, products
of other packages in brackets. Then the ten largest classes, actors, structs and enums in Sources, by the lines
from their declaration to their closing brace (extensions elsewhere not counted), each with its stored
properties (`let`/`var` at the type's own level that are not computed). It reads Swift by braces and keywords,
not by parsing, which suffices for this code's style; it is a measuring tool, not a check.
"""

import os
import re
import sys

from package_dump import REPO, dependencies, dump

DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|open|indirect)\s+)*"
                         r"(class|struct|enum|actor)\s+(\w+)")
STORED = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|nonisolated|weak|unowned|"
                    r"lazy|private\(set\)|fileprivate\(set\)|internal\(set\)|public\(set\)|package\(set\))\s+)*(let|var)\s+\w+")


def graph(package):
    lines = []
    for target in package["targets"]:
        if target["type"] in ("test",) or (target.get("path") or "").startswith(("Tests", "Benchmarks", "Fuzz")):
            continue
        names = [f"[{name}]" if product else name for name, product in dependencies(target)]
        lines.append(f"{target['name']} -> {', '.join(names) if names else '(none)'}")
    return lines


def strip_strings(line):
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', line.split("//")[0])


def swift_files(sources):
    """Each Swift file under `sources`: its path, and its lines without strings and comments."""
    for root, _, files in os.walk(sources):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    yield path, [strip_strings(line) for line in f]


def types(sources):
    found = []
    for path, text in swift_files(sources):
        for index, line in enumerate(text):
            match = DECLARATION.match(line)
            if not match or "{" not in line:
                continue
            depth, end, stored = 0, index, 0
            for offset in range(index, len(text)):
                current = text[offset]
                if offset > index and depth == 1 and STORED.match(current):
                    declaration = current.split("=")[0]
                    computed = "{" in declaration and "=" not in current.split("{")[0]
                    if not computed:
                        stored += 1
                depth += current.count("{") - current.count("}")
                if depth == 0 and offset >= index and "{" in text[index]:
                    end = offset
                    break
            found.append((end - index + 1, f"{match.group(1)} {match.group(2)}", os.path.relpath(path, os.path.dirname(sources.rstrip("/"))), stored))
    return sorted(found, reverse=True)


FUNCTION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|mutating|nonmutating|"
                      r"override|final|class)\s+)*(?:func\s+\w+|init[?!]?\s*[(<])")


def long_functions(sources, limit=50):
    """Functions and initializers longer than `limit` lines, from their declaration to their closing brace."""
    found = []
    for path, text in swift_files(sources):
        for index, line in enumerate(text):
            if not FUNCTION.match(line) or "{" not in "".join(text[index:index + 4]):
                continue
            depth, started = 0, False
            for offset in range(index, len(text)):
                depth += text[offset].count("{") - text[offset].count("}")
                started = started or "{" in text[offset]
                if started and depth <= 0:
                    break
            if offset - index + 1 > limit:
                found.append((offset - index + 1, os.path.relpath(path, os.path.dirname(sources.rstrip("/"))), index + 1))
    return sorted(found, reverse=True)


def main():
    sources = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "Sources")
    print("module graph (Sources):")
    for line in graph(dump(sys.argv[1] if len(sys.argv) > 1 else None)):
        print("  " + line)
    print("ten largest types (lines, stored properties):")
    for lines, name, path, stored in types(sources)[:10]:
        print(f"  {lines:4d}  {stored:2d}  {name}  ({path})")
    print("functions over 50 lines:")
    for lines, path, line in long_functions(sources):
        print(f"  {lines:4d}  {path}:{line}")
    print("types with more than 10 stored properties:")
    for lines, name, path, stored in types(sources):
        if stored > 10:
            print(f"  {stored:2d}  {name}  ({path})")


if __name__ == "__main__":
    main()
