# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads the sentences of one `describe --json` answer against the numbers in the same answer (issue 46).

Used by check_corpus.py on every table; each rule returns (rule, detail) pairs:
  trend-sign      a series is said "Overall increasing" while its least-squares slope is not above zero, or
                  "Overall decreasing" while it is not below zero, or the direction said is not the JSON's
  trend-unproven  a direction is said while the slope's p-value is 0.05 or more, its r² under 0.1, or the rank
                  test's p-value 0.05 or more (under ten values: |τ| under 0.6)
  trend-contradiction  a correlation sentence and a trend sentence of the same points disagree ("No clear trend"
                  beside "Strong positive correlation", "increasing" beside "negative correlation")
  few-values      a mean, median or standard deviation said of fewer than three values
  number-unit     an axis's unit is a bare number (a repeated header's "(2)" read as its unit: "6 2")
  diagonal        a heatmap's summary gives as an extreme a cell of a row with itself ("1.00 (a, a)") while every
                  such cell holds the same 1 or 0 (a correlation matrix, a table of distances)
  zeros           a mean, median, spread or difference ending in a zero past the data's decimals ("median 1.00"
                  of whole counts, "9.10" of values with one decimal) or past two decimals ("3.1200"), against the
                  decimals the file's values need (judge_digits, which reads the file)
  unlabelled      a scatter's outlier said by its coordinates alone ("107 (49.10) stands out") while a text
                  column headed as names (country, city, state, item, name …) names its rows, each name on five
                  rows or fewer on average (judge_labels, which reads the file)
"""
import re

WORD_RULES = {"trend-sign", "trend-unproven", "trend-contradiction", "few-values", "number-unit", "diagonal", "zeros",
              "digits", "unlabelled"}
NAME_WORDS = {"name", "city", "town", "place", "country", "station", "site", "location", "state", "county", "district",
              "province", "region", "area", "nation", "item", "title", "model", "player", "team", "school", "company",
              "firm", "hospital", "airport"}
_STATISTIC = re.compile(r"\b(?:Mean|median|standard deviation|a difference of) (-?[\d,]*\.\d*0)\b")
_ANY_STATISTIC = re.compile(r"\b(?:Mean|median|standard deviation|a difference of) (-?[\d,]*\.\d+)\b")
_RANGE = re.compile(r"\branging from (-?[\d,]*\.\d+)\b|\bto (-?[\d,]*\.\d+)\b(?= (?:at|in|on|for) )")
_BY_COORDINATES = re.compile(r"(?:^|Outliers?: |, |and |\. )(-?[\d,.]+ \(-?[\d,.]+\))(?: stands out|,| and|\.)")
SIGNIFICANCE = 0.05
MATERIAL_R2 = 0.1

AGREE = {("increasing", "positive"), ("decreasing", "negative"), ("flat", "none")}
_CORRELATION = re.compile(r"\b(no clear|moderate|strong|weak) (?:(positive|negative) )?correlation", re.I)


def said_direction(text):
    """'increasing', 'decreasing', 'flat' or None: the overall trend a text says."""
    t = text.lower()
    if "overall increasing" in t:
        return "increasing"
    if "overall decreasing" in t:
        return "decreasing"
    if "no clear trend" in t:
        return "flat"
    return None


def said_correlation(text):
    """'positive', 'negative', 'none' or None: the correlation a text says."""
    m = _CORRELATION.search(text)
    if not m:
        return None
    if m.group(1).lower() == "no clear":
        return "none"
    return (m.group(2) or "").lower() or None


def _trend_rules(name, text, trend):
    failures = []
    direction = said_direction(text)
    if direction in ("increasing", "decreasing"):
        if not trend:
            failures.append(("trend-sign", f"{name}: says {direction} with no trend in the JSON"))
            return failures
        slope = trend.get("slope", 0)
        if (direction == "increasing") != (slope > 0) or trend.get("direction") != direction:
            failures.append(("trend-sign", f"{name}: says {direction}; slope {slope:.4g}, "
                                           f"direction {trend.get('direction')}"))
        unproven = []
        if trend.get("slopePValue", 1) >= SIGNIFICANCE:
            unproven.append(f"slope p {trend.get('slopePValue', 1):.3f}")
        if trend.get("r2", 0) < MATERIAL_R2:
            unproven.append(f"r² {trend.get('r2', 0):.3f}")
        small = isinstance(trend.get("count"), int) and trend["count"] < 10
        if trend.get("pValue", 1) >= SIGNIFICANCE and not (small and abs(trend.get("kendallTau", 0)) >= 0.6):
            unproven.append(f"rank p {trend.get('pValue', 1):.3f}")
        if unproven:
            failures.append(("trend-unproven", f"{name}: says {direction} with " + ", ".join(unproven)))
    correlation = said_correlation(text)
    if direction and correlation:
        if (direction, correlation) not in AGREE:
            failures.append(("trend-contradiction", f"{name}: trend {direction} beside correlation {correlation}"))
    return failures


def constant_diagonal(doc):
    """Whether a heatmap's rows are named as its columns and every cell of a row with itself holds one 1 or 0."""
    grid = doc.get("heatmap") or {}
    rows, columns, cells = grid.get("rows") or [], grid.get("columns") or [], grid.get("cells") or []
    n = len(rows)
    if n < 3 or rows != columns or len(cells) != n * n:
        return False
    diagonal = {cells[i * n + i] for i in range(n)}
    return len(diagonal) == 1 and diagonal <= {0, 1}


def _with_count(series):
    """The series' trend with the series' count beside it (None without a trend)."""
    trend = series.get("trend")
    return dict(trend, count=series.get("count")) if trend else None


def judge_words(doc):
    """Every failure of the words of one describe --json answer."""
    failures = []
    series = doc.get("series") or []
    for s in series:
        name = s.get("name", "?")
        text = s.get("description") or ""
        failures += _trend_rules(name, text, _with_count(s))
        count = s.get("count")
        if isinstance(count, int) and count < 3 and re.search(r"\b(Mean|median|standard deviation)\b", text):
            failures.append(("few-values", f"{name}: a mean, median or spread of {count} values"))
    for axis in ("xAxis", "yAxis"):
        unit = (doc.get(axis) or {}).get("unit")
        if isinstance(unit, str) and re.fullmatch(r"\d+", unit.strip()):
            failures.append(("number-unit", f"{axis} has the unit {unit!r}"))
    summary = doc.get("summary") or ""
    if doc.get("kind") == "heatmap":
        same_cell = re.search(r"\(([^(),]+), \1\)", summary)
        if same_cell and constant_diagonal(doc):
            failures.append(("diagonal", f"summary names the cell ({same_cell.group(1)}, {same_cell.group(1)}) "
                                         "of a constant diagonal"))
    if series and said_direction(summary):
        failures += [(rule, "summary: " + detail) for rule, detail in
                     _trend_rules(series[0].get("name", "?"), summary, _with_count(series[0]))]
    correlation = said_correlation(summary)
    if series and correlation:
        direction = (series[0].get("trend") or {}).get("direction", "flat")
        if (direction, correlation) not in AGREE:
            failures.append(("trend-contradiction", f"summary: correlation {correlation} beside the trend {direction}"))
    return failures


def written_decimals(path, names):
    """The decimals the file's values in the columns `names` need, trailing zeros left off ("18.0" needs none,
    "2.50" one, "0.125" three): the most over the columns' values."""
    import csv
    most = 0
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        rows = csv.reader(f)
        header = next(rows, [])
        # A table turned from a column per year into lines ("Value" by "Year") has its values in every column.
        where = [i for i, h in enumerate(header) if h in names] or list(range(len(header)))
        for row in rows:
            for i in where:
                if i < len(row) and "." in row[i]:
                    fraction = row[i].split(".", 1)[1].rstrip("0")
                    if fraction.isdigit():
                        most = max(most, len(fraction))
    return most


def judge_digits(doc, path):
    """Statistics ending in a zero past the data's decimals ("median 1.00" of counts) or past two decimals."""
    y = (doc.get("columns") or {}).get("y") or []
    said = [(s.get("name", "?"), n) for s in doc.get("series") or [] for n in _STATISTIC.findall(s.get("description") or "")]
    if not said or not y:
        return []
    # A series of means per x (the JSON's "aggregate") is written with one decimal more than its values.
    precision = written_decimals(path, set(y)) + (1 if (doc.get("columns") or {}).get("aggregate") else 0)
    failures = []
    for name, number in said:
        decimals = len(number.split(".")[1])
        # One or two decimals are the data's when its values need them ("2.50"); past two a zero never is.
        if decimals > 2 or decimals > precision:
            failures.append(("zeros", f"{name}: a statistic said as {number}; the values need {precision} decimals"))
    for s in doc.get("series") or []:
        text = s.get("description") or ""
        checks = [(n, precision + 1, "a statistic") for n in _ANY_STATISTIC.findall(text)]
        checks += [(n, precision, "a value") for pair in _RANGE.findall(text) for n in pair if n]
        for number, allowed, what in checks:
            fraction = number.split(".")[1]
            # A small number keeps the digits that reach its first significant one, and one more.
            reach = len(fraction) - len(fraction.lstrip("0")) + 2 if number.lstrip("-").startswith("0") else 0
            if len(fraction) > max(allowed, reach):
                failures.append(("digits", f"{s.get('name', '?')}: {what} said as {number}; "
                                           f"the file's values have {precision} decimals"))
    return failures


def _header_words(header):
    """A header's words, lower case: "Name.of.Covered.Entity" and "StreetName" give name, of, covered, … street."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", str(header))
    return [w.lower() for w in re.split(r"[^A-Za-z]+", spaced) if w]


def judge_labels(doc, frame):
    """Outliers said by coordinates where a column headed as names names the rows; `frame()` loads the table."""
    columns = doc.get("columns") or {}
    if doc.get("kind") != "scatter" or columns.get("label"):
        return []
    text = " ".join([doc.get("summary") or ""] + [s.get("description") or "" for s in doc.get("series") or []])
    said = _BY_COORDINATES.search(text)
    if not said:
        return []
    import pandas as pd
    table = frame()
    used = {columns.get(k) for k in ("x", "category", "seriesBy", "size")} | set(columns.get("y") or [])
    for c in table.columns:
        if c in used or pd.api.types.is_numeric_dtype(table[c]) or pd.api.types.is_bool_dtype(table[c]):
            continue
        if not (NAME_WORDS - {"title"}).intersection(_header_words(c)):
            continue
        if pd.to_numeric(table[c].dropna(), errors="coerce").notna().mean() >= 0.9:
            continue  # codes that are nearly all numbers ("117", "c168"): no names to say
        present, distinct = int(table[c].notna().sum()), int(table[c].nunique())
        if distinct >= 3 and distinct * 5 >= present:
            return [("unlabelled", f"{said.group(1)} is said by its coordinates while {c!r} names the rows "
                                   f"({distinct} names over {present} rows)")]
    return []
