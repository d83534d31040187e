#!/usr/bin/env python3
"""Writes THIRD-PARTY-NOTICES, or checks that it is what would be written now:

    scripts/third-party-notices.py BINDIR            # writes THIRD-PARTY-NOTICES
    scripts/third-party-notices.py --check BINDIR    # exits 1, saying why, when it is stale or incomplete

animd, animctl, animd-demo and animd-touch-relay are MIT-licensed (LICENSE), and carry inside them, linked statically, the parts they use
of Swift's runtime and libraries and of the Swift packages Package.swift resolves. What those parts are is read from
the binaries themselves: each Swift symbol names its module (`$s7NIOCore…`), and each module is looked for in every
resolved package's Sources/ (a new dependency cannot come in unnamed). For each
component the file gives its version, its address, its licence and which binaries hold it, its NOTICE file verbatim
where it has one (Apache-2.0, section 4(d)), and the licences' texts once. `make test` runs the check on the debug
build; the .deb and the tarball ship the file beside LICENSE (docs/packaging.md).
"""

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "THIRD-PARTY-NOTICES"
BINARIES = ["animd", "animctl", "animd-demo", "animd-touch-relay"]
TOOLCHAIN_LICENCE = Path("/opt/swift/usr/share/swift/LICENSE.txt")
# Modules of the Swift toolchain itself: the standard library's, Swift Concurrency's, libdispatch's and Foundation's.
TOOLCHAIN_MODULES = {"Swift", "_Concurrency", "Dispatch", "Synchronization", "Glibc", "SwiftOnoneSupport", "FoundationEssentials",
                     "_FoundationCollections", "_RegexParser", "_StringProcessing", "_Builtin_float", "SwiftGlibc"}
SYMBOL = re.compile(r"\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)")


def run(*command: str) -> str:
    return subprocess.run(command, cwd=REPO, check=True, capture_output=True, text=True).stdout


def packages() -> list:
    """The resolved packages, each with the modules of its Sources/."""
    found = []

    def walk(node):
        for child in node["dependencies"]:
            if all(p["identity"] != child["identity"] for p in found):
                sources = Path(child["path"]) / "Sources"
                modules = {folder.name for folder in sources.iterdir() if folder.is_dir()} if sources.is_dir() else set()
                found.append({"identity": child["identity"], "version": child["version"], "url": child["url"].removesuffix(".git"),
                              "path": Path(child["path"]), "modules": modules})
            walk(child)

    walk(json.loads(run("swift", "package", "show-dependencies", "--format", "json")))
    return sorted(found, key=lambda p: p["identity"])


def own_modules() -> set:
    targets = json.loads(run("swift", "package", "dump-package"))["targets"]
    return {t["name"].replace("-", "_") for t in targets}


def modules_in(binary: Path) -> tuple:
    """The Swift modules whose symbols the binary defines, and whether it holds the Swift runtime and libstdc++."""
    symbols = run("nm", "--defined-only", str(binary))
    modules = set()
    for match in SYMBOL.finditer(symbols):
        length, text = int(match.group(1)), match.group(2)
        if len(text) >= length:
            modules.add(text[:length])
    runtime = re.search(r" swift_retain$", symbols, re.M) is not None
    libstdcxx = re.search(r" (_ZNSt|_ZSt|_ZNKSt)\w+$", symbols, re.M) is not None
    return modules, runtime, libstdcxx


def licence_of(package: dict) -> str:
    text = (package["path"] / "LICENSE.txt").read_text()
    if "Runtime Library Exception" in text:
        return "Apache-2.0 with the Runtime Library Exception (the text below)"
    if "Apache License" in text and "Version 2.0" in text:
        return "Apache-2.0 (the text below)"
    raise SystemExit(f"third-party-notices: {package['identity']}'s LICENSE.txt is not Apache-2.0: name its licence here")


def notices(bindir: Path) -> str:
    resolved = packages()
    own = own_modules()
    holders = {}  # component → binaries
    runtime_in, libstdcxx_in = [], []
    for name in BINARIES:
        modules, runtime, libstdcxx = modules_in(bindir / name)
        if runtime:
            runtime_in.append(name)
        if libstdcxx:
            libstdcxx_in.append(name)
        for module in sorted(modules):
            if module in own or module in TOOLCHAIN_MODULES:
                continue
            # A name that no package has is not a module: the same shape starts other mangled names (an associated
            # type's, a generic parameter's). Every package Package.swift resolves is looked at, so a new dependency
            # cannot come in unnamed.
            package = next((p for p in resolved if module in p["modules"]), None)
            if package is not None:
                holders.setdefault(package["identity"], []).append(name)
    swift = run("swift", "--version").split("\n")[0].strip()
    out = ["Third-party software in animd's binaries", "=" * 40, "",
           "animd, animctl, animd-demo and animd-touch-relay are under the MIT licence (LICENSE). Built with Swift, they carry inside them,",
           "linked statically, the parts they use of the components below. This file is what those components' licences",
           "ask to be passed on with them: each one, its licence, the binaries that hold it, and its NOTICE file where it",
           "has one; the licences' texts follow. scripts/third-party-notices.py writes it from the binaries' own symbols.",
           ""]
    out += [f"## The Swift runtime, standard library and Swift Concurrency, libdispatch, Foundation",
            f"{swift}, https://swift.org",
            "Licence: Apache-2.0 with the Runtime Library Exception (the text below)",
            f"In: {', '.join(runtime_in)} (Foundation: animctl only)", ""]
    for package in resolved:
        if package["identity"] not in holders:
            continue
        out += [f"## {package['identity']} {package['version']}", package["url"], f"Licence: {licence_of(package)}",
                f"In: {', '.join(sorted(set(holders[package['identity']]), key=BINARIES.index))}"]
        notice = package["path"] / "NOTICE.txt"
        if notice.exists():
            out += ["Its NOTICE file:", ""] + ["    " + line if line else "" for line in notice.read_text().strip("\n").rstrip().split("\n")]
        out.append("")
    if libstdcxx_in:
        out += ["## GNU C++ library (libstdc++), the functions the Swift runtime calls",
                "GCC 12, https://gcc.gnu.org",
                "Licence: GPL-3.0 with the GCC Runtime Library Exception, version 3.1, which lets a program compiled with GCC",
                "carry these parts under a licence of its own; the exception asks for no notice, and it is named here so that",
                "the list is whole.",
                f"In: {', '.join(libstdcxx_in)}", ""]
    out += ["## The licences", "", "### Apache License 2.0, and the Runtime Library Exception of the Swift project", "",
            "The components above whose licence is Apache-2.0 are under this text; those named \"with the Runtime Library",
            "Exception\" are also under the exception at its end.", ""]
    out += TOOLCHAIN_LICENCE.read_text().rstrip().split("\n")
    return "\n".join(line.rstrip() for line in out) + "\n"


def main() -> None:
    arguments = sys.argv[1:]
    check = "--check" in arguments
    arguments = [a for a in arguments if a != "--check"]
    if len(arguments) != 1:
        raise SystemExit(__doc__)
    text = notices(Path(arguments[0]))
    if check:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            raise SystemExit("third-party-notices: THIRD-PARTY-NOTICES is not what the binaries hold now: run "
                             "`python3 scripts/third-party-notices.py $(swift build --show-bin-path)` and commit it")
        print(f"third-party-notices: THIRD-PARTY-NOTICES names every component of {', '.join(BINARIES)}")
        return
    OUTPUT.write_text(text)
    print(f"third-party-notices: wrote {OUTPUT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
