# SPDX-License-Identifier: GPL-3.0-or-later
"""What check_workbooks.py and check_json.py share: the chart `describe --json` gives for a file, and
whether two such charts are the same."""
import json
import math
import subprocess


def describe(cli, path, words=False):
    """The chart `describe --json` gives for `path`, without its title, notes and sheet (which say what kind of
    file it is), and without its words (summary, descriptions) unless `words`."""
    done = subprocess.run([cli, "describe", "--json", path], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        return {"error": done.returncode, "message": done.stderr.split(": ", 2)[-1].strip()}
    chart = json.loads(done.stdout)
    for key in ("title", "warnings", "sheet"):
        chart.pop(key, None)
    if not words:
        chart.pop("summary", None)
        chart.pop("reason", None)  # its formulas' coefficients follow the digits each format writes
        for series in chart.get("series", []):
            series.pop("description", None)
    return chart


def same(a, b, fold_case=False):
    """Equal: numbers to a relative 1e-9; with `fold_case`, text ignoring case."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    if fold_case and isinstance(a, str) and isinstance(b, str):
        return a.casefold() == b.casefold()
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k], fold_case) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y, fold_case) for x, y in zip(a, b))
    return a == b
