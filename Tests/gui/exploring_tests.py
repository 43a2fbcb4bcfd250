#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Exploring a part of a chart (issue 19) in the viewer, with real Orca and a paced sound sink: selecting a
range by keyboard, hearing it described and played, zooming to it and out, and playing from the start to the
cursor and from the cursor to the end. Checks what Orca says, the elements on the AT-SPI bus, where the
cursor goes while the sound plays, and how long the sound that reached the speakers lasted.

Run inside a virtual display with an accessibility bus (Tests/gui/run-gui-tests.sh exploring_tests), or
name some tests: exploring_tests.py ranges_with_orca."""
import json
import os
import shutil
import tempfile
import time

import harness
from harness import BIRTHS_TITLE, OUT, chart_group, check, find_all, press_and_hear, selected_point, wait_until
from harness import example_with_orca, notes_played, trace_count
from harness import heard as heard_notes  # `heard` names seconds of sound below
from desktop_session import screenshot


def play_and_follow(orca, sound, group, key, words, last):
    """Presses `key` (a range key), waits for Orca to say `words` (the sound has started) and then `last` (the
    point the focus lands on when it ends); returns the cursor's positions while it played and the seconds of
    sound that reached the sink."""
    sound.wait_for_silence()
    sound.record()
    press_and_hear(orca, key, words)
    positions = []
    deadline = time.time() + 20
    while time.time() < deadline and last not in orca.speech().split(words)[-1]:
        positions.append(selected_point(group))
        time.sleep(0.1)
    check(last in orca.speech().split(words)[-1], "%s: when the sound ends, the focus lands on %r" % (key, last))
    sound.wait_for_silence()
    return positions, sound.loud_seconds()


def ranges_with_orca():
    """births.csv: Shift+Right selects 1930 to 1945 and Orca says the range at each step; Shift+S describes it
    alone; R plays it at the whole chart's pace with the cursor inside it; Z zooms to it (16 elements on the
    bus, the chart's name says so) and Shift+Z back out; H and Shift+H play up to and on from the cursor; M
    marks a range that plain arrows extend, and Escape clears it."""
    print("Selecting, describing, playing and zooming a range of births.csv, with Orca")
    with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
        group = chart_group(app, BIRTHS_TITLE)
        press_and_hear(orca, "r", "No range is selected. Shift+Right selects from this point on")
        press_and_hear(orca, "ctrl+Right", "1922,")
        press_and_hear(orca, "ctrl+Right", "1927,")
        for year in (1928, 1929, 1930):
            press_and_hear(orca, "Right", "%d," % year)
        for k in range(1, 16):
            press_and_hear(orca, "shift+Right", "1930 to %d, %d points" % (1930 + k, k + 1))
        check(selected_point(group) == 29, "the cursor is on 1945, point 29: %r" % group.name)
        screenshot(os.path.join(OUT, "births-range-selected.png"))
        press_and_hear(orca, "shift+s", "Birth rate: 16 values from 1930 to 1945, ranging from 179 births per "
                                        "10,000 people in 1935 to 222 births per 10,000 people in 1945")

        positions, heard = play_and_follow(orca, sound, group, "r", "Playing 1930 to 1945, 16 points",
                                           "1945, 222 births per 10,000 people, point 29 of 59")
        moved = [p for p in positions if p]
        check(moved and min(moved) >= 14 and max(moved) <= 29 and len(set(moved)) >= 5,
              "while the range plays the cursor moves inside it, points 14 to 29: %r" % sorted(set(moved)))
        # The whole chart plays in 10 s; its 16 points of 59 at the same pace take 2.7 s.
        check(1.8 < heard < 4.0, "the range played at the whole chart's pace: %.1f s of sound" % heard)

        press_and_hear(orca, "z", "Zoomed to 1930 to 1945, 16 points")
        items = find_all(app, lambda n: n.getRoleName() == "list item" and " of 16" in (n.name or ""))
        check(len(items) == 16 and items[0].name.startswith("1930, 195 births"),
              "zoomed, the bus holds the range's 16 points: %r" % [i.name for i in items[:1]])
        check("point 16 of 16 selected, zoomed to 1930 to 1945, 16 points" in (group.name or ""),
              "the chart's name says it is zoomed, the cursor still on 1945: %r" % group.name)
        screenshot(os.path.join(OUT, "births-zoomed.png"))
        press_and_hear(orca, "Home", "1930, 195 births per 10,000 people, point 1 of 16")
        press_and_hear(orca, "Left", "Start of data")
        press_and_hear(orca, "s", "Birth rate by year, 1930 to 1945: falls to a low of 179")
        press_and_hear(orca, "End", "point 16 of 16")
        press_and_hear(orca, "shift+z", "Whole chart, 1917 to 1975, 59 points")
        check(selected_point(group) == 29 and "zoomed" not in (group.name or ""),
              "zoomed out, the cursor is on 1945 of the whole chart again: %r" % group.name)

        positions, heard = play_and_follow(orca, sound, group, "h", "Playing from the start to here",
                                           "1945, 222 births per 10,000 people, point 29 of 59")
        moved = [p for p in positions if p]
        # The cursor is sampled over AT-SPI, which a busy machine slows: the first points can pass unseen, so
        # the start is checked against the range played before (14), and the length by the sound's.
        check(moved and min(moved) < 14 and max(moved) <= 29,
              "H plays from the first point to the cursor: %r" % sorted(set(moved)))
        # 29 of 59 points at the whole chart's pace (10 s): about 4.8 s.
        check(3.5 < heard < 6.5, "H played points 1 to 29 at the whole chart's pace: %.1f s of sound" % heard)
        check(3.5 < heard < 6.5, "29 of 59 points at the whole chart's pace: %.1f s of sound" % heard)
        positions, heard = play_and_follow(orca, sound, group, "shift+h", "Playing from here to the end",
                                           "1975, 195 births per 10,000 people, point 59 of 59")
        moved = [p for p in positions if p]
        check(moved and min(moved) >= 29, "Shift+H plays from the cursor to the last point: %r" % sorted(set(moved)))

        press_and_hear(orca, "m", "Range starts at 1975")
        press_and_hear(orca, "Left", "1974,")
        press_and_hear(orca, "Left", "1973,")
        press_and_hear(orca, "shift+s", "3 values from 1973 to 1975")
        press_and_hear(orca, "Escape", "Selection cleared")
        press_and_hear(orca, "z", "No range is selected")


def reference_level_with_orca():
    """births.csv: L sets the reference level at the mean, drawn and remembered; stepping across it says
    "crossed the mean" at the first step that reaches the other side (the mean is 222.1, 1924's 222 below);
    at the median (222) 1924 lies on the level, so the crossing is the step on to 1925; L goes on through
    zero to none."""
    print("A reference level at the mean of births.csv, with Orca")
    with example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
        press_and_hear(orca, "l", "Reference level: Mean: 222 births per 10,000 people")
        settings = os.path.join(sound.folder, "config", "audiograph", "settings.json")
        check(wait_until(lambda: json.load(open(settings)).get("referenceLevel") == "mean",
                                    "settings.json to hold the level"), "settings.json remembers the level at the mean")
        screenshot(os.path.join(OUT, "births-reference-mean.png"))
        # The mean is 222.1: 1924's 222 is already below it.
        for year in range(1918, 1924):
            said = press_and_hear(orca, "Right", "%d," % year)
            check("crossed" not in said, "%d is not across the mean yet: %r" % (year, said.replace("\n", " | ")[-120:]))
        press_and_hear(orca, "Right", "crossed the mean")
        press_and_hear(orca, "Left", "crossed the mean")
        # The median is 222 itself: 1924 lies on it, so the crossing is the step on to 1925.
        press_and_hear(orca, "l", "Reference level: Median: 222 births per 10,000 people")
        said = press_and_hear(orca, "Right", "1924,")
        check("crossed" not in said, "landing on the median is not crossing it: %r" % said.replace("\n", " | ")[-120:])
        press_and_hear(orca, "Right", "crossed the median")
        press_and_hear(orca, "l", "Reference level: Zero")
        press_and_hear(orca, "l", "Reference level off")
        said = press_and_hear(orca, "Left", "1924,")
        check("crossed" not in said, "without a level nothing is crossed: %r" % said.replace("\n", " | ")[-120:])


def comparing_series_with_orca():
    """stocks-long.csv: C compares ACME with BOLT, and each point then says both values and the difference;
    Shift+C goes through together and the difference; Space plays the two in turns, one note each per date
    (120 separate notes at the sink for 60 dates); C goes on to CRUX, then off, and Page Down ends it."""
    print("Comparing ACME with BOLT in stocks-long.csv, with Orca")
    with example_with_orca("stocks-long.csv", "point 1 of 60") as (orca, sound, app):
        press_and_hear(orca, "c", "Comparing ACME and BOLT in turns")
        press_and_hear(orca, "Right", "January 3, 2024, ACME 122.30, BOLT ")
        said = orca.speech().split("January 3, 2024, ACME 122.30, BOLT ")[-1]
        check(", difference " in said and "point 2 of 60" in said, "the difference and the position follow: %r" % said[:80])
        press_and_hear(orca, "shift+c", "Hearing ACME on the left and BOLT on the right")
        press_and_hear(orca, "shift+c", "Hearing ACME minus BOLT")
        press_and_hear(orca, "shift+c", "Hearing ACME and BOLT in turns")
        press_and_hear(orca, "Home", "January 2, 2024, ACME 120.00, BOLT 45.00, difference 75.00, point 1 of 60")
        # Recorded as the chart kinds' notes are: once Home's own notes have played out (a rehearsal under load
        # counted their last 20 ms as a 121st note).
        # Bridged over 15 ms: a rehearsal's recording lost 10 ms in the middle of one 30 ms note (the sink's, not the
        # app's: no device gap), leaving two 15 ms halves that each count as a click; the notes themselves stand
        # 20 ms or more apart.
        notes, gaps = notes_played(orca, sound, "point 60 of 60", "comparison-played", bridge_ms=15)
        check(heard_notes(notes, gaps, 120), "ACME and BOLT in turns: %d separate notes for 60 dates (%d device gaps) %r"
              % (len(notes), gaps, notes[:6]))
        press_and_hear(orca, "c", "Comparing ACME and CRUX in turns")
        press_and_hear(orca, "c", "Comparison off")
        said = press_and_hear(orca, "Left", "point 59 of 60")
        check("BOLT" not in said and "CRUX" not in said, "off, a point says ACME's value alone: %r" % said[-80:])
        press_and_hear(orca, "c", "Comparing ACME and BOLT in turns")
        press_and_hear(orca, "Page_Down", "Comparison off")


def list_items(app, total):
    """The chart's elements named "… of `total`" on the AT-SPI bus."""
    return find_all(app, lambda n: n.getRoleName() == "list item" and (n.name or "").endswith(" of %d" % total))


def wait_for_items(app, total):
    """Waits until the bus holds `total` elements "… of `total`"; returns them."""
    return wait_until(lambda: len(list_items(app, total)) == total and list_items(app, total),
                                 "%d elements on the bus" % total) or []


def append(path, text):
    """Appends `text` to the file, as a logger does (one write)."""
    with open(path, "a") as f:
        f.write(text)


def hear(orca, words, since, what, timeout=8):
    """Waits until Orca has said `words` after `since` (a length of its speech before the change)."""
    deadline = time.time() + timeout
    while time.time() < deadline and words not in orca.speech()[since:]:
        time.sleep(0.1)
    check(words in orca.speech()[since:], "%s: Orca says %r (said %r)" % (what, words, orca.speech()[since:].replace("\n", " | ")[:300]))


def polls(sound):
    """How many times the viewer has looked at its followed file (its trace's follow-polled marks)."""
    return trace_count(sound.app_log, "follow-polled")


def append_and_wait_for_a_look(sound, path, text):
    """Appends `text` and waits until the viewer has looked at the file since (a poll ended after it)."""
    before = polls(sound)
    append(path, text)
    check(wait_until(lambda: polls(sound) > before, "the viewer to look at the file"),
          "the viewer looked at the file after the append")


def append_and_hear(orca, path, text, words, what):
    """Appends `text` to the followed file and waits until Orca has said `words`."""
    before = len(orca.speech())
    append(path, text)
    hear(orca, words, before, what)


def following_a_file_with_orca():
    """A sensor log grows while the viewer follows it (View ▸ Follow File, Ctrl+Shift+F): one appended row
    is said with its words and heard, the bus grows by one element and the focus stays on the person's
    point; twelve rows at once are said as "12 new points, latest …"; a half-written last line waits for its
    end; a file cut short is read again from the start and said; Ctrl+Shift+F again stops following. Then
    `audiograph --follow FILE` follows from the start."""
    print("Following a growing sensor log, with Orca")
    folder = tempfile.mkdtemp(prefix="follow-")
    log = os.path.join(folder, "sensor.csv")
    with open(log, "w") as f:
        f.write("Minute,Temperature (°C)\n" + "".join("%d,%.1f\n" % (m, 20 + m / 10) for m in range(1, 6)))
    try:
        with example_with_orca("sensor.csv", "point 1 of 5", folder=folder) as (orca, sound, app):
            group = chart_group(app, "Temperature by minute")
            press_and_hear(orca, "End", "point 5 of 5")
            press_and_hear(orca, "ctrl+shift+f", "Following sensor.csv: new rows play and are said as they arrive")
            harness.wait_for_trace_quiet(sound.app_log)  # End's tone has played out: the next sound is the new point's
            writes = harness.first_writes(sound)
            append_and_hear(orca, log, "6,21.5\n", "6, 21.5 °C", "one row appended")
            check(len(wait_for_items(app, 6)) == 6, "the bus has the new point: 6 elements")
            check(selected_point(group) == 5 and (group.name or "").endswith("following its file"),
                  "the cursor stays on point 5, and the chart's name says the file is followed: %r" % group.name)
            # The app's trace says when a sound starts reaching the device; the paced sink's recording, read
            # after the fact, missed this short tone once under load (CI rehearsal, 2026-11-27).
            harness.check_tone(sound, writes, "the new point")
            append_and_hear(orca, log, "".join("%d,%.1f\n" % (m, 22 + m / 10) for m in range(7, 19)),
                            "12 new points, latest 23.8 °C", "twelve rows appended at once")
            check(len(wait_for_items(app, 18)) == 18, "18 elements after twelve more rows")
            press_and_hear(orca, "End", "18, 23.8 °C, point 18 of 18")
            append_and_wait_for_a_look(sound, log, "19,2")
            check(len(list_items(app, 18)) == 18 and "19, 2" not in orca.speech(), "a half-written line waits for its end")
            append_and_hear(orca, log, "4.5\n", "19, 24.5 °C", "the half line ended")
            with open(log + ".new", "w") as f:
                f.write("Minute,Temperature (°C)\n1,19.0\n2,19.5\n3,20.0\n")
            before = len(orca.speech())
            os.truncate(log, 0)
            append(log, open(log + ".new").read())
            hear(orca, "sensor.csv got shorter; reading it again from the start.", before, "the file cut short")
            check(len(wait_for_items(app, 3)) == 3, "read again from the start: 3 elements")
            press_and_hear(orca, "ctrl+shift+f", "Stopped following sensor.csv")
            before, looked = len(orca.speech()), polls(sound)
            append(log, "4,20.5\n")
            # Nothing may happen now: longer than the follower's 2 s fallback look, no look, nothing said.
            late = wait_until(lambda: polls(sound) > looked, "no look at the file (none is due)", timeout=2.5)
            check(not late and len(list_items(app, 4)) == 0 and "20.5" not in orca.speech()[before:],
                  "no longer followed: no look at the file, nothing said")
        with example_with_orca("sensor.csv", "point 1 of 4", folder=folder, args=["--follow"]) as (orca, sound, app):
            # Following may begin before Orca reads the window: the chart's name says it.
            hear(orca, "point 1 of 4 selected, following its file", 0, "--follow")
            append_and_hear(orca, log, "5,21.0\n", "5, 21.0 °C", "a row appended with --follow")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def ranges_of_a_histogram_with_orca():
    """A histogram's bins cannot be cut (their mean and median come from the whole column): Orca says so
    instead of selecting."""
    print("A histogram says its bins cannot be a range, with Orca")
    with example_with_orca("eruptions.csv", "bin 1 of 8") as (orca, _, _):
        press_and_hear(orca, "shift+Right", "A histogram's bins cannot be selected as a range")
        press_and_hear(orca, "h", "A histogram's bins cannot be selected as a range")


TESTS = [ranges_with_orca, ranges_of_a_histogram_with_orca, reference_level_with_orca, comparing_series_with_orca,
         following_a_file_with_orca]


if __name__ == "__main__":
    harness.main(TESTS, "exploring", fresh_bus=True)
