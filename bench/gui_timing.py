#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times the real viewer on a virtual display, from its trace lines (AUDIOGRAPH_TRACE=1, Sources/AudiographCore/
Diagnostics/Trace.swift, CLOCK_MONOTONIC like time.monotonic() here):

  cold start   process spawn to the first chart drawn, for FILE;
  scrub        a Right key press reaching the chart to the first frames of its tone written to ALSA
               (ALSA's file plugin, so the device itself adds nothing), over PRESSES presses;
  redraw       one paint of the chart after the cursor moved (scene build + cairo), over the same presses;
  memory       the viewer's peak RSS once the chart is drawn, and at the end (after its analysis and the presses).

  bench/gui_timing.py FILE [--presses 50] [--json OUT]
Needs a display (run it through xvfb-run, as bench/gui-timing.sh does) and xdotool.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--presses", type=int, default=50)
    parser.add_argument("--binary", default=os.environ.get("AUDIOGRAPH_BIN"))
    parser.add_argument("--json")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="gui-timing-")
    raw = os.path.join(work, "out.raw")
    config = os.path.join(work, "alsa.conf")
    with open(config, "w") as f:
        f.write('pcm.!default {\n type file\n slave.pcm { type null }\n file "%s"\n format "raw"\n}\n' % raw)
    env = dict(os.environ, AUDIOGRAPH_TRACE="1", ALSA_CONFIG_PATH=config, GSK_RENDERER="cairo", NO_AT_BRIDGE="1",
               HOME=work, XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_DATA_HOME=os.path.join(work, "data"))
    events = []  # (name, seconds on CLOCK_MONOTONIC)
    spawned = time.monotonic()
    process = subprocess.Popen([args.binary, args.file], env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               text=True)

    def read_trace():
        for line in process.stderr:
            if line.startswith("audiograph-trace: "):
                name, stamp = line.split()[1:3]
                events.append((name, int(stamp) / 1e9))

    threading.Thread(target=read_trace, daemon=True).start()

    def wait_for(name, after, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for event, stamp in list(events):
                if event == name and stamp >= after:
                    return stamp
            time.sleep(0.005)
        return None

    try:
        drawn = wait_for("redraw-end", spawned, 300)
        if drawn is None:
            sys.exit("the chart was never drawn")
        with open("/proc/%d/status" % process.pid) as f:
            peak_kib = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
        window = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(process.pid)],
                                capture_output=True, text=True).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        time.sleep(1)
        subprocess.run(["xdotool", "key", "Right"], check=True)  # opens the sound device; not measured
        time.sleep(2)
        scrubs, redraws = [], []
        for _ in range(args.presses):
            pressed_at = time.monotonic()
            subprocess.run(["xdotool", "key", "Right"], check=True)
            key = wait_for("key", pressed_at, 5)
            written = wait_for("first-write", key or pressed_at, 5) if key else None
            redraw_end = wait_for("redraw-end", key or pressed_at, 5) if key else None
            if key and written:
                scrubs.append((written - key) * 1000)
            if redraw_end:
                starts = [s for e, s in events if e == "redraw-start" and key <= s <= redraw_end]
                if starts:
                    redraws.append((redraw_end - starts[-1]) * 1000)
            time.sleep(0.25)
        with open("/proc/%d/status" % process.pid) as f:  # after the analysis and the presses too
            peak_end_kib = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    finally:
        process.terminate()
        process.wait(10)

    result = {
        "file": args.file,
        "file_mib": round(os.path.getsize(args.file) / 2 ** 20, 1),
        "cold_start_s": round(drawn - spawned, 3),
        "peak_rss_mib": round(peak_kib / 1024, 1),
        "peak_rss_end_mib": round(peak_end_kib / 1024, 1),
        "scrub_ms_median": round(statistics.median(scrubs), 2) if scrubs else None,
        "scrub_ms_p95": round(percentile(scrubs, 0.95), 2) if scrubs else None,
        "scrub_presses": len(scrubs),
        "redraw_ms_median": round(statistics.median(redraws), 2) if redraws else None,
        "redraw_ms_p95": round(percentile(redraws, 0.95), 2) if redraws else None,
    }
    print(json.dumps(result))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f)


if __name__ == "__main__":
    main()
