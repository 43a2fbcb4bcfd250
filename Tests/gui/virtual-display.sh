#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command on a fresh virtual X display: Xvfb picks a free display number and writes it to us
# (-displayfd), DISPLAY is set, and Xvfb is stopped when the command ends. Replaces xvfb-run, whose wait for
# Xvfb's SIGUSR1 can miss a signal that arrives before its `wait` starts and then hangs for good (seen on
# Debian 13 inside a pid namespace). -noreset: without it the server resets whenever the last client exits,
# and the next app can fail to connect during the reset.
#   Tests/gui/virtual-display.sh [--screen WxHxD] CMD...
set -euo pipefail
screen=1280x800x24
if [ "${1:-}" = "--screen" ]; then screen=$2; shift 2; fi
ready=$(mktemp -d)
mkfifo "$ready/display"
Xvfb -displayfd 3 -screen 0 "$screen" -noreset -nolisten tcp 3>"$ready/display" 2>"$ready/xvfb.log" &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; wait $xvfb 2>/dev/null; rm -rf "$ready"' EXIT
# The read ends when Xvfb writes its display number, or with nothing when Xvfb exits first.
read -r -t 30 number <"$ready/display" || true
if [ -z "${number:-}" ]; then
  echo "virtual-display: Xvfb did not start:" >&2
  cat "$ready/xvfb.log" >&2
  exit 1
fi
export DISPLAY=":$number"
status=0
"$@" || status=$?
exit $status
