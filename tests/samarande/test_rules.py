"""The rules core: protection test, taxes, action points, combat, thefts, the end."""

from __future__ import annotations

import pytest

from companion.framework.errors import IllegalAction
from companion.games.samarande.rules import Table
from tests.samarande.helpers import build_city, make_table


def test_new_table_deals_four_cards_each_and_six_in_the_line(catalogue):
    table = make_table(catalogue, players=3)
    assert table.deck == 110 - 3 * 4 - 6
    assert table.line == [True] * 6
    assert [p.hand for p in table.players] == [4, 4, 4]
    assert table.card_count() == 110 and table.gold_count() == 60


def test_difficulty_is_the_neighbours_die_plus_the_artisans(catalogue):
    table = make_table(catalogue)
    build_city(table, "Ali", "Souk", "Armourer", "Jeweller", "Perfumer")
    assert table.difficulty(table.player("Ali"), 4) == 7


def test_protection_adds_every_guard_bonus_and_each_fortified_district(catalogue):
    table = make_table(catalogue)
    build_city(table, "Ali", "Fortified District", "Fortified District", "Palace")
    build_city(table, "Ali", "Militia", "Royal Guard", "Desert Horsemen")
    ali = table.player("Ali")
    assert table.protection(ali, 2) == 2 + (1 + 3 + 2) + 2


def test_a_scared_district_counts_for_nothing_in_the_protection_test(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Fortified District", "Armourer", "Palace", "Jeweller")
    zoe = table.player("Zoe")
    fort = zoe.city.districts[0]
    table.put_in_play(table.play_action("Scary Genie"), zoe, fort.id)
    assert table.card_count() == 110
    assert table.difficulty(zoe, 3) == 3 + 1
    assert table.protection(zoe, 3) == 3
    assert table.taxes_due(zoe) == catalogue.card("Jeweller").coins


def test_a_giant_genie_cancels_guard_bonuses_but_not_forts(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Fortified District", "Royal Guard")
    zoe = table.player("Zoe")
    table.put_in_play(table.play_action("Giant Genie"), zoe)
    assert table.protection(zoe, 1) == 1 + 1


@pytest.mark.parametrize(
    ("guards", "may_reroll"),
    [
        ((), False),
        (("Bedouins",), True),
        (("Bedouins", "Desert Horsemen"), True),
        (("Bedouins", "Militia"), False),
        (("Royal Guard",), False),
    ],
)
def test_only_a_city_guarded_by_desert_veterans_alone_may_reroll_the_difficulty(
    catalogue, guards, may_reroll
):
    table = make_table(catalogue)
    build_city(table, "Ali", "Palace", "Armourer", *guards)
    assert table.may_reroll_difficulty(table.player("Ali")) is may_reroll


def test_the_vanished_artisan_goes_to_the_discard_pile(catalogue):
    table = make_table(catalogue)
    build_city(table, "Ali", "Souk", "Armourer", "Jeweller")
    ali = table.player("Ali")
    souk = ali.city.districts[0]
    table.remove_artisan(ali, souk.id, "Jeweller")
    assert souk.artisans == ["Armourer"]
    assert table.card_count() == 110
    with pytest.raises(IllegalAction, match="No Perfumer"):
        table.remove_artisan(ali, souk.id, "Perfumer")


def test_taxes_are_paid_by_the_bank_and_stop_when_it_is_empty(catalogue):
    table = make_table(catalogue)
    build_city(table, "Ali", "Souk", "Perfumer", "Jeweller")
    ali = table.player("Ali")
    assert table.collect_taxes(ali) == 5
    assert (ali.gold, table.bank) == (5, 55)
    table.bank = 3
    ali.gold = 57
    assert table.collect_taxes(ali) == 3
    assert (ali.gold, table.bank) == (60, 0)


def test_line_places_cost_their_position_and_the_deck_costs_three(catalogue):
    table = make_table(catalogue)
    table.take_from_line(1)
    table.take_from_line(2)
    assert table.action_points == 3
    table.draw_from_deck()
    assert table.action_points == 0
    assert table.current.hand == 4 + 3
    assert table.line == [False, False, True, True, True, True]
    with pytest.raises(IllegalAction, match="Place 1 of the line is empty"):
        table.take_from_line(1)


def test_an_action_costing_more_than_remains_is_refused_with_the_reason(catalogue):
    table = make_table(catalogue)
    table.take_from_line(4)
    with pytest.raises(IllegalAction) as refusal:
        table.take_from_line(5)
    assert str(refusal.value) == "The card in place 5 costs 5 points and you have 2 points left."
    assert table.action_points == 2 and table.line[4]


def test_bought_points_cost_two_gold_each_three_at_most(catalogue):
    table = make_table(catalogue)
    ali = table.current
    ali.gold, table.bank = 7, 53
    table.take_from_line(6)
    with pytest.raises(IllegalAction, match="You can buy up to 3 more, at 2 gold each"):
        table.draw_from_deck()
    for _ in range(3):
        table.buy_point()
    assert (table.action_points, ali.gold, table.bank) == (3, 1, 59)
    with pytest.raises(IllegalAction, match="already bought 3 points"):
        table.buy_point()
    table.draw_from_deck()
    assert table.action_points == 0
    table.end_turn()
    table.start_turn()
    assert table.bought == 0 and table.action_points == 6


def test_buying_a_point_needs_two_gold(catalogue):
    table = make_table(catalogue)
    table.current.gold, table.bank = 1, 59
    with pytest.raises(IllegalAction, match="costs 2 gold and you have 1"):
        table.buy_point()
    assert table.action_points == 6


def test_an_artisan_needs_a_district_with_room(catalogue):
    table = make_table(catalogue)
    with pytest.raises(IllegalAction, match="no district"):
        table.play_card("Armourer")
    table.play_card("Palace")
    table.play_card("Armourer")
    with pytest.raises(IllegalAction, match="has room for another artisan"):
        table.play_card("Jeweller")
    assert table.current.hand == 2 and table.action_points == 4


def test_a_guard_needs_no_district(catalogue):
    table = make_table(catalogue)
    table.play_card("Militia")
    assert table.current.city.guards == ["Militia"]


def test_the_hand_limit_is_four_and_each_library_raises_it(catalogue):
    table = make_table(catalogue)
    build_city(table, "Ali", "Library", "Library")
    bonus = catalogue.card("Library").hand_limit_bonus
    assert table.hand_limit(table.current) == 4 + 2 * bonus
    table.settings.libraries_stack = False
    assert table.hand_limit(table.current) == 4 + bonus


def test_end_of_turn_discards_the_excess_and_refills_the_line(catalogue):
    table = make_table(catalogue)
    table.take_from_line(1)
    table.take_from_line(2)
    deck = table.deck
    end = table.end_turn()
    assert (end.discarded, end.refilled, end.game_over) == (2, 2, False)
    assert table.players[0].hand == 4 and table.line == [True] * 6
    assert table.deck == deck - 2 and table.current.name == "Zoe"


def test_the_game_ends_when_the_bank_runs_dry_at_the_end_of_a_turn(catalogue):
    table = make_table(catalogue)
    build_city(table, "Ali", "Souk", "Perfumer")
    table.players[1].gold, table.bank = 58, 2
    table.collect_taxes(table.current)
    assert table.bank == 0 and not table.over
    assert table.end_turn().game_over and table.over
    assert table.current.name == "Ali"


def test_the_game_ends_when_the_deck_is_empty_at_the_end_of_a_turn(catalogue):
    table = make_table(catalogue)
    table.discard, table.deck = table.deck - 1, 1
    table.draw_from_deck()
    assert table.end_turn().game_over


def test_assassin_wins_takes_the_guild_back_and_the_guard_bonus(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Royal Guard")
    table.play_action("Assassins' Guild")
    result = table.assassin_combat(table.player("Zoe"), "Royal Guard", 5, 5)
    assert (result.assassin_total, result.guard_total, result.winner) == (9, 8, "assassin")
    assert result.reward == 3 and table.current.gold == 3 and table.bank == 57
    assert table.current.hand == 4 and table.player("Zoe").city.guards == []
    assert table.card_count() == 110


def test_guard_wins_earns_six_gold_and_the_guild_is_discarded(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Militia")
    table.play_action("Assassins' Guild")
    result = table.assassin_combat(table.player("Zoe"), "Militia", 1, 6)
    assert (result.winner, result.reward) == ("guard", 6)
    assert table.player("Zoe").gold == 6 and table.player("Zoe").city.guards == ["Militia"]
    assert table.current.hand == 3 and table.card_count() == 110


def test_a_combat_tie_discards_both_and_pays_nobody(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Royal Guard")
    table.play_action("Assassins' Guild")
    result = table.assassin_combat(table.player("Zoe"), "Royal Guard", 3, 4)
    assert (result.winner, result.reward) == ("tie", 0)
    assert table.player("Zoe").city.guards == [] and table.gold_count() == 60
    assert table.bank == 60 and table.card_count() == 110


def test_the_assassin_reward_is_what_the_bank_still_holds(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Militia")
    table.players[1].gold, table.bank = 56, 4
    table.play_action("Assassins' Guild")
    assert table.assassin_combat(table.player("Zoe"), "Militia", 1, 6).reward == 4
    assert table.bank == 0


def test_open_sesame_takes_the_die_or_everything_the_victim_has(catalogue):
    table = make_table(catalogue)
    zoe = table.player("Zoe")
    zoe.gold, table.bank = 3, 57
    table.play_action("Open Sesame")
    assert table.steal(zoe, 5) == 3
    assert (zoe.gold, table.current.gold) == (0, 3)


def test_the_desert_tornado_costs_its_cost_per_card_and_destroys_the_district(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Souk", "Armourer", "Jeweller", "Palace")
    zoe = table.player("Zoe")
    souk = zoe.city.districts[0]
    assert table.tornado_cost(souk, 1) == 3 and table.tornado_cost(souk, 2) == 6
    table.play_action("Desert Tornado", table.tornado_cost(souk, 1) - 1)
    assert table.destroy_district(zoe, souk.id) == 3
    assert [d.card for d in zoe.city.districts] == ["Palace"]
    assert table.action_points == 3 and table.card_count() == 110


@pytest.mark.parametrize(("upkeep", "third_turn_points"), [("every_turn", 5), ("once", 6)])
def test_a_joker_genie_costs_its_holder_a_point_next_turn_and_maybe_every_turn(
    catalogue, upkeep, third_turn_points
):
    table = make_table(catalogue, joker_upkeep=upkeep)
    table.play_action("Assassins' Guild")
    table.cancel_with_joker(table.player("Zoe"))
    table.end_turn()
    assert table.start_turn() == 5
    table.end_turn()
    table.start_turn()
    table.end_turn()
    assert table.start_turn() == third_turn_points


def test_nobody_cancels_their_own_card_with_a_joker(catalogue):
    table = make_table(catalogue)
    table.play_action("Open Sesame")
    with pytest.raises(IllegalAction, match="another player's card"):
        table.cancel_with_joker(table.current)


def test_the_caliph_moves_the_empty_places_to_the_end(catalogue):
    table = make_table(catalogue)
    table.take_from_line(1)
    table.take_from_line(3)
    table.play_action("Caliph")
    table.caliph()
    assert table.line == [True] * 4 + [False] * 2


def test_the_kidnapper_houses_the_artisan_or_hands_it_over(catalogue):
    table = make_table(catalogue)
    build_city(table, "Zoe", "Souk", "Jeweller", "Perfumer")
    build_city(table, "Ali", "Palace")
    zoe = table.player("Zoe")
    souk = zoe.city.districts[0].id
    table.play_action("Kidnapper Genie")
    assert table.kidnap(zoe, souk, "Jeweller", None) is True
    assert table.current.city.districts[0].artisans == ["Jeweller"]
    table.play_action("Kidnapper Genie")
    assert table.kidnap(zoe, souk, "Perfumer", None) is False
    assert table.current.hand == 4 - 2 + 1


def test_the_deal_gives_eight_keeps_four_and_a_player_without_district_may_redeal(catalogue):
    table = Table.deal(catalogue, ["Ali", "Zoe", "Sam"])
    assert [p.hand for p in table.players] == [8, 8, 8]
    assert table.deck == 110 - 24 and not any(table.line)
    table.redeal("Zoe")
    assert table.deck == 86 and table.player("Zoe").hand == 8
    with pytest.raises(IllegalAction, match="already been dealt a second eight"):
        table.redeal("Zoe")
    assert table.keep_four("Zoe") is False
    with pytest.raises(IllegalAction, match="already kept four"):
        table.redeal("Zoe")
    table.keep_four("Ali")
    assert table.keep_four("Sam") is True
    assert [p.hand for p in table.players] == [4, 4, 4]
    assert table.deck == 110 - 12 - 6 and all(table.line)
    assert table.card_count() == 110


def test_the_box_limits_the_cards_of_a_kind_on_the_table(catalogue):
    table = make_table(catalogue)
    for _ in range(catalogue.box["district"]):
        build_city(table, "Zoe", "Palace")
    with pytest.raises(IllegalAction, match="The box holds 23 district cards and all 23"):
        table.play_card("Souk")
    assert table.current.hand == 4


def test_a_card_whose_copies_are_known_cannot_outnumber_them(catalogue):
    table = make_table(catalogue)
    watch = catalogue.card("Militia").model_copy(
        update={"name": "Night Patrol", "aliases": (), "french": "", "count": 1}
    )
    table.catalogue = catalogue.with_card(watch)
    table.play_card("Night Patrol")
    with pytest.raises(IllegalAction, match="The box holds 1 Night Patrol cards"):
        table.play_card("Night Patrol")


@pytest.mark.parametrize(
    ("reading", "cost"), [("each", 6), ("printed", 2), ("plus_each", 5), ("per_card", 5)]
)
def test_each_reading_of_the_desert_tornado_costs_what_it_says(catalogue, reading, cost):
    """Printed cost 2, a district with two artisans: three cards destroyed. ``per_card`` is
    how saves made before named ``plus_each``."""
    table = make_table(catalogue, tornado_cost=reading)
    build_city(table, "Zoe", "Souk", "Armourer", "Jeweller")
    assert table.tornado_cost(table.player("Zoe").city.districts[0], 2) == cost
