#!/usr/bin/env bash
# The cost of exclusive touch on the libinput backend (issue 59; docs/performance.md): the delay a pass-through touch
# gets (from the mocked device's write to the relay's write to the twin, both stamped by the host on
# CLOCK_MONOTONIC), p50 and p99, and the CPU per evdev event of animd and of its relay, with `shared` (no relay:
# the compositor reads the device itself, and animd beside it) as the baseline in the same run. A benchmark, not a
# test: it prints figures and passes or fails nothing. Needs root (a mount namespace), umockdev and cc, as the
# libinput tests do.
#
#   scripts/bench-exclusive-touch.sh [BIN-DIR] [TAPS]     (defaults: .build/release, 400 taps mid-screen)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$repo/.build/release}
taps=${2:-400}
fixtures=$repo/Tests/LibinputFixtures
work=$(mktemp -d /tmp/animd-bench-touch.XXXXXX)
trap 'touch "$work/stop" 2>/dev/null; sleep 1; rm -rf "$work"' EXIT
cc -O2 -o "$work/relayhost" "$fixtures/relayhost.c" $(pkg-config --cflags --libs umockdev-1.0)
cc -shared -fPIC -O2 -o "$work/evdev-node.so" "$fixtures/evdev-node.c" -ldl

# CPU seconds (user + system) of a process so far.
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ split($0, a, ") "); split(a[2], f, " "); printf "%.3f", (f[12] + f[13]) / hz }' "/proc/$1/stat"; }

run() {
    local mode=$1 folder=$work/$1
    mkdir -p "$folder"
    printf 'defaults = true\n[input]\ntouch-edges = "%s"\n' "$mode" > "$folder/animd.toml"
    cat > "$folder/run.sh" <<SCRIPT
set -e
mkdir -p /run/udev
mount -t tmpfs animd-bench /run/udev
mkdir /run/udev/data
printf 'I:1\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\nG:seat\nQ:seat\nV:1\n' > /run/udev/data/c13:114
env LD_PRELOAD=libumockdev-preload.so.0 $work/relayhost $folder $fixtures/touchscreen.umockdev /dev/input/event50 \
    $fixtures/touchscreen.ioctl /sys/devices/virtual/input/input50/event50 600 $work/evdev-node.so -- \
    $bin/animd --socket $folder/s.sock --input-backend libinput --config $folder/animd.toml
SCRIPT
    unshare -m /bin/sh "$folder/run.sh" 2> "$folder/animd.log" &
    for _ in $(seq 200); do [ -S "$folder/s.sock" ] && break; sleep 0.05; done
    touch "$folder/plug"
    local animd="" relay=""
    for _ in $(seq 200); do
        animd=$(pgrep -f "^$bin/animd --socket $folder/s.sock" || true)
        [ -n "$animd" ] && grep -q "1 touchscreen(s)" <("$bin/animctl" hello --socket "$folder/s.sock" 2>/dev/null) && break
        sleep 0.05
    done
    if [ "$mode" = exclusive ]; then
        for _ in $(seq 200); do grep -qx grab "$folder/twin.log" 2>/dev/null && break; sleep 0.05; done
        relay=$(pgrep -P "$animd" -f animd-touch-relay)
    fi
    local before_animd before_relay=0
    before_animd=$(cpu "$animd")
    [ -n "$relay" ] && before_relay=$(cpu "$relay")
    # A tap mid-screen, one frame down and one up, 4 ms apart: 5 evdev events a frame.
    for i in $(seq 1 $((taps * 2))); do
        if [ $((i % 2)) = 1 ]; then
            printf '3 47 0\n3 57 %d\n3 53 %d\n3 54 2048\n1 330 1\n0 0 0\n' "$i" $((1500 + i % 1000)) > "$folder/events-$i.tmp"
        else
            printf '3 47 0\n3 57 -1\n1 330 0\n0 0 0\n' > "$folder/events-$i.tmp"
        fi
        mv "$folder/events-$i.tmp" "$folder/events-$i"
        while [ -e "$folder/events-$i" ]; do sleep 0.001; done
        sleep 0.004
    done
    sleep 0.5
    local events=$((taps * 9))
    local animd_cpu relay_cpu=0
    animd_cpu=$(awk -v a="$(cpu "$animd")" -v b="$before_animd" 'BEGIN { printf "%.3f", a - b }')
    [ -n "$relay" ] && relay_cpu=$(awk -v a="$(cpu "$relay")" -v b="$before_relay" 'BEGIN { printf "%.3f", a - b }')
    printf '%-9s  %6d evdev events  animd %6.1f µs CPU/event  relay %6.1f µs CPU/event' "$mode" "$events" \
        "$(awk -v c="$animd_cpu" -v n="$events" 'BEGIN { print c * 1e6 / n }')" "$(awk -v c="$relay_cpu" -v n="$events" 'BEGIN { print c * 1e6 / n }')"
    if [ "$mode" = exclusive ]; then
        # Each write's delay: from "wrote N T" to the next event line's stamp.
        awk '/^wrote / { wrote = $3; waiting = 1; next } /^event / && waiting { print $2 - wrote; waiting = 0 }' "$folder/twin.log" | sort -n > "$folder/delays"
        local count p50 p99
        count=$(wc -l < "$folder/delays")
        p50=$(awk -v n="$count" 'NR == int(n * 0.50 + 0.5) { print; exit }' "$folder/delays")
        p99=$(awk -v n="$count" 'NR == int(n * 0.99 + 0.5) { print; exit }' "$folder/delays")
        printf '  pass-through delay p50 %s µs, p99 %s µs (%s frames)' "$p50" "$p99" "$count"
    fi
    echo
    touch "$folder/stop"
    wait
}

echo "animd exclusive touch, $taps taps mid-screen (pass-through), $(date -u +%F), $(nproc) cores"
run shared
run exclusive
