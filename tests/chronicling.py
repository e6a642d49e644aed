"""Whole nights for the chronicle's tests and bench: every game played to its end through
the session, typed, by a seeded table that also errs (answers the game refuses, undo,
"help" and "status", a sheet corrected by hand), and what became of it in the chronicle.

What was refused, undone and corrected is found out here by trying each answer on a copy
of the game before it is said, never by reading the chronicle, so the figures
(:func:`figures`) measure any chronicle, this one's or an older one's.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from companion.framework.answers import NUMBER
from companion.framework.dialogue import GameOptions, Speech, Step
from companion.framework.errors import IllegalAction
from companion.framework.phrases import PhraseSet
from companion.framework.story import story_lines
from companion.framework.telling_turn import TellingReport, TypedTellingListener
from companion.games import game_spec
from companion.session.events import Applied
from companion.session.loop import Heard, PrintMouth, Session
from companion.session.observers.chronicle import Chronicle
from tests.arabian_nights.demo_player import DemoPlayer
from tests.samarande.test_whole_game import choose as samarande_choice
from tests.scheherazade.conftest import rulebook_storyteller

SAID = {
    "en": {"undo": "undo", "nine": "nine", "asides": ("help", "status", "repeat", "whose turn")},
    "es": {"undo": "deshacer", "nine": "nueve", "asides": ("ayuda", "estado", "repite")},
}
"""What the erring table says now and then besides its answers, in each language."""


@dataclass(frozen=True)
class Mode:
    """A game as a table sets it up."""

    game: str
    players: tuple[tuple[str, str], ...]
    settings: tuple[tuple[str, str], ...] = ()
    language: str = "en"


MODES = {
    "arabian-nights": Mode("arabian-nights", (("Ali Baba", "m"), ("Zumurrud", "f"))),
    "tales-of-arabia": Mode("tales-of-arabia", (("Ali", ""), ("Sara", ""))),
    "samarande": Mode("samarande", (("Ali", "m"), ("Zoe", "f"), ("Sam", "m"))),
    "scheherazade": Mode(
        "scheherazade",
        (("Ali", "m"), ("Bea", "f")),
        (("cards", "companion"), ("hands", "spoken")),
    ),
    "scheherazade-es": Mode(
        "scheherazade",
        (("Alí", "m"), ("Bea", "f")),
        (("cards", "companion"), ("hands", "spoken"), ("lang", "es")),
        "es",
    ),
}
"""Every mode a whole night is played in (Scheherazade in English and in Spanish)."""


@dataclass
class Night:
    """What happened in a night, found out by trying each answer before it was said."""

    chronicle: Path
    finished: bool = False
    refusals: list[str] = field(default_factory=list)
    undone: list[str] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)
    asked: set[str] = field(default_factory=set)
    """Every question and list of options the companion asked or offered."""
    standing: list[list[str]] = field(default_factory=list)
    """What each answer still standing said (an undo takes the last one away)."""

    @property
    def text(self) -> str:
        return self.chronicle.read_text(encoding="utf-8")


SHEET_OWNER = re.compile(r"What changes on (.+)'s sheet\?$")
"""The Reader's question when a sheet is to be changed, and whose sheet it is."""


class ErringTable:
    """Ears for a whole night: sensible answers (each game's seeded player), and now and
    then an answer the game refuses, an undo, an aside or a sheet corrected by hand."""

    def __init__(self, mode: str, seed: int, night: Night, most: int) -> None:
        self.mode, self.night, self.left = mode, night, most
        self.said = SAID[MODES[mode].language]
        self.rng = random.Random(seed)
        self.session: Session | None = None
        self.reader = DemoPlayer(seed, most) if mode == "arabian-nights" else None
        self.correcting = False
        """The table asked to change a sheet: it names the change when asked."""
        self.confirming = False
        """It named a change: it confirms it when asked "Is that right?"."""
        self.before: dict | None = None
        """The game when the last answer was said."""
        self.would_tell: list[str] | None = None
        """What the last answer said would tell if applied; None for an undo."""

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.left -= 1
        if self.left < 0:
            return None
        self.took_effect()
        self.night.asked |= {step.prompt, step.options_hint()}
        self.before, self.would_tell = self.session.dialogue.to_save(), []
        return Heard(self._say(step), typed=True)

    def took_effect(self) -> None:
        """What became of the last answer, seen in the game: applied (its words stand),
        undone (the last answer standing is taken back), or nothing (refused, an aside)."""
        if self.before is None or self.session.dialogue.to_save() == self.before:
            return
        if self.would_tell is None:
            taken_back = self.night.standing.pop()
            self.night.undone += taken_back
            for said in taken_back:  # a correction undone is no correction of the night
                if said in self.night.corrections:
                    self.night.corrections.remove(said)
        else:
            self.night.standing.append(self.would_tell)

    def _say(self, step: Step) -> str:
        chance = self.rng.random()
        if chance < 0.03 and len(self.night.standing) > 3:
            return self._undo()
        if chance < 0.06:
            return self.rng.choice(self.said["asides"])
        if chance < 0.09 and (refused := self._refused(step)) is not None:
            return refused
        uncorrected = not self.night.corrections and len(self.night.standing) > 10
        if (chance < 0.11 or uncorrected) and self.reader is not None and step.commands is not None:
            self.correcting = True
            return "change my sheet"
        said = self._sensible(step)
        if said == "undo":
            return self._undo()
        self._try(step, said)
        return said

    def _undo(self) -> str:
        self.would_tell = None
        return self.said["undo"]

    def _sensible(self, step: Step) -> str:
        dialogue = self.session.dialogue
        confirming, self.confirming = self.confirming, False
        if confirming and step.prompt.endswith("Is that right?"):
            return "yes"
        if self.correcting and (owner := SHEET_OWNER.search(step.prompt)):
            self.correcting, self.confirming = False, True
            return f"{owner[1]} gains two story"
        if step.free_text:
            return self.rng.choice(["Ali", "Bea", "Sam"])
        if self.reader is not None:
            self.reader.session = self.session
            return self.reader.choose(step)
        if self.mode == "samarande":
            return _shortest(step, samarande_choice(step, dialogue, self.rng))
        if self.mode.startswith("scheherazade"):
            return next(rulebook_storyteller(dialogue, discard_first=self.rng.random() < 0.2))
        offered = [value for value in step.expects.values if step.offers(value)]
        return _shortest(step, self.rng.choice(offered or step.expects.values))

    def _refused(self, step: Step) -> str | None:
        """Something the game refuses now: a roll of nine, an answer it hears but does not
        offer (a space out of reach), or else one of its answers it refuses now; None
        when there is nothing such to say."""
        if any(value.intent == NUMBER for value in step.expects.values):
            said = self.said["nine"]
            return said if self._try(step, said, keep=False) == "refused" else None
        unoffered = [value for value in step.expects.values if not step.offers(value)]
        tried = unoffered or self.rng.sample(step.expects.values, min(4, len(step.expects.values)))
        for value in tried:
            said = _shortest(step, value)
            if self._try(step, said, keep=False) == "refused":
                return said
        return None

    def _try(self, step: Step, said: str, keep: bool = True) -> str:
        """Say ``said`` to a copy of the game: "refused", "applied" or "other" (a global
        command, or not one of the step's answers); ``keep`` notes what it would do, as
        the answer that will be said."""
        heard = step.expects.match(said)
        dialogue = self.session.dialogue
        if heard is None or step.telling is not None or step.prompt != dialogue.step().prompt:
            return "other"  # not the game's question (the session's "Did you say …?")
        try:
            copy = type(dialogue)(dialogue.state.model_copy(deep=True))  # as it is now
            speeches = copy.answer(heard.value)
        except IllegalAction as refusal:
            self.night.refusals.append(str(refusal))
            return "refused"
        if not keep:
            return "applied"
        told = [speech.text for speech in speeches if not speech.private]
        if dialogue.game_phase() == "pending" and said == "yes":
            self.night.corrections += told
        self.would_tell = told
        return "applied"


class Storyteller:
    """Tellings typed for a night of Scheherazade: the card's key word most times, a long
    silence (the Sultan stirs) now and then."""

    def __init__(self, table: ErringTable, language: str) -> None:
        self.table, self.language = table, language

    def listen(self, spec, say) -> TellingReport | None:
        word = spec.keywords[0] if spec.keywords else "story"
        if self.table.rng.random() < 0.3:
            word = "something"
        end = "colorín colorado, este cuento se ha acabado" if self.language == "es" else "the end"
        self.table.took_effect()  # a telling is an answer too, telling only its report
        self.table.before, self.table.would_tell = self.table.session.dialogue.to_save(), []
        pause = "silence 8" if self.table.rng.random() < 0.3 else "silence 3"  # 8: a stir
        lines = [f"speak 20 once there was a {word} that changed everything", pause,
                 f"speak 10 and so it went {end}"]  # fmt: skip
        return TypedTellingListener(lines).listen(spec, say)


def play_night(mode: str, folder: Path, seed: int = 1, most: int = 4000) -> Night:
    """One whole night of ``mode`` (one of :data:`MODES`), chronicled in ``folder``."""
    setup = MODES[mode]
    spec = game_spec(setup.game)
    night = Night(chronicle=Path(folder) / f"{mode}.chronicle.md")
    dialogue = spec.new(
        GameOptions(seed=seed, players=list(setup.players), settings=dict(setup.settings))
    )
    table = ErringTable(mode, seed, night, most)
    session = Session(
        dialogue=dialogue,
        spec=spec,
        ears=table,
        mouth=PrintMouth(lambda line: None),
        save_path=Path(folder) / f"{mode}.json",
        observers=[Chronicle(night.chronicle)],
        telling_listener=Storyteller(table, setup.language) if spec.tellings else None,
    )
    table.session = session
    session.run(dialogue.opening())
    table.took_effect()
    night.finished = session.dialogue.finished
    return night


# -- what became of it in the chronicle ---------------------------------------------------

ENGLISH_HEADINGS = re.compile(
    r"\b(Turn|Chronicle|chronicle|night|Winner|Reward|Paragraph|Element|Telling|Key words|"
    r"The end|Players|Before|Sultan)\b"
)
"""Words of the chronicle's headings and labels in English: wrong in a Spanish night."""


def figures(night: Night, language: str = "en") -> dict[str, int]:
    """How the chronicle of ``night`` reads: its words, and its lines that are no part of
    the story (refusals, undone results, questions asked, corrections filed as if they
    had happened in the tale, headings in the wrong language)."""
    text = night.text
    lines = [line for line in text.splitlines() if line.strip()]
    standing = {said for answer in night.standing for said in answer}
    undone = {said for said in night.undone if len(said) >= 20 and said not in standing}
    asked = {said for said in night.asked if len(said) >= 20}
    headings = [line for line in lines if line.startswith("#") or "**" in line]
    return {
        "words": len(text.split()),
        "refusals": _lines_saying(lines, {refusal[:40] for refusal in night.refusals}),
        "undone": _lines_saying(lines, undone),
        "questions": _lines_saying(lines, asked),
        "unmarked corrections": sum(
            _unmarked(lines, correction, night) for correction in set(night.corrections)
        ),
        "wrong-language headings": sum(
            bool(ENGLISH_HEADINGS.search(line)) for line in headings if language != "en"
        ),
    }


def _unmarked(lines: list[str], correction: str, night: Night) -> int:
    """How often ``correction`` is told and not marked as one, beyond the times the same
    words were said by the tale itself."""
    said = sum(answer.count(correction) for answer in night.standing)
    by_hand = night.corrections.count(correction)
    unmarked = sum(correction in line and "orrect" not in line for line in lines)
    return max(0, unmarked - (said - by_hand))


def _lines_saying(lines: list[str], sayings: Iterable[str]) -> int:
    sayings = [said for said in sayings if said]
    return sum(1 for line in lines if any(said in line for said in sayings))


def _shortest(step: Step, value) -> str:
    return min(step.expects.phrases_for(value), key=len)


def chronicled(speeches: Iterable[Speech], folder: Path) -> str:
    """The Markdown a chronicle writes of one answer that said ``speeches``."""
    chronicle = Chronicle(folder / "night.chronicle.md")
    story = tuple(story_lines(speeches))
    chronicle.on_applied(Applied("", tuple(speeches), story, None, "mark"))
    return chronicle.path.read_text(encoding="utf-8")
