#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerate the example CSVs in this folder (all numbers are synthetic).

    python3 data/generate_synthetic.py          # rewrites data/*.csv in place

Standard library only. Output is deterministic: hand-written values are literals
below and every random choice comes from a random.Random(SEED + offset) per file,
so a re-run gives byte-identical files. Files are UTF-8, LF line endings, no
BOM, header row; a header that contains a comma is quoted, as CSV requires.
"""
import csv
import datetime
import os
import random

SEED = 20240101
# Seed offsets picked (first that worked) so that, sorted by x, cars have exactly
# one outlier, the hybrid, and coffee has none (robust z > 3.5 of residuals from a
# 5-point running median, with or without the point itself in its window).
CARS_SEED_OFFSET = 5
COFFEE_SEED_OFFSET = 6
HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, header, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def births(rng):
    # Shaped like Apple's example: falls to its lowest in the mid-1930s, rises fast
    # to the peak of 268 in 1960, then falls (staying above the 1930s low). A smooth
    # hand-drawn curve plus a little seeded year-to-year jitter. Not real data.
    curve = [
        250, 246, 242, 238, 234, 230, 226, 222, 218, 214,  # 1917-1926
        209, 204, 199, 194, 189, 185, 181, 179, 178, 179,  # 1927-1936
        181, 184, 188, 193, 198, 204, 210, 216, 222, 228,  # 1937-1946
        233, 237, 241, 244, 247, 250, 253, 255, 257, 259,  # 1947-1956
        261, 263, 265, 267, 263, 256, 248, 240, 232, 225,  # 1957-1966
        219, 214, 209, 205, 202, 199, 197, 195, 194,       # 1967-1975
    ]
    assert len(curve) == 1975 - 1917 + 1
    values = [v + rng.randint(-2, 2) for v in curve]
    values[1960 - 1917] = 268
    assert max(values) == 268 and values.index(268) == 1960 - 1917
    assert 1933 <= 1917 + values.index(min(values)) <= 1936
    write("births.csv", ["Year", "Birth rate (births per 10,000 people)"],
          [(1917 + i, v) for i, v in enumerate(values)])


def coffee(rng):
    # Apple's first points (0→20, 1→30, 2→35, 3→32) come first; then more people
    # per cup count around an inverted U (productivity peaks at 2-3 cups).
    typical = {0: 20, 1: 30, 2: 36, 3: 33, 4: 30, 5: 27, 6: 23, 7: 19, 8: 15}
    extra = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 2]
    rows = [(c, max(0, typical[c] + rng.randint(-4, 4))) for c in extra]
    rng.shuffle(rows)
    write("coffee.csv", ["Cups of coffee", "Lines of code"],
          [(0, 20), (1, 30), (2, 35), (3, 32)] + rows)


def rainfall():
    # Illustrative, rounded, climate-normal-like monthly totals: a wet equatorial
    # city (Singapore-like, wettest Nov-Jan, no dry season) and a hot desert city
    # (a small summer-monsoon bump). Not measurements of any station or year.
    # Kept smooth enough that a 12-point series shows no outliers.
    tropical = [200, 170, 180, 175, 165, 150, 155, 160, 170, 195, 235, 260]
    dry = [19, 21, 18, 8, 4, 2, 14, 19, 15, 12, 12, 17]
    write("rainfall.csv", ["Month", "Tropical (mm)", "Dry (mm)"],
          [(f"2023-{m:02d}", t, d) for m, (t, d) in enumerate(zip(tropical, dry), 1)])


def cars(rng):
    # Fictional makes. Fuel efficiency falls with weight (about 27 - 0.009 * kg,
    # ±0.7 km/L noise); price rises with weight and by country. The only hybrid is
    # the one very high fuel-efficiency outlier. Rows are shuffled (not by weight).
    makes = {"Japan": ("Hoshi", 1.00), "Germany": ("Adler", 1.35),
             "USA": ("Liberty", 0.95), "South Korea": ("Hanul", 0.90),
             "Italy": ("Vento", 1.25)}
    models = {"Mini": (93, 115), "City": (110, 135), "Sedan": (135, 165),
              "Sport": (140, 175), "Wagon": (150, 180), "Tourer": (180, 220)}
    rows = []
    for country, (make, price_factor) in makes.items():
        for model, (lo, hi) in models.items():
            weight = rng.randint(lo, hi) * 10
            eff = 27 - 0.009 * weight + rng.uniform(-0.7, 0.7)
            price = (weight * 17 + rng.randint(-2500, 2500)) * price_factor
            rows.append([f"{make} {model}", weight, round(eff, 1),
                         int(round(price, -2)), country])
    rng.shuffle(rows)
    # Replace one Japanese mid-weight car with the hybrid outlier.
    i = next(k for k, r in enumerate(rows) if r[0] == "Hoshi Sedan")
    rows[i] = ["Hoshi Sedan Hybrid", 1380, 31.4, 27900, "Japan"]
    write("cars.csv", ["Model", "Weight (kg)", "Fuel efficiency (km/L)",
                       "Price (USD)", "Country"], rows)


def stocks(rng):
    # Three fictional symbols, 60 weekdays from 2024-01-02 (holidays ignored),
    # geometric random walks. Long ("tidy") layout ordered by date then symbol.
    days, d = [], datetime.date(2024, 1, 2)
    while len(days) < 60:
        if d.weekday() < 5:
            days.append(d)
        d += datetime.timedelta(days=1)
    start = {"ACME": 120.0, "BOLT": 45.0, "CRUX": 310.0}
    price = dict(start)
    rows = []
    for i, day in enumerate(days):
        for sym in start:
            if i > 0:
                price[sym] *= 1 + rng.gauss(0.0005, 0.018)
            rows.append((sym, day.isoformat(), f"{price[sym]:.2f}"))
    write("stocks-long.csv", ["Symbol", "Date", "Close"], rows)


def sales():
    write("sales-by-region.csv", ["Region", "Sales (USD)"], [
        ("North America", 1842000), ("Latin America", 612500),
        ("Western Europe", 1375300), ("Eastern Europe", 418900),
        ("Asia Pacific", 1569800), ("Middle East and Africa", 297400)])


def main():
    # One generator per file, so changing one file leaves the others as they are.
    births(random.Random(SEED + 1))
    coffee(random.Random(SEED + COFFEE_SEED_OFFSET))
    rainfall()
    cars(random.Random(SEED + CARS_SEED_OFFSET))
    stocks(random.Random(SEED + 3))
    sales()


if __name__ == "__main__":
    main()
