"""`companion map`: a printable SVG of a pack's spaces, routes, terrains and Places of Power,
laid out so that routes hardly cross (issue 24); the geometry against exact arithmetic."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.games.arabian_nights.board_map import _length_inside, map_svg, route_drawing
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.map_layout import (
    APART,
    continent_cells,
    crossing_pairs,
    map_layout,
)
from tests.arabian_nights.pack_edits import copy_mini, edit

SVG = "{http://www.w3.org/2000/svg}"


def test_the_demo_map_shows_every_space_route_and_place(tmp_path, capsys):
    out = tmp_path / "map.svg"
    assert main(["map", "content/demo", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"Wrote the map of The Lamp and the Road to {out}.\n"
    pack = load_pack("content/demo")
    svg = ET.parse(out).getroot()
    texts = {" ".join(" ".join(node.itertext()).split()) for node in svg.iter(f"{SVG}text")}
    assert set(pack.spaces) | set(pack.places) <= texts
    routes = {
        (kind, *sorted((name, other)))
        for name, space in pack.spaces.items()
        for kind, others in (("land", space.land), ("sea", space.sea))
        for other in others
    }
    lines = list(svg.iter(f"{SVG}line"))
    whole = {tuple(line.get("data-route").split("|")) for line in lines if line.get("data-route")}
    stubs = [line.get("data-stub").split("|") for line in lines if line.get("data-stub")]
    led = {(kind, start, end) for kind, start, *ends in stubs for end in ends}
    stubbed = {route for route in routes - whole if {route, (route[0], route[2], route[1])} <= led}
    assert whole | stubbed == routes and not whole & stubbed
    assert len(stubbed) < len(routes) / 4
    for line in lines:
        kind = (line.get("data-route") or line.get("data-stub") or "arrow").split("|")[0]
        assert (line.get("stroke-dasharray") is not None) == (kind == "land")


def test_the_demo_maps_routes_hardly_cross():
    """Issue 24: 52 pairs of routes crossed on the demo map (56 with the arrows of the
    Places of Power); measured now: none, or one."""
    pack = load_pack("content/demo")
    layout = map_layout(pack)
    whole, stubs = route_drawing(layout)
    segments = [(layout.where[a], layout.where[b]) for _, a, b in whole]
    drawn = np.array(segments + [stub.segment for stub in stubs])
    assert crossing_pairs(drawn) <= 3
    assert layout.crossings(within_continents=True) <= 2


def test_spaces_stay_inside_their_continents_region_and_apart():
    pack = load_pack("content/demo")
    layout = map_layout(pack)
    assert len(layout.where) == len(pack.spaces)
    for name, (x, y) in layout.where.items():
        left, top = layout.regions[pack.spaces[name].continent]
        assert left < x < left + layout.side and top < y < top + layout.side
    for a, b in itertools.combinations(pack.spaces.values(), 2):
        if a.continent == b.continent:
            assert math.dist(layout.where[a.name], layout.where[b.name]) >= APART


def test_continents_joined_by_routes_are_neighbours():
    cells, _, _ = continent_cells(load_pack("content/demo"))
    assert math.dist(cells["Arabia"], cells["India"]) == 1  # four routes join them
    assert math.dist(cells["Arabia"], cells["Asia"]) <= math.sqrt(2)


segment = st.tuples(*[st.integers(-20, 20)] * 4)


def _crosses(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether two segments cross away from their ends: exact, with fractions."""
    (x1, y1, x2, y2), (x3, y3, x4, y4) = a, b
    denominator = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
    if denominator == 0:
        return False  # parallel or on one line: touching at most
    t = Fraction((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3), denominator)
    u = Fraction((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1), denominator)
    return 0 < t < 1 and 0 < u < 1


@given(st.lists(segment, min_size=2, max_size=8))
def test_crossings_are_counted_as_exact_arithmetic_counts_them(segments):
    expected = sum(_crosses(a, b) for a, b in itertools.combinations(segments, 2))
    assert crossing_pairs(np.array(segments, dtype=float).reshape(-1, 2, 2)) == expected


@given(segment)
def test_a_label_box_is_crossed_for_the_length_inside_it(line):
    """A segment's stretch inside a box, against the share of 2,001 points along it."""
    box = (-5, -5, 5, 5)
    ends = np.array([line[:2], line[2:]], dtype=float)
    shares = np.linspace(0, 1, 2001)[:, None]
    points = ends[0] + shares * (ends[1] - ends[0])
    inside = ((np.abs(points) <= 5).all(axis=1)).mean()
    length = float(np.linalg.norm(ends[1] - ends[0]))
    measured = float(_length_inside(ends[None], box)[0])
    assert abs(measured - inside * length) <= length / 1000 + 1e-9


def test_a_broken_pack_is_refused_with_a_pointer_to_check(tmp_path, capsys):
    pack = copy_mini(tmp_path)
    edit(pack, "world.txt", "Jerusalem       | City   | 2", "Jerusalem | City | two")
    assert main(["map", str(pack), "-o", str(tmp_path / "m.svg")]) == 2
    assert f"run companion check {pack}" in capsys.readouterr().err


def test_names_are_escaped_in_the_svg(tmp_path):
    pack = copy_mini(tmp_path)
    edit(pack, "world.txt", "Bantus          | City", "Bantus & Co     | City")
    edit(pack, "world.txt", "Sea of Storms, Bantus", "Sea of Storms, Bantus & Co")
    edit(pack, "cards.txt", "| Bantus |", "| Bantus & Co |")
    edit(pack, "world.txt", "name | Mini Fixture", "name | Mini\x1b]0;owned\x07 Fixture")
    svg = map_svg(load_pack(pack))
    assert "Bantus &amp; Co" in svg
    assert "Mini\\x1b]0;owned\\x07 Fixture" in svg
    ET.fromstring(svg)  # well-formed: no control character, which XML cannot hold
