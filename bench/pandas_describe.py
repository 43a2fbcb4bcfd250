#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference implementation of `audiograph-cli describe` statistics in pandas.

    python3 bench/pandas_describe.py FILE.csv

The first column is x; every other numeric column is a series against x. Per
series: count, missing, min/max with their x, mean, median, sample std
(ddof=1), least-squares slope and r², a Kendall tau-b trend (on the means of
2000 equal-count buckets above 3000 points), and outliers = robust z-scores of
residuals from a centred rolling median (window 5) with
|0.6745 (r - median) / MAD| > 3.5. Prints a JSON summary.
Used to compare end-to-end speed (read CSV + statistics) with the Swift CLI;
details (p-value method, rolling-median ends) may differ from the Swift code.
"""
import time

T_START = time.perf_counter()  # before the heavy imports, to report their cost

import json  # noqa: E402
import sys  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from scipy.stats import kendalltau  # noqa: E402

MAX_BUCKETS = 2000
BUCKET_ABOVE = 3000
WINDOW = 5
Z_LIMIT = 3.5


def num(v):
    v = float(v)
    return v if np.isfinite(v) else None


def describe(x, y):
    ok = y.notna() & x.notna()
    xs, ys = x[ok].to_numpy(np.float64), y[ok].to_numpy(np.float64)
    n = ys.size
    out = {"count": int(n), "missing": int(y.size - n)}
    if n == 0:
        return out
    imin, imax = int(ys.argmin()), int(ys.argmax())
    out.update(min={"x": num(xs[imin]), "y": num(ys[imin])},
               max={"x": num(xs[imax]), "y": num(ys[imax])},
               mean=num(ys.mean()), median=num(np.median(ys)),
               std=num(ys.std(ddof=1)) if n > 1 else None)
    if n > 1 and xs.std() > 0:
        slope, intercept = np.polyfit(xs, ys, 1)
        r = np.corrcoef(xs, ys)[0, 1]
        out.update(slope=num(slope), intercept=num(intercept), r2=num(r * r))
    # Trend: Kendall tau-b of x vs y, on the means of 2000 equal-count buckets when n > 3000.
    k = n if n <= BUCKET_ABOVE else MAX_BUCKETS
    bucket = (np.arange(n) * k) // n
    means = pd.DataFrame({"x": xs, "y": ys}).groupby(bucket).mean()
    if k > 2:
        tau, p = kendalltau(means["x"], means["y"])
        direction = "flat" if not p < 0.05 else ("rising" if tau > 0 else "falling")
        out["trend"] = {"points": k, "tau": num(tau), "p": num(p), "direction": direction}
    # Outliers: residuals from a centred rolling median, robust z-score.
    resid = ys - pd.Series(ys).rolling(WINDOW, center=True, min_periods=1).median().to_numpy()
    med = np.median(resid)
    mad = np.median(np.abs(resid - med))
    if mad > 0:
        z = 0.6745 * (resid - med) / mad
        idx = np.flatnonzero(np.abs(z) > Z_LIMIT)
        top = idx[np.argsort(-np.abs(z[idx]))[:10]]
        out["outliers"] = {"count": int(idx.size), "top": [
            {"x": num(xs[i]), "y": num(ys[i]), "z": num(z[i])} for i in top]}
    else:
        out["outliers"] = {"count": 0, "top": []}
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: pandas_describe.py FILE.csv")
    t0 = time.perf_counter()
    df = pd.read_csv(sys.argv[1])
    t1 = time.perf_counter()
    xname = df.columns[0]
    if not df[xname].is_monotonic_increasing:
        df = df.sort_values(xname, kind="stable")
    # Non-numeric x (dates, categories): use the row position instead.
    x = df[xname] if pd.api.types.is_numeric_dtype(df[xname]) else pd.Series(
        np.arange(len(df), dtype=np.float64), index=df.index)
    series = {c: describe(x, df[c]) for c in df.columns[1:]
              if pd.api.types.is_numeric_dtype(df[c])}
    t2 = time.perf_counter()
    print(json.dumps({"file": sys.argv[1], "rows": len(df), "x": xname, "series": series,
                      "seconds": {"import": round(t0 - T_START, 3),
                                  "read": round(t1 - t0, 3), "stats": round(t2 - t1, 3)}},
                     indent=1))


if __name__ == "__main__":
    main()
