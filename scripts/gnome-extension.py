#!/usr/bin/env python3
"""Writes animd's GNOME Shell extensions into a folder, one folder per UUID, as the shell's extensions folder holds them.

gnome-shell/ holds the extension as GNOME 45-49 load it (an ES module). GNOME 43-44 load extensions with the older
importer, which cannot read a module; the same class is written for it here under a UUID of its own, with its own
shell versions, so that a package can install both and each shell loads the one written for it (docs/focus.md says why
two UUIDs rather than one).

    scripts/gnome-extension.py FOLDER           write both into FOLDER
    scripts/gnome-extension.py --uuids          print the UUIDs, modern first
"""
import json
import os
import sys

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gnome-shell")
LEGACY = {
    "uuid": "animd-gnome43@animd.org",
    "name": "animd (GNOME 43–44)",
    "shell-version": ["43", "44"],
}
# The ES module's lines the older importer cannot read, and what it reads instead.
IMPORTS = [
    "import Gio from 'gi://Gio';",
    "import GLib from 'gi://GLib';",
    "import Shell from 'gi://Shell';",
    "import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';",
]
LEGACY_IMPORTS = "const {Gio, GLib, Shell} = imports.gi;"
EXPORT = "export default class AnimdFocusExtension extends Extension {"
LEGACY_CLASS = "class AnimdFocusExtension {"
LEGACY_INIT = """
// GNOME 43-44 make an extension's object with init().
function init() {
    return new AnimdFocusExtension();
}
"""


def legacy_source(modern):
    for line in IMPORTS + [EXPORT]:
        if modern.count(line + "\n") != 1:
            sys.exit(f"gnome-extension.py: gnome-shell/extension.js no longer has the line {line!r} once")
    text = modern.replace("\n".join(IMPORTS) + "\n", LEGACY_IMPORTS + "\n").replace(EXPORT, LEGACY_CLASS)
    if "import " in text or "export " in text:
        sys.exit("gnome-extension.py: gnome-shell/extension.js imports or exports more than this script rewrites")
    return text + LEGACY_INIT


def write(folder, metadata, source):
    target = os.path.join(folder, metadata["uuid"])
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, "metadata.json"), "w", encoding="utf-8") as out:
        out.write(json.dumps(metadata, indent=2, ensure_ascii=False) + "\n")
    with open(os.path.join(target, "extension.js"), "w", encoding="utf-8") as out:
        out.write(source)


def main():
    with open(os.path.join(SOURCE, "metadata.json"), encoding="utf-8") as file:
        modern_metadata = json.load(file)
    if sys.argv[1:] == ["--uuids"]:
        print(modern_metadata["uuid"])
        print(LEGACY["uuid"])
        return
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(os.path.join(SOURCE, "extension.js"), encoding="utf-8") as file:
        modern = file.read()
    write(sys.argv[1], modern_metadata, modern)
    write(sys.argv[1], {**modern_metadata, **LEGACY}, legacy_source(modern))


main()
