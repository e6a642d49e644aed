"""Tales of Arabia's track drawn for the table display (issue 24): every space once, in a
loop clockwise from the start, the named spaces named, the cards lying where they lie,
each hero's piece on its space (the page draws it: tests/web/test_display_map.py)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from companion.framework.dialogue import GameOptions
from companion.framework.packs import shipped_pack
from companion.games import game_spec
from companion.games.tales_of_arabia.content.pack import load_pack
from companion.games.tales_of_arabia.track_map import CELL, track_places, track_svg

SVG = "{http://www.w3.org/2000/svg}"
BOARD = load_pack(shipped_pack("tales-of-arabia")).board


@given(st.integers(min_value=2, max_value=120))
def test_the_spaces_go_once_round_a_square_clockwise(spaces):
    where = track_places(spaces)
    assert sorted(where) == list(range(1, spaces + 1))
    assert len(set(where.values())) == spaces
    steps = [math.dist(where[n], where[n + 1]) for n in range(1, spaces)]
    assert steps == [CELL] * (spaces - 1)  # each space beside the one before
    xs, ys = [x for x, _ in where.values()], [y for _, y in where.values()]
    for x, y in where.values():  # on the square's edge, none inside it
        assert x in (min(xs), max(xs)) or y in (min(ys), max(ys))
    if spaces >= 3:
        (x1, y1), (x2, y2), (x3, y3) = where[1], where[2], where[3]
        assert (x2 - x1) * (y3 - y2) - (y2 - y1) * (x3 - x2) >= 0  # never turning left


def test_the_track_names_its_spaces_and_shows_the_cards_lying_on_it():
    svg = ET.fromstring(track_svg(BOARD, {13: "the Magic Lamp", 27: "a Sandstorm"}))
    spaces = [g.get("data-space") for g in svg.iter(f"{SVG}g") if g.get("class") == "space"]
    assert spaces == [str(n) for n in range(1, BOARD.spaces + 1)]
    texts = {node.text for node in svg.iter(f"{SVG}text")}
    assert {special.name for special in BOARD.special} <= texts
    cards = {
        g.get("data-space"): next(g.iter(f"{SVG}title")).text
        for g in svg.iter(f"{SVG}g")
        if g.find(f"{SVG}g[@class='card']") is not None
    }
    assert cards == {"13": "the Magic Lamp", "27": "a Sandstorm"}


def test_each_heros_piece_stands_on_its_space():
    spec = game_spec("tales-of-arabia")
    dialogue = spec.new(GameOptions(seed=1, players=[("Ali", ""), ("Sara", "")]))
    assert dialogue.board_map() is None  # heroes not chosen yet
    for line in ["Aladdin", "Morgiana"]:
        dialogue.answer(dialogue.step().expects.match(line).value)
    drawn = dialogue.board_map()
    where = track_places(BOARD.spaces)
    game = dialogue.state.game
    assert drawn.markers == {player.name: where[player.space] for player in game.players}
