#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Reading JSON (issue 32): Audiograph's streaming reader (`audiograph-bench read FILE.json`: JSONStreamParser,
# then the CSV reader) against Foundation's JSONSerialization (`audiograph-bench read-json-foundation`: the
# whole file, then columns) and pandas, polars and DuckDB (bench/json_peers.py), in one run, on an array of a
# million records of four numbers (bench/out/numeric-1000000.json, written once by pandas from the numeric
# CSV with orient="records"). Prints the median wall and CPU time and the peak RSS of RUNS runs (default 3).
# SHAPE=columns (pandas' default, `{"x": {"0": 0, …}, …}`), lists (`{"x": [0, …], …}`, jsonlite's columns) or
# split (pandas `split`) writes the same table in that shape; polars and DuckDB read only records as a table,
# and are left out of the others.
#   bench/json-vs-peers.sh [ROWS]       (TOOLS="audiograph duckdb" runs some)
set -euo pipefail
RUNS=${RUNS:-3}
ROWS=${1:-1000000}
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
"$PY" -c 'import duckdb, polars' 2>/dev/null ||
  "$PY" -m pip install --quiet --disable-pip-version-check duckdb polars

SCRATCH=$ROOT/.build-bench
swift build -c release --product audiograph-bench --package-path "$ROOT" --scratch-path "$SCRATCH" >"$OUT/swift-build.log" 2>&1
BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/audiograph-bench

csv=$(numeric_csv "$ROWS")
SHAPE=${SHAPE:-records}
case $SHAPE in
  records) json=$OUT/numeric-$ROWS.json ;;
  columns|lists|split) json=$OUT/numeric-$ROWS-$SHAPE.json ;;
  *) echo "json-vs-peers.sh: SHAPE is records, columns, lists or split" >&2; exit 2 ;;
esac
[ -s "$json" ] || "$PY" - "$csv" "$json" "$SHAPE" <<'PY'
import json, sys
import pandas
frame = pandas.read_csv(sys.argv[1])
if sys.argv[3] == "lists":
    with open(sys.argv[2], "w") as out:
        json.dump(frame.to_dict(orient="list"), out)
else:
    frame.to_json(sys.argv[2], orient=sys.argv[3])
PY
default_tools="audiograph foundation pandas polars duckdb"
[ "$SHAPE" = records ] || default_tools="audiograph pandas"  # Foundation's stand-in reads records only

machine_facts
echo "peers:   $("$PY" -c 'import duckdb, polars, pandas; print("pandas", pandas.__version__, "polars", polars.__version__, "DuckDB", duckdb.__version__)')"
results=$OUT/json-peers.txt
: >"$results"
for tool in ${TOOLS:-$default_tools}; do
  for _ in $(seq "$RUNS"); do
    case $tool in
      audiograph) cmd=("$BIN" read "$json" --repeat 1) ;;
      foundation) cmd=("$BIN" read-json-foundation "$json" --repeat 1) ;;
      *) cmd=("$PY" "$BENCH/json_peers.py" "$tool" "$json" "$SHAPE") ;;
    esac
    if /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time.txt" "${cmd[@]}" >"$OUT/json-$tool.txt"; then
      echo "$tool $(cat "$OUT/time.txt")" >>"$results"
    else
      echo "$tool failed (exit $?)" >&2
    fi
  done
done
echo
echo "== $(basename "$json")"
print_table "$results" "$json"
