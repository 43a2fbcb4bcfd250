#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds and tests Audiograph inside a clean Debian root (bookworm = Debian 12, trixie = Debian 13), so one
# machine checks both releases. Used by .ci/run for Debian 13, and by hand to try a fresh Debian 12.
#
#   scripts/debian-root.sh prepare RELEASE      make or refresh the root (debootstrap, then install-deps.sh
#                                               inside it, with the network); cached under $AUDIOGRAPH_ROOTS
#   scripts/debian-root.sh run RELEASE CMD...   copy this tree into the root's fresh /tmp and run CMD there;
#                                               with AUDIOGRAPH_ROOT_OUT=DIR, the GUI tests' output (Orca's
#                                               logs, screenshots, app logs) is kept in the host's DIR;
#                                               with AUDIOGRAPH_RELEASE_BIN=DIR, the host's release
#                                               binaries in DIR are what `make install` installs there
#
# `run` works in its own mount, pid and network namespaces (unshare -m -p -f -n, loopback only) with a fresh
# /tmp and /run, so nothing inside can see or stop the host's processes, X servers or D-Bus sessions. This
# machine's Swift (/opt/swift), its package mirror (/opt/swift-packages) and the git rule that points
# github.com at the mirror (/etc/gitconfig) are mounted read-only inside. Needs root, debootstrap and
# util-linux's unshare.
set -euo pipefail
cd "$(dirname "$0")/.."
tree=$PWD
roots=${AUDIOGRAPH_ROOTS:-/var/cache/audiograph}
command=${1:?usage: debian-root.sh prepare|run RELEASE [CMD...]}
release=${2:?usage: debian-root.sh prepare|run RELEASE [CMD...]}
shift 2
root="$roots/$release-root"
swift_home=${SWIFT_HOME:-/opt/swift}
mirror=${SWIFT_PACKAGES:-/opt/swift-packages}

# Binds host paths into the root for `prepare` (a plain chroot with the network) and undoes it on exit.
mount_for_prepare() {
  mkdir -p "$root/opt/swift" "$root/proc" "$root/dev"
  mount --bind "$swift_home" "$root/opt/swift"
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # The host's own certificate authorities (a proxy's, say), so pip inside trusts what the host trusts.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  fi
}
unmount_for_prepare() {
  umount -l "$root/dev" 2>/dev/null || true
  umount "$root/proc" 2>/dev/null || true
  umount "$root/opt/swift" 2>/dev/null || true
}

case "$command" in
prepare)
  # A stamp holds the hash of what decides the root's contents; a change to either script refreshes it.
  stamp=$(cat scripts/install-deps.sh scripts/debian-root.sh | sha256sum | cut -c1-16)
  if [ -f "$root/.audiograph-stamp" ] && [ "$(cat "$root/.audiograph-stamp")" = "$stamp" ]; then
    echo "debian-root: $release root is ready ($root)."
    exit 0
  fi
  if [ ! -x "$root/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || { apt-get update -q; DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap; }
    rm -rf "$root.new"
    mkdir -p "$roots"
    echo "debian-root: debootstrap --variant=minbase $release into $root"
    debootstrap --variant=minbase "$release" "$root.new" http://deb.debian.org/debian >"$roots/$release-debootstrap.log" 2>&1 \
      || { tail -20 "$roots/$release-debootstrap.log" >&2; exit 1; }
    mv "$root.new" "$root"
  fi
  trap unmount_for_prepare EXIT
  mount_for_prepare
  mkdir -p "$root/tmp/audiograph-deps"
  cp scripts/install-deps.sh "$root/tmp/audiograph-deps/"
  chroot "$root" bash -c 'command -v update-ca-certificates >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ca-certificates; }; update-ca-certificates >/dev/null'
  chroot "$root" /usr/bin/env -i PATH=/opt/swift/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    PIP_CERT=/etc/ssl/certs/ca-certificates.crt bash /tmp/audiograph-deps/install-deps.sh
  rm -rf "$root/tmp/audiograph-deps"
  chroot "$root" apt-get clean
  echo "$stamp" >"$root/.audiograph-stamp"
  echo "debian-root: $release root is ready ($root)."
  ;;
run)
  [ -f "$root/.audiograph-stamp" ] || { echo "debian-root: no $release root; run 'scripts/debian-root.sh prepare $release' first." >&2; exit 1; }
  [ $# -gt 0 ] || { echo "debian-root: run needs a command" >&2; exit 2; }
  # What git would commit (tracked files, changed or not, and new files it does not ignore): the tree the
  # root builds is this one as it stands, without .build folders or other ignored output.
  list=$(mktemp)
  git ls-files -z --cached --others --exclude-standard >"$list"
  # Inside the new namespaces: mounts first (private, so they vanish with the namespace), then chroot.
  keep_out=${AUDIOGRAPH_ROOT_OUT:-}
  release_bin=${AUDIOGRAPH_RELEASE_BIN:-}
  exec unshare -m -p -f -n --kill-child bash -s "$root" "$tree" "$list" "$swift_home" "$mirror" "$keep_out" \
    "$release_bin" "$@" <<'INSIDE'
set -euo pipefail
root=$1 tree=$2 list=$3 swift_home=$4 mirror=$5 keep_out=$6 release_bin=$7
shift 7
mount --make-rprivate /
# The root a mount point of its own, so that `unshare --mount-proc` inside (each GUI lane's process
# namespace, scripts/lanes.sh) can make its mounts private: in a chroot whose / is not a mount point it fails
# ("cannot change root filesystem propagation") and the lanes' Orcas would see, and replace, each other.
mount --bind "$root" "$root"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mount -t tmpfs -o mode=755 tmpfs "$root/run"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
mkdir -p "$root/opt/swift" "$root/opt/swift-packages"
mount --bind -o ro "$swift_home" "$root/opt/swift"
[ -d "$mirror" ] && mount --bind -o ro "$mirror" "$root/opt/swift-packages"
[ -f /etc/gitconfig ] && { touch "$root/etc/gitconfig"; mount --bind -o ro /etc/gitconfig "$root/etc/gitconfig"; }
[ -f /etc/gitignore ] && { touch "$root/etc/gitignore"; mount --bind -o ro /etc/gitignore "$root/etc/gitignore"; }
mkdir -p "$root/tmp/audiograph" "$root/run/dbus"
(cd "$tree" && tar --null --ignore-failed-read -T "$list" -cf - 2>/dev/null) | tar -xf - -C "$root/tmp/audiograph"
rm -f "$list"
ip link set lo up
# The root's /tmp vanishes with the namespace; a failure's Orca log is what tells why Orca said nothing.
out_env=()
if [ -n "$keep_out" ]; then
  mkdir -p "$keep_out" "$root/tmp/audiograph-out"
  mount --bind "$keep_out" "$root/tmp/audiograph-out"
  out_env=(GUI_TEST_OUT=/tmp/audiograph-out)
fi
# Release binaries built outside (scripts/ci.sh), read-only; install.sh waits for them to be there.
if [ -n "$release_bin" ]; then
  mkdir -p "$root/opt/audiograph-release"
  mount --bind -o ro "$release_bin" "$root/opt/audiograph-release"
  out_env+=(AUDIOGRAPH_RELEASE_BIN=/opt/audiograph-release)
fi
exec chroot "$root" /usr/bin/env -i PATH=/opt/swift/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  TERM="${TERM:-dumb}" LANG=C.UTF-8 "${out_env[@]}" bash -c 'cd /tmp/audiograph && exec "$@"' bash "$@"
INSIDE
  ;;
*)
  echo "debian-root: unknown command $command (prepare or run)" >&2
  exit 2
  ;;
esac
