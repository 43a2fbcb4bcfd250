#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The chart kinds of issue 17 in the viewer, with real Orca and a paced sound sink: what Orca says while a
person steps through each kind by keyboard, the elements on the AT-SPI bus, and what reaches the speakers.

Run inside a virtual display with an accessibility bus (Tests/gui/run-gui-tests.sh chart_kinds_tests), or
name some tests: chart_kinds_tests.py histogram_with_orca."""
import os
import shutil
import sys
import tempfile
import time

import a11y_tests
from a11y_tests import (DATA, Orca, PacedSound, app_node, check, find_all, press_and_hear, settle_in_chart,
                        start_app, stop)
from desktop_session import wait_for_window


def histogram_with_orca():
    """data/eruptions.csv (Old Faithful) opens as a histogram: each bin is an element named with its span and
    count, Orca says them as the arrows move, and Space plays one note per bin."""
    print("Histogram of Old Faithful's eruptions, with Orca")
    home = tempfile.mkdtemp(prefix="kinds-")
    sound = PacedSound(home)
    orca = Orca()
    process = start_app(os.path.join(DATA, "eruptions.csv"), home, sound.app_env())
    try:
        window = wait_for_window("eruptions.csv")
        settle_in_chart(orca, window, first="bin 1 of 8")
        check("Distribution of eruption, histogram, bin 1 of 8 selected" in orca.speech(),
              "entering the chart says its title and kind: %r" % orca.speech().replace("\n", " | ")[-300:])
        app = app_node(process.pid)
        items = find_all(app, lambda n: n.getRoleName() == "list item" and ", bin " in (n.name or ""))
        check(len(items) == 8 and items[1].name == "2.0 to 2.5 minutes: 41 values, bin 2 of 8",
              "the bus holds one element per bin, named with its span and count: %r" % [i.name for i in items[:2]])
        press_and_hear(orca, "Right", "2.0 to 2.5 minutes: 41 values, bin 2 of 8")
        press_and_hear(orca, "End", "5.0 to 5.5 minutes: 4 values, bin 8 of 8")
        press_and_hear(orca, "bracketright", "Highest value")
        press_and_hear(orca, "s", "272 values from 1.600 to 5.100 minutes in 8 bins")
        press_and_hear(orca, "Home", "bin 1 of 8")
        time.sleep(0.5)
        sound.record()  # the notes heard while stepping are not the graph's
        press_and_hear(orca, "space", "Playing")
        deadline = time.time() + 15
        while time.time() < deadline and "bin 8 of 8." not in orca.speech().split("Playing")[-1]:
            time.sleep(0.3)
        time.sleep(1)
        notes = sound.note_onsets()
        check(notes == 8, "the sink heard one separate note per bin: %d notes" % notes)
    finally:
        stop(process)
        orca.stop()
        sound.stop()
        shutil.rmtree(home, ignore_errors=True)


TESTS = [histogram_with_orca]


def main():
    """Runs every test, or those named on the command line."""
    a11y_tests.run_tests(TESTS, sys.argv[1:], "chart kind")


if __name__ == "__main__":
    main()
