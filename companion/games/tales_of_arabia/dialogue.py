"""The Tales of Arabia dialogue: setup questions, then every decision of the rules by voice.

Setup asks the number of players, their names (unless ``--players`` gave them) and their
heroes. Then the rules core (:mod:`.rules`) says what it waits for, :class:`StepBuilder`
turns that into a question, and :class:`Narrator` speaks what happened.

>>> from companion.dialogue import GameOptions
>>> talk = TalesOfArabiaDialogue.new(GameOptions(seed=3, players=[("Ali", "m"), ("Sara", "f")]))
>>> talk.step().prompt.split("?")[0]
'Ali, which hero will you play'
>>> talk.answer("Aladdin")[0].text
'Ali plays Aladdin.'
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from companion.cli import ArgumentError
from companion.dialogue import GameOptions, InvalidAnswer, SeededRandom, Speech, Step
from companion.games.number_answers import numbers_said, out_of_range
from companion.games.tales_of_arabia.content import Pack, PackError, load_pack
from companion.games.tales_of_arabia.narration import Narrator, spoken_name
from companion.games.tales_of_arabia.rules import IllegalActionError, Rules, new_game
from companion.games.tales_of_arabia.saved_state import check_saved_game
from companion.games.tales_of_arabia.state import GameState, SettingError, Settings
from companion.games.tales_of_arabia.steps import StepBuilder, choice_phrases, hero_choices
from companion.phrases import PhraseSet, normalize, number_to_words
from companion.saves import SaveError
from companion.wording import spoken_list

GAME_NAME = "tales-of-arabia"
TITLE = "Tales of Arabia"
MIN_PLAYERS = 2
MAX_PLAYERS_SHARED_HEROES = 8


@cache
def _tools(folder: str | None) -> tuple[Pack, Narrator, StepBuilder]:
    """The content pack of ``folder`` with its narrator and step builder (built once)."""
    pack = load_pack(folder)
    narrator = Narrator(pack)
    return pack, narrator, StepBuilder(pack, narrator)


def _seed(options: GameOptions) -> int:
    """The seed of the command line, or a fresh one (saved with the game) when none."""
    return options.seed if options.seed is not None else random.SystemRandom().randrange(10**9)


class GameSetupError(ArgumentError):
    """The options of a new game cannot start one (players, settings or content pack)."""


class TalesState(BaseModel):
    """Everything the dialogue saves: setup answers, dice, settings and the game."""

    dice: SeededRandom
    settings: Settings = Settings()
    pack: str | None = None
    player_count: int | None = None
    names: list[str] = []
    heroes: list[str] = []
    game: GameState | None = None


class TalesOfArabiaDialogue:
    """The :class:`~companion.dialogue.Dialogue` of Tales of Arabia."""

    game = GAME_NAME

    def __init__(self, state: TalesState) -> None:
        self.state = state
        self.pack, self.narrator, self.steps = _tools(state.pack)

    @classmethod
    def new(cls, options: GameOptions) -> TalesOfArabiaDialogue:
        """A new game from the command line's options."""
        try:
            settings = Settings.from_options(options.settings)
            state = TalesState(
                dice=SeededRandom(seed=_seed(options)),
                settings=settings,
                pack=options.pack,
            )
            dialogue = cls(state)
        except (SettingError, PackError) as error:
            raise GameSetupError(str(error)) from None
        if options.players:
            names = [name for name, _ in options.players]
            dialogue._check_count(len(names))
            for name in names:
                dialogue._check_name(name, state.names)
                state.names.append(name.strip())
            state.player_count = len(names)
        return dialogue

    @classmethod
    def restore(cls, data: dict[str, Any]) -> TalesOfArabiaDialogue:
        """Rebuild a game from :meth:`to_save` data (:class:`SaveError` when unusable)."""
        try:
            dialogue = cls(TalesState.model_validate(data))
            check_saved_game(dialogue.state.game, dialogue.pack)
            return dialogue
        except (ValidationError, PackError) as error:
            raise SaveError(
                f"this is not a Tales of Arabia game the rules can use: {error}"
            ) from None

    # ------------------------------------------------------------------ protocol

    @property
    def finished(self) -> bool:
        return self.state.game is not None and self.state.game.finished

    def opening(self) -> list[Speech]:
        return [
            Speech(f"Welcome to {TITLE}."),
            Speech(
                "Heroes set out from Baghdad to win Fortune, Fame and Faith. "
                "Say your dice rolls, or ask me to roll for you.",
                reading=True,
            ),
        ]

    def step(self) -> Step:
        state = self.state
        if state.player_count is None:
            return Step(
                f"How many players? Say a number from two to {self._max_players_words()}.",
                numbers_said(
                    range(MIN_PLAYERS, self._max_players() + 1),
                    ["{n}", "{n} players", "we are {n}"],
                    range(13),
                ),
                hint=f"This game is for two to {self._max_players_words()} players.",
            )
        if len(state.names) < state.player_count:
            return Step(
                f"Player {number_to_words(len(state.names) + 1)}, what is your name?",
                PhraseSet(()),
                free_text=True,
                hint="Type or say your name.",
            )
        if len(state.heroes) < state.player_count:
            free = self._free_heroes()
            expects = choice_phrases(hero_choices(self.pack, free))
            offers = spoken_list((spoken_name(h) for h in free), "or")
            return Step(
                f"{state.names[len(state.heroes)]}, which hero will you play? Say {offers}.",
                expects,
            )
        if self.finished:
            return Step("The game is over.", PhraseSet(()))
        return self.steps.step(state.game)

    def answer(self, value: str) -> list[Speech]:
        state = self.state
        if state.player_count is None:
            count = int(value) if value.isdigit() else 0
            self._check_count(count, InvalidAnswer)
            state.player_count = count
            return [Speech(f"{normalize(value).capitalize()} players. Welcome, all of you.")]
        if len(state.names) < state.player_count:
            name = value.strip()
            self._check_name(name, state.names, InvalidAnswer)
            state.names.append(name)
            return [Speech(f"Welcome, {name}.")]
        if len(state.heroes) < state.player_count:
            return self._choose_hero(value)
        if self.finished:
            raise InvalidAnswer("The game is over.")
        said = out_of_range(value)
        if said is not None:
            raise InvalidAnswer(f"Not {number_to_words(said)}. {self.step().hint}")
        draws = state.dice.draws
        try:
            events = Rules(self.pack, state.game).answer(value, state.dice.next_rng())
        except IllegalActionError:
            state.dice.draws = draws  # a refused answer changes nothing, not even the dice
            raise InvalidAnswer(f"That does not fit now. {self.step().options_hint()}") from None
        return self.narrator.speeches(events, state.game)

    def status(self, player: str | None = None) -> str:
        game = self.state.game
        if game is None:
            return "We are still setting up the game."
        chosen = self._find_player(player) if player else game.players[self._acting()]
        return self.narrator.status(game, chosen)

    def whose_turn(self) -> str:
        game = self.state.game
        if game is None:
            return "We are still setting up the game."
        if game.finished:
            return "The game is over."
        current = game.players[game.current].name
        acting = game.players[self._acting()].name
        if game.turn_number == 0:
            return f"We are rolling for the turn order. {acting} rolls now."
        if acting != current:
            return f"It is {current}'s turn, and {acting} must answer now."
        return f"It is {current}'s turn."

    def player_names(self) -> list[str]:
        return list(self.state.names)

    def to_save(self) -> dict[str, Any]:
        return self.state.model_dump(mode="json")

    # ------------------------------------------------------------------ setup

    def _max_players(self) -> int:
        if self.state.settings.unique_heroes:
            return len(self.pack.heroes)
        return MAX_PLAYERS_SHARED_HEROES

    def _max_players_words(self) -> str:
        return number_to_words(self._max_players())

    def _check_count(self, count: int, error: type[Exception] = GameSetupError) -> None:
        if not MIN_PLAYERS <= count <= self._max_players():
            raise error(f"This game is for two to {self._max_players_words()} players.")

    @staticmethod
    def _check_name(name: str, taken: list[str], error: type[Exception] = GameSetupError) -> None:
        spoken = normalize(name)
        if not spoken:
            raise error("A name needs at least one letter.")
        if spoken in {normalize(other) for other in taken}:
            raise error(f"{name.strip()} is already playing. Please choose another name.")

    def _free_heroes(self) -> list[str]:
        heroes = [hero.name for hero in self.pack.heroes]
        if not self.state.settings.unique_heroes:
            return heroes
        return [hero for hero in heroes if hero not in self.state.heroes]

    def _choose_hero(self, value: str) -> list[Speech]:
        state = self.state
        if value not in self._free_heroes():
            raise InvalidAnswer(f"{value} is not free. Please choose another hero.")
        name = state.names[len(state.heroes)]
        state.heroes.append(value)
        hero = self.pack.hero(value)
        speech = [
            Speech(f"{name} plays {spoken_name(hero.name)}."),
            Speech(hero.narration, reading=True),
        ]
        if len(state.heroes) == state.player_count:
            speech += self._start_game()
        return speech

    def _start_game(self) -> list[Speech]:
        state = self.state
        players = list(zip(state.names, state.heroes, strict=True))
        state.game, events = new_game(self.pack, players, state.dice.next_rng(), state.settings)
        start = self.narrator.space_name(self.pack.board.start)
        return [
            Speech(f"The deck is shuffled, and everyone starts in {start}."),
            Speech("Each player rolls one die. The highest roll goes first."),
            *self.narrator.speeches(events, state.game),
        ]

    # ------------------------------------------------------------------ players

    def _acting(self) -> int:
        game = self.state.game
        return game.pending.player if game.pending else game.current

    def _find_player(self, name: str):
        game = self.state.game
        wanted = normalize(name)
        for player in game.players:
            if normalize(player.name) == wanted:
                return player
        return game.players[self._acting()]
