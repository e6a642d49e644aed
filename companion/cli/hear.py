"""`companion hear`: what the recogniser makes of WAV files or the microphone.

One TSV line per utterance: the file (or ``mic:N``), the phrase accepted (empty when
the companion would not act on it) and the confidence from 0 to 1. This is also how a
player checks a microphone before a game.
"""

from __future__ import annotations

import argparse
import sys

from companion.cli import ArgumentError

HELP = "hear WAV files or the microphone and print what was understood (TSV)"


def configure(parser: argparse.ArgumentParser) -> None:
    from companion.cli.expectations import EXPECTATIONS
    from companion.voice.engines import Engine

    parser.add_argument(
        "--engine", default=Engine.AUTO.value, choices=[engine.value for engine in Engine]
    )
    parser.add_argument("--model", metavar="DIR", help="Vosk model folder")
    allowed = parser.add_mutually_exclusive_group(required=True)
    allowed.add_argument("--phrases", help='the phrases allowed, comma separated: "a,b,c"')
    allowed.add_argument("--expect", choices=sorted(EXPECTATIONS), help="a named phrase set")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("files", nargs="*", default=[], metavar="FILE.wav")
    source.add_argument("--mic", action="store_true", help="listen to the microphone")


def run(args: argparse.Namespace) -> int:
    from companion.cli.expectations import expected_phrases
    from companion.framework.phrases import PhraseSet
    from companion.session.ports import ACCEPT_CONFIDENCE
    from companion.voice.audio import AudioUnavailable, UnreadableAudioError, read_wav
    from companion.voice.microphone import Microphone
    from companion.voice.recognizers import make_recognizer

    if args.phrases is not None:
        texts = [text.strip() for text in args.phrases.split(",") if text.strip()]
        if not texts:
            raise ArgumentError("--phrases lists no phrase")
        phrases = PhraseSet.of(*texts)
    else:
        phrases = expected_phrases(args.expect)
    try:
        recognizer = make_recognizer(args.engine, args.model)
        utterances = _microphone(Microphone()) if args.mic else _files(args.files, read_wav)
        for name, samples in utterances:
            recognition = recognizer.recognize(samples, phrases)
            match = phrases.match(recognition.text)
            sure = recognition.confidence * (match.score if match else 0.0)
            accepted = recognition.text if sure >= ACCEPT_CONFIDENCE else ""
            print(f"{name}\t{accepted}\t{sure:.3f}", flush=True)
    except UnreadableAudioError as error:
        raise ArgumentError(str(error)) from None
    except AudioUnavailable as error:
        print(f"companion hear: {error}", file=sys.stderr)
        return 1
    return 0


def _files(paths, read_wav):
    for path in paths:
        yield path, read_wav(path)


def _microphone(microphone):
    print("Listening; press Ctrl+C to stop.", file=sys.stderr)
    for number, samples in enumerate(microphone.utterances(), start=1):
        yield f"mic:{number}", samples
