#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Agreement of the chart guess with a person's reading of a seeded random sample of tables.

    Tests/corpus/check_reading.py [--cli PATH] [--sample FILE] [--min-rate R] [--list]

reading-sample.json holds 210 Rdatasets tables drawn at random (seed and method in the file), each with the
chart a statistician would draw first and why, written without looking at the program's guess (kinds, roles
and fields as in labels.json; "confidence" is "clear" or "taste" where two charts are as defensible). Each
table is compared as check_labels.py compares a label. Prints the agreement overall and on the "clear"
tables, the mismatches with --list, and exits 1 when the agreement on "clear" tables is below --min-rate.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_corpus  # noqa: E402
import check_labels  # noqa: E402
import export_rdatasets  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=check_corpus.default_cli())
    ap.add_argument("--sample", default=os.path.join(HERE, "reading-sample.json"))
    ap.add_argument("--dir", help="a folder the tables are already exported to (default: export to a temporary one)")
    ap.add_argument("--min-rate", type=float, default=0.0, help="least agreement on the clear tables (0 to 1)")
    ap.add_argument("--list", action="store_true", help="print each mismatch")
    ap.add_argument("--timeout", type=float, default=20.0)
    args = ap.parse_args()
    with open(args.sample, encoding="utf-8") as f:
        tables = json.load(f)["tables"]
    folder = args.dir or tempfile.mkdtemp(prefix="audiograph-reading-")
    agree = {"clear": [0, 0], "taste": [0, 0]}
    try:
        if not args.dir:
            export_rdatasets.export(folder, names=[t["table"] for t in tables], quiet=True)
        for entry in tables:
            package, name = entry["table"].split("/", 1)
            path = os.path.join(folder, export_rdatasets.csv_name(package, name))
            status, out, err, _ = check_corpus.run_cli(args.cli, path, args.timeout)
            doc = {}
            if status == 0:
                try:
                    doc = json.loads(out)
                except ValueError:
                    status = -1000
            problems = ["no answer"] if status is None else check_labels.compare(entry, path, status, doc, err)
            bucket = agree[entry.get("confidence", "clear")]
            bucket[1] += 1
            if problems:
                if args.list:
                    print(f"{entry['table']} ({entry.get('confidence')}): " + "; ".join(problems))
            else:
                bucket[0] += 1
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)
    total = [agree["clear"][0] + agree["taste"][0], agree["clear"][1] + agree["taste"][1]]
    for name, (a, n) in [("clear", agree["clear"]), ("taste", agree["taste"]), ("all", total)]:
        print(f"{name}: {a} of {n} tables agree ({100 * a / max(n, 1):.1f}%)")
    rate = agree["clear"][0] / max(agree["clear"][1], 1)
    return 1 if rate < args.min_rate else 0


if __name__ == "__main__":
    sys.exit(main())
