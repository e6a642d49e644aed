"""The dialogue framework shared by every game.

A game's dialogue is a pure state machine over text. At every moment it exposes a
:class:`Step`: what to ask, and the :class:`~companion.framework.phrases.PhraseSet` of answers it
expects. The session (:mod:`companion.session.loop`) speaks the prompt, hears an answer by
voice or keyboard, matches it against the phrase set plus the global commands, confirms
it when unsure, and hands the matched *value* to :meth:`Dialogue.answer`. The dialogue
returns what to say about it and moves on.

A dialogue never imports a speech engine, never reads the clock and never touches files:
its whole state is a pydantic model, saved after every answer. Undo restores the
previous save, so a dialogue only needs to be serialisable.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self

from pydantic import BaseModel

from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet
from companion.framework.words import YES_NO_TEMPLATES, known

if TYPE_CHECKING:
    from companion.framework.story import Chapter, StoryLine


@lru_cache(maxsize=4)
def yes_no(language: str = "en") -> PhraseSet:
    """The answers to a yes-or-no question, in ``language`` (English by default).

    >>> yes_no("es").match("sí").value
    'yes'
    """
    templates = YES_NO_TEMPLATES[known(language)]
    return PhraseSet.from_templates(templates, labels={"yes": "yes", "no": "no"})


YES_NO = yes_no()


@dataclass(frozen=True)
class Speech:
    """One utterance of the companion."""

    text: str
    """The words to speak (or print, in typed mode)."""
    paragraph: int | None = None
    """Set when this is a Book of Tales paragraph being read: typed mode prints ``¶ N``."""
    reading: bool = False
    """Long narration, spoken sentence by sentence; "stop" or "skip" cuts it short."""
    private: bool = False
    """Shown on the screen only, never spoken aloud (secrets)."""
    kind: Literal["say", "reward", "ending", "correction", "aside"] = "say"
    """What the night's chronicle makes of it (:mod:`companion.framework.story`): part of
    the story (plain words, a player's reward, a sheet corrected by hand, the game's end),
    or an aside to the table that is no part of it (a reminder of what may be said, a
    hand or a count restated)."""
    player: str | None = None
    """The player a reward is about."""


@dataclass(frozen=True)
class Step:
    """What the dialogue waits for now."""

    prompt: str
    """The question, spoken before listening and again on "repeat"."""
    expects: PhraseSet
    """The answers allowed at this step; the session adds the global commands."""
    free_text: bool = False
    """Any typed text is an answer (a player's name); its value is the text itself."""
    private: bool = False
    """The answer is secret: asked for by keyboard only and never spoken back."""
    hint: str | None = None
    """What to say for "help" and after failed attempts; defaults to listing the options."""
    commands: PhraseSet | None = None
    """Commands the game takes at this step beside its answers (the Reader's sheet
    commands, "Ali gains two wealth"): heard like answers, never offered as options."""
    telling: Any = None
    """A timed storytelling turn (Scheherazade): the session hands the listening to the
    game's telling listener instead of matching one answer. None for ordinary steps."""
    offered: frozenset[Answer] | None = None
    """The answers offered as options (the table display's buttons, the spoken list), when
    the game offers fewer than it understands: the move step understands every space, to
    say "Khanbaliq is too far", and offers those in reach. None: every answer."""

    def offers(self, value: Any) -> bool:
        """Whether ``value``, one of :attr:`expects`, is offered as an option.

        >>> places = {Answer("Basra"): ["basra"], Answer("Khanbaliq"): ["khanbaliq"]}
        >>> step = Step("Where?", PhraseSet.from_templates(places),
        ...             offered=frozenset({Answer("Basra")}))
        >>> [value.intent for value in step.expects.values if step.offers(value)]
        ['Basra']
        """
        if isinstance(value, Answer) and not value.offered:
            return False
        return self.offered is None or Answer.coerce(value) in self.offered

    def options_hint(self) -> str:
        """A spoken list of what may be said now."""
        if self.hint:
            return self.hint
        labels = [self.expects.label(value) for value in self.expects.values if self.offers(value)]
        if not labels:
            return "Type your answer."
        if len(labels) > 12:
            return f"You can say, for example: {', '.join(labels[:12])}."
        return f"You can say: {', '.join(labels)}."


class Dialogue(Protocol):
    """What every game's dialogue offers the session."""

    game: str
    """The game's registry name, e.g. ``"arabian-nights"``."""

    @property
    def finished(self) -> bool:
        """True once the game is over."""

    def step(self) -> Step:
        """The current question."""

    def answer(self, value: Answer | str) -> list[Speech]:
        """Apply a matched answer and return what to say about it.

        Raises :class:`~companion.framework.errors.IllegalAction` when the answer is not
        allowed now.
        """

    def opening(self) -> list[Speech]:
        """What to say when the game starts (nothing special on resume)."""

    def status(self, player: str | None = None) -> str:
        """A spoken summary of one player's state (the current player by default)."""

    def whose_turn(self) -> str:
        """A spoken sentence saying whose turn it is."""

    def player_names(self) -> list[str]:
        """The players' names, for "status of NAME"."""

    def to_save(self) -> dict[str, Any]:
        """The whole state as JSON-ready data."""

    def chapter(self) -> Chapter | None:
        """The chapter of the night now (a turn, and whose); None before the game begins."""

    def story(self, answer: Answer | str, speeches: Sequence[Speech]) -> list[StoryLine]:
        """What of ``answer``, just applied, is worth telling in the night's chronicle;
        ``speeches`` is what the game said about it."""

    # Optional: ``scoreboard() -> list[dict[str, str]]``, one row per player, shown by the
    # live view (companion.session.observers.display) when a game offers it;
    # ``everyone_seated -> bool`` (the kit's), when the session may offer to learn the
    # players' voices.


@dataclass(frozen=True)
class BoardMap:
    """A game's map for the table display (optional hook ``board_map() -> BoardMap | None``)."""

    svg: str
    """The board drawn once, as a standalone SVG document."""
    markers: dict[str, tuple[float, float]]
    """Where each player's piece stands, in the SVG's coordinates."""
    highlighted: tuple[tuple[float, float], ...] = ()
    """Spaces the current question offers (the moves in reach), in the same coordinates."""


@dataclass(frozen=True)
class GameOptions:
    """What the command line says about a new game."""

    seed: int | None = None
    """Seed of every random draw; None picks one (and saves it)."""
    players: Sequence[tuple[str, str]] = ()
    """(name, gender) pairs given with ``--players``; the gender is "m", "f" or "" when
    not given (only a game whose rules use it needs it). Empty asks at setup."""
    pack: str | None = None
    """A content pack folder, for games that read one."""
    settings: dict[str, str] = field(default_factory=dict)
    """Game-specific settings from ``--set key=value``."""


@dataclass(frozen=True)
class GameSpec:
    """How the session creates and restores one game's dialogue."""

    name: str
    """Registry name, used by ``companion play --game NAME``."""
    title: str
    """Spoken title."""
    new: Callable[[GameOptions], Dialogue]
    """Start a new game."""
    restore: Callable[[dict[str, Any]], Dialogue]
    """Rebuild a dialogue from :meth:`Dialogue.to_save` data."""
    tellings: bool = False
    """True for games with timed storytelling turns (:attr:`Step.telling`): ``companion
    play`` then gives the session a telling listener (typed, WAV files or microphone)."""


class SeededRandom(BaseModel):
    """A serialisable source of randomness: a seed and how many draws were made.

    Each draw builds a fresh generator from the seed and the counter, so a resumed or
    undone game replays exactly the same dice.

    >>> dice = SeededRandom(seed=7)
    >>> first = dice.next_rng().randint(1, 6)
    >>> SeededRandom(seed=7).next_rng().randint(1, 6) == first
    True
    >>> dice.draws
    1
    """

    seed: int
    draws: int = 0

    def next_rng(self) -> random.Random:
        """A generator for the next draw (advances the counter)."""
        rng = random.Random(f"{self.seed}:{self.draws}")
        self.draws += 1
        return rng


class DialogueState(BaseModel):
    """Base for games' saved states: pydantic, JSON round-trippable."""

    def copy_deep(self) -> Self:
        return self.model_copy(deep=True)
