"""The pure rules core: setup, hands, the turn, Hope on the action cards, tales, events."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.framework.errors import SetupError
from companion.games.scheherazade.content.deck import Colour, Kind, load_deck
from companion.games.scheherazade.rules import (
    MAX_HOPE,
    Action,
    Card,
    CountedTable,
    EventCard,
    IllegalPlayError,
    Night,
    Variants,
    event_of,
    setup_for,
)

R, B, G, Y = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW
C, P, A, E = Kind.CHARACTER, Kind.PLACE, Kind.ARTIFACT, Kind.EVENT
DECK = load_deck()
SEALED = Variants(unfinished_tales=False)


def card(colour: Colour, kind: Kind) -> Card:
    return Card(colour=colour, kind=kind)


def table_with(*cards: Card, players: int = 2, variants: Variants = SEALED) -> CountedTable:
    table = CountedTable.new(players, variants)
    for played in cards:
        table.play(played)
    return table


def code(colour: Colour, kind: Kind, index: int = 0) -> str:
    return [e.code for e in DECK.elements if (e.colour, e.kind) == (colour, kind)][index]


def night_with(deck: list[str], hands: list[list[str]], **fields) -> Night:
    """A night whose deck and hands are laid out by the test."""
    night = Night.new(len(hands), DECK, random.Random(0), fields.pop("variants", Variants()))
    night.deck, night.hands, night.discard = deck, hands, []
    for name, value in fields.items():
        setattr(night, name, value)
    return night


@pytest.mark.parametrize(
    ("players", "hope", "hand", "sultans", "hourglasses", "deck", "to_place"),
    [
        (1, 6, 6, 8, 3, 83, 5),
        (2, 10, 5, 8, 3, 83, 8),
        (3, 12, 4, 6, 2, 80, 9),
        (4, 12, 3, 4, 1, 77, 8),
    ],
)
def test_setup_follows_the_rulebook_table(
    players, hope, hand, sultans, hourglasses, deck, to_place
):
    setup = setup_for(players)
    assert (setup.starting_hope, setup.hand_size) == (hope, hand)
    events = setup.event_cards()
    assert (events[EventCard.SULTAN], events[EventCard.HOURGLASS]) == (sultans, hourglasses)
    assert (events[EventCard.IFRIT], events[EventCard.ROC], events[EventCard.BAHAMUT]) == (2, 1, 1)
    assert events[EventCard.QUEEN] == 4
    assert setup.deck_size() == deck and setup.deck_size(allies=True) == deck + 2
    table = CountedTable.new(players)
    assert table.hope_on[Action.SCHEHERAZADE] == players == table.hope
    assert table.hope_to_place == to_place


@pytest.mark.parametrize("players", [0, 5])
def test_setup_refuses_player_counts_outside_the_table(players):
    with pytest.raises(SetupError, match="1 to 4"):
        setup_for(players)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_the_deal_fills_hands_with_story_cards_and_discards_the_rest_without_effect(players, seed):
    night = Night.new(players, DECK, random.Random(seed))
    assert all(len(hand) == setup_for(players).hand_size for hand in night.hands)
    assert all(not event_of(code) for hand in night.hands for code in hand)
    assert night.discard == night.set_aside_at_deal
    assert all(event_of(code) for code in night.set_aside_at_deal)
    assert night.hope == players  # no Sultan or queen was applied
    total = len(night.deck) + len(night.discard) + sum(map(len, night.hands))
    assert total == setup_for(players).deck_size()


def test_hope_is_placed_token_by_token_and_spent_to_use_an_action():
    table = CountedTable.new(1)
    for action in (Action.SEARCH, Action.SEARCH, Action.DRAW, Action.DRAW, Action.DRAW):
        table.place_hope(action)
    with pytest.raises(IllegalPlayError, match="already placed"):
        table.place_hope(Action.DRAW)
    assert table.hope == 6
    assert table.spend(Action.SEARCH) == 2
    assert (table.hope, table.hope_on[Action.SEARCH]) == (5, 1)
    with pytest.raises(IllegalPlayError, match="reveal card holds no Hope"):
        table.spend(Action.REVEAL)
    assert table.spend(Action.REVEAL, free=True) == 1  # a protagonist: free, X at least 1
    assert table.spend(Action.DRAW, free=True) == 3 and table.hope == 5


def test_hope_is_lost_from_scheherazade_first_then_the_fullest_card():
    table = CountedTable.new(1)
    for action in (Action.SEARCH, Action.DRAW, Action.DRAW, Action.DRAW, Action.REVEAL):
        table.place_hope(action)
    table.change_hope(-2)
    assert table.hope_on[Action.SCHEHERAZADE] == 0 and table.hope_on[Action.DRAW] == 2
    table.change_hope(+1)
    assert table.hope_on[Action.SCHEHERAZADE] == 1
    table.move_hope(Action.SEARCH, Action.DRAW)
    assert (table.hope_on[Action.SEARCH], table.hope_on[Action.DRAW], table.hope) == (0, 3, 5)


@given(st.lists(st.integers(min_value=-3, max_value=3), max_size=40))
@settings(max_examples=60)
def test_hope_stays_within_0_and_20_and_0_loses(changes):
    table = CountedTable.new(4)
    for change in changes:
        table.change_hope(change)
        assert 0 <= table.hope <= MAX_HOPE
        assert all(tokens >= 0 for tokens in table.hope_on.values())
        if table.hope == 0:
            assert table.outcome == "lost"


def test_the_type_must_change_from_one_card_to_the_next():
    table = table_with(card(R, P))
    with pytest.raises(IllegalPlayError, match="a place cannot follow a place"):
        table.play(card(B, P))
    assert len(table.row) == 1


def test_four_of_a_colour_with_every_type_complete_its_tale_and_the_colour_must_change():
    table = table_with(card(R, C), card(R, P), card(R, A))
    assert table.play(card(R, E)) is R
    with pytest.raises(IllegalPlayError, match="red tale has just been completed"):
        table.play(card(R, C))
    table.play(card(B, C))
    table.play(card(R, P))  # only the card right after the tale is restricted


def test_a_repeated_type_restarts_the_tale_from_the_repeat():
    table = table_with(card(R, C), card(R, P), card(B, C), card(R, A), card(R, C))
    assert [c.kind for c in table.streak()] == [A, C]


def test_unfinished_tales_the_told_tale_leaves_and_the_one_before_can_be_finished():
    table = table_with(
        card(B, C), card(B, P), card(B, A), card(R, C), card(R, P), card(R, A),
        variants=Variants(),
    )  # fmt: skip
    assert table.play(card(R, E)) is R
    assert [c.colour for c in table.row] == [B, B, B]
    assert table.discard_count == 4
    assert table.play(card(B, E)) is B
    assert table.tales == [R, B] and table.row == []


def test_without_unfinished_tales_the_ifrit_spares_a_told_tale():
    table = table_with(card(R, C), card(R, P), card(R, A), card(R, E))
    rng = random.Random(0)
    assert table.apply_event(EventCard.IFRIT, rng).removed is None
    table.play(card(B, C))
    assert table.apply_event(EventCard.IFRIT, rng).removed == card(B, C)


def test_events_on_the_counted_table():
    table = table_with(card(R, P))
    table.finish_deal()
    rng = random.Random(0)
    assert table.apply_event(EventCard.HOURGLASS, rng).cards_discarded == 18 - 2
    assert table.apply_event(EventCard.BAHAMUT, rng).cards_discarded == 2
    assert table.hands == [4, 4]
    carried = table.discard_count
    assert table.apply_event(EventCard.ROC, rng).cards_discarded == carried
    table.draw_event(EventCard.PLACE_ALLY, rng)
    assert table.allies == [P] and table.discard_count == 0


def test_a_draw_resolves_obstacles_and_favours_and_keeps_one_story_card():
    lamp, thief, diver = code(R, A), code(R, C), code(B, C)
    deck = ["event:sultan", lamp, "event:queen", "event:hourglass", thief, diver, code(G, P)]
    night = night_with(deck, [[code(Y, E)]], hope_on=dict.fromkeys(Action, 0))
    night.hope_on[Action.DRAW] = 2
    night.hope_on[Action.SCHEHERAZADE] = 15
    offer = night.draw(random.Random(0))
    assert offer.offered == [lamp, diver]
    assert [r.event for r in offer.events] == [
        EventCard.SULTAN, EventCard.QUEEN, EventCard.HOURGLASS,
    ]  # fmt: skip
    assert offer.events[2].cards_discarded == 18 - 17  # the thief went with the hourglass
    assert night.discard == ["event:sultan", "event:queen", "event:hourglass", thief]
    night.keep(0, diver)
    assert night.hands == [[code(Y, E), diver]]
    assert night.deck == [code(G, P), lamp]  # the rest to the bottom


def test_drawing_from_an_empty_deck_loses():
    night = night_with(["event:sultan"], [[]])
    night.hope_on[Action.SCHEHERAZADE] = 5
    night.draw(random.Random(0))
    assert (night.outcome, night.loss_reason) == ("lost", "deck")


def test_a_discard_costs_one_hope_and_an_ally_lets_more_cards_go():
    lamp, ring, thief = code(R, A), code(R, A, 2), code(R, C)
    night = night_with([], [[lamp, ring, thief]], variants=Variants(allies=True))
    night.hope_on[Action.SCHEHERAZADE] = 3
    night.discard_card(0, thief)
    assert night.hope == 2 and night.discard == [thief]
    with pytest.raises(IllegalPlayError, match="only an ally"):
        night.discard_extra(0, lamp, thief)
    night.apply_event(EventCard.CHARACTER_ALLY, random.Random(0))
    night.discard_extra(0, lamp, thief)
    assert night.hands == [[ring]] and night.hope == 2


def test_actions_search_recover_reveal_and_overcome_move_the_right_cards():
    lamp, thief, palace = code(R, A), code(R, C), code(Y, P)
    deck = [thief, "event:queen", palace, "event:ifrit", lamp]
    night = night_with(deck, [[]])
    assert night.reveal(3) == [thief, "event:queen", palace]
    assert night.deck == [thief, palace, "event:ifrit", lamp, "event:queen"]
    assert night.overcome(1) == (EventCard.IFRIT, 5)
    assert night.deck == [thief, palace, lamp, "event:queen"] and night.discard == ["event:ifrit"]
    assert night.search(0, [(R, A), (G, E)], random.Random(0)) == [lamp]
    night.discard += [thief]
    night.deck.remove(thief)
    assert night.recover(0, [(None, None)]) == [thief]
    assert night.hands == [[lamp, thief]]


def test_a_protagonist_gives_a_free_action_and_a_special_place_brings_queens_back():
    ali, baghdad = "red/character/baba", "yellow/place/baghdad"
    night = night_with(["event:sultan"], [[ali, baghdad]])
    night.discard = ["event:queen", "event:roc", "event:queen"]
    assert night.play_card(0, ali).free_action
    played = night.play_card(0, baghdad)
    assert played.queens_returned == 2 and not played.free_action
    assert night.discard == ["event:roc"] and night.deck.count("event:queen") == 2
    plain = night_with([], [[ali]], variants=Variants(protagonists=False))
    assert not plain.play_card(0, ali).free_action


def test_bahamut_takes_one_card_from_each_hand_at_random():
    night = night_with([], [[code(R, A), code(R, C)], [], [code(B, C)]])
    result = night.apply_event(EventCard.BAHAMUT, random.Random(1))
    assert result.cards_discarded == 2
    assert [len(hand) for hand in night.hands] == [1, 0, 0]


def test_four_tales_win():
    table = CountedTable.new(1)
    kinds = [C, P, A, E]
    for colour in Colour:
        for kind in kinds:
            table.play(card(colour, kind))
        kinds = kinds[1:] + kinds[:1]
    assert table.check_victory() and table.outcome == "won"
