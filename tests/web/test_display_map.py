"""The Reader's map on a phone (issue 24): in headless Chromium at 390 px, on the demo
book's first move, labels are large and do not overlap, the spaces in reach are ringed
and the others dimmed, and the map zooms with a pinch and with its buttons, inside its
panel, keeping what a player zoomed to when the game moves on. Tales of Arabia's track
is drawn with each hero's piece."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from companion.framework.dialogue import GameOptions
from companion.games import game_spec
from tests.web.browser import settled
from tests.web.conftest import TableGame

DEMO = str(Path(__file__).parents[2] / "content" / "demo")
FIRST_MOVE = ["deal", "10", "10", "Ali"]
SMALLEST_LABEL_PX = 13
"""A space's name on a phone is at least this tall (measured 16 at 390 px; 10 before)."""

LABELS = """
return [...document.querySelectorAll('#map .space text:not([font-weight])')].map((node) => {
  const box = node.getBoundingClientRect();
  return {name: node.parentNode.dataset.space, left: box.left, top: box.top,
          right: box.right, bottom: box.bottom, height: box.height};
});
"""
WIDTH = "return document.querySelector('#map svg').getBoundingClientRect().width;"


@pytest.fixture
def demo_game(tmp_path: Path):
    options = GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=DEMO)
    game = TableGame(tmp_path / "game.json", options=options)
    game.say(*FIRST_MOVE)
    yield game
    game.stop()


def open_map(browser, game: TableGame) -> None:
    browser.get(game.address)
    settled(browser, 30).until(
        lambda page: len(page.find_elements(By.CSS_SELECTOR, "#map .reach")) > 0
    )


def test_on_a_phone_the_labels_are_large_and_apart(demo_game, browser):
    open_map(browser, demo_game)
    labels = browser.execute_script(LABELS)
    assert len(labels) == len(demo_game.session.dialogue.pack.spaces) == 41
    assert min(label["height"] for label in labels) >= SMALLEST_LABEL_PX
    overlapping = [
        (a["name"], b["name"])
        for index, a in enumerate(labels)
        for b in labels[index + 1 :]
        if min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1
    ]
    assert overlapping == []


def test_the_spaces_in_reach_stand_out_and_are_in_view(demo_game, browser):
    open_map(browser, demo_game)
    reach = set(demo_game.session.dialogue.board_map().highlighted_names)
    assert reach and "Baghdad" not in reach
    shown = browser.execute_script(
        "return [...document.querySelectorAll('#map .space')].map((space) => "
        "[space.dataset.space, space.classList.contains('in-reach'),"
        " getComputedStyle(space).opacity]);"
    )
    assert {name for name, in_reach, _ in shown if in_reach} == reach
    assert {opacity for _, in_reach, opacity in shown if in_reach} == {"1"}
    assert {float(opacity) for _, in_reach, opacity in shown if not in_reach} == {0.4}
    in_view = browser.execute_script(
        "const frame = document.getElementById('map').getBoundingClientRect();"
        "return [...document.querySelectorAll('#map .reach')].filter((ring) => {"
        "  const box = ring.getBoundingClientRect();"
        "  return box.left >= frame.left && box.right <= frame.right"
        "    && box.top >= frame.top && box.bottom <= frame.bottom; }).length;"
    )
    assert in_view >= 1


def pinch(browser, apart_from: float, apart_to: float) -> None:
    """Two fingers on the map, moved from ``apart_from`` to ``apart_to`` pixels apart."""
    box = browser.execute_script(
        "document.getElementById('map').scrollIntoView();"
        "const b = document.getElementById('map').getBoundingClientRect();"
        "return [b.left + b.width / 2, b.top + b.height / 2];"
    )
    x, y = box
    browser.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
    )

    def touch(kind: str, apart: float) -> None:
        points = [] if kind == "touchEnd" else [
            {"x": x - apart / 2, "y": y, "id": 1}, {"x": x + apart / 2, "y": y, "id": 2}
        ]  # fmt: skip
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", apart_from)
    for step in range(1, 6):
        touch("touchMove", apart_from + (apart_to - apart_from) * step / 5)
    touch("touchEnd", apart_to)


def test_a_pinch_and_the_buttons_zoom_the_map_inside_its_panel(demo_game, browser):
    open_map(browser, demo_game)
    page_width = browser.execute_script("return document.documentElement.scrollWidth;")
    natural = browser.execute_script(WIDTH)
    pinch(browser, 100, 200)
    zoomed = browser.execute_script(WIDTH)
    assert zoomed > natural * 1.5
    assert browser.execute_script("return document.documentElement.scrollWidth;") == page_width
    assert browser.execute_script("return visualViewport.scale;") == 1  # not the page
    pinch(browser, 200, 100)
    assert browser.execute_script(WIDTH) < zoomed * 0.7
    browser.find_element(By.ID, "zoom-fit").click()
    panel = browser.execute_script("return document.getElementById('map').clientWidth;")
    assert abs(browser.execute_script(WIDTH) - panel) <= 1
    browser.find_element(By.ID, "zoom-in").click()
    browser.find_element(By.ID, "zoom-in").click()
    chosen = browser.execute_script(WIDTH)
    assert chosen > panel * 1.9
    demo_game.say("status")  # the game moves on: the page is sent a new snapshot
    settled(browser, 10).until(lambda page: "Ali" in page.find_element(By.ID, "reading").text)
    time.sleep(0.3)
    assert browser.execute_script(WIDTH) == chosen


def test_tales_of_arabias_track_is_drawn_with_each_heros_piece(tmp_path: Path, browser):
    options = GameOptions(seed=1, players=[("Ali", ""), ("Sara", "")])
    game = TableGame(tmp_path / "toa.json", game_spec("tales-of-arabia"), options)
    try:
        game.say("Aladdin", "Morgiana")
        browser.get(game.address)
        settled(browser, 20).until(
            lambda page: len(page.find_elements(By.CSS_SELECTOR, "#map .marker")) == 2
        )
        spaces = browser.find_elements(By.CSS_SELECTOR, "#map .space")
        assert len(spaces) == game.session.dialogue.pack.board.spaces == 36
        names = {node.text for node in browser.find_elements(By.CSS_SELECTOR, "#map .space-name")}
        assert {"Baghdad", "Mecca"} <= names
    finally:
        game.stop()
