#!/usr/bin/env bash
# Makes docs/demo.png: animd-demo under Xvfb with every transition part-way, as the README shows it.
# Needs a debug build (swift build) and Xvfb, xwd and python3 (scripts/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
work=$(mktemp -d /tmp/animd-shot-XXXXXX)
display=:$((RANDOM % 400 + 500))
Xvfb "$display" -screen 0 800x600x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
"$bin/animd" --socket "$work/s.sock" 2>/dev/null & animd=$!
trap 'kill $demo $animd $xvfb 2>/dev/null; rm -rf "$work"' EXIT
sleep 1
DISPLAY=$display "$bin/animd-demo" --socket "$work/s.sock" --print-frames > "$work/frames" & demo=$!
for _ in $(seq 100); do grep -q '^ready' "$work/frames" 2>/dev/null && break; sleep 0.1; done
# Client legs, scrubbed: each transition stops part-way, so the picture shows all of them moving.
"$bin/animctl" begin sidebar 1 --socket "$work/s.sock"; "$bin/animctl" scrub sidebar 0.7 --socket "$work/s.sock"
"$bin/animctl" begin panel 1 --socket "$work/s.sock"; "$bin/animctl" scrub panel 0.35 --socket "$work/s.sock"
"$bin/animctl" begin launcher 1 --socket "$work/s.sock"; "$bin/animctl" scrub launcher 0.6 --socket "$work/s.sock"
"$bin/animctl" begin notifications 1 --socket "$work/s.sock"; "$bin/animctl" scrub notifications 0.4 --socket "$work/s.sock"
"$bin/animctl" begin pager 1 --socket "$work/s.sock"; "$bin/animctl" scrub pager 0.5 --socket "$work/s.sock"
"$bin/animctl" begin overview 1 --socket "$work/s.sock"; "$bin/animctl" scrub overview 0.5 --socket "$work/s.sock"
sleep 0.5
window=$(grep '^ready' "$work/frames" | cut -d' ' -f2)
DISPLAY=$display xwd -silent -id "$window" -out "$work/demo.xwd"
python3 scripts/xwd-to-png.py "$work/demo.xwd" docs/demo.png
echo "wrote docs/demo.png"
