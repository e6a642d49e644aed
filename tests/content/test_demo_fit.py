"""The demo book fits every encounter that leads to it (issue 27): each paragraph is read
only with names and terrains its text suits.

`book_fit.readings` lists, for each paragraph, every (name, terrain) it can be read with
(``bench/bench_book_variety.py --fit`` prints the list); these tests hold the demo book to
it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.games.arabian_nights.content.book_fit import PLACE_OF_POWER, readings
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.content.pack import Pack

DEMO = Path(__file__).resolve().parents[2] / "content" / "demo"
LAND_ONLY = re.compile(r"\b(dunes?|desert sand|forest|jungle|alleys?|streets?|bazaar)\b", re.I)
AT_SEA_ONLY = re.compile(r"\b(the deck|the mast|the rigging|the helm|overboard)\b", re.I)
BUILT = re.compile(r"\b(gates?|courtyards?|doors?|rooms?|halls?|gallery|roofs?|windows?)\b", re.I)
MONARCH = re.compile(r"\b(royal|throne|kingdoms?|crown|monarch|palace race)\b", re.I)
NOT_THE_OTHER = re.compile(
    r"\bthe other (ship|side|way|half|merchants|one|day|night|bank|end|travellers)\b", re.I
)


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(DEMO)


@pytest.fixture(scope="module")
def read_with(pack: Pack) -> dict[int, set[tuple[str, str]]]:
    return readings(pack)


def _text(pack: Pack, number: int) -> str:
    """The paragraph's words in every one of its tellings."""
    paragraph = pack.paragraphs[number]
    told = [paragraph.told(telling) for telling in range(paragraph.telling_count)]
    return " ".join(text for one in told for text in [one.intro, *(s.text for s in one.sections)])


def _terrains(found: set[tuple[str, str]]) -> set[str]:
    return {terrain for _name, terrain in found}


def _names(found: set[tuple[str, str]]) -> set[str]:
    return {name for name, _terrain in found}


def _words_where(
    pack: Pack,
    read_with: dict[int, set[tuple[str, str]]],
    words: re.Pattern[str],
    read: Callable[[set[tuple[str, str]]], bool],
) -> list[tuple[int, str]]:
    """(paragraph, word) for each paragraph whose readings pass ``read`` and whose text in
    any telling has one of ``words``."""
    return [
        (number, found.group())
        for number, found_with in read_with.items()
        if read(found_with)
        for found in [words.search(_text(pack, number))]
        if found
    ]


def test_every_paragraph_is_read_with_some_name_and_terrain(pack, read_with):
    assert set(read_with) == set(pack.paragraphs)
    assert all(read_with[number] for number in pack.paragraphs)


def test_sea_paragraphs_speak_of_no_dunes_or_streets(pack, read_with):
    at_sea = _words_where(pack, read_with, LAND_ONLY, lambda found: "Sea" in _terrains(found))
    assert not at_sea


def test_land_paragraphs_speak_of_no_deck_or_mast(pack, read_with):
    """Paragraphs never read at sea (nor in a port city) do not put the player on a ship."""
    on_land = _words_where(
        pack,
        read_with,
        AT_SEA_ONLY,
        lambda found: _terrains(found).isdisjoint({"Sea", "City", PLACE_OF_POWER}),
    )
    assert not on_land


def test_the_other_always_stands_for_what_was_met(pack):
    """ "the other ship" would be read "the Giant Whale ship": the book never writes it."""
    wrong = [
        (number, found.group())
        for number in pack.paragraphs
        for found in [NOT_THE_OTHER.search(_text(pack, number))]
        if found
    ]
    assert not wrong


def test_the_issues_examples_fit(pack, read_with):
    assert "Friendly Mermaid" not in _names(read_with[614])
    assert "Sea" not in _terrains(read_with[622]) and "shore" not in _text(pack, 622)
    assert "Giant Whale" not in _names(read_with[713])
    assert "hag" not in _text(pack, 207).lower()
    assert "Sea" not in _terrains(read_with[818]) and "dunes" not in _text(pack, 818)
    # NO SKILL gives no more than the paragraph's own skill section
    assert "Wilderness Lore" not in pack.paragraphs[818].no_skill_section.reward_code
    assert "market" not in _text(pack, 156)
    assert "in the other" not in _text(pack, 867)
    assert "on this continent" in _text(pack, 407)


def test_sea_beasts_are_met_only_at_sea(read_with):
    for number in (1081, 1094, 1745, 1926):  # whale, sea serpent, crab, sharks
        assert _terrains(read_with[number]) == {"Sea"}, number


def test_a_terrain_card_may_lead_straight_to_a_paragraph_read_with_its_name(read_with):
    assert read_with[1800] == {("Whispering Grove", "Swamp")}
    assert read_with[1801] == {("Glassy Calm", "Mountain")}


def test_a_calm_met_at_sea_is_read_only_at_sea(read_with):
    """The Glassy Calm at sea has cells of its own: the grove's and the mire's paragraphs
    (detours on foot, a village on stilts) are never read on a becalmed ship."""
    at_sea = [number for number, found in read_with.items() if ("Glassy Calm", "Sea") in found]
    assert at_sea
    assert all(_terrains(read_with[number]) == {"Sea"} for number in at_sea)


def test_a_cave_is_no_building(pack, read_with):
    """A Glittering Cave or Lair shares the palace's and the tomb's paragraphs: chambers and
    stone, never a gate, a door or a courtyard."""
    caves = {"Glittering Cave", "Glittering Lair"}
    assert not _words_where(pack, read_with, BUILT, lambda found: bool(caves & _names(found)))


def test_a_judge_is_no_monarch(pack, read_with):
    """A Just Judge defied or courted has cells of its own, apart from caliphs and queens."""
    judge = _words_where(pack, read_with, MONARCH, lambda found: "Just Judge" in _names(found))
    assert not judge
