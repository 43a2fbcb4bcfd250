# SPDX-License-Identifier: GPL-3.0-or-later
"""Write POINTS rows of one series, header `x,y`, to OUT.csv (numpy, fixed seed).

    python generate_series_csv.py POINTS OUT.csv

x is the row index 0..POINTS-1. y is a sine with 4 periods over the series, amplitude 1, on a linear
trend that rises by 3 over the series, plus Gaussian noise (sd 0.15) and 3 spikes (+2.5, -2, +3) at
20 %, 55 % and 85 % of the way. Values have 4 decimals. The shape depends only on POINTS.
"""
import sys

import numpy as np

points, out = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(20261122)
x = np.arange(points)
t = x / max(points - 1, 1)
y = 3.0 * t + np.sin(2 * np.pi * 4 * t) + rng.normal(0, 0.15, points)
for where, size in ((0.20, 2.5), (0.55, -2.0), (0.85, 3.0)):
    y[int(where * (points - 1))] += size
np.savetxt(out, np.column_stack([x, y]), fmt=["%d", "%.4f"], delimiter=",", header="x,y", comments="")
