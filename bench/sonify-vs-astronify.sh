#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Speed of turning a series into a WAV file: astronify 0.11 (Python; pyo's offline server) vs
# `audiograph-cli render`, on the same generated POINTS-point x,y CSV; then runs
# `audiograph-bench sonify` (the core without CSV or process start-up) and prints its own numbers.
#   bench/sonify-vs-astronify.sh [POINTS]      (default 1000; any cwd)
# Env: RUNS (default 5), SKIP_SWIFT=1 to time only astronify.
# Installs astronify in bench/out/astronify-venv (system /usr/bin/python3) if it is missing.
set -euo pipefail
POINTS=${1:-1000}
RUNS=${RUNS:-5}
SYS_PY=${ASTRONIFY_PYTHON:-/usr/bin/python3}   # not the pyenv python3 that may be first on PATH

apt_install() {
  echo "setup:   apt-get install -y $*"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
# A fresh Debian 12 may have no python3, and its python3 has no venv (ensurepip) without python3-venv;
# common.sh needs both too.
[ -x "$SYS_PY" ] || apt_install python3 python3-venv
"$SYS_PY" -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv

# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# --- astronify 0.11 in its own venv ---------------------------------------------------------------
# pyo 1.1.0 (astronify's audio engine) has manylinux_2_28 wheels for x86_64 (CPython 3.11-3.14; none
# for 3.9 or aarch64) that bundle portaudio, portmidi, liblo, libsndfile, jack and alsa, so on
# Debian 12 x86_64 pip needs no apt packages. Without a matching wheel pip builds pyo from source
# (about 2 min on 2 cores), which needs the apt packages in PYO_BUILD_DEPS.
ASTRONIFY_VERSION=0.11
AVENV=$OUT/astronify-venv
APY=$AVENV/bin/python
PYO_BUILD_DEPS=(build-essential python3-dev portaudio19-dev libportmidi-dev liblo-dev libsndfile1-dev)

astronify_ok() {
  [ -x "$APY" ] && "$APY" -c "import astronify, pyo, sys; sys.exit(astronify.__version__ != '$ASTRONIFY_VERSION')" \
    >/dev/null 2>&1
}
if ! astronify_ok; then
  if [ ! -x "$APY" ]; then
    echo "setup:   $SYS_PY -m venv $AVENV"
    "$SYS_PY" -m venv "$AVENV"
    "$APY" -m pip install --quiet --disable-pip-version-check --upgrade pip
  fi
  echo "setup:   pip install astronify==$ASTRONIFY_VERSION (pyo as a binary wheel; log in $OUT/astronify-install.log)"
  if ! "$APY" -m pip install --disable-pip-version-check --only-binary pyo "astronify==$ASTRONIFY_VERSION" \
         >"$OUT/astronify-install.log" 2>&1; then
    echo "setup:   no usable pyo wheel; building pyo from source"
    apt_install "${PYO_BUILD_DEPS[@]}"
    "$APY" -m pip install --disable-pip-version-check "astronify==$ASTRONIFY_VERSION" \
      >>"$OUT/astronify-install.log" 2>&1 || { tail -20 "$OUT/astronify-install.log" >&2; exit 1; }
  fi
  astronify_ok || { echo "astronify $ASTRONIFY_VERSION does not import; see $OUT/astronify-install.log" >&2; exit 1; }
  echo "setup:   astronify venv ready ($(du -sh "$AVENV" | cut -f1))"
fi

# --- the series ---------------------------------------------------------------------------------
CSV=$OUT/series-$POINTS.csv
[ -s "$CSV" ] || "$APY" "$BENCH/generate_series_csv.py" "$POINTS" "$CSV"

# wav_seconds FILE: audio duration from the RIFF header (any sample format, incl. float).
wav_seconds() {
  "$APY" - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", "not a RIFF/WAVE file"
pos, byte_rate, size = 12, None, None
while pos + 8 <= len(data):
    cid, n = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])[0]
    if cid == b"fmt ":
        byte_rate = struct.unpack("<I", data[pos + 16:pos + 20])[0]
    elif cid == b"data":
        size = min(n, len(data) - pos - 8)
        break
    pos += 8 + n + (n & 1)
print(f"{size / byte_rate:.3f}")
PY
}

# run_timed CMD...: runs CMD under GNU time and leaves "wall_s peak_kib user_s sys_s" in $OUT/time.txt,
# the wall time taken from $EPOCHREALTIME (microseconds) rather than GNU time's 10 ms steps.
run_timed() {
  local start=${EPOCHREALTIME/,/.} end rc=0 kib user sys
  /usr/bin/time -f "$TIME_FORMAT" -o "$OUT/time.txt" "$@" || rc=$?
  end=${EPOCHREALTIME/,/.}
  read -r _ kib user sys < <(tail -n1 "$OUT/time.txt")
  awk -v s="$start" -v e="$end" -v rest="$kib $user $sys" 'BEGIN { printf "%.4f %s\n", e - s, rest }' >"$OUT/time.txt"
  return $rc
}

# --- the Swift side ------------------------------------------------------------------------------
BIN="" OURS="" BENCHBIN="" OURS_NOTE="" BENCH_NOTE=""
if [ "${SKIP_SWIFT:-0}" != 1 ]; then
  SCRATCH=$ROOT/.build-bench
  if swift build -c release --product audiograph-cli --package-path "$ROOT" \
       --scratch-path "$SCRATCH" >"$OUT/swift-build.log" 2>&1; then
    BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
    # `audiograph-cli nosuch --help` prints the top-level help and exits 0, so look at the usage line.
    if "$BIN/audiograph-cli" render --help 2>&1 | grep -q 'USAGE: audiograph-cli render'; then
      OURS=$BIN/audiograph-cli
    else
      OURS_NOTE="audiograph-cli has no 'render' subcommand yet; skipped"
    fi
  else
    OURS_NOTE="swift build of audiograph-cli failed (see $OUT/swift-build.log); skipped"
  fi
  if ! grep -q '"audiograph-bench"' "$ROOT/Package.swift"; then
    BENCH_NOTE="Package.swift has no audiograph-bench product yet; skipped"
  elif swift build -c release --product audiograph-bench --package-path "$ROOT" \
         --scratch-path "$SCRATCH" >"$OUT/swift-build-bench.log" 2>&1; then
    BENCHBIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/audiograph-bench
  else
    BENCH_NOTE="swift build of audiograph-bench failed (see $OUT/swift-build-bench.log); skipped"
  fi
else
  OURS_NOTE="SKIP_SWIFT=1" BENCH_NOTE="SKIP_SWIFT=1"
fi

machine_facts
echo "python:  $("$APY" -c 'import sys, astronify, pyo, numpy, astropy; print(sys.version.split()[0], "astronify", astronify.__version__, "pyo", ".".join(map(str, pyo.getVersion())), "numpy", numpy.__version__, "astropy", astropy.__version__)' 2>/dev/null | tail -1)"  # pyo prints a banner on stdout
echo "file:    $CSV ($POINTS points, y = trend + sine + noise + 3 spikes), runs per tool: $RUNS"
echo

RESULTS=$OUT/sonify-results.txt     # tool points audio_s render_s wall_s peak_kib user_s sys_s
RUNS_JSON=$OUT/astronify-runs.jsonl  # one line per astronify run, from astronify_sonify.py
: >"$RESULTS"
: >"$RUNS_JSON"

# --- astronify: one process per run, so import time and peak RSS are those of a real user's run ---
AWAV=$OUT/astronify-$POINTS.wav
for _ in $(seq "$RUNS"); do
  rm -f "$AWAV"
  run_timed "$APY" "$BENCH/astronify_sonify.py" "$CSV" "$AWAV" \
    >"$OUT/astronify-last.json" 2>"$OUT/astronify-stderr.log" ||
    { echo "astronify run failed; see $OUT/astronify-stderr.log" >&2; tail -5 "$OUT/astronify-stderr.log" >&2; exit 1; }
  cat "$OUT/astronify-last.json" >>"$RUNS_JSON"
  read -r wall kib user sys <"$OUT/time.txt"
  "$APY" - "$OUT/astronify-last.json" "$wall $kib $user $sys" >>"$RESULTS" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("astronify-write", r["points"], r["audio_s"], r["write_s"], sys.argv[2])
print("astronify-process", r["points"], r["audio_s"], sys.argv[2].split()[0], sys.argv[2])
PY
done
echo "astronify $ASTRONIFY_VERSION, median of $RUNS processes (SoniSeries defaults; WAV $AWAV):"
"$APY" - "$RUNS_JSON" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
med = lambda k: statistics.median(r[k] for r in runs)
rng = lambda k: f"{min(r[k] for r in runs):.4f}-{max(r[k] for r in runs):.4f}"
for key, what in [("import_s", "import numpy, astropy.table, pyo, astronify"),
                  ("read_csv_s", "astropy Table.read(csv)"),
                  ("init_s", "SoniSeries(table) (creates a pyo Server)"),
                  ("sonify_s", "sonify(): pitch and onset per point (the score)"),
                  ("write_s", "write(wav): boot offline pyo server, render, write"),
                  ("total_s", "all of the above, inside Python")]:
    print(f"  {key:<11}{med(key):>9.4f} s  (range {rng(key)})  {what}")
r = runs[-1]
print(f"  audio      {r['audio_s']:>9.3f} s  {r['sample_rate']} Hz, {r['channels']} ch, {r['bits']}-bit, "
      f"{r['wav_bytes'] / 2**20:.2f} MiB")
print(f"  real-time factor of write(): {r['audio_s'] / med('write_s'):.1f}x  "
      f"(audio s / render s; end to end in Python: {r['audio_s'] / med('total_s'):.1f}x)")
print(f"  settings: note_duration {r['note_duration_s']} s, note_spacing {r['note_spacing_s']} s per median "
      f"x step, gain {r['gain']}, last onset {r['last_onset_s']:.2f} s")
print(f"  pitch: min {r['pitch_min_hz']:.0f} Hz, median {r['pitch_median_hz']:.0f} Hz, "
      f"max {r['pitch_max_hz']:.0f} Hz; map args {r['pitch_map_args']}")
PY
echo

# --- ours: audiograph-cli render, end to end (process start, CSV, score, synthesis, WAV) ----------
OWAV=$OUT/ours-$POINTS.wav
if [ -n "$OURS" ]; then
  for _ in $(seq "$RUNS"); do
    rm -f "$OWAV"  # time writing a new file, whatever render does with an existing one
    if run_timed "$OURS" render "$CSV" -o "$OWAV" \
         >"$OUT/ours-stdout.txt" 2>"$OUT/ours-stderr.txt"; then
      read -r wall kib user sys <"$OUT/time.txt"
      echo "audiograph-cli $POINTS $(wav_seconds "$OWAV") $wall $wall $kib $user $sys" >>"$RESULTS"
    else
      echo "audiograph-cli render failed (exit $?); see $OUT/ours-stderr.txt" >&2
      OURS_NOTE="render failed: $(head -c 200 "$OUT/ours-stderr.txt")"
      break
    fi
  done
  if [ -s "$OWAV" ] && [ -z "$OURS_NOTE" ]; then
    echo "audiograph-cli render: $OWAV, $(wav_seconds "$OWAV") s of audio"
    if command -v sox >/dev/null; then sox --i "$OWAV" | grep -E 'Channels|Sample Rate|Precision|Duration' | sed 's/^/  /'; fi
  fi
else
  echo "audiograph-cli render: $OURS_NOTE"
fi
echo

# --- ours: audiograph-bench sonify (in-process; prints its own numbers) ---------------------------
BENCH_ARGS=(sonify --points 1000000 --duration 10 --repeat 5)
if [ -n "$BENCHBIN" ]; then
  echo "audiograph-bench ${BENCH_ARGS[*]}:"
  if run_timed "$BENCHBIN" "${BENCH_ARGS[@]}" \
       >"$OUT/audiograph-bench.txt" 2>&1; then
    sed 's/^/  /' "$OUT/audiograph-bench.txt"
    read -r wall kib user sys <"$OUT/time.txt"
    echo "  (process: wall $wall s for all repeats, peak RSS $((kib / 1024)) MiB)"
    echo "audiograph-bench 1000000 10 - $wall $kib $user $sys" >>"$RESULTS"
  else
    echo "  failed (exit $?):"; sed 's/^/  /' "$OUT/audiograph-bench.txt"
  fi
else
  echo "audiograph-bench ${BENCH_ARGS[*]}: $BENCH_NOTE"
fi
echo

# --- summary -------------------------------------------------------------------------------------
"$APY" - "$RESULTS" "$OUT/audiograph-bench.txt" <<'PY'
import os, re, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
label = {
    "astronify-write": ("astronify write()", "render only: offline pyo server + WAV"),
    "astronify-process": ("astronify process", "python start, imports, CSV, score, render, WAV"),
    "audiograph-cli": ("audiograph-cli render", "process: CSV, score, synthesis, WAV"),
    "audiograph-bench": ("audiograph-bench sonify", "in-process, no CSV: its total_ms, or render_ms + wav_encode_ms"),
}
print(f"{'tool':<25}{'points':>9}{'audio s':>9}{'render s':>10}{'x real time':>13}{'cpu s':>7}{'peak RSS MiB':>14}  note")
for tool in dict.fromkeys(r[0] for r in rows):
    mine = [r for r in rows if r[0] == tool]
    points, audio = mine[0][1], float(mine[0][2])
    rss = max(int(r[5]) for r in mine) / 1024
    if tool == "audiograph-bench":
        text = open(sys.argv[2]).read() if os.path.exists(sys.argv[2]) else ""
        # key=value output: total_ms, else render_ms (score + synthesis) + wav_encode_ms, to compare with
        # astronify's write(); else prose such as "total: N ms".
        kv = {k: float(v) for k, v in re.findall(r"\b(\w+)=([0-9]+(?:\.[0-9]+)?)\b", text)}
        audio = kv.get("audio_seconds", audio)
        if "total_ms" in kv:
            render = kv["total_ms"] / 1000
        elif "render_ms" in kv:
            render = (kv["render_ms"] + kv.get("wav_encode_ms", 0)) / 1000
        else:
            m = re.search(r"total[^\n0-9]*([0-9][0-9.,]*)\s*ms", text, re.I)
            render = float(m.group(1).replace(",", "")) / 1000 if m else None
    else:
        render = statistics.median(float(r[3]) for r in mine)
    # CPU (user + sys) suffers less than wall time from other work; it is per process, so not for write().
    cpu = "-" if tool == "astronify-write" else f"{statistics.median(float(r[6]) + float(r[7]) for r in mine):.2f}"
    name, note = label.get(tool, (tool, ""))
    r_s = f"{render:.4f}" if render else "see above"
    x = f"{audio / render:.1f}" if render else "-"
    print(f"{name:<25}{points:>9}{audio:>9.2f}{r_s:>10}{x:>13}{cpu:>7}{rss:>14.1f}  {note}")
PY
[ -n "$OURS" ] || echo "(audiograph-cli render: $OURS_NOTE)"
[ -n "$BENCHBIN" ] || echo "(audiograph-bench: $BENCH_NOTE)"
