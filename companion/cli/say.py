"""`companion say`: speak a text aloud, or write it to a WAV file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli import ArgumentError

HELP = "speak a text aloud, or write the speech to a WAV file"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT")
    parser.add_argument("--engine", default="auto", choices=("auto", "piper", "espeak", "pyttsx3"))
    parser.add_argument("--voice", help="voice name (espeak-ng: en-us+f3; pyttsx3: voice id)")
    parser.add_argument("--rate", type=float, default=1.0, help="relative speed, 1 is normal")
    parser.add_argument("--volume", type=float, default=1.0, help="0 to 1")
    parser.add_argument("--out", metavar="FILE.wav", help="write a WAV file instead of playing")


def run(args: argparse.Namespace) -> int:
    from companion.framework.dialogue import Speech
    from companion.voice.audio import AudioUnavailable, Player
    from companion.voice.io import SpeakingMouth, WavSink
    from companion.voice.speakers import VoiceSettings, make_speaker

    if not args.text.strip():
        raise ArgumentError("TEXT is empty")
    if not 0.25 <= args.rate <= 4 or not 0 <= args.volume <= 1:
        raise ArgumentError("--rate must be 0.25 to 4 and --volume 0 to 1")
    if args.out:
        _check_out(Path(args.out))
    settings = VoiceSettings(rate=args.rate, voice=args.voice, volume=args.volume)
    try:
        speaker = make_speaker(args.engine, settings)
        sink = WavSink() if args.out else None
        mouth = SpeakingMouth(speaker, sink or Player())
        mouth.say(Speech(args.text, reading=True))
    except AudioUnavailable as error:
        print(f"companion say: {error}", file=sys.stderr)
        return 1
    if sink is not None:
        try:
            sink.save(args.out)
        except OSError as error:
            raise ArgumentError(f"--out {args.out}: cannot be written ({error.strerror})") from None
    return 0


def _check_out(path: Path) -> None:
    """Refuse a WAV path that cannot be written before speaking anything."""
    if path.is_dir():
        raise ArgumentError(f"--out {path} is a folder; name a file, e.g. {path}/speech.wav")
    if not path.parent.is_dir():
        raise ArgumentError(f"--out {path}: the folder {path.parent} does not exist")
