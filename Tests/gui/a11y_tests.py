#!/usr/bin/python3
"""End-to-end accessibility tests: the real `audiograph` on Xvfb with the real AT-SPI bus, read with pyatspi,
driven with xdotool, heard through the real ALSA library writing into a file, and spoken by the real Orca
(its speech log). Run through run-gui-tests.sh, which provides the display, the D-Bus session and the
AT-SPI bus. What Orca says is the closest CI gets to a blind person using the app.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pyatspi
from gi.repository import GLib

BIN = os.environ["AUDIOGRAPH_BIN"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "data")
OUT = os.environ.get("GUI_TEST_OUT") or tempfile.mkdtemp(prefix="audiograph-a11y-")
os.makedirs(OUT, exist_ok=True)
BIRTHS_TITLE = "Birth rate by year, line chart"

failures = []


def check(condition, message):
    print(("  ok   " if condition else "  FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def alsa_file_sink(folder):
    """An alsa.conf whose default device writes every frame into folder/out.raw; returns (config, raw)."""
    raw = os.path.join(folder, "out.raw")
    config = os.path.join(folder, "alsa.conf")
    with open(config, "w") as f:
        f.write('pcm.!default {\n type file\n slave.pcm { type null }\n file "%s"\n format "raw"\n perm 0644\n}\n' % raw)
    return config, raw


def start_app(path, home, extra_env=None):
    env = dict(os.environ, GSK_RENDERER="cairo", HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"), AUDIOGRAPH_EXAMPLES_DIR=DATA)
    for name in ("NO_AT_BRIDGE", "GTK_A11Y", "GTK_THEME"):
        env.pop(name, None)
    env.update(extra_env or {})
    log = open(os.path.join(OUT, "a11y-%s.log" % os.path.basename(path)), "w")
    return subprocess.Popen([BIN, path], env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_for_window(title, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                               capture_output=True, text=True).stdout.split()
        if found:
            return found[0]
        time.sleep(0.1)
    raise RuntimeError("no window titled %r" % title)


def stop(process):
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()


def app_node(pid, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        time.sleep(0.2)
    raise RuntimeError("the app never appeared on the AT-SPI bus")


def find_all(node, predicate, found=None, depth=0):
    found = [] if found is None else found
    if depth > 20:
        return found
    try:
        if predicate(node):
            found.append(node)
        for i in range(node.childCount):
            find_all(node[i], predicate, found, depth + 1)
    except Exception:
        pass
    return found


def chart_group(app, title):
    groups = find_all(app, lambda n: n.getRoleName() == "panel" and (n.name or "").startswith(title))
    return groups[0] if groups else None


def states(node):
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def extents(node):
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return e.x, e.y, e.width, e.height


def tree_and_keys():
    """The tree of births.csv: one group, one list of 59 named items over the drawn points, one Tab stop;
    then keys move the focus (AT-SPI focus events) and play tones into the ALSA file sink."""
    print("births.csv: accessibility tree, keys, focus events and sound")
    home = tempfile.mkdtemp(prefix="a11y-")
    config, raw = alsa_file_sink(home)
    process = start_app(os.path.join(DATA, "births.csv"), home, {"ALSA_CONFIG_PATH": config})
    try:
        window = wait_for_window("births.csv")
        time.sleep(1.5)
        app = app_node(process.pid)
        group = chart_group(app, BIRTHS_TITLE)
        check(group is not None, "the chart is a group (panel) named after the chart: %r"
              % (group.name if group else None))
        if group is None:
            return
        check(group.name == BIRTHS_TITLE + ", point 1 of 59 selected", "the group's name says what is selected: %r" % group.name)
        lists = [group[i] for i in range(group.childCount) if group[i].getRoleName() == "list"]
        check(len(lists) == 1 and lists[0].name == "Birth rate", "one list, named after the series: %r"
              % [l.name for l in lists])
        items = [lists[0][i] for i in range(lists[0].childCount)]
        check(len(items) == 59 and all(i.getRoleName() == "list item" for i in items), "59 list items, one per year")
        check(items[43].name == "1960, 268 births per 10,000 people, point 44 of 59", "point names give x, y with unit "
              "and position: %r" % items[43].name)
        focusable = [i for i in items if "focusable" in states(i)]
        check(len(focusable) == 1 and focusable[0] is not None and "focused" in states(items[0]),
              "one roving Tab stop, the first point, has the focus")
        boxes = [extents(i) for i in items]
        centres = [(x + w / 2, y + h / 2) for x, y, w, h in boxes]
        check(all(w >= 8 and h >= 8 for _, _, w, h in boxes), "every point has on-screen extents")
        check(all(a[0] < b[0] for a, b in zip(centres, centres[1:])), "extents run left to right in year order")
        # The 1960 peak is drawn highest (smallest y), the 1935 low lowest.
        check(min(range(59), key=lambda k: centres[k][1]) == 43 and max(range(59), key=lambda k: centres[k][1]) == 18,
              "extents sit on the drawn points: the 1960 peak highest, the 1935 low lowest")

        focused = []

        def on_focus(event):
            if event.detail1:
                focused.append(event.source.name)

        def drive():
            try:
                subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
                for key in ["Right", "Right", "End", "ctrl+Left", "bracketleft"]:
                    subprocess.run(["xdotool", "key", key], check=True)
                    time.sleep(0.6)
            finally:
                GLib.idle_add(pyatspi.Registry.stop)

        pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
        threading.Thread(target=drive, daemon=True).start()
        pyatspi.Registry.start()
        pyatspi.Registry.deregisterEventListener(on_focus, "object:state-changed:focused")
        expected = ["1918, 245 births per 10,000 people, point 2 of 59", "1919, 244 births per 10,000 people, point 3 of 59",
                    "1975, 195 births per 10,000 people, point 59 of 59", "1970, 207 births per 10,000 people, point 54 of 59"]
        named = [n for n in focused if n]
        check(named[:4] == expected, "Right, Right, End, Ctrl+Left move the focus point by point: %r" % named[:4])
        check(len(named) >= 5 and named[4].startswith("1935,"), "[ jumps to the lowest value, 1935: %r" % named[4:5])
        check(group.name.endswith("point 19 of 59 selected"), "the group's name follows the cursor: %r" % group.name)
        size = os.path.getsize(raw) if os.path.exists(raw) else 0
        check(size >= 5 * int(0.15 * 48000) * 4, "five tones reached the ALSA file sink (%d bytes)" % size)
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


def export_wav():
    """Ctrl+E, a file name typed into the save dialog, Enter: a WAV file of the whole audio graph appears."""
    print("Export the audio graph as WAV")
    home = tempfile.mkdtemp(prefix="a11y-")
    target = os.path.join(home, "births-export.wav")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv")
        time.sleep(1)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        subprocess.run(["xdotool", "key", "ctrl+e"], check=True)
        dialog = wait_for_window("Export Audio Graph")
        time.sleep(1)
        subprocess.run(["xdotool", "windowfocus", "--sync", dialog], check=True)
        subprocess.run(["xdotool", "key", "ctrl+a"], check=True)
        subprocess.run(["xdotool", "type", "--delay", "15", target], check=True)
        time.sleep(0.3)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        deadline = time.time() + 10
        while time.time() < deadline and not os.path.exists(target):
            time.sleep(0.2)
        data = open(target, "rb").read() if os.path.exists(target) else b""
        check(data[:4] == b"RIFF" and data[8:12] == b"WAVE", "Ctrl+E saved a WAV file (%d bytes)" % len(data))
        check(len(data) > 9 * 48000 * 4, "it holds the whole audio graph, about ten seconds")
        leftovers = [f for f in os.listdir(home) if f.endswith(".tmp")]
        check(not leftovers, "no temporary file is left behind: %r" % leftovers)
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


def long_and_several_series():
    """A 1,000-point series is walked by interval; several series are several lists."""
    print("Long series and several series")
    home = tempfile.mkdtemp(prefix="a11y-")
    path = os.path.join(home, "long.csv")
    with open(path, "w") as f:
        f.write("step,level (mm)\n")
        for k in range(1000):
            f.write("%d,%d\n" % (k, (k * 37) % 101))
    for csv, title in [(path, "long.csv"), (os.path.join(DATA, "stocks-long.csv"), "stocks-long.csv")]:
        process = start_app(csv, home)
        try:
            wait_for_window(title)
            time.sleep(1.5)
            app = app_node(process.pid)
            lists = find_all(app, lambda n: n.getRoleName() == "list" and n.childCount > 0
                             and n[0].getRoleName() == "list item" and (n[0].name or "").count(" of ") >= 1
                             and ("point" in n[0].name or "interval" in n[0].name))
            if csv == path:
                items = [lists[0][i] for i in range(lists[0].childCount)] if lists else []
                check(len(lists) == 1 and 40 <= len(items) <= 60, "1,000 points become %d intervals" % len(items))
                check(bool(items) and items[0].name.startswith("0 to 16: 0 to ")
                      and items[0].name.endswith("interval 1 of %d" % len(items)),
                      "an interval's name gives its span, range and average: %r" % (items[0].name if items else None))
            else:
                check(len(lists) == 3 and all(", series " in l.name for l in lists),
                      "each series is its own named list: %r" % [l.name for l in lists])
        finally:
            stop(process)
    shutil.rmtree(home, ignore_errors=True)


class Orca:
    """Orca with a silent speech module and its debug log copied line by line through script(1)."""

    def __init__(self):
        self.home = tempfile.mkdtemp(prefix="orca-")
        runtime = os.path.join(self.home, "runtime")
        os.makedirs(os.path.join(self.home, "config/speech-dispatcher"))
        os.makedirs(os.path.join(self.home, "prefs"))
        os.makedirs(runtime, mode=0o700)
        with open(os.path.join(self.home, "config/speech-dispatcher/speechd.conf"), "w") as f:
            f.write('DefaultModule dummy\nAddModule "dummy" "sd_dummy" ""\n')
        self.log = os.path.join(OUT, "orca.log")
        env = dict(os.environ, HOME=self.home, XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                   XDG_DATA_HOME=os.path.join(self.home, "data"), XDG_RUNTIME_DIR=runtime)
        env.pop("NO_AT_BRIDGE", None)
        command = "orca --replace -u %s --debug-file /dev/tty" % os.path.join(self.home, "prefs")
        self.process = subprocess.Popen(["script", "-q", "-f", "-c", command, self.log], env=env,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline and "Screen reader on" not in self.speech():
            time.sleep(0.3)
        time.sleep(1)

    def speech(self):
        try:
            with open(self.log, errors="replace") as f:
                return "\n".join(line.split("SPEECH OUTPUT: ", 1)[1] for line in f if "SPEECH OUTPUT: " in line)
        except OSError:
            return ""

    def stop(self):
        self.process.terminate()
        subprocess.run(["pkill", "-f", "orca --replace"], check=False)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.home, ignore_errors=True)


def orca_speaks():
    """What Orca says while a person explores births.csv by keyboard."""
    print("Orca's speech while exploring births.csv")
    orca = Orca()
    home = tempfile.mkdtemp(prefix="a11y-")
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv")
        time.sleep(2)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        steps = [("Tab", "Play push button"), ("Tab", "Chart Details"), ("Tab", "List with 59 items"),
                 ("Right", "1918, 245 births per 10,000 people, point 2 of 59"),
                 ("s", "Birth rate by year, 1917 to 1975: falls steeply"),
                 ("x", "X axis: Year, 1917 to 1975"), ("y", "Y axis: Birth rate, 179 births per 10,000 people to 268"),
                 ("bracketright", "Highest value"), ("End", "point 59 of 59"), ("Right", "End of data"),
                 ("n", "No more points of interest"), ("Home", "point 1 of 59"), ("n", "Lowest value"),
                 ("space", "No sound: No sound device could be opened"), ("d", "Summary: Birth rate by year"),
                 ("Escape", "point 19 of 59")]
        for key, words in steps:
            before = len(orca.speech())
            subprocess.run(["xdotool", "key", key], check=True)
            deadline = time.time() + 6
            while time.time() < deadline and words not in orca.speech()[before:]:
                time.sleep(0.2)
            said = orca.speech()[before:]
            check(words in said, "%s: Orca says %r (said %r)" % (key, words, said.replace("\n", " | ")[:300]))
        entering = orca.speech()
        check("%s, point 1 of 59 selected panel" % BIRTHS_TITLE in entering, "entering the chart says its title and kind")
    finally:
        stop(process)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def main():
    tree_and_keys()
    export_wav()
    long_and_several_series()
    orca_speaks()
    print()
    if failures:
        print("%d accessibility check(s) failed" % len(failures))
        sys.exit(1)
    print("all accessibility checks passed")


if __name__ == "__main__":
    main()
