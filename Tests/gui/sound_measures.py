# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures of recorded or rendered sound shared by the GUI and corpus tests."""
import numpy


def note_onsets(samples, share=0.25):
    """How many separate notes mono 48 kHz `samples` hold, in 5 ms frames: a note is sound above `share` of
    the loudest frame (a quarter by default: gridline ticks stay below) for at least 20 ms (a click is not a
    note), after at least 10 ms below it. The unit tests count the same way (SignalMeasures.noteOnsets). A
    glide over the whole pitch range is quieter at its low end: count it with a lower `share`."""
    samples = numpy.asarray(samples, dtype=float)
    frames = samples[: len(samples) // 240 * 240].reshape(-1, 240)
    if not len(frames):
        return 0
    levels = numpy.sqrt((frames ** 2).mean(axis=1))
    runs = []  # [first loud frame, last loud frame], merged across gaps under 10 ms
    for i in numpy.nonzero(levels > levels.max() * share)[0]:
        if runs and i - runs[-1][1] <= 2:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return sum(1 for first, last in runs if last - first + 1 >= 4)
