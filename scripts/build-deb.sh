#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds a Debian package of this tree: `make deb` calls this; the package lands in dist/.
#
# The files are those `scripts/install.sh install --prefix /usr` puts in place (staged with --destdir).
# Depends is computed by dpkg-shlibdeps from the binaries' own library needs (GTK 4, ALSA, GLib, libc,
# libstdc++ …), so it names exactly the runtime libraries. The desktop database and icon cache are
# refreshed by the triggers of desktop-file-utils and hicolor-icon-theme, so there are no maintainer
# scripts. The maintainer is whoever builds the package (git's user.name and user.email).
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/AudiographCore/Diagnostics/AudiographVersion.swift)
architecture=$(dpkg --print-architecture)
maintainer="$(git config user.name 2>/dev/null || echo "Audiograph builder") <$(git config user.email 2>/dev/null || echo "root@localhost")>"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/audiograph_${version}_$architecture"

scripts/install.sh install --prefix /usr --destdir "$stage"
# Debian keeps manual pages compressed.
gzip -9n "$stage"/usr/share/man/man1/*.1
mkdir -p "$stage/usr/share/doc/audiograph"
cp README.md "$stage/usr/share/doc/audiograph/README.md"

# dpkg-shlibdeps reads a source package's debian/control; a minimal one is enough.
mkdir -p "$work/src/debian"
printf 'Source: audiograph\n\nPackage: audiograph\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$stage/usr/bin/audiograph" "$stage/usr/bin/audiograph-cli" 2>/dev/null \
          | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<EOF
Package: audiograph
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends
Recommends: orca
Section: science
Priority: optional
Description: see and hear charts of CSV files
 Audiograph opens a CSV or TSV file as a chart you can see and hear: x becomes
 time and y becomes pitch, and you step through the data point by point with
 the keyboard while the Orca screen reader says each value. It gives a summary,
 the axes, trend, shape, outliers and correlation, and draws line, bar and
 scatter charts for colour blindness and high contrast. audiograph-cli
 describes a file, renders its audio graph to WAV and plays it.
EOF

mkdir -p dist
# zstd, not dpkg-deb's default xz: 7.6 s instead of 36 s here (152 s in CI's busy Debian 13 lane), for a
# 47 MB package instead of 31 MB; dpkg reads zstd since 1.21.18 (Debian 12, Ubuntu 21.10).
dpkg-deb --root-owner-group -Zzstd --build "$stage" dist/ >/dev/null
echo "build-deb: dist/audiograph_${version}_$architecture.deb"
echo "build-deb: Depends: $depends"
