"""End-of-game scoring and dictated cities."""

from __future__ import annotations

import pytest

from companion.games.samarande.rules.scoring import (
    DictationError,
    Tally,
    describe_city,
    dictated_items,
    item_phrases,
    parse_city,
    score_viziers,
    wealth_bonuses,
    winners,
)


def test_cards_count_one_each_and_each_group_its_cost(catalogue):
    city = {"Palace": 2, "Armourer": 1, "Militia": 3}
    (score,) = score_viziers([Tally("Ali", city, 0)], catalogue)
    palace, armourer, militia = (catalogue.card(n).cost for n in city)
    assert score.cards == 6
    assert score.variety == palace + armourer + militia
    assert score.total == 6 + palace + armourer + militia + 5  # alone, hence the richest


def test_the_richest_gets_five():
    assert wealth_bonuses({"Ali": 9, "Zoe": 4, "Sam": 0}) == {"Ali": 5, "Zoe": 0, "Sam": 0}


def test_viziers_tied_for_the_most_gold_get_three_each():
    assert wealth_bonuses({"Ali": 9, "Zoe": 9, "Sam": 8}) == {"Ali": 3, "Zoe": 3, "Sam": 0}
    assert wealth_bonuses({"Ali": 0, "Zoe": 0}) == {"Ali": 3, "Zoe": 3}


def test_keepsakes_score_what_the_catalogue_gives_them(catalogue):
    tallies = [Tally("Ali", {"Magic Carpet": 1, "Enchanted Scimitar": 1}, 1), Tally("Zoe", {}, 2)]
    ali, zoe = score_viziers(tallies, catalogue)
    expected = catalogue.card("Magic Carpet").end_points
    expected += catalogue.card("Enchanted Scimitar").end_points
    assert (ali.keepsakes, ali.cards, ali.variety, ali.total) == (expected, 0, 0, expected)
    assert zoe.total == 5


def test_a_tie_on_renown_names_every_winner(catalogue):
    tallies = [Tally("Ali", {"Souk": 1}, 4), Tally("Zoe", {"Souk": 1}, 4), Tally("Sam", {}, 1)]
    scores = score_viziers(tallies, catalogue)
    assert [s.total for s in scores] == [1 + 2 + 3, 1 + 2 + 3, 0]
    assert winners(scores) == ["Ali", "Zoe"]


def test_a_spoken_score_reads_each_part():
    from companion.games.samarande.rules.scoring import Score

    assert Score("Ali", 6, 3, 2, 5).spoken() == (
        "Ali: 6 for cards, 3 for variety, 2 for keepsakes, 5 for wealth. Total 16."
    )


@pytest.mark.parametrize(
    ("said", "city"),
    [
        ("two palaces, one armourer, three militia",
         {"Palace": 2, "Armourer": 1, "Militia": 3}),
        ("2 palaces and a souk", {"Palace": 2, "Souk": 1}),
        ("royal guard, royal guard, bedouins", {"Royal Guard": 2, "Bedouins": 1}),
        ("three royal guards plus one jeweler", {"Royal Guard": 3, "Jeweller": 1}),
        ("one palais one cimeterre enchante", {"Palace": 1, "Enchanted Scimitar": 1}),
        ("two palacs", {"Palace": 2}),
    ],
)  # fmt: skip
def test_a_dictated_city_is_read_as_counts_and_names(catalogue, said, city):
    assert parse_city(said, catalogue) == city


@pytest.mark.parametrize(
    ("said", "reason"),
    [
        ("two dragons", "I do not know the card dragons."),
        ("three", "three of what?"),
        ("one assassins guild", "I do not know the card assassins guild."),
        ("", "I heard no cards."),
    ],
)
def test_a_dictation_that_cannot_be_read_says_which_words(catalogue, said, reason):
    with pytest.raises(DictationError) as error:
        parse_city(said, catalogue)
    assert str(error.value) == reason


def test_each_spoken_item_of_the_grammar_reads_back_as_its_value(catalogue):
    items = item_phrases(catalogue)
    for phrase in items.phrases:
        said = dictated_items(phrase.value, catalogue)
        assert parse_city(phrase.text, catalogue) == said, phrase.text
        assert items.label(phrase.value) == "{1} {0}".format(*next(iter(said.items())))


def test_a_city_is_described_with_plurals():
    assert describe_city({"Palace": 2, "Souk": 1}) == "2 Palaces, 1 Souk"
    assert describe_city({}) == "nothing"
