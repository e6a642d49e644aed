"""A printable SVG map (drawn by ``companion map PACK``) of a pack's spaces, routes and terrains.

A pack gives no coordinates, so the map is drawn as a diagram: each continent is a
region of the page, its spaces on a ring (neighbours next to each other where possible),
land routes dashed and sea routes solid as on the board, each space coloured by its
terrain with its printed number, Places of Power as stars beside their exit space.

>>> from companion.games.arabian_nights.content.loader import load_pack
>>> svg = map_svg(load_pack("content/demo"))
>>> svg.startswith("<svg") and "Baghdad" in svg
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import deque

from companion.games.arabian_nights.content.pack import Pack

REGION = 420
"""Width and height of one continent's region, in SVG units."""
RADIUS = 150
SPACE = 16
TERRAIN_COLOURS = {
    "city": "#f2d16b",
    "desert": "#e9c89b",
    "mountain": "#b9a48f",
    "forest": "#7fb77e",
    "sea": "#8cc3e8",
    "swamp": "#9fb59a",
}
OTHER_TERRAINS = ("#d8b4e2", "#f4a3a3", "#c7c7c7", "#a3d9d4")


def terrain_colours(pack: Pack) -> dict[str, str]:
    """A fill colour for each terrain of the pack."""
    extra = iter(OTHER_TERRAINS * (1 + len(pack.terrains)))
    return {
        terrain: TERRAIN_COLOURS.get(terrain.casefold()) or next(extra) for terrain in pack.terrains
    }


def _ring_order(pack: Pack, names: list[str]) -> list[str]:
    """The continent's spaces in breadth-first order from its best-connected one."""
    inside = set(names)

    def neighbours(name: str) -> list[str]:
        space = pack.spaces[name]
        return [other for other in (*space.land, *space.sea) if other in inside]

    order: list[str] = []
    for start in sorted(names, key=lambda name: (-len(neighbours(name)), name)):
        if start in order:
            continue
        queue = deque([start])
        order.append(start)
        while queue:
            for other in neighbours(queue.popleft()):
                if other not in order:
                    order.append(other)
                    queue.append(other)
    return order


def positions(pack: Pack) -> dict[str, tuple[float, float]]:
    """Where each space is drawn: each continent in its own region of a grid, its spaces
    first on a ring, then spread by a few rounds of a spring layout (routes pull, spaces
    push apart), never leaving their region."""
    start = ring_positions(pack)
    regions = _regions(pack)
    where = {name: list(point) for name, point in start.items()}
    continent = {name: space.continent for name, space in pack.spaces.items()}
    edges = [(name, other) for name, space in pack.spaces.items()
             for other in (*space.land, *space.sea)
             if name < other and continent[name] == continent.get(other)]  # fmt: skip
    for round_ in range(LAYOUT_ROUNDS):
        heat = 25 * (1 - round_ / LAYOUT_ROUNDS) + 1
        push = {name: [0.0, 0.0] for name in where}
        names = list(where)
        for index, name in enumerate(names):
            for other in names[index + 1 :]:
                if continent[name] == continent[other]:
                    _push_apart(where, push, name, other)
        for name, other in edges:
            _pull_together(where, push, name, other)
        for name, (dx, dy) in push.items():
            length = math.hypot(dx, dy) or 1.0
            step = min(length, heat)
            left, top = regions[pack.spaces[name].continent]
            where[name][0] = min(
                left + REGION - MARGIN, max(left + MARGIN, where[name][0] + dx / length * step)
            )
            where[name][1] = min(
                top + REGION - MARGIN, max(top + MARGIN + 30, where[name][1] + dy / length * step)
            )
    return {name: (x, y) for name, (x, y) in where.items()}


LAYOUT_ROUNDS = 200
SPRING = 75.0
MARGIN = 45


def _push_apart(where, push, name: str, other: str) -> None:
    dx = where[name][0] - where[other][0]
    dy = where[name][1] - where[other][1]
    distance = max(1.0, math.hypot(dx, dy))
    force = SPRING * SPRING / distance
    push[name][0] += dx / distance * force
    push[name][1] += dy / distance * force
    push[other][0] -= dx / distance * force
    push[other][1] -= dy / distance * force


def _pull_together(where, push, name: str, other: str) -> None:
    dx = where[name][0] - where[other][0]
    dy = where[name][1] - where[other][1]
    distance = max(1.0, math.hypot(dx, dy))
    force = distance * distance / SPRING / 4
    push[name][0] -= dx / distance * force
    push[name][1] -= dy / distance * force
    push[other][0] += dx / distance * force
    push[other][1] += dy / distance * force


def _regions(pack: Pack) -> dict[str, tuple[float, float]]:
    """The top-left corner of each continent's region."""
    continents = sorted({space.continent for space in pack.spaces.values()})
    columns = math.ceil(math.sqrt(len(continents)))
    return {
        continent: ((index % columns) * REGION, (index // columns) * REGION)
        for index, continent in enumerate(continents)
    }


def ring_positions(pack: Pack) -> dict[str, tuple[float, float]]:
    """Continents in a grid, spaces on a ring in each: where the layout starts."""
    continents = sorted({space.continent for space in pack.spaces.values()})
    columns = math.ceil(math.sqrt(len(continents)))
    where: dict[str, tuple[float, float]] = {}
    for index, continent in enumerate(continents):
        centre_x = (index % columns + 0.5) * REGION
        centre_y = (index // columns + 0.5) * REGION + 30
        names = [name for name, space in pack.spaces.items() if space.continent == continent]
        for step, name in enumerate(_ring_order(pack, names)):
            angle = 2 * math.pi * step / max(1, len(names)) - math.pi / 2
            radius = RADIUS if len(names) > 1 else 0
            where[name] = (centre_x + radius * math.cos(angle), centre_y + radius * math.sin(angle))
    return where


def _element(parent: ET.Element, tag: str, text: str | None = None, **attributes: object):
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attributes.items()}
    )
    node.text = text
    return node


def _routes(svg: ET.Element, pack: Pack, where: dict[str, tuple[float, float]]) -> None:
    drawn = set()
    for name, space in pack.spaces.items():
        for kind, others in (("land", space.land), ("sea", space.sea)):
            for other in others:
                key = (kind, *sorted((name, other)))
                if key in drawn or other not in where:
                    continue
                drawn.add(key)
                (x1, y1), (x2, y2) = where[name], where[other]
                style = (
                    {"stroke_dasharray": "7 5", "stroke": "#6b4f2a"}
                    if kind == "land"
                    else {"stroke": "#2a6fa8"}
                )
                _element(svg, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}",
                         y2=f"{y2:.1f}", stroke_width=2, **style)  # fmt: skip


def _spaces(svg: ET.Element, pack: Pack, where: dict[str, tuple[float, float]]) -> None:
    colours = terrain_colours(pack)
    for name, space in pack.spaces.items():
        x, y = where[name]
        shape = "rect" if space.city else "circle"
        fill = colours.get(space.terrain, "#ffffff")
        if shape == "rect":
            _element(svg, "rect", x=f"{x - SPACE:.1f}", y=f"{y - SPACE:.1f}", width=2 * SPACE,
                     height=2 * SPACE, fill=fill, stroke="#333", stroke_width=1.5)  # fmt: skip
        else:
            _element(svg, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=SPACE, fill=fill,
                     stroke="#333", stroke_width=1.5)  # fmt: skip
        if space.number is not None:
            _element(svg, "text", str(space.number), x=f"{x:.1f}", y=f"{y + 5:.1f}",
                     text_anchor="middle", font_size=14, font_weight="bold")  # fmt: skip
        _element(svg, "text", name, x=f"{x:.1f}", y=f"{y + SPACE + 14:.1f}",
                 text_anchor="middle", font_size=12)  # fmt: skip


def _places(svg: ET.Element, pack: Pack, where: dict[str, tuple[float, float]]) -> None:
    for place in pack.places.values():
        if place.exit_space not in where:
            continue
        x, y = where[place.exit_space]
        px, py = x + 55, (y - 40 if y > 110 else y + 60)
        _element(svg, "line", x1=f"{px:.1f}", y1=f"{py:.1f}", x2=f"{x + SPACE:.1f}",
                 y2=f"{y - SPACE / 2:.1f}", stroke="#8a2be2", stroke_width=2,
                 marker_end="url(#arrow)")  # fmt: skip
        _element(svg, "text", "★", x=f"{px:.1f}", y=f"{py:.1f}", text_anchor="middle",
                 font_size=22, fill="#8a2be2")  # fmt: skip
        _element(svg, "text", place.name, x=f"{px:.1f}", y=f"{py - 16:.1f}",
                 text_anchor="middle", font_size=11, font_style="italic",
                 fill="#5a1a9a")  # fmt: skip


def _legend(svg: ET.Element, pack: Pack, top: float) -> None:
    x = 20.0
    for terrain, colour in terrain_colours(pack).items():
        _element(svg, "rect", x=f"{x:.1f}", y=f"{top:.1f}", width=14, height=14, fill=colour,
                 stroke="#333")  # fmt: skip
        _element(svg, "text", terrain, x=f"{x + 20:.1f}", y=f"{top + 12:.1f}", font_size=12)
        x += 30 + 8 * len(terrain)
    _element(svg, "text", "- - - land route      —— sea route      ■ city      ★ Place of Power",
             x=f"{x + 10:.1f}", y=f"{top + 12:.1f}", font_size=12)  # fmt: skip


def map_svg(pack: Pack, where: dict[str, tuple[float, float]] | None = None) -> str:
    """The pack's map as a standalone SVG document (``where``: :func:`positions`, if known)."""
    where = where or positions(pack)
    continents = sorted({space.continent for space in pack.spaces.values()})
    columns = math.ceil(math.sqrt(len(continents)))
    rows = math.ceil(len(continents) / columns)
    width, height = columns * REGION + 60, rows * REGION + 70
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(width),
                             "height": str(height), "viewBox": f"0 0 {width} {height}",
                             "font-family": "serif"})  # fmt: skip
    defs = _element(svg, "defs")
    marker = _element(defs, "marker", id="arrow", markerWidth=8, markerHeight=8, refX=7, refY=4,
                      orient="auto")  # fmt: skip
    _element(marker, "path", d="M0,0 L8,4 L0,8 z", fill="#8a2be2")
    _element(svg, "rect", width=width, height=height, fill="#fffaf0")
    _element(svg, "text", pack.name, x=20, y=24, font_size=20, font_weight="bold")
    for index, continent in enumerate(continents):
        _element(svg, "text", continent, x=(index % columns) * REGION + 20,
                 y=(index // columns) * REGION + 60, font_size=16, fill="#7a6a55")  # fmt: skip
    _routes(svg, pack, where)
    _spaces(svg, pack, where)
    _places(svg, pack, where)
    _legend(svg, pack, height - 30)
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode")
