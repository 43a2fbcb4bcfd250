# SPDX-License-Identifier: GPL-3.0-or-later
"""The one harness of the GUI tests: checks, the runner, the app, Orca, the sound sinks and the waits.

Every suite (Tests/gui/*_tests.py) imports what it needs from here and ends with `harness.main(TESTS, what)`,
so each of its tests can be run alone by name (`a11y_tests.py orca_speaks playing_with_orca`), and
`--list` prints their names. A test waits on events: the app's trace (AUDIOGRAPH_TRACE=1), AT-SPI state,
Orca's speech log, the sink's silence; `wait_until` is the one polling loop. The display, the D-Bus session
and the AT-SPI bus come from run-gui-tests.sh (virtual-display.sh or wayland-session.sh, atspi-bus.sh).
"""
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import numpy
import pyatspi

from desktop_session import focus, press, wait_for_window
from sound_measures import note_runs

BIN = os.environ.get("AUDIOGRAPH_BIN") or os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), ".build", "debug", "audiograph")


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


DATA = os.path.join(ROOT, "data")


HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.environ.get("GUI_TEST_OUT") or tempfile.mkdtemp(prefix="audiograph-gui-")
os.environ["GUI_TEST_OUT"] = OUT  # a test run in a process of its own (run_tests) writes here too


os.makedirs(OUT, exist_ok=True)


BIRTHS_TITLE = "Birth rate by year, line chart"


# Japanese tests run in a real Japanese locale (install-deps.sh generates it): glibc 2.41 (Debian 13) ignores
# LANGUAGE in the C and C.UTF-8 locales, so GTK's and Orca's own words would stay English there.
JAPANESE_LOCALE = "ja_JP.UTF-8"


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


def start_app(path, home, extra_env=None, args=(), stdin=None):
    """Starts the viewer on `path` (None: the start page; "-": standard input, from `stdin`) under `home`."""
    env = dict(os.environ, GSK_RENDERER="cairo", HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"), AUDIOGRAPH_EXAMPLES_DIR=DATA)
    for name in ("NO_AT_BRIDGE", "GTK_A11Y", "GTK_THEME"):
        env.pop(name, None)
    env.update(extra_env or {})
    name = {None: "start-page", "-": "standard-input"}.get(path) or os.path.basename(path)
    log = open(os.path.join(OUT, "a11y-%s.log" % name), "w")
    return subprocess.Popen([BIN, *args] + ([path] if path else []), env=env, stdin=stdin, stdout=log,
                            stderr=subprocess.STDOUT)


def start_openbox(home):
    """Starts the Openbox window manager on the X display (HOME=`home`) and returns its process once it is
    managing windows (it has set the root window's _NET_SUPPORTING_WM_CHECK); the caller stops it."""
    manager = subprocess.Popen(["openbox", "--sm-disable"], env=dict(os.environ, HOME=home),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until(lambda: "window id" in subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
                                                     capture_output=True, text=True).stdout, "Openbox to start")
    return manager


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


def chart_seen_afresh(pid, title, timeout=15):
    """Whether the chart group named `title`… of process `pid` is on the AT-SPI bus, as a fresh process sees
    it. When the app opens a second window (a paste), GTK 4.8 registers it on the bus anew, and the app this
    process cached then answers "The application no longer exists" for good; clearing pyatspi's cache to
    find it again crashed the Wayland suite's long-lived test process. A fresh process (like Orca) sees the
    app with both windows at once."""
    code = ("import sys; sys.path.insert(0, %r); import harness; "
            "sys.exit(0 if harness.chart_group(harness.app_node(%d, timeout=3), %r) else 1)" % (HERE, pid, title))
    return wait_until(lambda: subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=30).returncode == 0,
                      "the chart %r on the bus, seen by a fresh process" % title, timeout)


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
    groups = find_all(app, lambda n: n.getRoleName() in GROUP_ROLES and (n.name or "").startswith(title))
    return groups[0] if groups else None


def wait_for_chart(pid, title, timeout=15):
    """The app's node and its chart group, once the group named `title`… is on the AT-SPI bus (the file is
    read and the chart shown); the group is None after `timeout` seconds."""
    app = app_node(pid)
    return app, wait_until(lambda: chart_group(app, title), "the chart %r on the bus" % title, timeout)


def states(node):
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def extents(node):
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return e.x, e.y, e.width, e.height


# Role names differ between the releases tested. GTK 4.8 (Debian 12) shows a group as a panel and GTK 4.18
# (Debian 13) as a grouping; at-spi2-core 2.46 names a push button "push button" and 2.56 "button", and Orca 48
# says "button" where Orca 43 says "push button". Tests find nodes by these sets and match Orca's newer words.
GROUP_ROLES = {"panel", "grouping"}


BUTTON_ROLES = {"push button", "button"}


def spoken(logged):
    """What one SPEECH OUTPUT line of Orca's debug log said, in Orca 48's words: Orca 48 logs the text quoted
    with its voice settings after it ('Play button.' {'established': False}); Orca 43 logs the text alone and
    says "push button"."""
    match = re.match(r"^'(.*)' \{.*\}$", logged.strip())
    text = match.group(1) if match else logged
    return text.replace("push button", "button")


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
        # Orca is started without --replace: with it, Orca 48 always arms a 2-second SIGALRM whose handler writes
        # to the debug log, and when that lands in the middle of another write to /dev/tty Python stops Orca
        # ("reentrant call inside <_io.BufferedWriter name='/dev/tty'>", a Debian 13 CI rehearsal, 2026-11-27:
        # the test heard nothing). Each test's Orca is stopped before the next starts; should another Orca be
        # running (a developer's own, outside a namespace of the test's own), this one refuses to start and the
        # next attempt replaces it.
        prefs = os.path.join(self.home, "prefs")
        # Orca 48 under sway (Debian 13) once crashed as it started its key watcher ("Authorization required"
        # from an X display, then a segmentation fault), and every test of the suite heard nothing (CI
        # rehearsal, 2026-11-27): an Orca that has exited by the time it should be listening is started again.
        for attempt in range(3):
            # The log of the Orca before (the same file) must not answer for this one: its "Screen reader on" let
            # an Orca that was about to refuse ("Another screen reader process is already running") pass as
            # started, and the test heard nothing (a Debian 13 CI rehearsal, 2026-11-27).
            if os.path.exists(self.log):
                os.remove(self.log)
            command = "orca %s-u %s --debug-file /dev/tty" % ("--replace " if attempt > 0 else "", prefs)
            self.process = subprocess.Popen(["script", "-q", "-f", "-c", command, self.log], env=env,
                                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL)
            deadline = time.time() + 20
            while time.time() < deadline and "Screen reader on" not in self.speech() and self.process.poll() is None:
                time.sleep(0.3)
            time.sleep(1)
            if self.process.poll() is None:
                break
            print("  note: Orca exited as it started (exit %s, try %d); starting it again"
                  % (self.process.returncode, attempt + 1), flush=True)

    def speech(self):
        try:
            with open(self.log, errors="replace") as f:
                return "\n".join(spoken(line.split("SPEECH OUTPUT: ", 1)[1]) for line in f if "SPEECH OUTPUT: " in line)
        except OSError:
            return ""

    def log_size(self):
        """How many bytes Orca's debug log holds now (where a later `events_since` starts)."""
        return os.path.getsize(self.log) if os.path.exists(self.log) else 0

    def events_since(self, offset, limit=30):
        """The lines of Orca's debug log after byte `offset` that tell what it did with events (which it
        received, ignored or dropped, and its keys), at most `limit`: printed when Orca said nothing, so a
        failed CI run shows why without the log itself."""
        try:
            with open(self.log, "rb") as f:
                f.seek(offset)
                lines = f.read().decode(errors="replace").splitlines()
        except OSError:
            return []
        marks = ("EVENT MANAGER", "KEYBOARD EVENT", "gnor", "IGNOR", "focus", "FOCUS", "window:activate")
        return [line[:200] for line in lines if any(mark in line for mark in marks)][-limit:]

    def wait_until_quiet(self, quiet=0.3, timeout=5):
        """Waits until Orca's debug log has not grown for `quiet` seconds (Orca has handled what happened),
        at most `timeout` seconds, as a person waits for the speech to settle before the next key."""
        deadline = time.time() + timeout
        size, since = -1, time.time()
        while time.time() < deadline:
            now = os.path.getsize(self.log) if os.path.exists(self.log) else 0
            if now != size:
                size, since = now, time.time()
            elif time.time() - since >= quiet:
                return
            time.sleep(0.05)

    def stop(self):
        """Stops this Orca and what it started (script's shell, speech-dispatcher), and nothing else: a
        developer's own screen reader, also called orca, keeps running."""
        stop_processes(self.process, self.home)
        shutil.rmtree(self.home, ignore_errors=True)


def processes_of(home):
    """Pids of the processes whose environment has HOME=`home`: a test's own programs, including daemons
    they started that have left their parent (speech-dispatcher), and never anyone else's."""
    marker = ("HOME=%s" % home).encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as f:
                if marker in f.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            pass
    return found


def stop_processes(process, home):
    """Ends `process` and every process started with HOME=`home`: SIGTERM, then SIGKILL after 5 seconds."""
    pids = set(processes_of(home)) | {process.pid}
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.time() + 5
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        pass
    while time.time() < deadline and any(os.path.exists("/proc/%d" % pid) and not zombie(pid) for pid in pids):
        time.sleep(0.1)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        pass


def zombie(pid):
    """Whether `pid` has exited but not been reaped (its /proc entry stays until its parent waits)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


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
        self.script, self.folder, self.plugged = script, folder, 0
        self.plug_in()

    def plug_in(self):
        """Starts the server and a new recording (again after `server.kill()`: a headset plugged back in)."""
        self.plugged += 1
        self.server = subprocess.Popen(["pulseaudio", "-n", "-F", self.script, "--daemonize=no", "--exit-idle-time=-1",
                                        "--log-target=file:" + os.path.join(OUT, "pulseaudio.log")],
                                       env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline and subprocess.run(["pactl", "info"], env=self.env,
                                                        capture_output=True).returncode != 0:
            time.sleep(0.2)
        self.record()

    def record(self):
        """Starts a new recording of what reaches the sink, ending the one before."""
        if getattr(self, "recorder", None) is not None and self.recorder.poll() is None:
            self.recorder.terminate()
            self.recorder.wait(5)
        self.recordings = getattr(self, "recordings", 0) + 1
        self.recording = os.path.join(self.folder, "heard-%d.raw" % self.recordings)
        self.recorder = subprocess.Popen(["parec", "-d", "audiograph_test.monitor", "--format=s16le", "--rate=48000",
                                          "--channels=1", self.recording], env=self.env)

    def app_env(self):
        """What the app needs to play into this server."""
        return {"ALSA_CONFIG_PATH": self.alsa_config, "PULSE_RUNTIME_PATH": self.runtime}

    def loud_seconds(self, stop=True):
        """How many seconds of the recording carry sound (blocks of 10 ms above a low level); the recording
        stops first unless `stop` is false (then it counts what has been recorded so far)."""
        if stop:
            self.recorder.terminate()
            self.recorder.wait(5)
        data = open(self.recording, "rb").read() if os.path.exists(self.recording) else b""
        samples = numpy.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(float)
        blocks = samples[: len(samples) // 480 * 480].reshape(-1, 480)
        return float((numpy.sqrt((blocks ** 2).mean(axis=1)) > 300).sum()) / 100 if len(blocks) else 0.0

    def recorded_bytes(self):
        """How many bytes have reached the sink's file: 0 until the first sound opens it."""
        return os.path.getsize(self.recording) if os.path.exists(self.recording) else 0

    def heard_something(self):
        """Whether 0.1 s or more has reached the sink and some of it is sound."""
        return self.recorded_bytes() > 9600 and sound_in(self.recording)

    def wait_for_silence(self, timeout=5):
        """Waits until the last 0.2 s that reached the sink are silent (what was playing has drained)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            size = self.recorded_bytes()
            if size >= 2 * 9600:
                with open(self.recording, "rb") as f:
                    f.seek(size // 2 * 2 - 2 * 9600)
                    tail = numpy.frombuffer(f.read(2 * 9600), dtype="<i2").astype(float)
                if numpy.abs(tail).max() < 300:
                    return True
            time.sleep(0.05)
        return False

    def peak(self, skip=0.0):
        """The loudest sample of the recording, after its first `skip` seconds (what was still draining when
        it started; the sink's monitor sends nothing while nothing plays, so a recording starts with the first
        sound after it began, or with the tail of one before)."""
        self.recorder.terminate()
        self.recorder.wait(5)
        data = open(self.recording, "rb").read() if os.path.exists(self.recording) else b""
        samples = numpy.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(float)[int(skip * 48000):]
        return float(numpy.abs(samples).max()) if len(samples) else 0.0

    def note_runs(self, keep_as, share=0.25, bridge_ms=10):
        """The notes the recording holds, as (start, length) in ms (sound_measures.note_runs); the recording is
        kept in the test output folder as `keep_as`.raw (s16le, 48 kHz, mono) for a person to listen to."""
        self.recorder.terminate()
        self.recorder.wait(5)
        data = open(self.recording, "rb").read() if os.path.exists(self.recording) else b""
        with open(os.path.join(OUT, keep_as + ".raw"), "wb") as kept:
            kept.write(data)
        return note_runs(numpy.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(float), share, bridge_ms)

    def stop(self):
        if self.recorder.poll() is None:
            self.recorder.terminate()
        self.server.terminate()
        try:
            self.server.wait(5)
        except subprocess.TimeoutExpired:
            self.server.kill()


def settle_in_chart(orca, window, timeout=20, first="point 1 of 59"):
    """Focuses `window` and waits until Orca has said where the person is (the chart's first element,
    `first`) and gone quiet, so the next key reaches the chart and is heard, however slowly Orca or the app
    started."""
    focus(window)
    deadline = time.time() + timeout
    nudge = time.time() + timeout / 2
    while time.time() < deadline and first not in orca.speech():
        if nudge and time.time() > nudge:
            # Orca 48 under sway, started beside the app on a busy machine, can miss the window's first focus
            # (once in two CI runs); the window already has the focus, so focusing it again says nothing. A
            # step away and back moves the chart's cursor and Orca says the point, as a person's first key would.
            print("  note: Orca had said nothing of the chart after %d s; Right and Left to hear it" % (timeout / 2))
            press("Right")
            press("Left")
            nudge = None
        time.sleep(0.2)
    check(first in orca.speech(), "Orca says the chart once its window is active (%r)" % first)
    # A second of quiet in Orca's log, not the usual 0.3 s: Orca 48 under sway on a busy machine said nothing
    # for the first Tab after the chart twice in CI (2026-11-27), while it was still taking in the new window.
    orca.wait_until_quiet(quiet=1.0)


def press_and_hear(orca, key, words, timeout=10):
    """Presses `key` and waits until Orca has said `words` (at most `timeout` seconds: the wait ends as soon as
    it is said, so a long limit costs nothing on an idle machine); returns everything it said meanwhile."""
    before, log_at = len(orca.speech()), orca.log_size()
    press(key)
    deadline = time.time() + timeout
    while time.time() < deadline and words not in orca.speech()[before:]:
        time.sleep(0.2)
    said = orca.speech()[before:]
    check(words in said, "%s: Orca says %r (said %r)" % (key, words, said.replace("\n", " | ")[:300]))
    if words not in said:
        print("  Orca's log of events since the key:\n    " + "\n    ".join(orca.events_since(log_at)))
    return said


def selected_point(group):
    """The position in "…, point 12 of 59 selected", from the chart group's name; 0 when absent."""
    match = re.search(r"point (\d+) of \d+ selected(,|$)", group.name or "")
    return int(match.group(1)) if match else 0


def braille_lines(orca):
    """Every line Orca wrote to the braille display (its debug log's BRAILLE LINE entries)."""
    try:
        with open(orca.log, errors="replace") as f:
            return [line.split("BRAILLE LINE:  '", 1)[1].rstrip().rstrip("'") for line in f if "BRAILLE LINE:  '" in line]
    except OSError:
        return []


def wait_for_braille(orca, words, since, timeout=8):
    """Waits until Orca has written a braille line holding `words`, after its first `since` lines; returns it."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = [line for line in braille_lines(orca)[since:] if words in line]
        if found:
            return found[-1]
        time.sleep(0.2)
    return None


def trace_events(log):
    """The events an app started with AUDIOGRAPH_TRACE=1 wrote to `log`, in order: each line's first word after
    "audiograph-trace: " ("redraw-end", "census:KEY=N,…"). The one trace reader of the suites. A line the app is
    still writing (no newline yet) is not read: a census read half-written once failed to parse (CI rehearsal,
    2026-11-27)."""
    with open(log, errors="replace") as f:
        return [line.split()[1] for line in f if line.startswith("audiograph-trace: ") and line.endswith("\n")]


def trace_count(log, event):
    """How many times the app's trace in `log` has marked `event` so far."""
    return trace_events(log).count(event)


def first_writes(sound):
    """How many sounds the app has started writing to the device so far (its trace's first-write events)."""
    return trace_events(sound.app_log).count("first-write")


def check_tone(sound, writes, what):
    """Checks that a sound started after `writes` sounds (the point's tone reached the device). The app's
    trace says so at once; the paced sink's recording, tried first, missed short tones under sway on Debian 13."""
    check(bool(wait_until(lambda: first_writes(sound) > writes, "a tone", 5)), "%s: the point's tone played" % what)


def wait_for_trace_quiet(log, timeout=10):
    """Waits until the app's last sound has been played out (its trace's last sound event is `played-out`)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        sounds = [e for e in trace_events(log) if e in ("first-write", "played-out")]
        if sounds and sounds[-1] == "played-out":
            return True
        time.sleep(0.05)
    return False


def sound_in(recording):
    """Whether a raw 16-bit recording holds any sound yet (a 10 ms block above a low level)."""
    data = open(recording, "rb").read()
    samples = numpy.frombuffer(data[: len(data) // 2 * 2], dtype="<i2")
    samples = samples[: len(samples) // 480 * 480].astype(float).reshape(-1, 480)
    return bool(len(samples)) and bool((numpy.sqrt((samples ** 2).mean(axis=1)) > 300).any())


def braille_cursor_cell(orca, line):
    """The cell of `line` under the braille display's cursor in Orca's last VISIBLE log entry showing the line
    whole (0-based), or None."""
    try:
        with open(orca.log, errors="replace") as f:
            shown = [l for l in f if "VISIBLE:  '" in l and line in l]
    except OSError:
        return None
    match = re.search(r"VISIBLE:  '(.*)', cursor=(\d+)", shown[-1]) if shown else None
    if not match or int(match.group(2)) == 0:
        return None
    return int(match.group(2)) - 1 - match.group(1).index(line)


def cli_lines(*arguments):
    """What audiograph-cli (beside the viewer) prints for `arguments`, as lines."""
    cli = os.path.join(os.path.dirname(BIN), "audiograph-cli")
    return subprocess.run([cli] + list(arguments), capture_output=True, text=True, check=True).stdout.splitlines()


INTERACTIVE = BUTTON_ROLES | {"check box", "toggle button", "radio button", "menu item", "list item", "text",
               "combo box", "page tab", "spin button", "entry", "slider", "list", "table cell"}


def unnamed_controls(node):
    """Controls a screen reader would announce badly: no name, a GTK class name, or a mnemonic underscore."""
    bad = find_all(node, lambda n: n.getRoleName() in INTERACTIVE and "showing" in states(n)
                   and (not (n.name or "").strip() or n.name.startswith("Gtk") or "_" in n.name))
    return ["%s %r" % (n.getRoleName(), n.name) for n in bad]


def window_node(app, title):
    frames = [app[i] for i in range(app.childCount) if (app[i].name or "").startswith(title)]
    return frames[0] if frames else None


def focused_words(frame):
    """What Orca should say for the control that has the focus in `frame`: its name, or for a text view
    without a name its first line; None while nothing in the frame has the focus."""
    focused = find_all(frame, lambda n: "focused" in states(n))
    if not focused:
        return None
    node = focused[-1]
    if node.name:
        return node.name
    try:
        text = node.queryText()
        return text.getText(0, min(text.characterCount, 200)).split("\n")[0].strip() or None
    except NotImplementedError:
        return None


def wait_until(condition, what, timeout=10):
    """Polls `condition` (AT-SPI state, a file) until it gives something true; returns it, or None after
    `timeout` seconds (the caller's check then fails and says `what`)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.1)
    print("  (waited %d s: %s)" % (timeout, what))
    return None


def wait_for_focused_entry(app, title):
    """Waits until the window `title` (a file dialog) has its text entry focused, so typed keys reach it."""
    return wait_until(lambda: find_all(window_node(app, title), lambda n: n.getRoleName() == "text"
                                       and "focused" in states(n)), "the %s dialog's entry to take the focus" % title)


def window_state(window):
    """The window's _NET_WM_STATE as xprop prints it."""
    return subprocess.run(["xprop", "-id", window, "_NET_WM_STATE"], capture_output=True, text=True).stdout


def glibc_version():
    """The C library's version as (major, minor), from `ldd --version`'s first line."""
    first = subprocess.run(["ldd", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return tuple(int(part) for part in re.findall(r"(\d+)\.(\d+)\s*$", first)[0])


def orca_major_version():
    """Orca's major version (43 on Debian 12, 48 on Debian 13), from `orca --version` ("orca 48.6")."""
    found = re.findall(r"(\d+)\.", subprocess.run(["orca", "--version"], capture_output=True, text=True).stdout)
    return int(found[0]) if found else 0


# Physical keys by X keycode (evdev, as on every PC keyboard) and what they are on a US keyboard: the tests for
# other layouts press these keycodes, so they press the same keys a Russian or Greek keyboard's user does.
KEYCODES = {"n": 57, "s": 39, "x": 53, "y": 29, "d": 40, "bracketleft": 34, "bracketright": 35, "comma": 59,
            "period": 60, "o": 32, "e": 26, "k": 45, "j": 44, "l": 46}


# Where a layout has the character itself, its own key types it, as GTK matches it: the Russian layout's
# period and comma are on the key right of ю (the US slash key), unshifted and with Shift.
LAYOUT_KEYS = {"ru": {"period": "61", "comma": "shift+61"}}


def keycode_chord(chord, layout="us"):
    """xdotool's spelling of `chord` ("ctrl+o", "shift+n") with its letter or punctuation key given by keycode,
    so xdotool sends that physical key in the active layout instead of looking the keysym up (and switching
    the layout to one that has it)."""
    if chord in LAYOUT_KEYS.get(layout, {}):
        return LAYOUT_KEYS[layout][chord]
    *modifiers, key = chord.split("+")
    return "+".join(modifiers + [str(KEYCODES.get(key, key))])


def set_layout(layout):
    """Makes `layout` (an XKB layout name) the active keyboard layout of the X display, with US as a second
    group as on a real desktop; returns the keysyms each keycode types in it, unshifted and shifted."""
    subprocess.run(["setxkbmap", "-layout", layout if layout == "us" else layout + ",us"], check=True)
    keymap = subprocess.run(["xmodmap", "-pke"], capture_output=True, text=True, check=True).stdout
    return {int(match.group(1)): match.group(2).split()[:2]
            for match in re.finditer(r"^keycode\s+(\d+) =(.*)$", keymap, re.M)}


# The keysyms of the punctuation keys tested, as Orca's log writes them.
PUNCTUATION = {"bracketleft": "[", "bracketright": "]", "comma": ",", "period": "."}


def pressed_keys(orca):
    """The keys pressed since Orca started, as (keysym name, keycode) from its debug log: what the X server
    made of each key in the active layout, as every application on the display gets it."""
    try:
        with open(orca.log, errors="replace") as f:
            return [(m.group(1), int(m.group(2))) for m in re.finditer(r"PROCESS ATSPI_KEY_PRESSED_EVENT: '(.*?)' \((\d+)\) v", f.read())]
    except OSError:
        return []


def keep_orca_log(test_name, since):
    """Copies Orca's debug log (OUT/orca.log, which the next test's Orca writes over) to
    OUT/orca-TEST.failed.log, where a failed test's cause can still be read; only a log written since `since`
    (the test's start, in seconds since the epoch), not an earlier test's."""
    log = os.path.join(OUT, "orca.log")
    if os.path.exists(log) and os.path.getmtime(log) >= since:
        kept = os.path.join(OUT, "orca-%s.failed.log" % test_name)
        shutil.copyfile(log, kept)
        print("  (Orca's log of this test kept in %s)" % kept, flush=True)


# Fixtures shared by the suites (chart kinds, exploring, search, seeing, a11y).

@contextlib.contextmanager
def example_with_orca(name, first, folder=DATA, args=()):
    """Opens `folder`/`name` (data/ by default) with a paced sound sink and its own Orca (and the viewer's
    command-line `args`), waits until Orca has said the `first` element, and yields (orca, sound, app node);
    closes everything after."""
    home = tempfile.mkdtemp(prefix="kinds-")
    sound = PacedSound(home)
    orca = Orca()
    process = start_app(os.path.join(folder, name), home, dict(sound.app_env(), AUDIOGRAPH_TRACE="1"), args)
    sound.app_log = os.path.join(OUT, "a11y-%s.log" % name)  # start_app's, with the trace
    try:
        settle_in_chart(orca, wait_for_window(name), first=first)
        yield orca, sound, app_node(process.pid)
    finally:
        stop(process)
        orca.stop()
        sound.stop()
        shutil.rmtree(home, ignore_errors=True)


def notes_played(orca, sound, last, name, share=0.25, bridge_ms=10):
    """Plays the chart with Space from where the cursor is and returns the separate notes that reached the sink
    as (start, length) in ms, from a recording started once the stepping notes have drained and read once Orca
    has said the `last` element (the end of the sound) and the sink is silent again; the recording is kept in
    the output folder as `name`.raw. `share` and `bridge_ms` are sound_measures.note_runs'. Also returns how
    many times the device ran dry meanwhile (the app's trace, `pcm-recover`): each such gap can split a note."""
    def recoveries():
        return trace_count(sound.app_log, "pcm-recover")
    before = recoveries()
    # The stepping notes have drained once the app's trace says its last sound played out, and then the sink is
    # silent: a rehearsal under load recorded the last 20 ms of Home's note as a ninth note without the first.
    wait_for_trace_quiet(sound.app_log)
    sound.wait_for_silence()
    sound.record()
    press_and_hear(orca, "space", "Playing")
    deadline = time.time() + 20
    while time.time() < deadline and last not in orca.speech().split("Playing")[-1]:
        time.sleep(0.2)
    sound.wait_for_silence()
    runs = sound.note_runs(name, share, bridge_ms)
    if runs and runs[0][0] == 0 and runs[0][1] <= 30:
        # The sink's monitor hands a new recording what it still held of the sound before (PacedSound.peak):
        # a sliver at the very start, far shorter than any note played, is that tail, not a note.
        runs = runs[1:]
    gaps = recoveries() - before
    if gaps:
        print("       (the sound device ran dry %d times while it played: a busy machine)" % gaps)
    return runs, gaps


def heard(notes, gaps, expected):
    """Whether the sink heard `expected` notes: exactly, or with up to `gaps` of them split in two by a gap the
    app's trace says the device ran dry in (never fewer, never more than that)."""
    return expected <= len(notes) <= expected + gaps



def run_tests(tests, names, what, fresh_bus=False):
    """Runs `tests`, or those of them `names` names, each timed; prints how it went and exits 1 when a check
    failed. `--list` prints the names instead. With `fresh_bus`, each test runs in a process of its own with
    its own D-Bus session and AT-SPI bus (dbus-run-session, atspi-bus.sh), so nothing an earlier test's app
    or Orca left on the bus (a registered app, a cached object) can reach it."""
    if names == ["--list"]:
        print("\n".join(test.__name__ for test in tests))
        return
    unknown = set(names) - {test.__name__ for test in tests}
    if unknown:
        sys.exit("no such test: %s (these are: %s)" % (", ".join(sorted(unknown)), ", ".join(t.__name__ for t in tests)))
    started = time.time()
    alone = os.environ.get("HARNESS_ONE_TEST") == "1"
    failed_tests = []
    for test in tests:
        if names and test.__name__ not in names:
            continue
        began = time.time()
        if fresh_bus and not alone:
            code = subprocess.call(["dbus-run-session", "--", os.path.join(HERE, "atspi-bus.sh"), sys.executable,
                                    os.path.abspath(sys.argv[0]), test.__name__],
                                   env=dict(os.environ, HARNESS_ONE_TEST="1"))
            if code != 0:
                failed_tests.append(test.__name__)
        else:
            failed_before = len(failures)
            test()
            if len(failures) > failed_before:
                keep_orca_log(test.__name__, began)
        if not alone:
            print("  [%s: %.1f s]" % (test.__name__, time.time() - began), flush=True)
    if alone:
        sys.exit(1 if failures else 0)
    print()
    if failed_tests:
        print("%d %s test(s) failed: %s (%.0f s)" % (len(failed_tests), what, ", ".join(failed_tests),
                                                   time.time() - started))
        sys.exit(1)
    if failures:
        print("%d %s check(s) failed (%.0f s)" % (len(failures), what, time.time() - started))
        sys.exit(1)
    print("all %s checks passed (%.0f s)" % (what, time.time() - started))


def main(tests, what, fresh_bus=False):
    """A suite's entry point: runs the tests named on the command line, or all of them (with `fresh_bus`, each
    on a D-Bus session and AT-SPI bus of its own: see run_tests)."""
    run_tests(tests, sys.argv[1:], what, fresh_bus)
