#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Parse the generated ROWS x 4 numeric CSV into [Double] columns with SwiftCSV
# and CSV.swift (plus a minimal hand-written baseline), one process per package.
#   bench/csv-packages.sh [ROWS]      (default 1000000; any cwd; env RUNS, default 3)
set -euo pipefail
ROWS=${1:-1000000}
RUNS=${RUNS:-3}
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CSV=$(numeric_csv "$ROWS")

PKG=$BENCH/csv-packages
swift build -c release --package-path "$PKG" --scratch-path "$PKG/.build" >"$OUT/csv-packages-build.log" 2>&1 ||
  { cat "$OUT/csv-packages-build.log" >&2; exit 1; }
BIN=$(swift build -c release --package-path "$PKG" --scratch-path "$PKG/.build" --show-bin-path)/csv-package-bench

machine_facts
echo "file:    $CSV ($ROWS rows), runs per package: $RUNS"
echo

declare -A NOTE=(
  [baseline]="streams (1 MiB chunks); lower bound, no quoting"
  [csvswift]="streams (InputStream, 64 KiB)"
  [swiftcsv-enumerate]="whole file in a String, rows via callback"
  [swiftcsv]="whole file in a String + [[String]] rows"
)
RESULTS=$OUT/csv-packages-results.txt
: >"$RESULTS"
for pkg in baseline csvswift swiftcsv-enumerate swiftcsv; do
  for _ in $(seq "$RUNS"); do
    # Output: package rows columns seconds vmhwm_mib checksum (stderr: package notes).
    /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time.txt" "$BIN" --package "$pkg" "$CSV" \
      >"$OUT/run.txt" 2>>"$OUT/csv-packages-stderr.txt"
    read -r _ rows _ _ _ sum <"$OUT/run.txt"
    echo "$pkg $(cat "$OUT/time.txt") ${NOTE[$pkg]}; rows=$rows sum=$sum" >>"$RESULTS"
  done
done
print_table "$RESULTS" "$CSV"
sort -u "$OUT/csv-packages-stderr.txt" | sed 's/^/stderr: /'
rm -f "$OUT/csv-packages-stderr.txt"
