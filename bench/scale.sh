#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# How time and memory grow with the file: 10 thousand to 100 million rows of one series, x and y (the 100M
# file is about 1.6 GB; bench/generate_series_csv.py). For each size: `audiograph-cli describe` and `render`
# (wall s, peak RSS) and the viewer (cold start to the first drawn chart, peak RSS, scrub and redraw over 20
# presses).
#   bench/scale.sh [ROWS ...]      (default 10000 100000 1000000 10000000 100000000; any cwd; needs xvfb-run)
# Writes bench/out/scale.jsonl and docs/performance-scale.svg (matplotlib, installed in the bench venv).
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(10000 100000 1000000 10000000 100000000)
SCRATCH=$ROOT/.build-bench
swift build -c release --product audiograph-cli --package-path "$ROOT" --scratch-path "$SCRATCH" >"$OUT/swift-build.log" 2>&1
swift build -c release --product audiograph --package-path "$ROOT" --scratch-path "$SCRATCH" >>"$OUT/swift-build.log" 2>&1
BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)

machine_facts
echo
RESULTS=$OUT/scale.jsonl
: >"$RESULTS"
for rows in "${SIZES[@]}"; do
  csv=$OUT/series-$rows.csv
  [ -s "$csv" ] || "$PY" "$BENCH/generate_series_csv.py" "$rows" "$csv"
  /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time-describe.txt" "$BIN/audiograph-cli" describe "$csv" >/dev/null
  /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time-render.txt" "$BIN/audiograph-cli" render "$csv" -o "$OUT/scale.wav" >/dev/null
  xvfb-run -a -s "-screen 0 1280x800x24" python3 "$BENCH/gui_timing.py" "$csv" --presses 20 \
    --binary "$BIN/audiograph" --json "$OUT/scale-gui.json" >/dev/null
  python3 - "$rows" "$csv" "$OUT/time-describe.txt" "$OUT/time-render.txt" "$OUT/scale-gui.json" >>"$RESULTS" <<'PY'
import json, os, sys
rows, csv, describe, render, gui = sys.argv[1:]
d = open(describe).read().split(); r = open(render).read().split(); g = json.load(open(gui))
print(json.dumps({"rows": int(rows), "file_mib": round(os.path.getsize(csv) / 2**20, 1),
                  "describe_s": float(d[0]), "describe_rss_mib": round(int(d[1]) / 1024, 1),
                  "render_s": float(r[0]), "render_rss_mib": round(int(r[1]) / 1024, 1),
                  "gui_first_chart_s": g["cold_start_s"], "gui_rss_first_chart_mib": g["peak_rss_mib"],
                  "gui_rss_mib": g["peak_rss_end_mib"],
                  "scrub_ms_median": g["scrub_ms_median"], "redraw_ms_median": g["redraw_ms_median"]}))
PY
  tail -1 "$RESULTS"
done
python3 - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print()
print("| rows | file MiB | describe s | describe RSS MiB | describe RSS / file | render s | render RSS MiB | viewer first chart s | viewer RSS MiB at first chart, at end | viewer RSS / file | scrub ms | redraw ms |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['rows']:,} | {r['file_mib']} | {r['describe_s']} | {r['describe_rss_mib']} | "
          f"{r['describe_rss_mib'] / r['file_mib']:.2f} | {r['render_s']} | "
          f"{r['render_rss_mib']} | {r['gui_first_chart_s']} | {r['gui_rss_first_chart_mib']}, {r['gui_rss_mib']} | "
          f"{r['gui_rss_mib'] / r['file_mib']:.2f} | "
          f"{r['scrub_ms_median']} | {r['redraw_ms_median']} |")
PY
"$PY" -c 'import matplotlib' 2>/dev/null || "$PY" -m pip install --quiet --disable-pip-version-check matplotlib || true
if "$PY" -c 'import matplotlib' 2>/dev/null; then
  "$PY" "$BENCH/plot_scale.py" "$RESULTS" "$ROOT/docs/performance-scale.svg"
  echo "plot: docs/performance-scale.svg"
fi
