"""Where each space of a pack is drawn on its map: a pack gives no coordinates.

Each continent gets a square region of a grid, placed so that continents joined by many
routes are neighbours (every arrangement is tried when the grid is small). Inside its
region, a continent's spaces are spread by a force layout (routes pull, spaces push apart;
a route to another continent pulls its space towards that side) from a few starts, the
start that ends untangled best is kept, and then each space in turn moves to the point of
its region where it crosses fewest routes, lies on no route it does not join and keeps its
distance from the others. Routes between continents count for less: where one would
cross the map, the drawing shows it as two short marked stubs
(:mod:`~companion.games.arabian_nights.board_map`).

The geometry is numpy's: every pair of routes is tested at once, which is what makes
trying every point for every space affordable on a Raspberry Pi (shapely, tried first,
took 3.7 ms where this takes 0.29 ms to test the demo book's 61 routes pairwise).

>>> from companion.games.arabian_nights.content.loader import load_pack
>>> layout = map_layout(load_pack("content/demo"))
>>> len(layout.where), layout.width > layout.height
(41, True)
>>> layout.crossings(within_continents=True) <= 2  # 36 on rings, as the layout starts
True
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from companion.games.arabian_nights.content.pack import Pack

REGION = 440.0
"""Width and height of one continent's region, in SVG units, at the least: a region is
wider where its continent has more spaces than about a dozen (see :func:`region_side`)."""
TOP = 40.0
"""The band above the regions, for the pack's name."""
INSET = 60.0
"""How far a space stays from its region's sides (its label needs the room)."""
TITLE_BAND = 30.0
"""Room for the continent's name at the top of its region."""
SPRING = 90.0
"""The distance the force layout aims for between spaces joined by a route."""
SPACE = 17.0
"""A space's radius on the map: a route closer than this to a space seems to visit it."""
CLEAR = SPACE + 9
"""A route that passes closer than this to a space's centre seems to visit it."""
ROOM = 84.0
"""Spaces of a continent closer than this crowd each other's labels."""
APART = 2 * SPACE + 16
"""Spaces of a continent are never closer than this."""
GRID_STEPS = 18
"""A space may move to the points of a grid this many steps across its region while
untangling (24 units apart in a region of the least size)."""
ROUNDS = 240
STARTS = 6
PASSES = 4
MOST_ARRANGEMENTS = 50_000
"""Above this many, continents are arranged by swapping pairs instead of trying all."""
ACROSS_WEIGHT = 0.3
"""What a crossing by a route between continents costs, against one inside a continent:
such a route can be drawn as two stubs instead."""

Route = tuple[str, str, str]
"""(kind, one space, the other): "land" or "sea", the two names in order."""


def routes_of(pack: Pack) -> list[Route]:
    """Every route of the pack once, land and sea, between spaces that exist."""
    found: set[Route] = set()
    for name, space in pack.spaces.items():
        for kind, others in (("land", space.land), ("sea", space.sea)):
            for other in others:
                if other in pack.spaces and other != name:
                    first, second = sorted((name, other))
                    found.add((kind, first, second))
    return sorted(found)


@dataclass(frozen=True)
class Layout:
    """A map's arrangement: each continent's region and each space's point."""

    regions: dict[str, tuple[float, float]]
    """The top-left corner of each continent's region."""
    where: dict[str, tuple[float, float]]
    continent: dict[str, str]
    """Each space's continent."""
    routes: tuple[Route, ...]
    across: frozenset[Route]
    """The routes between two continents."""
    width: float
    height: float
    side: float
    """The width and height of each region."""

    def crossings(self, within_continents: bool = False) -> int:
        """Pairs of routes, drawn straight, that cross away from their ends (only routes
        inside a continent when ``within_continents``)."""
        routes = [r for r in self.routes if not (within_continents and r in self.across)]
        segments = np.array([(self.where[a], self.where[b]) for _, a, b in routes], dtype=float)
        return crossing_pairs(segments.reshape(-1, 2, 2))


def crossing_pairs(segments: np.ndarray, others: np.ndarray | None = None) -> int:
    """How many pairs of segments (``(n, 2, 2)`` arrays of end points) cross away from
    their ends; between ``segments`` and ``others`` when given, else among ``segments``.

    >>> crossing_pairs(np.array([[[0, 0], [2, 2]], [[0, 2], [2, 0]], [[2, 2], [3, 0]]]))
    1
    """
    if others is None:
        return int(np.triu(crossing(segments, segments), 1).sum())
    return int(crossing(segments, others).sum())


def crossing(segments: np.ndarray, others: np.ndarray) -> np.ndarray:
    """A boolean matrix: whether each of ``segments`` crosses each of ``others`` (sharing
    an end, or only touching, is no crossing)."""
    p1, p2 = segments[:, None, 0], segments[:, None, 1]
    q1, q2 = others[None, :, 0], others[None, :, 1]
    return (_turn(q1, q2, p1) * _turn(q1, q2, p2) < 0) & (_turn(p1, p2, q1) * _turn(p1, p2, q2) < 0)


def _turn(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Which side of a→b each c lies on (the sign), for broadcast arrays of points."""
    return (b[..., 0] - a[..., 0]) * (c[..., 1] - a[..., 1]) - (b[..., 1] - a[..., 1]) * (
        c[..., 0] - a[..., 0]
    )


def distances(points: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """The distance from each point (``(n, 2)``) to each segment (``(m, 2, 2)``).

    >>> distances(np.array([[1.0, 1.0]]), np.array([[[0.0, 0.0], [2.0, 0.0]]]))
    array([[1.]])
    """
    start, end = segments[None, :, 0], segments[None, :, 1]
    along = end - start
    length = np.maximum((along**2).sum(axis=2), 1e-9)
    share = np.clip(((points[:, None] - start) * along).sum(axis=2) / length, 0.0, 1.0)
    return np.linalg.norm(points[:, None] - (start + share[..., None] * along), axis=2)


def map_layout(pack: Pack) -> Layout:
    """The pack's map arranged (see the module's docstring)."""
    cells, columns, rows = continent_cells(pack)
    side = region_side(pack)
    regions = {c: (col * side, TOP + row * side) for c, (col, row) in cells.items()}
    routes = tuple(routes_of(pack))
    names = list(pack.spaces)
    board = _Board(pack, names, regions, routes, side)
    best = min((board.spread(start) for start in board.starts()), key=board.cost)
    where = board.untangle(best)
    across = frozenset(
        r for r in routes if pack.spaces[r[1]].continent != pack.spaces[r[2]].continent
    )
    return Layout(
        regions,
        {
            name: (round(float(x), 1), round(float(y), 1))
            for name, (x, y) in zip(names, where, strict=True)
        },
        {name: space.continent for name, space in pack.spaces.items()},
        routes,
        across,
        columns * side,
        TOP + rows * side,
        side,
    )


def region_side(pack: Pack) -> float:
    """How wide and high each continent's region is: room for the most crowded continent's
    spaces, each with its label (about :data:`ROOM` apart), and never less than
    :data:`REGION`.

    >>> from companion.games.arabian_nights.content.loader import load_pack
    >>> region_side(load_pack("content/demo"))  # 11 spaces in Arabia
    468.0
    """
    most = max(Counter(space.continent for space in pack.spaces.values()).values())
    return max(REGION, float(round(2 * INSET + 1.25 * ROOM * math.sqrt(most))))


def continent_cells(pack: Pack) -> tuple[dict[str, tuple[int, int]], int, int]:
    """Each continent's cell (column, row) in a grid, placed so that the routes between
    continents are as short as they can be, and the grid's columns and rows.

    >>> from companion.games.arabian_nights.content.loader import load_pack
    >>> cells, columns, rows = continent_cells(load_pack("content/demo"))
    >>> columns, rows, cells["Arabia"]
    (3, 2, (1, 0))
    """
    continents = sorted({space.continent for space in pack.spaces.values()})
    columns = math.ceil(math.sqrt(len(continents)))
    rows = math.ceil(len(continents) / columns)
    joined = Counter(
        tuple(sorted((pack.spaces[a].continent, pack.spaces[b].continent)))
        for _, a, b in routes_of(pack)
        if pack.spaces[a].continent != pack.spaces[b].continent
    )
    grid = [(col, row) for row in range(rows) for col in range(columns)]

    def cost(cells: dict[str, tuple[int, int]]) -> float:
        return sum(count * math.dist(cells[a], cells[b]) for (a, b), count in joined.items())

    if math.perm(len(grid), len(continents)) <= MOST_ARRANGEMENTS:
        arrangements = (
            dict(zip(continents, cells, strict=True))
            for cells in itertools.permutations(grid, len(continents))
        )
        return min(arrangements, key=cost), columns, rows
    cells = dict(zip(continents, grid, strict=False))
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(continents, 2):
            swapped = {**cells, a: cells[b], b: cells[a]}
            if cost(swapped) < cost(cells):
                cells, improved = swapped, True
    return cells, columns, rows


class _Board:
    """The force layout and the untangling of one pack's spaces, as numpy arrays."""

    def __init__(
        self,
        pack: Pack,
        names: list[str],
        regions: dict[str, tuple[float, float]],
        routes: tuple[Route, ...],
        side: float,
    ) -> None:
        self.pack, self.names, self.grid = pack, names, side / GRID_STEPS
        index = {name: i for i, name in enumerate(names)}
        self.ends = np.array([(index[a], index[b]) for _, a, b in routes], dtype=int).reshape(-1, 2)
        continents = [pack.spaces[name].continent for name in names]
        self.continent = np.array([sorted(set(continents)).index(c) for c in continents])
        across = self.continent[self.ends[:, 0]] != self.continent[self.ends[:, 1]]
        self.weight = np.where(across, ACROSS_WEIGHT, 1.0)
        corners = np.array([regions[c] for c in continents]).reshape(-1, 2)
        self.low = corners + np.array((INSET, INSET + TITLE_BAND))
        self.high = corners + np.array((side - INSET, side - INSET))
        self.same = self.continent[:, None] == self.continent[None, :]
        np.fill_diagonal(self.same, False)

    def starts(self) -> list[np.ndarray]:
        """Where the layout starts: each continent's spaces on a ring in the order of a
        walk along its routes, then a few seeded scatterings."""
        ring = np.zeros((len(self.names), 2))
        for members in self._members():
            order = _walk(self.pack, [self.names[i] for i in members])
            for step, name in enumerate(order):
                i = self.names.index(name)
                angle = 2 * math.pi * step / len(order) - math.pi / 2
                centre = (self.low[i] + self.high[i]) / 2
                radius = 0.4 * (self.high[i] - self.low[i]) if len(order) > 1 else 0
                ring[i] = centre + radius * np.array((math.cos(angle), math.sin(angle)))
        scattered = [
            self.low + np.random.default_rng(seed).random(ring.shape) * (self.high - self.low)
            for seed in range(STARTS - 1)
        ]
        return [ring, *scattered]

    def _members(self) -> list[list[int]]:
        return [list(np.flatnonzero(self.continent == c)) for c in np.unique(self.continent)]

    def spread(self, start: np.ndarray) -> np.ndarray:
        """A force layout from ``start``: routes pull their spaces together (a route to
        another continent pulls towards that side), spaces of a continent push apart, and
        every space stays inside its region."""
        where = start.copy()
        a, b = self.ends[:, 0], self.ends[:, 1]
        members = self._members()
        for round_ in range(ROUNDS):
            heat = 30 * (1 - round_ / ROUNDS) + 1
            move = np.zeros_like(where)
            for inside in members:  # spaces push apart within their continent only
                apart = where[inside, None, :] - where[None, inside, :]
                distance = np.maximum(np.linalg.norm(apart, axis=2), 1.0)
                move[inside] = (apart / distance[..., None] ** 2 * SPRING**2).sum(axis=1)
            along = where[a] - where[b]
            length = np.maximum(np.linalg.norm(along, axis=1), 1.0)
            pull = along / length[:, None] * (length**2 / SPRING / 3)[:, None]
            np.add.at(move, a, -pull)
            np.add.at(move, b, pull)
            size = np.maximum(np.linalg.norm(move, axis=1), 1e-9)
            where = np.clip(where + move / size[:, None] * np.minimum(size, heat)[:, None],
                            self.low, self.high)  # fmt: skip
        return where

    def cost(self, where: np.ndarray) -> float:
        """Lower is better: routes that cross (those between continents count for less),
        routes over a space they do not join, spaces crowding each other, and, far behind,
        the routes' length."""
        segments = where[self.ends]
        crossed = np.triu(crossing(segments, segments) * np.outer(self.weight, self.weight), 1)
        near = distances(where, segments) < CLEAR
        near[self.ends.T, np.arange(len(self.ends))] = False
        gaps = np.linalg.norm(where[:, None] - where[None], axis=2)
        crowding = np.triu(np.clip(1 - gaps / ROOM, 0, None) * self.same, 1)
        length = np.linalg.norm(segments[:, 0] - segments[:, 1], axis=1) @ self.weight
        return float(2 * crossed.sum() + 4 * near.sum() + 2 * crowding.sum() + length / 2000)

    def costs_at(self, where: np.ndarray, i: int, points: np.ndarray) -> np.ndarray:
        """What space ``i`` would add to :meth:`cost` at each of ``points``: the terms of
        the routes that join it and of the space itself."""
        trouble, length = self._terms(where, i, points)
        return trouble + length / 2000

    def _terms(
        self, where: np.ndarray, i: int, points: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`costs_at`'s terms: the trouble (crossings, routes over spaces, crowding)
        and the length of the routes that join space ``i``, at each of ``points``."""
        segments = where[self.ends]
        mine = (self.ends == i).any(axis=1)
        others, kept = segments[~mine], self.weight[~mine]
        ends = self.ends[mine]
        moved = np.repeat(segments[mine][None], len(points), axis=0)  # (points, routes, 2, 2)
        moved[:, np.arange(len(ends)), (ends[:, 1] == i).astype(int)] = points[:, None, :]
        flat = moved.reshape(-1, 2, 2)
        crossed = (crossing(flat, others) @ kept).reshape(len(points), -1) @ self.weight[mine]
        neighbours = np.flatnonzero(self.same[i])  # other continents' spaces are far off
        near = distances(where[neighbours], flat).reshape(len(neighbours), len(points), len(ends))
        joins = (neighbours[:, None, None] == ends[None]).any(axis=2)
        near = ((near < CLEAR) & ~joins[:, None, :]).sum(axis=(0, 2))
        over = (distances(points, others) < CLEAR).sum(axis=1)
        gaps = np.linalg.norm(points[:, None] - where[self.same[i]][None], axis=2)
        crowding = np.clip(1 - gaps / ROOM, 0, None).sum(axis=1)
        crowding[(gaps < APART).any(axis=1)] = np.inf  # never on top of another space
        length = np.linalg.norm(moved[:, :, 0] - moved[:, :, 1], axis=2) @ self.weight[mine]
        return 2 * crossed + 4 * (near + over) + 2 * crowding, length

    def untangle(self, where: np.ndarray) -> np.ndarray:
        """Move each space that crosses a route, lies on one or crowds another in turn to
        the point of its region's grid where it adds least to :meth:`cost`, while that
        lowers it."""
        where = where.copy()
        for _ in range(PASSES):
            moved = False
            for i in range(len(self.names)):
                if not self._terms(where, i, where[i : i + 1])[0][0]:
                    continue  # no trouble here: only a shorter route could be gained
                points = self._points(i)
                costs = self.costs_at(where, i, points)
                here = self.costs_at(where, i, where[i : i + 1])[0]
                best = int(np.argmin(costs))
                if costs[best] < here - 1e-6:
                    where[i], moved = points[best], True
            if not moved:
                break
        return where

    def _points(self, i: int) -> np.ndarray:
        xs = np.arange(self.low[i][0], self.high[i][0] + 1, self.grid)
        ys = np.arange(self.low[i][1], self.high[i][1] + 1, self.grid)
        return np.array(list(itertools.product(xs, ys)))


def _walk(pack: Pack, names: list[str]) -> list[str]:
    """``names`` in breadth-first order along their routes from the best-connected one."""
    inside = set(names)

    def neighbours(name: str) -> list[str]:
        space = pack.spaces[name]
        return [other for other in (*space.land, *space.sea) if other in inside]

    order: list[str] = []
    for start in sorted(names, key=lambda name: (-len(neighbours(name)), name)):
        if start in order:
            continue
        queue = [start]
        order.append(start)
        while queue:
            for other in neighbours(queue.pop(0)):
                if other not in order:
                    order.append(other)
                    queue.append(other)
    return order
