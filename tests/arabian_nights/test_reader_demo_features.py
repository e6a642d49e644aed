"""What issue 27 asked of the demo book, each played through the Reader on the demo book's
own paragraphs: a terrain card leading straight to a paragraph (the card named as "the
other"), a skill lost, and a skill of one's choice gained."""

from __future__ import annotations

from pathlib import Path

from tests.arabian_nights.reader_helpers import edit_save, paragraphs_read, resume, sheet
from tests.arabian_nights.test_reader_table import change, start


def _draws(save: Path, card: str, position: str, **fields) -> list[str]:
    """Ali stays on ``position`` and draws ``card`` from the top of the encounter deck."""
    start(save)
    change(save, 0, position=position, **fields)

    def card_on_top(state) -> None:
        deck = [name for name in state["table"]["encounter_deck"] if name != card]
        state["table"]["encounter_deck"] = [card, *deck]

    edit_save(save, card_on_top)
    return resume(["stay", "draw for me"], save)


def test_a_grove_card_in_the_marshes_reads_its_paragraph_and_can_take_a_skill(tmp_path):
    save = tmp_path / "game.json"
    lines = _draws(
        save,
        "Whispering Grove",
        "Tigris Marshes",
        skills={"Storytelling": "Talent", "Wilderness Lore": "Master"},
        statuses=["Cursed"],
    )
    assert "You draw the Whispering Grove card." in lines
    assert paragraphs_read(lines) == [1800]
    assert any(line.startswith("You wade into the Whispering Grove") for line in lines)
    assert "Because you hold Cursed, this part of the tale must be read." in lines
    assert "Ali gains 1 Story and loses Wilderness Lore." in lines
    assert sheet(save, "Ali")["skills"] == {"Storytelling": "Talent"}


def test_a_still_mere_teaches_a_skill_of_ones_choice(tmp_path):
    save = tmp_path / "game.json"
    lines = _draws(
        save, "Glassy Calm", "Sudd Marsh", skills={"Perception": "Talent", "Wits": "Talent"}
    )
    assert paragraphs_read(lines) == [1801]
    assert any("the Glassy Calm" in line for line in lines)
    lines = resume(["perception"], save)
    assert "Which skill do you gain?" in " ".join(lines)
    lines = resume(["riding"], save)
    assert "Ali learns Riding." in lines
    assert sheet(save, "Ali")["skills"]["Riding"] == "Talent"
