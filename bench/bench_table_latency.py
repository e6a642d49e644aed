"""On the virtual table's audio stream: from the end of a player's speech to the first sound
of the companion's reply, and where that time goes.

A private PulseAudio server is the room (see testkit/virtual_table.py); scripted
players (espeak-ng voices, room noise at -50 dBFS) play the Reader's opening on the
small test book into the microphone, whisper hears them, espeak-ng answers through the
loudspeaker, which is recorded. For every answer:

* endpoint: end of speech -> the utterance handed to the recogniser: at the pause that
  may end it (0.2 s of silence) since the ears hear early, else after the 0.5 s of
  silence that ends an answer (``--no-early``), plus the stream's own buffering;
* recognise: the recogniser's own time (an early hearing overlaps the rest of the wait
  for the end);
* decide: the session (match, confirm, rules, save) until the reply starts;
* sound: the synthesiser's first chunk and the audio output until it is heard.

It also counts the answers understood as meant, accepted or asked back wrongly, or not
caught, utterances the microphone caught with no player speaking (the companion hearing
itself), and answers not heard at all.

    scripts/bench bench/bench_table_latency.py [-- --rounds 2] [--no-early]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.framework.dialogue import GameOptions  # noqa: E402
from companion.games import game_spec  # noqa: E402
from companion.session.ports import ACCEPT_CONFIDENCE, CONFIRM_CONFIDENCE  # noqa: E402
from companion.voice import microphone  # noqa: E402
from companion.voice.engines.whisper import WhisperRecognizer  # noqa: E402
from companion.voice.speakers import EspeakSpeaker, VoiceSettings  # noqa: E402
from companion.voice.vad import Endpointing  # noqa: E402
from testkit.corpus import espeak_clip  # noqa: E402
from testkit.table_game import ScriptedPlayer, TableGame, TableLog, voices_from  # noqa: E402
from testkit.virtual_table import VirtualTable, portaudio_on  # noqa: E402

MINI = ROOT / "tests" / "arabian_nights" / "fixtures" / "mini"
ANSWERS = [
    "random", "ten", "ten", "roll for me|you roll", "stay|I stay here",
    "wanderer|the wanderer|I drew the wanderer", "five", "pray|I pray", "blank",
]  # fmt: skip


def breakdown(log: TableLog) -> list[dict[str, float]]:
    """Per answer: the four parts of its reply latency, in seconds."""
    parts = []
    for said in log.said:
        if said.reply is None:
            continue
        heard = next(((s, e) for s, e in log.recognitions if s > said.ended - 0.05), None)
        spoken = next((sp.started for sp in log.spoken if heard and sp.started >= heard[1]), None)
        if heard is None or spoken is None or spoken > said.reply:
            continue
        parts.append({
            "total": said.reply - said.ended, "endpoint": heard[0] - said.ended,
            "recognise": heard[1] - heard[0], "decide": spoken - heard[1],
            "sound": said.reply - spoken,
        })  # fmt: skip
    return parts


def play_once(recognizer, folder: Path, seed: int) -> TableLog:
    voices = voices_from(
        [(v, lambda words, v=v: espeak_clip(words, v)) for v in ("en-us", "en-gb+m7", "en-us+f3")]
    )
    spec = game_spec("arabian-nights")
    dialogue = spec.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(MINI)))
    with VirtualTable.open() as table, portaudio_on(table):
        game = TableGame(
            table, spec, dialogue, recognizer, EspeakSpeaker(VoiceSettings(rate=1.6)),
            ScriptedPlayer(ANSWERS), voices, folder / f"game{seed}.json",
        )  # fmt: skip
        log, loudspeaker = game.play(most_answers=30)
        loudspeaker.stop()
    return log


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--no-early", action="store_true", help="hear only once answers end")
    args = parser.parse_args()
    if args.no_early:
        microphone.Endpointing = functools.partial(Endpointing, early=None)  # type: ignore[misc]
    recognizer = WhisperRecognizer()
    rows, unprompted, unheard, said = [], 0, 0, []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(args.rounds):
            log = play_once(recognizer, Path(folder), seed)
            rows += breakdown(log)
            unprompted += log.unprompted
            said += log.said
            unheard += log.ending.startswith("nothing was heard")
    answers = [s for s in said if s.meant is not None]
    taken = [s for s in answers if s.understood is not None and s.confidence >= CONFIRM_CONFIDENCE]
    right = [s for s in taken if s.understood == s.meant]
    accepted = [s for s in taken if s not in right and s.confidence >= ACCEPT_CONFIDENCE]
    asked = [s for s in taken if s not in right and s.confidence < ACCEPT_CONFIDENCE]
    print(f"{len(said)} answers said, {len(rows)} timed; the microphone heard the companion "
          f"{unprompted} times; answers never heard: {unheard}")  # fmt: skip
    print(f"{len(answers)} answers meant something: {len(right)} understood as meant (maybe "
          f"after a yes), {len(accepted)} accepted wrongly, {len(asked)} asked back wrongly, "
          f"the rest not caught")  # fmt: skip
    for guess in accepted + asked:
        print(f"  wrongly: {guess.words!r} ({guess.voice}) understood as {guess.understood!r}, "
              f"confidence {guess.confidence:.2f}, meant {guess.meant!r}")  # fmt: skip
    for part in ("total", "endpoint", "recognise", "decide", "sound"):
        values = [row[part] * 1000 for row in rows]
        print(f"{part:>9}: median {statistics.median(values):5.0f} ms, "
              f"p90 {np.percentile(values, 90):5.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
