"""The table display as a person uses it: a page in headless Chromium follows a typed game,
a tap answers a question, private views stay private, and tokens are required."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request

import pytest

pytest.importorskip("selenium")

from selenium.webdriver.common.by import By

from companion.framework.answers import Answer
from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import Heard
from companion.web.taps import TapEars
from tests.arabian_nights.reader_helpers import SETUP as MINI_SETUP
from tests.web.browser import settled

# The mini pack's setup, with secret goals Ali 7 Destiny and Zed 12 Destiny.
SETUP = [*MINI_SETUP[:7], "7", "12", *MINI_SETUP[9:]]

# Ali meets the Mild Storm and prays: paragraph 706 gives him 2 Destiny, 1 Story and Respected.
MILD_STORM = ["stay", "wanderer", "5"]
MILD_STORM_PRAYER = [*MILD_STORM, "pray", "blank"]
ZED_MOVES = "Zed, you are in Baghdad. Where do you end your move? Say a place, or stay."


def wait_for_text(driver, element_id: str, text: str, seconds: float = 10) -> None:
    settled(driver, seconds).until(
        lambda page: text in page.find_element(By.ID, element_id).text,
        message=f"#{element_id} never showed {text!r}",
    )


def ali_row(driver) -> str:
    """Ali's row of the sheets, read in one go (the page may redraw the table between
    finding a row and reading it)."""
    rows = driver.execute_script(
        "return [...document.querySelectorAll('#sheets tbody tr')].map(row => row.innerText)"
    )
    return next(" ".join(row.split()) for row in rows if row.startswith("Ali"))


def test_the_page_follows_the_game_and_a_tap_moves_a_hero(table_game, browser):
    browser.get(table_game.address)
    table_game.say(*SETUP)
    wait_for_text(browser, "question", "Ali, you are in Baghdad")
    assert "Ali 0 0 Poor Baghdad" in ali_row(browser)
    rings = (By.CSS_SELECTOR, "#map .reach")
    settled(browser, 10).until(lambda page: page.find_elements(*rings))
    heroes = browser.find_elements(By.CSS_SELECTOR, "#map .marker")
    assert sorted(hero.get_attribute("data-player") for hero in heroes) == ["Ali", "Zed"]
    in_reach = browser.find_elements(By.CSS_SELECTOR, "#map .reach")
    assert len(in_reach) == len(table_game.session.dialogue.board_map().highlighted) > 0

    table_game.say(*MILD_STORM, ("wait", 0.6), ("pray", 0.95))  # "pray" to "Did you say wait?"
    wait_for_text(browser, "heard", "“pray” (sure 95%) → pray")
    table_game.say("blank")
    wait_for_text(browser, "question", ZED_MOVES)
    assert ali_row(browser).startswith("Ali 2 1 Poor Baghdad")
    assert "Respected" in ali_row(browser)
    assert "¶ 706" in browser.find_element(By.ID, "reading").text

    zed = (By.CSS_SELECTOR, '#map .marker[data-player="Zed"] circle')
    in_baghdad = browser.find_element(*zed).get_attribute("cx")
    mosul = settled(browser, 10).until(  # a new question's buttons take taps after 400 ms
        lambda page: next((b for b in page.find_elements(By.CSS_SELECTOR, "#answers button")
                           if b.text == "Mosul" and b.is_enabled()), None)
    )  # fmt: skip
    mosul.click()
    wait_for_text(browser, "heard", "→ Mosul")
    settled(browser, 10).until(
        lambda page: page.find_element(By.ID, "question").text not in ("", ZED_MOVES)
    )
    asked = browser.find_element(By.ID, "question").text
    settled(browser, 10).until(lambda _: table_game.printed[-1] == asked)
    settled(browser, 10).until(
        lambda page: page.find_element(*zed).get_attribute("cx") not in (None, in_baghdad),
        message="Zed's piece never left Baghdad",
    )
    wait_for_text(browser, "sheets", "Mosul")
    wait_for_text(browser, "history", "Mosul")


def test_a_private_view_shows_its_own_secret_and_no_other(table_game, browser):
    table_game.say(*SETUP)
    table_game.say(*MILD_STORM_PRAYER)
    browser.get(table_game.address)
    wait_for_text(browser, "question", ZED_MOVES)
    assert "secret goal" not in browser.page_source

    browser.get(table_game.server.url(table_game.server.player_tokens["Zed"]))
    wait_for_text(browser, "private", "Your secret goal: 12 Destiny and 8 Story.")
    assert browser.find_element(By.ID, "me").get_attribute("textContent") == "Zed"
    assert "7 Destiny" not in browser.page_source


def test_each_storyteller_sees_their_own_hand_and_no_other(scheherazade_night, browser):
    scheherazade_night.say("Ali")
    browser.get(scheherazade_night.address)
    wait_for_text(browser, "question", "place a Hope token")
    assert "Your hand" not in browser.page_source
    night = scheherazade_night.session.dialogue
    ali_hand, zed_hand = night.private_view("Ali")[0], night.private_view("Zed")[0]
    browser.get(scheherazade_night.server.url(scheherazade_night.server.player_tokens["Ali"]))
    wait_for_text(browser, "private", ali_hand)
    browser.get(scheherazade_night.server.url(scheherazade_night.server.player_tokens["Zed"]))
    wait_for_text(browser, "private", zed_hand)
    assert ali_hand.removeprefix("Your hand: ") not in browser.page_source


def test_requests_without_the_token_are_refused(table_game):
    base = table_game.address.split("?")[0]
    for path in ("", "events", "events?t=wrong", "?t="):
        try:
            urllib.request.urlopen(base + path, timeout=5)
        except urllib.error.HTTPError as error:
            assert error.code == 403
        else:
            raise AssertionError(f"{path!r} was served without the token")
    tap = urllib.request.Request(
        base + "tap",
        data=json.dumps({"t": "wrong", "serial": 1, "index": 0}).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        urllib.request.urlopen(tap, timeout=5)
    except urllib.error.HTTPError as error:
        assert error.code == 403
    else:
        raise AssertionError("a tap without the token was taken")


class Learner:
    """Ears that learn voices, noting what they were taught; silent after their lines."""

    def __init__(self, lines):
        self.lines, self.lessons, self.voices = iter(lines), [], []
        self.done = threading.Event()

    def hear(self, step, phrases):
        line = next(self.lines, None)
        if line is None:
            self.done.wait(10)
        return Heard(line or "", 0.95)

    def attend(self, voice):
        self.voices.append(voice)

    def learn(self, value):
        self.lessons.append(value)


class TappingBoard:
    """A page that taps the second button of every question it is shown, after the first."""

    def __init__(self):
        self.ears, self.shown = None, []

    def on_question(self, serial, step, asked_of=None):
        if step is not None:
            self.shown.append(serial)
            if len(self.shown) > 1:
                threading.Thread(target=self.ears.tap, args=(serial, 1)).start()


def test_taps_keep_the_voice_lessons_to_what_was_said():
    learner, board = Learner(["pray"]), TappingBoard()
    ears = board.ears = TapEars(learner, board)
    step = Step("How do you react?", PhraseSet.of("pray", "wait"))
    ears.attend("Ali")
    assert ears.hear(step, step.expects).text == "pray"
    ears.learn(Answer("pray"))
    assert ears.hear(step, step.expects).text == "wait"
    ears.learn(Answer("wait"))
    learner.done.set()
    assert learner.voices == ["Ali"] and learner.lessons == [Answer("pray")]


def run_play(*arguments: str, tmp_path, answers: str = "") -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "companion", "play", "--typed", "--new", *arguments]
    environment = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    return subprocess.run(command, input=answers, capture_output=True, text=True,
                          env=environment, timeout=120)  # fmt: skip


def test_play_with_the_display_prints_its_address_and_plays_on(tmp_path):
    done = run_play("--display", "--display-port", "0", "--seed", "3", tmp_path=tmp_path,
                    answers="2\nAli\nm\nZoe\nf\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert re.search(r"The table display: http://127\.0\.0\.1:\d+/\?t=\S{8,}", done.stderr)
    assert re.search(r"Zoe's private view: http://127\.0\.0\.1:\d+/\?t=\S{8,}", done.stderr)
    assert "Zoe, is your hero a man or a woman?" in done.stdout


def test_a_port_already_taken_is_a_clear_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = run_play("--display", "--display-port", port, tmp_path=tmp_path)
    assert done.returncode == 2
    assert f"cannot use port {port}" in done.stderr and "--display-port" in done.stderr
    assert "Traceback" not in done.stderr
