#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make test`: every test, in lanes that run side by side, so two cores are kept busy while the GUI suites
# wait on Orca, the AT-SPI bus and the sound sinks.
#
# First, in order: the message catalog's checks and one build of every product and test target. Then the
# lanes, each with its own log, printed whole when the lane ends ("== lane NAME"), with a summary at the end:
#   checks   the unit tests and the chart guess on ~2,300 public tables (CPU-bound: run under `nice`, so the
#            GUI lanes' apps and Orca come first)
#   orca     Tests/gui/a11y_tests.py (Orca, AT-SPI, sound), then the unit tests under ThreadSanitizer (nice)
#   views    the drawing, chart kinds, exploring, real tables and workbooks suites
#   desktop  install/open/uninstall/.deb, the Wayland suites (headless sway, then GNOME Shell), large text and zoom
# Each GUI lane has its own X display or Wayland compositor, D-Bus session and AT-SPI bus, and (as root)
# its own process namespace: Orca allows one Orca per user and `orca --replace` kills any other it can see.
# Without root the GUI suites run one after another in one lane.
#   scripts/run-tests.sh            (what `make test` runs)
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
export SWIFT
started=$(date +%s)
scripts/timed.sh catalog Tests/l10n/check-catalog.sh || exit 1
scripts/timed.sh build $SWIFT build --build-tests || exit 1
AUDIOGRAPH_BIN="$($SWIFT build --show-bin-path)/audiograph"
AUDIOGRAPH_TESTS="$($SWIFT build --show-bin-path)/AudiographPackageTests.xctest"
export AUDIOGRAPH_BIN AUDIOGRAPH_TESTS
out_base=${GUI_TEST_OUT:-$(mktemp -d /tmp/audiograph-gui.XXXXXX)}
logs=$(mktemp -d /tmp/audiograph-lanes.XXXXXX)
echo "lanes' logs in $logs; screenshots and app logs in $out_base/LANE"

# One process namespace per GUI lane (root only), so each Orca sees only its own lane.
private=()
if unshare -p -f --mount-proc --kill-child true 2>/dev/null; then
  private=(unshare -p -f --mount-proc --kill-child)
fi

declare -A lane_pid
trap 'kill "${lane_pid[@]}" 2>/dev/null; exit 130' INT TERM
lane() {  # lane NAME COMMAND...: runs in the background, its output in $logs/NAME.log, at most 40 minutes
  local name=$1
  shift
  mkdir -p "$out_base/$name"
  GUI_TEST_OUT="$out_base/$name" timeout --kill-after=30 2400 "$@" >"$logs/$name.log" 2>&1 &
  lane_pid[$name]=$!
}

checks() {
  # The test bundle itself, not `swift test --skip-build`, which holds the build folder's lock for the whole
  # run and so stalls the desktop lane's own builds (`make run`, `make install`) for as long.
  scripts/timed.sh unit "$AUDIOGRAPH_TESTS" || return 1
  scripts/timed.sh corpus Tests/corpus/run-corpus-checks.sh
}
sanitizers() { nice -n 15 scripts/timed.sh sanitizers Tests/sanitizers/run-sanitizers.sh thread; }
then_also() {  # then_also COMMAND...: the GUI suites named, then the CPU-bound COMMAND; fails if either did
  local suites=$1 status=0
  shift
  # shellcheck disable=SC2086
  Tests/gui/run-gui-tests.sh $suites || status=1
  "$@" || status=1
  return $status
}
export -f checks sanitizers then_also
lane checks nice -n 15 bash -c checks
if [ ${#private[@]} -gt 0 ]; then
  # ThreadSanitizer follows the Orca suite rather than the unit tests and the corpus, so the four lanes end
  # close together (measured: the checks lane alone took 1,056 s, the others 600-670 s). Fuzzing is not
  # here since issue 33 (`make fuzz`, docs/testing.md).
  lane orca "${private[@]}" bash -c 'then_also a11y_tests sanitizers'
  lane views "${private[@]}" Tests/gui/run-gui-tests.sh gui_tests chart_kinds_tests exploring_tests \
    real_tables_tests spreadsheet_tests clipboard_tests search_tests
  lane desktop "${private[@]}" Tests/gui/run-gui-tests.sh desktop_tests wayland_tests gnome_tests seeing_tests
else
  lane gui bash -c 'then_also "" sanitizers'
fi

failed_lines() {  # failed_lines NAME LOG: the log's failures and errors, prefixed with the lane's name
  grep -E "^  FAIL |Traceback|Error:|error:|Fatal|failed|Killed|timed out" "$2" 2>/dev/null | grep -v "^warning" \
    | tail -n 30 | sed "s/^/[$1] /"
}

# Each lane's log as it ends; then the summary.
status=0
summary=()
remaining=("${!lane_pid[@]}")
while [ ${#remaining[@]} -gt 0 ]; do
  wait -n "${lane_pid[@]}" 2>/dev/null || true
  still=()
  for name in "${remaining[@]}"; do
    if kill -0 "${lane_pid[$name]}" 2>/dev/null; then
      still+=("$name")
      continue
    fi
    wait "${lane_pid[$name]}"
    code=$?
    echo
    echo "== lane $name (exit $code, $(( $(date +%s) - started )) s since the start)"
    cat "$logs/$name.log"
    summary+=("lane $name: exit $code at $(( $(date +%s) - started )) s")
    [ $code = 0 ] || status=1
  done
  remaining=("${still[@]}")
done
echo
printf '%s\n' "${summary[@]}"
# What failed, again at the very end: CI shows only the tail of a long log.
for name in "${!lane_pid[@]}"; do
  failed_lines "$name" "$logs/$name.log"
done | tee "$logs/failures"
[ -n "${FAILURES_FILE:-}" ] && cp "$logs/failures" "$FAILURES_FILE"
echo "[time] test: $(( $(date +%s) - started )) s"
exit $status
