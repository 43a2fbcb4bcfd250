#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the test workbooks for the .xlsx/.ods reader: make-workbooks.py OUTDIR.

OUTDIR/good holds readable workbooks made by real clients (openpyxl, LibreOffice headless, or Python's
zipfile for hand-written SpreadsheetML), each with NAME.expected.csv: the table the reader should give for
its default sheet (RFC 4180, CRLF). OUTDIR/bad holds workbooks the reader must refuse (encrypted, corrupt,
zip bomb, XML entities, .xls, limits). OUTDIR/workbooks.json describes every file.
Needs python3 with openpyxl and msoffcrypto-tool, soffice (libreoffice-calc-nogui) and Debian's
/usr/bin/python3 with python3-uno (for the password-protected .ods); scripts/install-deps.sh installs them.
Deterministic: same tables every run; files made by openpyxl or zipfile are byte-identical across runs
(LibreOffice's and the encrypted ones carry timestamps or random salts). Any failing tool stops it (exit 1).
"""
import csv
import datetime as dt
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

import msoffcrypto.format.ooxml
import openpyxl
from openpyxl.styles import Alignment, Font
from openpyxl.utils.datetime import CALENDAR_MAC_1904

FIXED_TIME = (2024, 1, 1, 0, 0, 0)
FIXED_ISO = "2024-01-01T00:00:00Z"
manifest = []


def die(message):
    sys.exit("make-workbooks: " + message)


# ---------------------------------------------------------------------------------------------- helpers

def cell_text(v):
    """How the reader should print a value in the expected CSV."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, dt.datetime):
        return v.strftime("%Y-%m-%dT%H:%M:%S")
    if isinstance(v, dt.date):
        return v.strftime("%Y-%m-%d")
    if isinstance(v, dt.time):
        return v.strftime("%H:%M:%S")
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return format(v, ".15g")
    return str(v)


def write_csv(path, rows, text=cell_text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\r\n").writerows([[text(v) for v in r] for r in rows])


def normalize_zip(path):
    """Rewrites a zip openpyxl made with fixed timestamps (entries and docProps/core.xml) so runs match."""
    with zipfile.ZipFile(path) as z:
        parts = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts:
            if name == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:(created|modified)[^>]*>)[^<]*", rb"\g<1>" + FIXED_ISO.encode(), data)
            z.writestr(zipfile.ZipInfo(name, FIXED_TIME), data, zipfile.ZIP_DEFLATED)


def save(wb, path):
    wb.properties.creator = "Audiograph tests"
    wb.save(path)
    normalize_zip(path)


def write_zip(path, parts, stored_first=None):
    """A zip from (name, bytes) pairs with Python's zipfile; stored_first: a part kept uncompressed first (ODF mimetype)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        if stored_first:
            z.writestr(zipfile.ZipInfo(stored_first[0], FIXED_TIME), stored_first[1], zipfile.ZIP_STORED)
        for name, data in parts:
            z.writestr(zipfile.ZipInfo(name, FIXED_TIME), data, zipfile.ZIP_DEFLATED)


def good(file, client, sheets, rows, default=None, **extra):
    """Records a good workbook and writes its expected CSV. sheets: [(name, data rows, columns)]."""
    base = re.sub(r"\.(xlsx|ods)$", "", file)
    expected = "good/%s.expected.csv" % base
    write_csv(os.path.join(OUT, expected), rows)
    entry = {"file": "good/" + file, "client": client,
             "default_sheet": default or sheets[0][0],
             "visible_sheets": [{"name": n, "rows": r, "columns": c} for n, r, c in sheets],
             "hidden_rows": 0, "hidden_columns": 0, "title_rows_skipped": 0, "other_tables": 0,
             "expected_csv": expected}
    entry.update(extra)
    manifest.append(entry)


def bad(file, client, problem, comment=None):
    entry = {"file": "bad/" + file, "client": client, "problem": problem}
    if comment:
        entry["comment"] = comment
    manifest.append(entry)


# Minimal SpreadsheetML parts, for the workbooks written by hand with zipfile.
CONTENT_TYPES = b"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
</Types>"""
ROOT_RELS = b"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>"""
WORKBOOK_RELS = b"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>"""
STYLES = b"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="1"><fill><patternFill patternType="none"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>"""
NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def xlsx_parts(sheet_name, sheet_data, shared_strings):
    """The minimal parts of an xlsx: sheet_data is the inside of <sheetData>, shared_strings of <sst>."""
    workbook = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                '<workbook xmlns="%s" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                '<sheets><sheet name="%s" sheetId="1" r:id="rId1"/></sheets></workbook>' % (NS_MAIN, sheet_name))
    return [("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", ROOT_RELS),
            ("xl/workbook.xml", workbook.encode()), ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
            ("xl/worksheets/sheet1.xml", sheet_xml(sheet_data)),
            ("xl/sharedStrings.xml", shared_strings if isinstance(shared_strings, bytes) else
             ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="%s">%s</sst>'
              % (NS_MAIN, shared_strings)).encode()),
            ("xl/styles.xml", STYLES)]


def sheet_xml(sheet_data):
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="%s"><sheetData>%s'
            '</sheetData></worksheet>' % (NS_MAIN, sheet_data)).encode()


# ---------------------------------------------------------------------------------------------- data

STATIONS = ["Oslo Blindern", "Bergen Florida", "Tromsø", "Lindesnes, fyr"]
WEATHER_HEADER = ["Date", "Temperature (°C)", "Station"]
WEATHER = [[dt.date(2024, 3, 1) + dt.timedelta(days=i),
            round(4.0 + 6.5 * math.sin(i / 3.0) - (2.3 if i % 5 == 0 else 0.0), 1),
            STATIONS[i % len(STATIONS)]] for i in range(24)]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def weather_book(path, epoch=None):
    wb = openpyxl.Workbook()
    if epoch:
        wb.epoch = epoch
    ws = wb.active
    ws.title = "Weather"
    ws.append(WEATHER_HEADER)
    for r in WEATHER:
        ws.append(r)
    for row in ws.iter_rows(min_row=2):
        row[0].number_format = "yyyy-mm-dd"
        row[1].number_format = "0.0"
    save(wb, path)


def make_good(G):
    weather_table = [WEATHER_HEADER] + WEATHER
    weather_sheet = [("Weather", 24, 3)]
    weather_book(os.path.join(G, "basic.xlsx"))
    good("basic.xlsx", "openpyxl", weather_sheet, weather_table)
    with open(os.path.join(G, "basic.csv"), "w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\r\n").writerows([[cell_text(v) for v in r] for r in weather_table])

    weather_book(os.path.join(G, "date1904.xlsx"), CALENDAR_MAC_1904)
    good("date1904.xlsx", "openpyxl", weather_sheet, weather_table,
         comment="workbookPr date1904=1: serial 0 = 1904-01-01")

    # datetimes.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Readings"
    header = ["Time", "Time of day", "Level", "Share"]
    rows = []
    start = dt.datetime(2024, 5, 1, 6, 30)
    for i in range(10):
        t = start + dt.timedelta(hours=3 * i, minutes=15 * i)
        rows.append([t, dt.time((7 + 2 * i) % 24, (10 * i) % 60), round(1.5 + 0.75 * i, 2), [0.25, 0.5, 0.125, 0.05, 1.0][i % 5]])
    ws.append(header)
    for r in rows:
        ws.append(r)
    for row in ws.iter_rows(min_row=2):
        row[0].number_format = "yyyy-mm-dd hh:mm"
        row[1].number_format = "hh:mm"
        row[3].number_format = "0%"
    save(wb, os.path.join(G, "datetimes.xlsx"))
    # The share is formatted 0%: charted as shown (25%), not as stored (0.25).
    shown = [r[:3] + [("%.15g" % (r[3] * 100)) + "%"] for r in rows]
    good("datetimes.xlsx", "openpyxl", [("Readings", 10, 4)], [header] + shown)

    # early-1900.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Early"
    header = ["Date", "Value"]
    dates = [dt.date(1900, 1, 1), dt.date(1900, 1, 2), dt.date(1900, 1, 31), dt.date(1900, 2, 27),
             dt.date(1900, 2, 28), dt.date(1900, 3, 1), dt.date(1900, 3, 2), dt.date(1900, 3, 31)]
    rows = [[d, 10 * (i + 1)] for i, d in enumerate(dates)]
    ws.append(header)
    for r in rows:
        ws.append(r)
    for row in ws.iter_rows(min_row=2):
        row[0].number_format = "yyyy-mm-dd"
    save(wb, os.path.join(G, "early-1900.xlsx"))
    good("early-1900.xlsx", "openpyxl", [("Early", 8, 2)], [header] + rows,
         comment="Excel's 1900 date system counts the nonexistent 1900-02-29: serial 1 = 1900-01-01, "
                 "2 = 1900-01-02, 31 = 1900-01-31, 58 = 1900-02-27, 59 = 1900-02-28, 60 = 1900-02-29 (not in this "
                 "file), 61 = 1900-03-01, 62 = 1900-03-02, 91 = 1900-03-31; these are the serials in the file")

    # formulas.xlsx: no cached values (openpyxl computes nothing); LibreOffice's copies have them.
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orders"
    header = ["Item", "Price", "Quantity", "Total", "Double", "Code"]
    items = [("apple", 2.5, 4), ("pear", 1.25, 8), ("plum", 0.75, 12), ("fig", 3.5, 2), ("kiwi", 0.5, 10)]
    ws.append(header)
    rows = []
    for i, (name, price, qty) in enumerate(items, start=2):
        ws.append([name, price, qty, "=B%d*C%d" % (i, i), "=B%d*2" % i, '=UPPER(A%d)&"-"&C%d' % (i, i)])
        rows.append([name, price, qty, price * qty, price * 2, "%s-%d" % (name.upper(), qty)])
    ws.append(["total", None, "=SUM(C2:C6)", "=SUM(D2:D6)", None, None])
    rows.append(["total", None, sum(q for _, _, q in items), sum(p * q for _, p, q in items), None, None])
    save(wb, os.path.join(G, "formulas.xlsx"))
    good("formulas.xlsx", "openpyxl", [("Orders", 6, 6)], [header] + rows, cached_values=False,
         comment="formulas without cached values: the expected table is what they compute")
    formulas_table = [header] + rows

    # booleans-sparse.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Floods"
    header = ["Year", "Rainfall (mm)", "Flood", "Note"]
    rows = []
    for i in range(12):
        rain = None if i in (2, 5, 6, 10) else round(600 + 37.5 * i - (80 if i % 3 == 0 else 0), 1)
        note = {0: "dry spring", 4: "levee repaired", 7: "record June", 11: "estimate"}.get(i)
        rows.append([2000 + i, rain, i % 4 == 3 or i == 7, note])
    ws.append(header)
    for r in rows:
        ws.append(r)
    save(wb, os.path.join(G, "booleans-sparse.xlsx"))
    good("booleans-sparse.xlsx", "openpyxl", [("Floods", 12, 4)], [header] + rows)
    write_csv(os.path.join(G, "booleans-sparse.csv"), [header] + rows)
    booleans_table = [header] + rows

    # inline-strings.xlsx, by hand: inline strings, a rich-text shared string, a str formula, an error, no r.
    shared = ('<si><r><t>Sta</t></r><r><rPr><b/></rPr><t>tion</t></r></si><si><t>Oslo</t></si>'
              '<si><t xml:space="preserve">Bergen</t></si>')
    data = ('<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="s"><v>0</v></c>'
            '<c r="C1" t="inlineStr"><is><t>Value</t></is></c><c r="D1" t="inlineStr"><is><t>Label</t></is></c></row>'
            '<row r="2"><c r="A2" t="inlineStr"><is><t>Alpha</t></is></c><c r="B2" t="s"><v>1</v></c>'
            '<c r="C2"><v>1.5</v></c><c r="D2" t="str"><f>A2&amp;"-"&amp;C2</f><v>Alpha-1.5</v></c></row>'
            '<row r="3"><c r="A3" t="inlineStr"><is><r><t>Be</t></r><r><t>ta</t></r></is></c><c r="B3" t="s"><v>2</v></c>'
            '<c r="C3" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D3" t="str"><f>A3&amp;"-x"</f><v>Beta-x</v></c></row>'
            '<row r="4"><c t="inlineStr"><is><t>Gamma</t></is></c><c t="s"><v>1</v></c>'
            '<c><v>-2.25</v></c><c t="str"><f>A4&amp;"-"&amp;C4</f><v>Gamma--2.25</v></c></row>')
    write_zip(os.path.join(G, "inline-strings.xlsx"), xlsx_parts("Inline", data, shared))
    good("inline-strings.xlsx", "zipfile", [("Inline", 3, 4)],
         [["Name", "Station", "Value", "Label"], ["Alpha", "Oslo", 1.5, "Alpha-1.5"],
          ["Beta", "Bergen", "#DIV/0!", "Beta-x"], ["Gamma", "Oslo", -2.25, "Gamma--2.25"]],
         comment="B1 is a rich-text shared string (Sta + tion), A3 a rich inline string, C3 an error cell "
                 "(t=e, shown as its text), D2:D4 t=str formulas with cached <v>, row 4 has no r attributes")

    # hidden.xlsx: rows 4 and 7 and column C hidden.
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Counts"
    header = ["Day", "Count", "Internal", "Score"]
    # (Score wobbles: a column exactly linear in Count would be left out as computed from it.)
    rows = [[dt.date(2024, 6, 1) + dt.timedelta(days=i), 10 + 3 * i, "id-%02d" % i, round(0.5 + i / 8 + 0.07 * (i % 3 == 1), 3)]
            for i in range(12)]
    ws.append(header)
    for r in rows:
        ws.append(r)
    for row in ws.iter_rows(min_row=2):
        row[0].number_format = "yyyy-mm-dd"
    ws.row_dimensions[4].hidden = True
    ws.row_dimensions[7].hidden = True
    ws.column_dimensions["C"].hidden = True
    save(wb, os.path.join(G, "hidden.xlsx"))
    shown = [[r[0], r[1], r[3]] for n, r in enumerate(rows, start=2) if n not in (4, 7)]
    hidden_table = [["Day", "Count", "Score"]] + shown
    good("hidden.xlsx", "openpyxl", [("Counts", 10, 3)], hidden_table, hidden_rows=2, hidden_columns=1,
         comment="sheet rows 4 and 7 and column C are hidden")

    # title-rows.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    ws["A1"] = "Monthly sales 2024"
    ws["A1"].font = Font(bold=True, size=14)
    ws.merge_cells("A1:C1")
    ws["A2"] = "Source: shop records"
    header = ["Month", "Sales (EUR)", "Returns"]
    rows = [[m, 1200 + 150 * i + (75.5 if i % 4 == 1 else 0), i % 3] for i, m in enumerate(MONTHS)]
    ws.append([])
    ws.append(header)
    for r in rows:
        ws.append(r)
    save(wb, os.path.join(G, "title-rows.xlsx"))
    title_table = [header] + rows
    good("title-rows.xlsx", "openpyxl", [("Sales", 12, 3)], title_table, title_rows_skipped=2, header_row=4,
         comment="title (merged A1:C1) and subtitle in rows 1-2, row 3 empty, header in row 4")

    # merged-header.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Regions"
    ws["A1"] = "Region"
    ws["B1"] = "Sales"
    ws["D1"] = "Costs"
    ws.merge_cells("A1:A2")
    ws.merge_cells("B1:C1")
    ws.merge_cells("D1:E1")
    for col, year in zip("BCDE", ["2023", "2024", "2023", "2024"]):
        ws[col + "2"] = year
        ws[col + "2"].number_format = "@"
    for c in ("A1", "B1", "D1"):
        ws[c].alignment = Alignment(horizontal="center", vertical="center")
    regions = ["North", "South", "East", "West", "Central"]
    rows = [[r, 100 + 10 * i, 110 + 12 * i, 60 + 5 * i, 64 + 7 * i] for i, r in enumerate(regions)]
    for r in rows:
        ws.append(r)
    save(wb, os.path.join(G, "merged-header.xlsx"))
    good("merged-header.xlsx", "openpyxl", [("Regions", 5, 5)],
         [["Region", "Sales 2023", "Sales 2024", "Costs 2023", "Costs 2024"]] + rows, header_row=[1, 2],
         comment="two header rows: A1:A2, B1:C1, D1:E1 merged; the years in row 2 are text cells")

    # two-tables.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Tables"
    first = [["Year", "Value"]] + [[2016 + i, round(3.2 + 0.4 * i * i, 1)] for i in range(8)]
    for r, row in enumerate(first, start=1):
        for c, v in enumerate(row, start=1):
            ws.cell(r, c, v)
    second = [["Item", "Count"], ["bolts", 120], ["nuts", 98], ["washers", 240], ["screws", 75], ["pins", 12]]
    for r, row in enumerate(second, start=12):
        for c, v in enumerate(row, start=1):
            ws.cell(r, c, v)
    third = [["Code", "Score"], ["A", 1.5], ["B", 2.5], ["C", 4]]
    for r, row in enumerate(third, start=1):
        for c, v in enumerate(row, start=5):
            ws.cell(r, c, v)
    save(wb, os.path.join(G, "two-tables.xlsx"))
    good("two-tables.xlsx", "openpyxl", [("Tables", 8, 2)], first, other_tables=2,
         comment="A1:B9, then rows 10-11 empty, A12:B17; E1:F4 beside the first (columns C-D empty)")

    # sheets.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Notes"
    ws["A1"] = "These figures come from the shop's till records."
    ws["A2"] = "Sales are in euros, before tax; costs include rent."
    ws["A3"] = "Ask the bookkeeper before sharing them."
    sales = [["Month", "Sales"]] + [[m, 900 + 85 * i] for i, m in enumerate(MONTHS)]
    costs = [["Month", "Costs"]] + [[m, 400 + 20.5 * i] for i, m in enumerate(MONTHS[:6])]
    secret = [["Name", "Salary"], ["Ann", 4100], ["Bo", 3900]]
    for title, table in (("Sales", sales), ("Costs", costs), ("Secret", secret)):
        s = wb.create_sheet(title)
        for r in table:
            s.append(r)
    wb["Secret"].sheet_state = "hidden"
    save(wb, os.path.join(G, "sheets.xlsx"))
    sheets_list = [("Notes", 0, 0), ("Sales", 12, 2), ("Costs", 6, 2)]
    good("sheets.xlsx", "openpyxl", sheets_list, sales, default="Sales",
         comment="Notes has text in A1:A3 and no table (rows/columns 0); Secret (4th sheet) is hidden")

    # one-column.xlsx
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Levels"
    ws.append(["River level at the bridge"])
    ws.append(["Level"])
    levels = [round(1.2 + 0.35 * math.sin(i / 2.5) + 0.01 * i, 2) for i in range(20)]
    for v in levels:
        ws.append([v])
    save(wb, os.path.join(G, "one-column.xlsx"))
    good("one-column.xlsx", "openpyxl", [("Levels", 20, 1)], [["Level"]] + [[v] for v in levels],
         title_rows_skipped=1, header_row=2)

    # years-header.xlsx: the header names the years with numbers, right under a title
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Regions"
    ws.append(["Rainfall by region, mm"])
    ws.append(["Region", 2021, 2022, 2023])
    years_rows = [["North", 812.5, 790.1, 845.0], ["South", 420.2, 398.7, 455.9], ["East", 610.0, 633.4, 598.2],
                  ["West", 955.3, 901.8, 990.6]]
    for r in years_rows:
        ws.append(r)
    save(wb, os.path.join(G, "years-header.xlsx"))
    good("years-header.xlsx", "openpyxl", [("Regions", 6, 4)], [["Region", "2021", "2022", "2023"]] + years_rows,
         title_rows_skipped=1, header_row=2,
         comment="header of years stored as numbers, directly under a one-cell title row")

    # percent.xlsx: shares stored as fractions (0.125) and shown as percentages (12.5%)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Shares"
    ws.append(["Month", "Share", "Visits"])
    shares = [0.125, 0.13, 0.118, 0.142, 0.0975, 0.07]
    percent_rows = []
    for i, share in enumerate(shares):
        ws.append(["2024-%02d" % (i + 1), share, 1000 + 37 * i])
        ws.cell(row=i + 2, column=2).number_format = "0.00%"
        percent_rows.append(["2024-%02d" % (i + 1), ("%.15g" % (share * 100)) + "%", 1000 + 37 * i])
    save(wb, os.path.join(G, "percent.xlsx"))
    good("percent.xlsx", "openpyxl", [("Shares", 6, 3)], [["Month", "Share", "Visits"]] + percent_rows,
         comment="Share formatted 0.00%: charted as shown, 12.5 in %, not as the stored 0.125")

    # wide-years.xlsx: a series per row and a column per year, as statistics offices publish them
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Population"
    years = list(range(2010, 2024))
    ws.append(["Population of five towns, thousands"])
    ws.append(["Town"] + years)
    towns = []
    for k, town in enumerate(["Aberdeen", "Bergen", "Cork", "Dundee", "Esbjerg"]):
        row = [town] + [round(50 + 20 * k + 1.5 * i + (k % 2) * (-1) ** i, 1) for i in range(len(years))]
        ws.append(row)
        towns.append(row)
    save(wb, os.path.join(G, "wide-years.xlsx"))
    good("wide-years.xlsx", "openpyxl", [("Population", 7, 15)], [["Town"] + [str(y) for y in years]] + towns,
         title_rows_skipped=1, header_row=2, comment="14 year columns stored as numbers over 5 towns: a line per town")

    return {"weather": weather_table, "formulas": formulas_table, "booleans": booleans_table,
            "percent": [["Month", "Share", "Visits"]] + percent_rows, "hidden": hidden_table, "title": title_table, "sales": sales, "sheets": sheets_list}


# ---------------------------------------------------------------------------------------------- LibreOffice

def soffice(profile, args, outputs):
    """One soffice --headless call; every path in outputs must exist afterwards."""
    cmd = ["soffice", "-env:UserInstallation=" + profile, "--headless", "--norestore", "--nologo"] + args
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    missing = [o for o in outputs if not os.path.isfile(o)]
    if r.returncode != 0 or missing:
        die("soffice failed (exit %d, missing %s):\n%s\n%s" % (r.returncode, missing, " ".join(cmd), r.stdout))


UNO_SAVE_WITH_PASSWORD = r"""
import os, subprocess, sys, time, uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
def pv(name, value):
    p = PropertyValue(); p.Name = name; p.Value = value; return p
src, dst, profile, password = sys.argv[1:5]
pipe = "audiograph-workbooks-%d" % os.getpid()
office = subprocess.Popen(["soffice", "-env:UserInstallation=" + profile, "--headless", "--invisible", "--nologo",
                           "--norestore", "--nodefault", "--accept=pipe,name=%s;urp;" % pipe])
try:
    ctx = uno.getComponentContext()
    resolver = ctx.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", ctx)
    for _ in range(300):
        try:
            remote = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            break
        except NoConnectException:
            if office.poll() is not None:
                sys.exit("soffice exited with %d" % office.returncode)
            time.sleep(0.1)
    else:
        sys.exit("could not connect to soffice")
    desktop = remote.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", remote)
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(src), "_blank", 0, (pv("Hidden", True),))
    doc.storeToURL(uno.systemPathToFileUrl(dst), (pv("FilterName", "calc8"), pv("Password", password)))
    doc.close(True)
    try:
        desktop.terminate()
    except Exception:
        pass  # the bridge goes down as soffice quits
finally:
    try:
        office.wait(timeout=30)
    except subprocess.TimeoutExpired:
        office.kill()
"""


def make_libreoffice(G, B, tmp, tables):
    profile = "file://" + os.path.join(tmp, "profile")
    lo_in = os.path.join(tmp, "in")
    os.makedirs(lo_in)

    def stage(src, name):
        shutil.copyfile(os.path.join(G, src), os.path.join(lo_in, name))
        return os.path.join(lo_in, name)

    def move(outdir, name, dest):
        shutil.move(os.path.join(outdir, name), dest)

    # 1. xlsx -> ods, one call.
    to_ods = {"basic-lo": "basic.xlsx", "formulas-lo": "formulas.xlsx", "booleans-sparse-lo": "booleans-sparse.xlsx",
              "hidden-lo": "hidden.xlsx", "title-rows-lo": "title-rows.xlsx", "sheets-lo": "sheets.xlsx",
              "percent-lo": "percent.xlsx"}
    ods_out = os.path.join(tmp, "ods")
    soffice(profile, ["--convert-to", "ods", "--outdir", ods_out] + [stage(s, n + ".xlsx") for n, s in to_ods.items()],
            [os.path.join(ods_out, n + ".ods") for n in to_ods])
    # 2. xlsx -> xlsx (adds the formulas' cached values), one call.
    to_xlsx = {"basic-lo": "basic.xlsx", "formulas-lo": "formulas.xlsx"}
    xlsx_out = os.path.join(tmp, "xlsx")
    soffice(profile, ["--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", xlsx_out]
            + [os.path.join(lo_in, n + ".xlsx") for n in to_xlsx], [os.path.join(xlsx_out, n + ".xlsx") for n in to_xlsx])
    # 3. xlsx -> xls (BIFF8).
    xls_out = os.path.join(tmp, "xls")
    soffice(profile, ["--convert-to", "xls:MS Excel 97", "--outdir", xls_out, stage("basic.xlsx", "old.xlsx")],
            [os.path.join(xls_out, "old.xls")])
    # 4-5. CSV -> ods and xlsx; the filter options make ISO dates real dates (US English, UTF-8, from line 1,
    # detect special numbers).
    # LibreOffice's CSV import also makes TRUE/FALSE real booleans (office:value-type="boolean").
    csv_in = stage("basic.csv", "from-csv-lo.csv")
    csv_filter = "--infilter=CSV:44,34,76,1,,1033,false,true"
    csv_ods, csv_xlsx = os.path.join(tmp, "csv-ods"), os.path.join(tmp, "csv-xlsx")
    soffice(profile, [csv_filter, "--convert-to", "ods", "--outdir", csv_ods, csv_in,
                      stage("booleans-sparse.csv", "booleans-from-csv-lo.csv")],
            [os.path.join(csv_ods, "from-csv-lo.ods"), os.path.join(csv_ods, "booleans-from-csv-lo.ods")])
    soffice(profile, [csv_filter, "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", csv_xlsx, csv_in],
            [os.path.join(csv_xlsx, "from-csv-lo.xlsx")])
    # 6. a password-protected ods: --convert-to cannot set a password, so LibreOffice's own Python (UNO) stores it.
    uno_python = "/usr/bin/python3"
    encrypted = os.path.join(B, "encrypted.ods")
    r = subprocess.run([uno_python, "-c", UNO_SAVE_WITH_PASSWORD, os.path.join(G, "basic.xlsx"), encrypted,
                        profile, "secret"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    if r.returncode != 0 or not os.path.isfile(encrypted):
        die("saving encrypted.ods through UNO (%s, python3-uno) failed (exit %d):\n%s" % (uno_python, r.returncode, r.stdout))
    with zipfile.ZipFile(encrypted) as z:
        if b"manifest:encryption-data" not in z.read("META-INF/manifest.xml"):
            die("LibreOffice wrote encrypted.ods without encryption")

    for n in to_ods:
        move(ods_out, n + ".ods", os.path.join(G, n + ".ods"))
    for n in to_xlsx:
        move(xlsx_out, n + ".xlsx", os.path.join(G, n + ".xlsx"))
    move(csv_ods, "from-csv-lo.ods", os.path.join(G, "from-csv-lo.ods"))
    move(csv_ods, "booleans-from-csv-lo.ods", os.path.join(G, "booleans-from-csv-lo.ods"))
    move(csv_xlsx, "from-csv-lo.xlsx", os.path.join(G, "from-csv-lo.xlsx"))
    move(xls_out, "old.xls", os.path.join(B, "old.xls"))

    weather = [("Weather", 24, 3)]
    for f in ("basic-lo.ods", "basic-lo.xlsx"):
        good(f, "libreoffice", weather, tables["weather"], source="good/basic.xlsx")
    csv_sheet = [("from-csv-lo", 24, 3)]
    for f in ("from-csv-lo.ods", "from-csv-lo.xlsx"):
        good(f, "libreoffice", csv_sheet, tables["weather"], source="good/basic.csv",
             comment="LibreOffice names the sheet after the CSV file")
    for f in ("formulas-lo.ods", "formulas-lo.xlsx"):
        good(f, "libreoffice", [("Orders", 6, 6)], tables["formulas"], source="good/formulas.xlsx",
             cached_values=True)
    good("booleans-sparse-lo.ods", "libreoffice", [("Floods", 12, 4)], tables["booleans"],
         source="good/booleans-sparse.xlsx",
         comment="LibreOffice turns xlsx booleans into formula cells: table:formula=\"of:=TRUE()\" "
                 "office:value-type=\"float\" office:value=\"1\", <text:p>TRUE</text:p>, no boolean style")
    good("booleans-from-csv-lo.ods", "libreoffice", [("booleans-from-csv-lo", 12, 4)], tables["booleans"],
         source="good/booleans-sparse.csv",
         comment="real booleans: office:value-type=\"boolean\" office:boolean-value=\"true\"")
    good("hidden-lo.ods", "libreoffice", [("Counts", 10, 3)], tables["hidden"], source="good/hidden.xlsx",
         hidden_rows=2, hidden_columns=1)
    good("title-rows-lo.ods", "libreoffice", [("Sales", 12, 3)], tables["title"], source="good/title-rows.xlsx",
         title_rows_skipped=2, header_row=4)
    good("sheets-lo.ods", "libreoffice", tables["sheets"], tables["sales"], default="Sales",
         source="good/sheets.xlsx")
    good("percent-lo.ods", "libreoffice", [("Shares", 6, 3)], tables["percent"], source="good/percent.xlsx",
         comment="office:value-type=\"percentage\" office:value=\"0.125\"")
    bad("encrypted.ods", "libreoffice", "encrypted",
        "basic.xlsx stored by LibreOffice (UNO storeToURL, Password) with password \"secret\": AES-256 entries")
    bad("old.xls", "libreoffice", "xls", "basic.xlsx converted by LibreOffice to Excel 97 (BIFF8, OLE compound file)")


# ---------------------------------------------------------------------------------------------- bad ones

def raw_zip(path, entries):
    """A zip written byte by byte. entries: (name, compressed bytes, crc, real size, claimed size); deflated."""
    out = bytearray()
    central = bytearray()
    dostime, dosdate = 0, (2024 - 1980) << 9 | 1 << 5 | 1
    for name, comp, crc, size, claimed in entries:
        n = name.encode()
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, dostime, dosdate, crc, len(comp), claimed, len(n), 0)
        out += n + comp
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, dostime, dosdate, crc, len(comp),
                               claimed, len(n), 0, 0, 0, 0, 0, offset) + n
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(out), 0)
    with open(path, "wb") as f:
        f.write(bytes(out) + bytes(central) + end)


def deflate(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def bomb_sheet(total):
    """Raw-deflated sheet1.xml of exactly `total` bytes: a valid start, spaces, a valid end. Returns (bytes, crc)."""
    head = sheet_xml('<row r="1"><c r="A1" t="inlineStr"><is><t>Level</t></is></c></row>'
                     '<row r="2"><c r="A2"><v>1</v></c></row>')
    head, tail = head[:head.index(b"</sheetData>")], b"</sheetData></worksheet>"
    chunk = b" " * (1 << 20)
    chunks, rest = divmod(total - len(head) - len(tail), len(chunk))
    # After Z_FULL_FLUSH nothing refers back, so the deflated chunk can be repeated as it is.
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed_chunk = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    end = c.compress(b" " * rest + tail) + c.flush()
    crc = zlib.crc32(head)
    for _ in range(chunks):
        crc = zlib.crc32(chunk, crc)
    crc = zlib.crc32(b" " * rest + tail, crc)
    return start + packed_chunk * chunks + end, crc


def make_bad(G, B):
    # encrypted.xlsx: msoffcrypto-tool (ECMA-376 agile encryption) into an OLE compound file.
    with open(os.path.join(G, "basic.xlsx"), "rb") as src, open(os.path.join(B, "encrypted.xlsx"), "wb") as dst:
        msoffcrypto.format.ooxml.OOXMLFile(src).encrypt("secret", dst)
    bad("encrypted.xlsx", "msoffcrypto-tool", "encrypted",
        "basic.xlsx encrypted with password \"secret\": OLE file with EncryptionInfo and EncryptedPackage")

    data = open(os.path.join(G, "basic.xlsx"), "rb").read()
    with open(os.path.join(B, "corrupt.xlsx"), "wb") as f:
        f.write(data[:len(data) // 2])
    bad("corrupt.xlsx", "openpyxl", "corrupt", "basic.xlsx cut to half its length (no central directory)")

    write_zip(os.path.join(B, "not-a-workbook.xlsx"), [("readme.txt", b"This zip holds no workbook.\n")])
    bad("not-a-workbook.xlsx", "zipfile", "not-a-workbook", "a valid zip with only readme.txt")

    # bomb.xlsx: sheet1.xml inflates to 2.25 GiB (under 4 GiB, so no zip64).
    total = 9 << 28
    sheet, crc = bomb_sheet(total)
    for name, claimed in (("bomb.xlsx", total), ("bomb-lying.xlsx", 4096)):
        entries = []
        for part, content in xlsx_parts("Levels", "", ""):
            if part == "xl/worksheets/sheet1.xml":
                entries.append((part, sheet, crc, total, claimed))
            else:
                entries.append((part, deflate(content), zlib.crc32(content), len(content), len(content)))
        raw_zip(os.path.join(B, name), entries)
    bad("bomb.xlsx", "zipfile", "bomb", "xl/worksheets/sheet1.xml inflates to %d bytes (2.25 GiB); sizes are true" % total)
    bad("bomb-lying.xlsx", "zipfile", "bomb",
        "as bomb.xlsx, but the local and central headers claim sheet1.xml is 4096 bytes (CRC is of the real data)")

    # entities.xlsx: billion laughs and an external entity in xl/sharedStrings.xml.
    doctype = ['<!ENTITY xxe SYSTEM "file:///etc/passwd">', '<!ENTITY lol0 "lol">']
    doctype += ['<!ENTITY lol%d "%s">' % (i, ("&lol%d;" % (i - 1)) * 10) for i in range(1, 10)]
    sst = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!DOCTYPE sst [\n %s\n]>\n'
           '<sst xmlns="%s" count="3" uniqueCount="3"><si><t>Name</t></si><si><t>&lol9;</t></si>'
           '<si><t>&xxe;</t></si></sst>' % ("\n ".join(doctype), NS_MAIN)).encode()
    data = ('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>'
            '<row r="3"><c r="A3" t="s"><v>2</v></c></row>')
    write_zip(os.path.join(B, "entities.xlsx"), xlsx_parts("Entities", data, sst))
    bad("entities.xlsx", "zipfile", "entities",
        "sharedStrings.xml has a DOCTYPE: lol9 expands to 10^9 'lol', xxe is SYSTEM file:///etc/passwd")

    # entities.ods: the same in content.xml of a minimal ODS.
    content = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE office:document-content [\n %s\n]>\n'
               '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3">'
               '<office:body><office:spreadsheet><table:table table:name="Entities">'
               '<table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell></table:table-row>'
               '<table:table-row><table:table-cell office:value-type="string"><text:p>&lol9;</text:p></table:table-cell></table:table-row>'
               '<table:table-row><table:table-cell office:value-type="string"><text:p>&xxe;</text:p></table:table-cell></table:table-row>'
               '</table:table></office:spreadsheet></office:body></office:document-content>' % "\n ".join(doctype)).encode()
    manifest_xml = b"""<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>"""
    write_zip(os.path.join(B, "entities.ods"), [("META-INF/manifest.xml", manifest_xml), ("content.xml", content)],
              stored_first=("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"))
    bad("entities.ods", "zipfile", "entities", "content.xml has the same DOCTYPE (billion laughs, xxe)")

    # too-many-columns.xlsx: 10,001 columns.
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Wide"
    ws.append(list(range(1, 10002)))
    ws.append([0.5, 1.5, 2.5])
    save(wb, os.path.join(B, "too-many-columns.xlsx"))
    bad("too-many-columns.xlsx", "openpyxl", "too-many-columns", "row 1 has 10,001 numeric cells (A..NTQ), row 2 three")

    # long-field.xlsx: one inline string of 1,100,000 characters.
    text = ("lorem ipsum dolor sit amet " * 40742)[:1100000]
    data = ('<row r="1"><c r="A1" t="inlineStr"><is><t>Text</t></is></c></row>'
            '<row r="2"><c r="A2" t="inlineStr"><is><t>%s</t></is></c></row>' % text)
    write_zip(os.path.join(B, "long-field.xlsx"), xlsx_parts("Long", data, ""))
    bad("long-field.xlsx", "zipfile", "long-field", "A2 is an inline string of 1,100,000 characters")


def main():
    global OUT
    if len(sys.argv) != 2:
        sys.exit("usage: make-workbooks.py OUTDIR")
    OUT = os.path.abspath(sys.argv[1])
    G, B = os.path.join(OUT, "good"), os.path.join(OUT, "bad")
    for d in (G, B):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    if not shutil.which("soffice"):
        die("soffice is missing (scripts/install-deps.sh installs libreoffice-calc-nogui)")
    tables = make_good(G)
    tmp = tempfile.mkdtemp(prefix="audiograph-workbooks-")
    try:
        make_libreoffice(G, B, tmp, tables)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    make_bad(G, B)
    manifest.sort(key=lambda e: e["file"])
    with open(os.path.join(OUT, "workbooks.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("make-workbooks: %d workbooks in %s" % (len(manifest), OUT))


if __name__ == "__main__":
    main()
