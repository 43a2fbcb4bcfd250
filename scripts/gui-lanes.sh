#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The viewer's build, then groups of GUI suites side by side, one lane each (scripts/lanes.sh): what the
# Debian 13 root runs in CI (`make test-debian13-lane`). Lanes are separated by commas:
#   scripts/gui-lanes.sh "a11y_tests real_tables_tests, gui_tests seeing_tests, wayland_tests gnome_tests"
# A lane named "sanitizers" alone runs the unit tests under ThreadSanitizer instead (niced), as CI does.
# Each lane has its own X display or compositor, D-Bus session and AT-SPI bus (Tests/gui/run-gui-tests.sh)
# and, as root, its own process namespace. BUILD_NICE runs the build under nice (CI: the Debian 12 lanes'
# GUI tests run beside it).
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
export SWIFT
[ $# = 1 ] || { echo "usage: scripts/gui-lanes.sh \"SUITE SUITE, SUITE ...\"" >&2; exit 64; }
source scripts/lanes.sh
# shellcheck disable=SC2086
scripts/timed.sh build ${BUILD_NICE:-} $SWIFT build || exit 1
AUDIOGRAPH_BIN="$($SWIFT build --show-bin-path)/audiograph"
export AUDIOGRAPH_BIN
lanes_start
IFS=, read -r -a groups <<<"$1"
for suites in "${groups[@]}"; do
  read -r -a names <<<"$suites"
  [ ${#names[@]} -gt 0 ] || continue
  if [ "${names[*]}" = sanitizers ]; then
    # Not a GUI suite: the unit tests under ThreadSanitizer (CI runs them here, in this root's slack), at the
    # lowest priority: Debian 12's unit tests (nice 15) end the run, and shared the cores equally with these.
    lane sanitizers nice -n 19 scripts/timed.sh sanitizers Tests/sanitizers/run-sanitizers.sh thread
    continue
  fi
  # Named after its first suite, without "_tests": "a11y", "gui", "desktop".
  lane "${names[0]%_tests}" "${lanes_private[@]}" Tests/gui/run-gui-tests.sh "${names[@]}"
done
status=0
lanes_wait || status=1
echo "[time] gui: $(( $(date +%s) - lanes_started )) s"
exit $status
