"""Speech synthesis: time to first audio for a paragraph of about 100 words.

The mouth speaks sentence by sentence, so the first audio is ready once the first
(short) chunk is synthesised. Measured into a WAV sink, so no device is needed; the
median of several runs per engine, and the real-time factor of whole-paragraph
synthesis.

    .venv/bin/python bench/bench_tts.py
"""

from __future__ import annotations

import statistics
import sys
import time

from companion.framework.dialogue import Speech
from companion.voice.io import SpeakingMouth, WavSink
from companion.voice.speakers import SPEAKERS, SpeakerUnavailable

PARAGRAPH = (
    "The caravan leaves the city gate before dawn, and the camels grumble under their "
    "loads of salt and silk. By noon the sand shines so brightly that you must close your "
    "eyes. A stranger in a blue cloak rides beside you and asks where you are going. You "
    "tell him of the old well beyond the red dunes, where travellers say a lamp lies buried. "
    "He laughs softly, then warns you that the well has a keeper who never sleeps. When the "
    "sun sets, you see a thin column of smoke rising far to the east, and you must decide."
)
RUNS = 5


def first_audio_seconds(speaker) -> tuple[float, float]:
    """Seconds to the first audio chunk, and to the end of the whole paragraph."""
    sink = WavSink()
    mouth = SpeakingMouth(speaker, sink)
    started = time.perf_counter()
    mouth.say(Speech(PARAGRAPH, reading=True))
    return sink.first_audio_at - started, time.perf_counter() - started


def main() -> int:
    print(f"paragraph: {len(PARAGRAPH.split())} words; median of {RUNS} runs")
    for name, make in SPEAKERS.items():
        try:
            speaker = make()
        except SpeakerUnavailable as error:
            print(f"{name}: not measured: {error}")
            continue
        first_audio_seconds(speaker)  # warm-up
        firsts, totals = zip(*(first_audio_seconds(speaker) for _ in range(RUNS)), strict=True)
        sink = WavSink()
        SpeakingMouth(speaker, sink).say(Speech(PARAGRAPH, reading=True))
        audio = sum(len(samples) / rate for samples, rate in sink.chunks)
        print(
            f"{name:<8} time to first audio {statistics.median(firsts) * 1000:5.0f} ms   "
            f"whole paragraph {statistics.median(totals):5.2f} s for {audio:5.1f} s of speech "
            f"(real-time factor {statistics.median(totals) / audio:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
