"""What the page says was heard and answered when an answer is asked back: the yes or no
said at "Did you say …?" is shown as heard like any other hearing, and the recent answers
list only the answers the game took and still holds (never one refused at its "Did you
say …?", nor a command, nor an answer undone), through the real session, server and
events stream."""

from __future__ import annotations

from tests.web.http_client import Display
from tests.web.test_table_display import MILD_STORM_PRAYER, SETUP, ZED_MOVES

ALI_MOVES = "Ali, you are in Baghdad. Where do you end your move? Say a place, or stay."
SURE = 0.95
UNSURE = 0.6
"""Between CONFIRM_CONFIDENCE and ACCEPT_CONFIDENCE: asked back."""


def heard_as(moment: dict, text: str, understood: str) -> bool:
    heard = moment["heard"] or {}
    return (heard.get("text"), heard.get("understood")) == (text, understood)


def test_an_answer_refused_at_did_you_say_is_not_listed_as_an_answer(table_game):
    page = Display(table_game.address)
    table_game.say(*SETUP)
    page.moment(lambda m: m["question"] == ALI_MOVES and m["answers"])

    table_game.say(("mosul", UNSURE))
    page.moment(lambda m: m["question"] == "Did you say Mosul?" and heard_as(m, "mosul", "Mosul"))
    table_game.say(("no", SURE), *MILD_STORM_PRAYER)
    later = page.moment(lambda m: m["question"] == ZED_MOVES)
    assert "Mosul" not in later["history"]
    assert later["history"][-5:] == ["stay", "wanderer", "5", "pray", "blank"]


def test_a_yes_or_no_at_did_you_say_is_heard_and_a_command_is_no_answer(table_game):
    page = Display(table_game.address)
    table_game.say(*SETUP)
    before = page.moment(lambda m: m["question"] == ALI_MOVES and m["answers"])

    for reply in ("no", "yes"):
        table_game.say(("what can I do", UNSURE))
        page.moment(lambda m: m["question"] == "Did you say help?")
        table_game.say((reply, SURE))
        replied = page.moment(lambda m, reply=reply: heard_as(m, reply, reply), seconds=5)
        assert replied["heard"]["confidence"] == SURE
        assert replied["history"] == before["history"]


def test_an_answer_undone_leaves_the_recent_answers(table_game):
    page = Display(table_game.address)
    table_game.say(*SETUP, "stay")
    taken = page.moment(lambda m: m["history"][-1:] == ["stay"])
    table_game.say("undo")
    undone = page.moment(lambda m: m["question"] == ALI_MOVES and m["heard"]["text"] == "undo")
    assert undone["history"] == taken["history"][:-1]
