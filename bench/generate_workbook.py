#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a ROWS x 10 workbook with openpyxl (write-only): a date column, a station name (shared strings) and eight
numeric columns, seeded so every run writes the same cells.
    generate_workbook.py ROWS OUT.xlsx"""
import datetime
import random
import sys

import openpyxl
from openpyxl.cell import WriteOnlyCell

rows, out = int(sys.argv[1]), sys.argv[2]
random.seed(21)
book = openpyxl.Workbook(write_only=True)
sheet = book.create_sheet("Readings")
sheet.append(["Date", "Station"] + [f"Sensor {i} (°C)" for i in range(1, 9)])
start = datetime.date(2000, 1, 1)
stations = ["North", "South", "East", "West"]
for r in range(rows):
    day = WriteOnlyCell(sheet, value=start + datetime.timedelta(days=r))
    day.number_format = "yyyy-mm-dd"
    sheet.append([day, stations[r % 4]] + [round(random.gauss(15, 5), 2) for _ in range(8)])
book.save(out)
