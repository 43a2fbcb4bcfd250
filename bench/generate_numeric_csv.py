#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a ROWS x 4 numeric CSV for benchmarks: header x,a,b,c.

    python3 bench/generate_numeric_csv.py ROWS OUT.csv

x: row index 0..ROWS-1 (monotonic); a: random walk; b: sine + noise;
c: linear trend (0 to ~1000) + noise, with 5 spikes of ±200. Fixed seed, 4 decimals.
"""
import sys

import numpy as np

SEED = 12345
CHUNK = 200_000


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    rows, out = int(sys.argv[1]), sys.argv[2]
    rng = np.random.default_rng(SEED)
    x = np.arange(rows, dtype=np.float64)
    a = 100 + np.cumsum(rng.normal(0, 1, rows))
    b = 10 * np.sin(2 * np.pi * x / max(rows / 5, 1)) + rng.normal(0, 1, rows)
    c = 0.001 * x + rng.normal(0, 2, rows)
    spikes = rng.choice(rows, size=min(5, rows), replace=False)
    c[spikes] += 200 * rng.choice([-1, 1], size=spikes.size)
    data = np.column_stack([x, a, b, c])
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("x,a,b,c\n")
        for start in range(0, rows, CHUNK):
            np.savetxt(f, data[start:start + CHUNK], fmt=["%d", "%.4f", "%.4f", "%.4f"],
                       delimiter=",", newline="\n")


if __name__ == "__main__":
    main()
