#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command with its own AT-SPI bus on the current D-Bus session: the bus launcher is started, the
# command waits until the launcher owns org.a11y.Bus, and the launcher stops when the command ends. Start it
# where the display is already set (DISPLAY, WAYLAND_DISPLAY): the registry it starts inherits them.
#   Tests/gui/atspi-bus.sh CMD...
set -euo pipefail
/usr/libexec/at-spi-bus-launcher --launch-immediately &
bus=$!
trap 'kill $bus 2>/dev/null; wait $bus 2>/dev/null' EXIT
gdbus wait --session --timeout 30 org.a11y.Bus
status=0
"$@" || status=$?
exit $status
