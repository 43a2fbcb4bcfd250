#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tables in and words out, end to end: a table copied in a real browser or LibreOffice Calc (their clipboard
contents saved as fixtures, Tests/AudiographCoreTests/Fixtures/Clipboard) pasted with Ctrl+V, saved with
Ctrl+S; a table piped into `audiograph -`; and the words Orca said copied with Ctrl+C and Ctrl+Shift+C, read
back from the real clipboard (xclip here; wl-copy and wl-paste in wayland_tests.py). Each test has its own
D-Bus session, AT-SPI bus and Orca (harness.main with fresh_bus).
"""
import os
import shutil
import subprocess
import tempfile

import harness
from desktop_session import WAYLAND, clipboard_text, press, put_on_clipboard, type_text, wait_for_window
from harness import (BIRTHS_TITLE, DATA, ROOT, Orca, app_node, chart_seen_afresh, check, find_all, press_and_hear,
                     settle_in_chart, start_app, stop, wait_for_chart, wait_for_focused_entry, wait_until)

FIXTURES = os.path.join(ROOT, "Tests", "AudiographCoreTests", "Fixtures", "Clipboard")
# The browsers' copy: one series, named by its column; LibreOffice's: two, named by the window ("Pasted table").
MONTHS_TITLE = "Mean temperature by month, bar chart"
PASTED_TITLE = "Pasted table, bar chart"


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def wait_for_said(orca, words, since, timeout=15):
    """Waits until Orca has said `words` after `since` characters of its log; returns what it said."""
    said = wait_until(lambda: words in orca.speech()[since:] and orca.speech()[since:], "Orca to say %r" % words,
                      timeout) or orca.speech()[since:]
    check(words in said, "Orca says %r (said %r)" % (words, said.replace("\n", " | ")[-300:]))
    return said


def orca_lost_the_app(orca, offset):
    """Whether Orca 43 took every object of the app for gone after byte `offset` of its log ("[DEAD] in [DEAD]"):
    on a busy machine, as Ctrl+V opens a pasted window, its first call about the window can fail (a libatspi
    assertion while it reads the clipboard itself), and it says nothing of the app from then on, whatever the app
    does (docs/decisions.md, "CI's processor is the limit"; twice in the CI rehearsals of 2026-11-27)."""
    try:
        with open(orca.log, "rb") as f:
            f.seek(offset)
            return b"[DEAD] in [DEAD]" in f.read()
    except OSError:
        return False


def hear_the_pasted_window(orca, pasted, words, before, log_offset):
    """Waits until Orca has said `words` since the paste; returns the Orca to go on with, what it said, and
    whether that is a fresh one. When
    Orca 43 lost the app (`orca_lost_the_app`), a fresh Orca, as a person would restart theirs, must say them of
    the pasted window instead, and a note says so."""
    said = wait_until(lambda: words in orca.speech()[before:] and orca.speech()[before:], "Orca to say %r" % words,
                      15) or orca.speech()[before:]
    fresh = False
    if words not in said and orca_lost_the_app(orca, log_offset):
        fresh = True
        print("  note: Orca 43 took the app's objects for gone after Ctrl+V ([DEAD] in [DEAD]); a fresh Orca "
              "reads the pasted window", flush=True)
        orca.stop()
        orca = Orca()
        settle_in_chart(orca, pasted, first=words)
        said = orca.speech()
    check(words in said, "Orca says %r (said %r)" % (words, said.replace("\n", " | ")[-300:]))
    return orca, said, fresh


def paste_from_a_browser_into_a_chart_window():
    """Ctrl+V in a window showing a chart: the browser's HTML table opens in a new window, "Pasted table",
    which Orca names, and its points are the table's."""
    print("Paste a table copied in a browser")
    orca = Orca()
    home = tempfile.mkdtemp(prefix="clip-")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv")
        wait_for_chart(process.pid, BIRTHS_TITLE)
        settle_in_chart(orca, window)
        put_on_clipboard(fixture("firefox-months.html"), "text/html")
        before, log_offset = len(orca.speech()), orca.log_size()
        press("ctrl+v")
        pasted = wait_for_window("Pasted table", timeout=20)
        check(pasted != window, "the pasted table has a window of its own; births.csv stays in its own")
        check(chart_seen_afresh(process.pid, MONTHS_TITLE), "the pasted table is charted: %r" % MONTHS_TITLE)
        if WAYLAND:
            # Orca 43 under sway on a busy machine can miss a new window's first focus, and in a rehearsal
            # (2026-11-27) its log showed every event of the pasted window's chart "for [DEAD] in [DEAD]": Orca's
            # dead-object cache (docs/decisions.md, issue 17) took the new window's objects for gone, and it said
            # nothing of them, whatever the focus did. So, as other_windows_with_orca does, a fresh Orca reads
            # the pasted window here; the X11 run checks that the running Orca says "Pasted table".
            orca.stop()
            orca = Orca()
            harness.focus(window)
            settle_in_chart(orca, pasted, first="January, 5.4 °C")
        else:
            orca, said, fresh = hear_the_pasted_window(orca, pasted, "January, 5.4 °C", before, log_offset)
            if not fresh:
                wait_for_said(orca, "Pasted table", before)
                check(MONTHS_TITLE in said, "Orca says the chart as for a file: %r" % said.replace("\n", " | ")[-300:])
        orca.wait_until_quiet()
        press_and_hear(orca, "Right", "February, 6.1 °C")
    finally:
        stop(process)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def paste_from_libreoffice_on_the_start_page_and_save():
    """On the start page, Ctrl+V opens LibreOffice Calc's copied cells in the same window; Ctrl+S saves the
    table as CSV (atomically, the window then showing the file), and the file charts as the paste did."""
    print("Paste cells copied in LibreOffice Calc, then save them")
    orca = Orca()
    home = tempfile.mkdtemp(prefix="clip-")
    target = os.path.join(home, "temperatures.csv")
    process = start_app(None, home)
    try:
        window = wait_for_window("Audiograph")
        put_on_clipboard(fixture("libreoffice-temps.html"), "text/html")
        before = len(orca.speech())
        harness.focus(window)
        press("ctrl+v")
        wait_for_window("Pasted table", timeout=20, pid=process.pid)
        app, group = wait_for_chart(process.pid, PASTED_TITLE)
        check(group is not None, "the pasted cells are charted in the start page's window")
        wait_for_said(orca, "January", before)
        orca.wait_until_quiet()
        press("ctrl+s")
        dialog = wait_for_window("Save Table As")
        harness.focus(dialog)
        wait_for_focused_entry(app_node(process.pid), "Save Table As")
        press("ctrl+a")
        type_text(target)
        press("Return")
        before = len(orca.speech())
        wait_for_said(orca, "Saved as temperatures.csv", before)
        saved = open(target, encoding="utf-8").read() if os.path.exists(target) else ""
        check(saved.startswith("Month,") and saved.count("\n") == 13, "the table is saved as CSV: %r" % saved[:80])
        check(not [f for f in os.listdir(home) if f.endswith(".tmp")], "no temporary file is left behind")
        check(wait_for_window("temperatures.csv", timeout=10, pid=process.pid) is not None,
              "the window now shows the file it was saved as")
        described = harness.cli_lines("describe", target)
        check("Chart: bar chart, 2 series" in described and "Y axis: Tokyo and Osaka, 5.4 °C to 29.0 °C" in described,
              "the saved file charts as the pasted table did: %r" % described[:6])
    finally:
        stop(process)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def paste_text_and_paste_nothing():
    """Tab-separated text (as spreadsheets put it on the clipboard) pastes as a table; a clipboard holding a
    sentence says in one sentence that it holds no table, and no window opens."""
    print("Paste tab-separated text, and a clipboard without a table")
    orca = Orca()
    home = tempfile.mkdtemp(prefix="clip-")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv")
        wait_for_chart(process.pid, BIRTHS_TITLE)
        settle_in_chart(orca, window)
        put_on_clipboard("Just a sentence copied from a web page.".encode(), "text/plain")
        said = press_and_hear(orca, "ctrl+v", "The clipboard holds no table")
        check("Copy cells in a spreadsheet" in said, "and says what to do: %r" % said[-200:])
        check(len(find_all(app_node(process.pid), lambda n: n.getRoleName() == "frame")) == 1,
              "no window opened for it")
        put_on_clipboard(fixture("libreoffice-temps.txt"), "text/plain")
        before, log_offset = len(orca.speech()), orca.log_size()
        press("ctrl+v")
        pasted = wait_for_window("Pasted table", timeout=20)
        check(chart_seen_afresh(process.pid, PASTED_TITLE), "the tab-separated text is charted")
        orca, _, _ = hear_the_pasted_window(orca, pasted, "January", before, log_offset)
    finally:
        stop(process)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def copy_what_was_heard():
    """Ctrl+C copies the point's words as Orca said them (at the verbosity chosen), Ctrl+Shift+C the summary,
    or the selected range's description; Orca says "Copied" each time."""
    print("Copy the point, the summary and a range")
    orca = Orca()
    home = tempfile.mkdtemp(prefix="clip-")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv")
        wait_for_chart(process.pid, BIRTHS_TITLE)
        settle_in_chart(orca, window)
        point = "1918, 245 births per 10,000 people, point 2 of 59"
        press_and_hear(orca, "Right", point)
        press_and_hear(orca, "ctrl+c", "Copied")
        check(clipboard_text() == point, "the clipboard holds what Orca said: %r" % clipboard_text())
        press_and_hear(orca, "v", "Verbosity: Detailed")
        press_and_hear(orca, "ctrl+c", "Copied")
        detailed = clipboard_text()
        check(detailed.startswith("1918, 245 births per 10,000 people") and detailed != point,
              "at another verbosity, its words: %r" % detailed)
        press_and_hear(orca, "ctrl+shift+c", "Copied")
        summary = clipboard_text()
        check(summary.startswith("Birth rate by year, 1917 to 1975: falls steeply"),
              "Ctrl+Shift+C copies the summary: %r" % summary[:120])
        press_and_hear(orca, "shift+Right", "1918 to 1919, 2 points")
        press_and_hear(orca, "shift+Right", "1918 to 1920, 3 points")
        press_and_hear(orca, "ctrl+shift+c", "Copied")
        ranged = clipboard_text()
        check(ranged.startswith("Birth rate: 3 values from 1918 to 1920"),
              "with a range selected, its description: %r" % ranged[:120])
        # Chart Details' text copies its selection as any text does.
        press_and_hear(orca, "d", "Summary: Birth rate by year")
        press("ctrl+a")
        press("ctrl+c")
        details = wait_until(lambda: clipboard_text() if clipboard_text().startswith("Summary") else None,
                             "the details' text on the clipboard") or clipboard_text()
        check(details.startswith("Summary: Birth rate by year") and "X axis" in details,
              "Ctrl+A and Ctrl+C in Chart Details copy its text: %r" % details[:80])
    finally:
        stop(process)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def standard_input():
    """`audiograph -` charts the table piped in, in a window of its own process even while another viewer
    runs (only this process can read the pipe), named "standard input"."""
    print("A table piped into audiograph -")
    orca = Orca()
    home = tempfile.mkdtemp(prefix="clip-")
    first = start_app(os.path.join(DATA, "births.csv"), home)
    piped = None
    try:
        wait_for_window("births.csv")
        wait_for_chart(first.pid, BIRTHS_TITLE)
        reader = subprocess.Popen(["cat", os.path.join(DATA, "births.csv")], stdout=subprocess.PIPE)
        before = len(orca.speech())
        piped = start_app("-", home, stdin=reader.stdout)
        reader.stdout.close()
        window = wait_for_window("standard input", pid=piped.pid)
        app, group = wait_for_chart(piped.pid, BIRTHS_TITLE)
        check(group is not None, "the piped table is charted by the process it was piped into")
        check(piped.poll() is None, "that process keeps its window (it did not hand the pipe to the other viewer)")
        # Not settle_in_chart: "point 1 of 59" is already in Orca's speech, of the first viewer's window, so it
        # would return before Orca took in this one (once in a CI rehearsal, 2026-11-27). The window's name is
        # what tells that Orca is there.
        harness.focus(window)
        wait_for_said(orca, "standard input", before)
        orca.wait_until_quiet(quiet=1.0)
        press_and_hear(orca, "Right", "1918, 245 births per 10,000 people, point 2 of 59")
    finally:
        if piped:
            stop(piped)
        stop(first)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


TESTS = [paste_from_a_browser_into_a_chart_window, paste_from_libreoffice_on_the_start_page_and_save,
         paste_text_and_paste_nothing, copy_what_was_heard, standard_input]

if __name__ == "__main__":
    harness.main(TESTS, "clipboard", fresh_bus=True)
