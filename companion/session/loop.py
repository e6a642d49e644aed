"""The session loop: speak a step, hear an answer, confirm when unsure, apply, autosave.

The loop is the same for every game and every kind of input. It adds the global commands
to each step's phrase set, decides whether what was heard is a clear answer, an unsure
one (asked back as a yes/no question) or nothing it caught, and saves the game
atomically after every change of state, with the earlier states kept for undo.

Typed play, for scripts and tests:

>>> import pathlib, tempfile
>>> from companion.framework.dialogue import GameOptions
>>> from companion.games import game_spec
>>> spec = game_spec("tales-of-arabia")
>>> game = spec.new(GameOptions(seed=1, players=[("Ali", ""), ("Sara", "")]))
>>> with tempfile.TemporaryDirectory() as folder:
...     save = pathlib.Path(folder) / "game.json"
...     lines = run_typed(game, spec, ["Aladdin", "Morgiana", "save and quit", "yes"], save)
>>> lines[-1]
'The game is saved. Resume it whenever you like. Goodbye.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from companion.framework.answers import Answer
from companion.framework.dialogue import Dialogue, GameSpec, Speech, Step, yes_no
from companion.framework.errors import IllegalAction
from companion.framework.phrases import PhraseSet
from companion.framework.telling_turn import TellingListener
from companion.framework.words import GLOBAL_TEMPLATES as SESSION_COMMANDS
from companion.framework.words import known, said
from companion.session.enrolment import can_enrol, enrol
from companion.session.events import (
    Applied,
    Ended,
    Outcome,
    Refused,
    Undone,
    notify,
    state_mark,
)
from companion.session.ports import (
    ACCEPT_CONFIDENCE,
    SAVE_AND_QUIT,
    Command,
    DeviceUnavailable,
    Ears,
    Heard,
    Mouth,
    PrintMouth,
    TypedEars,
    global_commands,
)
from companion.session.saves import SaveFile, UndoHistory, write_save
from companion.session.understanding import (
    FAILURES_BEFORE_OPTIONS,
    Understanding,
    Understood,
    Verdict,
    may_answer_instead,
    understand,
)

RATE_STEP = 1.15
RESUME = Command("resume")
"""The pause's one answer (said, typed or tapped)."""


class Reply(StrEnum):
    """The answer to a yes-or-no question the session asks."""

    YES = "yes"
    NO = "no"
    UNCLEAR = "unclear"


ENDINGS = (Outcome.QUIT, Outcome.INPUT_ENDED)
"""Outcomes that end the session."""


class SessionObserver(Protocol):
    """Watches a session: the live display and the chronicle.

    Beside these, an observer may take the events of :mod:`companion.session.events`
    (``on_applied``, ``on_refused``, ``on_undone``): what became of each answer.
    """

    def on_speech(self, speech: Speech) -> None: ...

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """An answer to a step was heard, or a reply to a yes-or-no question the session
        asks at it ("Did you say …?", "Are you sure?": a yes, a no, a command, or an answer
        to the step taken in place of the one asked back); ``understood``: the answer in
        the players' words, None when not understood. Whether the game took it, the events
        of :mod:`companion.session.events` tell."""

    def on_step(self, step: Step, dialogue: Dialogue) -> None: ...


@dataclass
class SessionEnd:
    """How a session ended."""

    reason: Outcome
    """FINISHED, QUIT or INPUT_ENDED."""
    save_path: Path


@dataclass
class Session:
    """Drives one dialogue until it ends, the players quit, or input runs out."""

    dialogue: Dialogue
    spec: GameSpec
    ears: Ears
    mouth: Mouth
    save_path: Path
    undo_stack: UndoHistory = field(default_factory=UndoHistory)
    """Earlier states for "undo" (a list of states is taken too)."""
    observers: list[SessionObserver] = field(default_factory=list)
    telling_listener: TellingListener | None = None
    keyboard: Ears | None = None
    """Typed answers when the voice fails twice or the microphone is lost; None where no
    keyboard is available."""
    _rate: float = 1.0
    _last_spoken: list[Speech] = field(default_factory=list)
    _undo_labels: list[str] = field(default_factory=list)
    """How each answer that can still be undone was said, to tell "undo" what it undid."""
    _understanding: Understanding = field(default_factory=Understanding)
    _helped_at: str | None = None
    """The question at which "help" was last asked."""
    _in_full: str | None = None
    """The whole of the last list said capped since the last answer, for "all" (else
    "all" reads the step's own lists whole)."""
    offer_enrolment: bool = False
    """Offer to learn the players' voices once everyone is seated (a new game by voice)."""

    def __post_init__(self) -> None:
        self.undo_stack = UndoHistory(self.undo_stack)

    def run(self, opening: Sequence[Speech] = ()) -> SessionEnd:
        """Play until the game ends ("finished"), "save and quit" or input ends."""
        end = SessionEnd(self._play(opening), self.save_path)
        notify(self.observers, Ended(end.reason))
        return end

    def _play(self, opening: Sequence[Speech]) -> Outcome:
        self._save()
        self._speak(list(opening))
        failures = 0
        while not self.dialogue.finished:
            step = self.dialogue.step()
            if self.offer_enrolment and self.dialogue.everyone_seated:
                self.offer_enrolment = False
                if (outcome := self._offer_enrolment(step)) in ENDINGS:
                    return outcome
            for observer in self.observers:
                observer.on_step(step, self.dialogue)
            self._speak([Speech(step.prompt)], remember=False)
            outcome = self._take_turn(step, failures)
            if outcome in ENDINGS:
                return outcome
            failures = failures + 1 if outcome is Outcome.MISSED else 0
        return Outcome.FINISHED

    # -- one answer -------------------------------------------------------------------

    def _take_turn(self, step: Step, failures: int) -> Outcome:
        """Hear one answer to ``step`` and do what :mod:`~companion.session.understanding`
        says of it: take it, ask it back, or say it was missed."""
        if step.telling is not None:
            return self._take_telling(step)
        due = failures == FAILURES_BEFORE_OPTIONS
        listed = self._understanding.numbered(step) if due else None
        if listed is not None:  # "Say one for Basra, two for Mosul": digits are heard better
            self._say_text(listed.prompt)
            step, failures = listed, 0
        phrases = self._phrases(step)
        heard = self._hear(step, failures, phrases)
        if heard is None:
            return Outcome.INPUT_ENDED
        judgement = self._understanding.judge(heard, step, phrases)
        understood = judgement.understood
        self._tell_heard(heard, understood, step)
        if judgement.verdict is Verdict.MISS:
            self._say_text(self._said("missed"))
            return Outcome.MISSED
        if judgement.verdict is Verdict.CONFIRM:
            confirmed = self._confirm(understood, step)
            if not isinstance(confirmed, Understood):
                return confirmed
            understood = confirmed
        self._understanding.taken(self.ears, step, understood.value)
        if understood.is_command:
            return self._command(understood, step)
        return self._apply(understood.value, "" if step.private else understood.label)

    def _tell_heard(self, heard: Heard, understood: Understood, step: Step) -> None:
        """Tell the observers what was heard as an answer to ``step`` and what it was
        understood as (not what a secret answer meant)."""
        meaning = understood.label if understood.value is not None else None
        for observer in self.observers:
            observer.on_heard(heard, None if step.private else meaning)

    def _offer_enrolment(self, step: Step) -> Outcome | Reply:
        """Ask whether to learn the voices first (see :mod:`companion.session.enrolment`); the
        outcome of the yes or no, or INPUT_ENDED (SKIPPED: the microphone was lost, the game
        goes on by keyboard)."""
        names = self.dialogue.player_names()
        if self._language != "en" or not can_enrol(self.ears, names):
            return Outcome.SKIPPED
        reply = self._yes_or_no(self._said("enrol_offer"), step)
        if reply is not Reply.YES:
            return reply
        if not can_enrol(self.ears, names):  # the microphone was lost at the offer
            return Outcome.SKIPPED
        try:
            enrolled = enrol(self.ears, names, self._say_text)
        except DeviceUnavailable as error:
            return Outcome.SKIPPED if self._lose_microphone(error) else Outcome.INPUT_ENDED
        if not enrolled:
            return Outcome.INPUT_ENDED
        self._say_text(self._said("enrolled"))
        return Outcome.ENROLLED

    def _hear(self, step: Step, failures: int, phrases: PhraseSet) -> Heard | None:
        use_keyboard = self.keyboard is not None and (
            step.private or step.free_text or failures >= FAILURES_BEFORE_OPTIONS
        )
        if failures == FAILURES_BEFORE_OPTIONS:  # once: "help" says them again
            typing = self._said("or_type") if use_keyboard else ""
            self._speak([Speech(step.options_hint(self._language) + typing)], remember=False)
        ears = self.keyboard if use_keyboard else self.ears
        self._understanding.attend(ears, self.dialogue, step)
        return self._listen(step, phrases, ears)

    def _listen(self, step: Step, phrases: PhraseSet, ears: Ears | None = None) -> Heard | None:
        """What ``ears`` (the session's by default) heard at ``step``, whatever the question
        (an answer, "Did you say …?", the pause's "resume"); the microphone lost meanwhile,
        what is typed instead."""
        try:
            return (ears or self.ears).hear(step, phrases)
        except DeviceUnavailable as error:
            return self.ears.hear(step, phrases) if self._lose_microphone(error) else None

    def _lose_microphone(self, error: Exception) -> bool:
        """Say so and go on by keyboard (True), or stop when there is none: the game is
        saved after every answer, nothing is lost."""
        self._say_text(self._said("type_from_now", error=error))
        if self.keyboard is None:
            return False
        self.ears = self.keyboard
        return True

    def _phrases(self, step: Step) -> PhraseSet:
        table = global_commands(tuple(self.dialogue.player_names()), self._language)
        return step.expects | (step.commands | table if step.commands else table)

    def _confirm(self, understood: Understood, step: Step) -> Understood | Outcome:
        """Ask "Did you say …?": the answer to take on a yes, or MISSED ("say it again") on
        a no or an unclear reply. A sure answer to the step itself, said instead of yes or
        no ("Mosul" to "Did you say help?"), is taken in its place."""
        question = self._said("did_you_say", answer=understood.label)
        instead = step.expects if may_answer_instead(step, self._language) else None
        reply = self._yes_or_no(question, step, instead)
        if isinstance(reply, Understood):
            return reply
        if reply is Reply.YES:
            return understood
        if reply in (Reply.NO, Reply.UNCLEAR):
            self._say_text(self._said("say_again"))
            return Outcome.MISSED
        return reply

    def _yes_or_no(
        self, question: str, step: Step, instead: PhraseSet | None = None
    ) -> Reply | Outcome | Understood:
        """Ask a yes/no question: YES, NO, UNCLEAR, or the outcome of a global command
        said instead (it is carried out, not lost); with ``instead``, one of those answers
        said sure enough to be taken, as understood. Whatever is heard is told to the
        observers, as every answer heard at ``step`` is."""
        answers = yes_no(self._language)
        offered = frozenset(answers.values)  # the page's buttons: yes and no, as ever
        asking = Step(question, answers | instead if instead else answers, offered=offered)
        phrases = self._phrases(asking)
        self._speak([Speech(question)], remember=False)
        heard = self._listen(asking, phrases)
        if heard is None:
            return Outcome.INPUT_ENDED
        understood = understand(heard, asking, phrases)
        self._tell_heard(heard, understood, step)
        if understood.value is None or not understood.sure:
            return Reply.UNCLEAR
        if understood.is_command:
            return self._command(understood, step)
        if understood.value not in answers.values:
            if understood.confidence < ACCEPT_CONFIDENCE:
                return Reply.UNCLEAR
            return understood
        return Reply(understood.value.intent)

    def _apply(self, value: Answer, label: str = "") -> Outcome:
        self._in_full = None
        before = self.dialogue.to_save()
        chapter = self.dialogue.chapter()
        try:
            speeches = self.dialogue.answer(value)
        except IllegalAction as refusal:
            if self.dialogue.to_save() != before:
                self.dialogue = self.spec.restore(before)
            notify(self.observers, Refused(label, str(refusal)))
            self._speak([Speech(str(refusal))], remember=False)
            return Outcome.MISSED
        self.undo_stack.push(before)
        self._undo_labels = [*self._undo_labels, label][-len(self.undo_stack) :]
        self._save()
        story = tuple(self.dialogue.story(value, speeches))
        notify(self.observers, Applied(label, tuple(speeches), story, chapter, state_mark(before)))
        self._speak(speeches)
        return Outcome.APPLIED

    def _take_telling(self, step: Step) -> Outcome:
        if self.telling_listener is None:
            raise RuntimeError(f"{self.spec.name}: a storytelling turn needs a telling listener")
        report = self.telling_listener.listen(step.telling, self._say_text)
        if report is None:
            return Outcome.INPUT_ENDED
        return self._apply(report.answer())

    # -- global commands --------------------------------------------------------------

    def _command(self, understood: Understood, step: Step) -> Outcome:
        command = understood.value
        if command.get("player") is not None:
            self._say_text(self.dialogue.status(str(command["player"])))
            return Outcome.COMMAND
        if command == SAVE_AND_QUIT and not understood.exact:
            self._say_text(self._said("quit_plainly"))
            return Outcome.COMMAND
        handler = {
            "repeat": self._repeat,
            "slower": lambda: self._change_rate(1 / RATE_STEP, self._said("slower")),
            "faster": lambda: self._change_rate(RATE_STEP, self._said("faster")),
            "stop reading": self._stop_reading,
            "undo": self._undo,
            "status": lambda: self._say_text(self.dialogue.status(None)),
            "whose turn": lambda: self._say_text(self.dialogue.whose_turn()),
            "help": lambda: self._help(step),
            "all": lambda: self._say_text(self._in_full or step.options_in_full(self._language)),
            "pause": self._pause,
            "resume": lambda: self._say_text(self._said("not_paused")),
            "save and quit": lambda: self._quit_if_confirmed(step),
        }[command.intent]
        return handler() or Outcome.COMMAND

    def _help(self, step: Step) -> None:
        """The step's options; the commands said at any time too, at the first "help" of
        the session and when "help" is asked again at the same question."""
        hint = step.options_hint(self._language)
        if self._helped_at in (None, step.prompt):
            hint = f"{hint} {self._said('global_hint')}"
        self._helped_at = step.prompt
        self._say_text(hint)

    def _repeat(self) -> None:
        self._speak(self._last_spoken, remember=False)

    def _change_rate(self, factor: float, message: str) -> None:
        self._rate = min(2.0, max(0.5, self._rate * factor))
        self.mouth.set_rate(self._rate)
        self._say_text(message)

    def _stop_reading(self) -> None:
        self.mouth.stop()
        self._say_text(self._said("stopped"))

    def _undo(self) -> None:
        if not self.undo_stack:
            self._say_text(self._said("nothing_to_undo"))
            return
        previous = self.undo_stack.pop()
        self.dialogue = self.spec.restore(previous)
        self._save()
        notify(self.observers, Undone(state_mark(previous)))
        label = self._undo_labels.pop() if self._undo_labels else ""
        plain = label and label not in (Reply.YES, Reply.NO)
        what = label if plain else self._said("the_last_answer")
        self._speak([Speech(self._said("undone", what=what))])  # repeat: not the undone reply

    def _pause(self) -> Outcome | None:
        """Wait for "resume" (said, typed, or tapped: it is the pause's one answer); other
        global commands are carried out meanwhile, anything unclear is not taken for one
        (nothing is guessed while the table is away)."""
        wordings = SESSION_COMMANDS[known(self._language)]["resume"]
        resume = PhraseSet.from_templates({RESUME: wordings}, labels={RESUME: wordings[0]})
        waiting = Step(self._said("paused"), resume, hint=self._said("resume_hint"))
        phrases = self._phrases(waiting)
        self._say_text(waiting.prompt)
        while True:
            heard = self._listen(waiting, phrases)
            if heard is None:
                return Outcome.INPUT_ENDED
            understood = understand(heard, waiting, phrases)
            if not understood.is_command or not understood.sure:
                self._say_text(self._said("still_paused"))
            elif understood.value == RESUME:
                self._say_text(self._said("resuming"))
                return None
            elif understood.value == Command("pause"):
                self._say_text(self._said("still_paused"))
            else:
                outcome = self._command(understood, waiting)
                if outcome in ENDINGS:
                    return outcome

    def _quit_if_confirmed(self, step: Step) -> Outcome:
        reply = self._yes_or_no(self._said("quit_question"), step)
        if reply is Reply.YES:
            return self._save_and_quit()
        if reply in (Reply.NO, Reply.UNCLEAR):
            self._say_text(self._said("play_on"))
            return Outcome.COMMAND
        return reply  # the outcome of a command said instead of yes or no

    def _save_and_quit(self) -> Outcome:
        self._save()
        self._say_text(self._said("goodbye"))
        return Outcome.QUIT

    # -- output and saving --------------------------------------------------------------

    @property
    def _language(self) -> str:
        """The language the game is played in (its dialogue's :attr:`language`)."""
        return self.dialogue.language

    def _said(self, key: str, **values: object) -> str:
        return said(self._language, key, **values)

    def _say_text(self, text: str) -> None:
        self._speak([Speech(text)], remember=False)

    def _speak(self, speeches: list[Speech], remember: bool = True) -> None:
        if remember and speeches:
            self._last_spoken = speeches
        for speech in speeches:
            if speech.in_full:
                self._in_full = speech.in_full
            for observer in self.observers:
                observer.on_speech(speech)
            try:
                self.mouth.say(speech)
            except DeviceUnavailable as error:
                self.mouth = PrintMouth()
                notice = Speech(f"{error} The companion's words are shown here instead.")
                for observer in self.observers:  # the chronicle and the display learn it too
                    observer.on_speech(notice)
                self.mouth.say(notice)
                self.mouth.say(speech)

    def _save(self) -> None:
        save = SaveFile(game=self.spec.name, state=self.dialogue.to_save(), undo=self.undo_stack)
        write_save(self.save_path, save)


def run_typed(
    dialogue: Dialogue,
    spec: GameSpec,
    answers: Iterable[str],
    save_path: Path,
    undo_stack: Iterable[dict[str, Any]] | None = None,
    telling_listener: TellingListener | None = None,
    opening: Sequence[Speech] | None = None,
) -> list[str]:
    """Play ``answers`` in typed mode in-process; return every printed line.

    ``opening`` defaults to the dialogue's own opening (pass ``[]`` when resuming).
    This is the scripted contract of ``companion play --typed`` without a subprocess.
    """
    printed: list[str] = []
    session = Session(
        dialogue=dialogue,
        spec=spec,
        ears=TypedEars(answers),
        mouth=PrintMouth(printed.append),
        save_path=Path(save_path),
        undo_stack=UndoHistory(undo_stack or ()),
        telling_listener=telling_listener,
    )
    session.run(dialogue.opening() if opening is None else opening)
    return printed
