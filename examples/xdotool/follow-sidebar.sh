#!/usr/bin/env bash
# Moves a real X window with the sidebar: closed, it waits just off the left edge; open, it sits at x = 0.
# Every frame animd sends becomes one `xdotool windowmove`, so the window follows the finger and the spring.
#
#   examples/xdotool/follow-sidebar.sh WINDOW-ID [WIDTH] [TRANSITION]
#
# WINDOW-ID as xdotool gives it (e.g. $(xdotool search --name 'my panel')); WIDTH defaults to the window's own.
# Needs animctl, jq and xdotool. It runs until animd stops or the window goes away.
set -euo pipefail
window=${1:?usage: follow-sidebar.sh WINDOW-ID [WIDTH] [TRANSITION]}
width=${2:-$(xdotool getwindowgeometry --shell "$window" | sed -n 's/^WIDTH=//p')}
transition=${3:-sidebar}
y=$(xdotool getwindowgeometry --shell "$window" | sed -n 's/^Y=//p')

animctl watch "$transition" --json |
    jq --unbuffered -r '.params.progress // empty' |
    while read -r progress; do
        # progress 0 → x = -width (hidden), 1 → x = 0; springs may overshoot a little, and so does the window.
        x=$(awk -v p="$progress" -v w="$width" 'BEGIN { printf "%d", (p - 1) * w }')
        xdotool windowmove "$window" "$x" "$y" || exit 0
    done
