#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (default 60) from the
# seed corpora in Fuzz/corpus, with a fixed seed so that a CI run is
# reproducible. A crash leaves its input in .build-fuzz/crashes and fails the
# run; add it to Fuzz/corpus and as a regression test. The protocol target then runs again against a live animd
# (ANIMD_FUZZ_DAEMON), from clients that leave mid-stream.
#
#   scripts/fuzz.sh            # 60 s each (CI runs 30: make fuzz FUZZ_SECONDS=30)
#   scripts/fuzz.sh 3600       # a longer hunt (docs/reliability.md)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
seed=${FUZZ_SEED:-1}
export ANIMD_FUZZ=1
build=(swift build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address)
"${build[@]}" --product fuzz-protocol
"${build[@]}" --product fuzz-config
mkdir -p .build-fuzz/crashes .build-fuzz/work/protocol .build-fuzz/work/config
for target in protocol config; do
    echo "fuzz-$target: ${seconds} s from Fuzz/corpus/$target (seed $seed)"
    # New inputs go to a scratch corpus; the committed seeds stay as they are.
    # Leak detection is on for both: a leak found is a failure like a crash.
    ASAN_OPTIONS="detect_leaks=1" .build-fuzz/release/fuzz-$target .build-fuzz/work/$target "Fuzz/corpus/$target" \
        -seed="$seed" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 \
        -artifact_prefix=.build-fuzz/crashes/$target- -print_final_stats=1 > ".build-fuzz/$target.log" 2>&1 \
        || { tail -n 40 ".build-fuzz/$target.log"; echo "fuzz-$target found a failure: see .build-fuzz/crashes" >&2; exit 1; }
    grep -E '^(Done|stat::(number_of_executed_units|new_units_added|peak_rss_mb))' ".build-fuzz/$target.log"
done

# The protocol fuzzer again, half as long, each input also sent to a live debug animd by a client that leaves in
# the middle of it: closes, half-closes or resets its socket (Fuzz/protocol/DaemonUnderFuzz.swift, issue 47). The
# debug build, whose exclusivity checks abort on a re-entered handler. A crash of animd stops the run with its log.
swift build --product animd
daemon_seconds=$(( (seconds + 1) / 2 ))
echo "fuzz-protocol against a live animd, dropping connections: ${daemon_seconds} s (seed $seed)"
mkdir -p .build-fuzz/work/protocol-daemon
ANIMD_FUZZ_DAEMON="$PWD/.build/debug/animd" ASAN_OPTIONS="detect_leaks=1" .build-fuzz/release/fuzz-protocol \
    .build-fuzz/work/protocol-daemon Fuzz/corpus/protocol -seed="$seed" -max_total_time="$daemon_seconds" -max_len=8192 -timeout=30 \
    -rss_limit_mb=2048 -detect_leaks=1 -artifact_prefix=.build-fuzz/crashes/protocol-daemon- -print_final_stats=1 \
    > .build-fuzz/protocol-daemon.log 2>&1 \
    || { pkill -f -- "--socket /tmp/animd-fuzz-" || true; tail -n 60 .build-fuzz/protocol-daemon.log
         echo "fuzz-protocol against animd found a failure: see .build-fuzz/crashes" >&2; exit 1; }
grep -E '^(Done|stat::(number_of_executed_units|new_units_added|peak_rss_mb))' .build-fuzz/protocol-daemon.log
