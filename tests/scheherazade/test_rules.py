"""The pure rules core: setup table, sequence rules, tales, Hope and events."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.scheherazade.deck import Colour, Kind, load_deck
from companion.games.scheherazade.rules import (
    MAX_HOPE,
    Card,
    CountedTable,
    DealtTable,
    EventCard,
    IllegalPlayError,
    SetupError,
    setup_for,
)

R, B, G, Y = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW
C, P, A, E = Kind.CHARACTER, Kind.PLACE, Kind.ARTIFACT, Kind.EVENT


def card(colour: Colour, kind: Kind) -> Card:
    return Card(colour=colour, kind=kind)


def table_with(*cards: Card, players: int = 2) -> CountedTable:
    table = CountedTable.new(players)
    for played in cards:
        table.play(played)
    return table


@pytest.mark.parametrize(
    ("players", "hope", "hand", "sultans", "hourglasses", "deck"),
    [(1, 6, 6, 8, 3, 83), (2, 10, 5, 8, 3, 83), (3, 12, 4, 6, 2, 80), (4, 12, 3, 4, 1, 77)],
)
def test_setup_follows_the_seed_table(players, hope, hand, sultans, hourglasses, deck):
    setup = setup_for(players)
    assert (setup.starting_hope, setup.hand_size) == (hope, hand)
    events = setup.event_cards()
    assert (events[EventCard.SULTAN], events[EventCard.HOURGLASS]) == (sultans, hourglasses)
    assert (events[EventCard.IFRIT], events[EventCard.ROC], events[EventCard.BAHAMUT]) == (2, 1, 1)
    assert events[EventCard.QUEEN] == 4
    assert setup.deck_size == deck


@pytest.mark.parametrize("players", [0, 5])
def test_setup_refuses_player_counts_outside_the_table(players):
    with pytest.raises(SetupError, match="1 to 4"):
        setup_for(players)


def test_the_type_must_change_from_one_element_to_the_next():
    table = table_with(card(R, P))
    with pytest.raises(IllegalPlayError, match="a place cannot follow a place"):
        table.play(card(B, P))
    assert len(table.row) == 1


def test_four_of_a_colour_with_every_type_complete_its_tale():
    table = table_with(card(R, C), card(R, P), card(R, A))
    assert table.play(card(R, E)) is R
    assert table.tales == [R]


def test_after_a_tale_the_next_colour_must_differ():
    table = table_with(card(R, C), card(R, P), card(R, A), card(R, E))
    with pytest.raises(IllegalPlayError, match="red tale has just been completed"):
        table.play(card(R, C))
    table.play(card(B, C))
    table.play(card(R, P))  # only the card right after the tale is restricted


def test_a_repeated_type_restarts_the_tale_from_the_repeat():
    table = table_with(card(R, C), card(R, P), card(R, C), card(R, A))
    assert table.tales == []
    assert table.play(card(R, E)) is R  # the last four: place, character, artifact, event


def test_another_colour_breaks_the_tale():
    table = table_with(card(R, C), card(R, P), card(B, A))
    assert table.play(card(R, E)) is None
    assert [c.colour for c in table.streak()] == [R]


def test_a_colour_is_told_only_once():
    table = table_with(card(R, C), card(R, P), card(R, A), card(R, E), card(B, C))
    for kind in (P, A, E):
        table.play(card(R, kind))
    table.play(card(R, C))
    assert table.tales == [R]


def test_victory_needs_four_tales_one_per_colour():
    table = CountedTable.new(4)
    kinds = [C, P, A, E]
    for colour in (R, B, G, Y):
        for kind in kinds:
            table.play(card(colour, kind))
        kinds = kinds[1:] + kinds[:1]  # the next tale must not start with the last type
    assert table.tales == [R, B, G, Y]
    assert table.check_victory() and table.outcome == "won"


def test_the_ifrit_takes_the_last_element_but_spares_a_finished_tale():
    rng = random.Random(1)
    table = table_with(card(R, C), card(R, P), card(R, A), card(R, E), card(B, C))
    assert table.apply_event(EventCard.IFRIT, rng).removed == card(B, C)
    assert table.apply_event(EventCard.IFRIT, rng).removed is None
    assert len(table.row) == 4


def test_the_hourglass_discards_eighteen_minus_hope_cards():
    table = CountedTable.new(2)
    table.finish_deal()
    before = table.deck_count
    result = table.draw_event(EventCard.HOURGLASS, random.Random(1))
    assert result.cards_discarded == 18 - 10
    assert table.deck_count == before - 1 - 8


def test_the_sultan_and_the_queen_move_hope_within_its_tokens():
    table = CountedTable.new(1)
    rng = random.Random(1)
    table.hope = MAX_HOPE
    assert table.apply_event(EventCard.QUEEN, rng).hope_change == 0
    table.hope = 1
    assert table.apply_event(EventCard.SULTAN, rng).hope_change == -1
    assert (table.outcome, table.loss_reason) == ("lost", "hope")


def test_the_roc_carries_off_the_discard_pile_and_bahamut_takes_a_card_per_hand():
    table = CountedTable.new(3)
    table.finish_deal()
    table.discard_from_hand(0)
    assert table.apply_event(EventCard.ROC, random.Random(1)).cards_discarded == 1
    assert table.discard_count == 0
    assert table.apply_event(EventCard.BAHAMUT, random.Random(1)).cards_discarded == 3
    assert table.hands == [2, 3, 3]


def test_printed_cards_lose_when_the_deck_cannot_fill_a_hand():
    table = CountedTable.new(1)
    table.finish_deal()
    table.deck_count = 0
    table.play_from_hand(0, card(R, C))
    table.finish_draw(0)
    assert (table.outcome, table.loss_reason) == ("lost", "deck")


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_story_prompts_keep_every_card_and_every_rule(players, seed):
    deck = load_deck()
    rng = random.Random(seed)
    table = DealtTable.new(players, deck, rng)
    total, carried_off = setup_for(players).deck_size, 0
    while table.outcome is None:
        code, results = table.draw_element(rng)
        carried_off += sum(r.cards_discarded for r in results if r.event is EventCard.ROC)
        if code is not None:
            table.play(Card.from_code(code))
            table.check_victory()
        assert len(table.deck) + table.discard_count + len(table.row) + carried_off == total
    kinds = [c.kind for c in table.row]
    assert all(a is not b for a, b in itertools.pairwise(kinds))
    assert len(set(table.tales)) == len(table.tales)
    assert table.outcome == "won" or table.loss_reason in ("hope", "deck")
