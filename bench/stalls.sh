#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The viewer's main-loop stalls (issue 16): builds the viewer in release mode in .build-bench, makes a
# ROWS-row series (default ten million, ~150 MB) and runs bench/stalls.py on it under a virtual X display:
# the longest gap of the main loop in each scenario (open, keys while loading and analysing, Space on a
# device whose open blocks, Ctrl+E, closing during each); then bench/chart_appears.py: the moment that chart
# and a 5M-point scatter plot appear, with the accessibility bridge on and an AT-SPI client asking the
# viewer every 5 ms (as under Orca). Goal: no stall over 50 ms.
#   bench/stalls.sh [ROWS]            (any cwd; needs xvfb-run, xdotool, dbus-run-session and python3-pyatspi)
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
SCATTER=$OUT/scatter-5000000.csv
[ -s "$SCATTER" ] || "$PY" "$BENCH/generate_table_csv.py" scatter 5000000 "$SCATTER"
echo
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$ROOT/Tests/gui/atspi-bus.sh" \
  /usr/bin/python3 "$BENCH/chart_appears.py" --binary "$BIN" "$SERIES" "$SCATTER" 2> >(grep -v "^dbus-daemon\|SpiRegistry\|^$\|GetItems" >&2)
