"""Tales of Arabia's track drawn for the table display: the spaces in a loop around a
square, numbered clockwise from the start (top left), the named spaces coloured with
their name beside them inside the loop, and a card on each space where one lies.

>>> from companion.games.tales_of_arabia.content.pack import load_pack
>>> from companion.framework.packs import shipped_pack
>>> board = load_pack(shipped_pack("tales-of-arabia")).board
>>> where = track_places(board.spaces)
>>> len(where), where[1], where[2][0] > where[1][0]
(36, (56.0, 56.0), True)
>>> 'data-space="19"' in track_svg(board, {19: "the Magic Lamp"})
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from companion.framework.svg import element
from companion.games.tales_of_arabia.content.pack import Board

CELL = 64.0
"""A space's square, with the gap between squares, in SVG units (one pixel on a phone)."""
MARGIN = 24.0
NUMBER = 16
LABEL = 14
EMPTY, NAMED, START = "#fbf4e4", "#f2d16b", "#e9a23b"


def track_places(spaces: int) -> dict[int, tuple[float, float]]:
    """Where each space's centre is: clockwise round a square from its top-left corner."""
    side = math.ceil(spaces / 4)
    corners = [(column, 0) for column in range(side)]
    corners += [(side, row) for row in range(side)]
    corners += [(side - column, side) for column in range(side)]
    corners += [(0, side - row) for row in range(side)]
    return {
        number: (MARGIN + CELL * (column + 0.5), MARGIN + CELL * (row + 0.5))
        for number, (column, row) in enumerate(corners[:spaces], start=1)
    }


def track_svg(board: Board, cards: dict[int, str]) -> str:
    """The track as a standalone SVG document, ``cards`` lying on their spaces."""
    where = track_places(board.spaces)
    side = math.ceil(board.spaces / 4) + 1
    size = 2 * MARGIN + CELL * side
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": f"{size:.0f}",
                             "height": f"{size:.0f}", "viewBox": f"0 0 {size:.0f} {size:.0f}",
                             "font-family": "serif"})  # fmt: skip
    element(svg, "rect", width=f"{size:.0f}", height=f"{size:.0f}", fill="#fffaf0")
    low, high = MARGIN + CELL / 2, MARGIN + CELL * (side - 0.5)
    for number, (x, y) in where.items():
        special = board.special_at(number)
        group = element(svg, "g", class_="space", data_space=str(number))
        fill = START if number == board.start else NAMED if special else EMPTY
        element(group, "rect", x=f"{x - CELL / 2 + 3:.1f}", y=f"{y - CELL / 2 + 3:.1f}",
                width=CELL - 6, height=CELL - 6, rx=8, fill=fill, stroke="#6b4f2a",
                stroke_width=1.5)  # fmt: skip
        element(group, "text", str(number), x=f"{x:.1f}", y=f"{y + 18:.1f}",
                text_anchor="middle", font_size=NUMBER, font_weight="bold")  # fmt: skip
        if number in cards:
            card = element(group, "g", class_="card")
            element(card, "rect", x=f"{x + 6:.1f}", y=f"{y - 26:.1f}", width=16, height=22,
                    rx=3, fill="#2a6fa8", stroke="#fff", stroke_width=1.5)  # fmt: skip
            element(card, "title", cards[number])
    for special in board.special:  # over the squares, inside the loop beside their own
        if special.number not in where:
            continue
        x, y = where[special.number]
        dx = (x == low) - (x == high)
        dy = (y == low) - (y == high)
        anchor = "start" if dx > 0 else "end" if dx < 0 else "middle"
        reach = 0.58 * CELL if dx and dy else 0.62 * CELL
        element(svg, "text", special.name, x=f"{x + dx * reach:.1f}",
                y=f"{y + dy * reach + 5:.1f}", text_anchor=anchor, font_size=LABEL,
                font_style="italic", fill="#5a3a12", class_="space-name")  # fmt: skip
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode")
