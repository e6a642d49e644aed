"""The game kit: one base for every game's dialogue, the way python-chess's ``variant.py``
gives every chess variant one board class with hooks to override.

Every game's dialogue (the Reader, Tales of Arabia, Samarande, Scheherazade) subclasses
:class:`GameKit` and writes, for each phase of its game, one pair of methods:

* ``_ask_<phase>(self) -> Step``: what to ask now, and the answers expected;
* ``_on_<phase>(self, answer: Answer) -> list[Speech]``: apply one answer, say what
  happened, and move the state on.

:meth:`GameKit.phase` names the current phase (by default the state's ``phase`` field).
The kit brings the phases every game starts with (``count``, ``name`` and, for a game
whose rules use it, ``gender``, asked right after each name), the game-over phase, the
shared dice answers and roll steps (:func:`dice_phrases`, :func:`roll_step`,
:func:`rolled`), and ``new``/``restore``/``spec`` for the registry. Rules problems are
:class:`~companion.framework.errors.IllegalAction` (the session rolls back and speaks the reason);
bad options are :class:`~companion.framework.errors.SetupError`.

>>> dice = dice_phrases(1, 6)
>>> dice.match("I rolled a 4").value
Answer(intent='number', slots=(('number', 4),))
>>> dice.match("please roll the dice for me").value == ROLL_FOR_ME
True
>>> dice = SeededRandom(seed=1)
>>> rolled(Answer.of("number", number=4), dice, 1, 6), dice.draws
(4, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ValidationError

from companion.framework.answers import NUMBER, OUT_OF_RANGE, Answer
from companion.framework.dialogue import (
    BoardMap,
    GameOptions,
    GameSpec,
    SeededRandom,
    Speech,
    Step,
)
from companion.framework.errors import IllegalAction, SaveError, SetupError
from companion.framework.phrases import PhraseSet, normalize, number_to_words
from companion.framework.story import Chapter, StoryLine, Told, story_lines
from companion.framework.words import Language
from companion.framework.words import said as said_in
from companion.framework.words.setup import count_templates, heard_numbers, kit_said, spelled

HEARD_NUMBERS = range(13)
"""The numbers a number step hears, allowed or not."""
ROLL_FOR_ME = Answer("roll for me")
"""The answer asking the companion to roll the dice itself."""
DICE_TEMPLATES = ("{n}", "[i] roll[ed] [a|an] {n}", "[it is] [a|an] {n}")
"""How a player says a roll; ``{n}`` is the number."""
ROLL_FOR_ME_TEMPLATES = (
    "roll for me",
    "you roll",
    "[please] roll [it|the die|the dice] [for me]",
    "random",
)
"""How a player asks the companion to roll."""


number = Answer.number


@cache
def number_phrases(
    low: int,
    high: int,
    templates: tuple[str, ...] = ("{n}",),
    heard: range = HEARD_NUMBERS,
    language: str = "en",
) -> PhraseSet:
    """One answer per number from ``low`` to ``high``, each said through ``templates``
    in ``language``; the other ``heard`` numbers are answers too, out of range.

    >>> players = number_phrases(2, 4, ("{n} players",))
    >>> players.match("three players").value["number"]
    3
    >>> players.match("nine players").value
    Answer(intent='out of range', slots=(('number', 9),))
    >>> number_phrases(1, 4, ("{n} narradores",), language="es").match("tres narradores").value
    Answer(intent='number', slots=(('number', 3),))
    """
    allowed = range(low, high + 1)
    choices = {
        Answer.of(NUMBER if n in allowed else OUT_OF_RANGE, number=n): [
            template.replace("{n}", heard_numbers(language, n)) for template in templates
        ]
        for n in (*allowed, *(n for n in heard if n not in allowed))
    }
    labels = {value: str(value[NUMBER]) for value in choices if value.intent == NUMBER}
    return PhraseSet.from_templates(choices, labels=labels)


ROLL_FOR_ME_PHRASES = PhraseSet.from_templates(
    {ROLL_FOR_ME: ROLL_FOR_ME_TEMPLATES}, labels={ROLL_FOR_ME: "roll for me"}
)
"""The answer "roll for me" alone, for a step that adds it to its own answers."""


@cache
def dice_phrases(low: int = 1, high: int = 6, roll_for_me: bool = True) -> PhraseSet:
    """Every roll from ``low`` to ``high``, and "roll for me" unless ``roll_for_me`` is off."""
    rolls = number_phrases(low, high, DICE_TEMPLATES)
    return rolls | ROLL_FOR_ME_PHRASES if roll_for_me else rolls


def roll_hint(low: int, high: int) -> str:
    """What a roll may be, said for "help" and when a number is out of range.

    >>> roll_hint(1, 6)
    'A die shows one to six. Say the number you rolled, or say roll for me.'
    """
    if (low, high) == (1, 6):
        return "A die shows one to six. Say the number you rolled, or say roll for me."
    low_words, high_words = number_to_words(low), number_to_words(high)
    return f"Say the number you rolled, from {low_words} to {high_words}, or say roll for me."


def roll_step(prompt: str, low: int = 1, high: int = 6, expects: PhraseSet | None = None) -> Step:
    """A step asking for one roll from ``low`` to ``high``: it hears the rolls and "roll for
    me" (or ``expects``, for a step that hears more beside them), and says :func:`roll_hint`
    for "help".

    >>> step = roll_step("Roll for the storm.")
    >>> step.expects.match("five").value["number"], step.hint == roll_hint(1, 6)
    (5, True)
    """
    rolls = dice_phrases(low, high) if expects is None else expects
    return Step(prompt, rolls, hint=roll_hint(low, high))


def rolled(answer: Answer, dice: SeededRandom, low: int = 1, high: int = 6) -> int:
    """The number said, or, when the answer is "roll for me", a roll of the game's
    ``dice`` (a draw is used only then, so said rolls leave the dice as they were)."""
    if answer.intent == NUMBER:
        return int(answer[NUMBER])
    return dice.next_rng().randint(low, high)


def new_dice(options: GameOptions) -> SeededRandom:
    """The game's dice: the command line's seed, or a fresh one (saved with the game)."""
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**9)
    return SeededRandom(seed=seed)


class Seating(BaseModel):
    """Who plays: asked at setup by the kit, or given with ``--players``."""

    count: int | None = None
    names: list[str] = []
    genders: list[str] = []
    """"m" or "f" per player, only for a game whose rules use gender."""
    told: list[str] = []
    """The questions each player has answered once, said briefly since: the
    :attr:`~companion.framework.dialogue.Step.topic` of each (forgotten on resuming, so a
    table back from a break hears each question in full once more)."""


class GameKit:
    """Base of every game's dialogue (see the module docstring): the whole game contract.

    Subclasses set the class attributes, give their state model a ``seating`` field
    (:class:`Seating`), implement the hooks that raise :class:`NotImplementedError`
    (:meth:`initial_state`, :attr:`finished`, :meth:`opening`, :meth:`status`,
    :meth:`whose_turn`), plus one ``_ask_``/``_on_`` pair per phase of their own. Every
    other hook has a default, written here, that a game overrides where it has more to
    say: :meth:`seated`, :meth:`game_phase`, :meth:`max_players`, :meth:`check_restored`,
    :attr:`language`, :meth:`scoreboard`, :meth:`board`, :meth:`board_map`,
    :meth:`private_view`. The session, its observers and the table pages call these
    hooks and nothing else of a game.

    >>> class Nothing(GameKit):
    ...     game, title = "nothing", "nothing"
    >>> game = Nothing(state=None)
    >>> game.language, game.scoreboard(), game.board(), game.board_map(), game.private_view("Ali")
    ('en', [], [], None, [])
    """

    game: ClassVar[str]
    """The registry name, e.g. ``"tales-of-arabia"``."""
    title: ClassVar[str]
    """The spoken title."""
    State: ClassVar[type[BaseModel]]
    """The pydantic model of the whole saved state."""
    min_players: ClassVar[int] = 2
    uses_gender: ClassVar[bool] = False
    """True for a game whose rules treat men and women differently (the Reader's Court):
    each player is then asked their hero's gender right after their name."""
    gender_reason: ClassVar[str] = "the rules use gender"
    """Why a game with ``uses_gender`` needs each player's gender, for its setup error."""
    players_called: ClassVar[tuple[str, str]] = ("players", "jugadores")
    """What the game calls its players, in English and Spanish (Scheherazade: storytellers)."""
    words: ClassVar[dict[str, tuple[str, str]]] = {}
    """The game's own wording of the kit's setup sentences (a key of
    :data:`~companion.framework.words.setup.KIT_SAYINGS` -> English, Spanish); an empty
    wording says nothing."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self._asked: tuple[str, str | None] | None = None
        """The phase and topic of the question :meth:`step` asked last."""
        self._noted: list[StoryLine] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        asks = {name.removeprefix("_ask_") for name in dir(cls) if name.startswith("_ask_")}
        ons = {name.removeprefix("_on_") for name in dir(cls) if name.startswith("_on_")}
        if asks != ons:
            raise TypeError(f"{cls.__name__}: phases without both _ask_ and _on_: {asks ^ ons}")

    # -- hooks a game overrides -----------------------------------------------------------

    @classmethod
    def initial_state(cls, options: GameOptions) -> BaseModel:
        """The state of a new game before setup (raise SetupError for bad options)."""
        raise NotImplementedError

    def check_restored(self) -> None:
        """Refuse (SetupError) a restored state the rules cannot use, e.g. a card the pack
        lacks; pydantic has already checked its shape."""

    def max_players(self) -> int:
        """How many may play (may depend on the settings)."""
        return 6

    fixed_settings: ClassVar[dict[str, str]] = {}
    """Settings that cannot change in the middle of a game, each with why (``--set`` on
    ``--resume`` refuses them)."""

    def change_settings(self, settings: dict[str, str]) -> list[str]:
        """Apply ``--set`` pairs given when a saved game is resumed; return each change in
        words. A setting fixed since the game began (:attr:`fixed_settings`), an unknown
        one or a wrong value is a :class:`SetupError` naming it, and nothing changes."""
        for key in settings:
            if key in self.fixed_settings:
                raise SetupError(
                    f"{key} cannot change in the middle of a game: {self.fixed_settings[key]}; "
                    "start a new game with --new to change it"
                )
        if not settings:
            return []
        self.apply_settings(settings)
        return [f"{key}={value}" for key, value in settings.items()]

    def apply_settings(self, settings: dict[str, str]) -> None:
        """Change the game's settings now (a game with settings overrides this)."""
        raise SetupError(f"{self.title} has no settings to change; its rules are fixed")

    def seated(self) -> list[Speech]:
        """Called once every player is known: start the game's own phases."""
        return []

    def night_title(self) -> str:
        """The game's name at the head of the night's chronicle, in the game's language
        (default: the spoken title, "the Tales of Arabia" as "Tales of Arabia")."""
        title = self.title.removeprefix("the ")
        return title[:1].upper() + title[1:]

    def chapter(self) -> Chapter | None:
        """The chapter of the night now, for the chronicle: a turn and whose it is (a new
        turn count starts a new chapter). None, the default, before the game's turns
        begin (setup) and for a game without turns."""
        return None

    def story(self, answer: Answer, speeches: Sequence[Speech]) -> list[StoryLine]:
        """What of ``answer``, just applied, is worth telling in the night's chronicle;
        ``speeches`` is what the game said about it.

        The default tells what the game noted while answering (:meth:`note`), then every
        speech said aloud by its kind (:func:`story_lines`): private speeches and asides
        (``Speech(kind="aside")``, such as the kit's welcome of each player, whom the
        chronicle names at its head) are left out. A game overrides it to tell more (a
        tale told, from the answer that reports it).
        """
        return [*self._noted, *story_lines(speeches)]

    def note(self, text: str, told: Told = Told.NARRATION, quote: str | None = None) -> None:
        """Tell the chronicle ``text`` about the answer being applied without saying it:
        what an instruction to the table did, in the words of a story ("Ali takes the
        card in place 3." for "Take the card in place 3. 4 action points left."), or a
        tale told with ``quote``, what was heard of it."""
        self._noted.append(StoryLine(text=text, told=told, quote=quote))

    def phase(self) -> str:
        """The current phase: the setup phases first, then the game's own, then "over"."""
        if self.finished:
            return "over"
        return self._seating_phase() or self.game_phase()

    @property
    def everyone_seated(self) -> bool:
        """Whether every player is known (names, and genders where the rules use them)."""
        return self._seating_phase() is None

    def game_phase(self) -> str:
        """The game's own phase once everyone is seated (the state's ``phase`` field)."""
        return self.state.phase

    @property
    def finished(self) -> bool:
        """True once the game is over (the session then stops asking)."""
        raise NotImplementedError

    def opening(self) -> list[Speech]:
        """What to say when a new game starts (nothing is said again on resume)."""
        raise NotImplementedError

    def status(self, player: str | None = None) -> str:
        """A spoken summary of one player's state (the current player by default)."""
        raise NotImplementedError

    def whose_turn(self) -> str:
        """A spoken sentence saying whose turn it is."""
        raise NotImplementedError

    # -- what the session and the pages show besides the question ---------------------------

    @property
    def language(self) -> Language:
        """The language the game is played in; the session's own words, its global
        commands and the yes or no of a confirmation follow it."""
        return "en"

    def scoreboard(self) -> list[dict[str, str]]:
        """One row per player (column name to value) for the live view and the table page;
        empty: the page shows each player's spoken status instead."""
        return []

    def board(self) -> list[str]:
        """Lines about the shared board for the table page (decks, cards lying out)."""
        return []

    def board_map(self) -> BoardMap | None:
        """The board drawn as a map with the players' pieces, for the table page."""
        return None

    def private_view(self, player: str) -> list[str]:
        """What only ``player`` may see on their own page (a secret goal, a hand)."""
        return []

    # -- the registry -----------------------------------------------------------------------

    @classmethod
    def new(cls, options: GameOptions) -> Self:
        """A new game from the command line's options (:class:`SetupError` when wrong)."""
        dialogue = cls(cls.initial_state(options))
        if options.players:
            dialogue._seat(options.players)
            dialogue.seated()
        return dialogue

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Self:
        """Rebuild a game from :meth:`to_save` data (:class:`SaveError` when unusable)."""
        try:
            dialogue = cls(cls.State.model_validate(data))
            dialogue.check_restored()
            return dialogue
        except (ValidationError, SetupError) as error:
            reason = " ".join(str(error).split())[:300]
            title = cls.title.removeprefix("the ")
            raise SaveError(f"this is not a {title} game I can resume: {reason}") from None

    @classmethod
    def spec(cls, **extra: Any) -> GameSpec:
        """The registry entry of this game (``GAME = MyDialogue.spec()`` in ``game.py``)."""
        return GameSpec(name=cls.game, title=cls.title, new=cls.new, restore=cls.restore, **extra)

    # -- the dialogue protocol ---------------------------------------------------------------

    def step(self) -> Step:
        """The phase's question: in full the first time its player hears it (its
        :attr:`~companion.framework.dialogue.Step.topic`), briefly once they have answered it."""
        phase = self.phase()
        step = getattr(self, f"_ask_{phase}")()
        self._asked = (phase, step.topic)
        if step.brief is not None and step.topic in self.state.seating.told:
            return replace(step, prompt=step.brief)
        return step

    def answer(self, answer: Answer) -> list[Speech]:
        """Apply one answer. A number out of the step's range is refused here, saying what
        is allowed; anything but an :class:`Answer` is a TypeError (words typed at a step
        are the step's answer only once matched: ``step.expects.match(words).value``, or
        ``Answer.free(words)`` at a free step)."""
        if not isinstance(answer, Answer):
            raise TypeError(f"a game is answered with an Answer, not {answer!r}")
        phase = self.phase()
        self._noted = []
        if answer.intent == OUT_OF_RANGE:
            said = number_to_words(int(answer[NUMBER]))
            raise IllegalAction(f"Not {said}. {self.step().options_hint()}")
        topic = self._topic(phase)
        speeches = getattr(self, f"_on_{phase}")(answer)
        told = self.state.seating.told
        if topic is not None and topic not in told:
            told.append(topic)
        return speeches

    def _topic(self, phase: str) -> str | None:
        """The topic of the question being answered: the one :meth:`step` just asked (the
        session always asks before it hears), else asked again (a script's answers)."""
        asked, self._asked = self._asked, None
        if asked is not None and asked[0] == phase:
            return asked[1]
        return getattr(self, f"_ask_{phase}")().topic

    def resumed(self) -> list[Speech]:
        """What a resumed game says before its question: welcome back, and where the game
        stands (:meth:`where_we_are`). Every question is said in full once more."""
        self.state.seating.told.clear()
        welcome = said_in(self.language, "welcome_back", title=self.night_title())
        return [Speech(f"{welcome} {self.where_we_are()}".strip())]

    def where_we_are(self) -> str:
        """Where a resumed game stands: whose turn it is (a game adds what was met); the
        question being decided is asked next."""
        if self.finished or not self.everyone_seated:
            return ""
        return self.whose_turn()

    def player_names(self) -> list[str]:
        return list(self.state.seating.names)

    def to_save(self) -> dict[str, Any]:
        return self.state.model_dump(mode="json")

    # -- shared setup --------------------------------------------------------------------------

    def _seating_phase(self) -> str | None:
        seating = self.state.seating
        if seating.count is None:
            return "count"
        if self.uses_gender and len(seating.genders) < len(seating.names):
            return "gender"
        if len(seating.names) < seating.count:
            return "name"
        return None

    def _seat(self, players: Sequence[tuple[str, str]]) -> None:
        """Seat the players of ``--players`` (:class:`SetupError` when they cannot play)."""
        self._check_count(len(players), SetupError)
        for name, gender in players:
            self._check_name(name, SetupError)
            if self.uses_gender and gender not in ("m", "f"):
                raise SetupError(f"{self.gender_reason}: write {name}:m or {name}:f")
            self.state.seating.names.append(name.strip())
            if self.uses_gender:
                self.state.seating.genders.append(gender)
        self.state.seating.count = len(players)

    def _kit_said(self, key: str, **values: object) -> str:
        """The kit's sentence ``key`` in the game's language, worded as the game words it."""
        players = self.players_called[1 if self.language == "es" else 0]
        own = self.words.get(key)
        if own is None:
            return kit_said(self.language, key, players=players, **values)
        return own[1 if self.language == "es" else 0].format(players=players, **values)

    def _kit_speech(self, key: str, **values: object) -> list[Speech]:
        """The kit's sentence ``key`` as an aside (no part of the night's story)."""
        text = self._kit_said(key, **values)
        return [Speech(text, kind="aside")] if text else []

    def _count_range(self) -> dict[str, str]:
        low, high = self.min_players, self.max_players()
        return {"low": spelled(self.language, low), "high": spelled(self.language, high)}

    def _check_count(self, count: int, error: type[Exception] = IllegalAction) -> None:
        if not self.min_players <= count <= self.max_players():
            raise error(self._kit_said("count_hint", **self._count_range()))

    def _check_name(self, name: str, error: type[Exception] = IllegalAction) -> None:
        spoken = normalize(name)
        if not spoken:
            raise error(self._kit_said("name_needs_letter"))
        for taken in self.state.seating.names:
            if normalize(taken) == spoken:
                raise error(self._kit_said("name_taken", taken=taken))

    def _ask_count(self) -> Step:
        players = self.players_called[1 if self.language == "es" else 0]
        templates = count_templates(self.language, players)
        return Step(
            self._kit_said("ask_count", **self._count_range()),
            number_phrases(self.min_players, self.max_players(), templates, language=self.language),
            hint=self._kit_said("count_hint", **self._count_range()),
        )

    def _on_count(self, answer: Answer) -> list[Speech]:
        count = int(answer.get(NUMBER, 0))
        self._check_count(count)
        self.state.seating.count = count
        if count == 1:
            return self._kit_speech("one_player")
        return self._kit_speech("players_welcome", count=spelled(self.language, count).capitalize())

    def _ask_name(self) -> Step:
        position = spelled(self.language, len(self.state.seating.names) + 1)
        return Step(
            self._kit_said("ask_name", position=position),
            PhraseSet(()),
            free_text=True,
            hint=self._kit_said("name_hint"),
        )

    def _on_name(self, answer: Answer) -> list[Speech]:
        name = " ".join(answer.words.split())
        if name.islower():
            name = name.title()
        self._check_name(name)
        self.state.seating.names.append(name)
        return [*self._kit_speech("welcome", name=name), *self._after_seating()]

    def _ask_gender(self) -> Step:
        name = self.state.seating.names[len(self.state.seating.genders)]
        return Step(
            f"{name}, is your hero a man or a woman?",
            PhraseSet.from_templates(
                {
                    Answer("m"): ["[a] man", "male", "he", "him", "m"],
                    Answer("f"): ["[a] woman", "female", "she", "her", "f"],
                },
                labels={Answer("m"): "man", Answer("f"): "woman"},
            ),
        )

    def _on_gender(self, answer: Answer) -> list[Speech]:
        self.state.seating.genders.append(answer.intent)
        return self._after_seating()

    def _after_seating(self) -> list[Speech]:
        return [] if self._seating_phase() else self.seated()

    def _ask_over(self) -> Step:
        return Step(self._kit_said("over"), PhraseSet(()))

    def _on_over(self, answer: Answer) -> list[Speech]:
        raise IllegalAction(self._kit_said("over"))
