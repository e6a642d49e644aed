"""Quests other than visiting spaces: meet someone, hold a card or skill, reach a wealth
level. The pack declares them in ``[quests]``; the Reader keeps what is done and pays the
reward when every goal is met, played through the typed contract on the demo book."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.framework.errors import PackError
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.content.pack import QuestGoal
from companion.games.arabian_nights.speech import quest_words
from companion.session.saves import read_save
from tests.arabian_nights.pack_edits import copy_mini, edit, line_of
from tests.arabian_nights.reader_helpers import edit_save, paragraphs_read, resume, sheet
from tests.arabian_nights.test_reader_table import change, start

DEMO = Path(__file__).resolve().parents[2] / "content" / "demo"
MINI_QUEST = "Pilgrimage | Mecca, Jerusalem | [D2/S1]"


def test_the_demo_quests_ask_for_meetings_cards_and_wealth():
    quests = {quest.name: quest for quest in load_pack(DEMO).quests}
    assert quests["The Whale Road"].goals == [
        QuestGoal(kind="meet", name="Whale"),
        QuestGoal(name="Basra"),
    ]
    assert [goal.kind for goal in quests["The Djinn's Favour"].goals] == ["meet", "hold"]
    assert quests["A Merchant Prince"].goals[0] == QuestGoal(kind="reach", name="Wealthy")


@pytest.mark.parametrize(
    ("goals", "message"),
    [
        ("hold Flying Boat", "'Flying Boat' is not a skill, status or treasure"),
        ("reach Emperor", "'Emperor' is not on the [wealth track]"),
        ("meet Sea Cow", "nothing the pack lets a hero meet is called 'Sea Cow'"),
        ("Atlantis", "'Atlantis' is not a space of [spaces]"),
    ],
)
def test_a_goal_naming_nothing_is_reported_at_its_line(tmp_path, goals, message):
    pack = copy_mini(tmp_path)
    edit(pack, "world.txt", MINI_QUEST, f"Pilgrimage | Mecca, {goals} | [D2/S1]")
    with pytest.raises(PackError) as raised:
        load_pack(pack)
    line = line_of(pack, "world.txt", "Pilgrimage |")
    assert any(
        f"world.txt:{line}" in str(problem) and message in str(problem)
        for problem in raised.value.problems
    ), raised.value


def test_the_goals_left_are_said_in_the_status():
    whale = next(q for q in load_pack(DEMO).quests if q.name == "The Whale Road")
    assert quest_words(whale) == "Quest: The Whale Road, visit Basra and meet a Whale."
    assert quest_words(whale, ["meet Whale"]) == (
        "Quest: The Whale Road, visit Basra and meet a Whale; still to do: visit Basra."
    )


def _at_the_die(save: Path, quest: str, matrix: str, row: str, reaction: str, met: str) -> None:
    """A demo game whose first encounter, with ``met``, waits for the Destiny Die; Ali
    holds ``quest``."""
    start(save)
    change(save, 0, quest=quest)

    def reach(state) -> None:
        state["phase"] = "destiny"
        state["encounter"] = {
            "encountered": met, "matrix": matrix, "row": row, "reaction": reaction,
        }  # fmt: skip

    edit_save(save, reach)


def _through_the_paragraph(save: Path) -> list[str]:
    """Roll blank and take the first section offered, until the turn passes to Zed."""
    lines = resume(["blank"], save)
    while "It is Zed's turn." not in lines:
        lines += resume(["no skill"], save)
    return lines


def test_meeting_a_whale_and_ending_a_turn_in_basra_completes_the_whale_road(tmp_path):
    save = tmp_path / "game.json"
    _at_the_die(save, "The Whale Road", "J", "Giant Whale", "Sneak", "Giant Whale")
    change(save, 0, position="Basra")
    lines = _through_the_paragraph(save)
    assert paragraphs_read(lines)[0] == 1088
    assert "Ali completes the quest The Whale Road." in lines
    assert "Seamanship" in sheet(save, "Ali")["skills"]
    assert read_save(save).state["quest_visits"]["Ali"] == []


def test_a_meeting_is_kept_until_the_space_is_reached(tmp_path):
    save = tmp_path / "game.json"
    _at_the_die(save, "The Whale Road", "J", "Giant Whale", "Sneak", "Giant Whale")
    lines = _through_the_paragraph(save)  # Ali is in Baghdad, not Basra
    assert "Ali completes the quest The Whale Road." not in lines
    assert read_save(save).state["quest_visits"]["Ali"] == ["meet Whale"]


def test_the_djinns_favour_needs_the_lamp_in_hand_when_the_turn_ends(tmp_path):
    for lamp, done in (([], False), (["Brass Lamp"], True)):
        save = tmp_path / f"game{done}.json"
        _at_the_die(save, "The Djinn's Favour", "G", "Angry", "Flee", "Angry Djinn")
        change(save, 0, treasures=lamp)
        lines = _through_the_paragraph(save)
        assert ("Ali completes the quest The Djinn's Favour." in lines) is done


def test_a_merchant_prince_is_wealthy_in_baghdad(tmp_path):
    for wealth, done in (("Comfortable", False), ("Wealthy", True), ("Princely", True)):
        save = tmp_path / f"game{wealth}.json"
        _at_the_die(save, "A Merchant Prince", "G", "Angry", "Pray", "Angry Djinn")
        change(save, 0, wealth=wealth)
        lines = _through_the_paragraph(save)
        assert ("Ali completes the quest A Merchant Prince." in lines) is done, wealth
