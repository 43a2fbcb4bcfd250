# SPDX-License-Identifier: GPL-3.0-or-later
"""Keys, text, windows and screenshots for the GUI tests, on whichever display they run: an X server (Xvfb,
driven with xdotool) or a Wayland compositor (headless sway from wayland-session.sh, typed on through its
test keyboard, driven with swaymsg and screenshot with grim; or headless GNOME Shell from gnome-session.sh,
typed on through mutter's RemoteDesktop keyboard, driven and screenshot through the shell's D-Bus API). The session is Wayland when XDG_SESSION_TYPE says so, as a desktop's login manager sets
it; DISPLAY is Xwayland's there, for X11 programs such as Orca 43, and is not used to drive the app.
"""
import json
import os
import socket
import subprocess
import time

import numpy
from gi.repository import Gio, GLib

WAYLAND = os.environ.get("XDG_SESSION_TYPE") == "wayland" and bool(os.environ.get("WAYLAND_DISPLAY"))
GNOME = WAYLAND and os.environ.get("XDG_CURRENT_DESKTOP") == "GNOME"


def _keyboard(request):
    """Sends one request to the session's test keyboard (wayland-session.sh) and waits until the compositor
    has taken its keys."""
    with socket.socket(socket.AF_UNIX) as connection:
        connection.connect(os.environ["AUDIOGRAPH_TEST_KEYBOARD"])
        connection.sendall(request.encode() + b"\n")
        reply = connection.recv(256).decode()
    if reply != "ok\n":
        raise RuntimeError("the test keyboard refused %r: %s" % (request, reply.strip()))


def press(key):
    """Presses and releases one key chord in xdotool's spelling ("Right", "ctrl+comma", "shift+space")."""
    if WAYLAND:
        _keyboard("key " + key)
    else:
        subprocess.run(["xdotool", "key", key], check=True)


def type_text(text):
    """Types `text` as a person would, one character after another (15 ms apart)."""
    if WAYLAND:
        _keyboard("type " + text)
    else:
        subprocess.run(["xdotool", "type", "--delay", "15", text], check=True)


def sway_views():
    """Every application window sway manages, as (con_id, title, pid, focused), from its layout tree."""
    tree = json.loads(subprocess.run(["swaymsg", "-t", "get_tree", "-r"], capture_output=True, text=True,
                                     check=True).stdout)
    views, stack = [], [tree]
    while stack:
        node = stack.pop()
        children = node.get("nodes", []) + node.get("floating_nodes", [])
        if not children and node.get("type") in ("con", "floating_con") and node.get("pid"):
            views.append((node["id"], node.get("name") or "", node["pid"], node.get("focused", False)))
        stack.extend(children)
    return views


def shell_eval(code):
    """The JSON value of JavaScript `code` run inside GNOME Shell (org.gnome.Shell.Eval, open to the tests in
    gnome-session.sh's unsafe mode)."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    ok, result = bus.call_sync("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval",
                               GLib.Variant("(s)", (code,)), GLib.VariantType("(bs)"), Gio.DBusCallFlags.NONE,
                               10000, None).unpack()
    if not ok:
        raise RuntimeError("GNOME Shell could not run %r: %s" % (code, result))
    return json.loads(result) if result else None


def gnome_views():
    """Every normal window GNOME Shell manages, as (window id, title, pid, focused, native Wayland)."""
    return [tuple(view) for view in shell_eval(
        "global.display.list_all_windows().filter(w => w.get_window_type() === 0)"
        ".map(w => [w.get_id(), w.get_title() || '', w.get_pid(), w.has_focus(), w.get_client_type() === 0])")]


def wait_for_window(title, timeout=45, pid=None):
    """Waits until a visible window whose title contains `title` (and, given `pid`, belongs to that
    process) exists; returns its handle for focus(). Raises RuntimeError after `timeout` seconds (long:
    the wait ends as soon as the window is there, and a release build started by `gio open` on a busy
    machine has taken over 20 s)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if GNOME:
            found = [view[0] for view in gnome_views() if title in view[1] and (pid is None or view[2] == pid)]
        elif WAYLAND:
            found = [view[0] for view in sway_views() if title in view[1] and (pid is None or view[2] == pid)]
        else:
            # --all: xdotool matches windows meeting any one condition unless told to require them all.
            command = ["xdotool", "search", "--all", "--onlyvisible"] + (["--pid", str(pid)] if pid else []) + ["--name", title]
            found = subprocess.run(command, capture_output=True, text=True).stdout.split()
        if found:
            return found[0]
        time.sleep(0.1)
    raise RuntimeError("no window titled %r" % title)


def focus(window, timeout=10):
    """Gives `window` (a handle from wait_for_window) the keyboard focus and waits until it has it."""
    if not WAYLAND:
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        return
    if GNOME:
        # A new window does not always get the focus in the headless shell (nobody clicks it): activated as
        # the shell activates a window a person picks.
        shell_eval("global.display.list_all_windows().find(w => w.get_id() === %d).activate(global.get_current_time())"
                   % int(window))
    else:
        subprocess.run(["swaymsg", "[con_id=%s] focus" % window], check=True, capture_output=True)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if any(view[0] == window and view[3] for view in (gnome_views() if GNOME else sway_views())):
            return
        time.sleep(0.05)
    raise RuntimeError("window %s never took the focus" % window)


def screenshot(path):
    """Saves the whole screen as a PNG file at `path`."""
    if GNOME:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        ok, _ = bus.call_sync("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot",
                              "Screenshot", GLib.Variant("(bbs)", (False, False, os.path.abspath(path))),
                              GLib.VariantType("(bs)"), Gio.DBusCallFlags.NONE, 20000, None).unpack()
        if not ok:
            raise RuntimeError("GNOME Shell took no screenshot")
    elif WAYLAND:
        subprocess.run(["grim", path], check=True)
    else:
        subprocess.run(["import", "-window", "root", path], check=True)


def read_ppm(data):
    """A binary PPM (P6, maxval 255) as an H×W×3 uint8 array."""
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position)
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    assert fields[0] == b"P6" and fields[3] == b"255", fields
    width, height = int(fields[1]), int(fields[2])
    pixels = numpy.frombuffer(data[position + 1:position + 1 + width * height * 3], dtype=numpy.uint8)
    return pixels.reshape(height, width, 3)


def png_pixels(path):
    """The PNG file at `path` (a screenshot) as an H×W×3 uint8 array of RGB pixels (through ImageMagick)."""
    return read_ppm(subprocess.run(["convert", path, "ppm:-"], check=True, capture_output=True).stdout)


def put_on_clipboard(data, mime="text/plain"):
    """Puts `data` (bytes) on the desktop's clipboard as `mime`, as a browser or spreadsheet does when a person
    copies: owned by xclip (X11) or wl-copy (Wayland), which serve it from the background until something
    else is copied."""
    if WAYLAND:
        command = ["wl-copy", "--type", mime]
    else:
        command = ["xclip", "-selection", "clipboard", "-t", "UTF8_STRING" if mime == "text/plain" else mime, "-i"]
    subprocess.run(command, input=data, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=10)


def clipboard_text():
    """The text on the desktop's clipboard now, read as a person's next paste would (xclip or wl-paste)."""
    command = ["wl-paste", "--no-newline"] if WAYLAND else ["xclip", "-selection", "clipboard", "-o"]
    result = subprocess.run(command, capture_output=True, timeout=10)
    return result.stdout.decode("utf-8", "replace")
