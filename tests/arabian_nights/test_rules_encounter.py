"""Encounters: the chart roll, reactions, the Destiny Die, the Master shortcut, sections."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.rules import (
    allowed_reactions,
    available_sections,
    choose_reaction,
    encounter_total,
    master_shortcuts,
    name_the_other,
    result_paragraph,
    roll_destiny_die,
)
from tests.arabian_nights.rules_pack import mini_pack, sheet

PACK = mini_pack()


def test_ali_baba_with_9_destiny_on_a_4_space_rolling_6_meets_a_terrible_storm():
    total = encounter_total(die=6, space_number=4, destiny=9, bonuses=PACK.destiny_bonuses)
    assert total == 12
    entry = PACK.charts[4].entry(total)
    assert (entry.name, entry.matrix) == ("Terrible Storm", "F")


@pytest.mark.parametrize(
    ("die", "space", "destiny", "total"),
    [(1, None, 0, 1), (2, None, 2, 2), (2, None, 3, 3), (2, 1, 4, 4), (3, 2, 5, 7), (6, 5, 0, 11)],
)
def test_the_destiny_bonus_thresholds_and_the_space_number(die, space, destiny, total):
    assert encounter_total(die, space, destiny, PACK.destiny_bonuses) == total


@given(st.integers(1, 6), st.none() | st.integers(0, 9), st.integers(0, 40))
def test_the_total_never_exceeds_12_and_never_falls_below_the_die(die, space, destiny):
    assert die <= encounter_total(die, space, destiny, PACK.destiny_bonuses) <= 12


def test_a_die_must_show_one_to_six():
    with pytest.raises(IllegalAction, match="1 to 6, not 7"):
        encounter_total(7, None, 0, PACK.destiny_bonuses)


def test_the_pray_cell_703_gives_702_703_704():
    candidates = choose_reaction(PACK.matrices["F"], "Terrible", "pray", "m", None)
    assert candidates == (702, 703, 704)
    faces = {face: result_paragraph(candidates, face) for face in ("minus", "blank", "plus")}
    assert faces == {"minus": 702, "blank": 703, "plus": 704}


def test_court_is_refused_toward_the_same_gender_and_an_unknown_one():
    hag = PACK.matrices["C"]
    assert [r.name for r in allowed_reactions(hag, "f", "f")] == ["Talk"]
    assert [r.name for r in allowed_reactions(hag, "m", None)] == ["Talk"]
    assert [r.name for r in allowed_reactions(hag, "m", "f")] == ["Court", "Talk"]
    with pytest.raises(
        IllegalAction, match="Court is only allowed toward someone of the opposite gender"
    ):
        choose_reaction(hag, "Wicked", "Court", "f", "f")
    assert choose_reaction(hag, "Wicked", "court", "m", "f") == (327, 328, 329)


def test_a_reaction_the_matrix_lacks_is_refused_with_the_options():
    with pytest.raises(IllegalAction, match="no reaction 'Fight': Wait, Avoid, Pray"):
        choose_reaction(PACK.matrices["F"], "Terrible", "Fight", "m", None)


def test_the_destiny_die_has_two_faces_of_each_kind():
    rng = random.Random(3)
    counts = Counter(roll_destiny_die(rng) for _ in range(600))
    assert set(counts) == {"minus", "blank", "plus"}
    assert all(150 < count < 250 for count in counts.values())


def test_the_master_shortcut_offers_the_paragraph_listing_a_master_skill():
    courtier = sheet(
        skills={"Courtly Graces": "Master", "Storytelling": "Master", "Piety": "Talent"}
    )
    shortcuts = master_shortcuts(PACK, (327, 328, 329), courtier)
    assert [(s.paragraph, s.skills) for s in shortcuts] == [(328, ["Courtly Graces"])]
    assert master_shortcuts(PACK, (409, 410, 411), courtier)[0].skills == ["Storytelling"]


def test_no_shortcut_for_talent_skills_or_paragraphs_without_text():
    talent = sheet(skills={"Courtly Graces": "Talent", "Piety": "Talent"})
    assert master_shortcuts(PACK, (327, 328, 329), talent) == []
    master = sheet(skills={"Piety": "Master"})
    assert [s.paragraph for s in master_shortcuts(PACK, (702, 703, 704), master)] == [703]
    assert master_shortcuts(PACK, (9001, 9002, 9003), master) == []


def _headings(number, player):
    return [section.heading for section in available_sections(PACK.paragraph(number), player)]


def test_no_skill_is_the_only_choice_without_a_listed_skill():
    assert _headings(328, sheet(skills={"Piety": "Talent"})) == ["NO SKILL"]


def test_any_one_held_requirement_opens_its_section():
    player = sheet(skills={"Quick Thinking": "Talent"}, statuses=["Respected"])
    assert _headings(328, player) == ["NO SKILL", "QUICK THINKING"]
    assert _headings(410, player) == ["NO SKILL", "MAGIC CARPET"]


def test_a_mandatory_section_is_forced_when_the_player_qualifies():
    cursed = sheet(skills={"Storytelling": "Talent"}, statuses=["Cursed"])
    assert _headings(410, cursed) == ["CURSED"]
    assert _headings(410, sheet(skills={"Storytelling": "Talent"})) == ["NO SKILL", "STORYTELLING"]


def test_a_master_section_needs_the_skill_at_master_level():
    assert _headings(410, sheet(skills={"Weapon Use": "Talent"})) == ["NO SKILL"]
    assert _headings(410, sheet(skills={"weapon use": "Master"})) == ["NO SKILL", "WEAPON USE"]


def test_the_other_is_replaced_by_what_was_encountered():
    text = (
        "The other bows. You help the other, and the other's sister thanks you. "
        "Another day, the others leave; the otherworldly light fades."
    )
    assert name_the_other(text, "Wicked Hag") == (
        "The Wicked Hag bows. You help the Wicked Hag, and the Wicked Hag's sister thanks you. "
        "Another day, the others leave; the otherworldly light fades."
    )


def test_the_rulebook_efreet_example():
    intro = PACK.paragraph(328).intro
    assert (
        name_the_other(intro, "'Efreet") == "Pleased by your words, the 'Efreet asks for a favour."
    )
