#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command inside a fresh headless Wayland session, set up as GNOME's Wayland session is: sway with
# its headless backend (no GPU, no screen, no input devices), XDG_SESSION_TYPE=wayland, WAYLAND_DISPLAY and
# SWAYSOCK set, and Xwayland's DISPLAY for X11 programs. GTK is told to use Wayland (GDK_BACKEND), so the
# app is a native Wayland client; Orca 43 needs the X display (it reads the keymap with xkbcomp $DISPLAY
# and stops without it), as it has under GNOME. Sway is stopped when the command ends.
#   Tests/gui/wayland-session.sh CMD...
#
# Two things a headless compositor lacks that a desktop has:
# - A keyboard. A headless seat has no input devices, so it offers no wl_keyboard: no window ever gets
#   the keyboard focus, GTK never marks a window active, and no widget reports the focus over AT-SPI.
#   (This is why keyboard exploration seemed not to work under sway: nothing in the app was at fault.)
#   `wtype` adds a virtual keyboard only while it runs, with a keymap of just the keys it types, so the
#   window gains the focus for one key and loses it again. This script keeps one virtual keyboard with
#   the whole US keymap plugged in for the whole session (keyboard/test-keyboard.c), and the tests type
#   through it.
# - A user other than root. Sway refuses to start as root (it checks that it cannot regain root after
#   dropping it), and CI runs as root: there sway runs as `nobody`, in a runtime directory it owns; root's
#   clients can still reach its sockets.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runtime=$(mktemp -d /tmp/wayland-session.XXXXXX)
chmod 0700 "$runtime"
# Xwayland started at once and kept ("force"): started lazily ("enable"), wlroots 0.18 (Debian 13) ends it 10 s
# after its last X client, the next client starts a new one without root's xhost grant, and Orca 48 then
# crashes in start_key_watcher ("Authorization required"), silent for every test after.
cat >"$runtime/sway.conf" <<'EOF'
output HEADLESS-1 resolution 1280x800
xwayland force
default_border normal
EOF
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  chown nobody "$runtime"
  as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
fi
unset DISPLAY WAYLAND_DISPLAY SWAYSOCK
export XDG_RUNTIME_DIR=$runtime
"${as_user[@]}" env HOME="$runtime" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
  sway -c "$runtime/sway.conf" >"$runtime/sway.log" 2>&1 &
sway=$!
keyboard=""
cleanup() {
  [ -n "$keyboard" ] && kill "$keyboard" 2>/dev/null
  kill "$sway" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$runtime"
}
trap cleanup EXIT

# Sway is ready when its IPC socket answers.
for _ in $(seq 300); do
  SWAYSOCK=$(ls "$runtime"/sway-ipc.*.sock 2>/dev/null | head -1 || true)
  if [ -n "$SWAYSOCK" ] && swaymsg -s "$SWAYSOCK" -t get_version >/dev/null 2>&1; then break; fi
  if ! kill -0 "$sway" 2>/dev/null; then
    echo "wayland-session: sway did not start:" >&2; cat "$runtime/sway.log" >&2; exit 1
  fi
  SWAYSOCK=""
  sleep 0.1
done
[ -n "$SWAYSOCK" ] || { echo "wayland-session: sway never answered:" >&2; tail -20 "$runtime/sway.log" >&2; exit 1; }
export SWAYSOCK
export WAYLAND_DISPLAY="$runtime/$(cd "$runtime" && ls | grep -m1 -x 'wayland-[0-9]*')"
export GDK_BACKEND=wayland XDG_SESSION_TYPE=wayland

# Xwayland's display, as sway gives it to the programs it starts.
swaymsg exec 'echo "$DISPLAY" > "$XDG_RUNTIME_DIR/x-display"' >/dev/null
for _ in $(seq 100); do [ -s "$runtime/x-display" ] && break; sleep 0.1; done
DISPLAY=$(cat "$runtime/x-display" 2>/dev/null || true)
[ -n "$DISPLAY" ] || { echo "wayland-session: sway started no Xwayland:" >&2; tail -20 "$runtime/sway.log" >&2; exit 1; }
export DISPLAY
# Xwayland lets in only the user who started it (sway's); when that is nobody, root's programs are let in
# by name, as a desktop lets in its one user.
if [ ${#as_user[@]} -gt 0 ]; then
  swaymsg exec 'xhost +si:localuser:root > "$XDG_RUNTIME_DIR/xhost.log" 2>&1' >/dev/null
  for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
  xdpyinfo >/dev/null 2>&1 || { echo "wayland-session: root cannot reach Xwayland:" >&2; cat "$runtime/xhost.log" >&2; exit 1; }
fi

# The keyboard that stays plugged in, with the whole US keymap (keyboard/test-keyboard.c, built here from
# the protocol description beside it); desktop_session.py types through its socket.
build="$runtime/keyboard-build"
mkdir "$build"
wayland-scanner client-header "$here/keyboard/virtual-keyboard-unstable-v1.xml" \
  "$build/virtual-keyboard-unstable-v1-client-protocol.h"
wayland-scanner private-code "$here/keyboard/virtual-keyboard-unstable-v1.xml" "$build/protocol.c"
cc -O2 -I"$build" "$here/keyboard/test-keyboard.c" "$build/protocol.c" -o "$build/test-keyboard" \
  $(pkg-config --cflags --libs wayland-client xkbcommon)
export AUDIOGRAPH_TEST_KEYBOARD="$runtime/keyboard.sock"
"$build/test-keyboard" "$AUDIOGRAPH_TEST_KEYBOARD" &
keyboard=$!
/usr/bin/python3 "$here/keyboard/wait-for-keyboard.py" "$AUDIOGRAPH_TEST_KEYBOARD" "$keyboard" \
  && swaymsg -t get_seats -r | grep -q '"capabilities": [2367]' \
  || { echo "wayland-session: the test keyboard never joined the seat" >&2; exit 1; }

status=0
"$@" || status=$?
exit $status
