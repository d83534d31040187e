#!/usr/bin/env bash
# Makes docs/toolkit-panels.png: the three toolkit reference panels (docs/toolkits.md) on one Xvfb screen beside a
# live animd, each at an edge of its own and opened part-way by a scrub of its own transition: the GTK 4 one (Python)
# at the left, 0.7; the GJS one at the right, 0.5; the Qt 6 QML one at the bottom, 0.35.
# Needs a debug build (swift build), Xvfb, xwd, GTK 4 and libadwaita's typelibs, gjs with xdotool, and Qt 6
# with cmake (scripts/install-deps.sh); the QML module is built into .build/qml-module, where the tests build it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
cmake -S clients/qml -B .build/qml-module > /dev/null && cmake --build .build/qml-module > /dev/null
work=$(mktemp -d /tmp/animd-shot-XXXXXX)
display=:$((RANDOM % 400 + 500))
Xvfb "$display" -screen 0 1024x640x24 -nolisten tcp > /dev/null 2>&1 & xvfb=$!
"$bin/animd" --socket "$work/s.sock" 2> /dev/null & animd=$!
panels=()
trap 'kill "${panels[@]}" $animd $xvfb 2> /dev/null; rm -rf "$work"' EXIT
"$bin/animctl" hello --socket "$work/s.sock" --wait 10 > /dev/null
export DISPLAY=$display PYTHONPATH=clients/python QML_IMPORT_PATH=.build/qml-module/qml QT_QPA_PLATFORM=xcb

# open TRANSITION FRACTION COMMAND...: starts the panel, waits until it has declared its transition, and scrubs it.
open() {
    local transition=$1 fraction=$2
    shift 2
    "$@" --socket "$work/s.sock" --print-ready --print-signals > "$work/$transition" 2>&1 & panels+=($!)
    for _ in $(seq 200); do grep -q 'declared' "$work/$transition" 2> /dev/null && break; sleep 0.1; done
    grep -q 'declared' "$work/$transition" || { cat "$work/$transition"; echo "screenshot-panels: $transition never declared" >&2; exit 1; }
    "$bin/animctl" begin "$transition" 1 --socket "$work/s.sock"
    "$bin/animctl" scrub "$transition" "$fraction" --socket "$work/s.sock"
}
open gtk4-panel 0.7 /usr/bin/python3 examples/gtk4/sidebar-panel.py --edge left --width 280 --height 400
open gjs-panel 0.5 gjs -m examples/gjs/sidebar-panel.js --edge right --width 280 --height 400
open qml-panel 0.35 /usr/lib/qt6/bin/qml examples/qml/sidebar-panel.qml -- --edge bottom --width 200 --height 1024
sleep 1
xwd -silent -root -out "$work/panels.xwd"
python3 scripts/xwd-to-png.py "$work/panels.xwd" docs/toolkit-panels.png
echo "wrote docs/toolkit-panels.png"
