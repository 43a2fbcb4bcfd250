#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make test-repeat SUITE=a11y_tests N=5`: runs one GUI suite N times in a row, each run in its own X display
# (or Wayland compositor), D-Bus session and AT-SPI bus, and as root in its own process namespace, and prints
# each run's result and time, then how many failed. With LOAD=release a release build of the package runs
# beside the runs, again and again from a clean copy, so the suite meets a busy machine as it does in CI.
# Each run's log is kept in $OUT/run-N.log (OUT: a fresh folder under /tmp, printed at the start).
#   scripts/test-repeat.sh SUITE [N]
set -uo pipefail
cd "$(dirname "$0")/.."
suite=${1:?name a suite of Tests/gui, for example a11y_tests}
runs=${2:-5}
SWIFT=${SWIFT:-swift}
[ -f "Tests/gui/$suite.py" ] || { echo "test-repeat: no suite Tests/gui/$suite.py" >&2; exit 2; }
# The suites run the viewer and, beside it, audiograph-cli (what it prints is what the viewer must say).
$SWIFT build --product audiograph >/dev/null && $SWIFT build --product audiograph-cli >/dev/null || exit 1
AUDIOGRAPH_BIN="$($SWIFT build --show-bin-path)/audiograph"
export AUDIOGRAPH_BIN
out=${OUT:-$(mktemp -d /tmp/audiograph-repeat.XXXXXX)}
mkdir -p "$out"
echo "test-repeat: $suite $runs times; logs in $out"

private=()
if unshare -p -f --mount-proc --kill-child true 2>/dev/null; then
  private=(unshare -p -f --mount-proc --kill-child)
fi

load_pid=
if [ "${LOAD:-}" = release ]; then
  # A copy of the tree built in release mode from clean, over and over, at normal priority: harder on the
  # suite than CI, where the CPU-bound lane runs under nice.
  copy=$(mktemp -d /tmp/audiograph-load.XXXXXX)
  git ls-files -z | xargs -0 cp --parents -t "$copy"
  setsid bash -c 'cd "$1" && while true; do rm -rf .build/x86_64-unknown-linux-gnu/release
      "$2" build -c release >/dev/null 2>&1; done' _ "$copy" "$SWIFT" &
  load_pid=$!
  trap 'kill -- -"$load_pid" 2>/dev/null; rm -rf "$copy"' EXIT
  echo "test-repeat: a release build runs beside the runs (in $copy)"
fi

failed=0
for n in $(seq 1 "$runs"); do
  started=$(date +%s)
  GUI_TEST_OUT="$out/run-$n" "${private[@]}" Tests/gui/run-gui-tests.sh "$suite" >"$out/run-$n.log" 2>&1
  code=$?
  took=$(( $(date +%s) - started ))
  if [ $code = 0 ]; then
    echo "run $n: passed ($took s)"
  else
    failed=$(( failed + 1 ))
    echo "run $n: FAILED ($took s)"
    grep "^  FAIL \|Traceback" "$out/run-$n.log" | head -n 10 | sed 's/^/    /'
  fi
done
echo "test-repeat: $suite failed $failed of $runs runs"
[ $failed = 0 ]
