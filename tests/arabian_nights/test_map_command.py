"""`companion map`: a printable SVG of a pack's spaces, routes, terrains and Places of Power."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

from companion.cli import main
from companion.games.arabian_nights.board_map import map_svg, positions
from companion.games.arabian_nights.content.loader import load_pack
from tests.arabian_nights.pack_edits import copy_mini, edit

SVG = "{http://www.w3.org/2000/svg}"


def test_the_demo_map_shows_every_space_route_and_place(tmp_path, capsys):
    out = tmp_path / "map.svg"
    assert main(["map", "content/demo", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"Wrote the map of The Lamp and the Road to {out}.\n"
    pack = load_pack("content/demo")
    svg = ET.parse(out).getroot()
    texts = {node.text for node in svg.iter(f"{SVG}text")}
    assert set(pack.spaces) | set(pack.places) <= texts
    routes = {
        (kind, *sorted((name, other)))
        for name, space in pack.spaces.items()
        for kind, others in (("land", space.land), ("sea", space.sea))
        for other in others
    }
    lines = [line for line in svg.iter(f"{SVG}line") if line.get("stroke") != "#8a2be2"]
    dashed = [line for line in lines if line.get("stroke-dasharray")]
    assert len(lines) == len(routes)
    assert len(dashed) == len([route for route in routes if route[0] == "land"])


def test_spaces_stay_inside_their_continents_region_and_apart():
    pack = load_pack("content/demo")
    where = positions(pack)
    assert len(where) == len(pack.spaces)
    closest = min(math.dist(a, b) for a, b in itertools.combinations(where.values(), 2))
    assert closest > 20


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
    svg = map_svg(load_pack(pack))
    assert "Bantus &amp; Co" in svg
    ET.fromstring(svg)
