"""A game played through the microphone stream of a virtual table
(:class:`~testkit.virtual_table.VirtualTable`).

The companion runs as in ``companion play``: microphone ears (endpointing, the recogniser,
confirmation by voice), a loudspeaker mouth sharing the half-duplex gate, the telling
listener on the same microphone stream. Scripted players sit in the room: each time the
companion listens, the next player waits until the loudspeaker is quiet, then says an
answer into the room in its own voice (synthetic or a human recording) over the room's
noise. Everything they said and everything the companion said is kept with its time, so
a test or a benchmark can check that every answer was accounted for, that the reply to
each answer was heard from the loudspeaker, and how long it took.
"""

from __future__ import annotations

import queue
import random
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from companion.framework.answers import Answer
from companion.framework.dialogue import Dialogue, GameSpec, Speech, Step
from companion.framework.phrases import PhraseSet
from companion.framework.telling_turn import TellingReport
from companion.framework.words import said as said_in
from companion.session.events import Outcome
from companion.session.loop import Session
from companion.session.ports import ACCEPT_CONFIDENCE, Ears, Heard, LearningEars
from companion.session.understanding import attend
from companion.voice.audio import RATE, AudioUnavailable, HalfDuplex, Player
from companion.voice.io import MicrophoneEars, SpeakingMouth
from companion.voice.microphone import Microphone, MicrophoneFrames
from companion.voice.recognition import Dictating, Recognition, Recognizer
from companion.voice.speakers import Speaker
from companion.voice.telling_listener import AudioTellingListener, Spotter
from testkit.virtual_table import SILENCE_DBFS, Recording, VirtualTable

NUMBERED = re.compile(r"Say (?:one|two|three|four|five|six) for ")
"""The companion offering the likely answers by number."""
OFFERED = re.compile(r"(?:, |or |Say )(\w+) for ([^,]+?)(?=, |, or | or |$)")
QUIET_BEFORE_ANSWER = 0.5
"""Seconds of silence from the loudspeaker before a player answers (its tail included)."""


@dataclass
class Said:
    """One thing a player said into the room."""

    prompt: str
    """The question it answered."""
    words: str
    voice: str
    meant: str | None
    """The answer the player meant, in the companion's words (None for a story or a
    yes/no)."""
    ended: float
    """``time.perf_counter()`` when its speech ended."""
    understood: str | None = None
    """What the session understood, in its words (None: nothing it caught, or secret)."""
    confidence: float = 0.0
    reply: float | None = None
    """When the companion's next sound began on the loudspeaker."""
    secret: bool = False
    """A private step: what was understood is not shown."""
    unheard: bool = False
    """No utterance was cut from it (the endpointer missed it): the player said it again."""
    free: bool = False
    """A free answer (a name), written down as heard: always asked back, never taken
    unconfirmed."""


@dataclass
class Spoken:
    """One utterance of the companion, and when it started."""

    speech: Speech
    started: float


@dataclass
class TableLog:
    """What happened at the table."""

    said: list[Said] = field(default_factory=list)
    spoken: list[Spoken] = field(default_factory=list)
    unprompted: int = 0
    """Utterances the microphone caught while no player had spoken (it heard itself)."""
    ending: Outcome | str = ""
    """How the session ended, or why it could not go on ("audio lost: …")."""
    recognitions: list[tuple[float, float]] = field(default_factory=list)
    """When each utterance was handed to the recogniser, and when it was heard."""
    handed: list[float] = field(default_factory=list)
    """When each utterance was handed to the recogniser (before it is heard)."""

    def latencies(self) -> list[float]:
        """Seconds from the end of each answer to the first sound of the reply."""
        return [said.reply - said.ended for said in self.said if said.reply is not None]


@dataclass(frozen=True)
class Tally:
    """How the answers said at the table were heard."""

    answers: int
    """Answers said (each try counts), yes/no and stories left out."""
    right_first_time: int
    confirmed: int
    said_again: int
    """Tries that followed one not caught or not confirmed."""
    wrong: int
    secret: int
    unheard: int
    """Answers of which the microphone cut no utterance (an endpointing miss)."""


def outcomes(log: TableLog) -> list[tuple[Said, str]]:
    """Each answer said (yes/no and stories left out) and how it was heard: "right"
    (taken as meant), "confirmed" (the companion asked "Did you say …?"), "missed" (not
    caught: asked again), "wrong" (taken without asking, not as meant), "unheard" (the
    microphone cut nothing from it), or "secret" (a private step)."""
    found = []
    for index, said in enumerate(log.said):
        if said.meant is None:
            continue
        following = log.said[index + 1] if index + 1 < len(log.said) else None
        if said.unheard:
            outcome = "unheard"
        elif said.secret:
            outcome = "secret"
        elif following is not None and following.prompt.startswith("Did you say"):
            outcome = "confirmed"
        elif said.understood is None or said.confidence < ACCEPT_CONFIDENCE:
            outcome = "missed"
        else:
            outcome = "right" if said.understood == said.meant else "wrong"
        found.append((said, outcome))
    return found


def taken(said: Said, outcome: str) -> bool:
    """Whether the companion acted on the answer (confirmed ones: when it was meant)."""
    return outcome in ("right", "wrong", "secret") or (
        outcome == "confirmed" and said.understood == said.meant
    )


def tally(log: TableLog) -> Tally:
    """Count the outcomes of the answers in ``log``; an answer said after one not taken
    (missed, unheard, or confirmed "no") is a try again."""
    found = outcomes(log)
    again = [index > 0 and not taken(*found[index - 1]) for index in range(len(found))]
    kinds = [outcome for _, outcome in found]
    return Tally(
        answers=len(found),
        right_first_time=sum(
            kind == "right" and not retry for kind, retry in zip(kinds, again, strict=True)
        ),
        confirmed=kinds.count("confirmed"),
        said_again=sum(again),
        wrong=kinds.count("wrong"),
        secret=kinds.count("secret"),
        unheard=kinds.count("unheard"),
    )


class TablePlayer(Protocol):
    """Decides what to say when the companion asks."""

    def words(self, step: Step, phrases: PhraseSet) -> tuple[str | None, str | None]:
        """(the value meant, the words said) for ``step``; words None to stop playing."""

    def heard(self, understood: str | None) -> None:
        """What the companion understood of the last answer (None: nothing)."""


Policy = Callable[[Step, list[Answer], random.Random], list[Answer]]
"""The answers a player would give at ``step``, among its allowed ones (empty: any)."""


class Voices(Protocol):
    def __call__(self, words: str, turn: int) -> tuple[str, np.ndarray]:
        """The voice's name and ``words`` said in it (16 kHz mono)."""


class _Watcher:
    """Session observer: notes each utterance as it begins and each answer understood."""

    def __init__(self, log: TableLog, ears: _ListeningEars) -> None:
        self.log = log
        self.ears = ears
        self.understood: queue.Queue[tuple[str | None, float]] = queue.Queue()

    def on_speech(self, speech: Speech) -> None:
        self.log.spoken.append(Spoken(speech, time.perf_counter()))

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """Noted unless typed (a secret goal, an answer after two misses: nobody spoke it)
        or heard at a question the session asks itself: what is said at its "Did you say
        …?" is told too (the yes or no, or an answer to the step taken in its place), but
        the player was asked yes or no there."""
        if not heard.typed and not asked_by_the_session(self.ears.asked):
            self.understood.put((understood, heard.confidence))

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        """Steps are seen through the ears."""


class _TimedRecognizer:
    """The recogniser, noting when each utterance came in and when it was heard. What
    else it can do is passed through as in ``companion play``: writing a name down
    (:class:`~companion.voice.recognition.Dictating`), learning each voice
    (:class:`~companion.session.ports.LearningEars`) and keeping the voices beside the save."""

    def __init__(self, recognizer: Recognizer, log: TableLog) -> None:
        self.recognizer, self.log = recognizer, log
        self.name = recognizer.name

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        started = time.perf_counter()
        self.log.handed.append(started)
        recognition = self.recognizer.recognize(samples, phrases)
        self.log.recognitions.append((started, time.perf_counter()))
        return recognition

    def dictate(self, samples: np.ndarray) -> str:
        """The recogniser's free transcript; "" when it cannot write freely."""
        return self.recognizer.dictate(samples) if isinstance(self.recognizer, Dictating) else ""

    def attend(self, voice: str) -> None:
        attend(self.recognizer, voice)

    def learn(self, value: str) -> None:
        if isinstance(self.recognizer, LearningEars):
            self.recognizer.learn(value)

    def keep_in(self, path: Path) -> str | None:
        """Keep the voices learned in ``path`` (a recogniser that learns them)."""
        keep = getattr(self.recognizer, "keep_in", None)
        return keep(path) if keep is not None else None


class _ListeningEars:
    """The microphone ears, telling the room whenever the companion starts listening;
    whose voice comes next and what an answer meant are passed on to them."""

    def __init__(self, ears: MicrophoneEars) -> None:
        self.ears = ears
        self.listening: queue.Queue[tuple[Step, PhraseSet] | None] = queue.Queue()
        self.returned = threading.Event()
        self.asked = Step("", PhraseSet(()))
        """The step listened for last (what is heard next answers it)."""

    def attend(self, voice: str) -> None:
        self.ears.attend(voice)

    def learn(self, value: str) -> None:
        self.ears.learn(value)

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.returned.clear()
        self.asked = step
        self.listening.put((step, phrases))
        try:
            return self.ears.hear(step, phrases)
        finally:
            self.returned.set()


class _TellingCue:
    """The telling listener, announcing that a storyteller may begin."""

    def __init__(self, listener: AudioTellingListener, listening: queue.Queue) -> None:
        self.listener = listener
        self.listening = listening

    def listen(self, spec: Any, say: Callable[[str], None]) -> TellingReport | None:
        self.listening.put((Step("telling", PhraseSet(()), telling=spec), PhraseSet(())))
        return self.listener.listen(spec, say)


@dataclass
class TableGame:
    """One game at a virtual table; :meth:`play` runs it to the end."""

    table: VirtualTable
    spec: GameSpec
    dialogue: Dialogue
    recognizer: Recognizer
    speaker: Speaker
    player: TablePlayer
    voices: Voices
    save_path: Path
    spotter: Spotter | None = None
    noise_db: float | None = -50.0
    answer_timeout: float = 60.0
    patience: float = 8.0
    """Seconds a player waits, after speaking, for the companion to start hearing it."""
    opening: Sequence[Speech] | None = None
    """What the companion says first; None: the dialogue's opening ([] when resuming)."""
    keyboard: Ears | None = None
    """Where answers come from once the microphone is lost."""
    kill_server_after: int | None = None
    """Kill the audio server once this many answers were said (at the next listening; an
    answer said again when the microphone missed it counts too)."""
    offer_enrolment: bool = False
    """Offer the voice-learning round once everyone is seated, as a new game by voice does
    (the voices learned are kept beside the save, ``.voices.npz``)."""

    def play(self, most_answers: int = 200) -> tuple[TableLog, Recording]:
        """Play until the game ends, the player stops or ``most_answers`` were said;
        returns the log and the loudspeaker's recording (still running: stop it)."""
        log, gate = TableLog(), HalfDuplex()
        loudspeaker = self.table.record()
        noise = self.table.noise(self.noise_db) if self.noise_db is not None else None
        recognizer = _TimedRecognizer(self.recognizer, log)
        ears = _ListeningEars(MicrophoneEars(recognizer, Microphone(gate)))
        watcher = _Watcher(log, ears)
        unreadable = ears.ears.keep_voices(self.save_path.with_suffix(".voices.npz"))
        telling = None
        if self.spotter is not None:
            telling = _TellingCue(
                AudioTellingListener(lambda: MicrophoneFrames.shared(gate=gate), self.spotter),
                ears.listening,
            )
        session = Session(
            dialogue=self.dialogue, spec=self.spec, ears=ears,
            mouth=SpeakingMouth(self.speaker, Player(gate)), save_path=self.save_path,
            observers=[watcher], telling_listener=telling, keyboard=self.keyboard,
            offer_enrolment=self.offer_enrolment,
        )  # fmt: skip

        runner = threading.Thread(
            target=self._run, args=(session, log, ears, unreadable), daemon=True
        )
        runner.start()
        try:
            self._players(log, ears, watcher, loudspeaker, runner, most_answers)
        finally:
            if self.table.pid is not None:
                ears.ears.microphone.stop()  # the session's input ends
            runner.join(timeout=self.answer_timeout)
            ears.ears.microphone.close()
            if noise is not None:
                noise.stop()
        return log, loudspeaker

    def _run(
        self, session: Any, log: TableLog, ears: _ListeningEars, unreadable: str | None
    ) -> None:
        try:
            opening = self.dialogue.opening() if self.opening is None else self.opening
            if unreadable:  # the voices kept could not be read: said first, as in play
                opening = [Speech(unreadable), *opening]
            ending = session.run(opening).reason
            log.ending = log.ending or ending  # a player's reason to stop comes first
        except AudioUnavailable as error:
            log.ending = f"audio lost: {error}"
        except Exception as error:  # reported in the log, for the test to show
            log.ending = f"the session failed: {error!r}"
        finally:
            ears.listening.put(None)

    def _players(self, log, ears, watcher, loudspeaker, runner, most_answers) -> None:
        turn = 0
        while turn < most_answers:
            asked = ears.listening.get(timeout=self.answer_timeout)
            if asked is None:
                return
            step, phrases = asked
            if self.kill_server_after is not None and turn >= self.kill_server_after:
                self.table.kill()
                return
            meant, words = self.player.words(step, phrases)
            if words is None:
                log.ending = f"the players stopped at {step.prompt[:60]!r}"
                return
            self._wait_for_quiet(loudspeaker)
            reported = step.telling is None and not asked_by_the_session(step)
            if ears.returned.is_set() and step.telling is None:
                log.unprompted += 1  # the microphone answered before anyone spoke
                if reported:
                    watcher.understood.get(timeout=self.answer_timeout)
                continue
            said = self._say(step, meant if reported else None, words, turn, log)
            turn += 1
            while step.telling is None and not self._caught(said, log, ears, runner):
                said.unheard = True  # no utterance reached the recogniser: say it again
                said = self._say(step, meant, words, turn, log)
                turn += 1
            if reported:
                try:
                    said.understood, said.confidence = watcher.understood.get(
                        timeout=self.answer_timeout
                    )
                except queue.Empty:
                    log.ending = log.ending or f"nothing was heard of {words!r}"
                    return
                sure = said.confidence >= ACCEPT_CONFIDENCE  # else a confirmation tells
                self.player.heard(said.understood if sure else None)
            said.reply = self._reply_onset(loudspeaker, said.ended, runner)

    def _say(self, step: Step, meant: str | None, words: str, turn: int, log: TableLog) -> Said:
        voice, samples = self.voices(words, turn)
        ended = self.table.say(samples) - trailing_silence(samples)
        said = Said(
            step.prompt, words, voice, meant, ended, secret=step.private, free=step.free_text
        )
        log.said.append(said)
        return said

    def _caught(
        self, said: Said, log: TableLog, ears: _ListeningEars, runner: threading.Thread
    ) -> bool:
        """Whether the microphone cut an utterance from ``said`` within
        ``patience`` seconds (else the player, hearing nothing, says it again)."""
        deadline = said.ended + self.patience
        while time.perf_counter() < deadline:
            if any(start > said.ended - 0.1 for start in log.handed) or not runner.is_alive():
                return True
            if ears.returned.is_set():
                return True
            time.sleep(0.05)
        return False

    def _wait_for_quiet(self, loudspeaker: Recording) -> None:
        deadline = time.perf_counter() + self.answer_timeout
        while not loudspeaker.quiet_for(QUIET_BEFORE_ANSWER):
            if time.perf_counter() > deadline:
                raise TimeoutError("the companion never stopped speaking")
            time.sleep(0.05)

    def _reply_onset(
        self, loudspeaker: Recording, after: float, runner: threading.Thread
    ) -> float | None:
        deadline = time.perf_counter() + self.answer_timeout
        while time.perf_counter() < deadline and runner.is_alive():
            onset = loudspeaker.onset_after(after)
            if onset is not None:
                return onset
            time.sleep(0.02)
        return loudspeaker.onset_after(after)


def trailing_silence(samples: np.ndarray) -> float:
    """Seconds after the last audible 10 ms of ``samples``."""
    size = RATE // 100
    count = len(samples) // size
    levels = np.sqrt(np.mean(samples[: count * size].reshape(count, size) ** 2, axis=1))
    loud = np.nonzero(levels > 10 ** (SILENCE_DBFS / 20))[0]
    return (len(samples) - (loud[-1] + 1) * size) / RATE if len(loud) else 0.0


HEARD_FROM = (0.1, 0.3, 0.5)
"""Seconds of the loudspeaker's recording taken before an utterance began, one window
each: whisper base's transcript of the table's voice changes with where the window
starts (Samarande's verdict, recorded on a loaded machine: nothing at all from 0.2 and
0.3 s before it, its words from 0.1 and 0.5)."""


def transcripts_of(
    loudspeaker: Recording, spoken: Spoken, seconds: float, hear: Callable[[np.ndarray], str]
) -> list[str]:
    """What ``hear`` (a free-form recogniser) makes of the loudspeaker's first
    ``seconds`` of ``spoken``, from each of :data:`HEARD_FROM` before its sound began,
    the window filled up with silence where the recording ended first (it stops half a
    second after the last words). The sound begins after the session hands the words
    over (``spoken.started``) by the time the voice takes to make them, seconds on a
    loaded machine: a window from the hand-over held only the verdict's start."""
    began = loudspeaker.onset_after(spoken.started) or spoken.started
    samples, length = loudspeaker.samples(), int(seconds * RATE)
    starts = [loudspeaker.index_at(began - lead) for lead in HEARD_FROM]
    windows = [samples[start : start + length] for start in starts]
    return [hear(np.pad(window, (0, length - len(window)))) for window in windows]


class _Player:
    """What every scripted player does: say an answer again (up to ``attempts`` times,
    in other words when it has some) when it was not caught, confirm "Did you say …?"
    only when it names what was meant, and tell ``story(spec)`` at a telling."""

    def __init__(self, story: Callable[[Any], str] | None, attempts: int) -> None:
        self.story = story
        self.attempts = attempts
        self._tries = 0
        self._prompt: str | None = None
        self._meant: tuple[str | None, str] | None = None
        """The label of the answer meant last, and its words."""
        self._accepted = False
        """The last answer was understood as meant (asked again, it was refused)."""

    def heard(self, understood: str | None) -> None:
        self._accepted = (
            understood is not None and self._meant is not None and (understood == self._meant[0])
        )

    def words(self, step: Step, phrases: PhraseSet) -> tuple[str | None, str | None]:
        if step.telling is not None:
            return None, self.story(step.telling) if self.story else None
        if is_confirmation(step):
            return None, self._confirmation(step)
        if self._meant is not None and NUMBERED.match(step.prompt):
            return self._meant[0], self._by_number(step.prompt)
        refused = step.prompt == self._prompt and self._accepted
        again = step.prompt == self._prompt and not refused
        self._tries = self._tries + 1 if again else 0
        self._prompt, self._accepted = step.prompt, False
        ways = self._refused(step, phrases) if refused else self._ways(step, phrases, again)
        if ways is None or self._tries >= self.attempts:
            return None, None
        match = phrases.match(ways[0])
        label = phrases.label(match.value) if match else None
        if step.free_text:  # a name: what is meant is what is said
            label = ways[0]
        self._meant = (label, ways[0])
        return label, ways[self._tries % len(ways)]

    def _by_number(self, prompt: str) -> str:
        """The number of the meant answer in "Say one for Basra, two for …", or its words."""
        label, words = self._meant or (None, "")
        offered = dict(OFFERED.findall(prompt.removesuffix(".")))
        return next((number for number, name in offered.items() if name == label), words)

    def _ways(self, step: Step, phrases: PhraseSet, again: bool) -> list[str] | None:
        """The ways of saying the next answer (None: no more answers)."""
        raise NotImplementedError

    def _refused(self, step: Step, phrases: PhraseSet) -> list[str] | None:
        """The ways of saying another answer, the last one heard right but refused by the
        rules; a script says the same again."""
        return self._ways(step, phrases, True)

    def _confirmation(self, step: Step) -> str:
        label = self._meant[0] if self._meant else None
        self._accepted = label is not None and step.prompt == f"Did you say {label}?"
        return "yes" if self._accepted else "no"


class ScriptedPlayer(_Player):
    """Says ``answers`` in order; an answer may list other words for a retry
    ("wanderer|the wanderer")."""

    def __init__(
        self,
        answers: Sequence[str],
        story: Callable[[Any], str] | None = None,
        attempts: int = 4,
    ) -> None:
        super().__init__(story, attempts)
        self.answers = list(answers)
        self._index = -1

    def _ways(self, step: Step, phrases: PhraseSet, again: bool) -> list[str] | None:
        self._index += not again
        return self.answers[self._index].split("|") if self._index < len(self.answers) else None


class RandomPlayer(_Player):
    """A player who knows the game: at each step, one of its answers chosen with a seeded
    generator (among those ``prefer`` names, when it names some), in its shortest words
    (said again in its next ``wordings`` shortest when not caught); ``name`` where free
    text is asked. An answer the rules refuse is not given again."""

    def __init__(
        self,
        seed: int,
        story: Callable[[Any], str] | None = None,
        attempts: int = 4,
        name: str = "Ali",
        prefer: Policy | None = None,
        wordings: int = 1,
    ) -> None:
        super().__init__(story, attempts)
        self.rng = random.Random(seed)
        self.name = name
        self.prefer = prefer
        self.wordings = wordings
        self._choice: list[str] = []
        self._value: Any = None
        self._refusals: set[Any] = set()

    def _ways(self, step: Step, phrases: PhraseSet, again: bool) -> list[str] | None:
        if not again:
            self._refusals = set()
            self._choose(step)
        return self._choice

    def _refused(self, step: Step, phrases: PhraseSet) -> list[str] | None:
        self._refusals.add(self._value)
        self._choose(step)
        return self._choice

    def _choose(self, step: Step) -> None:
        values = [v for v in sorted(step.expects.values, key=str) if v not in self._refusals]
        liked = self.prefer(step, values, self.rng) if self.prefer and values else []
        self._value = self.rng.choice(liked or values) if values else None
        if self._value is None:
            self._choice = [self.name]
            return
        ways = sorted(step.expects.phrases_for(self._value), key=len)
        self._choice = ways[: self.wordings]


class PlayerKeyboard:
    """The same scripted player typing its answers (the keyboard of a lost microphone)."""

    def __init__(self, player: TablePlayer) -> None:
        self.player = player

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        meant, words = self.player.words(step, phrases)
        self.player.heard(meant)  # typed: understood as meant
        return None if words is None else Heard(words.split("|")[0], typed=True)


def is_confirmation(step: Step) -> bool:
    return step.prompt.startswith("Did you say")


QUIT_QUESTION = said_in("en", "quit_question")
ENROLMENT_OFFER = said_in("en", "enrol_offer")
ENROLMENT_STEP = re.compile(r".+, say (?:one|two|three|four|five|six)\.$")
"""The voice-learning round (companion/session/enrolment.py): "Ali, say one." …"""


def asked_by_the_session(step: Step) -> bool:
    """Whether the session asks this itself, so that what is heard there is no answer a
    player was scripted to give (the session tells its observers of it all the same):
    "Did you say …?", "Save the game and stop playing?", the offer to learn the voices,
    and the round that learns them (each answer there is an example of the number asked
    for, whatever was heard)."""
    return (
        is_confirmation(step)
        or step.prompt in (QUIT_QUESTION, ENROLMENT_OFFER)
        or ENROLMENT_STEP.match(step.prompt) is not None
    )


def voices_from(makers: Sequence[tuple[str, Callable[[str], np.ndarray]]]) -> Voices:
    """Players take turns with these voices; each clip is made once."""
    cache: dict[tuple[str, str], np.ndarray] = {}

    def say(words: str, turn: int) -> tuple[str, np.ndarray]:
        name, make = makers[turn % len(makers)]
        if (name, words) not in cache:
            cache[name, words] = make(words)
        return name, cache[name, words]

    return say
