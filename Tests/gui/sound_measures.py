# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures of recorded or rendered sound shared by the GUI and corpus tests."""
import numpy


def note_runs(samples, share=0.25, bridge_ms=10):
    """The notes mono 48 kHz `samples` hold, as (start, length) in ms, measured in 5 ms frames: a note is sound
    above `share` of the loudest frame (a quarter by default: gridline ticks stay below) for at least 20 ms (a
    click is not a note), after at least `bridge_ms` below it (10 ms by default). A glide over the whole
    pitch range is quieter at its low end: measure it with a lower `share`. A sound whose notes stand far apart
    can be measured with a longer `bridge_ms`, so that a dropout of a busy machine's sound server (a gap of a
    few tens of ms inside one note) does not count as two notes."""
    samples = numpy.asarray(samples, dtype=float)
    frames = samples[: len(samples) // 240 * 240].reshape(-1, 240)
    if not len(frames):
        return []
    levels = numpy.sqrt((frames ** 2).mean(axis=1))
    bridged = max(1, bridge_ms // 5)
    runs = []  # [first loud frame, last loud frame], merged across gaps shorter than `bridged` frames
    for i in numpy.nonzero(levels > levels.max() * share)[0]:
        if runs and i - runs[-1][1] <= bridged:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return [(int(first) * 5, int(last - first + 1) * 5) for first, last in runs if last - first + 1 >= 4]


def note_onsets(samples, share=0.25, bridge_ms=10):
    """How many separate notes mono 48 kHz `samples` hold (see `note_runs`). The unit tests count the same
    way (SignalMeasures.noteOnsets)."""
    return len(note_runs(samples, share, bridge_ms))
