#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reaching a point by what a person knows about it (issue 33), with real Orca and a paced sound sink: Go To
(Ctrl+G) a year, the nearest one and one beyond the data; Find Value (Ctrl+F) a condition, then F3 and
Shift+F3 on to the end; and both in Japanese. Checks what Orca says, where the chart's cursor is on the AT-SPI
bus, and that each point reached played its tone.

Run inside a virtual display with an accessibility bus (Tests/gui/run-gui-tests.sh search_tests), or name
some tests: search_tests.py go_to_with_orca."""
import os
import shutil
import subprocess
import tempfile

import harness
from harness import (BIRTHS_TITLE, DATA, JAPANESE_LOCALE, ROOT, Orca, PacedSound, app_node, chart_group, check,
                     press_and_hear, selected_point, settle_in_chart, start_app, stop, wait_for_chart)
from chart_kinds_tests import example_with_orca
from desktop_session import type_text, wait_for_window


def type_and_hear(orca, text, words, sound=None):
    """Types `text` into the focused entry and presses Return; waits until Orca says `words`. With `sound`,
    checks that a tone reached the sink meanwhile. Returns what Orca said."""
    if sound:
        sound.wait_for_silence()
        sound.record()
    type_text(text)
    said = press_and_hear(orca, "Return", words)
    if sound:
        sound.wait_for_silence()
        heard = sound.loud_seconds()
        check(heard > 0.03, "%r: the point's tone played (%.2f s of sound)" % (text, heard))
    return said


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
            sound.wait_for_silence()
            sound.record()
            press_and_hear(orca, "F3", "%d, %d births per 10,000 people, point %d of 59" % (year, value, point))
            sound.wait_for_silence()
            check(sound.loud_seconds() > 0.03, "F3: %d's tone played" % year)
        press_and_hear(orca, "F3", "No more points above 260 births per 10,000 people")
        check(selected_point(group) == 45, "at the end the cursor stays on 1961: %r" % group.name)
        press_and_hear(orca, "shift+F3", "1960, 268 births per 10,000 people, point 44 of 59")
        press_and_hear(orca, "ctrl+f", "Find values:")
        orca.wait_until_quiet()
        type_and_hear(orca, "below 10", "No points below 10 births per 10,000 people in Birth rate.")
        press_and_hear(orca, "Escape", "1960,")


def search_in_japanese():
    """LANGUAGE=ja: Go To and Find Value are Japanese, and read Japanese: "260以上" finds the same five years,
    and F3 goes on."""
    print("Go To and Find Value in Japanese, with Orca")
    home = tempfile.mkdtemp(prefix="search-ja-")
    locale = os.path.join(home, "locale")
    subprocess.run(["bash", os.path.join(ROOT, "scripts/compile-po.sh"), locale], check=True)
    japanese = {"LANGUAGE": "ja", "LC_ALL": JAPANESE_LOCALE, "AUDIOGRAPH_LOCALEDIR": locale}
    orca = Orca(extra_env={"LANGUAGE": "ja", "LC_ALL": JAPANESE_LOCALE})
    sound = PacedSound(home)
    process = start_app(os.path.join(DATA, "births.csv"), home, dict(japanese, **sound.app_env()))
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
        check(app_node(process.pid) is not None, "the app is still running")
    finally:
        stop(process)
        orca.stop()
        sound.stop()
        shutil.rmtree(home, ignore_errors=True)


TESTS = [go_to_with_orca, find_with_orca, search_in_japanese]

if __name__ == "__main__":
    harness.main(TESTS, "search", fresh_bus=True)
