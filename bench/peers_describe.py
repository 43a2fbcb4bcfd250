#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The statistics `audiograph-cli describe` reports, computed by a peer tool, for timing side by side.

    python3 bench/peers_describe.py duckdb|polars|pandas FILE.csv [--by COLUMN]

Reads FILE.csv and computes, for every numeric column but the first (x, as describe takes it; each group's
values with --by, as describe does for a long table's series): count, min, max, mean, median and sample
standard deviation. Prints JSON. Start-up
and imports are inside the timing, as for the Swift command; each tool uses all cores it wants.
"""
import json
import sys

STATS = ("count", "min", "max", "mean", "median", "std")


def with_duckdb(path, by):
    import duckdb
    con = duckdb.connect()
    rel = con.read_csv(path)
    numeric = [c for c, t in zip(rel.columns, rel.dtypes)
               if str(t) in ("DOUBLE", "BIGINT", "INTEGER", "FLOAT") and c not in (by, rel.columns[0])]
    parts = ", ".join("count(%s), min(%s), max(%s), avg(%s), median(%s), stddev_samp(%s)" % ((f'"{c}"',) * 6)
                      for c in numeric)
    if by:
        rows = con.sql('SELECT "%s", %s FROM rel GROUP BY "%s"' % (by, parts, by)).fetchall()
        return {str(r[0]): dict(zip(numeric, chunks(r[1:]))) for r in rows}
    return dict(zip(numeric, chunks(con.sql("SELECT %s FROM rel" % parts).fetchall()[0])))


def with_polars(path, by):
    import polars as pl
    frame = pl.scan_csv(path, try_parse_dates=True)
    schema = frame.collect_schema()
    first = next(iter(schema))
    numeric = [c for c, t in schema.items() if t.is_numeric() and c not in (by, first)]
    exprs = [e for c in numeric for e in (pl.col(c).count().alias(c + ":count"), pl.col(c).min().alias(c + ":min"),
                                          pl.col(c).max().alias(c + ":max"), pl.col(c).mean().alias(c + ":mean"),
                                          pl.col(c).median().alias(c + ":median"), pl.col(c).std().alias(c + ":std"))]
    if by:
        out = frame.group_by(by).agg(exprs).collect()
        return {str(row[by]): grouped(row, numeric) for row in out.iter_rows(named=True)}
    return grouped(frame.select(exprs).collect().row(0, named=True), numeric)


def with_pandas(path, by):
    import pandas as pd
    frame = pd.read_csv(path)
    numeric = [c for c in frame.columns[1:] if pd.api.types.is_numeric_dtype(frame[c]) and c != by]
    agg = ["count", "min", "max", "mean", "median", "std"]
    if by:
        out = frame.groupby(by)[numeric].agg(agg)
        return {str(k): {c: [float(out.loc[k, (c, s)]) for s in agg] for c in numeric} for k in out.index}
    return {c: [float(frame[c].agg(s)) for s in agg] for c in numeric}


def chunks(values):
    values = list(values)
    return [[float(v) if v is not None else None for v in values[i:i + 6]] for i in range(0, len(values), 6)]


def grouped(row, numeric):
    return {c: [None if row[c + ":" + s] is None else float(row[c + ":" + s]) for s in STATS] for c in numeric}


def main():
    if len(sys.argv) not in (3, 5) or sys.argv[1] not in ("duckdb", "polars", "pandas"):
        sys.exit(__doc__.strip().splitlines()[2].strip())
    by = sys.argv[4] if len(sys.argv) == 5 and sys.argv[3] == "--by" else None
    result = {"duckdb": with_duckdb, "polars": with_polars, "pandas": with_pandas}[sys.argv[1]](sys.argv[2], by)
    json.dump({"stats": STATS, "columns": result}, sys.stdout)


if __name__ == "__main__":
    main()
