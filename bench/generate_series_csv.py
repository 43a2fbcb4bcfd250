# SPDX-License-Identifier: GPL-3.0-or-later
"""Write POINTS rows of one series, header `x,y`, to OUT.csv (numpy, fixed seed).

    python generate_series_csv.py POINTS OUT.csv

x is the row index 0..POINTS-1. y is a sine with 4 periods over the series, amplitude 1, on a linear
trend that rises by 3 over the series, plus Gaussian noise (sd 0.15) and 3 spikes (+2.5, -2, +3) at
20 %, 55 % and 85 % of the way. Values have 4 decimals. The shape depends only on POINTS. Written a
million rows at a time (a hundred million rows is 1.6 GB), to a temporary name renamed at the end.
"""
import os
import sys

import numpy as np

points, out = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(20261122)
spikes = {int(where * (points - 1)): size for where, size in ((0.20, 2.5), (0.55, -2.0), (0.85, 3.0))}
step = 1_000_000
partial = out + ".partial"
with open(partial, "w") as f:
    f.write("x,y\n")
    for start in range(0, points, step):
        x = np.arange(start, min(points, start + step))
        t = x / max(points - 1, 1)
        y = 3.0 * t + np.sin(2 * np.pi * 4 * t) + rng.normal(0, 0.15, len(x))
        for where, size in spikes.items():
            if start <= where < start + len(x):
                y[where - start] += size
        np.savetxt(f, np.column_stack([x, y]), fmt=["%d", "%.4f"], delimiter=",")
os.replace(partial, out)
