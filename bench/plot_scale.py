# SPDX-License-Identifier: GPL-3.0-or-later
"""Plots bench/scale.sh's results: seconds and peak memory against rows, log-log, one line per tool.

    python plot_scale.py scale.jsonl OUT.svg
"""
import json
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

rows = [json.loads(line) for line in open(sys.argv[1])]
x = [r["rows"] for r in rows]
figure, (time_axis, memory_axis) = plt.subplots(1, 2, figsize=(10, 4))
for key, label, marker in [("describe_s", "describe", "o"), ("render_s", "render", "s"),
                           ("gui_first_chart_s", "viewer: first chart", "^")]:
    time_axis.plot(x, [r[key] for r in rows], marker=marker, label=label)
for key, label, marker in [("describe_rss_mib", "describe", "o"), ("render_rss_mib", "render", "s"),
                           ("gui_rss_mib", "viewer", "^")]:
    memory_axis.plot(x, [r[key] for r in rows], marker=marker, label=label)
memory_axis.plot(x, [1.3 * r["file_mib"] for r in rows], linestyle="--", color="black", label="1.3 × file size")
for axis, title, unit in [(time_axis, "Time", "seconds"), (memory_axis, "Peak memory", "MiB")]:
    axis.set_xscale("log")
    axis.set_yscale("log")
    axis.set_xlabel("rows (one series: x, y)")
    axis.set_ylabel(unit)
    axis.set_title(title)
    axis.grid(True, which="major", alpha=0.4)
    axis.legend()
figure.tight_layout()
figure.savefig(sys.argv[2])
