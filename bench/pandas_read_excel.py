#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads a workbook's first sheet into a pandas DataFrame (openpyxl for .xlsx, odfpy for .ods when installed) and
prints its shape: the peer of `audiograph-bench read` in bench/spreadsheet-vs-pandas.sh.
    pandas_read_excel.py FILE"""
import sys

import pandas

frame = pandas.read_excel(sys.argv[1], engine="odf" if sys.argv[1].endswith(".ods") else "openpyxl")
print(frame.shape)
