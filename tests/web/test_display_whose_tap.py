"""A tap answers for the player it was meant for: a question asked of Zed takes a tap from
the table's page or Zed's own page only; Ali's page shows it without buttons and its taps
are refused (409, nothing changes). The terminal panel says on which page a tap was made,
and `--display local` prints its address without a QR code no phone could open. Through
real HTTP, and in headless Chromium."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from rich.console import Console
from selenium.webdriver.common.by import By

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.games.arabian_nights.rules.movement import reachable_spaces
from companion.session.observers.display import LiveDisplay
from companion.web.addresses import Interface
from companion.web.announce import LOCAL_ONLY, show_addresses
from companion.web.view import answers_of
from tests.web.browser import settled
from tests.web.http_client import Display
from tests.web.test_table_display import MILD_STORM_PRAYER, SETUP, ZED_MOVES

DEMO = str(Path(__file__).parents[2] / "content" / "demo")
SETTLED_SECONDS = 0.5
"""Long enough for an answer that went through to have moved the game on."""


def zed_to_move(table_game) -> dict:
    """Play on to Zed's move question; the shared page's snapshot of it."""
    table_game.say(*SETUP, *MILD_STORM_PRAYER)
    return Display(table_game.address).moment(lambda m: m["question"] == ZED_MOVES and m["answers"])


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


def test_the_move_question_offers_buttons_for_the_places_in_reach_only(table_game, browser):
    table_game.say(*SETUP)
    asked = page_of(table_game, None).moment(
        lambda m: m["question"].startswith("Ali, you are") and m["answers"]
    )
    dialogue = table_game.session.dialogue
    in_reach = set(reachable_spaces(dialogue.pack, dialogue.sheet))
    understood = {value.intent for value in dialogue.step().expects.values}
    too_far = sorted(understood - in_reach - {"stay", "Baghdad"})
    assert too_far, "the mini pack has spaces out of Ali's reach"
    assert {answer["label"] for answer in asked["answers"]} == in_reach | {"stay"}
    browser.get(table_game.address)
    assert len(settled(browser, 10).until(buttons_ready)) == len(in_reach) + 1
    table_game.say(too_far[0])  # typed, it is understood and refused
    settled(browser, 10).until(lambda _: any("too far" in line for line in table_game.printed))
    assert dialogue.sheet.position == "Baghdad"


def test_the_demo_books_first_move_has_no_button_for_khanbaliq_or_the_china_sea():
    """The play-tester's case: Baghdad's move question on the demo book offered 42 buttons."""
    dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=DEMO))
    for line in ["deal", "10", "10", "Ali"]:
        dialogue.answer(dialogue.step().expects.match(line).value)
    step = dialogue.step()
    labels = {answer.label for answer in answers_of(step)}
    in_reach = set(reachable_spaces(dialogue.pack, dialogue.sheet))
    print(f"understood {len(list(step.expects.values))}, buttons {len(labels)}")
    assert labels == in_reach | {"stay"}
    assert {"Khanbaliq", "China Sea"} <= {value.intent for value in step.expects.values}
    assert not labels & {"Khanbaliq", "China Sea"}


TAP_FROM_THE_PAGE = (
    "const done = arguments[arguments.length - 1];"
    "fetch('/tap', {method: 'POST', body: JSON.stringify({serial: serial, index: 0}),"
    "  headers: {'Content-Type': 'application/json',"
    "  'X-Table-Token': sessionStorage.getItem('t')}}).then((response) => done(response.status));"
)


def buttons_ready(driver) -> list:
    """The question's buttons once they take taps (400 ms after it appears)."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#answers button")
    return buttons if buttons and all(button.is_enabled() for button in buttons) else []


def test_in_chromium_alis_page_shows_zeds_question_without_buttons_and_zeds_page_answers(
    table_game, browser
):
    asked = zed_to_move(table_game)
    browser.get(table_game.server.url(table_game.server.player_tokens["Ali"]))
    settled(browser, 10).until(
        lambda page: (
            page.find_element(By.ID, "question").text == ZED_MOVES
            and page.execute_script("return serial") == asked["serial"]
        )
    )
    time.sleep(SETTLED_SECONDS)  # longer than the 400 ms the buttons would wait
    assert browser.find_elements(By.CSS_SELECTOR, "#answers button") == []
    assert browser.execute_async_script(TAP_FROM_THE_PAGE) == 409
    time.sleep(SETTLED_SECONDS)
    assert zed_is_in(table_game) == "Baghdad"

    browser.get(table_game.server.url(table_game.server.player_tokens["Zed"]))
    buttons = settled(browser, 10).until(buttons_ready)
    next(button for button in buttons if button.text == "Mosul").click()
    settled(browser, 10).until(lambda _: zed_is_in(table_game) == "Mosul")


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
