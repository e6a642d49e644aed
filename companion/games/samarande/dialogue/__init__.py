"""Les Fils de Samarande, spoken: the companion referees and keeps the books.

The dialogue walks each turn through its four phases (protection test, taxes, actions,
end of turn), asks who rolled what and which card was taken or played, and keeps the
:class:`~companion.games.samarande.rules.Table`. Players keep their physical cards; the
companion keeps the money, the counts and the cities.

In ``mode=score`` it only scores final cities that the players dictate.

>>> dialogue = SamarandeDialogue.new(GameOptions(seed=1, players=[("Ali", ""), ("Zoe", "")]))
>>> dialogue.step().prompt.split(". ")[:2]
['Deal eight cards to each vizier', 'Ali, keep four of your eight and give the other four back']
>>> dialogue.answer(Answer("kept"))[0].text
'Ali keeps four cards.'
>>> [s.text for s in dialogue.answer(Answer("kept"))][-1][:63]
'Zoe keeps four cards. Shuffle the returned cards into the deck.'
>>> dialogue.step().prompt
'Who plays first? Say a name, or say roll for me.'
>>> [s.text for s in dialogue.answer(Answer("Ali"))][-1]
"Ali's turn. No artisan at work, so no protection test and no taxes."
>>> dialogue.step().prompt
'Ali, 6 action points. What do you do?'
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from companion.framework.answers import FREE, NUMBER, YES, Answer
from companion.framework.dialogue import YES_NO, GameOptions, Speech, Step
from companion.framework.errors import IllegalAction, PackError, SetupError
from companion.framework.kit import ROLL_FOR_ME, GameKit, new_dice, number_phrases, roll_step
from companion.framework.phrases import PhraseSet, normalize
from companion.framework.story import Chapter, Told
from companion.games.samarande import table_view
from companion.games.samarande.content.catalogue import (
    Card,
    Catalogue,
    UnknownCardError,
)
from companion.games.samarande.content.loader import load_catalogue
from companion.games.samarande.dialogue.card_play import CardPlay
from companion.games.samarande.dialogue.state import Mode, SamarandeState
from companion.games.samarande.rules import LINE_SIZE, Settings, Table
from companion.games.samarande.rules.scoring import (
    SCORING_FIGURES,
    Tally,
    check_box,
    describe_city,
    dictated_items,
    item_phrases,
    score_viziers,
    standings,
)
from companion.games.samarande.speech import (
    A_CARD,
    NO_NAME,
    NO_NAME_SAID,
    NO_NAME_TEMPLATES,
    UNLISTED_NOUNS,
    action_phrases,
    card_name_said,
    counted,
    district_label,
    figure_hint,
    figure_phrases,
    figures_phrases,
    figures_question,
    labelled,
    listed,
    names_phrases,
    new_card_name,
    points,
)

TITLE = "Les Fils de Samarande"
DONE, AGAIN = Answer("done"), Answer("again")


def parse_settings(values: dict[str, str]) -> tuple[Mode, Settings]:
    """``{"mode": "score", "joker_upkeep": "once"}`` -> the mode and the rule settings."""
    values = dict(values)
    mode = values.pop("mode", "play")
    if mode not in ("play", "score"):
        raise SetupError(f"mode={mode}: use mode=play or mode=score")
    known = Settings.model_fields
    for key in values:
        if key not in known:
            raise SetupError(f"unknown setting {key}; known: mode, {', '.join(known)}")
    try:
        settings = Settings.model_validate(values)
    except ValueError as error:
        raise SetupError(f"bad setting: {error.errors()[0]['msg']}") from None
    return mode, settings


class SamarandeDialogue(CardPlay, GameKit):
    """The spoken referee of Les Fils de Samarande (see the module docstring)."""

    game = "samarande"
    title = TITLE
    State = SamarandeState
    max_viziers = 5
    fixed_settings: ClassVar[dict[str, str]] = {
        "mode": "a refereed game and a scoring of dictated cities ask different questions"
    }

    def apply_settings(self, settings: dict[str, str]) -> None:
        """The rule settings may change between two answers."""
        current = {key: str(value) for key, value in self.state.settings.model_dump().items()}
        _, self.state.settings = parse_settings(current | settings)
        if self.state.table is not None:
            self.state.table.settings = self.state.settings

    @classmethod
    def initial_state(cls, options: GameOptions) -> SamarandeState:
        mode, settings = parse_settings(options.settings)
        try:
            catalogue = load_catalogue(options.pack)
        except PackError as error:
            raise SetupError(str(error)) from None
        return SamarandeState(
            mode=mode, catalogue=catalogue, settings=settings, dice=new_dice(options)
        )

    def max_players(self) -> int:
        return self.max_viziers

    @property
    def finished(self) -> bool:
        return self.state.phase == "over"

    def chapter(self) -> Chapter | None:
        """A vizier's turn, from the first turn to the end of the game."""
        table = self.state.table
        if table is None or self.state.mode == "score" or self.state.phase in ("deal", "first"):
            return None
        return Chapter(turn=table.turns_ended, player=table.current.name)

    def answer(self, answer: Answer) -> list[Speech]:
        """Refuse an answer the step does not offer, then let the kit dispatch it."""
        step = self.step()
        if not step.free_text and answer not in step.expects.values:
            raise IllegalAction("That is not one of the choices. " + step.options_hint())
        return super().answer(answer)

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
        except IllegalAction as error:
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

    def scoreboard(self) -> list[dict[str, str]]:
        """Each vizier's row for the table display."""
        return table_view.scoreboard(self.state.table) if self.state.table else []

    def board(self) -> list[str]:
        """The bank, the deck and the protection test, for the table display."""
        if self.state.table is None:
            return []
        return table_view.board(self.state.table, self.state.difficulty)

    def where_we_are(self) -> str:
        """Whose turn it is (the question then says the action points left)."""
        table = self.state.table
        if self.state.mode == "score" or table is None or self.finished:
            return super().where_we_are()
        if self.state.phase in ("deal", "first"):
            return self.whose_turn()
        return f"It is {table.current.name}'s turn."

    def whose_turn(self) -> str:
        if self.state.mode == "score":
            return "We are setting up." if self.state.table is None else "We are scoring."
        if self.state.table is None or self.state.phase in ("deal", "first"):
            return "We are setting up."  # the cards are dealt, nobody's turn has begun
        if self.finished:
            return "The game is over."
        table = self.table
        return f"It is {table.current.name}'s turn, with {points(table.action_points)} left."

    def check_restored(self) -> None:
        """A game under way (everyone seated, in play mode) is played on its table: a save
        without one (only a damaged save) is refused."""
        if self.state.mode == "play" and self.everyone_seated and self.state.table is None:
            raise SetupError(f"the game is at its {self.state.phase} step with no table")

    def seated(self) -> list[Speech]:
        """Everyone is known: deal (or, in score mode, take the first city)."""
        names = self.player_names()
        if self.state.mode == "score":
            self.state.dictated = [{} for _ in names]
            self.state.gold = []
            self.state.phase = "dictate"
            return []
        self.state.table = Table.deal(self.state.catalogue, names, self.state.settings)
        self.state.phase = "deal"
        return []

    def _ask_deal(self) -> Step:
        table = self.table
        name = table.choosing[0]
        first = (
            "Deal eight cards to each vizier. "
            if len(table.choosing) == len(table.players) and not table.redealt
            else ""
        )
        if name in table.redealt:
            return Step(
                f"{name}, keep four of your new eight and give the other four back. Say kept.",
                _KEPT,
            )
        return Step(
            f"{first}{name}, keep four of your eight and give the other four back. With no "
            "district among the eight you may ask for new cards. Say kept or new cards.",
            _KEPT | _NEW_CARDS,
        )

    def _on_deal(self, answer: Answer) -> list[Speech]:
        table = self.table
        name = table.choosing[0]
        if answer.intent == "redeal":
            table.redeal(name)
            return [
                Speech(
                    f"{name} gives back all eight cards. Shuffle them into the deck and deal "
                    f"{name} eight new ones.",
                    chronicled=f"{name} gives back all eight cards and is dealt eight new ones.",
                )
            ]
        if not table.keep_four(name):
            return [Speech(f"{name} keeps four cards.")]
        self.state.phase = "first"
        return [
            Speech(
                f"{name} keeps four cards. Shuffle the returned cards into the deck. Lay six "
                f"cards face up in the line. The deck holds {table.deck} cards and the bank "
                f"{table.bank} gold.",
                chronicled=f"{name} keeps four cards. Six cards are laid face up in the line.",
            )
        ]

    def _ask_first(self) -> Step:
        return Step(
            "Who plays first? Say a name, or say roll for me.",
            names_phrases(self.player_names())
            | PhraseSet.from_templates(
                {ROLL_FOR_ME: "roll for me"}, labels={ROLL_FOR_ME: "roll for me"}
            ),
        )

    def _on_first(self, answer: Answer) -> list[Speech]:
        names = self.player_names()
        speech = []
        first = answer.intent
        if answer == ROLL_FOR_ME:
            first = names[self.state.dice.next_rng().randrange(len(names))]
            speech.append(Speech(f"The die chooses {first}."))
        self.table.active = names.index(first)
        return [*speech, *self._begin_turn()]

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
            self.state.phase = "difficulty"
            return [Speech(" ".join([*speech, "Protection test."]), kind="aside")]
        speech.append("No artisan at work, so no protection test and no taxes.")
        self.state.phase = "actions"
        return [Speech(" ".join(speech), kind="aside")]  # the chronicle's chapter heading

    def _ask_difficulty(self) -> Step:
        table = self.table
        neighbour = table.left_neighbour(table.current)
        again = "again " if self.state.difficulty_rerolled else ""
        return roll_step(
            f"{neighbour.name}, roll {again}for the genies against {table.current.name}."
        )

    def _on_difficulty(self, answer: Answer) -> list[Speech]:
        table = self.table
        player = table.current
        roll, speech = self._roll(answer)
        self.state.difficulty = table.difficulty(player, roll)
        artisans = len(table.counted_artisans(player))
        speech.append(
            Speech(
                f"Difficulty {self.state.difficulty}: {roll} plus {counted(artisans, 'artisan')}."
            )
        )
        may_reroll = table.may_reroll_difficulty(player) and not self.state.difficulty_rerolled
        self.state.phase = "reroll_difficulty" if may_reroll else "protection"
        return speech

    def _ask_reroll_difficulty(self) -> Step:
        table = self.table
        neighbour = table.left_neighbour(table.current)
        return Step(
            f"{table.current.name}, your desert guards may make {neighbour.name} roll again. "
            "Roll again?",
            YES_NO,
        )

    def _on_reroll_difficulty(self, answer: Answer) -> list[Speech]:
        if answer == YES:
            self.state.difficulty_rerolled = True
            self.state.phase = "difficulty"
        else:
            self.state.phase = "protection"
        return []

    def _ask_protection(self) -> Step:
        return roll_step(f"{self.table.current.name}, roll for your protection.")

    def _on_protection(self, answer: Answer) -> list[Speech]:
        table = self.table
        player = table.current
        roll, speech = self._roll(answer)
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
        self.state.phase = "vanish"
        return speech

    def _ask_vanish(self) -> Step:
        table = self.table
        neighbour = table.left_neighbour(table.current)
        options = self._artisan_options(table.current)
        question = f"{neighbour.name}, which artisan of {table.current.name} do the genies take?"
        return Step(
            listed(question, [templates[0] for templates in options.values()]), labelled(options)
        )

    def _on_vanish(self, answer: Answer) -> list[Speech]:
        return self._vanish(answer)

    def _vanish(self, answer: Answer) -> list[Speech]:
        district_id, artisan = int(answer["district"]), str(answer["artisan"])
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
        self.state.phase = "actions"
        if due == 0:
            return [Speech(f"No taxes: {player.name} has no artisan at work.")]
        short = f" of the {due} due, all the bank had," if paid < due else ""
        return [
            Speech(
                f"Taxes: {player.name} receives {paid} gold{short} and now has {player.gold}. "
                f"The bank holds {table.bank}."
            )
        ]

    def _ask_actions(self) -> Step:
        table = self.table
        name = table.current.name
        hint = "Say take card one to six, draw, play and a card's name, buy a point, or end turn."
        if table.action_points:
            prompt = f"{name}, {points(table.action_points)}. What do you do?"
        elif table.points_to_buy:
            prompt = f"{name}, no action points left: buy one for 2 gold, or end your turn."
            hint = "Say buy a point, or end turn."
        else:
            prompt = f"{name}, no action points left and none to buy: end your turn."
            hint = "Say end turn."
        return Step(
            prompt,
            self._action_phrases(),
            hint=f"{hint} Say all for more.",
            in_full=(
                "Say take card and a place from one to six, draw from the deck, play and a "
                "card's name, buy a point for 2 gold, or end turn. For a card I do not know, "
                "say play a new district, artisan, guard or card and what it costs: play a "
                "new artisan costing two."
            ),
        )

    def _action_phrases(self) -> PhraseSet:
        """Every place of the line is heard, so an empty one is refused with the reason."""
        return action_phrases(self.state.catalogue, tuple(range(1, LINE_SIZE + 1)))

    def _on_actions(self, answer: Answer) -> list[Speech]:
        table = self.table
        verb = answer.intent
        if verb == "take":
            place = int(answer["place"])
            table.take_from_line(place)
            self.note(f"{table.current.name} takes the card in place {place} of the line.")
            return [Speech(f"Take the card in place {place}. {self._points_left()}", kind="aside")]
        if verb == "draw":
            table.draw_from_deck()
            self.note(f"{table.current.name} draws the top card of the deck.")
            return [Speech(f"Draw the top card. {self._points_left()}", kind="aside")]
        if verb == "buy":
            table.buy_point()
            player = table.current
            return [Speech(f"Bought a point for 2 gold. {player.name} has {player.gold} gold.")]
        if verb == "end":
            return self._end_turn()
        if verb == "play":
            return self._play(str(answer["card"]))
        if verb == "cost":
            return [self._state_figures(str(answer["card"]), cost=int(answer["cost"]))]
        if verb == "unlisted":
            return self._new_card(str(answer["kind"]), int(answer["cost"]))
        raise IllegalAction("I did not understand that action.")

    def _new_card(self, kind: str, cost: int) -> list[Speech]:
        """A card the list lacks, played for the first time: it joins the list under a name
        of its own (each new card is a card of its own, with its own figures), and the
        table is asked what it is called before it is played."""
        table = self.table
        table.check_hand()
        table.check_points(cost, f"{A_CARD[kind].capitalize()} costing {cost}")
        if kind == "artisan":
            table.check_housing(table.current)
        name = new_card_name(self.state.catalogue, kind)
        card = Card.model_validate(
            {
                "name": name,
                "kind": kind,
                "cost": cost,
                "unlisted": True,
                "effect": "manual" if kind == "action" else "none",
                "hand_limit_bonus": 0 if kind == "district" else None,
            }
        )
        self._set_catalogue(self.state.catalogue.with_card(card))
        self.state.naming = name
        self.state.phase = "naming"
        return []

    def _ask_naming(self) -> Step:
        name = self.state.naming
        kind = self.table.card(name).kind
        return Step(
            f"{A_CARD[kind].capitalize()} I do not know: what is it called? Say its name, "
            f"or say no name and I will call it the {name}.",
            PhraseSet.from_templates({NO_NAME: NO_NAME_TEMPLATES}, labels={NO_NAME: "no name"}),
            free_text=True,
            hint="Say the name printed on the card, for example the Potter, or say no name.",
        )

    def _on_naming(self, answer: Answer) -> list[Speech]:
        """The new card keeps its name, takes the one said, or is another copy of a new
        card named before; then it is played (a play refused now keeps the name)."""
        new = self.state.naming
        kind = self.table.card(new).kind
        said = "" if answer == NO_NAME else card_name_said(answer.words)
        named = None if answer == NO_NAME or normalize(said) in NO_NAME_SAID else said
        known = self._card_called(named)
        if known is not None and (known.kind != kind or not known.unlisted):
            raise IllegalAction(
                f"The {known.name} is already a {known.kind}; give this {UNLISTED_NOUNS[kind]} "
                "another name, or say no name."
            )
        self.state.naming, self.state.phase = None, "actions"
        speeches, name = [], new
        if known is not None:
            self._set_catalogue(self.state.catalogue.without(new))
            speeches, name = [Speech(f"Another {known.name}.")], known.name
        elif named:
            self._set_catalogue(self.state.catalogue.renamed(new, named))
            speeches, name = [Speech(f"The {named} it is.")], named
        try:
            return [*speeches, *self._play(name)]
        except IllegalAction as refusal:
            return [*speeches, Speech(str(refusal))]

    def _card_called(self, name: str | None) -> Card | None:
        """The card of the list called ``name``, if any."""
        try:
            return self.state.catalogue.card(name) if name else None
        except UnknownCardError:
            return None

    def _set_catalogue(self, catalogue: Catalogue) -> None:
        self.state.catalogue = catalogue
        if self.state.table is not None:
            self.state.table.catalogue = catalogue

    def _state_figures(self, name: str, **figures: int | bool) -> Speech:
        """The players state figures of a card; the game keeps them from now on."""
        self._set_catalogue(self.state.catalogue.with_figures(name, **figures))
        said = ", ".join(f"{figure.replace('_', ' ')} {_said(v)}" for figure, v in figures.items())
        return Speech(f"Noted for this game: the {name}, {said}.", kind="aside")

    # ------------------------------------------------------------------ figures

    def _stating(self) -> tuple[Card, tuple[str, ...]]:
        """The card whose figures are asked for now, and those figures."""
        if self.state.mode == "score":
            unknown = self._unknown_for_scoring()
            assert unknown is not None, "the figure step opens only while a figure is unknown"
            return unknown
        pending = self.state.pending
        assert pending is not None
        card = self.table.card(pending.card)
        if not card.missing and pending.found:
            card = self.table.card(pending.found)
        return card, card.missing

    def _unknown_for_scoring(self) -> tuple[Card, tuple[str, ...]] | None:
        """The first dictated card with figures scoring needs still unknown, if any."""
        for city in self.state.dictated:
            for name in city:
                card = self.state.catalogue.card(name)
                missing = tuple(figure for figure in card.missing if figure in SCORING_FIGURES)
                if missing:
                    return card, missing
        return None

    def _ask_figure(self) -> Step:
        card, figures = self._stating()
        question = figures_question(card.name, figures, card.plural)
        if len(figures) == 1:
            (figure,) = figures
            phrases = figure_phrases(figure) | figures_phrases(figures)
            return Step(question, phrases, hint=figure_hint(figure))
        hint = f"{question} {' '.join(figure_hint(figure, named=True) for figure in figures)}"
        return Step(question, figures_phrases(figures), hint=hint)

    def _on_figure(self, answer: Answer) -> list[Speech]:
        card, figures = self._stating()
        if answer.intent == "figures":
            stated = {
                figure: bool(answer[figure]) if figure == "fortified" else int(answer[figure])
                for figure in figures
            }
        else:  # one figure said plainly: a number, or yes or no
            (figure,) = figures
            said = answer == YES if figure == "fortified" else int(answer[NUMBER])
            stated = {figure: said}
        noted = self._state_figures(card.name, **stated)
        if self.state.mode == "score":
            return [noted, *self._score_dictated()]
        return self._figures_stated(noted)

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
            self.note(f"The game ends: {why}.", Told.ENDING)
            ending = self._final_scores(self._table_tallies())
            return [Speech(" ".join(speech), kind="aside"), *ending]
        return [Speech(" ".join(speech), kind="aside"), *self._begin_turn()]

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
        """The standings: every vizier's points by category, then the winners and why."""
        lines, verdict = standings(score_viziers(tallies, self.state.catalogue))
        self.state.phase = "over"
        return [Speech(line, kind="ending") for line in [*lines, verdict]]

    def _ask_dictate(self) -> Step:
        name = self.player_names()[self.state.dictating]
        so_far = self.state.dictated[self.state.dictating]
        prompt = (
            f"{name}, tell me your city, for example two palaces and one militia. "
            "Say done when it is complete."
            if not so_far
            else f"{name}, anything else? Say done when it is complete."
        )
        expects = item_phrases(self.state.catalogue) | PhraseSet.from_templates(
            {DONE: ["done", "that is all", "finished"], AGAIN: ["start again", "clear"]},
            labels={DONE: "done", AGAIN: "start again"},
        )
        return Step(prompt, expects, free_text=True)

    def _on_dictate(self, answer: Answer) -> list[Speech]:
        city = self.state.dictated[self.state.dictating]
        said = normalize(answer.words) if answer.intent == FREE else answer.intent
        if said in (AGAIN.intent, "start again", "clear"):
            city.clear()
            return [Speech("Cleared. Tell me the city again.")]
        if said in (DONE.intent, "that is all", "finished"):
            self.state.phase = "gold"
            return [Speech(f"That makes {describe_city(city)}.")]
        for name, count in dictated_items(answer, self.state.catalogue).items():
            city[name] = city.get(name, 0) + count
        check_box(self.state.dictated, self.state.catalogue)
        return [Speech(f"So far: {describe_city(city)}.")]

    def _ask_gold(self) -> Step:
        name = self.player_names()[self.state.dictating]
        return Step(
            f"How much gold does {name} have?",
            number_phrases(0, 60, heard=range(100)),
            hint="There are 60 gold pieces in all: say a number from zero to sixty.",
        )

    def _on_gold(self, answer: Answer) -> list[Speech]:
        self.state.gold.append(int(answer[NUMBER]))
        self.state.dictating += 1
        if self.state.dictating < len(self.player_names()):
            self.state.phase = "dictate"
            return []
        return self._score_dictated()

    def _score_dictated(self) -> list[Speech]:
        """Score the dictated cities, once every figure scoring needs is known."""
        if self._unknown_for_scoring() is not None:
            self.state.phase = "figure"
            return []
        tallies = [
            Tally(name, city, gold)
            for name, city, gold in zip(
                self.player_names(), self.state.dictated, self.state.gold, strict=True
            )
        ]
        return self._final_scores(tallies)


def _said(value: int | bool) -> str:
    """A stated figure in words: ``2`` -> ``2``, ``True`` -> ``yes``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


_KEPT = PhraseSet.from_templates(
    {Answer("kept"): ["kept", "keep", "i kept [four|them]", "done", "i keep four"]},
    labels={Answer("kept"): "kept"},
)
_NEW_CARDS = PhraseSet.from_templates(
    {Answer("redeal"): ["new cards", "redeal", "deal again", "no district", "eight new cards"]},
    labels={Answer("redeal"): "new cards"},
)
