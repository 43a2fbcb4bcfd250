#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How long the viewer's main loop stalls when a big chart appears (issue 35), seen from inside and from an
AT-SPI client, with the accessibility bridge on as under Orca.

    python3 bench/chart_appears.py --binary AUDIOGRAPH FILE... [--runs N]

Run inside a D-Bus session with an AT-SPI bus (bench/stalls.sh does: dbus-run-session and
Tests/gui/atspi-bus.sh under Xvfb). For each file and run, the viewer opens the file with its trace on
(AUDIOGRAPH_TRACE=1), while this script listens to the bus's object, focus and window events (so the viewer
sends them, as it does to Orca) and a thread asks the viewer's application object for its role every 5 ms
(a D-Bus round trip answered on the viewer's main loop). The scenario runs from `present-start` (the chart
handed to the view) to 250 ms after the first redraw once its elements are placed; it reports the longest
main-loop gap (the 5 ms heartbeat) and the slowest round trip that began in it. Goal: none over 50 ms.
"""
import argparse
import os
import subprocess
import sys
import threading
import time

import pyatspi
from gi.repository import Gio, GLib

GOAL_MS = 50


def one_run(binary, path, bus_address, timeout=120):
    """(longest gap ms, slowest round trip ms, seconds from start to the chart appearing) of one viewer run."""
    env = dict(os.environ, AUDIOGRAPH_TRACE="1", GSK_RENDERER="cairo")
    env.pop("NO_AT_BRIDGE", None)
    events, trips = [], []
    viewer = subprocess.Popen([binary, path], env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    started = time.monotonic()
    done = threading.Event()

    def read_trace():
        for line in viewer.stderr:
            if line.startswith("audiograph-trace: "):
                name, stamp = line.split()[1:3]
                events.append((name, int(stamp) / 1e9))

    def probe():
        connection = Gio.DBusConnection.new_for_address_sync(
            bus_address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
        target = None
        while not done.is_set() and viewer.poll() is None:
            if target is None:
                target = find_viewer(connection)
                time.sleep(0.01)
                continue
            began = time.monotonic()
            try:
                connection.call_sync(target[0], target[1], "org.a11y.atspi.Accessible", "GetRole", None, None,
                                     Gio.DBusCallFlags.NONE, 10000, None)
            except GLib.Error:
                pass
            trips.append((began, (time.monotonic() - began) * 1000))
            time.sleep(0.005)

    threading.Thread(target=read_trace, daemon=True).start()
    prober = threading.Thread(target=probe, daemon=True)
    prober.start()

    def appeared():
        names = [name for name, _ in events]
        if "place-end" not in names:
            return None
        placed = names.index("place-end")
        drawn = [stamp for name, stamp in events[placed:] if name == "redraw-end"]
        return drawn[0] if drawn else None

    def check():
        shown = appeared()
        if (shown is not None and time.monotonic() > shown + 0.3) or time.monotonic() - started > timeout \
                or viewer.poll() is not None:
            pyatspi.Registry.stop()
            return False
        return True

    GLib.timeout_add(20, check)
    pyatspi.Registry.start()
    done.set()
    prober.join(timeout=15)
    viewer.terminate()
    viewer.wait(timeout=15)
    shown = appeared()
    presented = [stamp for name, stamp in events if name == "present-start"]
    if shown is None or not presented:
        return None
    # The last presentation before the chart appeared (the first shows the empty window).
    start = max(stamp for stamp in presented if stamp <= shown)
    end = shown + 0.25
    gaps = [int(name.split(":")[1]) / 1000 for name, stamp in events
            if name.startswith("loop-gap:") and start - 0.006 <= stamp - int(name.split(":")[1]) / 1e6 <= end]
    slow = [ms for began, ms in trips if start - 0.005 <= began <= end]
    return max(gaps, default=0.0), max(slow, default=0.0), len(slow), start - events[0][1] if events else 0.0


def find_viewer(connection):
    """(bus name, path) of the viewer's application object on the accessibility bus, or None yet."""
    try:
        children = connection.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                                        "org.a11y.atspi.Accessible", "GetChildren", None, None,
                                        Gio.DBusCallFlags.NONE, 2000, None).unpack()[0]
    except GLib.Error:
        return None
    for bus, path in children:
        try:
            name = connection.call_sync(bus, path, "org.freedesktop.DBus.Properties", "Get",
                                        GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")), None,
                                        Gio.DBusCallFlags.NONE, 2000, None).unpack()[0]
        except GLib.Error:
            continue
        if "audiograph" in name.lower():
            return bus, path
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    session = Gio.bus_get_sync(Gio.BusType.SESSION)
    bus_address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    pyatspi.Registry.registerEventListener(lambda event: None, "object:", "focus:", "window:")
    print("%-28s %16s %18s %8s" % ("chart appears: file", "loop stall ms", "AT-SPI round trip ms", ">50 ms"))
    failed = False
    for path in args.files:
        results = [r for r in (one_run(args.binary, path, bus_address) for _ in range(args.runs)) if r]
        if not results:
            print("%-28s the chart never appeared" % os.path.basename(path))
            failed = True
            continue
        stalls = [r[0] for r in results]
        trips = [r[1] for r in results]
        over = sum(s > GOAL_MS for s in stalls) + sum(t > GOAL_MS for t in trips)
        print("%-28s %16s %18s %8d   (%d runs, %d round trips each)" % (
            os.path.basename(path), "%.1f–%.1f" % (min(stalls), max(stalls)),
            "%.1f–%.1f" % (min(trips), max(trips)), over, len(results), min(r[2] for r in results)), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
