# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # variables are used by the sourcing scripts
# Sourced by the bench/*.sh scripts: paths, a Python venv with pandas/numpy/scipy
# under bench/out/ (gitignored), GNU time, and the generated numeric CSV.
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$BENCH")
OUT=$BENCH/out
VENV=$OUT/venv
PY=$VENV/bin/python
mkdir -p "$OUT"
[ -x "$PY" ] || python3 -m venv "$VENV"
"$PY" -c 'import pandas, numpy, scipy' 2>/dev/null ||
  "$PY" -m pip install --quiet --disable-pip-version-check pandas numpy scipy
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }

# numeric_csv ROWS: prints the path of bench/out/numeric-ROWS.csv, generating it once.
numeric_csv() {
  local csv=$OUT/numeric-$1.csv
  [ -s "$csv" ] || "$PY" "$BENCH/generate_numeric_csv.py" "$1" "$csv"
  echo "$csv"
}

machine_facts() {
  echo "machine: $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min)"
  echo "swift:   $(swift --version 2>&1 | grep -m1 -i 'swift version')"
}

# TIME_FORMAT for /usr/bin/time -f: wall s, peak RSS KiB, user s, system s.
TIME_FORMAT='%e %M %U %S'

# print_table RESULTS FILE: RESULTS has lines "tool wall_s peak_kib user_s sys_s [note...]",
# one per run; prints per tool the median wall and CPU (user+sys) time and the largest
# peak RSS. CPU time suffers less than wall time from other work on the machine.
print_table() {
  python3 - "$1" "$(stat -c %s "$2")" <<'PY'
import statistics, sys
rows = [l.split(None, 5) for l in open(sys.argv[1]) if l.strip()]
size = int(sys.argv[2]) / 2**20
print(f"{'tool':<20}{'wall s':>7}{'cpu s':>7}{'peak RSS MiB':>14}{'file MiB':>10}{'RSS/file':>10}  note")
for tool in dict.fromkeys(r[0] for r in rows):
    mine = [r for r in rows if r[0] == tool]
    wall = statistics.median(float(r[1]) for r in mine)
    cpu = statistics.median(float(r[3]) + float(r[4]) for r in mine)
    rss = max(int(r[2]) for r in mine) / 1024
    note = mine[-1][5].strip() if len(mine[-1]) > 5 else ""
    print(f"{tool:<20}{wall:>7.2f}{cpu:>7.2f}{rss:>14.1f}{size:>10.1f}{rss / size:>10.1f}  {note}")
PY
}

# print_peer_table RESULTS FILE: as print_table, with each tool's wall time and peak RSS divided by the best
# peer's (the lowest of the tools other than audiograph-cli): below 1.00 is better than every peer.
print_peer_table() {
  python3 - "$1" "$(stat -c %s "$2")" <<'PY'
import statistics, sys
rows = [l.split(None, 5) for l in open(sys.argv[1]) if l.strip()]
size = int(sys.argv[2]) / 2**20
tools = {}
for tool in dict.fromkeys(r[0] for r in rows):
    mine = [r for r in rows if r[0] == tool]
    tools[tool] = (statistics.median(float(r[1]) for r in mine),
                   statistics.median(float(r[3]) + float(r[4]) for r in mine), max(int(r[2]) for r in mine) / 1024)
peers = [v for k, v in tools.items() if k != "audiograph-cli"]
best_wall = min(v[0] for v in peers) if peers else float("nan")
best_rss = min(v[2] for v in peers) if peers else float("nan")
print(f"{'tool':<16}{'wall s':>8}{'cpu s':>8}{'RSS MiB':>9}{'RSS/file':>9}{'wall/best':>10}{'RSS/best':>9}   file {size:.0f} MiB")
for tool, (wall, cpu, rss) in tools.items():
    print(f"{tool:<16}{wall:>8.2f}{cpu:>8.2f}{rss:>9.0f}{rss / size:>9.2f}{wall / best_wall:>10.2f}{rss / best_rss:>9.2f}")
PY
}
