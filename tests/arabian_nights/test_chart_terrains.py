"""Encounter charts tied to terrains (TERRAINS: and OTHERWISE: lines, issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.arabian_nights.content.chart_terrain import chart_for
from companion.games.arabian_nights.content.loader import load_pack, read_pack
from companion.games.arabian_nights.content.pack import ParagraphTarget
from companion.games.arabian_nights.rules.deck import encounter_target
from tests.arabian_nights.pack_edits import copy_mini, edit, line_of

CHART_4 = "4\nENCOUNTER CHART\n"


def _tied(folder: Path, settings: str) -> Path:
    pack = copy_mini(folder)
    edit(pack, "book.txt", CHART_4, f"4\nENCOUNTER CHART\n{settings}\n")
    return pack


def _problems(pack: Path) -> list[str]:
    _, problems = read_pack(pack)
    return [f"{Path(p.file).name}:{p.line}: {p.message}" for p in problems]


def test_a_card_leads_to_the_otherwise_chart_outside_the_charts_terrains(tmp_path):
    pack = load_pack(_tied(tmp_path, "TERRAINS: Sea\nOTHERWISE: 5"))
    assert pack.charts[4].terrains.terrains == ("Sea",)
    assert encounter_target(pack, "Wanderer", "morning", "Sea") == ParagraphTarget(paragraph=4)
    assert encounter_target(pack, "Wanderer", "morning", "Desert") == ParagraphTarget(paragraph=5)
    # The terrain card's own chart number is tied the same way.
    assert encounter_target(pack, "Magnetic Mountain", "noon", "City") == ParagraphTarget(
        paragraph=5
    )


def test_a_chart_rolled_everywhere_is_its_own_chart(tmp_path):
    pack = load_pack(copy_mini(tmp_path))
    assert [chart_for(pack, 4, terrain) for terrain in pack.terrains] == [4, 4, 4, 4]


@pytest.mark.parametrize(
    ("settings", "where", "message"),
    [
        (
            "TERRAINS: Sea",
            "TERRAINS: Sea",
            "chart 4: the card Wanderer leads to it in City, where chart 4 is not rolled "
            "(TERRAINS: Sea); add the terrain, or give the chart an OTHERWISE: chart that is "
            "rolled there",
        ),
        (
            "TERRAINS: Sea, Sand\nOTHERWISE: 5",
            "TERRAINS: Sea, Sand",
            "chart 4: TERRAINS names 'Sand', which is not in world.txt's [terrains]",
        ),
        (
            "TERRAINS: Sea\nOTHERWISE: 9",
            "TERRAINS: Sea",
            "chart 4: OTHERWISE 9 is not an encounter chart",
        ),
        (
            "TERRAINS: Sea\nOTHERWISE: five",
            "OTHERWISE: five",
            "OTHERWISE: 'five' is not a chart number, e.g. 19",
        ),
    ],
)
def test_a_wrong_tie_is_reported_with_its_line(tmp_path, settings, where, message):
    pack = _tied(tmp_path, settings)
    assert f"book.txt:{line_of(pack, 'book.txt', where)}: {message}" in _problems(pack)


def test_two_charts_sending_each_other_away_are_reported(tmp_path):
    pack = _tied(tmp_path, "TERRAINS: Sea\nOTHERWISE: 5")
    edit(
        pack,
        "book.txt",
        "ENCOUNTER CHART (C)\n",
        "ENCOUNTER CHART (C)\nTERRAINS: Sea\nOTHERWISE: 4\n",
    )
    problems = _problems(pack)
    assert any(
        "where chart 4 is not rolled" in p or "where chart 5 is not rolled" in p for p in problems
    ), problems


def test_every_demo_chart_is_rolled_where_its_cards_lead():
    pack = load_pack(Path(__file__).resolve().parents[2] / "content" / "demo")
    for terrain in pack.terrains:
        for card in pack.character_cards:
            for time in ("morning", "noon", "night"):
                target = encounter_target(pack, card.name, time, terrain)
                assert isinstance(target, ParagraphTarget)
                assert pack.charts[target.paragraph].terrains.rolled_in(terrain)
    # The sea chart is never rolled on land, a land chart never at sea.
    assert chart_for(pack, 4, "Desert") != 4
    at_sea = chart_for(pack, 2, "Sea")
    assert at_sea != 2 and pack.charts[at_sea].terrains.rolled_in("Sea")
