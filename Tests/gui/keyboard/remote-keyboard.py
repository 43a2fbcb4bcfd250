#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A keyboard for the tests in a headless GNOME Shell session: a mutter RemoteDesktop session (the D-Bus API
gnome-remote-desktop uses) whose virtual keyboard types what the tests ask for, served on a Unix socket with
the protocol of keyboard/test-keyboard.c, one request per connection, each answered "ok" or "error: why":
    key CHORD   a chord in xdotool's spelling: Right, ctrl+comma, shift+space, F1, ctrl+g
    type TEXT   TEXT typed character by character
    ping        nothing (ready check)
  remote-keyboard.py SOCKET          serve
  remote-keyboard.py --key CHORD     press one chord once and exit (own short-lived session)
  remote-keyboard.py --type TEXT     type once and exit
"""
import ctypes
import os
import socket
import sys
import time

from gi.repository import Gio, GLib

xkb = ctypes.CDLL("libxkbcommon.so.0")
xkb.xkb_keysym_from_name.argtypes = [ctypes.c_char_p, ctypes.c_int]
xkb.xkb_keysym_from_name.restype = ctypes.c_uint32
xkb.xkb_utf32_to_keysym.argtypes = [ctypes.c_uint32]
xkb.xkb_utf32_to_keysym.restype = ctypes.c_uint32

MODIFIERS = {"ctrl": "Control_L", "control": "Control_L", "shift": "Shift_L", "alt": "Alt_L",
             "super": "Super_L", "meta": "Meta_L"}
DELAY = 0.015


def keysym(name):
    name = MODIFIERS.get(name.lower(), name)
    value = xkb.xkb_keysym_from_name(name.encode(), 0) or xkb.xkb_keysym_from_name(name.encode(), 1)
    if not value:
        raise ValueError("unknown key %r" % name)
    return value


class RemoteKeyboard:
    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        path = self.bus.call_sync("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop",
                                  "org.gnome.Mutter.RemoteDesktop", "CreateSession", None,
                                  GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        self.session = path
        self._call("Start")
        # The first key event of a session is lost (mutter 43 adds its virtual keyboard on the first event and
        # drops that event), and a release alone is refused ("Invalid key event"): a Shift tap goes first.
        self.keysym(keysym("Shift_L"), True)
        self.keysym(keysym("Shift_L"), False)
        time.sleep(0.1)

    def _call(self, method, args=None):
        self.bus.call_sync("org.gnome.Mutter.RemoteDesktop", self.session, "org.gnome.Mutter.RemoteDesktop.Session",
                           method, args, None, Gio.DBusCallFlags.NONE, 5000, None)

    def keysym(self, value, pressed):
        self._call("NotifyKeyboardKeysym", GLib.Variant("(ub)", (value, pressed)))

    def chord(self, chord):
        keys = [keysym(part) for part in chord.split("+")] if chord != "+" else [keysym("plus")]
        for value in keys:
            self.keysym(value, True)
            time.sleep(DELAY)
        for value in reversed(keys):
            self.keysym(value, False)
            time.sleep(DELAY)

    def type(self, text):
        for character in text:
            value = xkb.xkb_utf32_to_keysym(ord(character))
            self.keysym(value, True)
            time.sleep(DELAY)
            self.keysym(value, False)
            time.sleep(DELAY)

    def stop(self):
        self._call("Stop")


def serve(path):
    keyboard = RemoteKeyboard()
    server = socket.socket(socket.AF_UNIX)
    if os.path.exists(path):
        os.unlink(path)
    server.bind(path)
    server.listen(8)
    while True:
        connection, _ = server.accept()
        with connection:
            request = b""
            while not request.endswith(b"\n"):
                data = connection.recv(4096)
                if not data:
                    break
                request += data
            command, _, argument = request.decode().rstrip("\n").partition(" ")
            try:
                if command == "key":
                    keyboard.chord(argument)
                elif command == "type":
                    keyboard.type(argument)
                elif command != "ping":
                    raise ValueError("unknown request %r" % command)
                # The keys reach the app through mutter's input thread after the D-Bus call returns.
                if command != "ping":
                    time.sleep(0.05)
                connection.sendall(b"ok\n")
            except Exception as error:  # noqa: BLE001 -- told to the client
                connection.sendall(("error: %s\n" % error).encode())


def main():
    if len(sys.argv) == 3 and sys.argv[1] in ("--key", "--type"):
        keyboard = RemoteKeyboard()
        (keyboard.chord if sys.argv[1] == "--key" else keyboard.type)(sys.argv[2])
        time.sleep(0.1)
        keyboard.stop()
    elif len(sys.argv) == 2:
        serve(sys.argv[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
