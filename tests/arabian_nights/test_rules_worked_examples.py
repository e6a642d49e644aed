"""Every worked example of the rulebook, played on the mini fixture pack through the loader."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.loader import load_pack, reward_vocabulary
from companion.games.arabian_nights.content.pack import MatrixTarget, ParagraphTarget, RewardResult
from companion.games.arabian_nights.content.reward_codes import parse_reward
from companion.games.arabian_nights.rules import (
    PlayerSheet,
    TableState,
    allowed_reactions,
    apply_reward,
    available_sections,
    can_reach,
    choose_reaction,
    describe_changes,
    encounter_target,
    encounter_total,
    keep_city_card,
    master_shortcuts,
    movement_allowance,
    name_the_other,
    play_city_card,
)

PACK = load_pack(Path(__file__).parent / "fixtures" / "mini")


def _sheet(name, gender="m", **fields):
    return PlayerSheet(name=name, gender=gender, destiny_goal=12, story_goal=8, **fields)


def _table(*players):
    return TableState(players=list(players), treasure_deck=["Brass Lamp"], encounter_deck=[])


def test_ali_baba_9_destiny_on_a_4_space_rolls_6_and_meets_a_terrible_storm():
    space = PACK.spaces["Sea of Storms"]
    total = encounter_total(6, space.number, 9, PACK.destiny_bonuses)
    assert total == 12
    assert PACK.charts[4].entry(total).describe() == "12 Terrible Storm (F)"


def test_praying_in_the_terrible_storm_reads_702_703_or_704():
    assert choose_reaction(PACK.matrices["F"], "Terrible", "Pray", "m", None) == (702, 703, 704)


def test_sindbad_princely_moves_5_spaces_at_most_3_by_land():
    sindbad = _sheet("Sindbad", wealth="Princely")
    assert movement_allowance(PACK.wealth_level("Princely")).model_dump() == {
        "total": 5,
        "land": 3,
        "sea": 5,
    }
    assert can_reach(PACK, "Baghdad", "Damascus", sindbad), "3 by land"
    assert not can_reach(PACK, "Baghdad", "Jerusalem", sindbad), "4 by land"
    assert can_reach(PACK, "Baghdad", "Serendib", sindbad), "1 by land and 4 by sea"
    assert not can_reach(PACK, "Baghdad", "Serendib Peaks", sindbad), "6 in all"


def test_zumurrud_the_beggar_moves_3_spaces_at_most_2_by_sea():
    zumurrud = _sheet("Zumurrud", "f", wealth="Beggar")
    assert can_reach(PACK, "Baghdad", "Damascus", zumurrud), "3 by land"
    assert can_reach(PACK, "Baghdad", "Arabian Sea", zumurrud), "1 by land and 2 by sea"
    assert not can_reach(PACK, "Basra", "Sea of Storms", zumurrud), "3 by sea"
    assert not can_reach(PACK, "Baghdad", "Sea of Storms", zumurrud), "4 in all"


def test_the_d2_s1_w1_max_poor_storytelling_respected_award():
    section = PACK.paragraph(706).no_skill_section
    effects = parse_reward(section.reward_code, reward_vocabulary(PACK))
    table = _table(_sheet("Ali Baba", wealth="Beggar"))
    after, changes = apply_reward(PACK, table, "Ali Baba", effects, random.Random(0))
    ali = after.player("Ali Baba")
    assert (ali.destiny, ali.story, ali.wealth, ali.skills, ali.statuses) == (
        2,
        1,
        "Poor",
        {"Storytelling": "Talent"},
        ["Respected"],
    )
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba gains 2 Destiny and 1 Story, rises to Poor, learns Storytelling"
        " and becomes Respected."
    )


def test_the_other_is_named():
    paragraph = PACK.paragraph(712)
    assert name_the_other(paragraph.intro, "Wicked Hag") == (
        "The Wicked Hag is counting knots on a long cord and losing count each time you speak."
        " With a sigh, the Wicked Hag hands you the cord and asks whether you can tell how many"
        " days remain until the new moon."
    )
    assert name_the_other(paragraph.no_skill_section.text, "Wicked Hag").startswith(
        "The Wicked Hag's cord has more knots"
    )


def test_a_master_storyteller_may_go_to_704_without_rolling():
    master = _sheet("Ali Baba", skills={"Storytelling": "Master", "Piety": "Talent"})
    candidates = choose_reaction(PACK.matrices["F"], "Terrible", "Pray", "m", None)
    shortcuts = master_shortcuts(PACK, candidates, master)
    assert [(s.paragraph, s.skills) for s in shortcuts] == [(704, ["Storytelling"])]
    assert [s.heading for s in available_sections(PACK.paragraph(704), master)] == [
        "NO SKILL",
        "MASTER STORYTELLING",
    ]
    talent = _sheet("Ali Baba", skills={"Storytelling": "Talent"})
    assert master_shortcuts(PACK, candidates, talent) == []


def test_a_wounded_player_must_take_the_mandatory_section():
    wounded = _sheet("Ali Baba", skills={"Piety": "Talent"}, statuses=["Wounded"])
    assert [s.heading for s in available_sections(PACK.paragraph(702), wounded)] == ["WOUNDED"]
    healthy = _sheet("Ali Baba", skills={"Piety": "Talent"})
    assert [s.heading for s in available_sections(PACK.paragraph(702), healthy)] == [
        "NO SKILL",
        "PIETY",
    ]


def test_court_is_refused_toward_the_same_gender():
    hag = PACK.charts[4].entry(2)
    matrix = PACK.matrices[hag.matrix]
    assert "Court" not in [r.name for r in allowed_reactions(matrix, "f", hag.gender)]
    with pytest.raises(IllegalAction, match="opposite gender"):
        choose_reaction(matrix, hag.row, "Court", "f", hag.gender)
    assert choose_reaction(matrix, hag.row, "Court", "m", hag.gender) == (711, 712, 713)


def test_aladdin_keeps_the_rhinoceros_card_and_plays_it_in_bantus_for_two_wealth_levels():
    assert encounter_target(PACK, "Rhinoceros", "morning", "City") == ParagraphTarget(paragraph=8)
    table = keep_city_card(PACK, _table(_sheet("Aladdin")), "Aladdin", "Rhinoceros")
    table = table.evolve(lambda copy: setattr(copy.player("Aladdin"), "position", "Bantus"))
    table, result = play_city_card(PACK, table, "Aladdin", "Rhinoceros", 2)
    assert isinstance(result, RewardResult)
    effects = parse_reward(result.reward_code, reward_vocabulary(PACK))
    table, changes = apply_reward(PACK, table, "Aladdin", effects, random.Random(0))
    assert describe_changes("Aladdin", changes) == "Aladdin rises to Wealthy."


def test_sindbad_at_sea_meets_the_magnetic_mountain_on_paragraph_2_and_in_mountains_matrix_n():
    assert encounter_target(PACK, "Magnetic Mountain", "noon", "Sea") == (
        ParagraphTarget(paragraph=2)
    )
    target = encounter_target(PACK, "Magnetic Mountain", "noon", "Mountain")
    assert isinstance(target, MatrixTarget) and target.matrix == "N"
