"""A tap answers for the player it was meant for: a question asked of Zed takes a tap from
the table's page or Zed's own page only; Ali's page shows it without buttons and its taps
are refused (409, nothing changes). The terminal panel says on which page a tap was made,
and `--display local` prints its address without a QR code no phone could open. Through
real HTTP, and in headless Chromium."""

from __future__ import annotations

import io
import time

import pytest
from rich.console import Console

from companion.session.observers.display import LiveDisplay
from companion.web.addresses import Interface
from companion.web.announce import LOCAL_ONLY, show_addresses
from tests.web.http_client import Display
from tests.web.test_table_display import MILD_STORM_PRAYER, SETUP, ZED_MOVES

SETTLED_SECONDS = 0.5
"""Long enough for an answer that went through to have moved the game on."""


def zed_to_move(table_game) -> dict:
    """Play on to Zed's move question; the shared page's snapshot of it."""
    table_game.say(*SETUP, *MILD_STORM_PRAYER)
    return Display(table_game.address).moment(
        lambda m: m["question"] == ZED_MOVES and m["answers"]
    )


def page_of(table_game, player: str | None) -> Display:
    """The shared page (None) or ``player``'s private page."""
    server = table_game.server
    return Display(server.url(server.player_tokens[player]) if player else table_game.address)


def zed_is_in(table_game) -> str:
    return table_game.session.dialogue.table.player("Zed").position


def button(moment: dict, label: str) -> int:
    return [answer["label"] for answer in moment["answers"]].index(label)


def test_another_players_page_shows_the_question_without_buttons_and_cannot_answer(table_game):
    asked = zed_to_move(table_game)
    ali = page_of(table_game, "Ali").moment(lambda m: m["serial"] == asked["serial"])
    assert ali["question"] == ZED_MOVES
    assert ali["asked_of"] == "Zed"
    assert ali["answers"] == []
    before = len(table_game.session.undo_stack)
    assert page_of(table_game, "Ali").tap(asked["serial"], button(asked, "Mosul")) == 409
    time.sleep(SETTLED_SECONDS)
    assert zed_is_in(table_game) == "Baghdad"
    assert len(table_game.session.undo_stack) == before
    assert page_of(table_game, None).open_question()["serial"] == asked["serial"]


@pytest.mark.parametrize("tapped_on", [None, "Zed"], ids=["the table page", "Zed's page"])
def test_the_table_page_and_the_players_own_page_answer_their_question(table_game, tapped_on):
    live = LiveDisplay(Console(file=io.StringIO(), width=200))
    table_game.session.observers.append(live)
    asked = zed_to_move(table_game)
    own = page_of(table_game, tapped_on).moment(lambda m: m["serial"] == asked["serial"])
    assert own["answers"] == asked["answers"]
    assert page_of(table_game, tapped_on).tap(asked["serial"], button(asked, "Mosul")) == 204
    page_of(table_game, None).open_question(after=asked["serial"])
    assert zed_is_in(table_game) == "Mosul"
    panel = Console(file=io.StringIO(), width=200, record=True)
    panel.print(live.render(table_game.session.dialogue.step(), table_game.session.dialogue))
    how = "tapped on the table page" if tapped_on is None else "tapped on Zed's page"
    assert f"Last answer: 'mosul' ({how}) → Mosul" in panel.export_text()


def test_the_tables_question_is_tapped_on_the_shared_page_only(table_game):
    shared = page_of(table_game, None)
    asked = shared.open_question()
    assert asked["question"].startswith("Shall I deal") and asked["asked_of"] is None
    for player in ("Ali", "Zed"):
        mine = page_of(table_game, player).moment(lambda m: m["serial"] == asked["serial"])
        assert mine["answers"] == []
        assert page_of(table_game, player).tap(asked["serial"], 0) == 409
    time.sleep(SETTLED_SECONDS)
    assert shared.open_question()["serial"] == asked["serial"]
    assert shared.tap(asked["serial"], 0) == 204
    following = shared.moment(lambda m: m["serial"] > asked["serial"] and m["question"])
    assert following["question"] != asked["question"]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_local_addresses_get_no_qr_code_and_say_why():
    terminal = Terminal()
    show_addresses("The table display", "http://127.0.0.1:8765/?t=abc", (), terminal)
    assert terminal.getvalue() == f"The table display: http://127.0.0.1:8765/?t=abc {LOCAL_ONLY}\n"


def test_lan_addresses_get_their_qr_code():
    terminal = Terminal()
    wlan = [Interface("wlan0", "192.168.1.5")]
    show_addresses("The table display", "http://127.0.0.1:8765/?t=abc", wlan, terminal)
    first, *qr_code = terminal.getvalue().splitlines()
    assert first == "The table display: http://192.168.1.5:8765/?t=abc"
    assert len(qr_code) > 10 and "127.0.0.1" not in terminal.getvalue()
