"""The original demo Book of Tales: complete enough for an evening, clean enough to read aloud."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from companion.games.arabian_nights.content.loader import (
    load_pack,
    reward_vocabulary,
    unreachable_paragraphs,
)
from companion.games.arabian_nights.content.pack import ChartEntry, MatrixTarget
from companion.games.arabian_nights.content.reward_codes import parse_reward

DEMO = Path(__file__).resolve().parents[2] / "content" / "demo"
WORDS_PER_MINUTE = 140
"""A storyteller's pace: a reading of N words lasts N / 140 minutes."""
NOT_FOR_SPEECH = re.compile(r"[0-9&%$#@*_/\\<>{}=+|~^]|\b(etc|e\.g|i\.e|Mr|Mrs|Dr|St)\b\.?")


@pytest.fixture(scope="module")
def pack():
    return load_pack(DEMO)


def matrix_cells(pack) -> set[int]:
    return {
        cell + shift
        for matrix in pack.matrices.values()
        for row in matrix.rows.values()
        for cell in row.values()
        for shift in (-1, 0, 1)
    }


def test_pack_is_valid_and_everything_is_reachable(pack):
    assert unreachable_paragraphs(pack) == []


def test_size_and_coverage(pack):
    assert sorted(pack.matrices) == list("ABCDEFGHIJKLMNO")
    for matrix in pack.matrices.values():
        assert 4 <= len(matrix.reactions) <= 6, matrix.letter
        assert len(matrix.rows) >= 4, matrix.letter
    assert any(r.court for m in pack.matrices.values() for r in m.reactions)
    assert len(pack.charts) >= 16
    assert {entry.matrix for chart in pack.charts.values() for entry in chart.entries} == set(
        "ABCDEFGHIJKLMO"
    )
    assert len(pack.paragraphs) >= 300
    cards = [*pack.character_cards, *pack.terrain_cards, *pack.city_cards]
    assert len(cards) >= 30 and pack.character_cards and pack.terrain_cards and pack.city_cards
    assert all(len(card.results) == 6 for card in pack.city_cards)
    assert any(
        target.kind == "matrix" and target.matrix == "N"
        for card in pack.terrain_cards
        for target in card.targets.values()
    )
    assert len(pack.places) == 10
    assert len(pack.skills) >= 18 and len(pack.statuses) >= 22 and len(pack.treasures) >= 28
    assert all(treasure.effect.strip() for treasure in pack.treasures.values())
    assert len(pack.spaces) >= 38 and "Baghdad" in pack.spaces


def test_every_result_paragraph_is_shaped_for_the_reader(pack):
    for number in matrix_cells(pack):
        paragraph = pack.paragraphs[number]
        for telling in range(paragraph.telling_count):
            assert "the other" in paragraph.told(telling).intro.lower(), (number, telling)
        assert 1 <= len(paragraph.requirement_sections) <= 3, number


def tellings(pack):
    """Every paragraph in every one of its tellings."""
    for paragraph in pack.paragraphs.values():
        for telling in range(paragraph.telling_count):
            yield paragraph.told(telling)


def test_every_reading_lasts_fifteen_to_sixty_seconds(pack):
    for paragraph in tellings(pack):
        for section in paragraph.sections:
            words = len(paragraph.intro.split()) + len(section.text.split())
            seconds = words / WORDS_PER_MINUTE * 60
            assert 15 <= seconds <= 60, (paragraph.number, section.heading, round(seconds))


def test_text_reads_well_through_speech_synthesis(pack):
    for paragraph in tellings(pack):
        text = " ".join([paragraph.intro, *(section.text for section in paragraph.sections)])
        found = NOT_FOR_SPEECH.search(text)
        assert found is None, (paragraph.number, found and found.group())


LONGEST_SENTENCE = 32
"""Words in the longest sentence a Reader reads aloud in one breath (issue 27's review)."""
SENTENCE_END = re.compile(r"(?<=[.!?])[\"']?\s+")
"""Where a sentence ends: after a stop, a closing quote if any, then a space."""


def test_no_sentence_is_too_long_to_read_aloud(pack):
    long = [
        (paragraph.number, paragraph.source, sentence)
        for paragraph in tellings(pack)
        for text in [paragraph.intro, *(section.text for section in paragraph.sections)]
        for sentence in SENTENCE_END.split(text)
        if len(sentence.split()) > LONGEST_SENTENCE
    ]
    assert not long


def test_rewards_are_mixed(pack):
    vocabulary = reward_vocabulary(pack)
    kinds: Counter[str] = Counter()
    for paragraph in pack.paragraphs.values():
        for section in paragraph.sections:
            kinds["mandatory"] += section.mandatory
            kinds["master section"] += section.master
            for effect in parse_reward(section.reward_code, vocabulary):
                kinds[_kind(effect)] += 1
    wanted = {
        "destiny up", "destiny down", "story up", "story down", "wealth up", "wealth down",
        "wealth max", "wealth min", "gain_skill", "master skill", "gain_status",
        "lose_status", "random_treasure", "gain_treasure", "instruction", "go_to",
        "opportunity", "move_to", "choose_space", "mandatory", "master section",
    }  # fmt: skip
    assert wanted <= {kind for kind, count in kinds.items() if count}, kinds


def _kind(effect) -> str:
    if effect.kind in ("destiny", "story"):
        return f"{effect.kind} {'up' if effect.amount > 0 else 'down'}"
    if effect.kind == "wealth":
        if effect.maximum:
            return "wealth max"
        if effect.minimum:
            return "wealth min"
        return f"wealth {'up' if effect.amount > 0 else 'down'}"
    if effect.kind == "gain_skill" and effect.master:
        return "master skill"
    return effect.kind


CHILDREN = re.compile(r"\b(orphan|urchin|boy|child|children)\b", re.IGNORECASE)


def test_children_are_never_offered_court(pack):
    met = [entry for chart in pack.charts.values() for entry in chart.entries]
    met += [target for card in pack.terrain_cards for target in card.targets.values()]
    met += [result for card in pack.city_cards for result in card.results.values()]
    met = [thing for thing in met if isinstance(thing, ChartEntry | MatrixTarget)]
    children = [thing for thing in met if CHILDREN.search(thing.name)]
    assert len(children) >= 3
    assert [child.name for child in children if child.gender is not None] == []
