#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# End-to-end speed and memory of `audiograph-cli describe --json` vs a pandas
# implementation of the same statistics, on a generated ROWS x 4 numeric CSV.
#   bench/describe-vs-pandas.sh [ROWS]      (default 1000000; any cwd)
# Env: RUNS (default 3), SKIP_SWIFT=1 to time only pandas.
set -euo pipefail
ROWS=${1:-1000000}
RUNS=${RUNS:-3}
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CSV=$(numeric_csv "$ROWS")

CMDS=()
if [ "${SKIP_SWIFT:-0}" != 1 ]; then
  SCRATCH=$ROOT/.build-bench
  if swift build -c release --product audiograph-cli --package-path "$ROOT" \
       --scratch-path "$SCRATCH" >"$OUT/swift-build.log" 2>&1; then
    BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
    CMDS+=("audiograph-cli|$BIN/audiograph-cli describe --json $CSV")
  else
    echo "swift build failed (see $OUT/swift-build.log); timing pandas only" >&2
  fi
fi
CMDS+=("pandas|$PY $BENCH/pandas_describe.py $CSV")

machine_facts
echo "pandas:  $("$PY" -c 'import pandas, numpy, scipy; print(pandas.__version__, "numpy", numpy.__version__, "scipy", scipy.__version__)')"
echo "file:    $CSV ($ROWS rows), runs per tool: $RUNS"
echo

RESULTS=$OUT/describe-results.txt
: >"$RESULTS"
for entry in "${CMDS[@]}"; do
  tool=${entry%%|*} cmd=${entry#*|}
  for _ in $(seq "$RUNS"); do
    # shellcheck disable=SC2086  # cmd is a word list on purpose
    if /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time.txt" $cmd >"$OUT/describe-$tool.json"; then
      echo "$tool $(cat "$OUT/time.txt")" >>"$RESULTS"
    else
      echo "$tool failed (exit $?), output in $OUT/describe-$tool.json" >&2
    fi
  done
done

print_table "$RESULTS" "$CSV"
