#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads a JSON table into a table with pandas, polars or DuckDB (bench/json-vs-peers.sh) and prints its
rows and columns: what `audiograph-bench read FILE.json` does, by each peer's own JSON reader. SHAPE is
records (an array of records, the default), columns, lists or split; polars and DuckDB read records only.
    json_peers.py pandas|polars|duckdb FILE.json [SHAPE]
"""
import sys

tool, path = sys.argv[1], sys.argv[2]
shape = sys.argv[3] if len(sys.argv) > 3 else "records"
if shape != "records" and tool != "pandas":
    sys.exit("json_peers.py: %s reads only an array of records as a table" % tool)
if tool == "pandas":
    import pandas
    # pandas reads an object of lists as its "columns" shape.
    frame = pandas.read_json(path, orient="columns" if shape == "lists" else shape)
    shape = frame.shape
elif tool == "polars":
    import polars
    frame = polars.read_json(path)
    shape = frame.shape
elif tool == "duckdb":
    import duckdb
    # Every column materialised, as the others do (count(*) alone would skip parsing the values).
    connection = duckdb.connect()
    connection.execute("create table t as select * from read_json_auto(?, format='array')", [path])
    shape = connection.execute("select count(*) from t").fetchall()[0][0], len(connection.execute("describe t").fetchall())
else:
    sys.exit("json_peers.py: no such tool %r" % tool)
print(tool, shape)
