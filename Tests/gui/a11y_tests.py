#!/usr/bin/python3
"""End-to-end accessibility tests: the real `audiograph` on Xvfb with the real AT-SPI bus, read with pyatspi,
driven with xdotool, heard through the real ALSA library writing into a file, and spoken by the real Orca
(its speech log). Run through run-gui-tests.sh, which provides the display, the D-Bus session and the
AT-SPI bus. What Orca says is the closest CI gets to a blind person using the app.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import numpy
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

    def __init__(self, extra_env=None):
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
        env.update(extra_env or {})
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


class PacedSound:
    """A PulseAudio server with a null sink, which takes sound at real-time speed like a sound card, reached
    through alsa-lib's pulse plugin; parec records what reached it. The ALSA file sink cannot stand in here:
    it takes the whole sound at once, so nothing would be left to follow."""

    def __init__(self, folder):
        self.runtime = os.path.join(folder, "pulse-runtime")
        os.makedirs(self.runtime, mode=0o700)
        script = os.path.join(folder, "pulse.pa")
        with open(script, "w") as f:
            f.write("load-module module-native-protocol-unix\n"
                    "load-module module-null-sink sink_name=audiograph_test rate=48000\n"
                    "set-default-sink audiograph_test\n")
        self.alsa_config = os.path.join(folder, "alsa-pulse.conf")
        with open(self.alsa_config, "w") as f:
            f.write("pcm.!default { type pulse }\nctl.!default { type pulse }\n")
        self.env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, PULSE_RUNTIME_PATH=self.runtime)
        self.server = subprocess.Popen(["pulseaudio", "-n", "-F", script, "--daemonize=no", "--exit-idle-time=-1",
                                        "--log-target=file:" + os.path.join(OUT, "pulseaudio.log")],
                                       env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline and subprocess.run(["pactl", "info"], env=self.env,
                                                        capture_output=True).returncode != 0:
            time.sleep(0.2)
        self.recording = os.path.join(folder, "heard.raw")
        self.recorder = subprocess.Popen(["parec", "-d", "audiograph_test.monitor", "--format=s16le", "--rate=48000",
                                          "--channels=1", self.recording], env=self.env)

    def app_env(self):
        """What the app needs to play into this server."""
        return {"ALSA_CONFIG_PATH": self.alsa_config, "PULSE_RUNTIME_PATH": self.runtime}

    def loud_seconds(self):
        """How many seconds of the recording carry sound (blocks of 10 ms above a low level)."""
        self.recorder.terminate()
        self.recorder.wait(5)
        data = open(self.recording, "rb").read() if os.path.exists(self.recording) else b""
        samples = numpy.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(float)
        blocks = samples[: len(samples) // 480 * 480].reshape(-1, 480)
        return float((numpy.sqrt((blocks ** 2).mean(axis=1)) > 300).sum()) / 100 if len(blocks) else 0.0

    def stop(self):
        if self.recorder.poll() is None:
            self.recorder.terminate()
        self.server.terminate()
        try:
            self.server.wait(5)
        except subprocess.TimeoutExpired:
            self.server.kill()


def press_and_hear(orca, key, words, timeout=6):
    """Presses `key` and waits until Orca has said `words`; returns everything it said meanwhile."""
    before = len(orca.speech())
    subprocess.run(["xdotool", "key", key], check=True)
    deadline = time.time() + timeout
    while time.time() < deadline and words not in orca.speech()[before:]:
        time.sleep(0.2)
    said = orca.speech()[before:]
    check(words in said, "%s: Orca says %r (said %r)" % (key, words, said.replace("\n", " | ")[:300]))
    return said


def selected_point(group):
    """The position in "…, point 12 of 59 selected", from the chart group's name; 0 when absent."""
    match = re.search(r"point (\d+) of \d+ selected$", group.name or "")
    return int(match.group(1)) if match else 0


def playing_with_orca():
    """Space plays at real-time speed: the cursor follows the sound, pausing and stopping put the focus on
    the point being heard and Orca says it; comma and period change the length, which is remembered."""
    print("Playing births.csv at real speed, with Orca")
    home = tempfile.mkdtemp(prefix="a11y-")
    sound = PacedSound(home)
    orca = Orca()
    process = start_app(os.path.join(DATA, "births.csv"), home, sound.app_env())
    try:
        window = wait_for_window("births.csv")
        time.sleep(2)
        group = chart_group(app_node(process.pid), BIRTHS_TITLE)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        for key, words in [("Tab", "Play"), ("Tab", "Chart Details"), ("Tab", "List with 59 items")]:
            press_and_hear(orca, key, words)
        press_and_hear(orca, "space", "Playing")
        # The device takes a second or two to open; then about six points a second go by.
        followed = [selected_point(group)]
        deadline = time.time() + 8
        while time.time() < deadline and followed[-1] - followed[0] < 12:
            time.sleep(0.25)
            followed.append(selected_point(group))
        moving = [p for p in followed if p > followed[0]]
        check(followed == sorted(followed) and followed[-1] - followed[0] >= 12 and len(set(moving)) >= 5,
              "while it plays, the cursor follows the sound: %r" % followed)
        said = press_and_hear(orca, "space", "Paused")
        paused_at = selected_point(group)
        check(paused_at > followed[-1] - 1 and "point %d of 59." % paused_at in said,
              "pausing puts the focus on point %d, and Orca says it" % paused_at)
        time.sleep(1)
        check(selected_point(group) == paused_at, "paused, the cursor stays on point %d" % paused_at)
        press_and_hear(orca, "period", "Faster: plays in 7.5 seconds")
        settings = os.path.join(home, "config", "audiograph", "settings.json")
        saved = json.load(open(settings)) if os.path.exists(settings) else {}
        check(saved.get("playLength") == 0.75, "the length is remembered in settings.json: %r" % saved)
        press_and_hear(orca, "comma", "Slower: plays in 10 seconds")
        press_and_hear(orca, "shift+space", "Playing all series")
        time.sleep(1.5)
        said = press_and_hear(orca, "Escape", "Stopped")
        stopped_at = selected_point(group)
        check(stopped_at > paused_at and "point %d of 59." % stopped_at in said,
              "Shift+Space played on from point %d; Escape stopped at point %d and Orca says it"
              % (paused_at, stopped_at))
        press_and_hear(orca, "space", "Playing")
        ended = False
        deadline = time.time() + 12
        while time.time() < deadline and not ended:
            ended = "point 59 of 59." in orca.speech().split("Playing")[-1]
            time.sleep(0.3)
        check(ended, "at the end of the sound the focus lands on the last point and Orca says it")
        heard = sound.loud_seconds()
        check(heard > 5, "the sound reached the paced sink: %.1f s of it carry sound" % heard)

        # The sound server goes away in the middle of the sound, as when a USB headset is unplugged.
        press_and_hear(orca, "Home", "point 1 of 59")
        press_and_hear(orca, "space", "Playing")
        time.sleep(1.5)
        before = len(orca.speech())
        sound.server.kill()
        deadline = time.time() + 10
        while time.time() < deadline and "Press Space to try again" not in orca.speech()[before:]:
            time.sleep(0.2)
        said = orca.speech()[before:]
        check("stopped" in said and "Press Space to try again" in said,
              "the device vanishing mid-sound is said: %r" % said.replace("\n", " | ")[:300])
        press_and_hear(orca, "space", "No sound")
        press_and_hear(orca, "Right", "of 59.")
    finally:
        stop(process)
        orca.stop()
        sound.stop()
        shutil.rmtree(home, ignore_errors=True)


INTERACTIVE = {"push button", "check box", "toggle button", "radio button", "menu item", "list item", "text",
               "combo box", "page tab", "spin button", "entry", "slider", "list", "table cell"}


def unnamed_controls(node):
    """Controls a screen reader would announce badly: no name, a GTK class name, or a mnemonic underscore."""
    bad = find_all(node, lambda n: n.getRoleName() in INTERACTIVE and "showing" in states(n)
                   and (not (n.name or "").strip() or n.name.startswith("Gtk") or "_" in n.name))
    return ["%s %r" % (n.getRoleName(), n.name) for n in bad]


def window_node(app, title):
    frames = [app[i] for i in range(app.childCount) if (app[i].name or "").startswith(title)]
    return frames[0] if frames else None


def other_windows_with_orca():
    """The error page, chart details, Preferences and Keyboard Shortcuts: every control named, the data and
    shortcut lists one Tab stop each, and Orca reads them."""
    print("Error page, details, Preferences and Keyboard Shortcuts, with Orca")
    home = tempfile.mkdtemp(prefix="a11y-")
    binary = os.path.join(home, "scan.csv")
    with open(binary, "wb") as f:
        f.write(bytes(range(256)) * 8)
    orca = Orca()
    try:
        process = start_app(binary, home)
        try:
            window = wait_for_window("scan.csv")
            time.sleep(2)
            app = app_node(process.pid)
            buttons = find_all(app, lambda n: n.getRoleName() == "push button" and n.name == "Open Another…")
            description = buttons[0].description if buttons else ""
            check(description.startswith("Can't open scan.csv.") and "binary data" in description,
                  "the focused Open Another… button carries the error as its description: %r" % description)
            check(not unnamed_controls(app), "every control of the error page is named: %r" % unnamed_controls(app))
            subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
            press_and_hear(orca, "Tab", "Start Page push button")
            press_and_hear(orca, "Tab", "binary data")
        finally:
            stop(process)

        process = start_app(os.path.join(DATA, "births.csv"), home)
        try:
            window = wait_for_window("births.csv")
            time.sleep(2)
            app = app_node(process.pid)
            check(not unnamed_controls(app), "every control of the chart window is named: %r" % unnamed_controls(app))
            subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
            for key, words in [("Tab", "Play"), ("Tab", "Chart Details"), ("Tab", "List with 59 items")]:
                press_and_hear(orca, key, words)
            press_and_hear(orca, "d", "Summary: Birth rate by year")
            time.sleep(0.5)
            details = window_node(app, "Chart Details")
            check(details is not None and not unnamed_controls(details),
                  "every control of Chart Details is named: %r" % (unnamed_controls(details) if details else None))
            press_and_hear(orca, "Tab", "Year 1917, Birth rate 251 births per 10,000 people")
            press_and_hear(orca, "Down", "Year 1918, Birth rate 245")
            press_and_hear(orca, "Tab", "Play Audio Graph push button")
            press_and_hear(orca, "Escape", "point 1 of 59")

            press_and_hear(orca, "ctrl+comma", "Increase Contrast check box")
            preferences = window_node(app, "Preferences")
            check(preferences is not None and not unnamed_controls(preferences),
                  "every control of Preferences is named: %r" % (unnamed_controls(preferences) if preferences else None))
            press_and_hear(orca, "Tab", "Reduce Transparency check box")
            press_and_hear(orca, "Escape", "point 1 of 59")

            said = press_and_hear(orca, "ctrl+k", "X axis combo box")
            check("Year push button" in orca.speech().split("X axis combo box")[-1] or "Year push button" in said,
                  "the X axis drop-down says its choice, Year")
            picker = window_node(app, "Choose Columns")
            check(picker is not None and not unnamed_controls(picker),
                  "every control of Choose Columns is named: %r" % (unnamed_controls(picker) if picker else None))
            press_and_hear(orca, "Escape", "point 1 of 59")

            press_and_hear(orca, "F1", "Open: Ctrl+O")
            shortcuts = window_node(app, "Keyboard Shortcuts")
            check(shortcuts is not None and not unnamed_controls(shortcuts),
                  "every control of Keyboard Shortcuts is named: %r" % (unnamed_controls(shortcuts) if shortcuts else None))
            rows = find_all(shortcuts, lambda n: n.getRoleName() == "list item") if shortcuts else []
            check(any(r.name == "Next Point of Interest: N" for r in rows) and any(r.name == "Full Screen: F11" for r in rows),
                  "the shortcuts list the chart's keys and F11 (%d rows)" % len(rows))
            press_and_hear(orca, "Down", "Export Audio Graph: Ctrl+E")
            press_and_hear(orca, "Tab", "Full Screen: F11")
            press_and_hear(orca, "Tab", "Play or Pause: Space")
            press_and_hear(orca, "Escape", "point 1 of 59")
        finally:
            stop(process)
    finally:
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def window_state(window):
    """The window's _NET_WM_STATE as xprop prints it."""
    return subprocess.run(["xprop", "-id", window, "_NET_WM_STATE"], capture_output=True, text=True).stdout


def with_window_manager():
    """Under a real window manager (Openbox): Orca speaks the window and the chart as it opens, F11 really
    goes full screen and says so, and closing a dialog returns Orca to the chart. Runs last: the other
    tests run without a window manager, as most of CI does."""
    print("Under a window manager (Openbox), with Orca")
    home = tempfile.mkdtemp(prefix="a11y-")
    manager = subprocess.Popen(["openbox", "--sm-disable"], env=dict(os.environ, HOME=home),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    orca = Orca()
    process = start_app(os.path.join(DATA, "births.csv"), home)
    try:
        window = wait_for_window("births.csv")
        deadline = time.time() + 8
        while time.time() < deadline and "point 1 of 59." not in orca.speech():
            time.sleep(0.2)
        opening = orca.speech()
        check("births.csv — Audiograph" in opening and "%s, point 1 of 59 selected" % BIRTHS_TITLE in opening
              and "1917, 251 births per 10,000 people, point 1 of 59." in opening,
              "opening the file, Orca says the window, the chart and the first point: %r"
              % opening.replace("\n", " | ")[-400:])
        subprocess.run(["xdotool", "windowactivate", "--sync", window], check=False)
        press_and_hear(orca, "F11", "Full screen")
        time.sleep(0.5)
        width = subprocess.run(["xdotool", "getwindowgeometry", window], capture_output=True, text=True).stdout
        check("_NET_WM_STATE_FULLSCREEN" in window_state(window) and "1280x800" in width,
              "F11 makes the window fill the screen (%s)" % width.split("Geometry:")[-1].strip())
        press_and_hear(orca, "F11", "Full screen off")
        time.sleep(0.5)
        check("_NET_WM_STATE_FULLSCREEN" not in window_state(window), "F11 again leaves full screen")
        press_and_hear(orca, "ctrl+comma", "Increase Contrast check box")
        press_and_hear(orca, "Escape", "point 1 of 59")
    finally:
        stop(process)
        orca.stop()
        manager.terminate()
        manager.wait(5)
        shutil.rmtree(home, ignore_errors=True)


def japanese_with_orca():
    """LANGUAGE=ja for the app and for Orca: the chart's names, the points and what S and X say are Japanese
    (the file's own headers and units stay as they are), and Orca speaks them."""
    print("births.csv in Japanese, with Orca")
    home = tempfile.mkdtemp(prefix="a11y-ja-")
    locale = os.path.join(home, "locale")
    subprocess.run(["bash", os.path.join(ROOT, "scripts/compile-po.sh"), locale], check=True)
    japanese = {"LANGUAGE": "ja", "AUDIOGRAPH_LOCALEDIR": locale}
    orca = Orca(extra_env={"LANGUAGE": "ja"})
    process = start_app(os.path.join(DATA, "births.csv"), home, japanese)
    try:
        window = wait_for_window("births.csv")
        time.sleep(2)
        group = chart_group(app_node(process.pid), "YearごとのBirth rate")
        check(group is not None and group.name == "YearごとのBirth rate、折れ線グラフ、59 点中 1 番目 を選択中",
              "the chart group's name is Japanese: %r" % (group.name if group else None))
        items = find_all(group, lambda n: n.getRoleName() == "list item") if group else []
        check(len(items) == 59 and items[43].name == "1960、268 births per 10,000 people、59 点中 44 番目",
              "a point's name is Japanese: %r" % (items[43].name if len(items) > 43 else None))
        buttons = find_all(app_node(process.pid), lambda n: n.getRoleName() == "push button")
        check({"再生", "グラフの詳細…"} <= {b.name for b in buttons}, "the buttons are Japanese: %r" % [b.name for b in buttons])
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        press_and_hear(orca, "Tab", "再生")
        press_and_hear(orca, "Tab", "グラフの詳細")
        press_and_hear(orca, "Tab", "1917、251 births per 10,000 people、59 点中 1 番目")
        press_and_hear(orca, "Right", "1918、245 births per 10,000 people、59 点中 2 番目")
        press_and_hear(orca, "s", "その後1975に 195 births per 10,000 people まで急に下がります。")
        press_and_hear(orca, "x", "X 軸：Year、1917から1975")
        press_and_hear(orca, "End", "59 点中 59 番目")
        press_and_hear(orca, "Right", "データの末尾です")
        said = orca.speech()
        for english in ["point 1 of", "End of data", "X axis", "line chart"]:
            check(english not in said, "Orca never says the English %r" % english)
    finally:
        stop(process)
        orca.stop()
        shutil.rmtree(home, ignore_errors=True)


def japanese_without_a_locale():
    """LANGUAGE=ja with no LANG or LC_ALL at all (a bare container): Audiograph speaks Japanese, and so do
    GTK's own dialogs (GTK's gettext ignores LANGUAGE in the C locale unless Audiograph switches its
    messages to C.UTF-8), so the Open dialog does not mix two languages."""
    print("Japanese with no locale set: the Open dialog")
    home = tempfile.mkdtemp(prefix="a11y-ja-")
    locale = os.path.join(home, "locale")
    subprocess.run(["bash", os.path.join(ROOT, "scripts/compile-po.sh"), locale], check=True)
    saved = {name: os.environ.pop(name) for name in ("LC_ALL", "LANG", "LC_MESSAGES") if name in os.environ}
    try:
        process = start_app(os.path.join(DATA, "births.csv"), home, {"LANGUAGE": "ja", "AUDIOGRAPH_LOCALEDIR": locale})
    finally:
        os.environ.update(saved)
    try:
        window = None
        deadline = time.time() + 20
        while time.time() < deadline and not window:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(process.pid)],
                                   capture_output=True, text=True).stdout.split()
            window = found[0] if found else None
            time.sleep(0.2)
        time.sleep(1.5)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        subprocess.run(["xdotool", "key", "ctrl+o"], check=True)
        time.sleep(2.5)
        names = [n.name for n in find_all(app_node(process.pid), lambda n: bool(n.name))]
        check("CSV ファイルを開く" in names, "the Open dialog's title is Audiograph's Japanese")
        gtk_words = [w for w in ("名前", "ホーム", "他の場所") if w in names]
        check(len(gtk_words) >= 2, "GTK's own words in the dialog are Japanese too: %r" % gtk_words)
        check(not any(w in names for w in ("Name", "Home", "Other Locations")), "and none of them is English")
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)


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


TESTS = [tree_and_keys, export_wav, long_and_several_series, orca_speaks, playing_with_orca,
         other_windows_with_orca, japanese_with_orca, japanese_without_a_locale, with_window_manager]


def main():
    """Runs every test, or those named on the command line (a11y_tests.py orca_speaks)."""
    chosen = sys.argv[1:]
    unknown = set(chosen) - {test.__name__ for test in TESTS}
    if unknown:
        sys.exit("no such test: %s" % ", ".join(sorted(unknown)))
    for test in TESTS:
        if not chosen or test.__name__ in chosen:
            test()
    print()
    if failures:
        print("%d accessibility check(s) failed" % len(failures))
        sys.exit(1)
    print("all accessibility checks passed")


if __name__ == "__main__":
    main()
