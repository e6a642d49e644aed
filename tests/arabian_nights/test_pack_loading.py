"""Loading valid packs: the mini fixture (the rulebook's examples), the documented example,
partial packs, reachability."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.framework.errors import PackError
from companion.games.arabian_nights.content.loader import (
    load_pack,
    reward_vocabulary,
    unreachable_paragraphs,
)
from companion.games.arabian_nights.content.pack import (
    MatrixTarget,
    Pack,
    ParagraphTarget,
    RewardResult,
)
from companion.games.arabian_nights.content.reward_codes import (
    DestinyChange,
    GainSkill,
    GainStatus,
    StoryChange,
    WealthChange,
    parse_reward,
)
from tests.arabian_nights.pack_edits import MINI, copy_mini, edit

DOC = Path(__file__).resolve().parents[2] / "docs" / "content-format.md"


@pytest.fixture(scope="module")
def mini() -> Pack:
    return load_pack(MINI)


def test_the_mini_pack_loads_with_everything_reachable(mini: Pack) -> None:
    assert mini.name == "Mini Fixture"
    assert (len(mini.paragraphs), len(mini.charts), len(mini.matrices)) == (25, 2, 6)
    assert mini.has_text
    assert unreachable_paragraphs(mini) == []


def test_chart_4_gives_the_terrible_storm_on_matrix_f_at_12(mini: Pack) -> None:
    entry = mini.charts[4].entry(12)
    assert (entry.name, entry.adjective, entry.noun, entry.matrix) == (
        "Terrible Storm",
        "Terrible",
        "Storm",
        "F",
    )
    assert entry.describe() == "12 Terrible Storm (F)"
    assert entry.gender is None
    assert mini.spaces["Sea of Storms"].number == 4


def test_the_pray_cell_703_leads_to_702_703_704(mini: Pack) -> None:
    assert mini.matrices["F"].candidates("Terrible", "Pray") == (702, 703, 704)


def test_wealth_track_holds_the_sindbad_and_zumurrud_rates(mini: Pack) -> None:
    princely, beggar = mini.wealth_level("Princely"), mini.wealth_level("beggar")
    assert (princely.land, princely.sea) == (3, 5)
    assert (beggar.land, beggar.sea) == (3, 2)
    assert [level.name for level in mini.wealth_track][:2] == ["Beggar", "Poor"]


@pytest.mark.parametrize(("destiny", "bonus"), [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (9, 2)])
def test_destiny_bonus_thresholds(mini: Pack, destiny: int, bonus: int) -> None:
    assert mini.destiny_bonus(destiny) == bonus


def test_the_rulebook_award_is_stored_raw_and_parses(mini: Pack) -> None:
    section = mini.paragraphs[706].no_skill_section
    assert section.reward_code == "D2/S1/W 1 (Max: Poor)/Storytelling/Respected"
    effects = parse_reward(section.reward_code, reward_vocabulary(mini))
    assert effects == [
        DestinyChange(amount=2),
        StoryChange(amount=1),
        WealthChange(amount=1, maximum="Poor"),
        GainSkill(name="Storytelling"),
        GainStatus(name="Respected"),
    ]


def test_sections_carry_requirements_master_and_mandatory(mini: Pack) -> None:
    paragraph = mini.paragraphs[715]
    assert paragraph.intro == "The other smiles at you from across the room."
    headings = [(s.heading, s.requirements, s.master, s.mandatory) for s in paragraph.sections]
    assert headings == [
        ("NO SKILL", [], False, False),
        ("SEDUCTION OR BEAUTY", ["Seduction", "Beauty"], False, False),
        ("CURSED", ["Cursed"], False, True),
    ]
    master = mini.paragraphs[704].requirement_sections[0]
    assert (master.heading, master.requirements, master.master) == (
        "MASTER STORYTELLING",
        ["Storytelling"],
        True,
    )
    assert mini.requirement_kind("Cursed") == "status"


def test_the_other_stays_in_the_text_for_the_reader_to_replace(mini: Pack) -> None:
    paragraph = mini.paragraphs[712]
    assert paragraph.intro.startswith("The other is counting knots on a long cord")
    assert paragraph.sections[1].text.startswith("You recall that the palace keeps")
    assert paragraph.sections[1].reward_code == "D1/S1/Treasure"


def test_court_reactions_and_genders(mini: Pack) -> None:
    court = [reaction.name for reaction in mini.matrices["C"].reactions if reaction.court]
    assert court == ["Court"]
    assert not any(reaction.court for reaction in mini.matrices["F"].reactions)
    chart = mini.charts[5]
    assert [(entry.name, entry.gender) for entry in chart.entries[:2]] == [
        ("Wicked Hag", "f"),
        ("Wicked Vizier", "m"),
    ]
    assert {entry.matrix for entry in chart.entries} == {"C"}
    assert chart.entry(12).gender is None


def test_cards_and_their_targets(mini: Pack) -> None:
    assert mini.character_cards[0].paragraph_at("noon") == 5
    terrain = mini.terrain_cards[0]
    assert terrain.targets["Sea"] == ParagraphTarget(paragraph=2)
    assert terrain.targets["Mountain"] == MatrixTarget(
        matrix="N", row="Magnetic Mountain", name="Magnetic Mountain"
    )
    city = mini.city_cards[0]
    assert (city.name, city.paragraph, city.city) == ("Rhinoceros", 8, "Bantus")
    assert city.results[2] == RewardResult(reward_code="W+2")
    assert city.results[3] == ParagraphTarget(paragraph=720)
    assert city.results[4] == MatrixTarget(matrix="C", row="Wicked", name="Wicked Hag", gender="f")


def test_routes_go_both_ways_and_cities_are_marked(mini: Pack) -> None:
    assert mini.spaces["Basra"].sea == ["Persian Gulf"]
    assert mini.spaces["Persian Gulf"].sea == ["Arabian Sea", "Basra"]
    assert mini.spaces["Mosul"].land == ["Aleppo", "Baghdad"]
    assert mini.spaces["Baghdad"].number is None
    assert mini.spaces["Baghdad"].city and not mini.spaces["Sea of Storms"].city
    assert mini.places["City of Brass"].exit_space == "Desert of Nafud"


def test_names_are_matched_without_regard_to_case(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    edit(
        pack,
        "world.txt",
        "City of Brass | 800 | Desert of Nafud",
        "City of Brass|800|desert OF nafud",
    )
    edit(pack, "book.txt", "SEDUCTION OR BEAUTY:", "SEDUCTION,  BEAUTY:")
    loaded = load_pack(pack)
    assert loaded.places["City of Brass"].exit_space == "Desert of Nafud"
    assert loaded.paragraphs[715].sections[1].requirements == ["Seduction", "Beauty"]


def test_a_paragraph_without_headings_is_one_no_skill_section(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "NO SKILL: You back away slowly. []", "You back away slowly. [S1]")
    section = load_pack(pack).paragraphs[713].no_skill_section
    assert (section.text, section.reward_code) == (
        "The other stares at you with open suspicion. You back away slowly.",
        "S1",
    )


def test_a_partial_pack_without_text_is_valid(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    book = (pack / "book.txt").read_text(encoding="utf-8")
    charts = re.findall(r"^\d+\nENCOUNTER CHART.*?(?=\n\n|\Z)", book, re.MULTILINE | re.DOTALL)
    (pack / "book.txt").write_text("\n\n".join(charts) + "\n", encoding="utf-8")
    loaded = load_pack(pack)
    assert not loaded.has_text
    assert sorted(loaded.charts) == [4, 5]
    assert loaded.paragraph(703) is None
    assert loaded.matrices["F"].candidates("Terrible", "Pray") == (702, 703, 704)
    assert unreachable_paragraphs(loaded) == []


def test_unreachable_paragraphs_are_found(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "[S1/Go to 801]", "[S1]")
    edit(pack, "cards.txt", "Wanderer | 4 | 5 | 4", "Wanderer | 4 | 4 | 4")
    edit(pack, "cards.txt", "Desert: 5", "Desert: 4")
    assert unreachable_paragraphs(load_pack(pack)) == [5, 801]


def test_the_example_in_the_format_document_is_a_valid_pack(tmp_path: Path) -> None:
    blocks = re.findall(r"#### `(\w+\.txt)`\s*```text\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert sorted(name for name, _ in blocks) == [
        "book.txt",
        "cards.txt",
        "matrices.txt",
        "world.txt",
    ]
    for name, text in blocks:
        (tmp_path / name).write_text(text, encoding="utf-8")
    pack = load_pack(tmp_path)
    assert pack.name == "The Little Caravan"
    assert unreachable_paragraphs(pack) == []


def _split_book(pack: Path) -> str:
    """Move paragraphs 800 and 801 from book.txt to book-2.txt; return what was moved."""
    book = (pack / "book.txt").read_text(encoding="utf-8")
    start = book.index("\n800\n")
    (pack / "book.txt").write_text(book[:start], encoding="utf-8")
    moved = book[start:]
    (pack / "book-2.txt").write_text(moved, encoding="utf-8")
    return moved


def test_a_book_may_go_on_in_further_files(tmp_path: Path, mini: Pack) -> None:
    pack = copy_mini(tmp_path)
    _split_book(pack)
    loaded = load_pack(pack)
    assert loaded.paragraphs[801].source == "book-2.txt"
    assert loaded.paragraphs[801].line == 6
    assert loaded.paragraphs.keys() == mini.paragraphs.keys()
    assert unreachable_paragraphs(loaded) == []


def test_problems_in_further_book_files_name_that_file(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    moved = _split_book(pack)
    (pack / "book-2.txt").write_text(moved.replace("\n801\n", "\n711\n"), encoding="utf-8")
    with pytest.raises(PackError) as error:
        load_pack(pack)
    assert str(error.value).splitlines() == [
        f"{pack / 'book-2.txt'}:4: paragraph 800, NO SKILL: Go to: paragraph 801 is not in the "
        "book",
        f"{pack / 'book-2.txt'}:6: paragraph 711 appears twice (first at {pack / 'book.txt'}:84)",
    ]
