"""A turn's movement and cards, up to the encounter and back from it.

Phases: ``escape`` (a status that holds the hero), ``move`` (and a status rewarding the
arrival), ``card`` (the encounter card said or drawn); after the encounter, the city
cards: ``keep_city``, ``play_city`` and ``city_roll``. The encounter itself is in
:mod:`~companion.games.arabian_nights.dialogue.encounter`.
"""

from __future__ import annotations

from functools import lru_cache

from companion.framework.answers import NO, YES, Answer
from companion.framework.dialogue import Speech, Step, yes_or_no
from companion.framework.errors import IllegalAction
from companion.framework.kit import roll_step, rolled
from companion.framework.phrases import PhraseSet, number_to_words
from companion.framework.wording import capped_list, spoken_list
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.content.pack import CityCard, ParagraphTarget, RewardResult
from companion.games.arabian_nights.content.reward_codes import parse_reward
from companion.games.arabian_nights.dialogue.base import ReaderBase
from companion.games.arabian_nights.dialogue.phrases import (
    KEEP_OR_DISCARD,
    PLAY_OR_KEEP,
    intents,
)
from companion.games.arabian_nights.dialogue.state import Encounter, cached_pack
from companion.games.arabian_nights.rules.card_effects import (
    arrival_reward,
    end_arrival,
    escape_statuses,
    roll_to_escape,
    skip_turn,
    skipped_turn_reason,
)
from companion.games.arabian_nights.rules.deck import (
    NEXT_TIME,
    card_named,
    discard_encounter,
    draw_encounter,
    encounter_target,
    keep_city_card,
    play_city_card,
    playable_city_cards,
    take_named_card,
)
from companion.games.arabian_nights.rules.movement import (
    can_reach,
    leave_place_of_power,
    move,
    reachable_spaces,
)
from companion.games.arabian_nights.rules.state import encounter_card_names


class ReaderTurn(ReaderBase):
    """The start of a turn, the move, the encounter card, and the city cards after."""

    def _begin_turn(self) -> list[Speech]:
        self.state.phase = "move"
        self.state.encounter = None
        self.state.table = self.table.evolve(lambda copy: copy.current.used_this_turn.clear())
        sheet = self.sheet
        speeches = [Speech(f"It is {sheet.name}'s turn.", kind="aside")]  # a chapter's heading
        reason = skipped_turn_reason(self.pack, sheet)
        if reason is not None:
            self.state.table = skip_turn(self.pack, self.table, sheet.name)
            speeches.append(Speech(speech.turn_lost(sheet.name, reason)))
            return speeches + self._end_of_turn()
        reminders = speech.reminders(sheet)
        if reminders:
            speeches.append(Speech(reminders, kind="aside"))
        if escape_statuses(self.pack, sheet):
            self.state.phase = "escape"
        return speeches

    def _ask_escape(self) -> Step:
        status, faces = escape_statuses(self.pack, self.sheet)[0]
        return roll_step(
            f"{self.sheet.name}, you are {status}. Roll a die: "
            f"{spoken_list([number_to_words(face) for face in faces], 'or')} sets you free. "
            "Say the number, or say roll for me."
        )

    def _on_escape(self, answer: Answer) -> list[Speech]:
        die = rolled(answer, self.state.dice)
        name = self.sheet.name
        held = [status for status, _ in escape_statuses(self.pack, self.sheet)]
        self.state.table, freed = roll_to_escape(self.pack, self.table, name, die)
        self.state.phase = "move"
        if freed:
            result = f"{name} is no longer {spoken_list(freed)}."
        else:
            result = f"{name} is still {spoken_list(held)}."
        return [Speech(f"You rolled {die}. {result}", chronicled=result)]

    def _ask_move(self) -> Step:
        sheet = self.sheet
        places = (sheet.destination,) if sheet.destination else ()
        stuck = speech.cannot_move(self.pack, sheet)
        if stuck:
            return Step(
                f"{sheet.name}, you are in {speech.place(self.pack, sheet.position)}. {stuck} "
                "Say stay.",
                _move_phrases(self.state.pack_path, places),
                hint=f"{stuck} Say stay.",
                commands=_WHERE_CAN_I_GO,
                offered=self._moves_offered(),
            )
        routes = reachable_spaces(self.pack, sheet)
        say = "Say the name of the space where your hero ends the move, or say stay."
        here = speech.place(self.pack, sheet.position)
        where = f"{sheet.name}, you are in {here}. Where do you end your move?"
        return Step(
            f"{where} Say a place, or stay.",
            _move_phrases(self.state.pack_path, places),
            brief=where,
            topic=f"move:{sheet.name}",
            hint=f"{say} {speech.reachable(self.pack, sheet, routes)}",
            in_full=speech.reachable(self.pack, sheet, routes, whole=True),
            commands=_WHERE_CAN_I_GO,
            offered=self._moves_offered(),
        )

    def _moves_offered(self) -> frozenset[Answer]:
        """The places the move step offers: those in reach, and staying unless the hero
        must leave (every other space is understood, to say it is too far)."""
        sheet = self.sheet
        reach = reachable_spaces(self.pack, sheet)
        must_leave = sheet.must_leave == sheet.position and reach
        stay = () if must_leave else (Answer("stay"),)
        return frozenset((*map(Answer, reach), *stay))

    def _on_move(self, answer: Answer) -> list[Speech]:
        sheet = self.sheet
        value = answer.intent
        if value == "where":
            routes = reachable_spaces(self.pack, sheet)
            whole = speech.reachable(self.pack, sheet, routes, whole=True)
            return [Speech(speech.reachable(self.pack, sheet, routes), in_full=whole, kind="aside")]
        goal = sheet.position if value == "stay" else value
        if (
            value == "stay"
            and sheet.must_leave == sheet.position
            and reachable_spaces(self.pack, sheet)
        ):
            here = speech.place(self.pack, sheet.position)
            raise IllegalAction(f"{sheet.name} must leave {here}. Say where to go.")
        if value != "stay" and can_reach(self.pack, sheet.position, goal, sheet) is False:
            routes = reachable_spaces(self.pack, sheet)
            within = f" {speech.reachable(self.pack, sheet, routes)}" if routes else ""
            raise IllegalAction(f"{speech.unreachable(self.pack, sheet, goal)}{within}")
        if sheet.must_leave is not None:
            self.state.table = self.table.evolve(
                lambda copy: setattr(copy.player(sheet.name), "must_leave", None)
            )
        arrived: list[Speech] = []
        if value != "stay":
            self.state.table = move(self.pack, self.table, sheet.name, goal)
            arrived = self._arrival()
        place = self.pack.places.get(self.sheet.position)
        if place is not None:
            self.state.encounter = Encounter(encountered=place.name)
            return [
                *arrived,
                Speech(
                    f"You enter {self._place(place.name)}.",
                    chronicled=f"{self.sheet.name} enters {self._place(place.name)}.",
                ),
                *self._go_to(ParagraphTarget(paragraph=place.paragraph)),
            ]
        self.state.phase = "card"
        return arrived

    def _arrival(self) -> list[Speech]:
        """A status that rewards arriving here (the demo's Pilgrim in Mecca) gives its
        reward and is lost."""
        found = arrival_reward(self.pack, self.sheet)
        if found is None:
            return []
        status, code = found
        name = self.sheet.name
        self.state.table = end_arrival(self.table, name, status)
        here = speech.place(self.pack, self.sheet.position)
        said = Speech(f"{name} arrives in {here} and is no longer {status}.")
        return [said, *self._sheet_reward(name, parse_reward(code, self.vocabulary))]

    def _ask_card(self) -> Step:
        return Step(
            "Draw an encounter card and say its name, or say draw for me.",
            _card_phrases(self.state.pack_path),
            hint="Say the name printed on the encounter card, or say draw for me, or we "
            f"reshuffled the deck. The cards are {capped_list(encounter_card_names(self.pack))}.",
            in_full=f"The cards are {spoken_list(encounter_card_names(self.pack))}.",
            brief="Draw an encounter card.",
            topic=f"card:{self.sheet.name}",
        )

    def _on_card(self, answer: Answer) -> list[Speech]:
        value = answer.intent
        if value == "reshuffle":
            time_of_day = NEXT_TIME[self.table.time_of_day]
            self.state.table = self.table.evolve(
                lambda copy: setattr(copy, "time_of_day", time_of_day)
            )
            return [Speech(f"The deck is reshuffled: it is now {time_of_day}.")]
        speeches = []
        in_play = value == "draw"
        if not in_play:
            self.state.table, in_play = take_named_card(self.table, value)
        else:
            before = self.table.time_of_day
            self.state.table, value = draw_encounter(self.table, self.state.dice.next_rng())
            drawn = f"the {value} card."
            speeches.append(
                Speech(f"You draw {drawn}", chronicled=f"{self.sheet.name} draws {drawn}")
            )
            if self.table.time_of_day != before:
                speeches.append(
                    Speech(f"The deck is shuffled again; it is now {self.table.time_of_day}.")
                )
        card = card_named(self.pack, value)
        self.state.encounter = Encounter(
            card=card.name, card_in_play=in_play, encountered=card.name
        )
        terrain = self.pack.spaces[self.sheet.position].terrain
        try:
            target = encounter_target(self.pack, card.name, self.table.time_of_day, terrain)
        except IllegalAction:
            return [
                *speeches,
                Speech(f"The {card.name} card has nothing for {terrain}."),
                *self._finish_encounter(),
            ]
        return speeches + self._go_to(target)

    # -- after the encounter ------------------------------------------------------------

    def _finish_encounter(self) -> list[Speech]:
        encounter = self.encounter
        card = card_named(self.pack, encounter.card) if encounter.card else None
        if isinstance(card, CityCard) and not encounter.after_city_card:
            self.state.phase = "keep_city"
            return []
        if card is not None and encounter.card_in_play and not encounter.after_city_card:
            self.state.table = discard_encounter(self.table, card.name)
        return self._after_encounter()

    def _ask_keep_city(self) -> Step:
        card = card_named(self.pack, self.encounter.card)
        return Step(
            f"Do you keep the {card.name} card, to play later in {card.city}?",
            yes_or_no(KEEP_OR_DISCARD),
            hint="Say keep it, or discard it.",
        )

    def _on_keep_city(self, answer: Answer) -> list[Speech]:
        card = self.encounter.card
        if answer == YES:
            self.state.table = keep_city_card(self.pack, self.table, self.sheet.name, card)
            said = Speech(f"{self.sheet.name} keeps the {card} card.")
        else:
            if self.encounter.card_in_play:
                self.state.table = discard_encounter(self.table, card)
            said = Speech(f"The {card} card is discarded.")
        return [said, *self._after_encounter()]

    def _after_encounter(self) -> list[Speech]:
        speeches = []
        name = self.sheet.name
        if self.sheet.position in self.pack.places:
            self.state.table = leave_place_of_power(self.pack, self.table, name)
            out = speech.place(self.pack, self.sheet.position)
            speeches.append(Speech(f"{name} follows the arrow out to {out}."))
        if self._playable_now():
            self.state.phase = "play_city"
            return speeches
        return speeches + self._end_of_turn()

    def _playable_now(self) -> list[str]:
        """Kept city cards for this city, except one kept during this very turn."""
        kept_now = self.encounter.card if self.state.encounter else None
        cards = playable_city_cards(self.pack, self.table, self.sheet.name)
        return [card for card in cards if card != kept_now]

    def _ask_play_city(self) -> Step:
        card = self._playable_now()[0]
        return Step(
            f"You hold the {card} card and you are in its city. Play it now?",
            yes_or_no(PLAY_OR_KEEP),
            hint="Say play it, or keep it for later.",
        )

    def _on_play_city(self, answer: Answer) -> list[Speech]:
        if answer == NO:
            return self._end_of_turn()
        self.state.city_card = self._playable_now()[0]
        self.state.phase = "city_roll"
        return []

    def _ask_city_roll(self) -> Step:
        return roll_step(
            f"Roll a die for the {self.state.city_card} card and say the number, "
            "or say roll for me."
        )

    def _on_city_roll(self, answer: Answer) -> list[Speech]:
        die = rolled(answer, self.state.dice)
        card = self.state.city_card
        self.state.table, result = play_city_card(self.pack, self.table, self.sheet.name, card, die)
        self.state.city_card = None
        self.state.encounter = Encounter(card=card, encountered=card, after_city_card=True)
        said = Speech(
            f"You rolled {die} for the {card} card.",
            chronicled=f"{self.sheet.name} plays the {card} card.",
        )
        if isinstance(result, RewardResult):
            return [said, *self._reward(result.reward_code)]
        return [said, *self._go_to(result)]


_WHERE_CAN_I_GO = intents(
    {
        "where": [
            "where can i go",
            "where can we go",
            "what is in reach",
            "which spaces can i reach",
        ]
    },
    labels={"where": "where can I go"},
)


@lru_cache(maxsize=64)
def _move_phrases(pack_path: str, places: tuple[str, ...]) -> PhraseSet:
    """Every place of the move step, built once per pack and Destination marker (so the
    matcher's own caches live across turns); "where can I go" is a command beside them,
    never offered as a place."""
    return destination_phrases(pack_path) | destination_phrases(None, places)


@lru_cache(maxsize=64)
def destination_phrases(pack_path: str | None, places: tuple[str, ...] = ()) -> PhraseSet:
    """Where a move may end: every space of the pack (or the given places), or stay."""
    names = list(cached_pack(pack_path).spaces) if pack_path else list(places)
    spaces = intents(
        {name: [name, f"go to {name}"] for name in names}, labels={name: name for name in names}
    )
    if not pack_path:
        return spaces
    stay = ["stay", "[i] stay here", "i stay", "stay in place", "no move"]
    return spaces | intents({"stay": stay})


@lru_cache(maxsize=8)
def _card_phrases(pack_path: str) -> PhraseSet:
    """The name of every encounter card of the pack, or "draw for me"."""
    pack = cached_pack(pack_path)
    cards = [card.name for card in (*pack.character_cards, *pack.terrain_cards, *pack.city_cards)]
    named = intents({card: [card, f"[i drew] [the] {card}"] for card in cards})
    draw = intents(
        {
            "draw": ["draw for me", "you draw", "draw [a card]"],
            "reshuffle": ["[we] reshuffle[d] [the deck]", "the deck (is|was) reshuffled"],
        },
        labels={"draw": "draw for me", "reshuffle": "we reshuffled the deck"},
    )
    return named | draw
