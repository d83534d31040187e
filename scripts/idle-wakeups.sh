#!/usr/bin/env bash
# Idle cost of animd, the whole process: context switches of all its threads over SECONDS (default 60), after 3 s
# of settling, without a display. perf counts them for the process (threads that come and go included); the
# per-thread /proc counters show where they happen.
#   scripts/idle-wakeups.sh [ANIMD] [SECONDS]
set -euo pipefail
animd=${1:-.build/release/animd}
seconds=${2:-60}
socket=$(mktemp -u /tmp/animd-idle-XXXXXX.sock)
env -u DISPLAY -u NOTIFY_SOCKET -u WATCHDOG_USEC "$animd" --socket "$socket" 2>/dev/null & pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$socket" "$socket.lock"' EXIT
sleep 3
threads() { for t in /proc/$pid/task/*; do printf '  %-16s %s\n' "$(cat "$t/comm")" "$(awk '/^voluntary_ctxt_switches/ {v=$2} /^nonvoluntary_ctxt_switches/ {n=$2} END {print v+n}' "$t/status")"; done; }
echo "threads before:"; threads
if command -v perf >/dev/null; then
    perf stat -e context-switches -p "$pid" -- sleep "$seconds" 2>&1 | awk -v s="$seconds" '/context-switches/ { printf "context switches in %d s: %d (%.3f per second)\n", s, $1, $1 / s }'
else
    sleep "$seconds"
fi
echo "threads after:"; threads
