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

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from companion.cli import ArgumentError
from companion.dialogue import (
    YES_NO,
    DialogueState,
    GameOptions,
    InvalidAnswer,
    SeededRandom,
    Speech,
    Step,
)
from companion.games.samarande.catalogue import (
    Catalogue,
    CatalogueError,
    load_catalogue,
)
from companion.games.samarande.rules import (
    LINE_SIZE,
    District,
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
from companion.phrases import PhraseSet, normalize, number_to_words

GAME_NAME = "samarande"
TITLE = "Les Fils de Samarande"

ROLL_FOR_ME = "roll"
DICE = PhraseSet.numbers(
    range(1, 7), templates=["{n}", "[i] rolled [a|an] {n}", "a {n}", "[it is] [a] {n}"]
) | PhraseSet.from_templates(
    {ROLL_FOR_ME: ["roll for me", "you roll", "roll [it|the die] [for me]", "random"]},
    labels={ROLL_FOR_ME: "roll for me"},
)
CANCEL = PhraseSet.from_templates(
    {"cancel": ["cancel", "never mind", "forget it", "take it back"]}, labels={"cancel": "cancel"}
)
DONE = "done"
_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"]

#: What an action card needs to know before it is paid, in the order it is asked.
TARGETS: dict[str, tuple[str, ...]] = {
    "assassin": ("victim", "guard"),
    "theft": ("victim",),
    "tornado": ("victim", "district"),
    "scary_genie": ("victim", "district"),
    "giant_genie": ("victim",),
    "kidnapper_genie": ("victim", "artisan", "home"),
    "magic_lamp": ("genie",),
}
#: Effects that harm their victim, so a Protector Genie cancels them.
HARMFUL = frozenset(
    {"assassin", "theft", "tornado", "scary_genie", "giant_genie", "kidnapper_genie"}
)

Mode = Literal["play", "score"]


class Pending(BaseModel):
    """The card being played and what is known of it so far."""

    card: str
    victim: str | None = None
    district: int | None = None
    guard: str | None = None
    artisan: str | None = None
    """``"ID:Name"``: the district the artisan lives in and its name."""
    genie: int | None = None
    home: int | None = None
    found: str | None = None
    paid: bool = False
    joker_asked: bool = False
    assassin_roll: int | None = None
    reroll_asked: bool = False
    guard_roll: int | None = None
    theft_roll: int | None = None


class SamarandeState(DialogueState):
    """Everything the dialogue saves."""

    mode: Mode = "play"
    catalogue: Catalogue
    settings: Settings = Field(default_factory=Settings)
    dice: SeededRandom
    names: list[tuple[str, str]] = Field(default_factory=list)
    expected_players: int | None = None
    table: Table | None = None
    stage: str = "count"
    difficulty: int | None = None
    difficulty_rerolled: bool = False
    pending: Pending | None = None
    dictating: int = 0
    dictated: list[dict[str, int]] = Field(default_factory=list)
    gold: list[int] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _table_shares_the_catalogue(cls, data: Any) -> Any:
        """The saved table leaves out the catalogue; give it the state's one back."""
        if isinstance(data, dict) and isinstance(data.get("table"), dict):
            data = {**data, "table": {**data["table"], "catalogue": data.get("catalogue")}}
        return data


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


class SamarandeDialogue:
    """The spoken referee of Les Fils de Samarande (see the module docstring)."""

    game = GAME_NAME

    def __init__(self, state: SamarandeState) -> None:
        self.state = state

    # ------------------------------------------------------------------ the protocol

    @property
    def finished(self) -> bool:
        return self.state.stage == "over"

    @property
    def table(self) -> Table:
        assert self.state.table is not None, "the table exists once the players are known"
        return self.state.table

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
            f"{who.name} has {_count(who.gold, 'gold')}, {_count(who.hand, 'card')} in hand, "
            f"{_count(len(city.districts), 'district')}, {_count(artisans, 'artisan')} "
            f"and {_count(len(city.guards), 'guard')}."
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
        return f"It is {table.current.name}'s turn, with {_points(table.action_points)} left."

    def player_names(self) -> list[str]:
        return [name for name, _ in self.state.names]

    def to_save(self) -> dict[str, Any]:
        return self.state.model_dump(mode="json")

    # ------------------------------------------------------------------ setup

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
            self._names_phrases(self.player_names())
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

    # ------------------------------------------------------------------ phase 1: protection

    def _begin_turn(self) -> list[Speech]:
        table = self.table
        player = table.current
        upkeep = table.joker_upkeep(player)
        table.start_turn()
        speech = [f"{player.name}'s turn."]
        testing = table.needs_protection_test(player)
        if upkeep:
            speech.append(f"The Joker Genie costs {_points(upkeep)} of this turn.")
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
                f"Difficulty {self.state.difficulty}: {roll} plus {_count(artisans, 'artisan')}."
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
        district_id, artisan = _split_artisan(value)
        table = self.table
        district = table.current.city.district(district_id)
        label = self._district_label(table.current, district)
        table.remove_artisan(table.current, district_id, artisan)
        return [Speech(f"The {artisan} of the {label} vanishes."), *self._collect_taxes()]

    # ------------------------------------------------------------------ phase 2: taxes

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

    # ------------------------------------------------------------------ phase 3: actions

    def _step_actions(self) -> Step:
        table = self.table
        return Step(
            f"{table.current.name}, {_points(table.action_points)}. What do you do?",
            self._action_phrases(),
            hint=(
                "Say take card and a place from one to six, draw from the deck, play and a "
                "card name, buy a point, or end turn."
            ),
        )

    def _action_phrases(self) -> PhraseSet:
        places = tuple(n for n in range(1, LINE_SIZE + 1) if self.table.line[n - 1])
        return _action_phrases(self.state.catalogue, places)

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

    def _points_left(self) -> str:
        return f"{_points(self.table.action_points).capitalize()} left."

    def _play(self, name: str) -> list[Speech]:
        table = self.table
        card = table.card(name)
        table.check_hand()
        if card.kind in ("district", "guard"):
            table.play_card(card.name)
            return [Speech(f"{card.name} added to the city. {self._points_left()}")]
        table.check_points(table.cost_now(card), f"The {card.name}")
        if card.kind == "artisan":
            table.check_housing(table.current)
        first = TARGETS.get(card.effect, ())
        self.state.pending = Pending(card=card.name)
        if first and not self._options(first[0]):
            raise InvalidAnswer(_NO_TARGET[first[0]].format(card=card.name))
        if card.effect == "caliph" and not table.took_from_line:
            raise InvalidAnswer("Play the Caliph after taking a card from the line.")
        if card.effect == "discoverer_genie" and table.deck == 0:
            raise InvalidAnswer("The deck is empty: the genie has nothing to explore.")
        return self._advance()

    # ------------------------------------------------------------------ action cards

    def _advance(self) -> list[Speech]:
        """Ask for what the pending card still needs, or resolve it."""
        pending = self.state.pending
        assert pending is not None
        table = self.table
        card = table.card(pending.card)
        if card.kind == "artisan":
            if self._next_question(("home",)):
                return []
            table.play_card(card.name, pending.home)
            return self._done(f"{card.name} housed. {self._points_left()}")
        if self._next_question(TARGETS.get(card.effect, ())):
            return []
        if not pending.paid:
            table.play_action(card.name, self._extra_cost())
            pending.paid = True
            victim = table.player(pending.victim) if pending.victim else None
            if victim and card.effect in HARMFUL and table.protected(victim):
                table.discard_action()
                return self._done(
                    f"{victim.name}'s Protector Genie cancels the {card.name}. "
                    + self._points_left()
                )
        if self._joker_question_due():
            self.state.stage = "joker"
            return []
        if self._next_question(_AFTER.get(card.effect, ())):
            return []
        return _RESOLVERS[card.effect](self)

    def _next_question(self, slots: tuple[str, ...]) -> bool:
        """Set the stage to the first open question of ``slots``; False when none is open.

        A question with a single possible answer is answered at once.
        """
        for slot in slots:
            if not self._open(slot):
                continue
            if slot in _OPTIONS:
                options = self._options(slot)
                if len(options) == 1:
                    self._fill(slot, next(iter(options)))
                    continue
            self.state.stage = slot
            return True
        return False

    def _open(self, slot: str) -> bool:
        pending = self.state.pending
        assert pending is not None
        if slot == "home":
            housed = self.table.card(self._housed_card())
            return pending.home is None and housed.kind == "artisan" and bool(self._options(slot))
        if slot == "assassin_reroll":
            return not pending.reroll_asked and self.table.card(pending.guard or "").desert_veteran
        return getattr(pending, slot) is None

    def _housed_card(self) -> str:
        """The card a "home" question houses: found, kidnapped or played."""
        pending = self.state.pending
        assert pending is not None
        if pending.found:
            return pending.found
        if pending.artisan:
            return _split_artisan(pending.artisan)[1]
        return pending.card

    def _fill(self, slot: str, value: str) -> None:
        pending = self.state.pending
        assert pending is not None
        numeric = slot in ("district", "home", "genie", *_ROLLS)
        setattr(pending, slot, int(value) if numeric else value)

    def _joker_question_due(self) -> bool:
        pending = self.state.pending
        assert pending is not None
        effect = self.table.card(pending.card).effect
        return (
            self.table.settings.ask_joker
            and not pending.joker_asked
            and effect != "joker_genie"
            and any(p.hand for p in self.table.opponents(self.table.current))
        )

    def _extra_cost(self) -> int:
        pending = self.state.pending
        assert pending is not None
        if self.table.card(pending.card).effect != "tornado":
            return 0
        victim = self.table.player(pending.victim or "")
        return self.table.tornado_cost(victim.city.district(pending.district or 0))

    def _done(self, text: str) -> list[Speech]:
        self.state.pending = None
        self.state.stage = "actions"
        return [Speech(text)]

    # -- the options of each question ---------------------------------------------------

    def _options(self, slot: str) -> dict[str, list[str]]:
        """``{value: [template, ...]}`` of the answers to ``slot`` for the pending card."""
        return _OPTIONS[slot](self)

    def _victim_options(self) -> dict[str, list[str]]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        effect = table.card(pending.card).effect
        eligible: Callable[[Player], bool] = {
            "assassin": lambda p: bool(p.city.guards),
            "tornado": lambda p: bool(self._tornado_districts(p)),
            "scary_genie": lambda p: bool(table.counted_districts(p)),
            "kidnapper_genie": lambda p: bool(table.counted_artisans(p)),
        }.get(effect, lambda p: True)
        return {p.name: [p.name] for p in table.opponents(table.current) if eligible(p)}

    def _victim(self) -> Player:
        pending = self.state.pending
        assert pending is not None and pending.victim is not None
        return self.table.player(pending.victim)

    def _tornado_districts(self, player: Player) -> list[District]:
        table = self.table
        cost = table.card(self.state.pending.card).cost if self.state.pending else 0
        budget = table.action_points - cost
        return [d for d in player.city.districts if table.tornado_cost(d) <= budget]

    def _district_options(self) -> dict[str, list[str]]:
        table = self.table
        victim = self._victim()
        pending = self.state.pending
        assert pending is not None
        if table.card(pending.card).effect == "tornado":
            districts = self._tornado_districts(victim)
        else:
            districts = table.counted_districts(victim)
        return {str(d.id): self._district_names(victim, d) for d in districts}

    def _guard_options(self) -> dict[str, list[str]]:
        guards = dict.fromkeys(self._victim().city.guards)
        return {name: self._spoken(name) for name in guards}

    def _artisan_choices(self) -> dict[str, list[str]]:
        return self._artisan_options(self._victim())

    def _home_options(self) -> dict[str, list[str]]:
        player = self.table.current
        return {
            str(d.id): self._district_names(player, d) for d in self.table.free_districts(player)
        }

    def _genie_options(self) -> dict[str, list[str]]:
        """One answer per different genie in play (two Jokers before Zoe are one answer)."""
        table = self.table
        options: dict[str, list[str]] = {}
        seen = set()
        for index, item in enumerate(table.in_play):
            key = (item.card, item.holder, item.district_id)
            if not table.card(item.card).is_genie or key in seen:
                continue
            seen.add(key)
            where = f"of {item.holder}"
            if item.district_id is not None:
                holder = table.player(item.holder)
                label = self._district_label(holder, holder.city.district(item.district_id))
                where = f"on the {label} of {item.holder}"
            options[str(index)] = [f"{item.card} {where}", f"[the] {item.card} {where}"]
            if item.district_id is None:
                options[str(index)].append(f"{item.holder}s {item.card}")
        return options

    def _found_options(self) -> dict[str, list[str]]:
        return {card.name: self._spoken(card.name) for card in self.state.catalogue.cards}

    def _artisan_options(self, player: Player) -> dict[str, list[str]]:
        """``{"ID:Name": [...]}`` for each artisan that counts in ``player``'s city."""
        pairs = self.table.counted_artisans(player)
        names = Counter(artisan for _, artisan in pairs)
        options: dict[str, list[str]] = {}
        for district, artisan in pairs:
            where = self._district_label(player, district)
            spoken = "|".join(self._spoken(artisan))
            templates = [
                f"{artisan} in the {where}",
                f"[the] ({spoken}) (in|of|from) [the] {where}",
            ]
            if names[artisan] == 1:
                templates[:0] = [artisan, f"[the] ({spoken})"]
            options[f"{district.id}:{artisan}"] = templates
        return options

    def _artisan_phrases(self, player: Player) -> PhraseSet:
        return _labelled(self._artisan_options(player))

    def _district_label(self, player: Player, district: District) -> str:
        """``Palace``, or ``Palace two`` when the city has several palaces."""
        same = [d for d in player.city.districts if d.card == district.card]
        if len(same) == 1:
            return district.card
        return f"{district.card} {number_to_words(same.index(district) + 1)}"

    def _district_names(self, player: Player, district: District) -> list[str]:
        label = self._district_label(player, district)
        return [label, f"[the] {label}"]

    def _spoken(self, name: str) -> list[str]:
        """The card's name (its label when listed) and every way of saying it."""
        return [name, *self.state.catalogue.card(name).spoken_names]

    # -- the questions of an action card ------------------------------------------------

    def _slot_step(self, slot: str) -> Step:
        pending = self.state.pending
        assert pending is not None
        phrases = _labelled(self._options(slot)) | CANCEL
        return Step(_QUESTIONS[slot].format(card=pending.card, victim=pending.victim), phrases)

    def _answer_slot(self, slot: str, value: str) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        if value == "cancel":
            if pending.paid:
                raise InvalidAnswer(f"The {pending.card} is already paid for.")
            self.state.pending = None
            self.state.stage = "actions"
            return [Speech(f"The {pending.card} goes back to your hand.")]
        self._fill(slot, value)
        return self._advance()

    def _step_joker(self) -> Step:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        names = [p.name for p in table.opponents(table.current) if p.hand]
        return Step(
            f"Does anyone cancel the {pending.card} with a Joker Genie? Say no, or a name.",
            self._names_phrases(names, "[i do] [me] [it is] {name}")
            | PhraseSet.from_templates({"no": ["no", "nobody", "no one", "no joker"]}),
        )

    def _answer_joker(self, value: str) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        pending.joker_asked = True
        if value == "no":
            return self._advance()
        joker_player = table.player(value)
        table.cancel_with_joker(joker_player)
        return self._done(
            f"{joker_player.name}'s Joker Genie cancels the {pending.card}. The genie stays in "
            f"front of {joker_player.name}, who pays its point next turn. {self._points_left()}"
        )

    def _step_roll(self, slot: str) -> Step:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        roller = pending.victim if slot == "guard_roll" else table.current.name
        what = {
            "assassin_roll": "for the assassins",
            "guard_roll": f"for the {pending.guard}",
            "theft_roll": "to see how much gold you steal",
        }[slot]
        return Step(f"{roller}, roll {what}.", DICE)

    def _answer_roll(self, slot: str, value: str) -> list[Speech]:
        roll, speech = self._roll(value)
        self._fill(slot, str(roll))
        return speech + self._advance()

    def _step_assassin_reroll(self) -> Step:
        pending = self.state.pending
        assert pending is not None
        return Step(
            f"{pending.victim}, your {pending.guard} may make the assassins roll again. "
            "Roll again?",
            YES_NO,
        )

    def _answer_assassin_reroll(self, value: str) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        pending.reroll_asked = True
        if value == "yes":
            pending.assassin_roll = None
        return self._advance()

    # -- resolving ----------------------------------------------------------------------

    def _resolve_assassin(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None and pending.guard is not None
        guard = table.card(pending.guard)
        victim = self._victim()
        attacker = table.current.name
        result = table.assassin_combat(
            victim, guard.name, pending.assassin_roll or 0, pending.guard_roll or 0
        )
        totals = f"Assassins {result.assassin_total} against {result.guard_total}."
        outcome = {
            "assassin": f"The {guard.name} of {victim.name} falls. {attacker} takes the Guild "
            f"back into hand and {_count(result.reward, 'gold')}.",
            "guard": f"The {guard.name} wins. {victim.name} earns {_count(result.reward, 'gold')}"
            " and the Guild is discarded.",
            "tie": f"A tie: the {guard.name} and the Guild are both discarded.",
        }[result.winner]
        return self._done(f"{totals} {outcome} {self._points_left()}")

    def _resolve_theft(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        victim = self._victim()
        stolen = self.table.steal(victim, pending.theft_roll or 0)
        return self._done(
            f"{self.table.current.name} takes {_count(stolen, 'gold')} from {victim.name}. "
            + self._points_left()
        )

    def _resolve_tornado(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None and pending.district is not None
        victim = self._victim()
        label = self._district_label(victim, victim.city.district(pending.district))
        destroyed = self.table.destroy_district(victim, pending.district)
        return self._done(
            f"The tornado sweeps away the {label} of {victim.name}: "
            f"{_count(destroyed, 'card')} to the discard pile. {self._points_left()}"
        )

    def _resolve_staying(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        card = table.card(pending.card)
        holder = self._victim() if pending.victim else table.current
        table.put_in_play(card, holder, pending.district)
        where = f"in front of {holder.name}"
        if pending.district is not None:
            label = self._district_label(holder, holder.city.district(pending.district))
            where = f"on the {label} of {holder.name}"
        meaning = {
            "scary_genie": "That district and its artisans count for nothing while it stays.",
            "giant_genie": f"{holder.name}'s guards add nothing to the protection test.",
            "protector_genie": f"Other viziers' cards cannot harm {holder.name}.",
            "joker_genie": "Its point is paid at the start of the next turn.",
            "keepsake": f"It is worth {_count(card.end_points, 'point')} at the end.",
        }[card.effect]
        return self._done(f"The {card.name} stays {where}. {meaning} {self._points_left()}")

    def _resolve_kidnap(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None and pending.artisan is not None
        victim = self._victim()
        district_id, artisan = _split_artisan(pending.artisan)
        housed = table.kidnap(victim, district_id, artisan, pending.home)
        where = (
            f"moves into the city of {table.current.name}"
            if housed
            else f"has no house, so goes into {table.current.name}'s hand"
        )
        return self._done(f"The {artisan} of {victim.name} {where}. {self._points_left()}")

    def _resolve_lamp(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None and pending.genie is not None
        item = self.table.send_away(pending.genie)
        return self._done(
            f"The {item.card} in front of {item.holder} is sent away. {self._points_left()}"
        )

    def _resolve_discoverer(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None and pending.found is not None
        into_city = table.discover(pending.found, pending.home)
        where = "goes straight into the city" if into_city else "goes into your hand"
        return self._done(
            f"The {pending.found} {where}. Shuffle the other turned cards back into the deck. "
            + self._points_left()
        )

    def _resolve_caliph(self) -> list[Speech]:
        self.table.caliph()
        cards = sum(self.table.line)
        return self._done(
            f"Arrange the line as you wish: its {_count(cards, 'card')} now fill the first "
            f"places. {self._points_left()}"
        )

    def _resolve_manual(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        self.table.discard_action()
        return self._done(f"Resolve the {pending.card} at the table. {self._points_left()}")

    # ------------------------------------------------------------------ phase 4: end of turn

    def _end_turn(self) -> list[Speech]:
        table = self.table
        player = table.current
        end = table.end_turn()
        speech = []
        if end.discarded:
            speech.append(
                f"{player.name}, discard {_count(end.discarded, 'card')}, keeping "
                f"{table.hand_limit(player)}."
            )
        if end.refilled:
            speech.append(f"Slide the line to the left and turn up {_count(end.refilled, 'card')}.")
        speech.append(f"The deck holds {table.deck} and the bank {table.bank} gold.")
        if end.game_over:
            why = "the deck is empty" if table.deck == 0 else "the bank is empty"
            speech.append(f"The game ends: {why}. Discard your hands.")
            return [Speech(" ".join(speech)), *self._final_scores(self._table_tallies())]
        return [Speech(" ".join(speech)), *self._begin_turn()]

    # ------------------------------------------------------------------ scoring

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
            lines.append(f"A tie at {top} points between {_and(best)}.")
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

    # ------------------------------------------------------------------ helpers

    def _roll(self, value: str) -> tuple[int, list[Speech]]:
        """A die from the players, or one the companion rolls ("roll for me")."""
        if value == ROLL_FOR_ME:
            roll = self.state.dice.next_rng().randint(1, 6)
            return roll, [Speech(f"I roll a {roll}.")]
        return int(value), []

    def _names_phrases(self, names: list[str], template: str = "{name}") -> PhraseSet:
        return PhraseSet.from_templates(
            {name: template.replace("{name}", name) for name in names},
            labels={name: name for name in names},
        )


@functools.lru_cache(maxsize=64)
def _action_phrases(catalogue: Catalogue, places: tuple[int, ...]) -> PhraseSet:
    """Everything a player may do in the actions phase, with these line places filled."""
    return _take_phrases(places) | _play_phrases(catalogue) | _TURN_PHRASES


def _take_phrases(places: tuple[int, ...]) -> PhraseSet:
    """Taking a face-up card: ``take card three``, ``the third card``."""
    choices = {
        f"take:{n}": [
            f"take [the] [card] [in|at] [place|position|number] {number_to_words(n)}",
            f"[take] [the] {_ORDINALS[n - 1]} card",
            f"card {number_to_words(n)}",
        ]
        for n in places
    }
    return PhraseSet.from_templates(choices, labels={value: value for value in choices})


@functools.lru_cache(maxsize=4)
def _play_phrases(catalogue: Catalogue) -> PhraseSet:
    """Playing a card: ``play a palace``, or just its name."""
    choices = {
        f"play:{card.name}": [f"[play|place] [a|an|the] ({'|'.join(card.spoken_names)})"]
        for card in catalogue.cards
    }
    labels = {f"play:{card.name}": f"play {card.name}" for card in catalogue.cards}
    return PhraseSet.from_templates(choices, labels=labels)


_TURN_PHRASES = PhraseSet.from_templates(
    {
        "draw": ["draw [a card] [from the deck]", "take from the deck", "the deck"],
        "buy": ["buy [a|an|one] [action] point", "buy [one] more point"],
        "end": ["end [of] [my] turn", "done", "pass", "i am done", "finish [my] turn"],
    },
    labels={"draw": "draw from the deck", "buy": "buy a point", "end": "end turn"},
)


def _count(number: int, noun: str) -> str:
    """``_count(1, "card")`` -> ``"1 card"``; gold never takes an s."""
    plural = noun if number == 1 or noun == "gold" else noun + "s"
    return f"{number} {plural}"


def _points(number: int) -> str:
    return _count(number, "action point")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _split_artisan(value: str) -> tuple[int, str]:
    district, _, artisan = value.partition(":")
    return int(district), artisan


def _labelled(options: dict[str, list[str]]) -> PhraseSet:
    """A phrase set whose options are listed by their first template."""
    labels = {value: templates[0] for value, templates in options.items()}
    return PhraseSet.from_templates(options, labels=labels)


_NO_TARGET = {
    "victim": "Nobody can be targeted by the {card} now.",
    "genie": "There is no genie in play to send away.",
}
_QUESTIONS = {
    "victim": "Whom does the {card} target?",
    "district": "Which district of {victim}?",
    "guard": "Which guard of {victim} do the assassins attack?",
    "artisan": "Which artisan of {victim} does the genie take?",
    "home": "Which of your districts houses the artisan?",
    "genie": "Which genie does the lamp send away?",
    "found": "Which card did the genie find?",
}
_AFTER: dict[str, tuple[str, ...]] = {
    "assassin": ("assassin_roll", "assassin_reroll", "guard_roll"),
    "theft": ("theft_roll",),
    "discoverer_genie": ("found", "home"),
}
_ROLLS = ("assassin_roll", "guard_roll", "theft_roll")
_OPTIONS: dict[str, Callable[[SamarandeDialogue], dict[str, list[str]]]] = {
    "victim": SamarandeDialogue._victim_options,
    "district": SamarandeDialogue._district_options,
    "guard": SamarandeDialogue._guard_options,
    "artisan": SamarandeDialogue._artisan_choices,
    "home": SamarandeDialogue._home_options,
    "genie": SamarandeDialogue._genie_options,
    "found": SamarandeDialogue._found_options,
}
_RESOLVERS: dict[str, Callable[[SamarandeDialogue], list[Speech]]] = {
    "assassin": SamarandeDialogue._resolve_assassin,
    "theft": SamarandeDialogue._resolve_theft,
    "tornado": SamarandeDialogue._resolve_tornado,
    "scary_genie": SamarandeDialogue._resolve_staying,
    "giant_genie": SamarandeDialogue._resolve_staying,
    "protector_genie": SamarandeDialogue._resolve_staying,
    "joker_genie": SamarandeDialogue._resolve_staying,
    "keepsake": SamarandeDialogue._resolve_staying,
    "kidnapper_genie": SamarandeDialogue._resolve_kidnap,
    "magic_lamp": SamarandeDialogue._resolve_lamp,
    "discoverer_genie": SamarandeDialogue._resolve_discoverer,
    "caliph": SamarandeDialogue._resolve_caliph,
    "manual": SamarandeDialogue._resolve_manual,
}
_STEPS: dict[str, Callable[[SamarandeDialogue], Step]] = {
    "count": SamarandeDialogue._step_count,
    "name": SamarandeDialogue._step_name,
    "first": SamarandeDialogue._step_first,
    "difficulty": SamarandeDialogue._step_difficulty,
    "reroll_difficulty": SamarandeDialogue._step_reroll_difficulty,
    "protection": SamarandeDialogue._step_protection,
    "vanish": SamarandeDialogue._step_vanish,
    "actions": SamarandeDialogue._step_actions,
    "joker": SamarandeDialogue._step_joker,
    "assassin_reroll": SamarandeDialogue._step_assassin_reroll,
    "dictate": SamarandeDialogue._step_dictate,
    "gold": SamarandeDialogue._step_gold,
    "over": SamarandeDialogue._step_over,
    **{slot: (lambda d, s=slot: d._slot_step(s)) for slot in _OPTIONS},
    **{slot: (lambda d, s=slot: d._step_roll(s)) for slot in _ROLLS},
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
    "joker": SamarandeDialogue._answer_joker,
    "assassin_reroll": SamarandeDialogue._answer_assassin_reroll,
    "dictate": SamarandeDialogue._answer_dictate,
    "gold": SamarandeDialogue._answer_gold,
    "over": SamarandeDialogue._answer_over,
    **{slot: (lambda d, v, s=slot: d._answer_slot(s, v)) for slot in _OPTIONS},
    **{slot: (lambda d, v, s=slot: d._answer_roll(s, v)) for slot in _ROLLS},
}
