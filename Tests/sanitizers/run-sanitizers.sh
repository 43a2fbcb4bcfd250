#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The unit tests (core, ALSA player, viewer logic; not the end-to-end CLI tests, which run the binaries)
# again under AddressSanitizer and under ThreadSanitizer (the audio thread and the GLib main
# loop share the player's state), each in its own build folder (.build-asan, .build-tsan), so the normal
# build is untouched. Any sanitizer report fails the test that triggered it, and so the run.
#   Tests/sanitizers/run-sanitizers.sh [address|thread ...]     (default: both)
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
# Left out: two tests of single-threaded arithmetic on many inputs, a third of the run under ThreadSanitizer
# (59 and 23 of 241 s, 2026-11-28) that repeat the threaded paths other tests take (the select's parts in
# testRobustScale… and the million-point series; the analysis in every navigation test). The plain unit run
# has them.
# Also left out, 42 of 182 s on 2026-11-29: the test classes of code that starts no thread and is handed none
# (number parsing, the synthesizer and the reference tone it renders, one table of Unicode spellings); every
# file that does (grep ParallelMap, Thread, DispatchQueue, BackgroundJob) keeps its tests here.
skip="--skip testMatchesQuickselectOnManyShapes --skip testSummariesMadeWithTheElementsEqualThoseMadeLater"
skip+=" --skip NumberParsingTests --skip SynthesizerTests --skip ReferenceSoundTests"
skip+=" --skip testTheASCIISpellingKnowsEveryScalarThatDecomposesToASCII"
for kind in "${kinds[@]}"; do
  echo "== unit tests under the ${kind} sanitizer"
  start=$(date +%s)
  # halt_on_error: the first report ends the test process, so it cannot pass unnoticed. Leak checking is
  # off: Foundation and XCTest keep process-wide objects to the end, which it would report as leaks.
  ASAN_OPTIONS=halt_on_error=1:detect_leaks=0 TSAN_OPTIONS=halt_on_error=1 \
    $SWIFT test --disable-swift-testing --sanitize="$kind" --scratch-path ".build-${kind:0:1}san" \
      --filter "AudiographCoreTests|AudiographALSATests|AudiographGTKTests" $skip \
    2>&1 | grep -E "error:|ERROR: |WARNING: ThreadSanitizer|SUMMARY:|Executed [0-9]+ tests" | tail -3
  echo "[time] sanitizers ${kind}: $(( $(date +%s) - start )) s"
done
