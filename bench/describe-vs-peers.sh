#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `audiograph-cli describe --json` against DuckDB and polars (issue 20) in one run: each computes count, min,
# max, mean, median and sample standard deviation of every series (bench/peers_describe.py; start-up and
# imports included for all), on five tables generated once under bench/out/:
#   1M rows x 4 columns, 10M x 2, 10M x 8, a 2M-row long table (time, text series, value) and a 2M-row table with
#   a different name on every row (x, name, value: text that no dictionary of categories shortens).
# Prints per file the median wall and CPU time and the peak RSS of RUNS runs (default 3), and ratios
# against the best peer (the faster, and the leaner, of DuckDB and polars).
#   bench/describe-vs-peers.sh            (any cwd; FILES="1m4 10m2" runs only those)
set -euo pipefail
RUNS=${RUNS:-3}
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
"$PY" -c 'import duckdb, polars' 2>/dev/null ||
  "$PY" -m pip install --quiet --disable-pip-version-check duckdb polars

SCRATCH=$ROOT/.build-bench
swift build -c release --product audiograph-cli --package-path "$ROOT" --scratch-path "$SCRATCH" >"$OUT/swift-build.log" 2>&1
BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/audiograph-cli

# table NAME: prints the path of the named benchmark table, generating it once.
table() {
  case $1 in
    1m4) numeric_csv 1000000 ;;
    10m2) local f=$OUT/series-10000000.csv; [ -s "$f" ] || "$PY" "$BENCH/generate_series_csv.py" 10000000 "$f"; echo "$f" ;;
    10m8) local f=$OUT/wide-10000000x8.csv; [ -s "$f" ] || "$PY" "$BENCH/generate_table_csv.py" wide 10000000 8 "$f"; echo "$f" ;;
    2mlong) local f=$OUT/long-2000000.csv; [ -s "$f" ] || "$PY" "$BENCH/generate_table_csv.py" long 2000000 "$f"; echo "$f" ;;
    2mtext) local f=$OUT/text-2000000.csv; [ -s "$f" ] || "$PY" "$BENCH/generate_table_csv.py" text 2000000 "$f"; echo "$f" ;;
  esac
}

machine_facts
echo "peers:   $("$PY" -c 'import duckdb, polars; print("DuckDB", duckdb.__version__, "polars", polars.__version__)') (Python $("$PY" -c 'import platform; print(platform.python_version())'))"
echo "runs per tool and file: $RUNS"
for name in ${FILES:-1m4 10m2 10m8 2mlong 2mtext}; do
  csv=$(table "$name")
  by=()
  [ "$name" = 2mlong ] && by=(--by series)
  results=$OUT/peers-$name.txt
  : >"$results"
  for tool in audiograph-cli duckdb polars; do
    for _ in $(seq "$RUNS"); do
      if [ "$tool" = audiograph-cli ]; then cmd=("$BIN" describe --json "$csv"); else cmd=("$PY" "$BENCH/peers_describe.py" "$tool" "$csv" "${by[@]}"); fi
      if /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time.txt" "${cmd[@]}" >"$OUT/peers-$name-$tool.json"; then
        echo "$tool $(cat "$OUT/time.txt")" >>"$results"
      else
        echo "$tool failed on $name (exit $?)" >&2
      fi
    done
  done
  echo
  echo "== $name: $(basename "$csv")"
  print_peer_table "$results" "$csv"
done
