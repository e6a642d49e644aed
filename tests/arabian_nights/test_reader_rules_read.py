"""Rules the table noticed, played through the typed contract on the demo book: a treasure
won from a quest is read aloud like any other."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.session.loop import run_typed
from tests.arabian_nights.reader_helpers import edit_save, resume
from tests.arabian_nights.test_reader_table import DEMO_SETUP, change

DEMO = Path(__file__).resolve().parents[2] / "content" / "demo"


def demo_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the demo pack with one line of world.txt changed."""
    pack = tmp_path / "pack"
    shutil.copytree(DEMO, pack)
    world = pack / "world.txt"
    text = world.read_text(encoding="utf-8")
    assert old in text
    world.write_text(text.replace(old, new), encoding="utf-8")
    return pack


def test_a_treasure_won_from_a_quest_is_read_aloud(tmp_path):
    pack = demo_with(
        tmp_path,
        "The Whale Road         | meet Whale, Basra | [S2/Seamanship]",
        "The Whale Road         | meet Whale, Basra | [S2/Golden Falcon]",
    )
    save = tmp_path / "game.json"
    options = GameOptions(seed=3, players=[("Ali", "m"), ("Zed", "f")], pack=str(pack))
    run_typed(GAME.new(options), GAME, DEMO_SETUP, save)
    change(save, 0, quest="The Whale Road", position="Basra")

    def reach(state) -> None:
        state["phase"] = "destiny"
        state["encounter"] = {
            "encountered": "Giant Whale", "matrix": "J", "row": "Giant Whale",
            "reaction": "Sneak",
        }  # fmt: skip

    edit_save(save, reach)
    lines = resume(["blank"], save)
    while "It is Zed's turn." not in lines:
        lines += resume(["no skill"], save)
    done = lines.index("Ali completes the quest The Whale Road.")
    assert any(
        line.startswith("The Golden Falcon: The falcon flies ahead") for line in lines[done:]
    )


def at_paragraph(save: Path, encounter: dict[str, str | int], **sheet) -> None:
    """Ali, with ``sheet``, at the sections of ``encounter``'s paragraph."""
    from tests.arabian_nights.test_reader_table import start

    start(save)
    change(save, 0, **sheet)

    def reach(state) -> None:
        state["phase"] = "section"
        state["encounter"] = encounter

    edit_save(save, reach)


def at_paragraph_600(save: Path, **sheet) -> None:
    """Ali, with ``sheet``, at paragraph 600 (BARGAINING OR PERCEPTION, SAPPHIRE EYE)."""
    at_paragraph(
        save,
        {"encountered": "Pearl Seller", "matrix": "B", "row": "Pearl Seller",
         "reaction": "Bargain", "paragraph": 600},
        **sheet,
    )  # fmt: skip


def test_the_reader_reads_off_the_whole_list_and_offers_what_the_player_holds(tmp_path):
    save = tmp_path / "game.json"
    at_paragraph_600(save, skills={"Bargaining": "Talent"})
    lines = resume(["sapphire eye", "bargaining"], save)
    asked = (
        "The tale lists Bargaining or Perception and Sapphire Eye. You may use Bargaining or "
        "no skill. Which do you choose?"
    )
    assert asked in lines
    assert f"Ali does not have Sapphire Eye. {asked}" in lines
    assert any(line.startswith("You notice the pearl is as warm") for line in lines)


def test_a_treasure_counting_as_a_skill_opens_both_its_sections(tmp_path):
    save = tmp_path / "game.json"
    at_paragraph_600(save, skills={}, treasures=["Sapphire Eye"])
    lines = resume(["perception"], save)
    assert "You may use Perception, Sapphire Eye or no skill. Which do you choose?" in lines


def test_a_skill_held_short_of_its_master_section_is_taken_at_its_first_word(tmp_path):
    """¶158 lists SEAMANSHIP and MASTER SEAMANSHIP: to a hero with the skill but not its
    mastery, "seamanship" means the section offered, not the one out of reach (both answers
    once shared the word, so it was asked back)."""
    save = tmp_path / "game.json"
    at_paragraph(
        save,
        {"encountered": "Honest Trader", "matrix": "B", "row": "Honest",
         "reaction": "Haggle", "paragraph": 158},
        skills={"Seamanship": "Talent"},
    )  # fmt: skip
    lines = resume(["seamanship"], save)
    asked = (
        "The tale lists Seamanship, Bargaining and master Seamanship. You may use Seamanship "
        "or no skill. Which do you choose?"
    )
    assert lines[0] == asked
    assert not any(line.startswith("Did you say") for line in lines)
    assert any(line.startswith("You captain the voyage yourself") for line in lines)
