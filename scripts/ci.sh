#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make ci`: `make test` here (Debian 12) and the desktop suites in a Debian 13 root (`make test-debian13`)
# side by side. The Debian 13 root runs in its own namespaces (scripts/debian-root.sh), so its Orca and the
# lanes' do not see each other; its log is printed when it ends. Needs root.
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
source scripts/lanes.sh  # its failure pattern (lanes_failed_lines) for the Debian 13 log
# Made (or found in the cache) before the lanes start: the first time it needs the network and a few minutes.
scripts/timed.sh debian13-root scripts/debian-root.sh prepare trixie || exit 1
# The release binaries, built once beside the first tests: Debian 12's `make install` and corpus checks find them
# built, and the Debian 13 root installs them (AUDIOGRAPH_RELEASE_BIN; "ready" or "failed" marks the end)
# rather than spend ~250 CPU-seconds building them again.
release_bin=$(mktemp -d /tmp/audiograph-release.XXXXXX)
( if scripts/timed.sh release nice -n 5 scripts/install.sh build >"$release_bin.log" 2>&1 \
     && cp .build/install/release/audiograph .build/install/release/audiograph-cli "$release_bin/"; then
    touch "$release_bin/ready"
  else
    touch "$release_bin/failed"
  fi ) &
release=$!
trixie_log=$(mktemp /tmp/audiograph-debian13.XXXXXX.log)
# Its GUI tests' output (Orca's logs, screenshots) is kept on this machine when it fails, removed when it passes.
trixie_out=${trixie_log%.log}.out
# ThreadSanitizer runs in the Debian 13 root, a lane of its own that ends before its GUI lanes: the Debian 12
# Orca lane no longer waits on it (docs/testing.md, "ThreadSanitizer moved").
AUDIOGRAPH_ROOT_OUT=$trixie_out AUDIOGRAPH_RELEASE_BIN=$release_bin timeout --kill-after=30 2700 \
  make --no-print-directory test-debian13-lane DEBIAN13_EXTRA_LANES=", sanitizers" >"$trixie_log" 2>&1 &
trixie=$!
trap 'kill $trixie 2>/dev/null' INT TERM
status=0
failures=$(mktemp /tmp/audiograph-failures.XXXXXX)
SANITIZERS_ELSEWHERE=1 FAILURES_FILE=$failures make --no-print-directory test || status=1
wait $trixie
code=$?
wait $release
grep "^\[time\]" "$release_bin.log"
[ -e "$release_bin/ready" ] || { status=1; echo "== the release build failed"; tail -n 30 "$release_bin.log"; }
rm -rf "$release_bin" "$release_bin.log"
echo
echo "== Debian 13 (exit $code, $(( $(date +%s) - started )) s since the start)"
cat "$trixie_log"
if [ $code = 0 ]; then rm -rf "$trixie_out"; else status=1; echo "Debian 13 test output kept in $trixie_out"; fi
# Failures again at the very end, where a CI log's tail shows them.
if [ $status != 0 ]; then
  echo
  echo "== what failed"
  cat "$failures"
  lanes_failed_lines debian13 "$trixie_log"
fi
echo "[time] ci: $(( $(date +%s) - started )) s"
exit $status
