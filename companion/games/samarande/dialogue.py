"""Les Fils de Samarande, spoken: the companion referees and keeps the books.

The dialogue walks each turn through its four phases (protection test, taxes, actions,
end of turn), asks who rolled what and which card was taken or played, and keeps the
:class:`~companion.games.samarande.rules.Table`. Players keep their physical cards; the
companion keeps the money, the counts and the cities.

In ``mode=score`` it only scores final cities that the players dictate.

>>> dialogue = new_dialogue(GameOptions(seed=1, players=[("Ali", "m"), ("Zoe", "f")]))
>>> dialogue.step().prompt
'Who plays first? Say a name, or say roll for me.'
>>> [s.text for s in dialogue.answer("Ali")][-1]
"Ali's turn. No artisan at work, so no protection test and no taxes."
>>> dialogue.step().prompt
'Ali, 6 action points. What do you do?'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.cli import ArgumentError
from companion.dialogue import (
    YES_NO,
    GameOptions,
    InvalidAnswer,
    SeededRandom,
    Speech,
    Step,
)
from companion.games.samarande.card_play import CARD_ANSWERS, CARD_STEPS, CardPlay
from companion.games.samarande.catalogue import CatalogueError, load_catalogue
from companion.games.samarande.phrasing import (
    DICE,
    ROLL_FOR_ME,
    action_phrases,
    counted,
    district_label,
    labelled,
    names_phrases,
    points,
    split_artisan,
)
from companion.games.samarande.rules import (
    LINE_SIZE,
    IllegalActionError,
    Player,
    Settings,
    Table,
)
from companion.games.samarande.scoring import (
    DictationError,
    Tally,
    describe_city,
    item_phrases,
    parse_city,
    score_viziers,
    winners,
)
from companion.games.samarande.state import Mode, SamarandeState
from companion.phrases import PhraseSet, normalize
from companion.wording import spoken_list

GAME_NAME = "samarande"
TITLE = "Les Fils de Samarande"
DONE = "done"


class SettingError(ArgumentError):
    """A ``--set`` value is not one this game knows."""


def parse_settings(values: dict[str, str]) -> tuple[Mode, Settings]:
    """``{"mode": "score", "joker_upkeep": "once"}`` -> the mode and the rule settings."""
    values = dict(values)
    mode = values.pop("mode", "play")
    if mode not in ("play", "score"):
        raise SettingError(f"mode={mode}: use mode=play or mode=score")
    known = Settings.model_fields
    for key in values:
        if key not in known:
            raise SettingError(f"unknown setting {key}; known: mode, {', '.join(known)}")
    try:
        settings = Settings.model_validate(values)
    except ValueError as error:
        raise SettingError(f"bad setting: {error.errors()[0]['msg']}") from None
    return mode, settings


def new_dialogue(options: GameOptions) -> SamarandeDialogue:
    """Start a game (or a scoring) from the command line's options."""
    mode, settings = parse_settings(options.settings)
    try:
        catalogue = load_catalogue(options.pack)
    except CatalogueError as error:
        raise SettingError(str(error)) from None
    state = SamarandeState(
        mode=mode,
        catalogue=catalogue,
        settings=settings,
        dice=SeededRandom(seed=options.seed if options.seed is not None else 0),
    )
    dialogue = SamarandeDialogue(state)
    if options.players:
        if not 2 <= len(options.players) <= 5:
            raise SettingError("Les Fils de Samarande is played by two to five viziers")
        state.names = [(name, gender) for name, gender in options.players]
        state.expected_players = len(state.names)
        dialogue._players_known()
    return dialogue


def restore_dialogue(data: dict[str, Any]) -> SamarandeDialogue:
    return SamarandeDialogue(SamarandeState.model_validate(data))


class SamarandeDialogue(CardPlay):
    """The spoken referee of Les Fils de Samarande (see the module docstring)."""

    game = GAME_NAME

    def __init__(self, state: SamarandeState) -> None:
        self.state = state

    @property
    def finished(self) -> bool:
        return self.state.stage == "over"

    def step(self) -> Step:
        return _STEPS[self.state.stage](self)

    def answer(self, value: str) -> list[Speech]:
        """Apply ``value``; on refusal the state is restored and the reason raised."""
        step = self.step()
        if not step.free_text and value not in step.expects.values:
            raise InvalidAnswer("That is not one of the choices. " + step.options_hint())
        before = self.state.copy_deep()
        try:
            return _ANSWERS[self.state.stage](self, value)
        except (IllegalActionError, InvalidAnswer, DictationError) as error:
            self.state = before
            raise InvalidAnswer(str(error)) from None

    def opening(self) -> list[Speech]:
        if self.state.mode == "score":
            return [Speech(f"{TITLE}: I will score your final cities.")]
        return [Speech(f"Welcome to {TITLE}. I keep the bank, the gold and the cities.")]

    def status(self, player: str | None = None) -> str:
        if self.state.mode == "score" and self.state.dictated:
            return self._dictated_status(player)
        if self.state.table is None:
            return "We are still setting up."
        table = self.table
        try:
            who = table.player(player) if player else table.current
        except IllegalActionError as error:
            return str(error)
        city = who.city
        artisans = sum(len(d.artisans) for d in city.districts)
        words = (
            f"{who.name} has {counted(who.gold, 'gold')}, {counted(who.hand, 'card')} in hand, "
            f"{counted(len(city.districts), 'district')}, {counted(artisans, 'artisan')} "
            f"and {counted(len(city.guards), 'guard')}."
        )
        keepsakes = [item.card for item in table.in_play if item.holder == who.name]
        if keepsakes:
            words += f" In front of {who.name}: {', '.join(keepsakes)}."
        return words + (
            f" The bank holds {table.bank} gold, the deck {table.deck} cards "
            f"and the line {sum(table.line)}."
        )

    def _dictated_status(self, player: str | None) -> str:
        names = self.player_names()
        index = min(self.state.dictating, len(names) - 1)
        if player is not None:
            if player not in names:
                return f"Nobody called {player} plays."
            index = names.index(player)
        return f"{names[index]}'s city: {describe_city(self.state.dictated[index])}."

    def whose_turn(self) -> str:
        if self.state.table is None or self.state.mode == "score":
            return "We are setting up." if self.state.table is None else "We are scoring."
        if self.finished:
            return "The game is over."
        table = self.table
        return f"It is {table.current.name}'s turn, with {points(table.action_points)} left."

    def player_names(self) -> list[str]:
        return [name for name, _ in self.state.names]

    def to_save(self) -> dict[str, Any]:
        return self.state.model_dump(mode="json")

    def _step_count(self) -> Step:
        return Step("How many viziers play? Two to five.", PhraseSet.numbers(range(2, 6)))

    def _answer_count(self, value: str) -> list[Speech]:
        self.state.expected_players = int(value)
        self.state.stage = "name"
        return []

    def _step_name(self) -> Step:
        number = len(self.state.names) + 1
        return Step(f"Name of vizier number {number}?", PhraseSet.of(), free_text=True)

    def _answer_name(self, value: str) -> list[Speech]:
        name = " ".join(value.split())
        if not name:
            raise InvalidAnswer("Please say a name.")
        if normalize(name) in {normalize(known) for known in self.player_names()}:
            raise InvalidAnswer(f"{name} already plays. Please say another name.")
        self.state.names.append((name, "m"))
        if len(self.state.names) < (self.state.expected_players or 0):
            return []
        return self._players_known()

    def _players_known(self) -> list[Speech]:
        if self.state.mode == "score":
            self.state.dictated = [{} for _ in self.state.names]
            self.state.gold = []
            self.state.stage = "dictate"
            return []
        self.state.table = Table.new(self.state.catalogue, self.state.names, self.state.settings)
        self.state.stage = "first"
        return []

    def _step_first(self) -> Step:
        return Step(
            "Who plays first? Say a name, or say roll for me.",
            names_phrases(self.player_names())
            | PhraseSet.from_templates({ROLL_FOR_ME: "roll for me"}),
        )

    def _answer_first(self, value: str) -> list[Speech]:
        names = self.player_names()
        speech = []
        if value == ROLL_FOR_ME:
            value = names[self.state.dice.next_rng().randrange(len(names))]
            speech.append(Speech(f"The die chooses {value}."))
        self.table.active = names.index(value)
        setup = (
            f"Deal four cards to each vizier and six face up in the line. "
            f"The deck holds {self.table.deck} cards and the bank 60 gold."
        )
        return [*speech, Speech(setup), *self._begin_turn()]

    def _begin_turn(self) -> list[Speech]:
        table = self.table
        player = table.current
        upkeep = table.joker_upkeep(player)
        table.start_turn()
        speech = [f"{player.name}'s turn."]
        testing = table.needs_protection_test(player)
        if upkeep:
            speech.append(f"The Joker Genie costs {points(upkeep)} of this turn.")
        self.state.difficulty = None
        self.state.difficulty_rerolled = False
        if testing:
            self.state.stage = "difficulty"
            return [Speech(" ".join([*speech, "Protection test."]))]
        speech.append("No artisan at work, so no protection test and no taxes.")
        self.state.stage = "actions"
        return [Speech(" ".join(speech))]

    def _step_difficulty(self) -> Step:
        table = self.table
        neighbour = table.left_neighbour(table.current)
        again = "again " if self.state.difficulty_rerolled else ""
        return Step(
            f"{neighbour.name}, roll {again}for the genies against {table.current.name}.", DICE
        )

    def _answer_difficulty(self, value: str) -> list[Speech]:
        table = self.table
        player = table.current
        roll, speech = self._roll(value)
        self.state.difficulty = table.difficulty(player, roll)
        artisans = len(table.counted_artisans(player))
        speech.append(
            Speech(
                f"Difficulty {self.state.difficulty}: {roll} plus {counted(artisans, 'artisan')}."
            )
        )
        may_reroll = table.may_reroll_difficulty(player) and not self.state.difficulty_rerolled
        self.state.stage = "reroll_difficulty" if may_reroll else "protection"
        return speech

    def _step_reroll_difficulty(self) -> Step:
        table = self.table
        neighbour = table.left_neighbour(table.current)
        return Step(
            f"{table.current.name}, your desert guards may make {neighbour.name} roll again. "
            "Roll again?",
            YES_NO,
        )

    def _answer_reroll_difficulty(self, value: str) -> list[Speech]:
        if value == "yes":
            self.state.difficulty_rerolled = True
            self.state.stage = "difficulty"
        else:
            self.state.stage = "protection"
        return []

    def _step_protection(self) -> Step:
        return Step(f"{self.table.current.name}, roll for your protection.", DICE)

    def _answer_protection(self, value: str) -> list[Speech]:
        table = self.table
        player = table.current
        roll, speech = self._roll(value)
        protection = table.protection(player, roll)
        difficulty = self.state.difficulty or 0
        if protection > difficulty:
            speech.append(
                Speech(f"Protection {protection} beats {difficulty}. The artisans are safe.")
            )
            return speech + self._collect_taxes()
        speech.append(Speech(f"Protection {protection} does not beat {difficulty}."))
        victims = self._artisan_options(player)
        if len(victims) == 1:
            return speech + self._vanish(next(iter(victims)))
        self.state.stage = "vanish"
        return speech

    def _step_vanish(self) -> Step:
        table = self.table
        neighbour = table.left_neighbour(table.current)
        return Step(
            f"{neighbour.name}, which artisan of {table.current.name} do the genies take?",
            self._artisan_phrases(table.current),
        )

    def _answer_vanish(self, value: str) -> list[Speech]:
        return self._vanish(value)

    def _vanish(self, value: str) -> list[Speech]:
        district_id, artisan = split_artisan(value)
        table = self.table
        district = table.current.city.district(district_id)
        label = district_label(table.current, district)
        table.remove_artisan(table.current, district_id, artisan)
        return [Speech(f"The {artisan} of the {label} vanishes."), *self._collect_taxes()]

    def _collect_taxes(self) -> list[Speech]:
        table = self.table
        player = table.current
        due = table.taxes_due(player)
        paid = table.collect_taxes(player)
        self.state.stage = "actions"
        if due == 0:
            return [Speech(f"No taxes: {player.name} has no artisan at work.")]
        short = f" of the {due} due, all the bank had," if paid < due else ""
        return [
            Speech(
                f"Taxes: {player.name} receives {paid} gold{short} and now has {player.gold}. "
                f"The bank holds {table.bank}."
            )
        ]

    def _step_actions(self) -> Step:
        table = self.table
        return Step(
            f"{table.current.name}, {points(table.action_points)}. What do you do?",
            self._action_phrases(),
            hint=(
                "Say take card and a place from one to six, draw from the deck, play and a "
                "card name, buy a point, or end turn."
            ),
        )

    def _action_phrases(self) -> PhraseSet:
        places = tuple(n for n in range(1, LINE_SIZE + 1) if self.table.line[n - 1])
        return action_phrases(self.state.catalogue, places)

    def _answer_actions(self, value: str) -> list[Speech]:
        table = self.table
        verb, _, detail = value.partition(":")
        if verb == "take":
            table.take_from_line(int(detail))
            return [Speech(f"Take the card in place {detail}. {self._points_left()}")]
        if verb == "draw":
            table.draw_from_deck()
            return [Speech(f"Draw the top card. {self._points_left()}")]
        if verb == "buy":
            table.buy_point()
            player = table.current
            return [Speech(f"Bought a point for 2 gold. {player.name} has {player.gold} gold.")]
        if verb == "end":
            return self._end_turn()
        if verb == "play":
            return self._play(detail)
        raise InvalidAnswer("I did not understand that action.")

    def _artisan_phrases(self, player: Player) -> PhraseSet:
        return labelled(self._artisan_options(player))

    def _end_turn(self) -> list[Speech]:
        table = self.table
        player = table.current
        end = table.end_turn()
        speech = []
        if end.discarded:
            speech.append(
                f"{player.name}, discard {counted(end.discarded, 'card')}, keeping "
                f"{table.hand_limit(player)}."
            )
        if end.refilled:
            speech.append(
                f"Slide the line to the left and turn up {counted(end.refilled, 'card')}."
            )
        speech.append(f"The deck holds {table.deck} and the bank {table.bank} gold.")
        if end.game_over:
            why = "the deck is empty" if table.deck == 0 else "the bank is empty"
            speech.append(f"The game ends: {why}. Discard your hands.")
            return [Speech(" ".join(speech)), *self._final_scores(self._table_tallies())]
        return [Speech(" ".join(speech)), *self._begin_turn()]

    def _table_tallies(self) -> list[Tally]:
        table = self.table
        tallies = []
        for player in table.players:
            cards: Counter[str] = Counter(player.city.guards)
            for district in table.counted_districts(player):
                cards[district.card] += 1
                cards.update(district.artisans)
            cards.update(
                item.card
                for item in table.in_play
                if item.holder == player.name and table.card(item.card).effect == "keepsake"
            )
            tallies.append(Tally(player.name, dict(cards), player.gold))
        return tallies

    def _final_scores(self, tallies: list[Tally]) -> list[Speech]:
        scores = score_viziers(tallies, self.state.catalogue)
        lines = [score.spoken() for score in scores]
        best = winners(scores)
        top = scores[[s.name for s in scores].index(best[0])].total
        if len(best) == 1:
            lines.append(f"{best[0]} wins with {top} renown points!")
        else:
            lines.append(f"A tie at {top} points between {spoken_list(best)}.")
        self.state.stage = "over"
        return [Speech(line) for line in lines]

    def _step_dictate(self) -> Step:
        name = self.state.names[self.state.dictating][0]
        so_far = self.state.dictated[self.state.dictating]
        prompt = (
            f"{name}, tell me your city, for example two palaces and one militia. "
            "Say done when it is complete."
            if not so_far
            else f"{name}, anything else? Say done when it is complete."
        )
        expects = item_phrases(self.state.catalogue) | PhraseSet.from_templates(
            {DONE: ["done", "that is all", "finished"], "again": ["start again", "clear"]},
            labels={DONE: "done", "again": "start again"},
        )
        return Step(prompt, expects, free_text=True)

    def _answer_dictate(self, value: str) -> list[Speech]:
        city = self.state.dictated[self.state.dictating]
        if normalize(value) in ("again", "start again", "clear"):
            city.clear()
            return [Speech("Cleared. Tell me the city again.")]
        if normalize(value) in (DONE, "that is all", "finished"):
            self.state.stage = "gold"
            return [Speech(f"That makes {describe_city(city)}.")]
        for name, count in parse_city(value, self.state.catalogue).items():
            city[name] = city.get(name, 0) + count
        return [Speech(f"So far: {describe_city(city)}.")]

    def _step_gold(self) -> Step:
        name = self.state.names[self.state.dictating][0]
        return Step(f"How much gold does {name} have?", PhraseSet.numbers(range(0, 61)))

    def _answer_gold(self, value: str) -> list[Speech]:
        self.state.gold.append(int(value))
        self.state.dictating += 1
        if self.state.dictating < len(self.state.names):
            self.state.stage = "dictate"
            return []
        tallies = [
            Tally(name, city, gold)
            for (name, _), city, gold in zip(
                self.state.names, self.state.dictated, self.state.gold, strict=True
            )
        ]
        return self._final_scores(tallies)

    def _step_over(self) -> Step:
        return Step("The game is over.", PhraseSet.of())

    def _answer_over(self, value: str) -> list[Speech]:
        raise InvalidAnswer("The game is over.")


_STEPS: dict[str, Callable[[SamarandeDialogue], Step]] = {
    "count": SamarandeDialogue._step_count,
    "name": SamarandeDialogue._step_name,
    "first": SamarandeDialogue._step_first,
    "difficulty": SamarandeDialogue._step_difficulty,
    "reroll_difficulty": SamarandeDialogue._step_reroll_difficulty,
    "protection": SamarandeDialogue._step_protection,
    "vanish": SamarandeDialogue._step_vanish,
    "actions": SamarandeDialogue._step_actions,
    "dictate": SamarandeDialogue._step_dictate,
    "gold": SamarandeDialogue._step_gold,
    "over": SamarandeDialogue._step_over,
    **CARD_STEPS,
}
_ANSWERS: dict[str, Callable[[SamarandeDialogue, str], list[Speech]]] = {
    "count": SamarandeDialogue._answer_count,
    "name": SamarandeDialogue._answer_name,
    "first": SamarandeDialogue._answer_first,
    "difficulty": SamarandeDialogue._answer_difficulty,
    "reroll_difficulty": SamarandeDialogue._answer_reroll_difficulty,
    "protection": SamarandeDialogue._answer_protection,
    "vanish": SamarandeDialogue._answer_vanish,
    "actions": SamarandeDialogue._answer_actions,
    "dictate": SamarandeDialogue._answer_dictate,
    "gold": SamarandeDialogue._answer_gold,
    "over": SamarandeDialogue._answer_over,
    **CARD_ANSWERS,
}
