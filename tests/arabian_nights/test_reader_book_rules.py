"""The Reader carries out what the book format carries since issue 27, played through the
typed contract: a free move asked and checked, undone and chronicled; Wounded healed by a
turn of rest in a city; Enslaved's master taking the wealth."""

from __future__ import annotations

from pathlib import Path

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.session.loop import PrintMouth, Session, TypedEars, run_typed
from companion.session.observers.chronicle import Chronicle
from tests.arabian_nights.pack_edits import copy_mini, edit
from tests.arabian_nights.reader_helpers import SETUP, edit_save, paragraphs_read, resume, sheet
from tests.arabian_nights.test_reader_table import change, start

FIRST_REWARD = "[D2/S1/W 1 (Max: Poor)/Storytelling/Respected]"
TO_THE_REWARD = ["stay", "wanderer", "5", "pray", "blank"]
"""Ali's first encounter of the small book, up to the reward replaced by a test."""


def _game(tmp_path: Path, code: str) -> GAME.new:
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", FIRST_REWARD, code)
    return GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(pack)))


def free_move(tmp_path: Path, code: str, *answers: str) -> list[str]:
    """Ali's first reward replaced by ``code``, answered with ``answers`` (saved in g.json)."""
    script = [*SETUP, *TO_THE_REWARD, *answers]
    printed = run_typed(_game(tmp_path, code), GAME, script, tmp_path / "g.json")
    assert "Sorry, I did not catch that." not in printed, "\n".join(printed)
    return printed


def test_a_coastal_move_is_asked_checked_and_applied(tmp_path):
    lines = free_move(tmp_path, "[S1/Move to any coastal space]", "stay", "Mecca", "Basra")
    assert "Ali, you go to a coastal space. Which space?" in lines
    assert "Ali must go to a coastal space. Say which." in lines  # Baghdad has no sea route
    assert (
        "Ali must go to a coastal space, and Mecca is not one; say Basra, Serendib or Bantus."
    ) in lines
    assert "Ali is carried to Basra." in lines
    assert lines.index("Ali is carried to Basra.") < lines.index("It is Zed's turn.")
    assert sheet(tmp_path / "g.json", "Ali")["position"] == "Basra"


def test_a_free_move_is_undone_back_to_its_question(tmp_path):
    save = tmp_path / "g.json"
    free_move(tmp_path, "[S1/Move to any coastal space]", "Serendib")
    assert sheet(save, "Ali")["position"] == "Serendib"
    lines = resume(["undo"], save)
    assert "Undone: the last answer. Back one step." in lines
    assert lines[-1] == "Ali, you go to a coastal space. Which space?"
    assert sheet(save, "Ali")["position"] == "Baghdad"
    resume(["Bantus"], save)
    assert sheet(save, "Ali")["position"] == "Bantus"


def test_another_player_places_the_hero_within_the_distance(tmp_path):
    code = "[S1/Another player places you within two spaces of Damascus]"
    lines = free_move(tmp_path, code, "Basra", "Aleppo")
    question = (
        "Ali, choose another player to place you on a space within two spaces of Damascus. "
        "Which space?"
    )
    assert question in lines
    assert (
        "Ali must go to a space within two spaces of Damascus, and Basra is not one; "
        "say Mosul, Aleppo, Damascus or Jerusalem."
    ) in lines
    assert "Ali is carried to Aleppo." in lines
    assert sheet(tmp_path / "g.json", "Ali")["position"] == "Aleppo"


def test_a_free_move_within_reach_of_home_may_stay(tmp_path):
    lines = free_move(tmp_path, "[S1/Move within 1 space of Mosul]", "help", "stay")
    assert "Ali, you go to a space within one space of Mosul. Which space, or stay?" in lines
    assert any(line.startswith("Say one of: Baghdad, Mosul, Aleppo or stay.") for line in lines)
    assert "Ali stays in Baghdad." in lines


def test_the_free_move_goes_into_the_chronicle(tmp_path):
    night = Chronicle(tmp_path / "night.md")
    dialogue = _game(tmp_path, "[S1/Move to any coastal space]")
    lines = [*SETUP, *TO_THE_REWARD, "Bantus"]
    session = Session(dialogue=dialogue, spec=GAME, ears=TypedEars(lines),
                      mouth=PrintMouth(lambda line: None), save_path=tmp_path / "g.json",
                      observers=[night])  # fmt: skip
    session.run(dialogue.opening())
    told = night.path.read_text("utf-8")
    assert "## Turn 1 — Ali\n" in told and "Ali is carried to Bantus." in told


def test_wounded_heals_after_a_turn_resting_in_a_city_and_not_in_the_desert(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Wounded"], position="Nafud Desert")
    lines = resume(["change my sheet", "skip my turn", "yes"], save)
    assert "Ali lets this turn pass." in lines and "Ali is no longer Wounded." not in lines
    assert sheet(save, "Ali")["statuses"] == ["Wounded"]
    change(save, 0, position="Basra")
    change(save, 1, statuses=[])
    edit_turn = resume(["change my sheet", "skip my turn", "yes"], save)  # Zed's turn passes
    assert "Zed lets this turn pass." in edit_turn
    lines = resume(["change my sheet", "skip my turn", "yes"], save)
    assert "Ali is no longer Wounded." in lines
    assert sheet(save, "Ali")["statuses"] == []


def test_an_enslaved_hero_is_told_the_master_takes_the_wealth(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Enslaved"], treasures=["Pearls of the Deep"])
    lines = resume(["change my sheet", "Ali gains two wealth", "yes"], save)
    assert "Ali gains no wealth while Enslaved." in lines
    assert sheet(save, "Ali")["wealth"] == "Poor"
    refused = resume(["sell the Pearls of the Deep"], save)
    assert "Ali is Enslaved: the price of the Pearls of the Deep would be taken." in refused
    assert sheet(save, "Ali")["treasures"] == ["Pearls of the Deep"]


def _demo_at(save: Path, paragraph: int, met: str) -> None:
    """A demo game whose first encounter has reached ``paragraph``, its section asked."""
    start(save)

    def reach(state) -> None:
        state["phase"] = "section"
        state["encounter"] = {"encountered": met, "paragraph": paragraph}

    edit_save(save, reach)


def test_the_demo_book_sells_a_robber_to_a_master_who_takes_the_purse(tmp_path):
    save = tmp_path / "game.json"
    _demo_at(save, 815, "Wary Caravan")
    lines = resume(["no skill"], save)
    assert paragraphs_read(lines) == [9103]
    assert "Because you hold Enslaved, this part of the tale must be read." in lines
    assert "Ali gains 1 Story and gains no wealth while Enslaved." in lines
    assert sheet(save, "Ali")["wealth"] == "Poor"


def test_the_demo_book_washes_a_castaway_ashore_on_a_coast_of_their_choice(tmp_path):
    save = tmp_path / "game.json"
    _demo_at(save, 621, "Friendly Fisherman")
    lines = resume(["no skill", "Samarkand", "Aden"], save)
    assert paragraphs_read(lines) == [9101]
    assert "Ali must go to a coastal space, and Samarkand is not one;" in " ".join(lines)
    assert "Ali is carried to Aden." in lines
    ali = sheet(save, "Ali")
    assert ali["position"] == "Aden" and ali["statuses"] == ["Fevered"]


def test_a_treasure_sold_out_of_a_city_is_refused_with_the_nearest_city(tmp_path):
    """With treasures sold in cities only, a refusal names the nearest city and how far."""
    save = tmp_path / "game.json"
    start(save, settings={"sell_in_cities_only": "true"})
    change(save, 0, position="Persian Gulf", treasures=["Pearls of the Deep"])
    refused = resume(["sell the Pearls of the Deep"], save)
    assert (
        "Ali can sell the Pearls of the Deep only in a city: the nearest is Basra, "
        "1 move from here." in refused
    )
    assert sheet(save, "Ali")["treasures"] == ["Pearls of the Deep"]
