"""Reward codes: every form of the rulebook, errors, and round-trip properties."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.arabian_nights.content.reward_codes import (
    ChooseSpace,
    DestinyChange,
    GainSkill,
    GainStatus,
    GainTreasure,
    GoToParagraph,
    Instruction,
    LoseSkill,
    LoseStatus,
    LoseTreasure,
    MoveTo,
    Opportunity,
    RandomTreasure,
    RewardCodeError,
    SpaceScope,
    StoryChange,
    Vocabulary,
    WealthChange,
    format_reward,
    parse_reward,
)

VOCABULARY = Vocabulary(
    skills=["Storytelling", "Courtly Graces", "Quick Thinking"],
    statuses=["Respected", "Cursed"],
    treasures=["Ionian Gems", "Magic Carpet"],
    places=["Jeweled Fortress", "City of Brass"],
    spaces=["Baghdad", "Cairo"],
    wealth_levels=["Beggar", "Poor", "Middle Class", "Wealthy", "Rich", "Princely"],
)


def test_the_rulebook_award_example():
    assert parse_reward("[D2/S1/W 1 (Max: Poor)/Storytelling/Respected]", VOCABULARY) == [
        DestinyChange(amount=2),
        StoryChange(amount=1),
        WealthChange(amount=1, maximum="Poor"),
        GainSkill(name="Storytelling"),
        GainStatus(name="Respected"),
    ]


def test_the_rulebook_spelling_sl_reads_as_one_story_point():
    assert parse_reward("[D2/Sl]", VOCABULARY) == [DestinyChange(amount=2), StoryChange(amount=1)]


def test_free_text_in_quotes_is_kept_word_for_word():
    code = '[D2/S1/"Sing the song of the Jeweled Fortress to the table"]'
    assert parse_reward(code, VOCABULARY)[2] == Instruction(
        text="Sing the song of the Jeweled Fortress to the table"
    )
    assert parse_reward("[D1/S1/“You may lose one status of your choice” ]", VOCABULARY)[2] == (
        Instruction(text="You may lose one status of your choice")
    )


def test_a_free_move_is_carried_out_with_or_without_quotes():
    placed = ChooseSpace(
        scope=SpaceScope.WITHIN, distance=4, near="Jeweled Fortress", placed_by_other=True
    )
    for code in (
        "[D2/Have another player place you within four spaces of the Jeweled Fortress]",
        '[D2/"Have another player place you within four spaces of the Jeweled Fortress"]',
    ):
        assert parse_reward(code, VOCABULARY)[1] == placed


def test_free_text_without_quotes_is_refused_and_says_how_to_write_it():
    code = "[D2/Sing the song of the Jeweled Fortress to the table]"
    with pytest.raises(RewardCodeError, match=re.escape('in quotes: "..."')):
        parse_reward(code, VOCABULARY)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Ionian Gem", "Ionian Gems"),
        ("Respectd", "Respected"),
        ("Goto 9", "Go to 9"),
        ("Oportunity: City of Brass", "Opportunity: City of Brass"),
        ("Move to City of Bras", "Move to City of Brass"),
        ("Lose Curesd", "Lose Cursed"),
        ("Storytellin", "Storytelling"),
    ],
)
def test_a_near_miss_of_a_known_word_is_refused_with_the_likely_spelling(typed, meant):
    with pytest.raises(RewardCodeError) as error:
        parse_reward(f"[S1/{typed}]", VOCABULARY)
    assert str(error.value) == (
        f"{typed!r} is not a reward word; did you mean {meant}? "
        '(Free text to read aloud goes in quotes: "...")'
    )


@pytest.mark.parametrize(
    ("part", "effect"),
    [
        ("D-1", DestinyChange(amount=-1)),
        ("D+1", DestinyChange(amount=1)),
        ("d 3", DestinyChange(amount=3)),
        ("S-2", StoryChange(amount=-2)),
        ("W+1", WealthChange(amount=1)),
        ("W-1", WealthChange(amount=-1)),
        ("W-2 (Min: Beggar)", WealthChange(amount=-2, minimum="Beggar")),
        ("W2 (max: middle class)", WealthChange(amount=2, maximum="Middle Class")),
        ("W1 (Max: Rich) (Min: Poor)", WealthChange(amount=1, maximum="Rich", minimum="Poor")),
        ("courtly  graces", GainSkill(name="Courtly Graces")),
        ("Storytelling (Master)", GainSkill(name="Storytelling", master=True)),
        ("Cursed", GainStatus(name="Cursed")),
        ("Treasure", RandomTreasure()),
        ("Ionian Gems", GainTreasure(name="Ionian Gems")),
        ("Lose Quick Thinking", LoseSkill(name="Quick Thinking")),
        ("Lose Cursed", LoseStatus(name="Cursed")),
        ("Lose Magic Carpet", LoseTreasure(name="Magic Carpet")),
        ("Go to 512", GoToParagraph(paragraph=512)),
        ("Opportunity: City of Brass", Opportunity(place="City of Brass")),
        ("Move to cairo", MoveTo(destination="Cairo")),
        ("Move to Jeweled Fortress", MoveTo(destination="Jeweled Fortress")),
        ('"Move to any coastal space"', ChooseSpace(scope=SpaceScope.COASTAL)),
        (
            '"Lose a wealth level of your choice"',
            Instruction(text="Lose a wealth level of your choice"),
        ),
        ('"Storytelling (Grand)"', Instruction(text="Storytelling (Grand)")),
    ],
)
def test_each_form(part, effect):
    assert parse_reward(f"[{part}]", VOCABULARY) == [effect]


def test_brackets_are_optional_and_empty_parts_ignored():
    assert parse_reward(" S1 // D1 ", VOCABULARY) == [
        StoryChange(amount=1),
        DestinyChange(amount=1),
    ]
    assert parse_reward("[]", VOCABULARY) == []


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("[W1 (Max: Sultan)]", "unknown wealth level 'Sultan' in (Max: ...)"),
        ("[W-1 (Min: Pauper)]", "unknown wealth level 'Pauper' in (Min: ...)"),
        ("[W1 (Max: Poor) (Max: Rich)]", "two (Max: ...)"),
        ("[Opportunity: Atlantis]", "unknown Place of Power 'Atlantis'"),
        ("[Move to any sandy space]", "'Move to any sandy space' is not a reward word"),
        ("[D1000]", "'D1000' is not a reward word"),
        ("[Storytelling (Grand)]", "'Storytelling (Grand)' is not a reward word"),
    ],
)
def test_malformed_known_forms_are_refused_with_the_reason(code, message):
    with pytest.raises(RewardCodeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_reward(code, VOCABULARY)


def test_format_reward_writes_the_book_form():
    code = '[D2/S-1/W1 (Max: Poor)/Storytelling (Master)/Lose Cursed/Treasure/Go to 7/"Sing"]'
    assert format_reward(parse_reward(code, VOCABULARY)) == code


NAMES = [*VOCABULARY.skills, *VOCABULARY.statuses, *VOCABULARY.treasures]
PART_SHAPES = st.one_of(
    st.text(max_size=30),
    st.builds("D{}{}".format, st.sampled_from(["", "+", "-"]), st.integers(0, 999)),
    st.builds("W {}{}".format, st.integers(-9, 9), st.sampled_from(["", " (Max: Rich)"])),
    st.sampled_from(NAMES),
    st.builds("Lose {}".format, st.sampled_from([*NAMES, "anything"])),
    st.builds("{} (Master)".format, st.sampled_from(NAMES)),
    st.builds("Go to {}".format, st.integers(0, 99999)),
    st.builds("Move to {}".format, st.sampled_from(["Baghdad", "City of Brass", "the moon"])),
    st.builds('"{}"'.format, st.text(max_size=30)),
)
CODES = st.one_of(
    st.text(),
    st.lists(PART_SHAPES, max_size=6).map("/".join),
    st.lists(PART_SHAPES, max_size=6).map(lambda parts: "[" + "/".join(parts) + "]"),
)


def _parse_or_refuse(code: str):
    try:
        return parse_reward(code, VOCABULARY)
    except RewardCodeError:
        return None


@given(CODES)
def test_the_parser_never_crashes_and_never_drops_text(code):
    effects = _parse_or_refuse(code)
    if effects is not None:
        inside = code.strip()
        if len(inside) >= 2 and inside[0] == "[" and inside[-1] == "]":
            inside = inside[1:-1]
        assert len(effects) == len([part for part in inside.split("/") if part.strip()])


@given(CODES)
def test_what_the_parser_produces_round_trips(code):
    effects = _parse_or_refuse(code)
    if effects is not None:
        assert parse_reward(format_reward(effects), VOCABULARY) == effects
