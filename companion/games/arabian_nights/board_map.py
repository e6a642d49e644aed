"""A map of a pack's spaces, routes, terrains and Places of Power, as SVG: printed by
``companion map PACK`` and shown on the table display, where it must read on a phone.

The spaces are arranged by :mod:`~companion.games.arabian_nights.map_layout`. Each space is
coloured by its terrain with its printed number, cities square; land routes are dashed
and sea routes solid as on the board. A route inside a continent is drawn whole. A route
between two continents is drawn whole when it crosses no other route and runs over no
space; otherwise it is drawn as two short stubs, one from each of its spaces, pointing
towards the other and marked with its name ("→ Cairo"; one stub for the routes of a kind
that lead to one continent), so that no lane crosses the map.
Labels are large enough to read at a phone's scale and each is put where it covers the
fewest routes, spaces and other labels (a long name on two lines). Places of Power are
stars beside their exit space.

Each space is a group ``<g class="space" data-space="NAME">`` (the table display dims
those out of reach at the move); each route ``data-route="KIND|ONE|OTHER"``.

>>> from companion.games.arabian_nights.content.loader import load_pack
>>> svg = map_svg(load_pack("content/demo"))
>>> svg.startswith("<svg") and 'data-space="Baghdad"' in svg
True
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from companion.framework.svg import element
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.map_layout import (
    CLEAR,
    SPACE,
    Layout,
    Route,
    crossing,
    distances,
    map_layout,
)

LABEL = 16
"""The font size of a space's name (SVG units; the phone shows the map at about 1 px each)."""
NUMBER = 15
STUB = 34.0
"""The length of a stub beyond its space's edge."""
STUB_LABEL = 14
PLACE_LABEL = 14
LEGEND = 14
CONTINENT = 22
WRAP = 13
"""Names longer than this many characters go on two lines."""
CHARACTER = 0.5
"""A serif character's average width, in font sizes (to estimate how wide a label is)."""
LINE = 1.15
PAD = 3.0
"""The room kept around a label."""
LEGEND_BAND = 46.0
TERRAIN_COLOURS = {
    "city": "#f2d16b",
    "desert": "#e9c89b",
    "mountain": "#b9a48f",
    "forest": "#7fb77e",
    "sea": "#8cc3e8",
    "swamp": "#9fb59a",
}
OTHER_TERRAINS = ("#d8b4e2", "#f4a3a3", "#c7c7c7", "#a3d9d4")
ROUTE_STYLES = {
    "land": {"stroke": "#6b4f2a", "stroke_dasharray": "7 5"},
    "sea": {"stroke": "#2a6fa8"},
}
PLACE_COLOUR = "#8a2be2"
Box = tuple[float, float, float, float]
T = TypeVar("T")
"""left, top, right, bottom."""


def terrain_colours(pack: Pack) -> dict[str, str]:
    """A fill colour for each terrain of the pack."""
    extra = iter(OTHER_TERRAINS * (1 + len(pack.terrains)))
    return {
        terrain: TERRAIN_COLOURS.get(terrain.casefold()) or next(extra) for terrain in pack.terrains
    }


Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Stub:
    """Where routes to another continent would cross the map: a short line from their
    space towards the spaces they lead to (one stub for those of one kind that lead to
    one continent), marked with those spaces' names."""

    kind: str
    start: str
    towards: tuple[str, ...]
    segment: Segment


def route_drawing(layout: Layout) -> tuple[list[Route], list[Stub]]:
    """The routes drawn whole, and the stubs of the others: a route inside a continent is
    whole; one between continents is whole when it crosses no route drawn before it
    (shortest first) and runs over no space, else it becomes a stub at each end."""
    where = layout.where
    points, names = np.array(list(where.values())), list(where)
    whole = [route for route in layout.routes if route not in layout.across]
    stubbed: list[Route] = []
    for route in sorted(layout.across, key=lambda r: (math.dist(where[r[1]], where[r[2]]), r)):
        segment = np.array([[where[route[1]], where[route[2]]]])
        lines = np.array([(where[a], where[b]) for _, a, b in whole]).reshape(-1, 2, 2)
        over = {names[i] for i in np.flatnonzero(distances(points, segment)[:, 0] < CLEAR)}
        if over <= {route[1], route[2]} and not crossing(segment, lines).any():
            whole.append(route)
        else:
            stubbed.append(route)
    leads: dict[tuple[str, str, str], list[str]] = {}
    for kind, one, other in stubbed:
        for start, end in ((one, other), (other, one)):
            leads.setdefault((kind, start, layout.continent[end]), []).append(end)
    lines = [(where[a], where[b]) for _, a, b in whole]
    stubs = []
    for (kind, start, _), ends in sorted(leads.items()):
        stub = Stub(kind, start, tuple(sorted(ends)), _stub(where, start, ends, lines, points))
        stubs.append(stub)
        lines.append(stub.segment)
    return whole, stubs


ARROWS = "→↘↓↙←↖↑↗"
"""The arrow before a stub's names, by the way it points (east first, then clockwise on
the screen, where y grows downwards)."""
STUB_TURNS = (0, 20, -20, 40, -40, 60, -60)
"""How far (degrees) a stub may turn from the way to its spaces to cross nothing."""


def _stub(where, start: str, ends: list[str], lines: list[Segment], points: np.ndarray) -> Segment:
    """A short segment from ``start``'s edge towards ``ends`` (their mean direction), turned
    a little where that crosses a line drawn or runs over a space."""
    x, y = where[start]
    directions = np.array([np.subtract(where[end], (x, y)) for end in ends], dtype=float)
    directions /= np.maximum(np.linalg.norm(directions, axis=1), 1e-9)[:, None]
    heading = math.atan2(*directions.mean(axis=0)[::-1])
    drawn = np.array(lines, dtype=float).reshape(-1, 2, 2)
    others = points[np.hypot(*(points - (x, y)).T) > 1]
    tried = []
    for turn in STUB_TURNS:
        ux, uy = math.cos(heading + math.radians(turn)), math.sin(heading + math.radians(turn))
        segment = (
            (round(x + ux * SPACE, 1), round(y + uy * SPACE, 1)),
            (round(x + ux * (SPACE + STUB), 1), round(y + uy * (SPACE + STUB), 1)),
        )
        tried.append(segment)
        candidate = np.array([segment])
        if (
            not crossing(candidate, drawn).any()
            and not (distances(others, candidate) < SPACE).any()
        ):
            return segment
    return tried[0]


class _Labels:
    """Puts labels where they cover least: other labels, spaces and titles most, then
    routes; a label that would leave its continent's region is put there only when no
    other spot is left."""

    def __init__(self, layout: Layout, lines: np.ndarray) -> None:
        self.lines = lines
        self.spaces = np.array(list(layout.where.values()))
        self.taken: list[Box] = [
            (x - SPACE, y - SPACE, x + SPACE, y + SPACE) for x, y in self.spaces
        ]

    def place(
        self, candidates: list[tuple[Box, T]], within: Box, owner: tuple[float, float] | None = None
    ) -> T:
        """The candidate (a box and what it stands for) covering least; its box is taken. A
        space's label (``owner``: where the space is) also keeps closer to it than to any
        other space."""
        costs = [
            self._cost(box) + rank * 0.05 + (0 if _inside(box, within) else 1000)
            + (self._astray(box, owner) if owner else 0)
            for rank, (box, _) in enumerate(candidates)
        ]  # fmt: skip
        box, chosen = candidates[int(np.argmin(costs))]
        self.taken.append(box)
        return chosen

    def take(self, box: Box) -> None:
        self.taken.append(box)

    def _astray(self, box: Box, owner: tuple[float, float]) -> float:
        """How far the label's box lies from its space, and how much closer to another."""
        nearest_x = np.clip(self.spaces[:, 0], box[0], box[2])
        nearest_y = np.clip(self.spaces[:, 1], box[1], box[3])
        gaps = np.hypot(self.spaces[:, 0] - nearest_x, self.spaces[:, 1] - nearest_y)
        own = math.hypot(owner[0] - min(max(owner[0], box[0]), box[2]),
                         owner[1] - min(max(owner[1], box[1]), box[3]))  # fmt: skip
        others = np.hypot(*(self.spaces - owner).T) > 1
        return own / 6 + float(np.clip(own - gaps[others] + 2, 0, None).sum())

    def avoid(self, segment: Segment) -> None:
        """Later labels keep off ``segment`` as off a route (a Place of Power's arrow)."""
        self.lines = np.concatenate([self.lines, np.array([segment], dtype=float)])

    def _cost(self, box: Box) -> float:
        left, top, right, bottom = box[0] - PAD, box[1] - PAD, box[2] + PAD, box[3] + PAD
        taken = np.array(self.taken)
        overlap_x = np.clip(np.minimum(right, taken[:, 2]) - np.maximum(left, taken[:, 0]), 0, None)
        overlap_y = np.clip(np.minimum(bottom, taken[:, 3]) - np.maximum(top, taken[:, 1]), 0, None)
        covered = float((overlap_x * overlap_y).sum())
        return covered / 4 + float(_length_inside(self.lines, (left, top, right, bottom)).sum()) / 6


def _length_inside(segments: np.ndarray, box: Box) -> np.ndarray:
    """How long a stretch of each segment runs inside ``box`` (Liang and Barsky's clipping).

    >>> across, outside = [[0.0, 5.0], [20.0, 5.0]], [[0.0, 0.0], [1.0, 1.0]]
    >>> _length_inside(np.array([across, outside]), (5, 0, 15, 10))
    array([10.,  0.])
    """
    start, along = segments[:, 0], segments[:, 1] - segments[:, 0]
    left, top, right, bottom = box
    steps = np.stack([-along[:, 0], along[:, 0], -along[:, 1], along[:, 1]], axis=1)
    room = np.stack(
        [start[:, 0] - left, right - start[:, 0], start[:, 1] - top, bottom - start[:, 1]], axis=1
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = room / steps
    enter = np.where(steps < 0, ratio, -np.inf).max(axis=1, initial=0.0)
    leave = np.where(steps > 0, ratio, np.inf).min(axis=1, initial=1.0)
    parallel_outside = ((steps == 0) & (room < 0)).any(axis=1)
    share = np.where(parallel_outside, 0.0, np.clip(leave - enter, 0.0, None))
    return share * np.linalg.norm(along, axis=1)


def _inside(box: Box, within: Box) -> bool:
    return (
        box[0] >= within[0] and box[1] >= within[1] and box[2] <= within[2] and box[3] <= within[3]
    )


def _lines_of(name: str) -> list[str]:
    """A name on one line, or on two when long (split at the space nearest its middle)."""
    if len(name) <= WRAP or " " not in name:
        return [name]
    cuts = [i for i, c in enumerate(name) if c == " "]
    cut = min(cuts, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1 :]]


def _label_box(x: float, y: float, lines: list[str], size: float, anchor: str) -> Box:
    """The box of a label whose first baseline is at (x, y)."""
    width = CHARACTER * size * max(len(line) for line in lines)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return (left, y - 0.85 * size, left + width, y + 0.25 * size + LINE * size * (len(lines) - 1))


def _text(parent: ET.Element, lines: list[str], x: float, y: float, **attributes: object) -> None:
    """A text of one or more lines, its first baseline at (x, y)."""
    if len(lines) == 1:
        element(parent, "text", lines[0], x=f"{x:.1f}", y=f"{y:.1f}", **attributes)
        return
    text = element(parent, "text", x=f"{x:.1f}", y=f"{y:.1f}", **attributes)
    for index, line in enumerate(lines):
        element(text, "tspan", line, x=f"{x:.1f}", dy="0" if index == 0 else f"{LINE}em")


def _routes(svg: ET.Element, whole: list[Route], stubs: list[Stub], where) -> None:
    group = element(svg, "g", class_="routes", stroke_width=2.5, fill="none")
    for kind, one, other in whole:
        (x1, y1), (x2, y2) = where[one], where[other]
        element(group, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}",
                 data_route=f"{kind}|{one}|{other}", **ROUTE_STYLES[kind])  # fmt: skip
    for stub in stubs:
        (x1, y1), (x2, y2) = stub.segment
        element(group, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}",
                 data_stub=f"{stub.kind}|{stub.start}|{'|'.join(stub.towards)}",
                 **ROUTE_STYLES[stub.kind])  # fmt: skip


def _stub_labels(svg: ET.Element, stubs: list[Stub], labels: _Labels, within: Box) -> None:
    """Each stub's destinations beside its tip, after an arrow the way it points: "→ Cairo",
    "↖ Aden" (several on lines of their own)."""
    for stub in stubs:
        (x1, y1), (x2, y2) = stub.segment
        arrow = ARROWS[round(math.degrees(math.atan2(y2 - y1, x2 - x1)) / 45) % 8]
        lines = [f"{arrow} {name}" for name in stub.towards]
        height = LINE * STUB_LABEL * (len(lines) - 1)
        spots = [
            (x2 + 4, y2 + 5 - height / 2, "start"),
            (x2 - 4, y2 + 5 - height / 2, "end"),
            (x2, y2 + STUB_LABEL + 2, "middle"),
            (x2, y2 - 6 - height, "middle"),
        ]
        preferred = sorted(
            spots, key=lambda s: -((s[0] - x1) * (x2 - x1) + (s[1] - y1) * (y2 - y1))
        )
        x, y, anchor = labels.place(
            [(_label_box(sx, sy, lines, STUB_LABEL, a), (sx, sy, a)) for sx, sy, a in preferred],
            within,
        )
        _text(svg, lines, x, y, text_anchor=anchor, font_size=STUB_LABEL, font_style="italic",
              fill=ROUTE_STYLES[stub.kind]["stroke"], class_="stub-label")  # fmt: skip


def _spaces(svg: ET.Element, pack: Pack, layout: Layout, labels: _Labels) -> None:
    colours = terrain_colours(pack)
    for name, space in pack.spaces.items():
        x, y = layout.where[name]
        group = element(svg, "g", class_="space", data_space=name)
        fill = colours.get(space.terrain, "#ffffff")
        if space.city:
            element(group, "rect", x=f"{x - SPACE:.1f}", y=f"{y - SPACE:.1f}", width=2 * SPACE,
                     height=2 * SPACE, fill=fill, stroke="#333", stroke_width=1.5)  # fmt: skip
        else:
            element(group, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=SPACE, fill=fill,
                     stroke="#333", stroke_width=1.5)  # fmt: skip
        if space.number is not None:
            element(group, "text", str(space.number), x=f"{x:.1f}", y=f"{y + 5:.1f}",
                     text_anchor="middle", font_size=NUMBER, font_weight="bold")  # fmt: skip
        lines = _lines_of(name)
        below = y + SPACE + LABEL
        above = y - SPACE - 6 - LINE * LABEL * (len(lines) - 1)
        middle = y + 5 - LINE * LABEL * (len(lines) - 1) / 2
        spots = [
            (x, below, "middle"),
            (x, above, "middle"),
            (x + SPACE + 5, middle, "start"),
            (x - SPACE - 5, middle, "end"),
            (x + SPACE / 2, below, "start"),
            (x - SPACE / 2, below, "end"),
            (x + SPACE / 2, above, "start"),
            (x - SPACE / 2, above, "end"),
        ]
        lx, ly, anchor = labels.place(
            [(_label_box(sx, sy, lines, LABEL, a), (sx, sy, a)) for sx, sy, a in spots],
            _region_box(layout, name),
            owner=(x, y),
        )
        _text(group, lines, lx, ly, text_anchor=anchor, font_size=LABEL)


def _region_box(layout: Layout, name: str) -> Box:
    left, top = layout.regions[layout.continent[name]]
    return (left + 8, top + 8, left + layout.side - 8, top + layout.side - 8)


def _places(svg: ET.Element, pack: Pack, layout: Layout, labels: _Labels) -> None:
    for place in pack.places.values():
        if place.exit_space not in layout.where:
            continue
        x, y = layout.where[place.exit_space]
        lines = _lines_of(place.name)
        lifted = 20 + LINE * PLACE_LABEL * (len(lines) - 1)
        spots = []
        for reach, angle in itertools.product((64, 96), range(-90, 270, 45)):
            px = x + reach * math.cos(math.radians(angle))
            py = y + reach * math.sin(math.radians(angle))
            label = _label_box(px, py - lifted, lines, PLACE_LABEL, "middle")
            box = (min(px - 10, label[0]), label[1], max(px + 10, label[2]), py + 4)
            spots.append((box, (px, py)))
        px, py = labels.place(spots, _region_box(layout, place.exit_space))
        group = element(svg, "g", class_="place", data_place=place.name)
        length = math.dist((px, py), (x, y)) or 1.0
        ex, ey = x + (px - x) / length * (SPACE + 4), y + (py - y) / length * (SPACE + 4)
        labels.avoid(((px, py - 6), (ex, ey)))
        element(group, "line", x1=f"{px:.1f}", y1=f"{py - 6:.1f}", x2=f"{ex:.1f}",
                 y2=f"{ey:.1f}", stroke=PLACE_COLOUR, stroke_width=2,
                 marker_end="url(#arrow)")  # fmt: skip
        element(group, "text", "★", x=f"{px:.1f}", y=f"{py:.1f}", text_anchor="middle",
                 font_size=22, fill=PLACE_COLOUR)  # fmt: skip
        _text(group, lines, px, py - lifted, text_anchor="middle", font_size=PLACE_LABEL,
              font_style="italic", fill="#5a1a9a")  # fmt: skip


def _legend(svg: ET.Element, pack: Pack, top: float) -> None:
    x = 20.0
    for terrain, colour in terrain_colours(pack).items():
        element(svg, "rect", x=f"{x:.1f}", y=f"{top:.1f}", width=16, height=16, fill=colour,
                 stroke="#333")  # fmt: skip
        element(svg, "text", terrain, x=f"{x + 22:.1f}", y=f"{top + 13:.1f}", font_size=LEGEND)
        x += 34 + CHARACTER * LEGEND * len(terrain)
    key = (
        "- - - land route    —— sea route    —→ Cairo: a route to another continent    "
        "■ city    ★ Place of Power"
    )
    element(svg, "text", key, x=f"{x + 10:.1f}", y=f"{top + 13:.1f}", font_size=LEGEND)


def map_svg(pack: Pack, layout: Layout | None = None) -> str:
    """The pack's map as a standalone SVG document (``layout``: :func:`map_layout`'s, if known)."""
    layout = layout or map_layout(pack)
    width, height = layout.width + 20, layout.height + LEGEND_BAND
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": f"{width:.0f}",
                             "height": f"{height:.0f}", "viewBox": f"0 0 {width:.0f} {height:.0f}",
                             "font-family": "serif"})  # fmt: skip
    defs = element(svg, "defs")
    marker = element(defs, "marker", id="arrow", markerWidth=8, markerHeight=8, refX=7, refY=4,
                      orient="auto")  # fmt: skip
    element(marker, "path", d="M0,0 L8,4 L0,8 z", fill=PLACE_COLOUR)
    element(svg, "rect", width=f"{width:.0f}", height=f"{height:.0f}", fill="#fffaf0")
    element(svg, "text", pack.name, x=20, y=28, font_size=22, font_weight="bold")
    whole, stubs = route_drawing(layout)
    lines = np.array(
        [(layout.where[a], layout.where[b]) for _, a, b in whole] + [s.segment for s in stubs]
    ).reshape(-1, 2, 2)
    labels = _Labels(layout, lines)
    labels.take(_label_box(20, 28, [pack.name], 22, "start"))
    for continent, (left, top) in sorted(layout.regions.items()):
        element(svg, "rect", x=f"{left + 6:.1f}", y=f"{top + 6:.1f}", width=layout.side - 12,
                 height=layout.side - 12, rx=18, fill="#f6eedb", stroke="#e4d6b8")  # fmt: skip
        element(svg, "text", continent, x=f"{left + 22:.1f}", y=f"{top + 34:.1f}",
                 font_size=CONTINENT, fill="#7a6a55")  # fmt: skip
        labels.take(_label_box(left + 22, top + 34, [continent], CONTINENT, "start"))
    _routes(svg, whole, stubs, layout.where)
    _places(svg, pack, layout, labels)
    _stub_labels(svg, stubs, labels, (0, 0, width, height - LEGEND_BAND))
    _spaces(svg, pack, layout, labels)
    _legend(svg, pack, height - LEGEND_BAND + 12)
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode")
