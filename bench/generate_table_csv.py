#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a benchmark table: ROWS rows of x and COLUMNS-1 numeric series, or a long table of dates, a text
series column and a value.

    python3 bench/generate_table_csv.py wide ROWS COLUMNS OUT.csv   # x,s1,s2,… (random walks, 4 decimals)
    python3 bench/generate_table_csv.py long ROWS OUT.csv           # time,series,value: 4 series, one row each a minute
    python3 bench/generate_table_csv.py scatter ROWS OUT.csv        # height,weight: a correlated cloud, x unsorted
    python3 bench/generate_table_csv.py text ROWS OUT.csv           # x,name,value: a unique name on every row

Fixed seed; written in chunks so ten million rows take little memory.
"""
import sys

import numpy as np

SEED = 2026
CHUNK = 500_000


def wide(rows, columns, out):
    rng = np.random.default_rng(SEED)
    level = np.full(columns - 1, 100.0)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(",".join(["x"] + ["s%d" % k for k in range(1, columns)]) + "\n")
        for start in range(0, rows, CHUNK):
            n = min(CHUNK, rows - start)
            walk = level + np.cumsum(rng.normal(0, 1, (n, columns - 1)), axis=0)
            level = walk[-1]
            x = np.arange(start, start + n).reshape(-1, 1)
            np.savetxt(f, np.hstack([x, walk]), fmt=["%d"] + ["%.4f"] * (columns - 1), delimiter=",")


def long(rows, out):
    rng = np.random.default_rng(SEED)
    names = ["ACME", "BOLT", "CRUX", "DUNE"]
    start = np.datetime64("2024-01-01T00:00")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("time,series,value\n")
        for first in range(0, rows, CHUNK):
            n = min(CHUNK, rows - first)
            index = np.arange(first, first + n)
            minutes = start + (index // len(names)).astype("timedelta64[m]")
            values = 100 + rng.normal(0, 5, n)
            f.write("".join("%s,%s,%.2f\n" % (str(m).replace("T", " "), names[i % len(names)], v)
                            for m, i, v in zip(minutes, index, values)))


def scatter(rows, out):
    rng = np.random.default_rng(SEED)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("height,weight\n")
        for first in range(0, rows, CHUNK):
            n = min(CHUNK, rows - first)
            height = rng.normal(170, 10, n)
            weight = 0.9 * height - 85 + rng.normal(0, 8, n)
            np.savetxt(f, np.column_stack([height, weight]), fmt="%.2f", delimiter=",")


def text(rows, out):
    rng = np.random.default_rng(SEED)
    level = 100.0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("x,name,value\n")
        for first in range(0, rows, CHUNK):
            n = min(CHUNK, rows - first)
            values = level + np.cumsum(rng.normal(0, 1, n))
            level = values[-1]
            tags = rng.integers(0, 16 ** 6, n)
            f.write("".join("%d,sensor %07d-%06x,%.3f\n" % (first + k, first + k, tags[k], values[k]) for k in range(n)))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "wide":
        wide(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "long":
        long(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "text":
        text(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "scatter":
        scatter(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(__doc__.strip().splitlines()[2].strip())


if __name__ == "__main__":
    main()
