"""Spanish tellings heard end to end: does the Sultan hear the card and the closing word?

Each of the 64 cards of the companion's deck is told in a short Spanish sentence,
synthesised by espeak-ng (voices ``es`` and ``es-419``) with a pause and the closing
word "fin", and heard by the same listener as ``companion play --set lang=es`` (energy
VAD, stretches of speech to whisper, Snowball stems). A control telling names another
card whose key words differ: hearing the card there is a false alarm. Whisper tiny.en
can be run on the same clips for comparison (``--compare``).

    .venv/bin/python bench/bench_spanish_tellings.py [--cards 64] [--voices es,es-419]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from companion.framework.telling_turn import TellingReport
from companion.games.scheherazade import speech
from companion.games.scheherazade.content.deck import load_deck
from companion.games.scheherazade.rules.sultan import TellingSpec
from companion.voice.audio import RATE, read_wav, write_wav
from companion.voice.telling_listener import AudioTellingListener, WhisperSpotter, wav_file_opener

SENTENCE = "Hace mucho tiempo, en una tierra lejana, apareció {name}, y nada volvió a ser igual."


def synthesise(text: str, voice: str, folder: Path, name: str) -> Path:
    """Speech, 1.5 s of silence, then "fin", with faint noise: a 16 kHz WAV."""
    parts = []
    for index, said in enumerate((text, "Fin.")):
        raw = folder / f"{name}-{index}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(raw), said], check=True)
        parts += [read_wav(raw), np.zeros(int(1.5 * RATE), dtype=np.float32)]
    audio = np.concatenate(parts)
    audio += np.random.default_rng(7).normal(0, 10 ** (-64 / 20), len(audio)).astype(np.float32)
    path = folder / f"{name}.wav"
    write_wav(path, audio)
    return path


def hear(spotter, wav: Path, keywords: tuple[str, ...]) -> tuple[TellingReport, float]:
    spec = TellingSpec(
        turn=1,
        storyteller="Ana",
        element="",
        keywords=keywords,
        language="es",
        end_phrases=speech.END_PHRASES["es"],
    )
    listener = AudioTellingListener(wav_file_opener([wav]), spotter)
    started = time.perf_counter()
    report = listener.listen(spec, lambda cue: None)
    return report, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=64)
    parser.add_argument("--voices", default="es,es-419")
    parser.add_argument("--compare", action="store_true", help="also run whisper tiny.en")
    args = parser.parse_args()
    if shutil.which("espeak-ng") is None:
        raise SystemExit("espeak-ng is not installed")
    deck = load_deck()
    elements = deck.elements[: args.cards]
    spotters = {"base (es)": WhisperSpotter(language="es")}
    if args.compare:
        spotters["tiny.en"] = WhisperSpotter(language="en")
    with tempfile.TemporaryDirectory() as folder:
        for voice in args.voices.split(","):
            clips = []
            for index, element in enumerate(elements):
                other = elements[(index + 17) % len(elements)]
                told = synthesise(
                    SENTENCE.format(name=element.es.name), voice, Path(folder), f"{voice}-{index}"
                )
                control = synthesise(
                    SENTENCE.format(name=other.es.name), voice, Path(folder), f"{voice}-c{index}"
                )
                clips.append((element.es.keywords, told, control))
            for label, spotter in spotters.items():
                heard = ended = false_alarms = 0
                seconds = []
                misses = []
                for keywords, told, control in clips:
                    report, took = hear(spotter, told, keywords)
                    seconds.append(took)
                    heard += bool(report.keywords_heard)
                    ended += report.ended_by == "phrase"
                    if not report.keywords_heard:
                        misses.append(f"{keywords[0]}: {report.transcript!r}")
                    false_alarms += bool(hear(spotter, control, keywords)[0].keywords_heard)
                count = len(clips)
                print(
                    f"{voice:7} {label:10} card heard {heard}/{count} ({heard / count:.0%}), "
                    f"'fin' heard {ended}/{count}, false alarms {false_alarms}/{count}, "
                    f"median {statistics.median(seconds):.2f} s per telling"
                )
                for miss in misses[:8]:
                    print(f"    missed {miss}")


if __name__ == "__main__":
    main()
