#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads Standard MIDI Files with mido (an independent MIDI library) and prints what they hold as JSON, for
the end-to-end MIDI export tests (Tests/AudiographCLITests/MIDIExportTests.swift).

Usage: read_midi.py FILE...  →  one JSON object: {"files": [{"type", "ticks_per_beat", "tempos",
"tracks": [{"name", "channels", "programs", "pitch_bends", "controls", "notes": [{"channel", "key",
"velocity", "start", "length"}]}]}]}, times in ticks from the start of the track, notes in start order.
Exit status 1, with the reason on standard error, when mido is missing: the tests must fail, not skip.
"""
import json
import sys

try:
    import mido
except ImportError:
    sys.exit("read_midi.py: the Python package mido is missing; scripts/install-deps.sh installs it "
             "(python3 -m pip install mido==1.3.3)")


def track_summary(track):
    name = None
    channels, programs, controls = set(), [], []
    bends = 0
    notes, sounding = [], {}
    now = 0
    for message in track:
        now += message.time
        if message.type == "track_name" and name is None:
            name = message.name
        if not hasattr(message, "channel"):
            continue
        channels.add(message.channel)
        if message.type == "program_change":
            programs.append(message.program)
        elif message.type == "control_change":
            controls.append([message.control, message.value])
        elif message.type == "pitchwheel":
            bends += 1
        elif message.type == "note_on" and message.velocity > 0:
            sounding.setdefault((message.channel, message.note), []).append((now, message.velocity))
        elif message.type in ("note_off", "note_on"):
            started = sounding.get((message.channel, message.note))
            if started:
                start, velocity = started.pop(0)
                notes.append({"channel": message.channel, "key": message.note, "velocity": velocity,
                              "start": start, "length": now - start})
    notes.sort(key=lambda note: note["start"])
    return {"name": name, "channels": sorted(channels), "programs": programs, "pitch_bends": bends,
            "controls": controls, "notes": notes}


def file_summary(path):
    midi = mido.MidiFile(path)
    tempos = [message.tempo for track in midi.tracks for message in track if message.type == "set_tempo"]
    return {"type": midi.type, "ticks_per_beat": midi.ticks_per_beat, "tempos": tempos,
            "seconds": midi.length, "tracks": [track_summary(track) for track in midi.tracks]}


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: read_midi.py FILE...")
    json.dump({"files": [file_summary(path) for path in sys.argv[1:]]}, sys.stdout)
    print()
