"""The telling listener ``companion play`` gives a game with timed storytelling turns."""

from __future__ import annotations

import sys

from companion.framework.telling_turn import TellingListener, keyboard_listener
from companion.voice.audio import AudioUnavailable, default_device
from companion.voice.microphone import MicrophoneFrames
from companion.voice.telling_listener import (
    AudioTellingListener,
    KeyboardFallback,
    spotter_for,
    wav_file_opener,
)


def telling_listener_for(args) -> TellingListener:
    """The listener ``companion play`` gives a game with tellings.

    ``--set telling_wavs=a.wav,b.wav`` hears one WAV file per telling; ``--typed`` and
    ``--listen-files`` read tellings typed on standard input; otherwise the microphone.
    """
    settings = dict(pair.partition("=")[::2] for pair in getattr(args, "set", []) or [])
    wavs = [name for name in settings.get("telling_wavs", "").split(",") if name]
    engine = getattr(args, "engine", "auto")
    language = settings.get("lang") or getattr(args, "lang", None) or "en"
    if getattr(args, "typed", False) or (getattr(args, "listen_files", None) and not wavs):
        return keyboard_listener(sys.stdin)
    try:
        spotter = spotter_for(engine, language)
        if wavs:
            return AudioTellingListener(wav_file_opener(wavs), spotter)
        default_device("input")
    except AudioUnavailable as error:
        print(f"{error} Type the tellings instead.", file=sys.stderr)
        return keyboard_listener(sys.stdin)
    return KeyboardFallback(
        AudioTellingListener(MicrophoneFrames.shared, spotter), keyboard_listener(sys.stdin)
    )
