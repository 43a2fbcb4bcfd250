#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Waits until the test keyboard behind SOCKET answers "ping" with "ok" (at most 10 s, or until the keyboard's
process PID has exited); exits 0 when it does, 1 otherwise. Used by wayland-session.sh and gnome-session.sh.
  wait-for-keyboard.py SOCKET PID"""
import os
import socket
import sys
import time


def answers(path):
    try:
        with socket.socket(socket.AF_UNIX) as connection:
            connection.connect(path)
            connection.sendall(b"ping\n")
            return connection.recv(64) == b"ok\n"
    except OSError:
        return False


def main():
    path, pid = sys.argv[1], int(sys.argv[2])
    deadline = time.time() + 10
    while time.time() < deadline:
        if answers(path):
            return 0
        if not os.path.exists("/proc/%d" % pid):
            break
        time.sleep(0.1)
    return 0 if answers(path) else 1


if __name__ == "__main__":
    sys.exit(main())
