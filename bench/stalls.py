#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Finds the longest stall of the viewer's main loop in each scenario of issue 16, from its trace lines
(AUDIOGRAPH_TRACE=1: a 5 ms heartbeat timer writes "loop-gap:MICROSECONDS" for every gap of 10 ms or more,
Sources/AudiographGTK/GLibSupport/MainLoopHeartbeat.swift; CLOCK_MONOTONIC, like time.monotonic() here).

  bench/stalls.py FILE.csv --binary AUDIOGRAPH [--json OUT]
Needs an X display (bench/stalls.sh runs it under xvfb-run) and xdotool. FILE should be big (ten million rows)
so that loading, analysis and export take long enough to press keys during them.

Scenarios, each in a fresh viewer:
  open            launch to the chart drawn and analysed;
  keys-loading    S, D, N and ] pressed while the file loads;
  keys-analysing  S, D, N and ] pressed once the chart is drawn, before the analysis is ready (each says
                  "Still analysing…" and is answered when it is);
  space-blocked   Space with a sound device whose open blocks (ALSA's file plugin on a FIFO nobody reads),
                  for 3 s, then the FIFO is read and the sound starts;
  save-dialog     Ctrl+E until the save dialog is open and a path typed (GTK's own file chooser);
  export          Enter in the save dialog, until the WAV file is written;
  close-*         the window closed (Ctrl+W) during loading, analysis, a blocked device open and an export:
                  the stall until the process has gone, and whether it went within 10 s.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

STALL_GOAL_MS = 50


class Viewer:
    """One viewer process with its trace lines collected as (event, seconds)."""

    def __init__(self, binary, csv, work, alsa_config, extra_args=()):
        self.events = []
        self.messages = []
        self.lock = threading.Lock()
        env = dict(os.environ, AUDIOGRAPH_TRACE="1", ALSA_CONFIG_PATH=alsa_config, GSK_RENDERER="cairo",
                   NO_AT_BRIDGE="1", HOME=work, XDG_CONFIG_HOME=os.path.join(work, "config"),
                   XDG_DATA_HOME=os.path.join(work, "data"))
        self.process = subprocess.Popen([binary, *extra_args, csv], env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        text=True)
        threading.Thread(target=self._read, daemon=True).start()
        self.window = None

    def _read(self):
        for line in self.process.stderr:
            if not line.startswith("audiograph-trace: ") and line.strip():
                self.messages.append(line.rstrip())  # said when the window never appears
            if line.startswith("audiograph-trace: "):
                name, stamp = line.split()[1:3]
                with self.lock:
                    self.events.append((name, int(stamp) / 1e9))

    def wait_for(self, name, after=0.0, timeout=300):
        """The time of the first event `name` at or after `after`, waiting up to `timeout` s; None if none."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                for event, stamp in self.events:
                    if event == name and stamp >= after:
                        return stamp
            if self.process.poll() is not None:
                return None
            time.sleep(0.005)
        return None

    def seen(self, name, after=0.0):
        with self.lock:
            return any(event == name and stamp >= after for event, stamp in self.events)

    def find_window(self, title=None, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            args = ["xdotool", "search", "--onlyvisible"] + (["--name", title] if title else ["--pid", str(self.process.pid)])
            found = subprocess.run(args, capture_output=True, text=True).stdout.split()
            if found:
                return found[-1]
            time.sleep(0.02)
        return None

    def focus(self, window=None):
        window = window or self.window
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=False, capture_output=True)

    def press(self, *keys):
        subprocess.run(["xdotool", "key", "--delay", "60"] + list(keys), check=False)

    def longest_gap(self, start, end):
        """The longest main-loop gap (ms) that began in [start, end] and how many exceeded the goal. A gap
        that began before `start` belongs to what the viewer was doing before the scenario (a window's first
        frame still being drawn when xdotool already sees the window); the heartbeat's 5 ms period is
        allowed for, since a key pressed at `start` is handled in a turn of the loop that began up to 5 ms
        earlier."""
        longest, over = 0.0, 0
        with self.lock:
            for event, stamp in self.events:
                if not event.startswith("loop-gap:"):
                    continue
                ms = int(event.split(":")[1]) / 1000
                if start - 0.006 <= stamp - ms / 1000 <= end:
                    longest = max(longest, ms)
                    over += ms > STALL_GOAL_MS
        return longest, over

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()


def alsa_file_config(work, target):
    path = os.path.join(work, "alsa-%s.conf" % os.path.basename(target))
    with open(path, "w") as f:
        f.write('pcm.!default { type file; slave.pcm { type null }; file "%s"; format "raw" }\n' % target)
    return path


def start(args, work, alsa_config, wait_window=True, csv=None, extra_args=()):
    viewer = Viewer(args.binary, csv or args.file, work, alsa_config, extra_args)
    if wait_window:
        viewer.window = viewer.find_window()
        if viewer.window is None:
            code = viewer.process.poll()
            viewer.stop()
            sys.exit("the viewer's window never appeared (%s); it said:\n%s" % (
                "exit status %s" % code if code is not None else "still running",
                "\n".join(line for line in viewer.messages if "dconf-WARNING" not in line)[-2000:]))
        viewer.focus()
    return viewer


def close_and_measure(viewer, since):
    """Ctrl+W; the longest stall until the process has gone, and whether it went within 10 s."""
    closing = time.monotonic()
    viewer.focus()
    viewer.press("ctrl+w")
    try:
        viewer.process.wait(10)
        gone = True
    except subprocess.TimeoutExpired:
        gone = False
    longest, over = viewer.longest_gap(since, time.monotonic())
    viewer.stop()
    return longest, over, gone, time.monotonic() - closing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--json")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="stalls-")
    sink = alsa_file_config(work, os.path.join(work, "sound.raw"))
    fifo = os.path.join(work, "device.fifo")
    os.mkfifo(fifo)
    blocking = alsa_file_config(work, fifo)
    results = []

    def record(name, longest, over, seconds, note=""):
        results.append({"scenario": name, "longest_stall_ms": round(longest, 1), "stalls_over_goal": over,
                         "seconds": round(seconds, 2), "note": note})
        print("%-16s %10.1f %6d %8.2f  %s" % (name, longest, over, seconds, note), flush=True)

    print("%-16s %10s %6s %8s  %s" % ("scenario", "stall ms", ">50ms", "seconds", "note"), flush=True)
    try:
        # open: launch to the chart drawn and analysed.
        viewer = start(args, work, sink, wait_window=False)
        t0 = time.monotonic()
        ready = viewer.wait_for("analysis-ready")
        t1 = time.monotonic()
        longest, over = viewer.longest_gap(0, t1)
        record("open", longest, over, t1 - t0, "" if ready else "never analysed")

        # keys-analysing: S, D, N and ] between the first drawing and the analysis.
        viewer.stop()
        viewer = start(args, work, sink)
        drawn = viewer.wait_for("redraw-end")
        t0 = time.monotonic()
        viewer.focus()
        viewer.press("s", "d", "Escape", "n", "bracketright")
        early = not viewer.seen("analysis-ready")
        viewer.wait_for("analysis-ready", after=drawn or 0)
        time.sleep(1.0)  # the waiting key is answered after the analysis: measure that too
        t1 = time.monotonic()
        longest, over = viewer.longest_gap(t0, t1)
        record("keys-analysing", longest, over, t1 - t0, "" if early else "analysis was ready before the keys")
        viewer.stop()

        # keys-loading: the same keys while the file loads (they reach the loading page).
        viewer = start(args, work, sink)
        t0 = time.monotonic()
        viewer.press("s", "d", "n", "bracketright")
        loading = not viewer.seen("redraw-end")
        viewer.wait_for("redraw-end", after=t0)
        t1 = time.monotonic()
        longest, over = viewer.longest_gap(t0, t1)
        record("keys-loading", longest, over, t1 - t0, "" if loading else "loaded before the keys")

        # close-loading: Ctrl+W while the file loads.
        viewer.stop()
        viewer = start(args, work, sink)
        t0 = time.monotonic()
        longest, over, gone, seconds = close_and_measure(viewer, t0)
        record("close-loading", longest, over, seconds, "" if gone else "process still running after 10 s")

        # close-analysing: Ctrl+W once drawn, before the analysis is ready.
        viewer = start(args, work, sink)
        viewer.wait_for("redraw-end")
        t0 = time.monotonic()
        early = not viewer.seen("analysis-ready")
        longest, over, gone, seconds = close_and_measure(viewer, t0)
        record("close-analysing", longest, over, seconds,
               ("" if gone else "process still running after 10 s; ") + ("" if early else "analysis was already ready"))

        # space-blocked: the device's open blocks on a FIFO nobody reads; then it is read.
        viewer = start(args, work, blocking)
        viewer.wait_for("analysis-ready")
        viewer.focus()
        t0 = time.monotonic()
        viewer.press("space")
        time.sleep(3)
        blocked_longest, blocked_over = viewer.longest_gap(t0, time.monotonic())
        heard = []

        def drain():
            with open(fifo, "rb") as f:
                while True:
                    chunk = f.read(65536)
                    if not chunk:
                        break
                    heard.append(len(chunk))

        threading.Thread(target=drain, daemon=True).start()
        viewer.wait_for("first-write", after=t0, timeout=10)
        t1 = time.monotonic()
        longest, over = viewer.longest_gap(t0, t1)
        record("space-blocked", longest, over, t1 - t0,
               "blocked 3 s: longest %.1f ms; %s" % (blocked_longest, "sound started once read" if heard else "no sound"))
        viewer.stop()

        # close-space-blocked: Ctrl+W while the device's open blocks.
        viewer = start(args, work, blocking)
        viewer.wait_for("analysis-ready")
        viewer.focus()
        viewer.press("space")
        time.sleep(1)
        t0 = time.monotonic()
        longest, over, gone, seconds = close_and_measure(viewer, t0)
        record("close-space-blocked", longest, over, seconds, "" if gone else "process still running after 10 s")

        # export and close-export: Ctrl+E, the path typed, Enter.
        for closing in (False, True):
            viewer = start(args, work, sink)
            viewer.wait_for("analysis-ready")
            target = os.path.join(work, "export-%d.wav" % closing)
            viewer.focus()
            t0 = time.monotonic()
            viewer.press("ctrl+e")
            dialog = viewer.find_window("Export Audio Graph", timeout=20)
            if dialog is None:
                record("export", 0, 0, 0, "no save dialog")
                viewer.stop()
                continue
            viewer.focus(dialog)
            viewer.press("ctrl+a")
            subprocess.run(["xdotool", "type", "--delay", "5", target], check=False)
            if not closing:
                longest, over = viewer.longest_gap(t0, time.monotonic())
                record("save-dialog", longest, over, time.monotonic() - t0, "GTK's file chooser opening, and typing")
            t0 = time.monotonic()
            viewer.press("Return")
            began = viewer.wait_for("export-start", after=t0, timeout=20)
            if closing:
                longest, over, gone, seconds = close_and_measure(viewer, t0)
                written = os.path.exists(target)
                record("close-export", longest, over, seconds,
                       ("" if gone else "process still running; ") + ("file written before the close" if written else "cancelled, no file")
                       + ("; %d temporary files left" % len([f for f in os.listdir(work) if f.endswith(".tmp")])))
            else:
                ended = viewer.wait_for("export-end", after=t0, timeout=120)
                t1 = time.monotonic()
                longest, over = viewer.longest_gap(t0, t1)
                size = os.path.getsize(target) if os.path.exists(target) else 0
                record("export", longest, over, t1 - t0,
                       "%d-byte WAV" % size if ended and began else "export never finished")
                viewer.stop()
        # follow: `--follow` on a copy of the file, ten rows appended every 200 ms for 5 s, each poll
        # rebuilding the chart on a worker and the window growing it in place.
        copy = os.path.join(work, "followed.csv")
        shutil.copyfile(args.file, copy)
        with open(copy, "rb") as f:
            f.seek(-200, os.SEEK_END)
            last_x = float(f.read().strip().split(b"\n")[-1].split(b",")[0])
        viewer = start(args, work, sink, csv=copy, extra_args=["--follow"])
        viewer.wait_for("analysis-ready")
        t0 = time.monotonic()
        grown = 0
        while time.monotonic() - t0 < 5:
            with open(copy, "a") as f:
                f.write("".join("%d,%.3f\n" % (last_x + grown + k + 1, (grown + k) % 97) for k in range(10)))
            grown += 10
            time.sleep(0.2)
        viewer.wait_for("analysis-ready", after=time.monotonic(), timeout=60)
        t1 = time.monotonic()
        longest, over = viewer.longest_gap(t0, t1)
        with viewer.lock:
            starts = [stamp for event, stamp in viewer.events if event == "grow-start" and stamp >= t0]
            ends = [stamp for event, stamp in viewer.events if event == "grow-end" and stamp >= t0]
        growths = sorted((end - start) * 1000 for start, end in zip(starts, ends))
        spent = "; %d growths, median %.1f ms, longest %.1f ms on the main loop" % (
            len(growths), growths[len(growths) // 2], growths[-1]) if growths else ""
        record("follow", longest, over, t1 - t0, "%d rows appended in 5 s%s" % (grown, spent))
        viewer.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    worst = max((r["longest_stall_ms"] for r in results), default=0)
    print("longest stall anywhere: %.1f ms (goal: none over %d ms)" % (worst, STALL_GOAL_MS))


if __name__ == "__main__":
    main()
