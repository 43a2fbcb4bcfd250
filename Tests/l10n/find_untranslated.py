#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lists string literals in Sources/ that look like words for people (two or more words) but do not pass
through the catalog: they are not an argument of tr(…), trn(…) or N_(…). Exit status 1 when there are any.
A literal that is never shown (an assertion, a thread name, CSS) is marked on its line with the comment
`// l10n: not shown`.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP = ("Sources/audiograph-bench/", "Sources/audiograph-fuzz/")
WORDY = re.compile(r"[A-Za-z]{2,}\S* +\S*[A-Za-z]{2,}")
CATALOG_CALLS = {"tr", "trn", "trc", "N_"}


def literals(text):
    """(line number, literal text, name of the call it is an argument of, or None)."""
    calls = []  # stack of the names before each open "(" (None for a bare parenthesis)
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i)
            line += text.count("\n", i, end)
            i = n if end < 0 else end + 2
            continue
        elif c == "(":
            name = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*$", text[max(0, i - 80):i])
            calls.append(name.group(1) if name else None)
        elif c == ")":
            if calls:
                calls.pop()
        elif c == '"':
            quote = '"""' if text.startswith('"""', i) else '"'
            start, j = i + len(quote), i + len(quote)
            while j < n and not text.startswith(quote, j):
                j += 2 if text[j] == "\\" else 1
            yield line, text[start:j], (calls[-1] if calls else None)
            line += text.count("\n", i, j)
            i = j + len(quote)
            continue
        i += 1


problems = []
for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
    for name in sorted(names):
        path = os.path.join(folder, name)
        relative = os.path.relpath(path, ROOT)
        if not name.endswith(".swift") or relative.startswith(SKIP):
            continue
        text = open(path, encoding="utf-8").read()
        lines = text.split("\n")
        for number, literal, call in literals(text):
            if call in CATALOG_CALLS or not WORDY.search(literal) or "\\(" in literal:
                continue
            if "l10n: not shown" in lines[number - 1]:
                continue
            problems.append("%s:%d: %s" % (relative, number, literal[:90]))

for problem in problems:
    print(problem)
print("%d literal(s) for people outside the catalog" % len(problems), file=sys.stderr)
sys.exit(1 if problems else 0)
