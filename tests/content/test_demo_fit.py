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
    assert read_with[1801] == {("Glassy Calm", "Swamp")}


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


# The third fit review (seed 4409, docs/demo-fit-review.md): each pattern it found, held by
# words. A paragraph shared by unlike beings must not hedge between them ("old bandages, or
# mist and moonlight"); these are the forms the review found.
HEDGES = re.compile(
    r"\b(?:too|so|as) \w+(?: \w+){0,4},? or (?:too|so|as) \w+"  # "too weary or too kind"
    r"|\b(?:hunger|sleep) (?:and|or) pain\b"
    r"|\b(?:flesh|bandages|wrappings),? or\b"
    r"|\bfrom its prison or\b|\bof its prison or\b"
    r"|\bwhether from \w+ or from\b"
    r"|\ba (?:path|way) opens(?: before you)?, or\b"
    r"|\bsnarling or weeping\b|\ba bite or a chill\b",
    re.I,
)
CAPTIVE = re.compile(r"(?<!Lose )\b(Enslaved|Imprisoned)\b")
SET_FREE = re.compile(r"\b(escape\w*|freed|set free)\b", re.I)
CROWD = re.compile(r"\b(crowds?|noise|stalls?|bustle|hawkers?)\b", re.I)
ROOMS = re.compile(
    r"\b(courtyards?|doors?|rooms?|halls?|corridors?|chambers?|roofs?|windows?)\b", re.I
)
NOT_A_GHUL = re.compile(r"\b(souls?|died|prayers for the dead)\b", re.I)
A_BEAST = re.compile(r"\b(climb a tree|jaws|bites?|snarls?|cure a hide|the catch)\b", re.I)
A_CARAVAN = re.compile(r"\b(spices|tents?|caravans?|saddlebags|camels?)\b", re.I)
A_COURTROOM = re.compile(
    r"\b(bench|courtroom|outside the court|judge's seat|the other's door)\b", re.I
)


def _reactions_leading_to(pack: Pack) -> dict[int, dict[str, set[str]]]:
    """For each paragraph: matrix letter -> the reactions whose cells lead to it."""
    found: dict[int, dict[str, set[str]]] = {}
    for letter, matrix in pack.matrices.items():
        for cells in matrix.rows.values():
            for reaction, cell in cells.items():
                for number in (cell - 1, cell, cell + 1):
                    found.setdefault(number, {}).setdefault(letter, set()).add(reaction)
    return found


def test_shared_paragraphs_do_not_hedge_between_their_beings(pack, read_with):
    shared = _words_where(pack, read_with, HEDGES, lambda found: len(_names(found)) > 1)
    assert not shared


def test_an_intro_never_opens_with_another_reaction_than_the_one_chosen(pack):
    """A Drowned Sailor prayed for was read "You try to trick the other": each intro opens
    with the reaction that led to it, or with none of its matrix's reactions."""
    wrong = []
    for number, by_matrix in _reactions_leading_to(pack).items():
        if number not in pack.paragraphs:
            continue
        paragraph = pack.paragraphs[number]
        for letter, chosen in by_matrix.items():
            others = {r.name.lower() for r in pack.matrices[letter].reactions} - {
                r.lower() for r in chosen
            }
            opening = re.compile(rf"^You (?:try to |turn and )?({'|'.join(others)})\b", re.I)
            for telling in range(paragraph.telling_count):
                found = opening.match(paragraph.told(telling).intro)
                if others and found:
                    wrong.append((number, telling, found.group(1)))
    assert not wrong


def test_a_captive_status_is_never_told_as_an_escape(pack):
    """ "You spend a season as the other's servant before you escape. [Enslaved]" """
    wrong = [
        (number, section.heading)
        for number, paragraph in pack.paragraphs.items()
        for telling in range(paragraph.telling_count)
        for section in paragraph.told(telling).sections
        if CAPTIVE.search(section.reward_code) and SET_FREE.search(section.text)
    ]
    assert not wrong


def test_a_bazaar_has_paragraphs_of_its_own_and_the_wild_places_no_crowds(pack, read_with):
    bazaar = [n for n, found in read_with.items() if "Crowded Bazaar" in _names(found)]
    assert bazaar and all(_names(read_with[n]) == {"Crowded Bazaar"} for n in bazaar)
    wild = {"Whirling Sands", "Echoing Gorge"}
    assert not _words_where(pack, read_with, CROWD, lambda found: bool(wild & _names(found)))


def test_a_fountain_a_well_or_a_garden_has_no_rooms(pack, read_with):
    """Only the Enchanted Tower is a building: the fountain, the well and the garden have
    cells of their own for Explore, Enter and Search, and no gate but the garden's."""
    open_air = {"Enchanted Fountain", "Enchanted Well", "Enchanted Garden"}
    assert not _words_where(pack, read_with, ROOMS, lambda found: bool(open_air & _names(found)))
    gateless = {"Enchanted Fountain", "Enchanted Well"}
    gates = re.compile(r"\bgates?\b", re.I)
    assert not _words_where(pack, read_with, gates, lambda found: bool(gateless & _names(found)))


def test_a_mild_rain_is_no_fog(read_with):
    """The Mild Rain steered through shared the fogs' and echoes' paragraphs (turned round
    until every way looks the same): every paragraph it is read with is its own."""
    rain = [n for n, found in read_with.items() if "Mild Rain" in _names(found)]
    assert rain and all(_names(read_with[n]) == {"Mild Rain"} for n in rain)


def test_a_ghul_is_no_forgotten_soul(pack, read_with):
    """Ghuls, the demons of the graves, are never prayed for as the dead."""
    ghuls = _words_where(
        pack, read_with, NOT_A_GHUL, lambda found: any(n.endswith("Ghul") for n in _names(found))
    )
    assert not ghuls


def test_a_hungry_giant_is_no_beast(pack, read_with):
    """Not escaped up a tree, not bitten, not sold at market as a hunter's catch."""
    giant = _words_where(pack, read_with, A_BEAST, lambda found: "Hungry Giant" in _names(found))
    assert not giant


def test_hunters_in_a_marsh_have_no_caravan(pack, read_with):
    hunters = _words_where(
        pack, read_with, A_CARAVAN, lambda found: "Suspicious Hunters" in _names(found)
    )
    assert not hunters


def test_a_judge_met_on_any_road_holds_no_courtroom(pack, read_with):
    """The Just Judge is met in every land terrain: a judge on circuit, with no bench,
    seat or door."""
    judge = _words_where(pack, read_with, A_COURTROOM, lambda found: "Just Judge" in _names(found))
    assert not judge


HARBOUR = re.compile(
    r"\b(harbou?rs?|tides?|piers?|beach|jetty|quays?|docks|waterfront|cove)\b", re.I
)


def test_the_sailors_of_any_city_meet_you_at_no_harbour(pack):
    """Chart 8's sailors, smugglers and fishwives are met in every city, Samarkand and
    Isfahan too: their cells meet you at a landing and on the water, never at a harbour,
    a pier or a tide (a voyage may still end on a far beach, by Go to)."""
    rows = {(entry.matrix, entry.row) for entry in pack.charts[8].entries}
    cells = {
        cell + shift
        for letter, row in rows
        for cell in pack.matrices[letter].rows[row].values()
        for shift in (-1, 0, 1)
    }
    ashore = [
        (number, found.group())
        for number in sorted(cells)
        for found in [HARBOUR.search(_text(pack, number))]
        if found and number in pack.paragraphs
    ]
    assert not ashore
