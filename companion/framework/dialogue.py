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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self

from pydantic import BaseModel

from companion.framework.answers import NO, YES, Answer
from companion.framework.phrases import PhraseSet
from companion.framework.telling_turn import TellingSpec
from companion.framework.wording import capped_list, spoken_list
from companion.framework.words import YES_NO_TEMPLATES, Language, known, said

if TYPE_CHECKING:
    from companion.framework.story import Chapter, StoryLine


@lru_cache(maxsize=4)
def yes_no(language: str = "en") -> PhraseSet:
    """The answers to a yes-or-no question, in ``language`` (English by default).

    >>> yes_no("es").match("sí").value
    Answer(intent='yes', slots=())
    """
    return yes_or_no({}, language)


def yes_or_no(also: Mapping[Answer, list[str]], language: str = "en") -> PhraseSet:
    """Yes or no, also said the question's own way ("keep it", "discard it").

    >>> keep = yes_or_no({YES: ["keep it"], NO: ["discard it"]})
    >>> keep.match("discard it").value == NO, keep.match("yes").value == YES
    (True, True)
    """
    words = YES_NO_TEMPLATES[known(language)]
    templates = {answer: [*words[answer.intent], *also.get(answer, ())] for answer in (YES, NO)}
    return PhraseSet.from_templates(templates, labels={YES: "yes", NO: "no"})


YES_NO = yes_no()
"""Yes or no in English."""


@dataclass(frozen=True)
class Speech:
    """One utterance of the companion."""

    text: str
    """The words to speak (or print, in typed mode)."""
    paragraph: int | None = None
    """Set when this is a Book of Tales paragraph being read: typed mode prints ``¶ N``."""
    telling: int = 0
    """Which of the paragraph's tellings is read (0: the book's own words)."""
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
    in_full: str | None = None
    """The same words with every list read whole, said when the table asks for "all"
    (:func:`~companion.framework.wording.capped_list` caps what is said first)."""
    chronicled: str | None = None
    """What the night's chronicle writes for it when that differs from what is said: the
    story in the third person ("Ali draws the Hippodrome card." for "You draw the
    Hippodrome card."), without the sums a table checks aloud."""


@dataclass(frozen=True)
class Step:
    """What the dialogue waits for now."""

    prompt: str
    """The question, spoken before listening and again on "repeat"."""
    expects: PhraseSet
    """The answers allowed at this step; the session adds the global commands."""
    free_text: bool = False
    """Any words are an answer (a player's name): an exact phrase of :attr:`expects` is
    its answer, other words reach the game as ``Answer.free(words)``."""
    private: bool = False
    """The answer is secret: asked for by keyboard (or on the asked player's own page)
    only and never spoken back."""
    hint: str | None = None
    """What to say for "help" and after failed attempts; defaults to listing the options."""
    commands: PhraseSet | None = None
    """Commands the game takes at this step beside its answers (the Reader's sheet
    commands, "Ali gains two wealth"): heard like answers, never offered as options."""
    telling: TellingSpec | None = None
    """A timed storytelling turn (Scheherazade): the session hands the listening to the
    game's telling listener instead of matching one answer. None for ordinary steps."""
    in_full: str | None = None
    """What "all" says at this step: its lists read whole where the prompt or the hint
    caps them (:func:`~companion.framework.wording.capped_list`). None: every option
    offered."""
    offered: frozenset[Answer] | None = None
    """The answers offered as options (the table display's buttons, the spoken list), when
    the game offers fewer than it understands: the move step understands every space, to
    say "Khanbaliq is too far", and offers those in reach. None: every answer."""
    brief: str | None = None
    """The question said short once its player has answered it (:attr:`topic`): "Sara,
    roll to move." after "Sara, roll the die to move. Say your roll, or say roll for me."
    "help" still says the options."""
    topic: str | None = None
    """What makes two questions the same one, for :attr:`brief`: the asked player and what
    is asked ("move roll:Sara"), with whatever would make the full words worth hearing
    again (a new item to use). None: the question is said in full every time."""
    asks: str | None = None
    """The player the question is put to, by name, when the game knows better than its
    "whose turn" (during the Reader's setup "Ali, choose a skill" is asked while no turn is
    anyone's). None: the player whose turn it is, or the whole table when it is nobody's.
    The table display takes taps for it from that player's own page and the shared page
    (a secret: from that player's page only)."""
    private_options: bool = False
    """The options are the asked player's secret (the cards of a hand kept off the table):
    never listed aloud, nor shown but on that player's own page. The answer, once given,
    is said as usual (a card played is on the table)."""

    @property
    def kept_from_table(self) -> bool:
        """Whether the answers are the asked player's alone to see (a secret answer, or a
        secret hand's options): the table display shows them on that player's page only.

        >>> Step("Your goal?", YES_NO, private=True).kept_from_table
        True
        """
        return self.private or self.private_options

    def offers(self, value: Answer) -> bool:
        """Whether ``value``, one of :attr:`expects`, is offered as an option.

        >>> places = {Answer("Basra"): ["basra"], Answer("Khanbaliq"): ["khanbaliq"]}
        >>> step = Step("Where?", PhraseSet.from_templates(places),
        ...             offered=frozenset({Answer("Basra")}))
        >>> [value.intent for value in step.expects.values if step.offers(value)]
        ['Basra']
        """
        if not value.offered:
            return False
        return self.offered is None or value in self.offered

    def options_hint(self, language: str = "en") -> str:
        """What may be said now: the step's hint, else its options (the first few, and how
        many more; none when the options are a secret).

        >>> letters = PhraseSet.of(*"abcdefghi")
        >>> Step("Pick.", letters).options_hint()
        'You can say: a, b, c, d, e, f, or one of 3 more; say all to hear them.'
        >>> Step("Pick.", letters).options_in_full()
        'You can say: a, b, c, d, e, f, g, h or i.'
        >>> Step("Play a card.", letters, asks="Ali", private_options=True).options_hint()
        'Say your answer, or tap it on your own page.'
        """
        if self.hint:
            return self.hint
        return self._options(capped_list(self._labels(), _or(language), language), language)

    def options_in_full(self, language: str = "en") -> str:
        """What "all" says at this step: :attr:`in_full`, else every option offered."""
        if self.in_full:
            return self.in_full
        return self._options(spoken_list(self._labels(), _or(language)), language)

    def _labels(self) -> list[str]:
        """The offered answers as said, each said once (``the Palace costs N`` stands for
        every cost)."""
        labels = (self.expects.label(value) for value in self.expects.values if self.offers(value))
        return list(dict.fromkeys(labels))

    def _options(self, listed: str, language: str) -> str:
        if self.private_options:
            return said(language, "tap_your_answer")
        if not listed:
            return said(language, "type_your_answer")
        return said(language, "you_can_say", options=listed)


def _or(language: str) -> str:
    """The word "or" in ``language``."""
    return "o" if known(language) == "es" else "or"


class Dialogue(Protocol):
    """What every game's dialogue offers the session."""

    game: str
    """The game's registry name, e.g. ``"arabian-nights"``."""

    @property
    def finished(self) -> bool:
        """True once the game is over."""

    def step(self) -> Step:
        """The current question."""

    def answer(self, answer: Answer) -> list[Speech]:
        """Apply a matched answer and return what to say about it.

        Raises :class:`~companion.framework.errors.IllegalAction` when the answer is not
        allowed now.
        """

    def opening(self) -> list[Speech]:
        """What to say when a new game starts."""

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

    def story(self, answer: Answer, speeches: Sequence[Speech]) -> list[StoryLine]:
        """What of ``answer``, just applied, is worth telling in the night's chronicle;
        ``speeches`` is what the game said about it."""

    def night_title(self) -> str:
        """The game's name at the head of the night's chronicle, in its language."""

    # What the session, the observers and the pages show besides the question; the game
    # kit (companion.framework.kit.GameKit) declares each with its default.

    @property
    def language(self) -> Language:
        """The language the game is played in: the session's own words follow it."""

    @property
    def everyone_seated(self) -> bool:
        """Whether every player is known (the session may then offer to learn voices)."""

    def scoreboard(self) -> list[dict[str, str]]:
        """One row per player for the live view and the table page (empty: none)."""

    def board(self) -> list[str]:
        """Lines about the shared board for the table page (empty: none)."""

    def board_map(self) -> BoardMap | None:
        """The board drawn as a map for the table page (None: no map)."""

    def private_view(self, player: str) -> list[str]:
        """What only ``player`` may see on their own page (empty: nothing secret)."""

    # Optional: ``resumed() -> list[Speech]``, what to say when a saved game is resumed
    # (the kit's: welcome back, where the game stands; every question in full once more).


@dataclass(frozen=True)
class BoardMap:
    """A game's map for the table display (the hook ``board_map() -> BoardMap | None``)."""

    svg: str
    """The board drawn once, as a standalone SVG document."""
    markers: dict[str, tuple[float, float]]
    """Where each player's piece stands, in the SVG's coordinates."""
    highlighted: tuple[tuple[float, float], ...] = ()
    """Spaces the current question offers (the moves in reach), in the same coordinates."""
    highlighted_names: tuple[str, ...] = ()
    """The same spaces by name, as the drawing's ``data-space`` attributes name them (the
    page dims the others)."""


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
