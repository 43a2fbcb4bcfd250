#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The viewer's main-loop stalls (issue 16): builds the viewer in release mode in .build-bench, makes a
# ROWS-row series (default ten million, ~150 MB) and runs bench/stalls.py on it under a virtual X display:
# the longest gap of the main loop in each scenario (open, keys while loading and analysing, Space on a
# device whose open blocks, Ctrl+E, closing during each). Goal: no stall over 50 ms.
#   bench/stalls.sh [ROWS]            (any cwd; needs xvfb-run and xdotool)
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ROWS=${1:-10000000}
SCRATCH=$ROOT/.build-bench
swift build -c release --product audiograph --package-path "$ROOT" --scratch-path "$SCRATCH" >"$OUT/swift-build-gui.log" 2>&1
BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/audiograph
SERIES=$OUT/series-$ROWS.csv
[ -s "$SERIES" ] || "$PY" "$BENCH/generate_series_csv.py" "$ROWS" "$SERIES"
machine_facts
echo "viewer:  $BIN (release), file: $(basename "$SERIES") ($(( $(stat -c %s "$SERIES") / 1048576 )) MiB)"
echo
xvfb-run -a -s "-screen 0 1280x800x24" python3 "$BENCH/stalls.py" "$SERIES" --binary "$BIN" --json "$OUT/stalls.json"
