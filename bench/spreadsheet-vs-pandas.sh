#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Reading a 1M-cell workbook (100,000 rows x 10 columns by default, written by openpyxl; an .ods copy by
# LibreOffice) into a table: `audiograph-bench read` against pandas.read_excel with openpyxl, in one run, plus
# `audiograph-cli describe --json` end to end.
#   bench/spreadsheet-vs-pandas.sh [ROWS]      (default 100000; any cwd)
# Env: RUNS (default 3).
set -euo pipefail
ROWS=${1:-100000}
RUNS=${RUNS:-3}
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
"$PY" -c 'import openpyxl' 2>/dev/null || "$PY" -m pip install --quiet --disable-pip-version-check "openpyxl==3.1.5"
XLSX=$OUT/workbook-$ROWS.xlsx
[ -s "$XLSX" ] || "$PY" "$BENCH/generate_workbook.py" "$ROWS" "$XLSX"
ODS=$OUT/workbook-$ROWS.ods
if [ ! -s "$ODS" ] && command -v soffice >/dev/null; then
  soffice -env:UserInstallation="file://$OUT/lo-profile" --headless --convert-to ods --outdir "$OUT" "$XLSX" \
    >"$OUT/soffice.log" 2>&1 || echo "soffice could not convert (see $OUT/soffice.log); no .ods row" >&2
fi

SCRATCH=$ROOT/.build-bench
for product in audiograph-bench audiograph-cli; do
  swift build -c release --product "$product" --package-path "$ROOT" --scratch-path "$SCRATCH" >"$OUT/swift-build.log" 2>&1
done
BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)

machine_facts
echo "pandas:  $("$PY" -c 'import pandas, openpyxl; print(pandas.__version__, "openpyxl", openpyxl.__version__)')"
echo "file:    $XLSX ($ROWS rows x 10 columns), runs per tool: $RUNS"
echo

RESULTS=$OUT/spreadsheet-results.txt
: >"$RESULTS"
CMDS=("audiograph read .xlsx|$BIN/audiograph-bench read $XLSX --repeat 1"
      "pandas+openpyxl .xlsx|$PY $BENCH/pandas_read_excel.py $XLSX"
      "audiograph describe .xlsx|$BIN/audiograph-cli describe --json $XLSX")
[ -s "$ODS" ] && CMDS+=("audiograph read .ods|$BIN/audiograph-bench read $ODS --repeat 1")
for entry in "${CMDS[@]}"; do
  tool=${entry%%|*} cmd=${entry#*|}
  for _ in $(seq "$RUNS"); do
    # shellcheck disable=SC2086  # cmd is a word list on purpose
    /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time.txt" $cmd >/dev/null
    echo "${tool// /_} $(cat "$OUT/time.txt")" >>"$RESULTS"
  done
done
print_table "$RESULTS" "$XLSX"
