"""The Reader on the demo book, played through the typed contract: statuses and treasures
that act, choices the book gives, the sheet in the players' hands, the right winner."""

from __future__ import annotations

from pathlib import Path

from companion.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.saves import read_save
from companion.session import run_typed
from tests.arabian_nights.reader_helpers import edit_save, paragraphs_read, resume, sheet

# Ali (m): Storytelling, Courtly Graces, Wits; Zed (f): Seamanship, Quick Thinking, Stealth.
DEMO_SETUP = [
    "choose",
    "storytelling", "seamanship", "courtly graces", "quick thinking", "wits", "stealth",
    "10", "10",
    "Ali",
]  # fmt: skip


def start(save: Path, lines: list[str] = (), seed: int = 3, settings=None) -> list[str]:
    """A new two-player game on the demo book, set up and played from typed lines."""
    options = GameOptions(seed=seed, players=[("Ali", "m"), ("Zed", "f")], settings=settings or {})
    dialogue = GAME.new(options)
    printed = run_typed(dialogue, GAME, [*DEMO_SETUP, *lines], save)
    assert "Sorry, I did not catch that." not in printed, "\n".join(printed)
    return printed


def change(save: Path, player: int, **fields) -> None:
    edit_save(save, lambda state: state["table"]["players"][player].update(fields))


def test_a_status_of_ones_choice_is_asked_for_and_lost(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, destination="Garden of Irem", position="Empty Quarter",
           statuses=["Cursed", "Wounded"])  # fmt: skip
    lines = resume(["Garden of Irem", "wounded"], save)
    assert paragraphs_read(lines) == [60]
    assert "Which status do you lose: Cursed or Wounded? Or say none." in lines
    assert "Ali is no longer Wounded." in lines
    assert sheet(save, "Ali")["statuses"] == ["Cursed"]
    assert "Ali follows the arrow out to Empty Quarter." in lines


def test_prison_holds_until_a_five_or_six_and_forbids_moving(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 1, statuses=["Imprisoned"])
    lines = resume(["skip my turn", "yes", "4", "Damascus"], save)
    assert any(
        line.startswith("Zed, you are Imprisoned. Roll a die: five or six sets you free.")
        for line in lines
    )
    assert "You rolled 4. Zed is still Imprisoned." in lines
    assert "Zed, you are in Baghdad. As Imprisoned, you cannot move this turn. Say stay." in lines
    assert "As Imprisoned, Zed cannot move this turn." in lines
    lines = resume(["undo", "6", "Basra"], save)
    assert "You rolled 6. Zed is no longer Imprisoned." in lines
    assert sheet(save, "Zed")["position"] == "Basra"


def test_a_lost_turn_is_skipped_and_statuses_end_when_they_say(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 1, turns_to_skip=1)
    change(save, 0, statuses=["Lost", "Blessed"])
    lines = resume(["stay", "Merchant of Basra", "1", "help", "blank", "no skill"], save)
    assert "Ali, you are in Baghdad. As Lost, you cannot move this turn. Say stay." in lines
    assert "1, plus 1 for Blessed, makes 2. You meet a Sly Beggar." in lines
    assert "Ali is no longer Blessed." in lines
    ending = lines.index("Ali is no longer Lost.")
    assert lines[ending + 1 : ending + 4] == [
        "It is Zed's turn.",
        "Zed loses this turn.",
        "It is Ali's turn.",
    ]
    assert sheet(save, "Ali")["statuses"] == [] and sheet(save, "Zed")["turns_to_skip"] == 0


def test_where_can_i_go_counts_the_star_chart(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, position="Basra", wealth="Beggar")
    plain = resume(["where can I go"], save)[-2]
    change(save, 0, treasures=["Star Chart"])
    charted = resume(["where can I go"], save)[-2]
    assert plain.startswith("From Basra you can reach by land")
    assert "by sea" in plain and "Arabian Sea" in plain
    assert len(charted) > len(plain)


def test_sheet_commands_are_confirmed_chronicled_and_undone(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 1, statuses=["Imprisoned"])
    lines = resume(["Zed loses Imprisoned", "yes"], save)
    assert "Zed loses Imprisoned. Is that right?" in lines
    assert "Zed is no longer Imprisoned." in lines
    assert sheet(save, "Zed")["statuses"] == []
    lines = resume(["undo"], save)
    assert sheet(save, "Zed")["statuses"] == ["Imprisoned"]
    lines = resume(["Ali gains two wealth", "yes", "Ali gains the Pearls of the Deep", "yes"], save)
    assert "Ali rises to Comfortable." in lines
    assert any(line.startswith("The Pearls of the Deep: These pearls") for line in lines)
    lines = resume(["sell the Pearls", "no", "sell the Pearls", "yes"], save)
    assert "Then the sheet stays as it was." in lines
    assert "Ali sells the Pearls of the Deep and is now Wealthy." in lines
    lines = resume(
        ["Ali gains the Bottomless Purse", "yes", "use the Bottomless Purse", "yes"], save
    )
    assert "Ali uses the Bottomless Purse, and it is spent." in lines
    assert sheet(save, "Ali")["wealth"] == "Princely" and sheet(save, "Ali")["treasures"] == []


def test_skip_my_turn_passes_to_the_next_player(tmp_path):
    save = tmp_path / "game.json"
    lines = start(save, ["skip my turn", "yes"])
    assert "Ali lets this turn pass." in lines
    assert lines[-1].startswith("Zed, you are in Baghdad.")


def test_the_lucky_coin_turns_a_minus_blank(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Lucky Coin"])
    lines = resume(["stay", "Merchant of Basra", "1", "help"], save)
    reaction = lines[-1]
    assert reaction.startswith("How do you react")
    first = reaction.split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "minus", "yes"], save)
    assert "The Destiny Die shows minus. Spend the Lucky Coin to make it a blank?" in lines
    assert "The Lucky Coin turns the minus into a blank." in lines
    assert "Lucky Coin" not in sheet(save, "Ali")["treasures"]


def test_the_first_home_wins_and_the_night_ends_with_every_secret(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, destiny=10, story=10)
    change(save, 1, destiny=15, story=15)
    lines = resume(["skip my turn", "yes", "skip my turn", "yes"], save)
    declared = lines.index(
        "Ali has fulfilled the secret formula in Baghdad and declares victory! "
        "Every other player has one more turn."
    )
    assert lines[declared + 1] == "It is Zed's turn."
    assert lines[-5:] == [
        "The night is over. Here is how every tale ended.",
        "Ali wanted 10 Destiny and 10 Story, ended with 10 Destiny and 10 Story in Baghdad, "
        "Poor, and met that goal.",
        "Zed wanted 10 Destiny and 10 Story, ended with 15 Destiny and 15 Story in Baghdad, "
        "Poor, and met that goal.",
        "Ali was the first to meet their secret goal and come home to Baghdad.",
        "Ali wins the game! Their tale will be told for a thousand nights.",
    ]
    assert read_save(save).state["phase"] == "over"


def test_tables_may_give_the_victory_to_the_most_points(tmp_path):
    save = tmp_path / "game.json"
    start(save, settings={"winner": "most_points"})
    change(save, 0, destiny=10, story=10)
    change(save, 1, destiny=15, story=15)
    lines = resume(["skip my turn", "yes", "skip my turn", "yes"], save)
    assert lines[-1] == "Zed wins the game! Their tale will be told for a thousand nights."


def test_the_secret_goal_is_never_spoken_back(tmp_path):
    save = tmp_path / "game.json"
    lines = start(save)
    assert not [line for line in lines if "Did you say" in line]
    assert not [line for line in lines if "10 Destiny" in line]
