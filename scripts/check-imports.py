#!/usr/bin/env python3
"""Checks that each target's imports and its declared dependencies in Package.swift agree, both ways.

    scripts/check-imports.py [DUMP.json]     (default: runs `swift package dump-package`)

A module a target imports but does not declare builds today only because another dependency happens to bring it
along, and breaks when that one changes; a declared dependency nothing imports is dead weight in the graph. Each
mismatch is printed as `TARGET: imports X without declaring it` or `TARGET: declares X but imports nothing of it`,
and the exit status is 1. The toolchain's own modules (Foundation, Glibc, Testing…) need no declaration. A C target imports
another by `#include "header.h"` of a header in that target's include folder.
"""

import os
import re
import sys

from package_dump import REPO, dependencies, dump

TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Musl", "Darwin", "Dispatch",
             "Testing", "XCTest", "Synchronization", "_Concurrency", "CoreFoundation", "PackageDescription", "SwiftShims"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
                    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_]\w*)")


def declared(target):
    return {name for name, _ in dependencies(target)}


def source_folder(target):
    if target.get("path"):
        return os.path.join(REPO, target["path"])
    return os.path.join(REPO, "Tests" if target["type"] == "test" else "Sources", target["name"])


def public_headers(package):
    """Each C target's public headers, by file name, to the names of the targets that have one so named."""
    owners = {}
    for target in package["targets"]:
        include = os.path.join(source_folder(target), "include")
        if target["type"] not in ("system", "binary", "plugin") and os.path.isdir(include):
            for name in os.listdir(include):
                owners.setdefault(name, set()).add(target["name"])
    return owners


def c_includes(path, headers, own):
    """The other targets whose headers a C file includes; a header name its own target has is its own."""
    with open(path, encoding="utf-8") as f:
        names = {m.group(1) for m in map(INCLUDE.match, f) if m}
    return {owner for name in names if own not in headers.get(name, ()) for owner in headers.get(name, ())}


def imports(folder, excluded, headers, own):
    found = set()
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            if any(path.startswith(os.path.join(folder, e)) for e in excluded):
                continue
            if name.endswith((".c", ".h")):
                found |= c_includes(path, headers, own)
                continue
            if not name.endswith(".swift"):
                continue
            with open(path, encoding="utf-8") as f:
                in_text = False  # inside a multi-line string literal, where "import" is another language's
                for line in f:
                    match = None if in_text else IMPORT.match(line)
                    if match:
                        found.add(match.group(1))
                    if line.count('"""') % 2 == 1:
                        in_text = not in_text
    return found


def main():
    package = dump(sys.argv[1] if len(sys.argv) > 1 else None)
    problems = []
    headers = public_headers(package)
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin"):
            continue
        folder = source_folder(target)
        used = imports(folder, target.get("exclude", []), headers, target["name"]) - TOOLCHAIN
        declares = declared(target)
        for module in sorted(used - declares):
            problems.append(f"{target['name']}: imports {module} without declaring it")
        for module in sorted(declares - used):
            problems.append(f"{target['name']}: declares {module} but imports nothing of it")
    for problem in problems:
        print(problem, flush=True)
    if problems:
        print(f"check-imports: {len(problems)} mismatch(es) between imports and Package.swift", file=sys.stderr)
        return 1
    print(f"check-imports: the imports of {sum(1 for t in package['targets'] if t['type'] not in ('system', 'binary', 'plugin'))} "
          "targets agree with Package.swift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
