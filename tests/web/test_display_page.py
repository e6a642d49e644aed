"""The page's side of issue 24, in headless Chromium: a double tap answers one question,
the buttons are disabled once tapped, "Did you say …?" is tapped, "Stop reading" and
"Skip" cut the reading short at once, the token leaves the address, and a Spanish night
has the page's own words in Spanish."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("selenium")

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from companion.framework.dialogue import GameOptions, Speech
from companion.framework.telling_turn import keyboard_listener
from companion.games import game_spec
from companion.web.reading import ReadingAction, ReadingControl
from tests.web.browser import settled
from tests.web.conftest import TableGame
from tests.web.http_client import Display

BUTTONS = (By.CSS_SELECTOR, "#answers button")
LONG_READING_SECONDS = 30


PAGE_STATE = (
    "return {link: document.getElementById('link').textContent,"
    " question: document.getElementById('question').textContent,"
    " buttons: [...document.querySelectorAll('#answers button')]"
    "   .map((button) => [button.textContent, button.disabled])};"
)


def wait_for_question(driver, text: str, seconds: float = 30) -> None:
    """Until the page asks ``text`` with buttons that take a tap; else fail with what the
    page shows instead."""
    try:
        settled(driver, seconds).until(
            lambda page: (
                text in page.find_element(By.ID, "question").text
                and (buttons := page.find_elements(*BUTTONS))
                and all(button.is_enabled() for button in buttons)
            )
        )
    except TimeoutException:
        shown = driver.execute_script(PAGE_STATE)
        pytest.fail(f"the page never asked {text!r} with buttons; it shows {shown}")


def test_a_double_tap_answers_one_question(table_game, browser):
    browser.get(table_game.address)
    wait_for_question(browser, "Shall I deal")
    table_game.say("choose")
    wait_for_question(browser, "Ali, choose a skill")
    before = len(table_game.session.undo_stack)
    first = browser.find_elements(*BUTTONS)[0]
    ActionChains(browser).double_click(first).perform()
    wait_for_question(browser, "Zed, choose a skill")
    # a slower double tap: the second lands where the next question's button now is
    ActionChains(browser).click(browser.find_elements(*BUTTONS)[0]).pause(0.15).click().perform()
    before += 1
    wait_for_question(browser, "Ali, choose a skill")
    time.sleep(1)  # a second answer, had one gone through, would be taken by now
    assert len(table_game.session.undo_stack) == before + 1


def test_two_phones_tapping_at_once_answer_one_question(table_game, browser):
    """Two taps sent at the same moment from the page's origin, with its token, as two
    phones showing the same question would: one answers, the other is refused."""
    browser.get(table_game.address)
    wait_for_question(browser, "Shall I deal")
    table_game.say("choose")
    wait_for_question(browser, "Ali, choose a skill")
    before = len(table_game.session.undo_stack)
    statuses = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const token = sessionStorage.getItem('t');"
        "const tap = (index) => fetch('/tap', {method: 'POST', body: JSON.stringify("
        "  {serial: serial, index}), headers: {'Content-Type': 'application/json',"
        "  'X-Table-Token': token}}).then((response) => response.status);"
        "Promise.all([tap(0), tap(1)]).then(done);"
    )
    assert sorted(statuses) == [204, 409]
    wait_for_question(browser, "Zed, choose a skill")
    time.sleep(1)
    assert len(table_game.session.undo_stack) == before + 1


def test_the_buttons_are_disabled_at_the_first_tap(table_game, browser):
    browser.get(table_game.address)
    wait_for_question(browser, "Shall I deal")
    disabled = browser.execute_script(
        "const buttons = [...document.querySelectorAll('#answers button')];"
        "buttons[1].click();"
        "return buttons.map((button) => button.disabled);"
    )
    assert disabled == [True, True]


def test_did_you_say_is_tapped_on_the_page(table_game, browser):
    browser.get(table_game.address)
    wait_for_question(browser, "Shall I deal")
    table_game.say(("choose", 0.6))
    wait_for_question(browser, "Did you say choose?")
    labels = [button.text for button in browser.find_elements(*BUTTONS)]
    assert labels == ["yes", "no"]
    browser.find_elements(*BUTTONS)[0].click()
    wait_for_question(browser, "Ali, choose a skill")


def test_the_token_leaves_the_address_and_a_reload_still_follows_the_game(table_game, browser):
    browser.get(table_game.address)
    wait_for_question(browser, "Shall I deal")
    assert "t=" not in browser.current_url
    assert table_game.server.table_token not in browser.execute_script("return location.href")
    browser.refresh()
    wait_for_question(browser, "Shall I deal")


class SlowMouth:
    """A mouth that reads each utterance for a long time unless stopped."""

    def __init__(self) -> None:
        self.began: list[str] = []
        self.cut: list[str] = []
        self._stopped = threading.Event()

    def say(self, speech: Speech) -> None:
        self._stopped.clear()
        self.began.append(speech.text)
        if self._stopped.wait(LONG_READING_SECONDS):
            self.cut.append(speech.text)

    def stop(self) -> None:
        self._stopped.set()

    def set_rate(self, factor: float) -> None:
        """Not needed here."""


@pytest.fixture
def slow_reader(tmp_path: Path):
    """A game read aloud slowly, with the page's reading buttons wired as in play."""
    mouth = SlowMouth()
    control = ReadingControl(mouth)
    game = TableGame(tmp_path / "game.json", mouth=control)
    game.mouth = mouth
    game.server.on_reading = control.control
    game.session.observers.append(control)
    yield game
    mouth.stop()
    game.stop()


@pytest.mark.parametrize("button", ["stop-reading", "skip-reading"])
def test_a_reading_button_cuts_the_reading_short_at_once(slow_reader, browser, button):
    """The first question is being read (for 30 s): the button ends it within a second,
    and the question is then open for an answer."""
    browser.get(slow_reader.address)
    settled(browser, 10).until(lambda _: slow_reader.mouth.began)
    pressed = time.monotonic()
    browser.find_element(By.ID, button).click()
    Display(slow_reader.address).open_question(seconds=10)
    assert time.monotonic() - pressed < 5
    assert slow_reader.mouth.cut == [slow_reader.mouth.began[0]]


def test_stop_silences_the_rest_of_the_reading_and_skip_only_the_utterance():
    mouth = SlowMouth()
    control = ReadingControl(mouth)
    for action, expected in ((ReadingAction.SKIP, ["one", "two"]), (ReadingAction.STOP, ["one"])):
        mouth.began.clear()
        control.on_step(None, None)  # the next question: speaking again
        reading = threading.Thread(
            target=lambda: [control.say(Speech(text)) for text in ("one", "two")]
        )
        reading.start()
        while not mouth.began:
            time.sleep(0.01)
        control.control(action)
        if action is ReadingAction.SKIP:
            while len(mouth.began) < 2:
                time.sleep(0.01)
            mouth.stop()
        reading.join(timeout=5)
        assert mouth.began == expected, action


@pytest.fixture
def spanish_night(tmp_path: Path):
    options = GameOptions(
        seed=4, players=[("Ali", "m"), ("Zed", "f")], settings={"cards": "companion", "lang": "es"}
    )
    game = TableGame(tmp_path / "noche.json", game_spec("scheherazade"), options)
    yield game
    game.stop()


def test_a_spanish_night_has_the_page_in_spanish(spanish_night, browser):
    browser.get(spanish_night.address)
    settled(browser, 10).until(
        lambda page: (
            page.find_element(By.CSS_SELECTOR, "#question-panel h2").get_attribute("textContent")
            == "Ahora"
        )
    )
    assert browser.find_element(By.ID, "stop-reading").text == "Dejar de leer"
    assert browser.find_element(By.ID, "skip-reading").text == "Saltar"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    headings = [h.get_attribute("textContent") for h in browser.find_elements(By.TAG_NAME, "h2")]
    assert not {"Now", "Read aloud", "Sheets", "Recent answers"} & set(headings)


class Microphone:
    """A telling listener as the microphone is: time goes by while the storyteller speaks,
    until the telling ends; it notes how each telling ended."""

    def __init__(self) -> None:
        self.ended: list[str] = []

    def listen(self, spec, say):
        tracker = spec.tracker()
        while not tracker.done:
            time.sleep(0.05)
            for cue in tracker.advance(0.05, speaking=True):
                say(cue)
        report = tracker.report()
        self.ended.append(report.ended_by)
        return report


TO_THE_FIRST_TELLING = ["Ali", *["draw"] * 8, "a long journey", "begin"]


def storytellers_night(tmp_path: Path, listener) -> TableGame:
    """Scheherazade for Ali and Zed with the companion's deck, its tellings heard by
    ``listener``."""
    options = GameOptions(
        seed=4, players=[("Ali", "m"), ("Zed", "f")], settings={"cards": "companion"}
    )
    return TableGame(tmp_path / "night.json", game_spec("scheherazade"), options,
                     telling_listener=listener)  # fmt: skip


def tale_told(page: Display, turn: int) -> int:
    """The status of the page's "The tale is told" for telling ``turn``."""
    body = json.dumps({"turn": turn}).encode()
    headers = {"Content-Type": "application/json", "X-Table-Token": page.token}
    return page.request("POST", "/telling", body, headers)[0]


class LateMicrophone(Microphone):
    """A microphone that opens only when the test says (as after a long prompt is read)."""

    def __init__(self) -> None:
        super().__init__()
        self.called = threading.Event()
        self.opened = threading.Event()

    def listen(self, spec, say):
        self.called.set()
        self.opened.wait(15)
        return super().listen(spec, say)


def test_the_tale_is_told_from_the_page(tmp_path, browser):
    microphone = Microphone()
    night = storytellers_night(tmp_path, microphone)
    try:
        browser.get(night.address)
        night.say(*TO_THE_FIRST_TELLING)
        told = (By.ID, "tale-told")
        settled(browser, 15).until(lambda page: page.find_element(*told).is_displayed())
        browser.find_element(*told).click()
        settled(browser, 10).until(lambda page: not page.find_element(*told).is_displayed())
        assert microphone.ended == ["phrase"]
        assert night.server.on_telling_end(1) is False  # over: a late tap ends nothing
    finally:
        night.stop()


def test_the_page_offers_a_telling_only_once_it_is_under_way(tmp_path):
    """Until the telling's clock runs (its prompt still read, the microphone not yet
    open) the page shows no countdown and no "The tale is told": a tap then would find
    nothing to end. Once it runs, the tap ends it."""
    microphone = LateMicrophone()
    night = storytellers_night(tmp_path, microphone)
    try:
        page = Display(night.address)
        night.say(*TO_THE_FIRST_TELLING)
        assert microphone.called.wait(15)
        waiting = page.moment(lambda m: True)
        assert (waiting["telling_turn"], waiting["timer_seconds"]) == (None, None)
        microphone.opened.set()
        telling = page.moment(lambda m: m["telling_turn"] is not None)
        assert telling["timer_seconds"] > 0
        assert tale_told(page, telling["telling_turn"]) == 204
        page.moment(lambda m: m["telling_turn"] is None, seconds=10)
        assert microphone.ended == ["phrase"]
    finally:
        microphone.opened.set()
        night.stop()


def test_a_scripted_telling_ended_from_the_page_ends_without_waiting_for_a_line(tmp_path):
    """A telling read from a script (a pipe, no clock): the page's "The tale is told"
    ends it at once; before, it waited for the script's next line."""
    reading, writing = os.pipe()
    script = os.fdopen(reading, "r")
    night = storytellers_night(tmp_path, keyboard_listener(script))
    try:
        page = Display(night.address)
        night.say(*TO_THE_FIRST_TELLING)
        telling = page.moment(lambda m: m["telling_turn"] is not None)
        os.write(writing, b"speak 10 once upon a time a lamp\n")
        assert tale_told(page, telling["telling_turn"]) == 204
        after = page.moment(lambda m: m["telling_turn"] is None, seconds=10)
        assert after["serial"] >= telling["serial"]
        assert night.server.on_telling_end(telling["telling_turn"]) is False  # it is over
    finally:
        os.close(writing)
        night.stop()
        script.close()
