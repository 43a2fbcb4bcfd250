#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end tests under GNOME Shell, where most Orca users are: the real `audiograph` as a native Wayland
client of a headless GNOME Shell (gnome-session.sh: mutter's virtual monitor, the shell's own AT-SPI bus, keys
through mutter's RemoteDesktop keyboard), with the real Orca's speech checked: the window, the chart and
each point stepped, every dialog's focused control ten times over, and `gio open` of a CSV file reaching
the viewer. desktop_session.py finds, focuses and screenshots windows through the shell's D-Bus API.

Orca 43 gets no key events in this session (its key watcher reads X11 events, and the keys go to a Wayland
window), so Orca's own commands (Where Am I, reading the current line) cannot be tested here: see
docs/decisions.md. Run through run-gui-tests.sh gnome_tests, or inside gnome-session.sh directly.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import pyatspi

import a11y_tests
import harness
from desktop_session import GNOME, focus, gnome_views, png_pixels, press, screenshot, shell_eval, wait_for_window
from harness import BIN, BIRTHS_TITLE, DATA, OUT, app_node, chart_group, check, find_all, start_app, states, stop, wait_until
from seeing_tests import title_ink_height
from wayland_tests import SERIES_BLUE


def native_window_in_gnome():
    """births.csv opens as a native Wayland window of GNOME Shell (not through Xwayland), is drawn (the shell's
    screenshot shows the chart's line in the series colour), becomes active with the first point focused,
    and the keys move the cursor."""
    print("births.csv in GNOME Shell: a native Wayland window, drawn, active, focused, moved by keys")
    home = tempfile.mkdtemp(prefix="gnome-")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv", pid=process.pid)
        views = [view for view in gnome_views() if view[2] == process.pid]
        check(len(views) == 1 and views[0][4], "GNOME Shell manages one window of the app, a Wayland client: %r" % views)
        app = app_node(process.pid)
        group = wait_until(lambda: chart_group(app, BIRTHS_TITLE), "the chart is on the bus")
        check(group is not None, "the chart is on the AT-SPI bus: %r" % (group.name if group else None))
        focus(window)
        check(bool(wait_until(lambda: "active" in states(app[0]), "the window reports itself active")),
              "the window reports itself active over AT-SPI")
        first = wait_until(lambda: next((n.name for n in find_all(app, lambda n: "focused" in states(n))), None),
                           "a control has the focus")
        check(first == "1917, 251 births per 10,000 people, point 1 of 59", "the first point has the focus: %r" % first)
        press("End")
        last = wait_until(lambda: (group.name or "").endswith("point 59 of 59 selected"), "End moves the cursor")
        check(bool(last), "End moves the cursor to the last point: %r" % group.name)
        shot = os.path.join(OUT, "gnome-births.png")
        screenshot(shot)
        line = (np.abs(png_pixels(shot).astype(int) - SERIES_BLUE).max(axis=2) <= 24).sum()
        check(line > 1500, "GNOME Shell's screenshot shows the chart's line and points in the series colour (%d pixels)"
              % line)
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


def gio_open_in_gnome():
    """A double click in GNOME's file manager is `gio open`: with Audiograph registered for CSV files (its
    desktop file, Exec pointing at the build under test), a CSV file opens in it, as a Wayland window of the
    shell whose process is that audiograph."""
    print("gio open of a CSV file in GNOME Shell")
    home = tempfile.mkdtemp(prefix="gnome-gio-")
    data_home = os.path.join(home, "data")
    applications = os.path.join(data_home, "applications")
    os.makedirs(applications)
    with open(os.path.join(harness.ROOT, "packaging/org.audiograph.Audiograph.desktop")) as f:
        entry = f.read().replace("Exec=audiograph %F", "Exec=%s %%F" % BIN).replace("TryExec=audiograph", "TryExec=%s" % BIN)
    with open(os.path.join(applications, "org.audiograph.Audiograph.desktop"), "w") as f:
        f.write(entry)
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=data_home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               GSK_RENDERER="cairo")
    subprocess.run(["update-desktop-database", applications], check=True)
    subprocess.run(["gio", "mime", "text/csv", "org.audiograph.Audiograph.desktop"], env=env, check=True,
                   capture_output=True)
    csv = os.path.join(home, "quarterly sales.csv")
    with open(csv, "w") as f:
        f.write("Quarter,Sales (EUR)\n1,120\n2,135\n3,128\n4,160\n")
    log = open(os.path.join(OUT, "gnome-gio-open.log"), "w")
    opener = subprocess.Popen(["gio", "open", csv], env=env, stdout=log, stderr=subprocess.STDOUT)
    pid = None
    try:
        window = None
        try:
            window = wait_for_window("quarterly sales.csv — Audiograph", timeout=30)
        except RuntimeError:
            pass
        check(window is not None, "gio open 'quarterly sales.csv' opens it in the viewer")
        views = [view for view in gnome_views() if view[0] == window]
        if views:
            pid = views[0][2]
            check(views[0][4], "the viewer's window is a Wayland client of the shell: %r" % (views[0],))
            executable = os.path.realpath("/proc/%d/exe" % pid)
            check(executable == os.path.realpath(BIN), "the window belongs to the audiograph under test: %r" % executable)
    finally:
        if pid:
            subprocess.run(["kill", str(pid)])
            wait_until(lambda: harness.zombie(pid), "the viewer to quit", timeout=20)
        opener.wait(10)
        shutil.rmtree(home, ignore_errors=True)


def large_text_in_gnome():
    """GNOME's text scaling (org.gnome.desktop.interface text-scaling-factor, what Settings ▸ Accessibility ▸
    Large Text sets), changed while births.csv is open: GTK on Wayland reads it through GSettings and the
    chart's title grows by as much, measured on the shell's screenshots."""
    print("births.csv in GNOME Shell with text-scaling-factor 1, then 1.5")
    home = tempfile.mkdtemp(prefix="gnome-text-")
    # The app reads GSettings from the session's dconf database, in the session's XDG_CONFIG_HOME (a desktop's
    # one ~/.config), not from a home of its own as the other tests give it.
    process = start_app(os.path.join(DATA, "births.csv"), home, {"XDG_CONFIG_HOME": os.environ["XDG_CONFIG_HOME"]})
    try:
        window = wait_for_window("births.csv", pid=process.pid)
        app = app_node(process.pid)
        group = wait_until(lambda: chart_group(app, BIRTHS_TITLE), "the chart is on the bus")
        heights = {}
        for factor in (1, 1.5):
            subprocess.run(["gsettings", "set", "org.gnome.desktop.interface", "text-scaling-factor", str(factor)],
                           check=True)

            def measured():
                # GTK's window coordinates start at the window's visible corner (its frame rectangle in the
                # shell; the buffer rectangle also holds the shadow).
                x, y = shell_eval("(() => { const r = global.display.list_all_windows().find(w => w.get_id() === %d)"
                                  ".get_frame_rect(); return [r.x, r.y]; })()" % int(window))
                e = group.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                shot = os.path.join(OUT, "gnome-large-text-%d.png" % (factor * 100))
                screenshot(shot)
                heights[factor] = title_ink_height(png_pixels(shot).astype(int), (e.x + x, e.y + y, e.width, e.height))
                return factor == 1 or heights[factor] >= heights[1] * (factor - 0.2)
            wait_until(measured, "the title at %sx" % factor, 10)
        print("  title ink heights: %r" % heights)
        check(heights[1] > 8 and abs(heights[1.5] / heights[1] - 1.5) <= 0.3,
              "with text-scaling-factor 1.5 the chart's title is 1.5x as tall: %d px against %d" % (heights[1.5], heights[1]))
    finally:
        subprocess.run(["gsettings", "reset", "org.gnome.desktop.interface", "text-scaling-factor"])
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


# What Orca says as a person opens and explores a chart, and every dialog's focused control ten times in a
# row: the accessibility suite's tests, run here as they are.
FROM_A11Y = [a11y_tests.orca_speaks, a11y_tests.dialogs_heard_every_time]
TESTS = [native_window_in_gnome] + FROM_A11Y + [gio_open_in_gnome, large_text_in_gnome]
# Orca's own commands reach Orca only from GNOME Shell 48 on, which gives Orca the keys (its keyboard
# monitor); under 43 Orca receives no key at all in a Wayland session (docs/decisions.md).
SHELL_MAJOR = int(subprocess.run(["gnome-shell", "--version"], capture_output=True, text=True).stdout.split()[-1]
                  .split(".")[0] or 0)
if SHELL_MAJOR >= 48:
    TESTS.append(a11y_tests.orca_commands_in_the_chart)


def main():
    """Runs every test, or those named on the command line (gnome_tests.py orca_speaks); GNOME_TESTS in the
    environment names some too (make test-debian13-lane GUI_SUITES=gnome_tests GNOME_TESTS=orca_speaks), and
    GNOME_TESTS_EXCEPT names tests to leave out of a whole run (CI's Debian 13 lane leaves out the dialogs'
    fifty openings: under CI's load Orca 48 takes keys in late and misses some; docs/decisions.md)."""
    if not sys.argv[1:] and os.environ.get("GNOME_TESTS"):
        sys.argv[1:] = os.environ["GNOME_TESTS"].split()
    leave_out = os.environ.get("GNOME_TESTS_EXCEPT", "").split()
    if leave_out and not sys.argv[1:]:
        sys.argv[1:] = [test.__name__ for test in TESTS if test.__name__ not in leave_out]
    if not GNOME and sys.argv[1:] != ["--list"]:
        sys.exit("gnome_tests.py runs inside a GNOME Shell session: Tests/gui/gnome-session.sh")
    harness.main(TESTS, "GNOME Shell")


if __name__ == "__main__":
    main()
