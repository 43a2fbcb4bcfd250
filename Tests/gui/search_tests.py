#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reaching a point by what a person knows about it (issue 33), with real Orca and a paced sound sink: Go To
(Ctrl+G) a year, the nearest one and one beyond the data; Find Value (Ctrl+F) a condition, then F3 and
Shift+F3 on to the end; both in Japanese; and the data table (Ctrl+T): moving down and across, sorting, a
selected range, and a table of 100,000 rows. Checks what Orca says, where the chart's cursor is on the
AT-SPI bus, and that each point reached played its tone (the app's trace).

Run inside a virtual display with an accessibility bus (Tests/gui/run-gui-tests.sh search_tests), or name
some tests: search_tests.py go_to_with_orca."""
import os
import shutil
import subprocess
import tempfile

import harness
from harness import (BIRTHS_TITLE, DATA, JAPANESE_LOCALE, OUT, ROOT, Orca, PacedSound, app_node, chart_group, check,
                     check_tone, first_writes, press_and_hear, selected_point, settle_in_chart, start_app, stop,
                     wait_for_chart)
from harness import example_with_orca
from desktop_session import press, screenshot, type_text, wait_for_window


def type_and_hear(orca, text, words, sound=None):
    """Types `text` into the focused entry and presses Return; waits until Orca says `words`. With `sound`,
    checks that a tone reached the device meanwhile. Returns what Orca said."""
    writes = first_writes(sound) if sound else 0
    type_into_entry(orca, text)
    said = press_and_hear(orca, "Return", words)
    if sound:
        check_tone(sound, writes, repr(text))
    return said


def type_into_entry(orca, text):
    """Types `text` into the focused entry. xdotool types a character outside the keyboard's keymap by mapping
    it to a spare key first, and on a busy machine GTK can read a key before its new mapping: a CI rehearsal
    (2026-11-27) typed "260以上" as "260" and heard "no point equal to 260". So text with such characters is
    typed until Orca's braille line of the entry shows it whole (Orca 43 writes the entry's text before " $l"),
    the entry's text selected and typed over, at most three times."""
    if text.isascii():
        return type_text(text)
    for attempt in range(3):
        offset = orca.log_size()
        type_text(text)
        if harness.wait_until(lambda: braille_shows(orca, offset, text), "the entry to show %r" % text, 5):
            return
        print("  note: the entry did not show %r after it was typed (try %d); typed again" % (text, attempt + 1),
              flush=True)
        press("ctrl+a")


def braille_shows(orca, offset, text):
    """Whether Orca's braille line of an entry has shown `text` whole since byte `offset` of its log."""
    try:
        with open(orca.log, "rb") as f:
            f.seek(offset)
            return (" %s $l" % text).encode() in f.read()
    except OSError:
        return False


def open_entry(orca, key, title, entry, hint):
    """Presses `key` (Ctrl+G or Ctrl+F) and waits until Orca has said the dialog `title`, the entry's label
    `entry` and its `hint`; the entry's text is then selected, so typing replaces it."""
    said = press_and_hear(orca, key, entry)
    check(title in said, "%s: Orca says the dialog %r (said %r)" % (key, title, said.replace("\n", " | ")[:200]))
    if hint not in said:
        said += harness.wait_until(lambda: hint in orca.speech() and orca.speech(), "the hint", 5) or ""
    check(hint in said or hint in orca.speech(), "%s: Orca says what to type, %r" % (key, hint))
    orca.wait_until_quiet()


def go_to_with_orca():
    """births.csv: Ctrl+G, "1935" and Return put the cursor on 1935 (point 19), its tone plays and Orca says
    it; "1950.4" reaches 1950, "Nearest to 1950.4"; "1900" is beyond the data: Orca says the data's range, the
    dialog stays, and Escape goes back to the chart on 1950. The entry shows what was typed last."""
    print("Go To a year of births.csv, with Orca")
    with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
        group = chart_group(app, BIRTHS_TITLE)
        open_entry(orca, "ctrl+g", "Go To", "Go to:", "A value of Year, such as 1917")
        type_and_hear(orca, "1935", "1935, 179 births per 10,000 people, point 19 of 59", sound)
        check(selected_point(group) == 19, "the cursor is on 1935, point 19: %r" % group.name)
        said = press_and_hear(orca, "ctrl+g", "Go to:")
        check("1935" in said, "the entry shows what was typed last: %r" % said.replace("\n", " | ")[:200])
        orca.wait_until_quiet()
        said = type_and_hear(orca, "1950.4", "1950, 242 births per 10,000 people, point 34 of 59", sound)
        if "Nearest to 1950.4" not in said:
            said += harness.wait_until(lambda: "Nearest to 1950.4" in orca.speech() and orca.speech(), "Nearest", 5) or ""
        check("Nearest to 1950.4" in said, "Orca says it is the nearest point: %r" % said.replace("\n", " | ")[:300])
        check(selected_point(group) == 34, "the cursor is on 1950, point 34: %r" % group.name)
        press_and_hear(orca, "ctrl+g", "Go to:")
        orca.wait_until_quiet()
        type_and_hear(orca, "1900", "1900 is outside the data: Year runs from 1917 to 1975.")
        press_and_hear(orca, "Escape", "1950, 242 births per 10,000 people, point 34 of 59")
        check(selected_point(group) == 34, "beyond the data and Escape, the cursor stayed on 1950: %r" % group.name)
        press_and_hear(orca, "Right", "1951,")


def find_with_orca():
    """births.csv: Ctrl+F "above 260" finds the five years above 260 births per 10,000 (1957 to 1961): Orca says
    how many and the first, F3 each next one with its tone, then "No more points above 260 …"; Shift+F3 goes
    back."""
    print("Find values of births.csv, with Orca")
    with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
        group = chart_group(app, BIRTHS_TITLE)
        open_entry(orca, "ctrl+f", "Find Value", "Find values:", "such as above 24")
        said = type_and_hear(orca, "above 260", "1957, 262 births per 10,000 people, point 41 of 59", sound)
        if "5 points above 260" not in said:
            said += harness.wait_until(lambda: "5 points above 260" in orca.speech() and orca.speech(), "the count", 5) or ""
        check("5 points above 260 births per 10,000 people" in said, "Orca says how many: %r" % said.replace("\n", " | ")[:300])
        for year, value, point in [(1958, 264, 42), (1959, 264, 43), (1960, 268, 44), (1961, 265, 45)]:
            writes = first_writes(sound)
            press_and_hear(orca, "F3", "%d, %d births per 10,000 people, point %d of 59" % (year, value, point))
            check_tone(sound, writes, "F3 to %d" % year)
        press_and_hear(orca, "F3", "No more points above 260 births per 10,000 people")
        check(selected_point(group) == 45, "at the end the cursor stays on 1961: %r" % group.name)
        press_and_hear(orca, "shift+F3", "1960, 268 births per 10,000 people, point 44 of 59")
        press_and_hear(orca, "ctrl+f", "Find values:")
        orca.wait_until_quiet()
        type_and_hear(orca, "below 10", "No points below 10 births per 10,000 people in Birth rate.")
        press_and_hear(orca, "Escape", "1960,")


def search_in_japanese():
    """LANGUAGE=ja: Go To, Find Value and the data table are Japanese, and read Japanese: "260以上" finds the
    same five years, F3 goes on, and the table says its cells and its order in Japanese."""
    print("Go To and Find Value in Japanese, with Orca")
    home = tempfile.mkdtemp(prefix="search-ja-")
    locale = os.path.join(home, "locale")
    subprocess.run(["bash", os.path.join(ROOT, "scripts/compile-po.sh"), locale], check=True)
    japanese = {"LANGUAGE": "ja", "LC_ALL": JAPANESE_LOCALE, "AUDIOGRAPH_LOCALEDIR": locale}
    orca = Orca(extra_env={"LANGUAGE": "ja", "LC_ALL": JAPANESE_LOCALE})
    sound = PacedSound(home)
    process = start_app(os.path.join(DATA, "births.csv"), home, dict(japanese, AUDIOGRAPH_TRACE="1", **sound.app_env()))
    sound.app_log = os.path.join(harness.OUT, "a11y-births.csv.log")  # start_app's, with the trace
    try:
        window = wait_for_window("births.csv")
        wait_for_chart(process.pid, "YearごとのBirth rate")
        settle_in_chart(orca, window, first="59 点中 1 番目")
        open_entry(orca, "ctrl+g", "移動", "移動先", "Yearの値")
        type_and_hear(orca, "1935", "1935、179 births per 10,000 people、59 点中 19 番目", sound)
        open_entry(orca, "ctrl+f", "値を検索", "検索する値", "24より上")
        said = type_and_hear(orca, "260以上", "1957、262 births per 10,000 people、59 点中 41 番目", sound)
        if "5 点" not in said:
            said += harness.wait_until(lambda: "5 点" in orca.speech() and orca.speech(), "the count", 5) or ""
        check("5 点" in said, "Orca says how many, in Japanese: %r" % said.replace("\n", " | ")[:300])
        press_and_hear(orca, "F3", "1958、264 births per 10,000 people、59 点中 42 番目")
        said = press_and_hear(orca, "ctrl+t", "Year、1958、59 行中 42 行目")
        check("YearごとのBirth rateのデータ表、59 行、2 列" in said,
              "the data table is named in Japanese: %r" % said.replace("\n", " | ")[:300])
        press_and_hear(orca, "Right", "Birth rate、264 births per 10,000 people")
        press_and_hear(orca, "s", "Birth rateで並べ替え、小さい順")
        press_and_hear(orca, "Escape", "1958、264 births per 10,000 people")
        check(app_node(process.pid) is not None, "the app is still running")
    finally:
        stop(process)
        orca.stop()
        sound.stop()
        shutil.rmtree(home, ignore_errors=True)


def data_table_with_orca():
    """births.csv: Go To 1935, then Ctrl+T opens the data table at 1935's row; Orca says the column and the
    value moving across, the row's x moving down, and the chart's cursor follows; S sorts by the column
    (lowest first, highest first, x order again) and Orca says the order, the cursor staying on its point;
    Escape goes back to the chart on the point the table was on. With a range selected the table shows it."""
    print("The data table of births.csv, with Orca")
    with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
        group = chart_group(app, BIRTHS_TITLE)
        open_entry(orca, "ctrl+g", "Go To", "Go to:", "A value of Year")
        type_and_hear(orca, "1935", "1935, 179 births per 10,000 people, point 19 of 59")
        said = press_and_hear(orca, "ctrl+t", "Year, 1935, row 19 of 59")
        check("Data Table" in said, "Orca says the table's window: %r" % said.replace("\n", " | ")[:200])
        screenshot(os.path.join(OUT, "data-table.png"))
        press_and_hear(orca, "Right", "Birth rate, 179 births per 10,000 people")
        press_and_hear(orca, "Right", "Last column")
        writes = first_writes(sound)
        press_and_hear(orca, "Down", "1936, 180 births per 10,000 people, row 20 of 59")
        check_tone(sound, writes, "moving down the table")
        check(selected_point(group) == 20, "the chart's cursor follows the table to 1936: %r" % group.name)
        press_and_hear(orca, "s", "Sorted by Birth rate, lowest first. 1936, 180 births per 10,000 people, row 3 of 59")
        press_and_hear(orca, "ctrl+Home", "1935, 179 births per 10,000 people, row 1 of 59")
        press_and_hear(orca, "s", "Sorted by Birth rate, highest first. 1935, 179 births per 10,000 people, row 59 of 59")
        press_and_hear(orca, "ctrl+Home", "1960, 268 births per 10,000 people, row 1 of 59")
        press_and_hear(orca, "s", "In the order of Year. 1960, 268 births per 10,000 people, row 44 of 59")
        press_and_hear(orca, "Escape", "1960, 268 births per 10,000 people, point 44 of 59")
        check(selected_point(group) == 44, "back in the chart on the table's point: %r" % group.name)
        press_and_hear(orca, "shift+Right", "1960 to 1961, 2 points")
        press_and_hear(orca, "shift+Right", "1960 to 1962, 3 points")
        said = press_and_hear(orca, "ctrl+t", "Year, 1962, row 3 of 3")
        check("Data table of Birth rate by year, 1960 to 1962, 3 rows" in said, "the table shows the selected range: %r" % said.replace("\n", " | ")[:300])
        press_and_hear(orca, "Up", "1961, row 2 of 3")
        press_and_hear(orca, "Escape", "1961, 265 births per 10,000 people")


def data_table_of_many_rows():
    """100,000 rows: Ctrl+T opens the table, Ctrl+End reaches the last row and Orca says it, and the table
    has widgets for the rows on screen only (virtualised), not one per row: as many as for 59 rows."""
    print("The data table of 100,000 rows, with Orca")
    folder = tempfile.mkdtemp(prefix="search-big-")
    with open(os.path.join(folder, "readings.csv"), "w") as f:
        f.write("Time (s),Reading\n")
        f.writelines("%d,%d\n" % (1000 + 3 * i, (i * 7919) % 10007) for i in range(100000))
    try:
        with example_with_orca("readings.csv", "interval 1 of 60", folder=folder) as (orca, sound, app):
            said = press_and_hear(orca, "ctrl+t", "Time, 1,000 s, row 1 of 100,000", timeout=30)
            check("100,000 rows" in said, "Orca says the table's size: %r" % said.replace("\n", " | ")[:200])
            press_and_hear(orca, "ctrl+End", "300,997 s, row 100,000 of 100,000")
            press_and_hear(orca, "Right", "Reading, %s" % format((99999 * 7919) % 10007, ","))
            frame = next((w for w in app if (w.name or "").startswith("Data Table")), None)
            cells = harness.find_all(frame, lambda n: n.getRoleName() in ("label", "static")) if frame else []
            check(frame is not None and 0 < len(cells) < 600,
                  "only the rows on screen have widgets: %d labels in the table's window" % len(cells))
            press_and_hear(orca, "Escape", "interval 60 of 60", timeout=15)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


TESTS = [go_to_with_orca, find_with_orca, search_in_japanese, data_table_with_orca, data_table_of_many_rows]

if __name__ == "__main__":
    harness.main(TESTS, "search", fresh_bus=True)
