#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes the CSV reader, chart inference and the workbook readers with libFuzzer for a bounded time (default 60 s):
#   Tests/fuzz/run-fuzz.sh [seconds]
# Builds Sources/audiograph-fuzz with -sanitize=fuzzer,address in its own build folder, starts from the seed
# corpus kept in the repo (Tests/fuzz/corpus) plus every earlier finding (Tests/fuzz/regressions), and
# fails when libFuzzer finds a crash, a hang (over 5 s for one input) or a runaway allocation (over 2 GB).
# The failing input is written to Tests/fuzz/regressions/ so it is kept; fix the bug, keep the file: the
# unit tests (FuzzRegressionTests) replay every file there and in the corpus on each run.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
SWIFT=${SWIFT:-swift}
AUDIOGRAPH_FUZZ=1 $SWIFT build -c release --scratch-path .build-fuzz --product audiograph-fuzz \
  -Xswiftc -sanitize=fuzzer,address
fuzzer="$(AUDIOGRAPH_FUZZ=1 $SWIFT build -c release --scratch-path .build-fuzz --show-bin-path)/audiograph-fuzz"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# New inputs go to a scratch corpus; the repo's corpus is only read. Foundation's own XML error leak is
# suppressed (Tests/fuzz/lsan-suppressions.txt says why).
LSAN_OPTIONS="suppressions=$PWD/Tests/fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" "$fuzzer" "$work" Tests/fuzz/corpus Tests/fuzz/regressions -max_total_time="$seconds" -timeout=5 \
  -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -artifact_prefix=Tests/fuzz/regressions/ 2>&1 \
  | grep -v "^#[0-9]" | tail -25
