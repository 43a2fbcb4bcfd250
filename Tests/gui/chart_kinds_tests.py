#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The chart kinds of issue 17 in the viewer, with real Orca and a paced sound sink: what Orca says while a
person steps through each kind by keyboard, the elements on the AT-SPI bus, and what reaches the speakers.

Run inside a virtual display with an accessibility bus (Tests/gui/run-gui-tests.sh chart_kinds_tests), or
name some tests: chart_kinds_tests.py histogram_with_orca."""
import contextlib
import os
import shutil
import tempfile
import time

import harness
from harness import (DATA, OUT, Orca, PacedSound, app_node, check, example_with_orca, find_all, heard, notes_played,
                     press_and_hear, settle_in_chart, start_app, stop)
from desktop_session import wait_for_window


def histogram_with_orca():
    """data/eruptions.csv (Old Faithful) opens as a histogram: each bin is an element named with its span and
    count, Orca says them as the arrows move, and Space plays one note per bin."""
    print("Histogram of Old Faithful's eruptions, with Orca")
    with example_with_orca("eruptions.csv", "bin 1 of 8") as (orca, sound, app):
        check("Distribution of eruption, histogram, bin 1 of 8 selected" in orca.speech(),
              "entering the chart says its title and kind: %r" % orca.speech().replace("\n", " | ")[-300:])
        items = find_all(app, lambda n: n.getRoleName() == "list item" and ", bin " in (n.name or ""))
        check(len(items) == 8 and items[1].name == "2.0 to 2.5 minutes: 41 values, bin 2 of 8",
              "the bus holds one element per bin, named with its span and count: %r" % [i.name for i in items[:2]])
        press_and_hear(orca, "Right", "2.0 to 2.5 minutes: 41 values, bin 2 of 8")
        press_and_hear(orca, "End", "5.0 to 5.5 minutes: 4 values, bin 8 of 8")
        press_and_hear(orca, "bracketright", "Highest value")
        press_and_hear(orca, "Up", "First series")  # no parts in a bin: Up and Down go between series
        press_and_hear(orca, "s", "272 values from 1.6 to 5.1 minutes in 8 bins")
        press_and_hear(orca, "Home", "bin 1 of 8")
        # The notes stand 315 ms apart: a dropout shorter than 150 ms is still one note.
        notes, gaps = notes_played(orca, sound, "bin 8 of 8.", "histogram-played", bridge_ms=150)
        check(heard(notes, gaps, 8), "the sink heard one separate note per bin: %d notes %r" % (len(notes), notes))


def box_plot_with_orca():
    """data/chick-weights.csv (R's chickwts) opens as a box plot: Left and Right go from box to box, Up and Down
    through one box's whiskers, quartiles, median and outliers with Orca saying each, and Space plays each box
    as five rising notes."""
    print("Box plot of chick weights by feed, with Orca")
    with example_with_orca("chick-weights.csv", "box 1 of 6") as (orca, sound, app):
        check("Weight by feed, box plot, box 1 of 6 selected" in orca.speech(),
              "entering the chart says its title and kind: %r" % orca.speech().replace("\n", " | ")[-300:])
        items = find_all(app, lambda n: n.getRoleName() == "list item" and ", box " in (n.name or ""))
        check(len(items) == 6 and items[0].name.startswith("horsebean: median 152 g, quartiles 137 to 176 g"),
              "the bus holds one element per box, named with its numbers: %r" % [i.name for i in items[:1]])
        press_and_hear(orca, "Right", "linseed: median 221 g, quartiles 178 to 258 g, whiskers 141 to 309 g, 12 values, box 2 of 6")
        press_and_hear(orca, "End", "casein: median 342 g")
        press_and_hear(orca, "Left", "meatmeal")
        press_and_hear(orca, "Left", "sunflower: median 328 g, quartiles 313 to 340 g, whiskers 295 to 341 g, 12 values, 3 outliers, box 4 of 6")
        for words in ["third quartile: 340 g", "upper whisker: 341 g", "outlier: 392 g", "outlier: 423 g", "Top of the box plot"]:
            press_and_hear(orca, "Up", words)
        for words in ["outlier: 392 g", "upper whisker: 341 g", "third quartile: 340 g", "median: 328 g",
                      "first quartile: 313 g", "lower whisker: 295 g", "outlier: 226 g", "Bottom of the box plot"]:
            press_and_hear(orca, "Down", words)
        press_and_hear(orca, "Right", "meatmeal")
        press_and_hear(orca, "Down", "first quartile: 250 g")
        press_and_hear(orca, "Home", "box 1 of 6")
        # A box's notes stand 45 ms apart: a dropout shorter than 30 ms is still one note.
        notes, gaps = notes_played(orca, sound, "box 6 of 6.", "box-plot-played", bridge_ms=30)
        check(heard(notes, gaps, 30), "the sink heard five separate notes per box: %d notes for 6 boxes %r" % (len(notes), notes))


def candlestick_with_orca():
    """data/google-monthly.csv opens as a candlestick chart: Left and Right go from month to month, Down and Up
    read a candle's open, high, low, close and volume with Orca, and Space plays one glide per candle."""
    print("Candlesticks of Google's monthly prices, with Orca")
    with example_with_orca("google-monthly.csv", "candle 1 of 26") as (orca, sound, app):
        check("Google monthly prices, candlestick chart, candle 1 of 26 selected" in orca.speech(),
              "entering the chart says its title and kind: %r" % orca.speech().replace("\n", " | ")[-300:])
        press_and_hear(orca, "Right", "February 1, 2012: open 584.94, high 625.60, low 579.14, close 618.25 USD, rising, "
                                      "volume 2,525,000, candle 2 of 26")
        for words in ["open: 584.94 USD", "high: 625.60 USD", "low: 579.14 USD", "close: 618.25 USD", "volume: 2,525,000",
                      "Last value of the candle"]:
            press_and_hear(orca, "Down", words)
        for words in ["close: 618.25 USD", "low: 579.14 USD", "high: 625.60 USD", "open: 584.94 USD", "First value of the candle"]:
            press_and_hear(orca, "Up", words)
        press_and_hear(orca, "End", "candle 26 of 26")
        press_and_hear(orca, "s", "26 candles from January 3, 2012 to February 3, 2014")
        press_and_hear(orca, "Home", "candle 1 of 26")
        # A glide lasts 250 ms and the next starts ~120 ms after it ends: a dropout shorter than 60 ms is still one
        # glide (CI once heard candle 25 as 135 ms + 115 ms with a 15 ms hole the app's device never reported).
        notes, gaps = notes_played(orca, sound, "candle 26 of 26.", "candlestick-played", bridge_ms=60)
        check(heard(notes, gaps, 26), "the sink heard one separate glide per candle: %d for 26 candles %r" % (len(notes), notes))


def stacked_area_with_orca():
    """data/world-phones.csv (R's WorldPhones, a stacked area chart by its settings file): Down and Up go from
    layer to layer and on to the total, Orca says each, Space plays the layer in focus and Shift+Space every
    layer together, without the total."""
    print("Stacked areas of the world's telephones, with Orca")
    with example_with_orca("world-phones.csv", "point 1 of 7") as (orca, sound, app):
        check("Telephones in the world, by region, stacked area chart, 7 series, and their total, point 1 of 7 selected"
              in orca.speech(), "entering the chart says its title, kind and layers: %r"
              % orca.speech().replace("\n", " | ")[-300:])
        press_and_hear(orca, "End", "1961, 79,831 thousand phones, point 7 of 7")
        press_and_hear(orca, "Down", "Europe, series 2 of 8, 7 points")
        for layer in ["Asia", "South America", "Oceania", "Africa", "Middle America"]:
            press_and_hear(orca, "Down", layer + ", series")
        said = press_and_hear(orca, "Down", "Total, series 8 of 8, 7 points")
        check("1961, 141,700 thousand phones, point 7 of 7" in said, "the total's point is the sum of the layers: %r"
              % said.replace("\n", " | ")[:200])
        press_and_hear(orca, "Down", "Last series")
        press_and_hear(orca, "Home", "1951, 74,494 thousand phones, point 1 of 7")
        notes, gaps = notes_played(orca, sound, "point 7 of 7.", "total-played", share=0.05, bridge_ms=150)
        check(heard(notes, gaps, 1), "the total plays as one glide: %d sounds %r" % (len(notes), notes))
        press_and_hear(orca, "Up", "Middle America, series 7 of 8")
        press_and_hear(orca, "shift+space", "Playing all series")


def heatmap_with_orca():
    """data/occupational-mobility.csv (R's occupationalStatus, a heatmap by its settings file): Left and Right go
    along a row's columns, Down and Up from row to row in the same column, Orca says each cell with its row and
    column, and Space plays the row as one sweep."""
    print("Heatmap of fathers' and sons' occupational status, with Orca")
    with example_with_orca("occupational-mobility.csv", "column 1 of 8") as (orca, sound, app):
        check("Occupational status of British fathers and sons, 1949, heatmap, 8 rows by 8 columns, column 1 of 8 selected" in orca.speech(),
              "entering the chart says its title and kind: %r" % orca.speech().replace("\n", " | ")[-300:])
        press_and_hear(orca, "Right", "Father's status 1, Son's status 2: 19, column 2 of 8")
        press_and_hear(orca, "Down", "Father's status 2, row 2 of 8")
        said = orca.speech()
        check("Father's status 2, Son's status 2: 40, column 2 of 8" in said, "Down keeps the column: %r"
              % said.replace("\n", " | ")[-200:])
        for _ in range(4):
            press_and_hear(orca, "Down", "row")
        press_and_hear(orca, "End", "Father's status 6, Son's status 8: 177, column 8 of 8")
        press_and_hear(orca, "bracketright", "Father's status 6, Son's status 6: 554")
        press_and_hear(orca, "Up", "Father's status 5, row 5 of 8")
        press_and_hear(orca, "Home", "Father's status 5, Son's status 1: 2, column 1 of 8")
        # The sweep spans the pitch range, quieter at its low end: any sound above 5% of the loudest counts.
        notes, gaps = notes_played(orca, sound, "column 8 of 8.", "row-played", share=0.05, bridge_ms=150)
        check(heard(notes, gaps, 1), "the row plays as one sweep: %d sounds %r" % (len(notes), notes))


TESTS = [histogram_with_orca, box_plot_with_orca, candlestick_with_orca, stacked_area_with_orca, heatmap_with_orca]


if __name__ == "__main__":
    harness.main(TESTS, "chart kind", fresh_bus=True)
