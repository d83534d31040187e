#!/usr/bin/env bash
# Prints, at the end of a test run, every suite and test that was skipped and why, from `swift test`'s output
# (Swift Testing writes "➜ Suite NAME skipped: "reason""). A suite skipped for a missing package or for lack of root
# is otherwise easy to miss among hundreds of lines of passes.
#   scripts/report-skipped.sh TEST-OUTPUT-FILE
set -euo pipefail
skipped=$(grep -aE '^➜ (Suite|Test) .* skipped' "$1" | sed 's/^➜ //' | sort -u || true)
if [ -z "$skipped" ]; then
    echo "skipped: none"
else
    echo "skipped: $(echo "$skipped" | grep -c .)"
    echo "$skipped" | sed 's/^/  /'
fi
