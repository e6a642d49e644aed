"""The Tales of Arabia dialogue: setup questions, then every decision of the rules by voice.

The game kit asks the number of players and their names (unless ``--players`` gave
them); this dialogue asks their heroes. Then the rules core (:mod:`.rules`) says what it
waits for, :class:`StepBuilder` turns that into a question, and :class:`Narrator` speaks
what happened.

>>> from companion.framework.dialogue import GameOptions
>>> talk = TalesOfArabiaDialogue.new(GameOptions(seed=3, players=[("Ali", "m"), ("Sara", "f")]))
>>> talk.step().prompt.split("?")[0]
'Ali, which hero will you play'
>>> talk.answer(talk.step().expects.match("Aladdin").value)[0].text
'Ali plays Aladdin.'
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from pydantic import BaseModel

from companion.framework.answers import Answer
from companion.framework.dialogue import BoardMap, GameOptions, SeededRandom, Speech, Step
from companion.framework.errors import IllegalAction, PackError, SetupError
from companion.framework.kit import NUMBER, ROLL_FOR_ME, GameKit, Seating, new_dice
from companion.framework.phrases import normalize
from companion.framework.story import Chapter
from companion.framework.wording import spoken_list
from companion.games.tales_of_arabia import rules, table_view
from companion.games.tales_of_arabia.content.pack import Pack, load_pack
from companion.games.tales_of_arabia.dialogue.saved_state import check_saved_game
from companion.games.tales_of_arabia.dialogue.steps import (
    ROLL_TWO_FOR_ME,
    StepBuilder,
    choice_phrases,
    hero_choices,
)
from companion.games.tales_of_arabia.rules import Rules, new_game
from companion.games.tales_of_arabia.rules.state import GameState, SettingError, Settings
from companion.games.tales_of_arabia.speech import Narrator, spoken_name
from companion.games.tales_of_arabia.track_map import track_places, track_svg

MAX_PLAYERS_SHARED_HEROES = 8


@cache
def _tools(folder: str | None) -> tuple[Pack, Narrator, StepBuilder]:
    """The content pack of ``folder`` with its narrator and step builder (built once)."""
    pack = load_pack(folder)
    narrator = Narrator(pack)
    return pack, narrator, StepBuilder(pack, narrator)


class TalesState(BaseModel):
    """Everything the dialogue saves: setup answers, dice, settings and the game."""

    dice: SeededRandom
    settings: Settings = Settings()
    pack: str | None = None
    seating: Seating = Seating()
    heroes: list[str] = []
    game: GameState | None = None


class TalesOfArabiaDialogue(GameKit):
    """The :class:`~companion.framework.kit.GameKit` of Tales of Arabia: after the players, their
    heroes; then the rules core's pending decisions (phase ``play``)."""

    game = "tales-of-arabia"
    title = "Tales of Arabia"
    State = TalesState
    fixed_settings: ClassVar[dict[str, str]] = {"unique_heroes": "the heroes were chosen by it"}

    def apply_settings(self, settings: dict[str, str]) -> None:
        """The readings of the seed (scoring, payment, locations, stealing) may change."""
        current = {key: str(value) for key, value in self.state.settings.model_dump().items()}
        self.state.settings = Settings.from_options(current | settings)
        if self.state.game is not None:
            self.state.game.settings = self.state.settings

    def __init__(self, state: TalesState) -> None:
        try:
            self.pack, self.narrator, self.steps = _tools(state.pack)
        except PackError as error:
            raise SetupError(str(error)) from None
        super().__init__(state)

    @classmethod
    def initial_state(cls, options: GameOptions) -> TalesState:
        try:
            settings = Settings.from_options(options.settings)
        except SettingError as error:
            raise SetupError(str(error)) from None
        return TalesState(dice=new_dice(options), settings=settings, pack=options.pack)

    def check_restored(self) -> None:
        try:
            check_saved_game(self.state.game, self.pack)
        except PackError as error:
            raise SetupError(str(error)) from None

    def max_players(self) -> int:
        if self.state.settings.unique_heroes:
            return len(self.pack.heroes)
        return MAX_PLAYERS_SHARED_HEROES

    def game_phase(self) -> str:
        return "hero" if len(self.state.heroes) < self.state.seating.count else "play"

    def chapter(self) -> Chapter | None:
        """A turn of one hero, once the turn order is rolled."""
        game = self.state.game
        if game is None or game.turn_number == 0:
            return None
        return Chapter(turn=game.turn_number, player=game.players[game.current].name)

    # ------------------------------------------------------------------ protocol

    @property
    def finished(self) -> bool:
        return self.state.game is not None and self.state.game.finished

    def opening(self) -> list[Speech]:
        return [
            Speech(f"Welcome to {self.title}."),
            Speech(
                "Heroes set out from Baghdad to win Fortune, Fame and Faith. "
                "Say your dice rolls, or ask me to roll for you.",
                reading=True,
            ),
        ]

    def status(self, player: str | None = None) -> str:
        game = self.state.game
        if game is None:
            return "We are still setting up the game."
        chosen = self._find_player(player) if player else game.players[self._acting()]
        return self.narrator.status(game, chosen)

    def scoreboard(self) -> list[dict[str, str]]:
        """Each hero's row for the table display."""
        game = self.state.game
        return table_view.scoreboard(self.narrator, game) if game else []

    def board_map(self) -> BoardMap | None:
        """The track drawn, with the cards lying on it and every hero's piece."""
        game = self.state.game
        if game is None:
            return None
        where = track_places(self.pack.board.spaces)
        pieces = {player.name: where[player.space] for player in game.players}
        cards = {space: card for space, card in game.board.items() if space in where}
        return BoardMap(track_svg(self.pack.board, cards), pieces)

    def board(self) -> list[str]:
        """The track and the cards on it, for the table display."""
        game = self.state.game
        return table_view.board(self.narrator, game) if game else []

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

    # ------------------------------------------------------------------ heroes

    def _ask_hero(self) -> Step:
        free = self._free_heroes()
        offers = spoken_list((spoken_name(h) for h in free), "or")
        name = self.state.seating.names[len(self.state.heroes)]
        everyone = [hero.name for hero in self.pack.heroes]
        return Step(
            f"{name}, which hero will you play? Say {offers}.",
            choice_phrases(hero_choices(self.pack, everyone)),
            offered=frozenset(Answer(hero) for hero in free),
        )

    def _on_hero(self, answer: Answer) -> list[Speech]:
        state = self.state
        hero_name = answer.intent
        free = self._free_heroes()
        if hero_name not in free:
            taken = state.seating.names[state.heroes.index(hero_name)]
            others = spoken_list((spoken_name(h) for h in free), "or")
            raise IllegalAction(
                f"{spoken_name(hero_name)} is {taken}'s hero: each hero is played once. "
                f"Choose {others}."
            )
        name = state.seating.names[len(state.heroes)]
        state.heroes.append(hero_name)
        hero = self.pack.hero(hero_name)
        speech = [
            Speech(f"{name} plays {spoken_name(hero.name)}."),
            Speech(hero.narration, reading=True),
        ]
        if len(state.heroes) == state.seating.count:
            speech += self._start_game()
        return speech

    def _free_heroes(self) -> list[str]:
        heroes = [hero.name for hero in self.pack.heroes]
        if not self.state.settings.unique_heroes:
            return heroes
        return [hero for hero in heroes if hero not in self.state.heroes]

    def _start_game(self) -> list[Speech]:
        state = self.state
        players = list(zip(state.seating.names, state.heroes, strict=True))
        state.game, events = new_game(self.pack, players, state.dice.next_rng(), state.settings)
        start = self.narrator.space_name(self.pack.board.start)
        return [
            Speech(f"The deck is shuffled, and everyone starts in {start}."),
            Speech("Each player rolls one die. The highest roll goes first.", kind="aside"),
            *self.narrator.speeches(events, state.game),
        ]

    # ------------------------------------------------------------------ the rules' decisions

    def _ask_play(self) -> Step:
        return self.steps.step(self.state.game)

    def _on_play(self, answer: Answer) -> list[Speech]:
        game, rng = self.state.game, self.state.dice.next_rng()
        try:
            events = Rules(self.pack, game).answer(_rules_move(answer), rng)
        except IllegalAction:
            raise IllegalAction(f"That does not fit now. {self.step().options_hint()}") from None
        return self.narrator.speeches(events, game)

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


def _rules_move(answer: Answer) -> str:
    """The rules core's word for an answer: a roll's digits, "roll", an option's name."""
    if answer.intent == NUMBER:
        return str(answer[NUMBER])
    if answer == ROLL_FOR_ME:
        return rules.ROLL_FOR_ME
    if answer == ROLL_TWO_FOR_ME:
        return rules.ROLL_TWO_FOR_ME
    return answer.intent
