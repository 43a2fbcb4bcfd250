#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs or uninstalls Audiograph: `make install` and `make uninstall` call this.
#
#   scripts/install.sh install   [--prefix /usr/local] [--destdir DIR]
#   scripts/install.sh uninstall [--prefix /usr/local] [--destdir DIR]
#   scripts/install.sh build     (only the release binaries, in .build/install; CI builds them once)
#
# install builds release binaries (the Swift runtime linked in, so only Debian's own libraries are needed
# at run time), generates the audiograph-cli manual page and shell completions from the program itself,
# then installs binaries, desktop file, AppStream metainfo, icons, manual pages, completions, the
# translations (compiled from po/) and the example files in the standard places under PREFIX. Without DESTDIR it refreshes the desktop and icon
# caches when their tools are present; with DESTDIR (packaging) the package manager's triggers do that.
# uninstall removes exactly the files install puts there. With AUDIOGRAPH_RELEASE_BIN=DIR, install takes the
# release binaries from DIR instead of building them: CI's Debian 13 root installs the ones built on Debian 12
# (as a user installs a package made there), rather than spend a third of its desktop suite building them again.
set -euo pipefail
cd "$(dirname "$0")/.."

action=${1:-}
shift || true
prefix=/usr/local
destdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --destdir) destdir=$2; shift 2 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 64 ;;
  esac
done
case "$action" in install|uninstall|build) ;; *)
  echo "usage: scripts/install.sh install|uninstall|build [--prefix DIR] [--destdir DIR]" >&2; exit 64 ;;
esac

SWIFT=${SWIFT:-swift}
id=org.audiograph.Audiograph
root="${destdir}${prefix}"
share="$root/share"
generated=.build/install-generated

# Every installed file as "source destination", relative to the tree and to PREFIX; the one list both
# install and uninstall read.
installed_files() {
  echo "$bin/audiograph bin/audiograph"
  echo "$bin/audiograph-cli bin/audiograph-cli"
  echo "packaging/$id.desktop share/applications/$id.desktop"
  echo "packaging/$id.metainfo.xml share/metainfo/$id.metainfo.xml"
  echo "packaging/icons/$id.svg share/icons/hicolor/scalable/apps/$id.svg"
  echo "packaging/icons/$id-symbolic.svg share/icons/hicolor/symbolic/apps/$id-symbolic.svg"
  echo "packaging/man/audiograph.1 share/man/man1/audiograph.1"
  echo "$generated/audiograph-cli.1 share/man/man1/audiograph-cli.1"
  echo "$generated/audiograph-cli.bash share/bash-completion/completions/audiograph-cli"
  echo "$generated/_audiograph-cli share/zsh/vendor-completions/_audiograph-cli"
  echo "$generated/audiograph-cli.fish share/fish/vendor_completions.d/audiograph-cli.fish"
  # The examples with the chart settings saved beside some of them, so they draw what README shows.
  for example in data/*.csv data/*.csv.audiograph.json; do
    echo "$example share/audiograph/examples/$(basename "$example")"
  done
}

refresh_caches() {
  [ -z "$destdir" ] || return 0
  if command -v update-desktop-database >/dev/null; then
    update-desktop-database -q "$share/applications" || true
  fi
  for tool in gtk4-update-icon-cache gtk-update-icon-cache; do
    if command -v $tool >/dev/null && [ -d "$share/icons/hicolor" ]; then
      $tool -q -t -f "$share/icons/hicolor" || true
      break
    fi
  done
}

if [ "$action" = uninstall ]; then
  bin=unused
  installed_files | while read -r _ target; do rm -f "$root/$target"; done
  for po in po/*.po; do rm -f "$share/locale/$(basename "$po" .po)/LC_MESSAGES/audiograph.mo"; done
  refresh_caches
  echo "install.sh: removed Audiograph from $root"
  exit 0
fi

# A build folder of its own: SwiftPM does not relink when only --static-swift-stdlib changes, so a release
# build made without it in .build would be installed still needing the Swift runtime's shared libraries.
release=(-c release --static-swift-stdlib --scratch-path .build/install)
if [ -n "${AUDIOGRAPH_RELEASE_BIN:-}" ] && [ "$action" = install ]; then
  bin=$AUDIOGRAPH_RELEASE_BIN
  # CI builds them beside the first tests: "ready" or "failed" appears in the folder when that build ends.
  waited=0
  while [ ! -e "$bin/ready" ] && [ ! -e "$bin/failed" ] && [ $waited -lt 1800 ]; do sleep 2; waited=$((waited + 2)); done
  [ -e "$bin/ready" ] || { echo "install.sh: the release build for $bin failed or never ended" >&2; exit 1; }
  echo "install.sh: installing the release binaries in $bin (waited $waited s for them)"
else
  echo "install.sh: building release binaries"
  $SWIFT build "${release[@]}" --product audiograph
  $SWIFT build "${release[@]}" --product audiograph-cli
  bin="$($SWIFT build "${release[@]}" --show-bin-path)"
fi
for binary in audiograph audiograph-cli; do
  if ldd "$bin/$binary" | grep -q libswiftCore; then
    echo "install.sh: $binary still needs the Swift runtime's shared libraries; not installing it" >&2
    exit 1
  fi
done
[ "$action" = build ] && { echo "install.sh: release binaries in $bin"; exit 0; }

echo "install.sh: generating the audiograph-cli manual page"
rm -rf "$generated" && mkdir -p "$generated"
# swift-argument-parser's generate-manual tool writes the page from the command's own help.
$SWIFT build --product generate-manual
# In English whatever the builder's language: the page goes to man1, not to a translated manual.
LANGUAGE= LC_ALL=C "$($SWIFT build --show-bin-path)/generate-manual" "$bin/audiograph-cli" \
  --output-directory "$generated" --authors "The Audiograph team"

echo "install.sh: generating shell completions"
for shell in bash zsh fish; do
  case $shell in bash) out=audiograph-cli.bash ;; zsh) out=_audiograph-cli ;; fish) out=audiograph-cli.fish ;; esac
  "$bin/audiograph-cli" --generate-completion-script $shell > "$generated/$out"
done

echo "install.sh: installing into $root"
installed_files | while read -r source target; do
  case "$target" in
    bin/*) install -D -s -m 0755 "$source" "$root/$target" ;;
    *) install -D -m 0644 "$source" "$root/$target" ;;
  esac
done
# The translations (po/LANG.po), compiled into share/locale where the installed programs look first.
scripts/compile-po.sh "$share/locale"
refresh_caches
echo "install.sh: done. Run $prefix/bin/audiograph, or open a CSV file from the file manager."
