"""Whom a question is asked of (issue 24): a step names the player it asks (`Step.asks`),
so during the Reader's setup "Ali, choose a skill" is tapped on Ali's page, not Zed's; a
secret answer (the Destiny goal, a kept card) is tapped on its owner's page only and no
other page is ever sent its buttons; a Scheherazade hand kept off the table is offered on
its owner's page only, and never listed aloud, not even after two misses. Through real
HTTP, and in headless Chromium."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from tests.pty_game import answer, saved_and_quit, spawn_companion
from tests.web.browser import settled
from tests.web.conftest import MINI, TableGame
from tests.web.http_client import Display
from tests.web.test_display_whose_tap import buttons_ready, page_of

SKILLS = ["storytelling", "piety", "courtly graces", "seamanship", "quick thinking", "beauty"]
SILENCE = ("", 0.0)
"""What the microphone passes on when it caught no words."""
NOTHING_CAUGHT = ("mumble", 0.5)
"""Heard, but nothing the companion understands (a miss, noted for a numbered list)."""
SETTLED_SECONDS = 0.5
"""Long enough for an answer that went through to have moved the game on."""


class Follower:
    """Every snapshot one page is sent, read in a thread until :meth:`stop`."""

    def __init__(self, page: Display) -> None:
        self.moments: list[dict] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._follow, args=(page,), daemon=True)
        self._thread.start()

    def _follow(self, page: Display) -> None:
        def keep(moment: dict) -> bool:
            self.moments.append(moment)
            return self._done.is_set()

        with contextlib.suppress(AssertionError):
            page.moment(keep, seconds=60)

    def stop(self) -> list[dict]:
        self._done.set()
        time.sleep(0.3)
        return self.moments


def labels(moment: dict) -> list[str]:
    return [answer["label"] for answer in moment["answers"]]


def test_a_setup_question_put_to_ali_is_tapped_on_alis_page_not_zeds(table_game):
    table_game.say("choose")
    shared = page_of(table_game, None)
    asked = shared.moment(lambda m: m["question"] == "Ali, choose a skill." and m["answers"])
    assert asked["asked_of"] == "Ali"
    zed = page_of(table_game, "Zed").moment(lambda m: m["serial"] == asked["serial"])
    assert zed["answers"] == []
    assert page_of(table_game, "Zed").tap(asked["serial"], 0) == 409
    time.sleep(SETTLED_SECONDS)
    assert table_game.session.dialogue.state.new_players[0].skills == []
    ali = page_of(table_game, "Ali").moment(lambda m: m["serial"] == asked["serial"])
    assert labels(ali) == labels(asked)
    assert page_of(table_game, "Ali").tap(asked["serial"], labels(ali).index("Piety")) == 204
    zeds_turn = shared.moment(lambda m: m["question"] == "Zed, choose a skill." and m["answers"])
    assert zeds_turn["asked_of"] == "Zed"
    assert table_game.session.dialogue.state.new_players[0].skills == ["Piety"]
    assert page_of(table_game, "Ali").tap(zeds_turn["serial"], 0) == 409


def play_to_alis_secret(table_game) -> dict:
    """Play the skills; the shared page's snapshot of Ali's secret goal question."""
    table_game.say("choose", *SKILLS)
    return page_of(table_game, None).moment(
        lambda m: "Ali, type your secret" in m["question"] and m["asked_of"]
    )


def test_the_secret_goal_is_tapped_on_its_owners_page_only(table_game):
    page_of(table_game, None).open_question()
    followers = {page: Follower(page_of(table_game, page)) for page in (None, "Zed")}
    asked = play_to_alis_secret(table_game)
    assert asked["answers"] == [] and asked["asked_of"] == "Ali"
    ali = page_of(table_game, "Ali").moment(
        lambda m: m["serial"] == asked["serial"] and m["answers"]
    )
    assert labels(ali) == [str(goal) for goal in range(21)]  # 21 to 99 are refused, no buttons
    seven = labels(ali).index("7")
    assert page_of(table_game, None).tap(asked["serial"], seven) == 409
    assert page_of(table_game, "Zed").tap(asked["serial"], seven) == 409
    time.sleep(SETTLED_SECONDS)
    assert table_game.session.dialogue.state.new_players[0].destiny_goal is None
    assert page_of(table_game, "Ali").tap(asked["serial"], seven) == 204
    page_of(table_game, None).moment(lambda m: "Zed, type your secret" in m["question"])
    assert table_game.session.dialogue.state.new_players[0].destiny_goal == 7
    assert "Ali's formula is written down." in table_game.printed
    assert not any("7" in line for line in table_game.printed[-3:])
    for page, follower in followers.items():
        moments = follower.stop()
        secret = [m for m in moments if m["serial"] == asked["serial"]]
        assert secret, f"{page or 'the shared'} page was sent the question"
        assert all(m["answers"] == [] for m in secret), f"{page or 'shared'} page had buttons"
        heard = [m["heard"] for m in moments if m["heard"] and m["serial"] >= asked["serial"]]
        assert "(secret)" in {h["text"] for h in heard}  # Ali's, then Zed's last skill
        assert {(h["text"], h["understood"]) for h in heard} <= {
            ("beauty", "Beauty"),
            ("(secret)", None),
        }


def test_in_chromium_the_secret_goal_has_buttons_on_its_owners_page_only(table_game, browser):
    asked = play_to_alis_secret(table_game)
    browser.get(table_game.address)
    settled(browser, 10).until(lambda page: page.execute_script("return serial") == asked["serial"])
    time.sleep(SETTLED_SECONDS)  # longer than the 400 ms buttons wait
    assert browser.find_elements(By.CSS_SELECTOR, "#answers button") == []
    browser.get(table_game.server.url(table_game.server.player_tokens["Ali"]))
    buttons = settled(browser, 10).until(buttons_ready)
    next(button for button in buttons if button.text == "12").click()
    settled(browser, 10).until(
        lambda _: table_game.session.dialogue.state.new_players[0].destiny_goal == 12
    )


@pytest.fixture
def voice_game(tmp_path: Path):
    """The mini pack's game heard by voice, with a keyboard beside it (secrets and answers
    after two misses are asked at the keyboard), both wrapped for taps."""
    game = TableGame(tmp_path / "game.json", keyboard=True)
    yield game
    game.stop()


def test_by_voice_the_secret_asked_at_the_keyboard_is_tapped_on_its_owners_page(voice_game):
    asked = play_to_alis_secret(voice_game)
    ali = page_of(voice_game, "Ali").moment(
        lambda m: m["serial"] == asked["serial"] and m["answers"]
    )
    assert page_of(voice_game, None).tap(asked["serial"], 0) == 409
    assert page_of(voice_game, "Ali").tap(asked["serial"], labels(ali).index("9")) == 204
    zeds = page_of(voice_game, None).moment(lambda m: m["asked_of"] == "Zed")
    assert zeds["serial"] > asked["serial"]
    assert voice_game.session.dialogue.state.new_players[0].destiny_goal == 9
    voice_game.typed.lines.put("11")  # what is typed meanwhile still answers Zed's
    page_of(voice_game, None).moment(lambda m: m["question"].startswith("Who goes first?"))
    assert voice_game.session.dialogue.state.new_players[1].destiny_goal == 11


def test_after_two_misses_the_keyboards_question_has_buttons(voice_game):
    shared = page_of(voice_game, None)
    first = shared.open_question()
    voice_game.say(SILENCE, SILENCE)
    again = shared.moment(lambda m: m["serial"] > first["serial"] + 1 and m["answers"])
    assert again["question"] == first["question"]
    assert labels(again) == ["random", "choose"]
    assert shared.tap(again["serial"], 1) == 204
    shared.moment(lambda m: m["question"] == "Ali, choose a skill.")


HOPE = ["exchange", "draw", "search", "reveal", "recover", "overcome", "scheherazade", "draw"]


def test_a_hand_kept_off_the_table_is_offered_on_its_owners_page_only(scheherazade_night):
    night = scheherazade_night
    night.say("Ali", *HOPE)
    shared = page_of(night, None)
    asked = shared.moment(lambda m: m["question"].startswith("Ali, you are") and m["asked_of"])
    assert asked["asked_of"] == "Ali" and asked["answers"] == []
    hand = list(night.session.dialogue.state.night.hands[0])
    names = [night.session.dialogue._element_name(code) for code in hand]
    for page in (None, "Zed"):
        seen = json.dumps(page_of(night, page).moment(lambda m: m["serial"] == asked["serial"]))
        assert not [name for name in names if name in seen], f"{page}'s page saw Ali's hand"
        assert page_of(night, page).tap(asked["serial"], 0) == 409
    ali = page_of(night, "Ali").moment(lambda m: m["serial"] == asked["serial"] and m["answers"])
    assert f"play {names[0]}" in labels(ali) and f"discard {names[0]}" in labels(ali)
    assert page_of(night, "Ali").tap(asked["serial"], labels(ali).index(f"play {names[0]}")) == 204
    shared.moment(lambda m: m["serial"] > asked["serial"] and m["question"])
    assert hand[0] not in night.session.dialogue.state.night.hands[0]


def test_a_hand_kept_off_the_table_is_never_listed_aloud(scheherazade_night):
    night = scheherazade_night
    night.say("Ali", *HOPE)
    shared = page_of(night, None)
    asked = shared.moment(lambda m: m["question"].startswith("Ali, you are Scheherazade"))
    names = [night.session.dialogue._element_name(code) for code in night.session.dialogue
             .state.night.hands[0]]  # fmt: skip
    spoken_before = len(night.printed)
    night.say(NOTHING_CAUGHT, NOTHING_CAUGHT, NOTHING_CAUGHT, "help")
    shared.moment(lambda m: m["serial"] >= asked["serial"] + 4)
    time.sleep(SETTLED_SECONDS)
    spoken = " ".join(night.printed[spoken_before:])
    assert "Say one for" not in spoken
    assert not [name for name in names if name in spoken], spoken


def test_a_kept_card_is_tapped_on_its_owners_page_only(scheherazade_night):
    night = scheherazade_night
    night.say("Ali", *HOPE, "use draw")
    shared = page_of(night, None)
    asked = shared.moment(lambda m: m["question"].startswith("Ali, you drew") and m["asked_of"])
    assert asked["asked_of"] == "Ali" and asked["answers"] == []
    offered = list(night.session.dialogue.state.night.offer)
    assert page_of(night, None).tap(asked["serial"], 0) == 409
    assert page_of(night, "Zed").tap(asked["serial"], 0) == 409
    ali = page_of(night, "Ali").moment(lambda m: m["serial"] == asked["serial"] and m["answers"])
    assert len(labels(ali)) == len(offered) == 2
    assert page_of(night, "Ali").tap(asked["serial"], 1) == 204
    after = shared.moment(lambda m: m["serial"] > asked["serial"] and m["question"])
    assert offered[1] in night.session.dialogue.state.night.hands[0]
    assert after["heard"]["text"] == "(secret)"


def test_in_a_pty_a_tapped_secret_leaves_the_terminal_echoing(tmp_path):
    """`companion play --typed --display` at a real terminal: the secret goals are asked
    without echo ("(hidden) > ") and tapped on each owner's page; the next answer is typed
    with echo again (a hidden read left waiting for the tapped question would have read
    it without), and the game saves and quits."""
    child = spawn_companion(
        "play", "--typed", "--new", "--display", "--display-port", "0",
        "--players", "Ali:m,Zed:f", "--pack", str(MINI), "--seed", "1",
        "--save", str(tmp_path / "game.json"),
    )  # fmt: skip
    child.expect(r"The table display: (http://\S+)")
    shared = Display(child.match.group(1))
    pages = {}
    for name in ("Ali", "Zed"):
        child.expect(rf"{name}'s private view: (http://\S+)")
        pages[name] = Display(child.match.group(1))
    answer(child, "random")
    for name in ("Ali", "Zed"):
        child.expect(r"\(hidden\) > ")
        assert not child.getecho()
        asked = pages[name].moment(lambda m, n=name: m["asked_of"] == n and m["answers"])
        assert shared.tap(asked["serial"], 0) == 409
        assert pages[name].tap(asked["serial"], labels(asked).index("10")) == 204
    child.expect(r"Who goes first\?.*\r\n> ")
    assert child.getecho()
    child.sendline("Ali")
    child.expect(r"Ali\r\n")  # echoed as typed
    seen = saved_and_quit(child)
    assert seen.count("formula is written down") == 2
