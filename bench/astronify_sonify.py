# SPDX-License-Identifier: GPL-3.0-or-later
"""Sonify one x,y CSV series with astronify into a WAV file, offline, and time each step.

    python astronify_sonify.py FILE.csv OUT.wav

It does what the astronify docs do: read the CSV into an astropy Table, make a
`astronify.series.SoniSeries(table, time_col="x", val_col="y")` with its default settings,
call `sonify()`, then `write(OUT.wav)`. `write` switches pyo's server to `audio="offline"`, so the
WAV is rendered as fast as the CPU allows, and no sound card is needed.

It prints one JSON line on stdout: the seconds spent on imports (numpy, astropy, pyo and astronify),
reading the CSV, making the SoniSeries (it creates a pyo Server), `sonify()` (the score: pitch per point
and onset per point) and `write()` (booting pyo's offline server and rendering the WAV), plus facts
about the WAV and astronify's settings. Everything pyo and astropy print goes to stderr.
"""
import json
import os
import sys
import time
import wave

t0 = time.perf_counter()
csv_path, wav_path = sys.argv[1], sys.argv[2]

# pyo prints banners (and its C server prints messages) on stdout: send fd 1 to stderr until the end.
real_stdout = os.dup(1)
os.dup2(2, 1)
sys.stdout = os.fdopen(os.dup(2), "w")

import numpy as np  # noqa: E402
from astropy.table import Table  # noqa: E402
import pyo  # noqa: E402
import astronify  # noqa: E402
from astronify.series import SoniSeries  # noqa: E402

t1 = time.perf_counter()
table = Table.read(csv_path, format="ascii.csv")
t2 = time.perf_counter()
series = SoniSeries(table, time_col="x", val_col="y")
t3 = time.perf_counter()
series.sonify()
t4 = time.perf_counter()
series.write(wav_path)
t5 = time.perf_counter()

with wave.open(wav_path) as w:
    frames, rate, channels, width = w.getnframes(), w.getframerate(), w.getnchannels(), w.getsampwidth()
pitch = np.asarray(series.data["asf_pitch"])
onsets = np.asarray(series.data["asf_onsets"])
result = {
    "points": len(table),
    "import_s": t1 - t0,
    "read_csv_s": t2 - t1,
    "init_s": t3 - t2,
    "sonify_s": t4 - t3,
    "write_s": t5 - t4,
    "total_s": t5 - t0,
    "audio_s": frames / rate,
    "sample_rate": rate,
    "channels": channels,
    "bits": 8 * width,
    "wav_bytes": os.path.getsize(wav_path),
    "note_duration_s": series.note_duration,
    "note_spacing_s": series.note_spacing,
    "gain": series.gain,
    "last_onset_s": float(onsets[-1]),
    "pitch_min_hz": float(pitch.min()),
    "pitch_median_hz": float(np.median(pitch)),
    "pitch_max_hz": float(pitch.max()),
    "pitch_map_args": {k: (v if isinstance(v, (str, int, float)) else list(v))
                       for k, v in series.pitch_mapper.pitch_map_args.items()},
    "versions": {"astronify": astronify.__version__, "pyo": ".".join(map(str, pyo.getVersion())),
                 "numpy": np.__version__, "python": sys.version.split()[0]},
}
sys.stdout.flush()
os.dup2(real_stdout, 1)
os.write(1, (json.dumps(result) + "\n").encode())
