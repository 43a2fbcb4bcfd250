#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end tests under Wayland: the real `audiograph` as a native Wayland client of a headless sway
(wayland-session.sh; GDK_BACKEND=wayland, so not through Xwayland), keys typed on a virtual keyboard with the US keymap, the screen taken with grim, the
AT-SPI bus read with pyatspi and the real Orca's speech checked. The keyboard tests are the accessibility
suite's own (a11y_tests.py), run here unchanged: desktop_session.py sends their keys through the test keyboard and
focuses windows through sway.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import a11y_tests
import clipboard_tests
import harness
import search_tests
from desktop_session import WAYLAND, focus, png_pixels, press, screenshot, sway_views, wait_for_window
from harness import (BIRTHS_TITLE, DATA, OUT, app_node, chart_group, check, find_all, start_app, states, stop,
                     wait_until)

# The series colour of a one-series chart (Okabe–Ito blue, #0072B2).
SERIES_BLUE = np.array([0x00, 0x72, 0xB2])


def native_wayland_window():
    """births.csv opens as a Wayland window of sway (not through X11), is drawn (grim's screenshot shows the
    chart's line in the series colour), becomes active with the first point focused, and the keys move it."""
    print("births.csv as a native Wayland window: drawn, active, focused, moved by keys")
    home = tempfile.mkdtemp(prefix="wayland-")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv", pid=process.pid)
        views = [view for view in sway_views() if view[2] == process.pid]
        tree = subprocess.run(["swaymsg", "-t", "get_tree", "-r"], capture_output=True, text=True).stdout
        check(len(views) == 1 and '"shell": "xdg_shell"' in tree.replace('"shell":"xdg_shell"', '"shell": "xdg_shell"'),
              "sway manages one window of the app, an xdg-shell (Wayland) surface: %r" % views)
        app = app_node(process.pid)
        group = wait_until(lambda: chart_group(app, BIRTHS_TITLE), "the chart is on the bus")
        check(group is not None, "the chart is on the AT-SPI bus: %r" % (group.name if group else None))
        focus(window)
        frame_active = wait_until(lambda: "active" in states(app[0]), "the window reports itself active")
        check(bool(frame_active), "the window reports itself active over AT-SPI")
        first = wait_until(lambda: next((n.name for n in find_all(app, lambda n: "focused" in states(n))), None),
                           "a control has the focus")
        check(first == "1917, 251 births per 10,000 people, point 1 of 59",
              "the first point has the focus: %r" % first)
        press("End")
        last = wait_until(lambda: (group.name or "").endswith("point 59 of 59 selected"), "End moves the cursor")
        check(bool(last), "End moves the cursor to the last point: %r" % group.name)
        shot = os.path.join(OUT, "wayland-births.png")
        screenshot(shot)
        image = png_pixels(shot)
        line = (np.abs(image.astype(int) - SERIES_BLUE).max(axis=2) <= 24).sum()
        check(line > 1500, "the screenshot shows the chart's line and points in the series colour (%d pixels)" % line)
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


# The accessibility suite's keyboard tests, which run under Wayland as they are.
FROM_A11Y = [a11y_tests.tree_and_keys, a11y_tests.orca_speaks, a11y_tests.playing_with_orca,
             a11y_tests.other_windows_with_orca, a11y_tests.export_wav,
             a11y_tests.dialogs_heard_every_time, a11y_tests.braille_and_speech_choices_with_orca]
# Pasting a browser's table and copying what Orca said, through Wayland's clipboard (wl-copy and wl-paste).
FROM_CLIPBOARD = [clipboard_tests.paste_from_a_browser_into_a_chart_window, clipboard_tests.copy_what_was_heard]
# Go To typed through Wayland's virtual keyboard, and the data table (Find Value, Japanese and a table of
# 100,000 rows run under X11 in search_tests.py).
FROM_SEARCH = [search_tests.go_to_with_orca, search_tests.data_table_with_orca]
TESTS = [native_wayland_window] + FROM_A11Y + FROM_CLIPBOARD + FROM_SEARCH


def main():
    """Runs every test, or those named on the command line (wayland_tests.py orca_speaks); WAYLAND_TESTS_EXCEPT
    in the environment names tests to leave out of a whole run (the Debian 13 lane leaves out the dialogs'
    fifty openings, which GNOME Shell 48's suite makes there with the same Orca and GTK)."""
    if not WAYLAND and sys.argv[1:] != ["--list"]:
        sys.exit("wayland_tests.py runs inside a Wayland session: Tests/gui/wayland-session.sh")
    leave_out = os.environ.get("WAYLAND_TESTS_EXCEPT", "").split()
    if leave_out and not sys.argv[1:]:
        sys.argv[1:] = [test.__name__ for test in TESTS if test.__name__ not in leave_out]
    # One bus for the whole suite: under sway on Debian 13, Orca 48 said nothing at all to a test run on a
    # session bus of its own (CI, 2026-11-27; Debian 12's Orca 43 did), not yet understood (issue 34).
    harness.main(TESTS, "Wayland")


if __name__ == "__main__":
    main()
