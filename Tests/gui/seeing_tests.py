#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""For people who see a little (issue 34): the chart's zoom (Ctrl+plus, Ctrl+minus, Ctrl+0) with Orca saying
the size and the setting remembered; the focused point's AT-SPI extents where its cursor frame is drawn, so a
magnifier follows it, at every zoom; and the desktop's text scaling (XSETTINGS' Xft/DPI, as GNOME's Large
Text sets it) enlarging the chart's text, in English and Japanese, measured on screenshots.

Run inside a virtual display with an accessibility bus (Tests/gui/run-gui-tests.sh seeing_tests), or name
some tests: seeing_tests.py zoom_with_orca."""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile

import numpy
import pyatspi

import harness
from harness import (BIRTHS_TITLE, DATA, GROUP_ROLES, JAPANESE_LOCALE, OUT, app_node, chart_group, check, find_all,
                     press_and_hear, start_app, stop, wait_until, window_node)
from harness import example_with_orca
from desktop_session import png_pixels, press, screenshot, wait_for_window


def focused_item(group):
    """The chart's list item that has the focus, or None."""
    for list_ in (group[i] for i in range(group.childCount)):
        for i in range(list_.childCount):
            if "focused" in harness.states(list_[i]):
                return list_[i]
    return None


def window_origin(window):
    """Where the X window `window` (a handle from wait_for_window) is on the screen, as (x, y): xwininfo's
    absolute corner (xdotool's is off by the title bar's height under a window manager that reparents)."""
    info = subprocess.run(["xwininfo", "-id", window], check=True, capture_output=True, text=True).stdout
    corner = dict(re.findall(r"Absolute upper-left (X|Y):\s+(-?\d+)", info))
    return int(corner["X"]), int(corner["Y"])


def screen_extents(node, window):
    """(x, y, width, height) of `node` in screen pixels: its extents in its window (GTK 4 gives no others, see
    docs/decisions.md) moved by where the window is."""
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x, y = window_origin(window)
    return e.x + x, e.y + y, e.width, e.height


def grab(name):
    """A screenshot of the whole screen as an array of RGB pixels, kept as `name`.png."""
    path = os.path.join(OUT, name + ".png")
    screenshot(path)
    return png_pixels(path).astype(int)


def changed_box(before, after, around, zoom, reach=40):
    """The bounding box (x0, y0, x1, y1) of the cursor's ring that went away between two screenshots: the
    pixels that differ within `reach` pixels of the box `around` (x, y, w, h), without the band of the cursor's
    vertical line through it (the column that differs most, and its halo's width either side at `zoom`)."""
    x, y, w, h = around
    x0, y0 = max(0, x - reach), max(0, y - reach)
    x1, y1 = min(before.shape[1], x + w + reach), min(before.shape[0], y + h + reach)
    diff = numpy.abs(before[y0:y1, x0:x1] - after[y0:y1, x0:x1]).sum(axis=2) > 60
    line = int(numpy.argmax(diff.sum(axis=0)))
    band = int(numpy.ceil(3 * zoom + 2))
    diff[:, max(0, line - band):line + band + 1] = False
    rows, cols = numpy.nonzero(diff)
    if not len(rows):
        return None
    return int(x0 + cols.min()), int(y0 + rows.min()), int(x0 + cols.max() + 1), int(y0 + rows.max() + 1)


def cursor_frame_matches_extents(orca, group, window, step, label, zoom):
    """Measures where the focused point's cursor frame is drawn (the screen changes there when the cursor goes
    far away with `step`, a key and what Orca says then) and checks that its AT-SPI extents are centred on it
    within two pixels; returns the extents."""
    item = focused_item(group)
    box = screen_extents(item, window)
    desktop = item.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if (desktop.x, desktop.y) != box[:2]:
        print("  note: asked for screen coordinates, GTK gives %r (the window's are %r)" % ((desktop.x, desktop.y), box[:2]))
    before = grab("cursor-%s" % label)
    press_and_hear(orca, step[0], step[1])
    wait_until(lambda: focused_item(group) is not None and focused_item(group).name != item.name, "the cursor moved", 5)
    orca.wait_until_quiet()
    after = grab("cursor-%s-moved" % label)
    frame = changed_box(before, after, box, zoom)
    print("  %s: extents %r, frame drawn at %r" % (label, box, frame))
    if frame is None:
        check(False, "%s: the cursor frame was found on the screenshot" % label)
        return box
    centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
    drawn = ((frame[0] + frame[2]) / 2, (frame[1] + frame[3]) / 2)
    check(abs(centre[0] - drawn[0]) <= 2 and abs(centre[1] - drawn[1]) <= 2,
          "%s: the focused point's extents %r are centred on its cursor frame %r (within 2 px)" % (label, box, frame))
    return box


def settings_of(home):
    with open(os.path.join(home, "config/audiograph/settings.json")) as f:
        return json.load(f)


def zoom_with_orca():
    """births.csv: the focused point's extents lie on its drawn cursor frame; Ctrl+plus twice makes the chart
    150% (Orca says "Chart size 150%"), the marks and the extents grow by half and still lie on the frame, and
    the zoom is remembered; Ctrl+0 goes back to 100%, Ctrl+minus to 75%, and past the ends Orca says so."""
    print("Zooming births.csv's chart, with Orca")
    with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
        group, window = chart_group(app, BIRTHS_TITLE), wait_for_window("births.csv")
        press_and_hear(orca, "Right", "point 2 of 59")
        normal = cursor_frame_matches_extents(orca, group, window, ("End", "point 59 of 59"), "zoom-100", 1)
        press_and_hear(orca, "Home", "point 1 of 59")
        press_and_hear(orca, "Right", "point 2 of 59")
        press_and_hear(orca, "ctrl+plus", "Chart size 125%")
        press_and_hear(orca, "ctrl+plus", "Chart size 150%")
        wait_until(lambda: screen_extents(focused_item(group), window)[2] >= normal[2] * 1.4, "the points' extents grown", 5)
        zoomed = cursor_frame_matches_extents(orca, group, window, ("End", "point 59 of 59"), "zoom-150", 1.5)
        check(abs(zoomed[2] / normal[2] - 1.5) < 0.15, "at 150%% the point's extents are half as big again: %r, %r"
              % (normal, zoomed))
        home = sound.folder  # the app's HOME (example_with_orca)
        check(wait_until(lambda: settings_of(home).get("chartZoom") == 1.5, "the zoom saved", 5),
              "the zoom is remembered in settings.json: %r" % settings_of(home).get("chartZoom"))
        for key, words in [("ctrl+plus", "Chart size 175%"), ("ctrl+plus", "Chart size 200%"),
                           ("ctrl+plus", "Chart size 250%"), ("ctrl+plus", "Chart size 300%"),
                           ("ctrl+plus", "Largest chart size, 300%"), ("ctrl+0", "Chart size 100%"),
                           ("ctrl+minus", "Chart size 75%"), ("ctrl+minus", "Smallest chart size, 75%"),
                           ("ctrl+equal", "Chart size 100%")]:
            press_and_hear(orca, key, words)
        check(wait_until(lambda: settings_of(home).get("chartZoom") == 1, "the zoom saved", 5),
              "back at 100%%, settings.json says so: %r" % settings_of(home).get("chartZoom"))


def magnifier_under_window_manager():
    """Under a window manager (Openbox), which places the window and decorates it, at 200%: the focused point's
    extents on the screen are centred on its drawn cursor frame, in the window as placed and full screen (F11)."""
    print("The focused point's extents on the screen under Openbox, placed and full screen, at 200%")
    home = tempfile.mkdtemp(prefix="seeing-")
    manager = harness.start_openbox(home)
    try:
        with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
            group, window = chart_group(app, BIRTHS_TITLE), wait_for_window("births.csv")
            for percent in (125, 150, 175, 200):
                press_and_hear(orca, "ctrl+plus", "Chart size %d%%" % percent)
            press_and_hear(orca, "Right", "point 2 of 59")
            placed = cursor_frame_matches_extents(orca, group, window, ("End", "point 59 of 59"), "placed-200", 2)
            press_and_hear(orca, "Home", "point 1 of 59")
            press_and_hear(orca, "Right", "point 2 of 59")
            press_and_hear(orca, "F11", "Full screen")
            wait_until(lambda: screen_extents(focused_item(group), window)[:2] != placed[:2], "the point moved with the window", 5)
            orca.wait_until_quiet()
            cursor_frame_matches_extents(orca, group, window, ("End", "point 59 of 59"), "full-screen-200", 2)
    finally:
        manager.terminate()
        manager.wait(5)
        shutil.rmtree(home, ignore_errors=True)


class TextScaling:
    """An XSETTINGS manager (xsettingsd) on the X display saying the desktop's text scale as Xft/DPI, as GNOME's
    Large Text and text-scaling-factor do on X11; `set` changes it while apps run."""

    def __init__(self, folder, scale):
        self.config = os.path.join(folder, "xsettingsd.conf")
        self.write(scale)
        self.log = os.path.join(folder, "xsettingsd.log")
        self.process = subprocess.Popen(["xsettingsd", "-c", self.config], stdout=subprocess.DEVNULL,
                                        stderr=open(self.log, "w"))
        wait_until(lambda: "Took ownership of selection" in open(self.log).read(), "xsettingsd to serve the settings", 5)

    def write(self, scale):
        with open(self.config, "w") as f:
            f.write("Xft/DPI %d\n" % round(96 * 1024 * scale))

    def set(self, scale):
        """Tells running apps the new scale (xsettingsd rereads its file on SIGHUP)."""
        self.write(scale)
        self.process.send_signal(signal.SIGHUP)

    def stop(self):
        self.process.terminate()
        self.process.wait(5)


def chart_in(app):
    """The app's chart group (whatever its title, in any language) and its point elements."""
    groups = find_all(app, lambda n: n.getRoleName() in GROUP_ROLES
                      and any(n[i].getRoleName() == "list" for i in range(n.childCount)))
    return groups[0] if groups else None


def title_ink_height(image, box):
    """The height in pixels of the chart title's ink: the first band of rows from the top of the chart area `box`
    (x, y, w, h; its 2-pixel focus frame left out) holding dark pixels, until a row with none."""
    x, y, w, h = box
    area = image[y + 4:y + h // 2, x + 4:x + w - 4].sum(axis=2) < 250
    rows = area.sum(axis=1) >= 1
    top = int(numpy.argmax(rows)) if rows.any() else None
    if top is None:
        return 0
    bottom = top
    while bottom < len(rows) and rows[bottom]:
        bottom += 1
    return bottom - top


def large_text(language=None):
    """births.csv with the desktop's text at 1, then 1.5 and 2 times its size, changed while the chart is open
    (as GNOME's Large Text switch and text scaling do): the chart's title grows by as much, and every point
    stays inside the chart. With `language` "ja", the same in Japanese."""
    print("births.csv with the desktop's text scaled 1, 1.5 and 2 times%s" % (" in Japanese" if language else ""))
    home = tempfile.mkdtemp(prefix="seeing-")
    scaling = TextScaling(home, 1)
    extra = {"LANGUAGE": "ja", "LANG": JAPANESE_LOCALE} if language == "ja" else {}
    process = start_app(os.path.join(DATA, "births.csv"), home, extra)
    suffix = "-ja" if language else ""
    try:
        window = wait_for_window("births.csv")
        app = app_node(process.pid)
        group = wait_until(lambda: chart_in(app), "the chart on the bus", 15)
        heights = {}
        for scale in (1, 1.5, 2):
            if scale != 1:
                scaling.set(scale)
            # The chart is drawn again at the new size; wait until the title has grown there (the last
            # measure is kept either way).
            def measured():
                image = grab("large-text-%d%s" % (scale * 100, suffix))
                heights[scale] = title_ink_height(image, screen_extents(group, window))
                return scale == 1 or heights[scale] >= heights[1] * (scale - 0.2)
            wait_until(measured, "the title at %sx" % scale, 10)
            box = screen_extents(group, window)
            items = find_all(group, lambda n: n.getRoleName() == "list item")
            inside = [screen_extents(i, window) for i in items]
            check(len(items) == 59 and all(box[0] <= e[0] and e[0] + e[2] <= box[0] + box[2] and box[1] <= e[1]
                                           and e[1] + e[3] <= box[1] + box[3] for e in inside),
                  "at %sx every point's element lies inside the chart %r" % (scale, box))
        print("  title ink heights: %r" % heights)
        for scale in (1.5, 2):
            check(abs(heights[scale] / max(1, heights[1]) - scale) <= 0.2 * scale,
                  "at %sx text, the chart's title is %sx as tall: %d px against %d" % (scale, scale, heights[scale], heights[1]))
    finally:
        stop(process)
        scaling.stop()
        shutil.rmtree(home, ignore_errors=True)


def large_text_in_japanese():
    large_text("ja")


def legend_in_words():
    """stocks-long.csv's three series with --differentiate-without-color: Chart Details (D) says the legend in
    words, each series' colour, line pattern and marker shape as drawn."""
    print("The legend of stocks-long.csv in words, in Chart Details")
    home = tempfile.mkdtemp(prefix="seeing-")
    process = start_app(os.path.join(DATA, "stocks-long.csv"), home, args=["--differentiate-without-color"])
    try:
        window = wait_for_window("stocks-long.csv")
        app = app_node(process.pid)
        wait_until(lambda: chart_in(app), "the chart on the bus", 15)
        harness.focus(window)
        press("d")
        details = wait_until(lambda: window_node(app, "Chart Details"), "Chart Details on the bus")
        views = find_all(details, lambda n: n.getRoleName() in ("text", "terminal", "document text")) if details else []
        text = ""
        for view in views:
            try:
                t = view.queryText()
                text += t.getText(0, t.characterCount)
            except NotImplementedError:
                pass
        expected = ["Legend:", "ACME: blue solid line with circles", "BOLT: vermillion dashed line with squares",
                    "CRUX: reddish purple dotted line with triangles"]
        check(all(line in text.split("\n") for line in expected),
              "Chart Details says the legend in words: %r" % text[text.find("Legend"):][:240])
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


TESTS = [zoom_with_orca, magnifier_under_window_manager, large_text, large_text_in_japanese, legend_in_words]

if __name__ == "__main__":
    harness.main(TESTS, "seeing", fresh_bus=True)
