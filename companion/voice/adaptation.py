"""Learning each voice: the answers a player already gave re-rank what the engine hears.

The same few people play all evening, and every answer the companion accepted or had
confirmed is a labelled example of one player's voice. :class:`VoiceMemory` keeps, per
voice, the whisper encoder's view of those answers (one vector per utterance: the mean
of the encoder frames over the speech). A new utterance is compared with them by cosine
similarity, after subtracting the mean of everything that voice said, which removes what
all of its utterances share (the speaker, the room, the microphone).

The engine's own score of each answer (log probability) plus ``WEIGHT`` times that
similarity picks the answer; the examples also make the engine surer when they agree:

* the winner is the engine's own first choice: its confidence is raised by the example
  evidence (how like the winner's examples, and how much more like them than any other
  answer's, the utterance is);
* the examples overturn the engine's first choice: only the example evidence counts.

An optional enrolment at setup ("each of you, say the numbers one to six") gives the
memory its first examples (:meth:`VoiceMemory.enrol`). Measured on the Free Spoken
Digit Dataset with enrolment on other takes of the same speaker: bench/bench_adaptation.py.

>>> memory = VoiceMemory()
>>> memory.knows("Ali")
False
"""

from __future__ import annotations

import json
import math
import os
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import numpy as np
from rapidfuzz import fuzz, process

from companion.framework.answers import Answer
from companion.framework.dialogue import YES_NO
from companion.framework.phrases import PhraseSet, normalize
from companion.session.ports import (
    ACCEPT_CONFIDENCE,
    CONFIRM_CONFIDENCE,
    TABLE,
    Command,
    said_as_numbers,
)
from companion.voice.recognition import Candidates, Dictating, Recognition

WEIGHT = 10.0
"""Nats of engine score per unit of cosine similarity to a player's examples."""
LIKE = 0.40
"""Similarity to the winner's closest example from which the examples speak for it."""
APART = 0.25
"""How much more like the winner's examples than any other answer's the utterance must be."""
SHARPNESS = 0.03
"""Width of the logistic steps at LIKE and APART."""
OVERTURN_CEILING = 0.95
"""Highest confidence when the examples overturn the engine's own first choice."""
MIN_ANSWERS = 2
"""Examples of at least this many different answers before they re-rank anything."""
MIN_HEARD = 6
"""Utterances of a voice heard before its mean is worth subtracting."""
EXAMPLES_PER_ANSWER = 12
"""The latest examples kept for each answer of each voice."""
UNSCORED = -30.0
"""Engine score of an answer that its search dropped (nats)."""


@dataclass
class _Voice:
    examples: dict[Answer, list[np.ndarray]] = field(default_factory=dict)
    heard_sum: np.ndarray | None = None
    heard: int = 0

    def centre(self) -> np.ndarray | float:
        if self.heard_sum is None or self.heard < MIN_HEARD:
            return 0.0
        return self.heard_sum / self.heard


@dataclass(frozen=True)
class Adapted:
    """An answer chosen with the help of a voice's examples."""

    value: Answer | None
    """The answer value chosen (None when nothing was heard)."""
    confidence: float


class VoiceMemory:
    """Examples of each voice at the table, and how they re-rank an engine's candidates."""

    def __init__(self) -> None:
        self._voices: dict[str, _Voice] = {}

    def knows(self, voice: str) -> bool:
        """Whether ``voice`` has examples of enough answers, and was heard often enough for
        its mean to be subtracted, to re-rank with them (before that, every utterance
        of a voice looks alike)."""
        known = self._voices.get(voice)
        return known is not None and len(known.examples) >= MIN_ANSWERS and known.heard >= MIN_HEARD

    def hear(self, voice: str, vector: np.ndarray) -> None:
        """Count an utterance of ``voice`` (any, even chatter) towards its mean."""
        known = self._voices.setdefault(voice, _Voice())
        known.heard_sum = vector if known.heard_sum is None else known.heard_sum + vector
        known.heard += 1

    def learn(self, voice: str, value: Answer, vector: np.ndarray) -> None:
        """``vector`` is ``voice`` saying the answer ``value`` (accepted or confirmed)."""
        examples = self._voices.setdefault(voice, _Voice()).examples.setdefault(value, [])
        examples.append(vector)
        del examples[:-EXAMPLES_PER_ANSWER]

    def enrol(self, voice: str, said: Iterable[tuple[str, np.ndarray]]) -> None:
        """Examples from a setup round: each (answer value, utterance vector)."""
        for value, vector in said:
            self.hear(voice, vector)
            self.learn(voice, value, vector)

    def write(self, path: Path) -> None:
        """Keep every voice's examples in ``path`` (NumPy ``.npz``, no pickles), replacing
        the file atomically: a game resumed later goes on learning from them."""
        arrays: dict[str, np.ndarray] = {}
        index = []
        for number, (voice, known) in enumerate(self._voices.items()):
            if known.heard_sum is not None:
                arrays[f"centre{number}"] = known.heard_sum / known.heard
            answers = []
            for kind, (value, examples) in enumerate(known.examples.items()):
                arrays[f"examples{number}_{kind}"] = np.stack(examples).astype(np.float32)
                answers.append(_written(value))
            index.append({"voice": voice, "heard": known.heard, "answers": answers})
        arrays["index"] = np.array(json.dumps(index))
        partial = path.with_name(path.name + ".partial")
        with os.fdopen(
            os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb"
        ) as stream:
            np.savez(stream, **arrays)  # private, like the save: it describes voices
        os.replace(partial, path)

    @classmethod
    def read(cls, path: Path) -> VoiceMemory:
        """The voices kept by :meth:`write`. Raises ValueError when the file is not one.

        >>> import tempfile
        >>> memory = VoiceMemory()
        >>> memory.enrol("Ali", [(Answer.number(n), np.eye(4)[n % 4]) for n in range(1, 7)])
        >>> path = Path(tempfile.mkdtemp()) / "voices.npz"
        >>> memory.write(path)
        >>> again = VoiceMemory.read(path)
        >>> again.knows("Ali"), again.similarities("Ali", np.eye(4)[1]) == memory.similarities(
        ...     "Ali", np.eye(4)[1])
        (True, True)
        """
        memory = cls()
        try:
            with np.load(path, allow_pickle=False) as arrays:
                for number, entry in enumerate(json.loads(str(arrays["index"]))):
                    known = memory._voices.setdefault(entry["voice"], _Voice())
                    known.heard = int(entry["heard"])
                    if f"centre{number}" in arrays:
                        known.heard_sum = arrays[f"centre{number}"] * known.heard
                    for kind, value in enumerate(entry["answers"]):
                        examples = arrays[f"examples{number}_{kind}"]
                        known.examples[_read_value(value)] = list(examples)
        except (OSError, EOFError, ValueError, KeyError, TypeError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path} holds no voices I can read ({error})") from None
        return memory

    def recognition(self, voice: str, heard: Candidates, phrases: PhraseSet) -> Recognition:
        """Count the utterance as ``voice``'s and decide it with ``voice``'s examples."""
        self.hear(voice, heard.vector)
        adapted = self.adapt(voice, heard, phrases)
        if adapted.value is None or adapted.value == _value(phrases, heard.text):
            return Recognition(heard.text, adapted.confidence)
        return Recognition(min(phrases.phrases_for(adapted.value), key=len), adapted.confidence)

    def similarities(self, voice: str, vector: np.ndarray) -> dict[Answer, float]:
        """Answer value -> cosine similarity of ``vector`` to its closest example."""
        known = self._voices.get(voice)
        if known is None:
            return {}
        centre = known.centre()
        probe = _unit(vector - centre)
        return {
            value: max(float(probe @ _unit(example - centre)) for example in examples)
            for value, examples in known.examples.items()
        }

    def adapt(self, voice: str, heard: Candidates, phrases: PhraseSet) -> Adapted:
        """The answer and confidence with ``voice``'s examples taken into account.

        ``heard`` should already be counted with :meth:`hear`. Without enough examples,
        the engine's own answer and confidence are returned unchanged.
        """
        own = _value(phrases, heard.text)
        similar = self.similarities(voice, heard.vector)
        if not self.knows(voice) or not heard.scores:
            return Adapted(own, heard.confidence)
        values = [value for value in phrases.values if value in heard.scores or value in similar]
        typical = float(np.median(list(similar.values())))
        likeness = {value: similar.get(value, typical) for value in values}
        fused = {
            value: heard.scores.get(value, UNSCORED) + WEIGHT * likeness[value] for value in values
        }
        best = max(fused, key=fused.__getitem__)
        if best not in similar:
            return Adapted(own, heard.confidence)
        apart = likeness[best] - max(
            (likeness[value] for value in values if value != best), default=-1.0
        )
        evidence = _step(likeness[best], LIKE) * _step(apart, APART)
        if best == own:
            return Adapted(best, round(1 - (1 - heard.confidence) * (1 - evidence), 4))
        return Adapted(best, round(min(evidence, OVERTURN_CEILING), 4))


def asked_when_clear(
    heard: Candidates, phrases: PhraseSet, recognition: Recognition
) -> Recognition:
    """The recognition, or a question ("Did you say Baghdad?") where the engine was unsure
    of an answer that is still worth asking: a question costs the player one word, a
    rejection the whole answer again, and an answer whisper hears badly is usually heard
    badly again. Asked back are

    * an unsure name that beats every other answer and that the engine's own free
      transcript sounds like ("Big dad" for Baghdad), not a global command (table talk
      sounds like them: "house" like "pause"; said to the companion, they are clear), or
    * a global command that beats every other answer and that whisper scored at least
      :data:`COMMAND_SCORE`, whatever the free transcript says: at Samarande's actions
      step the decoder, primed with card after card, writes "undo" as "and you", and
      table talk that the search bends into a command scores far lower ("cat" as "skip"),
    * the answer that the free transcript reads as, when it reads clearly like one
      ("Discover Genie costs two": "discoverer genie costs two"), even where the
      constrained decoding chose another (see :func:`read_in_transcript`).
    * else the global command the engine heard clearly when it searched the commands alone
      (:attr:`Candidates.command`: "help" bent into "fifth" among Samarande's cards).

    Table talk rarely sounds like an answer ("dog" is not "Damascus"). Steps whose answers
    are numbers (rolls) keep their thresholds: chatter there is common and "tree" sounds
    like "three". The answer to "Did you say ...?" is never asked back.

    A sure answer is asked back too when the free transcript says clearly more than it
    (see :func:`says_more`): "kidnapper" heard in "Kidnapper neither cost a standard" was
    the start of "kidnapper genie costs seven".

    >>> heard = Candidates("baghdad", 0.08, {"Baghdad": -1.0, "Basra": -9.0}, np.zeros(1),
    ...                    " Big dad")
    >>> asked_when_clear(heard, PhraseSet.of("baghdad", "basra"), Recognition("baghdad", 0.08))
    Recognition(text='baghdad', confidence=0.5)
    """
    if said_as_numbers(phrases) or not heard.transcript:
        return recognition
    if recognition.confidence >= ACCEPT_CONFIDENCE:
        sure = not says_more(heard.transcript, recognition.text)
        return recognition if sure else Recognition(recognition.text, ASKED)
    if recognition.confidence >= ASKED:
        return recognition
    value = _value(phrases, heard.text)
    if value in YES_NO.values:
        return recognition
    ordered = sorted(heard.scores.values(), reverse=True)
    margin = ordered[0] - ordered[1] if len(ordered) > 1 else math.inf
    free = _letters(heard.transcript)
    spoken = phrases.phrases_for(value) if value else []
    alike = max((fuzz.ratio(free, _letters(text)) / 100 for text in spoken), default=0.0)
    if margin >= ASK_MARGIN and alike >= SOUNDS_ALIKE and not isinstance(value, Command):
        return Recognition(recognition.text, ASKED)
    command_first = isinstance(value, Command) and heard.scores.get(value) == ordered[0]
    if margin >= ASK_MARGIN and command_first and ordered[0] >= COMMAND_SCORE:
        return Recognition(recognition.text, ASKED)
    if recognition.confidence >= CONFIRM_CONFIDENCE:  # asked back as it is already
        return recognition
    read = read_in_transcript(heard.transcript, phrases)
    if read is None and heard.command is not None:
        return Recognition(heard.command, ASKED)
    return read or recognition


def read_in_transcript(transcript: str, phrases: PhraseSet) -> Recognition | None:
    """The step's answer (not a global command, nor yes or no) that the free transcript
    reads as, at :data:`ASKED` confidence, when it is at least :data:`READS_AS` like it
    (rapidfuzz ratio, spaces ignored); None when it reads like none.

    >>> phrases = PhraseSet.of("discoverer genie costs two", "scary genie costs two")
    >>> read_in_transcript(" Discover Genie costs two", phrases)
    Recognition(text='discoverer genie costs two', confidence=0.5)
    >>> read_in_transcript(" Tree", phrases) is None
    True
    """
    answers = {
        _letters(phrase.text): phrase.text
        for phrase in phrases.phrases
        if not isinstance(phrase.value, Command) and phrase.value not in YES_NO.values
    }
    best = process.extractOne(
        _letters(transcript), list(answers), scorer=fuzz.ratio, score_cutoff=100 * READS_AS
    )
    return None if best is None else Recognition(answers[best[0]], ASKED)


def says_more(transcript: str, phrase: str) -> bool:
    """Whether the free transcript holds at least :data:`MORE_WORDS` words that are not
    in ``phrase``: the answer heard may be the start of a longer one. Whisper repeating
    the answer ("Palace, Palace, Palace") says nothing more.

    >>> says_more(" Kidnapper neither cost a standard", "kidnapper")
    True
    >>> says_more(" Palace, Palace, Palace, Palace", "palace"), says_more(" the Palace", "palace")
    (False, False)
    """
    words = set(phrase.split())
    return sum(word not in words for word in normalize(transcript).split()) >= MORE_WORDS


def _letters(text: str) -> str:
    return normalize(text).replace(" ", "")


ASKED = 0.5
"""The confidence of an answer worth asking back (between the session's 0.45 and 0.80)."""
ASK_MARGIN = 1.0
"""Nats by which an unsure name must beat every other answer to be asked back."""
COMMAND_SCORE = -6.0
"""Nats (whisper tiny's log probability of the command) from which a global command that
beats every other answer by ASK_MARGIN is asked back. Chosen from the rejected side: the
50 human non-command words said at Samarande's actions step put a command first at
-7.0 nats at best ("cat" heard as "skip"), so the level is a nat above that, and
the synthetic commands asked back there score -2.1 to -5.8 (see docs/voice.md)."""
SOUNDS_ALIKE = 0.6
"""How like the name the free transcript must be (rapidfuzz ratio, spaces ignored).
Chosen on synthetic answers of the three games' name steps and 50 human non-command words
said at the Reader's largest step: see docs/voice.md."""
MORE_WORDS = 2
"""Words of the free transcript beyond a sure answer that make it asked back instead.
On the answers outside bench_game_phrases.py's reported sample it asks back 2 of 1,316
takes (both right: a "yes" each) and changes no outcome; see docs/voice.md."""
READS_AS = 0.7
"""How like one of the step's answers the free transcript must read to ask that answer
back. Chosen with bench_game_phrases.py's two-try measure on answers outside its reported
sample (0.6 to 0.9 tried; lower asks more of the weakest game's answers rightly) and the
same 50 non-command words (none more asked back at 0.6 to 0.9): see docs/voice.md."""


def _written(value: Answer) -> object:
    """An answer as JSON: its intent and slots."""
    return {"intent": value.intent, "slots": value.slots}


def _read_value(written: object) -> Answer:
    """An answer kept by :func:`_written` (a bare string, kept by older versions, is the
    intent of an answer without slots)."""
    if isinstance(written, str):
        return Answer(written)
    if not isinstance(written, dict):
        raise ValueError(f"not an answer: {written!r}")
    slots = tuple((str(name), value) for name, value in written["slots"])
    return Answer(str(written["intent"]), slots)


def _step(value: float, threshold: float) -> float:
    return 1 / (1 + math.exp(-(value - threshold) / SHARPNESS))


def _unit(vector: np.ndarray) -> np.ndarray:
    return vector / (float(np.linalg.norm(vector)) + 1e-9)


def _value(phrases: PhraseSet, text: str) -> Answer | None:
    match = phrases.match(text) if text else None
    return match.value if match else None


class LearningRecognizer:
    """An engine that offers :class:`Candidates` (whisper), re-ranked by a
    :class:`VoiceMemory`. The session says whose answer it expects (:meth:`attend`) and
    which answer an utterance turned out to be (:meth:`learn`)."""

    def __init__(self, engine: CandidateEngine, memory: VoiceMemory | None = None) -> None:
        self.engine = engine
        self.memory = memory or VoiceMemory()
        self.name = f"{engine.name}+learning"
        self.voice = TABLE
        self._recent: list[tuple[np.ndarray, frozenset[Answer]]] = []
        """The latest utterances, with the answers they could have been."""
        self.kept_in: Path | None = None
        """Where the examples are kept between sessions (see :meth:`keep_in`)."""

    def attend(self, voice: str) -> None:
        """The next utterances are ``voice``'s (a player's name; TABLE when unknown)."""
        self.voice = voice

    def keep_in(self, path: Path) -> str | None:
        """Learn on from the voices kept in ``path`` (when it exists) and keep every new
        example there. Returns what to tell the players when the file cannot be read: the
        voices are then learned afresh, and the file replaced."""
        self.kept_in = path
        if not path.exists():
            return None
        try:
            self.memory = VoiceMemory.read(path)
        except ValueError as error:
            return f"I could not read the voices I had learned: {error}. I will learn them again."
        return None

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        heard = self.engine.candidates(samples, phrases)
        if heard is None:
            return Recognition("", 0.0)
        self._recent = [*self._recent, (heard.vector, frozenset(phrases.values))][-RECENT:]
        recognition = self.memory.recognition(self.voice, heard, phrases)
        if recognition.text == heard.text:
            return asked_when_clear(heard, phrases, recognition)
        return recognition

    def dictate(self, samples: np.ndarray) -> str:
        """The engine's free transcript (see :class:`~companion.voice.recognition.Dictating`)."""
        return self.engine.dictate(samples) if isinstance(self.engine, Dictating) else ""

    def learn(self, value: Answer) -> None:
        """The latest utterance that could have meant ``value`` did mean it (the "yes"
        that confirmed it came later and could not)."""
        for index in range(len(self._recent) - 1, -1, -1):
            vector, values = self._recent[index]
            if value in values:
                self.memory.learn(self.voice, value, vector)
                del self._recent[index:]
                self._keep()
                return

    def _keep(self) -> None:
        if self.kept_in is None:
            return
        try:
            self.memory.write(self.kept_in)
        except OSError:  # the game's own save reports a folder it cannot write to
            self.kept_in = None


RECENT = 3
"""Utterances remembered until the session says what they were."""


class CandidateEngine(Protocol):
    """An engine that can tell its score of every answer (see :class:`Candidates`)."""

    name: str

    def candidates(self, samples: np.ndarray, phrases: PhraseSet) -> Candidates | None: ...
