"""Quick answers at un-mute: is an answer said right as the companion stops talking heard
whole, and does the companion never hear itself?

On the virtual table (testkit/virtual_table.py) the companion says a short prompt
on its loudspeaker through the half-duplex gate, exactly as in ``companion play``
(``Player`` + ``Microphone`` sharing a ``HalfDuplex``); a player answers into the room a
set time after the companion's last sound left the loudspeaker (0, 100, 200, 400 ms).
The answer is a die roll or a yes/no, espeak-ng voices and, when ../shared/speech is
there, human recordings (among them the two loud clips once unheard on the stream).

Each answer is "whole" (whisper, asked for the die faces and yes/no, accepts it as meant),
"cut" (an utterance was cut from it but not accepted as meant), or "unheard" (no
utterance). "lost ms" is how much of the answer's start is missing from the utterance
(found by cross-correlating the utterance with the clip said). Prompts with no answer
after them count the utterances the microphone cut from the companion's own voice
("self": must be 0). The gap printed is the one measured in the room's recording.

    scripts/bench bench/bench_quick_answers.py [-- --rounds 2 --offsets 0,100,200,400]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.framework.phrases import PhraseSet  # noqa: E402
from companion.session.ports import ACCEPT_CONFIDENCE  # noqa: E402
from companion.voice.audio import RATE, HalfDuplex, Player, read_wav, resample  # noqa: E402
from companion.voice.engines.whisper import WhisperRecognizer  # noqa: E402
from companion.voice.microphone import Microphone  # noqa: E402
from companion.voice.speakers import EspeakSpeaker, VoiceSettings  # noqa: E402
from testkit.corpus import (  # noqa: E402
    DIE_WORDS,
    SHARED_SPEECH,
    espeak_clip,
)
from testkit.virtual_table import (  # noqa: E402
    Recording,
    VirtualTable,
    level_dbfs,
    portaudio_on,
)

PROMPTS = ("Ali, roll the die.", "Did you say six?", "Zed, how many steps?", "Is that right?")
HUMAN = ("six/51055bda_nohash_4", "four/563aa4e6_nohash_2", "five/0c40e715_nohash_0")
"""The two loud human clips once unheard on the stream, and a third."""
SYNTHETIC = (("six", "en-us"), ("four", "en-gb+m7"), ("yes", "en-us+f3"), ("five", "en-us"))
ANSWERS = PhraseSet.of(*DIE_WORDS, "yes", "no")
NOISE_DB = -50.0
"""The room's steady noise."""
LOUD_DB = -35.0
"""Louder than the room's noise (-50 dBFS): the companion's voice in the room."""
WHOLE_MS = 20
"""An utterance missing less of the answer's start than this has it whole."""
FRAME = RATE // 100
"""10 ms: the resolution of every sound edge found here."""


@dataclass
class Trial:
    word: str
    voice: str
    offset_ms: int | None
    """None: nobody answers (does the companion hear itself?)."""
    gap_ms: float | None = None
    outcome: str = ""
    lost_ms: float | None = None
    right: bool = False
    """Whisper, asked for the die faces and yes/no, accepted it as meant."""
    caught: int = 0
    heard: str = ""
    """What whisper made of the utterance, and its length."""


def audible_edges(samples: np.ndarray, threshold_db: float) -> tuple[int, int] | None:
    """First and last+1 sample of the 10 ms frames louder than ``threshold_db``."""
    count = len(samples) // FRAME
    loud = [
        i for i in range(count) if level_dbfs(samples[i * FRAME : (i + 1) * FRAME]) > threshold_db
    ]
    return (loud[0] * FRAME, (loud[-1] + 1) * FRAME) if loud else None


def answers() -> list[tuple[str, str, np.ndarray]]:
    """(word, voice, 16 kHz clip trimmed to its sound) for every answer said."""
    clips = [(word, voice, espeak_clip(word, voice)) for word, voice in SYNTHETIC]
    folder = SHARED_SPEECH / "speech_commands"
    for name in HUMAN:
        path = folder / f"{name}.wav"
        if path.exists():
            clips.append((name.split("/")[0], f"human:{name}", read_wav(path)))
    trimmed = []
    for word, voice, samples in clips:
        edges = audible_edges(samples, -45.0)
        if edges is not None:
            trimmed.append((word, voice, samples[edges[0] : edges[1]]))
    return trimmed


def offset_of(clip: np.ndarray, within: np.ndarray) -> int:
    """Where ``clip`` starts in ``within`` (cross-correlation; negative: its start is
    missing from ``within``)."""
    length = len(within) + len(clip)
    size = 1 << (length - 1).bit_length()
    spectrum = np.fft.rfft(within, size) * np.conj(np.fft.rfft(clip, size))
    lag = int(np.argmax(np.fft.irfft(spectrum, size)))
    return lag - size if lag > size - len(clip) else lag


def lost_start(clip: np.ndarray, utterance: np.ndarray) -> float:
    """Milliseconds of ``clip``'s start missing from ``utterance``: from the clip's first
    10 ms louder than the room's noise to the first such 10 ms that the utterance holds
    as loud (within 6 dB, where the utterance lines up with the clip)."""
    start = offset_of(clip, utterance)
    aligned = np.zeros(len(clip), np.float32)
    kept = utterance[max(start, 0) : start + len(clip)]
    aligned[max(-start, 0) : max(-start, 0) + len(kept)] = kept
    frames = [slice(index * FRAME, (index + 1) * FRAME) for index in range(len(clip) // FRAME)]
    sounding = [frame for frame in frames if level_dbfs(clip[frame]) > NOISE_DB + 10]
    for frame in sounding:
        if level_dbfs(aligned[frame]) >= level_dbfs(clip[frame]) - 6:
            return (frame.start - sounding[0].start) * 1000 / RATE
    return len(clip) * 1000 / RATE


class Table:
    """The companion's half of the table (loudspeaker and microphone through one gate)
    and the room's recording (the microphone's view, with its noise: never silent, so its
    clock holds)."""

    def __init__(self, table: VirtualTable, tail: float) -> None:
        self.table = table
        self.gate = HalfDuplex(tail)
        self.player = Player(self.gate)
        self.microphone = Microphone(self.gate)
        self.room = table.record("table.monitor")
        self.noise = table.noise(NOISE_DB)
        self.caught: list[tuple[float, np.ndarray]] = []
        self.leads: list[float] = [0.1]
        """Seconds from running paplay to its sound in the room, lately."""
        self._listener = threading.Thread(target=self._listen, daemon=True)
        self._listener.start()
        deadline = time.perf_counter() + 20
        while len(self.room.samples()) < RATE and time.perf_counter() < deadline:
            time.sleep(0.1)  # the recording has begun, and its clock with it

    @property
    def lead(self) -> float:
        return statistics.median(self.leads)

    def _listen(self) -> None:
        for utterance in self.microphone.utterances():
            self.caught.append((time.perf_counter(), utterance))

    def close(self) -> None:
        self.microphone.stop()
        self._listener.join(timeout=5)
        self.microphone.close()
        for stream in (self.noise, self.room):
            stream.stop()


def sound_after(recording: Recording, moment: float, threshold_db: float, timeout: float) -> float:
    """When the first 10 ms louder than ``threshold_db`` after ``moment`` began."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        samples = recording.since(moment)
        edges = audible_edges(samples, threshold_db)
        if edges is not None:
            return moment + edges[0] / RATE
        time.sleep(0.01)
    raise TimeoutError("the loudspeaker stayed silent")


def trial(
    table: Table, prompt: np.ndarray, rate: int, answer: tuple[str, str, np.ndarray] | None,
    offset_ms: int | None, recognizer: WhisperRecognizer,
) -> Trial:  # fmt: skip
    """The companion says ``prompt``; ``offset_ms`` after its last sound, ``answer``."""
    word, voice, clip = answer if answer is not None else ("", "", np.zeros(0, np.float32))
    result = Trial(word, voice, offset_ms)
    begun = time.perf_counter()
    speaking = threading.Thread(target=table.player.play, args=(prompt, rate), daemon=True)
    speaking.start()
    onset = sound_after(table.room, begun, LOUD_DB, timeout=10)
    spoken = audible_edges(resample(prompt, rate), LOUD_DB)
    assert spoken is not None
    end = onset + (spoken[1] - spoken[0]) / RATE  # the sound is one piece once it began
    launched = None
    if offset_ms is not None:
        # paplay's sound starts a while after it is run (longer on a loaded machine)
        time.sleep(max(0.0, end + offset_ms / 1000 - time.perf_counter() - table.lead))
        launched = time.perf_counter()
        table.table.say(clip)
    speaking.join()
    time.sleep(2.0)  # the endpointer's 0.5 s of silence, and more
    heard = [samples for moment, samples in table.caught if moment > begun]
    table.caught.clear()
    result.caught = len(heard)
    if offset_ms is None:
        lengths = ", ".join(f"{len(samples) / RATE:.2f} s" for samples in heard)
        print(f"  no answer\t{len(heard)} utterances of its own voice {lengths}", flush=True)
        return result
    result.gap_ms, started = gap_in_room(table.room, begun, resample(prompt, rate), clip)
    table.leads = [*table.leads, started - launched][-5:]
    if not heard:
        result.outcome = "unheard"
        return result
    utterance = max(heard, key=len)
    result.lost_ms = lost_start(clip, utterance)
    result.outcome = "whole" if result.lost_ms < WHOLE_MS else "cut"
    recognition = recognizer.recognize(utterance, ANSWERS)
    result.right = recognition.text == word and recognition.confidence >= ACCEPT_CONFIDENCE
    result.heard = f"{recognition.text} {recognition.confidence:.2f}, {len(utterance) / RATE:.2f} s"
    return result


def gap_in_room(
    room: Recording, since: float, prompt: np.ndarray, clip: np.ndarray
) -> tuple[float, float]:
    """Milliseconds from the companion's last sound to the start of the answer, as the
    microphone heard them (both found in the room's recording), and when the answer
    started there."""
    heard, first = room.since(since), room.index_at(since)
    edges = audible_edges(prompt, LOUD_DB)
    assert edges is not None
    prompt_ends = offset_of(prompt, heard) + edges[1]
    answer_starts = prompt_ends + offset_of(clip, heard[prompt_ends:])
    return (answer_starts - prompt_ends) * 1000 / RATE, room.time_of(first + answer_starts)


def run(rounds: int, offsets: list[int], rate: float, silent: int, tail: float) -> list[Trial]:
    recognizer = WhisperRecognizer()
    speaker = EspeakSpeaker(VoiceSettings(rate=rate))
    prompts = [speaker.synthesize(text) for text in PROMPTS]
    said = answers()
    trials = []
    with VirtualTable.open() as virtual, portaudio_on(virtual):
        table = Table(virtual, tail)
        try:
            for round_ in range(rounds):
                for index, answer in enumerate(said):
                    prompt = prompts[(index + round_) % len(prompts)]
                    for offset in offsets:
                        trials.append(
                            trial(table, prompt, speaker.sample_rate, answer, offset, recognizer)
                        )
                        print(_row(trials[-1]), flush=True)
            for prompt in prompts * silent:
                trials.append(trial(table, prompt, speaker.sample_rate, None, None, recognizer))
        finally:
            table.close()
    return trials


def _row(trial: Trial) -> str:
    lost = f"{trial.lost_ms:.0f}" if trial.lost_ms is not None else "-"
    gap = f"{trial.gap_ms:.0f}" if trial.gap_ms is not None else "-"
    right = "heard right" if trial.right else f"not accepted ({trial.heard})"
    return (f"  {trial.offset_ms} ms\t{trial.voice}\t{trial.word}\tgap {gap}\t{trial.outcome}"
            f"\tlost {lost} ms\t{right}\t{trial.caught} utterances")  # fmt: skip


GAPS = ((-1e9, 50), (50, 150), (150, 300), (300, 500), (500, 1e9))
"""The answers are grouped by the gap measured in the room (the player's timing drifts
with the machine's load)."""


def report(trials: list[Trial]) -> None:
    answered = [item for item in trials if item.offset_ms is not None and item.gap_ms is not None]
    print(
        "| answer starts after the companion's last sound | answers | whole | cut "
        "| unheard | start lost (median of cut) | heard right |"
    )
    print("|---|---|---|---|---|---|---|")
    for low, high in GAPS:
        group = [item for item in answered if low <= item.gap_ms < high]
        if not group:
            continue
        lost = [item.lost_ms for item in group if item.outcome == "cut"]
        counts = {
            kind: sum(item.outcome == kind for item in group)
            for kind in ("whole", "cut", "unheard")
        }
        name = (
            f"under {high:.0f} ms"
            if low < 0
            else f"{low:.0f}+ ms"
            if high > 1e8
            else f"{low:.0f}-{high:.0f} ms"
        )
        print(f"| {name} | {len(group)} | {counts['whole']} | {counts['cut']} "
              f"| {counts['unheard']} | {statistics.median(lost) if lost else 0:.0f} ms "
              f"| {sum(item.right for item in group)} |")  # fmt: skip
    silent = [item for item in trials if item.offset_ms is None]
    print(f"prompts with no answer: {len(silent)}; utterances cut from the companion's own "
          f"voice: {sum(item.caught for item in silent)}")  # fmt: skip


def main() -> None:
    parse = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parse.add_argument("--rounds", type=int, default=2)
    parse.add_argument("--offsets", default="0,100,200,400", help="ms after the last sound")
    parse.add_argument("--silent", type=int, default=2, help="rounds of prompts unanswered")
    parse.add_argument("--rate", type=float, default=1.6, help="the companion's speed")
    parse.add_argument("--tail", type=float, default=HalfDuplex().tail, help="the gate's tail, s")
    args = parse.parse_args()
    offsets = [int(value) for value in args.offsets.split(",")]
    report(run(args.rounds, offsets, args.rate, args.silent, args.tail))


if __name__ == "__main__":
    main()
