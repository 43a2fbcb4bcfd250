#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The viewer's own numbers, on a virtual display: cold start to the first drawn chart (births.csv, and a
# 1,000,000-row series), scrub latency (a Right key press to its tone's first frames written to ALSA;
# median and p95 over PRESSES presses, default 50) and redraw time at 1,000,000 points.
#   bench/gui-timing.sh            (any cwd; needs xvfb-run and xdotool)
# Goals (issue 7): scrub ≤ 20 ms, redraw ≤ 8 ms. Builds the viewer in release mode in .build-bench.
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
PRESSES=${PRESSES:-50}
SCRATCH=$ROOT/.build-bench
swift build -c release --product audiograph --package-path "$ROOT" --scratch-path "$SCRATCH" >"$OUT/swift-build-gui.log" 2>&1
BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/audiograph
SERIES=$OUT/series-1000000.csv
[ -s "$SERIES" ] || "$PY" "$BENCH/generate_series_csv.py" 1000000 "$SERIES"

machine_facts
echo "viewer:  $BIN (release), presses: $PRESSES"
echo
printf '%-22s %10s %10s %12s %12s %12s %12s\n' file "start s" "RSS MiB" "scrub ms" "scrub p95" "redraw ms" "redraw p95"
for csv in "$ROOT/data/births.csv" "$SERIES"; do
  json=$OUT/gui-$(basename "$csv" .csv).json
  xvfb-run -a -s "-screen 0 1280x800x24" python3 "$BENCH/gui_timing.py" "$csv" --presses "$PRESSES" \
    --binary "$BIN" --json "$json" >/dev/null
  python3 - "$json" <<'PY'
import json, os, sys
r = json.load(open(sys.argv[1]))
print(f"{os.path.basename(r['file']):<22} {r['cold_start_s']:>10.2f} {r['peak_rss_mib']:>10.1f} "
      f"{r['scrub_ms_median']:>12.2f} {r['scrub_ms_p95']:>12.2f} {r['redraw_ms_median']:>12.2f} {r['redraw_ms_p95']:>12.2f}")
PY
done
