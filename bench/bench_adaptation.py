"""Learning each voice: die rolls of the Free Spoken Digit Dataset with and without it.

FSDD in ../shared/speech has takes 5 to 14 of each digit by six speakers. Whisper hears
every clip once (a roll step: one to six plus the global commands); the scenarios then
replay those hearings through a :class:`~companion.voice.adaptation.VoiceMemory`, one
per speaker, in the order of the takes:

* as shipped before learning: whisper's own answer and confidence;
* learning during play: no enrolment; every accepted answer, and every confirmed one
  the player says yes to, becomes an example of that player's voice;
* enrolment on take 5 ("say the numbers one to six" once at setup), or takes 5 to 7,
  then learning during play; only the other takes are scored, never the enrolled ones.

The 30 Speech Commands die rolls (one clip per speaker: nothing to learn) are added for
the figure over all 390 human die rolls of bench_recognition.py.

"zero", "seven", "eight" and "nine" said by the same speakers while a roll is expected
should be rejected: they are the non-command words of an enrolled voice.

    scripts/bench bench/bench_adaptation.py
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tally import OUTCOMES, load_recognizers  # noqa: E402

from companion.cli.expectations import expected_phrases  # noqa: E402
from companion.framework.answers import Answer  # noqa: E402
from companion.voice.adaptation import CandidateEngine, VoiceMemory  # noqa: E402
from companion.voice.recognition import Candidates, Recognition  # noqa: E402
from testkit.corpus import (  # noqa: E402
    DIE_WORDS,
    DIGIT_WORDS,
    SHARED_SPEECH,
    judge,
    labelled_clips,
    read_clips,
)

ROLL = {word: expected_phrases("dice").match(word).value for word in DIE_WORDS}
"""The roll step's answer for each die word."""


@dataclass(frozen=True)
class Hearing:
    speaker: str
    take: int
    expected: Answer | None
    """The roll said (None: a digit that is not a roll)."""
    heard: Candidates | None


def take_of(path: Path) -> int:
    """FSDD's ``5_nicolas_12.wav`` is take 12."""
    return int(path.stem.rsplit("_", 1)[1])


def hear_clips(engine: CandidateEngine) -> list[Hearing]:
    """Every FSDD digit, and the Speech Commands die rolls (take 0, one clip a speaker:
    nothing to learn from), heard once at a roll step."""
    phrases = expected_phrases("dice")
    clips = [(clip, take_of(clip.path)) for clip in labelled_clips("fsdd", DIGIT_WORDS)] + [
        (clip, 0) for clip in labelled_clips("speech_commands", DIE_WORDS)
    ]
    hearings = []
    for (clip, take), (_, samples) in zip(clips, read_clips(c for c, _ in clips), strict=True):
        speaker = clip.speaker if take else f"{SPEECH_COMMANDS}{clip.speaker}"
        heard = engine.candidates(samples, phrases)
        hearings.append(Hearing(speaker, take, ROLL.get(clip.transcript), heard))
    return sorted(hearings, key=lambda h: (h.take, h.speaker, str(h.expected)))


SPEECH_COMMANDS = "speech commands "
"""Prefix of the Speech Commands speakers' labels."""


def replay(hearings: list[Hearing], enrolled: set[int], learn: bool) -> dict[str, Counter[str]]:
    """Outcomes per speaker ("correct", "wrong", "confirmed", "rejected"; non-roll digits
    under ``"<speaker> non-roll"``) when each speaker's memory is enrolled on the takes
    ``enrolled`` and, if ``learn``, learns from the answers it accepts or has confirmed."""
    phrases = expected_phrases("dice")
    memory = VoiceMemory()
    for hearing in hearings:
        if hearing.take in enrolled and hearing.expected and hearing.heard:
            memory.enrol(hearing.speaker, [(hearing.expected, hearing.heard.vector)])
    outcomes: dict[str, Counter[str]] = {}
    for hearing in hearings:
        if hearing.take in enrolled:
            continue
        recognition = Recognition("", 0.0)
        if hearing.heard is not None:
            if learn:
                recognition = memory.recognition(hearing.speaker, hearing.heard, phrases)
            else:
                recognition = Recognition(hearing.heard.text, hearing.heard.confidence)
        verdict = judge(recognition, phrases)
        outcome = verdict.outcome
        if outcome == "accepted":
            outcome = "correct" if verdict.value == hearing.expected else "wrong"
        said_yes = outcome == "confirmed" and verdict.value == hearing.expected
        if learn and hearing.heard is not None and (outcome in ("correct", "wrong") or said_yes):
            memory.learn(hearing.speaker, verdict.value, hearing.heard.vector)
        key = hearing.speaker if hearing.expected else f"{hearing.speaker} non-roll"
        outcomes.setdefault(key, Counter())[outcome] += 1
    return outcomes


def line(name: str, counts: Counter[str]) -> str:
    total = max(counts.total(), 1)
    shares = "  ".join(f"{outcome} {counts[outcome] / total:6.1%}" for outcome in OUTCOMES)
    return f"  {name:<22} n={counts.total():<4} {shares}"


def main() -> int:
    if not (SHARED_SPEECH / "fsdd").is_dir():
        print(f"skipped: no FSDD clips in {SHARED_SPEECH}")
        return 0
    learning = load_recognizers(["whisper"])
    if not learning:
        return 0
    hearings = hear_clips(learning[0].engine)
    scenarios = {
        "as shipped, no learning": (set(), False),
        "learning during play": (set(), True),
        "enrolled on take 5": ({5}, True),
        "enrolled on takes 5-7": ({5, 6, 7}, True),
    }
    for title, (enrolled, learn) in scenarios.items():
        outcomes = replay(hearings, enrolled, learn)
        fsdd = [k for k in outcomes if not k.startswith(SPEECH_COMMANDS)]
        rolls = sum((outcomes[k] for k in fsdd if not k.endswith("non-roll")), Counter())
        others = sum((outcomes[k] for k in fsdd if k.endswith("non-roll")), Counter())
        commands = sum((outcomes[k] for k in outcomes if k not in fsdd), Counter())
        print(f"\n{title}")
        print(line("die rolls, FSDD", rolls))
        print(line("non-roll digits, FSDD", others))
        print(line("die rolls, Speech Commands", commands))
        print(line("die rolls, all 390", rolls + commands))
        for speaker in sorted(k for k in fsdd if not k.endswith("non-roll")):
            print(line(speaker, outcomes[speaker]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
