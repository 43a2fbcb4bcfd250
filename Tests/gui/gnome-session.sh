#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command inside a fresh headless GNOME Shell (43 on Debian 12, 48 on Debian 13) Wayland session: gnome-shell --headless
# --wayland with one 1280x800 virtual monitor, on its own D-Bus session bus (the shell starts the AT-SPI
# bus), with Xwayland's DISPLAY for X11 programs such as Orca 43, and a keyboard for the tests served
# through mutter's RemoteDesktop D-Bus API (keyboard/remote-keyboard.py) on the AUDIOGRAPH_TEST_KEYBOARD socket, with
# the protocol of keyboard/test-keyboard.c. The shell is stopped when the command ends.
#   gnome-session.sh CMD...
#
# What a headless GNOME Shell needs that a login session would give it:
# - A system bus. When /run/systemd/seats exists gnome-shell uses logind, and without a system bus it dies
#   at start ("JS ERROR: Gio.IOErrorEnum: Could not connect: No such file or directory", loginManager.js).
#   An empty private system bus (DBUS_SYSTEM_BUS_ADDRESS) is enough: logind, NetworkManager, UPower,
#   polkit, GDM are simply absent.
# - Settings (dconf, in HOME): the welcome tour marked as seen, no screen blanking or lock, no animations.
# - A session mode (gnome-shell/modes/audiograph-test.json under XDG_DATA_DIRS): "user" plus a small
#   extension that hides the overview the shell starts in and takes away the start-up notifications.
# - --unsafe-mode (a hidden mutter option, in 43 too), so that org.gnome.Shell.Eval, Screenshot and
#   Introspect answer any caller: the tests find and focus windows with Eval (gnome_shell_session.py).
# Root is fine: gnome-shell, unlike sway, does not refuse to run as root.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

if [ -z "${GNOME_SESSION_INNER:-}" ]; then
  runtime=$(mktemp -d /tmp/gnome-session.XXXXXX)
  chmod 0700 "$runtime"
  unset DISPLAY WAYLAND_DISPLAY SWAYSOCK XAUTHORITY DBUS_SESSION_BUS_ADDRESS DBUS_SYSTEM_BUS_ADDRESS
  export XDG_RUNTIME_DIR=$runtime HOME=$runtime/home
  export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share XDG_CACHE_HOME=$HOME/.cache
  export XDG_DATA_DIRS=$runtime/data:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
  # "Screen Lock disabled" (no GDM) is told once per user: this user has been told.
  mkdir -p "$HOME/.local/share/gnome-shell" && touch "$HOME/.local/share/gnome-shell/lock-warning-shown"
  mkdir -p "$HOME" "$runtime/data/gnome-shell/modes" "$runtime/data/gnome-shell/extensions/audiograph-test@tests"
  cat >"$runtime/data/gnome-shell/modes/audiograph-test.json" <<'EOF'
{ "parentMode": "user", "enabledExtensions": ["audiograph-test@tests"] }
EOF
  cat >"$runtime/data/gnome-shell/extensions/audiograph-test@tests/metadata.json" <<'EOF'
{ "uuid": "audiograph-test@tests", "name": "Audiograph tests", "description": "Test session setup",
  "shell-version": ["43", "44", "45", "46", "47", "48"] }
EOF
  # Leave the overview the shell starts in, as a person's first Escape would, and take away the start-up
  # notifications ("Logged in as a privileged user" when root), whose banners cover the top of the screen.
  # The shell posts them in its own startup-complete handler, which runs after this one: hence the idle.
  # GNOME 45 and later load extensions as ES modules; 43 and 44 as scripts with enable().
  setup='const started = () => GLib.idle_add(GLib.PRIORITY_LOW, () => {
        Main.overview.hide();
        Main.messageTray.getSources().forEach(source => source.destroy());
        console.log("audiograph-test: session ready");
        return GLib.SOURCE_REMOVE;
    });
    if (Main.layoutManager._startingUp)
        Main.layoutManager.connect("startup-complete", started);
    else
        started();'
  shell_major=$(gnome-shell --version | sed -n 's/^GNOME Shell \([0-9]*\).*/\1/p')
  extension="$runtime/data/gnome-shell/extensions/audiograph-test@tests/extension.js"
  if [ "${shell_major:-0}" -ge 45 ]; then
    printf '%s\n' "import GLib from 'gi://GLib';" "import * as Main from 'resource:///org/gnome/shell/ui/main.js';" \
      "import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';" \
      "export default class AudiographTests extends Extension {" "  enable() {" "    $setup" "  }" "  disable() {}" "}" \
      >"$extension"
  else
    printf '%s\n' "const Main = imports.ui.main;" "const { GLib } = imports.gi;" "function init() {}" "function enable() {" \
      "    $setup" "}" "function disable() {}" >"$extension"
  fi
  cat >"$runtime/system-bus.conf" <<'EOF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=RUNTIME/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/><allow user="*"/></policy>
</busconfig>
EOF
  sed -i "s|RUNTIME|$runtime|" "$runtime/system-bus.conf"
  dbus-daemon --config-file="$runtime/system-bus.conf" --fork --print-pid=3 3>"$runtime/system-bus.pid" 2>/dev/null
  export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$runtime/system_bus_socket"
  cleanup() {
    kill "$(cat "$runtime/system-bus.pid")" 2>/dev/null || true
    if [ -n "${session_bus:-}" ]; then kill "$session_bus" 2>/dev/null; wait "$session_bus" 2>/dev/null || true; fi
    rm -rf "$runtime"
  }
  trap cleanup EXIT
  # The session bus, its daemon's chatter (services it starts) kept out of the command's output.
  dbus-daemon --session --nofork --print-address=3 3>"$runtime/session-bus.address" 2>"$runtime/session-bus.log" &
  session_bus=$!
  for _ in $(seq 100); do [ -s "$runtime/session-bus.address" ] && break; sleep 0.05; done
  DBUS_SESSION_BUS_ADDRESS=$(cat "$runtime/session-bus.address")
  export DBUS_SESSION_BUS_ADDRESS
  status=0
  GNOME_SESSION_INNER=1 "$0" "$@" || status=$?
  exit $status
fi

# Inside the session.
runtime=$XDG_RUNTIME_DIR
unset GNOME_SESSION_INNER
gsettings set org.gnome.shell welcome-dialog-last-shown-version '999'
gsettings set org.gnome.desktop.session idle-delay 0
gsettings set org.gnome.desktop.screensaver lock-enabled false
gsettings set org.gnome.desktop.interface enable-animations false
gsettings set org.gnome.desktop.interface toolkit-accessibility true
gsettings set org.gnome.desktop.a11y.applications screen-reader-enabled false

export XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_DESKTOP=gnome
# Mutter 48 starts Xwayland only in a root-owned, world-writable /tmp/.X11-unix, and does not make it
# (systemd-tmpfiles does, at boot): a fresh /tmp, as in the Debian 13 root, lacks it ("Directory /tmp/.X11-unix
# is not writable"), and after a sway session as nobody it is nobody's ("Wrong ownership").
if [ "$(id -u)" -eq 0 ]; then
  mkdir -p /tmp/.X11-unix && chown root:root /tmp/.X11-unix && chmod 1777 /tmp/.X11-unix
fi
# GNOME Shell 48 sets up its X11 side through systemd user units ("Error starting X11 services: Error fetching
# own systemd unit", then "Failed to init X11 display"), and X clients then hang on Xwayland's display, Orca
# 48 among them (it stops at its key map). There is no systemd user session here, so 48 runs without X11:
# a GNOME 48 Wayland session gives Orca its keys through the shell, not through X.
x11=()
shell_major=$(gnome-shell --version | sed -n 's/^GNOME Shell \([0-9]*\).*/\1/p')
[ "${shell_major:-0}" -ge 48 ] && x11=(--no-x11)
start=$(date +%s.%N)
gnome-shell --headless --wayland --wayland-display=wayland-0 --virtual-monitor 1280x800 "${x11[@]}" \
  --mode=audiograph-test --unsafe-mode >"$runtime/gnome-shell.log" 2>&1 &
shell=$!
keyboard=""
xvfb=""
cleanup() {
  [ -z "$keyboard" ] || kill "$keyboard" 2>/dev/null || true
  [ -z "$xvfb" ] || kill "$xvfb" 2>/dev/null || true
  # SIGTERM makes gnome-shell 43 crash on its way out (segmentation fault) and SIGINT is not heeded: the
  # shell is asked to end through its own API.
  gdbus call --session -d org.gnome.Shell -o /org/gnome/Shell -m org.gnome.Shell.Eval \
    'global.context.terminate()' >/dev/null 2>&1 || kill "$shell" 2>/dev/null
  for _ in $(seq 50); do kill -0 "$shell" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$shell" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT
# The shell is ready when the extension says so (after the start-up animation and notifications).
for _ in $(seq 300); do
  grep -qs "audiograph-test: session ready" "$runtime/gnome-shell.log" && break
  kill -0 "$shell" 2>/dev/null || { echo "gnome-session: gnome-shell did not start:" >&2; cat "$runtime/gnome-shell.log" >&2; exit 1; }
  sleep 0.1
done
grep -q "audiograph-test: session ready" "$runtime/gnome-shell.log" \
  || { echo "gnome-session: gnome-shell never finished starting:" >&2; tail -20 "$runtime/gnome-shell.log" >&2; exit 1; }
[ -n "${GNOME_SESSION_VERBOSE:-}" ] && echo "gnome-session: shell ready after $(echo "$(date +%s.%N) - $start" | bc) s" >&2
# An absolute path, so that programs given a runtime directory of their own (Orca in harness.py) still find it.
export WAYLAND_DISPLAY=$runtime/wayland-0 GDK_BACKEND=wayland
DISPLAY=$(sed -n 's/.*Using public X11 display \(:[0-9]*\).*/\1/p' "$runtime/gnome-shell.log" | head -1)
XAUTHORITY=$(ls "$runtime"/.mutter-Xwaylandauth.* 2>/dev/null | head -1 || true)
if [ -n "$DISPLAY" ]; then
  export DISPLAY XAUTHORITY
else
  # Without the shell's X11 side, Orca 48 still reads the key map from an X display at start (and stops,
  # KeyError 'DISPLAY', without one). A virtual X display serves it that map, the same US map the session's
  # keyboard has; Orca gets the keys themselves from GNOME Shell 48's keyboard monitor, as on a desktop.
  unset XAUTHORITY
  Xvfb -displayfd 3 -nolisten tcp 3>"$runtime/xvfb.display" >"$runtime/xvfb.log" 2>&1 &
  xvfb=$!
  for _ in $(seq 100); do [ -s "$runtime/xvfb.display" ] && break; sleep 0.05; done
  export DISPLAY=":$(cat "$runtime/xvfb.display")"
fi

# The test keyboard: the shell's RemoteDesktop API behind the socket the tests type through.
export AUDIOGRAPH_TEST_KEYBOARD="$runtime/keyboard.sock"
/usr/bin/python3 "$here/keyboard/remote-keyboard.py" "$AUDIOGRAPH_TEST_KEYBOARD" &
keyboard=$!
/usr/bin/python3 "$here/keyboard/wait-for-keyboard.py" "$AUDIOGRAPH_TEST_KEYBOARD" "$keyboard" \
  || { echo "gnome-session: the RemoteDesktop keyboard did not start" >&2; exit 1; }

status=0
"$@" || status=$?
exit $status
