#!/usr/bin/env python3
"""Prints the package's module graph as text, and the largest types in Sources with their stored properties; writes
and checks the graph in docs/architecture.md.

    scripts/module-graph.py [DUMP.json [SOURCES]]   (default: `swift package dump-package` and ./Sources)
    scripts/module-graph.py --write-docs [DUMP.json]  the graph between docs/architecture.md's markers
    scripts/module-graph.py --check-docs [DUMP.json]  exit 1 unless the docs hold that graph, and their target table
                                                      names every target once, with "pure" only on targets that
                                                      depend on nothing but pure targets; and unless Sources keeps
                                                      the house's bounds: no owner over eight stored properties, no
                                                      function over 40 lines (make test runs this)

One line per target of Sources (tests, benchmarks and fuzzers left out): `Target -> its dependencies`, products
of other packages in brackets. Then the ten largest classes, actors, structs and enums in Sources, by the lines
from their declaration to their closing brace (extensions elsewhere not counted), each with its stored
properties (`let`/`var` at the type's own level that are not computed). An owner is a class, an actor, or a
struct with a mutating method (a type that keeps state and changes it); a record (a struct with none: a wire
message, a snapshot, a command's options) is a list of fields and is listed apart, unbounded. It reads Swift by
braces and keywords, not by parsing, which suffices for this code's style.
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


DOCS = os.path.join(REPO, "docs", "architecture.md")
# An owner (a class or actor, or a struct that changes itself) keeps at most this many stored properties.
MAX_STORED = 8

BEGIN, END = "<!-- module-graph: written by scripts/module-graph.py --write-docs -->", "<!-- /module-graph -->"


def layered(package):
    """The targets of Sources, each with its layer: 0 for one that depends on no target here, else one more than the
    highest layer among its dependencies. Listed by layer, then in the manifest's order."""
    targets = {t["name"]: t for t in package["targets"]
               if t["type"] != "test" and not (t.get("path") or "").startswith(("Tests", "Benchmarks", "Fuzz"))}
    layers = {}

    def layer(name):
        if name not in layers:
            inside = [d for d, product in dependencies(targets[name]) if not product and d in targets]
            layers[name] = 1 + max(map(layer, inside)) if inside else 0
        return layers[name]

    order = list(targets)
    return sorted(((layer(n), n, list(dependencies(targets[n]))) for n in order), key=lambda t: (t[0], order.index(t[1])))


def docs_block(package):
    """The graph as docs/architecture.md shows it: one line a target, its layer, then what it depends on."""
    lines = ["```", "layer  target            depends on (other packages' products in brackets)"]
    for level, name, deps in layered(package):
        names = [f"[{d}]" if product else d for d, product in deps]
        lines.append(f"{level:>5}  {name:<17} {', '.join(names) if names else '-'}".rstrip())
    lines.append("```")
    return "\n".join(lines)


def table_rows(text):
    """The target table's rows: the names in each row's first cell (backticked, comma-separated), and its kind."""
    rows = []
    for line in text.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 3:
            rows.append((re.findall(r"`([^`]+)`", cells[0]), cells[1]))
    return rows


# The core's machine is a target of its own (issue 60), and the compiler keeps it pure as long as it depends on pure
# targets only: the table must call it pure, which the check below holds to its dependencies.
MUST_BE_PURE = ("AnimCore", "Gestures", "Motion", "Transitions", "TouchRelay")


def docs_problems(package, text):
    problems = []
    if BEGIN not in text or END not in text:
        return [f"docs/architecture.md has no {BEGIN} … {END} block"]
    shown = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    if shown != docs_block(package):
        problems.append("the module graph in docs/architecture.md is not the package's: run scripts/module-graph.py --write-docs")
    if text.count("```") % 2:
        problems.append("docs/architecture.md has an unclosed code fence")
    targets = {t["name"]: t for t in package["targets"] if t["type"] != "test"}
    rows = table_rows(text.split("## Targets", 1)[-1].split("\n## ", 1)[0])
    named = [name for names, _ in rows for name in names]
    for name in sorted(set(targets) - set(named)):
        problems.append(f"the target table leaves out {name}")
    for name in sorted({n for n in named if n not in targets or named.count(n) > 1}):
        problems.append(f"the target table names {name}, " + ("which is no target" if name not in targets else "more than once"))
    pure = {name for names, kind in rows if kind == "pure" for name in names}
    for name in MUST_BE_PURE:
        if name in targets and name not in pure:
            problems.append(f"{name} must be pure (docs/architecture.md), but the target table does not call it so")
    for name in sorted(pure & set(targets)):
        for dependency, product in dependencies(targets[name]):
            if product or dependency not in pure:
                problems.append(f"the table calls {name} pure, but it depends on {dependency}, which is not")
    return problems


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
            depth, end, stored, mutating = 0, index, 0, False
            for offset in range(index, len(text)):
                current = text[offset]
                if offset > index and depth == 1 and re.search(r"\bmutating\s+func\b", current):
                    mutating = True
                if offset > index and depth == 1 and STORED.match(current):
                    declaration = current.split("=")[0]
                    computed = "{" in declaration and "=" not in current.split("{")[0]
                    if not computed:
                        stored += 1
                depth += current.count("{") - current.count("}")
                if depth == 0 and offset >= index and "{" in text[index]:
                    end = offset
                    break
            owner = match.group(1) in ("class", "actor") or mutating
            found.append((end - index + 1, f"{match.group(1)} {match.group(2)}", os.path.relpath(path, os.path.dirname(sources.rstrip("/"))), stored, owner))
    return sorted(found, reverse=True)


def shape_problems(sources):
    """What breaks the house's bounds: an owner (a class, an actor, or a struct with mutating methods: a type that
    keeps state and changes it) over eight stored properties, a function over 40 lines. A record (a struct with no
    mutating method: a wire message, a snapshot, a command's options) is a list of fields, and is not bounded."""
    problems = [f"{name} ({path}) owns {stored} stored properties; the bound is {MAX_STORED}"
                for _, name, path, stored, owner in types(sources) if owner and stored > MAX_STORED]
    problems += [f"{path}:{line}: a function of {lines} lines; the bound is 40" for lines, path, line in long_functions(sources)]
    return problems


FUNCTION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|mutating|nonmutating|"
                      r"override|final|class)\s+)*(?:func\s+\w+|init[?!]?\s*[(<])")


def long_functions(sources, limit=40):
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
    if len(sys.argv) > 1 and sys.argv[1] in ("--write-docs", "--check-docs"):
        package = dump(sys.argv[2] if len(sys.argv) > 2 else None)
        with open(DOCS, encoding="utf-8") as f:
            text = f.read()
        if sys.argv[1] == "--write-docs":
            if BEGIN not in text or END not in text:
                sys.exit(f"docs/architecture.md has no {BEGIN} … {END} block to write into")
            head, rest = text.split(BEGIN, 1)
            text = head + BEGIN + "\n" + docs_block(package) + "\n" + END + rest.split(END, 1)[1]
            with open(DOCS, "w", encoding="utf-8") as f:
                f.write(text)
            return
        problems = docs_problems(package, text) + shape_problems(os.path.join(REPO, "Sources"))
        for problem in problems:
            print("module-graph: " + problem)
        if problems:
            sys.exit(1)
        print(f"module-graph: docs/architecture.md holds the graph of {len(layered(package))} targets, and its table all "
              f"{len([t for t in package['targets'] if t['type'] != 'test'])}")
        return
    sources = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "Sources")
    print("module graph (Sources):")
    for line in graph(dump(sys.argv[1] if len(sys.argv) > 1 else None)):
        print("  " + line)
    print("ten largest types (lines, stored properties):")
    for lines, name, path, stored, _ in types(sources)[:10]:
        print(f"  {lines:4d}  {stored:2d}  {name}  ({path})")
    print("functions over 40 lines:")
    for lines, path, line in long_functions(sources):
        print(f"  {lines:4d}  {path}:{line}")
    print(f"owners with more than {MAX_STORED} stored properties:")
    for lines, name, path, stored, owner in types(sources):
        if owner and stored > MAX_STORED:
            print(f"  {stored:2d}  {name}  ({path})")
    print(f"records with more than {MAX_STORED} stored properties (values with no mutating method; not bounded):")
    for lines, name, path, stored, owner in types(sources):
        if not owner and stored > MAX_STORED:
            print(f"  {stored:2d}  {name}  ({path})")


if __name__ == "__main__":
    main()
