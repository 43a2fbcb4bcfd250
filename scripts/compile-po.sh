#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compiles each translation po/LANG.po into DIR/LANG/LC_MESSAGES/audiograph.mo (msgfmt, with its checks).
#   scripts/compile-po.sh DIR      (make install uses PREFIX/share/locale, and so the .deb; programs in the
#                                   build tree read po/ directly, tests point AUDIOGRAPH_LOCALEDIR at DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/compile-po.sh DIR}
for po in po/*.po; do
  language=$(basename "$po" .po)
  mkdir -p "$out/$language/LC_MESSAGES"
  msgfmt --check -o "$out/$language/LC_MESSAGES/audiograph.mo" "$po"
done
