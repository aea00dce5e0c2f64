"""The square grid over the table: names, distances, terrain per square, sight.

Squares are ``(col, row)`` pairs counted from the grid origin (the table's
top-left corner by default); their names read like a chessboard turned to
the screen: a column letter (``a``, ``b``, ... ``z``, ``aa``...) and a row
number from 1 at the top, so ``c2`` is the third column, second row.
Steps are orthogonal; ranges count the way a king moves (RULINGS).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from shapely.geometry import LineString, box
from shapely.geometry.base import BaseGeometry

from desktop.rules.tactical import constants as C
from desktop.scenario.model import Point, Scenario, column_name
from desktop.scenario.vocabulary import TerrainType
from desktop.table.terrain import TerrainIndex

Square = tuple[int, int]

#: Orthogonal steps, in the order north, east, south, west.
STEPS: tuple[Square, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The compass bearing of each step.
STEP_BEARING: dict[Square, float] = {(0, -1): 0.0, (1, 0): 90.0, (0, 1): 180.0, (-1, 0): 270.0}

_NAME = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


#: The column part of a square's name (one naming for rules, window and map).
col_name = column_name


#: Square names already written (the action lists name thousands a game).
_NAMES: dict[Square, str] = {}
_NOTHING_CROSSED: frozenset[TerrainType] = frozenset()


def square_name(sq: Square) -> str:
    got = _NAMES.get(sq)
    if got is None:
        got = f"{col_name(sq[0])}{sq[1] + 1}"
        if len(_NAMES) < 1_000_000:
            _NAMES[sq] = got
    return got


def parse_square(text: str) -> Square | None:
    m = _NAME.match(text)
    if m is None:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + (ord(ch) - ord("a") + 1)
    return (col - 1, int(m.group(2)) - 1)


def king_distance(a: Square, b: Square) -> int:
    """Range in squares: diagonal steps count one (RULINGS)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def orthogonal(a: Square, b: Square) -> bool:
    """True when the squares share a side (close combat needs this)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def step_between(a: Square, b: Square) -> Square:
    return (b[0] - a[0], b[1] - a[1])


def add(a: Square, d: Square) -> Square:
    return (a[0] + d[0], a[1] + d[1])


@dataclass(frozen=True)
class SquareTerrain:
    """What one square holds: its area terrain and the linear features in it."""

    area: str
    height: float
    roads: frozenset[str]
    water: bool
    crossing: bool
    barrier: bool


class _SquaresRead(dict[Square, SquareTerrain]):
    """The terrain of each square, read when first asked for.

    A 480-inch table of 1-inch squares has 230,400 squares; reading them all
    before the first move took over 100 s (issue 15 fuzz). A game looks at the
    squares near its units, a few hundred.
    """

    def __init__(self, board: Board) -> None:
        super().__init__()
        self._board = board

    def __missing__(self, sq: Square) -> SquareTerrain:
        if not self._board.on_board(sq):
            raise KeyError(sq)
        terrain = self[sq] = self._board._read(sq)
        return terrain


class Board:
    """The grid of one scenario, with terrain read once per square."""

    def __init__(self, scenario: Scenario) -> None:
        grid = scenario.table.grid
        self.size = grid.square if grid is not None else 6.0
        self.origin: Point = grid.origin if grid is not None else (0.0, 0.0)
        ox, oy = self.origin
        self.cols = max(1, math.floor((scenario.table.width - ox) / self.size + 1e-9))
        self.rows = max(1, math.floor((scenario.table.depth - oy) / self.size + 1e-9))
        self.index = TerrainIndex(scenario)
        #: The boxes of the features a step or a line may cross (rivers, streams,
        #: fences and walls): a line whose box meets none of them crosses nothing.
        self._linear_boxes = [tuple(b) for b, t in zip(self.index.bounds.tolist(),
                                                       self.index.types, strict=True)
                              if t in C.WATER | C.BARRIERS]
        self.terrain: dict[Square, SquareTerrain] = _SquaresRead(self)
        self._steps: dict[tuple[Square, Square], frozenset[TerrainType]] = {}
        self._between: dict[tuple[Square, Square], tuple[Square, ...]] = {}
        self._roads: dict[tuple[Square, Square], bool] = {}
        self._polygons: dict[tuple[Square, float], BaseGeometry] = {}
        self._neighbours: dict[Square, tuple[Square, ...]] = {}
        #: Answers the engine works out from the ground alone (or the ground and
        #: the pieces near a square, named in the key): kept with the board, so
        #: every game and look-ahead copy on this scenario shares them.
        self.memo: dict[Any, Any] = {}

    # -- coordinates -----------------------------------------------------------------

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def square_of(self, p: Point) -> Square:
        """The square holding a point, clamped onto the board."""
        c = math.floor((p[0] - self.origin[0]) / self.size)
        r = math.floor((p[1] - self.origin[1]) / self.size)
        return (min(max(c, 0), self.cols - 1), min(max(r, 0), self.rows - 1))

    def centre(self, sq: Square) -> Point:
        return (self.origin[0] + (sq[0] + 0.5) * self.size,
                self.origin[1] + (sq[1] + 0.5) * self.size)

    def polygon(self, sq: Square, shrink: float = 0.0) -> BaseGeometry:
        """The square's outline (built once: shapes are immutable)."""
        key = (sq, shrink)
        got = self._polygons.get(key)
        if got is None:
            x0 = self.origin[0] + sq[0] * self.size + shrink
            y0 = self.origin[1] + sq[1] * self.size + shrink
            got = box(x0, y0, x0 + self.size - 2 * shrink, y0 + self.size - 2 * shrink)
            self._polygons[key] = got
        return got

    def squares(self) -> list[Square]:
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]

    def neighbours(self, sq: Square) -> tuple[Square, ...]:
        """The squares sharing a side with `sq`, in the order of :data:`STEPS`."""
        got = self._neighbours.get(sq)
        if got is None:
            got = tuple(n for n in (add(sq, d) for d in STEPS) if self.on_board(n))
            self._neighbours[sq] = got
        return got

    def around(self, sq: Square) -> tuple[Square, ...]:
        """The up to eight squares a king's step from `sq` (built once per square)."""
        key = ("around", sq)
        got: tuple[Square, ...] | None = self.memo.get(key)
        if got is None:
            c, r = sq
            got = self.memo[key] = tuple(
                (c + dc, r + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dc or dr) and self.on_board((c + dc, r + dr)))
        return got

    # -- terrain ----------------------------------------------------------------------

    def _read(self, sq: Square) -> SquareTerrain:
        poly = self.polygon(sq)
        best, share = C.OPEN, 0.0
        for name, types in C.AREA_GROUPS.items():
            f = self.index.fraction_in(poly, types)
            if f > share:
                best, share = name, f
        area = best if share > C.TERRAIN_MAJORITY else C.OPEN
        height = 0.0
        if area == C.HILL:
            for i in self.index.indices_overlapping(poly):
                if self.index.types[i] in C.AREA_GROUPS[C.HILL]:
                    h = self.index.features[i].prop("height")
                    height = max(height, float(h) if isinstance(h, (int, float)) else 1.0)
        roads: set[str] = set()
        water = crossing = barrier = False
        for i in self.index.indices_overlapping(poly, C.LINEAR_MIN_AREA):
            t = self.index.types[i]
            if t is TerrainType.ROAD:
                roads.add(self.index.features[i].id)
            elif t in C.WATER:
                water = True
            elif t in C.CROSSINGS:
                crossing = True
            elif t in C.BARRIERS:
                barrier = True
        return SquareTerrain(area, height, frozenset(roads), water, crossing, barrier)

    def area(self, sq: Square) -> str:
        return self.terrain[sq].area

    def crossed(self, a: Square, b: Square) -> frozenset[TerrainType]:
        """Linear features a step (or a line of fire) from a to b crosses."""
        key = (a, b) if a <= b else (b, a)
        got = self._steps.get(key)
        if got is None:
            (ax, ay), (bx, by) = self.centre(a), self.centre(b)
            x0, x1 = (ax, bx) if ax <= bx else (bx, ax)
            y0, y1 = (ay, by) if ay <= by else (by, ay)
            if not any(fx0 <= x1 and fx1 >= x0 and fy0 <= y1 and fy1 >= y0
                       for fx0, fy0, fx1, fy1 in self._linear_boxes):
                got = _NOTHING_CROSSED
            else:
                line = LineString([(ax, ay), (bx, by)])
                got = frozenset(self.index.types[i]
                                for i in self.index.indices_overlapping(line)
                                if self.index.types[i] in C.WATER | C.BARRIERS)
            self._steps[key] = got
        return got

    def on_road(self, a: Square, b: Square) -> bool:
        """A step follows a road when one road runs through both squares and their shared side."""
        common = self.terrain[a].roads & self.terrain[b].roads
        if not common:
            return False
        key = (a, b) if a <= b else (b, a)
        got = self._roads.get(key)
        if got is None:
            edge = self._shared_edge(a, b)
            got = any(self.index.areas[self.index.by_id[fid]].intersection(edge).length > 0.01
                      for fid in common)
            self._roads[key] = got
        return got

    def _shared_edge(self, a: Square, b: Square) -> LineString:
        ax, ay = self.centre(a)
        bx, by = self.centre(b)
        mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
        h = self.size / 2.0
        if ay == by:
            return LineString([(mx, my - h), (mx, my + h)])
        return LineString([(mx - h, my), (mx + h, my)])

    def water_crossing_ok(self, a: Square, b: Square) -> bool:
        """Rivers and streams are crossed only where a bridge, ford (or road) is."""
        if not (self.crossed(a, b) & C.WATER):
            return True
        ta, tb = self.terrain[a], self.terrain[b]
        return ta.crossing or tb.crossing or self.on_road(a, b)

    def barrier_between(self, a: Square, b: Square) -> bool:
        return bool(self.crossed(a, b) & C.BARRIERS)

    # -- sight -------------------------------------------------------------------------

    def between(self, a: Square, b: Square) -> tuple[Square, ...]:
        """The squares a line from a's centre to b's centre passes through, ends
        excluded; a square the line only grazes at a corner is not passed through."""
        key = (a, b)
        got = self._between.get(key)
        if got is None:
            out: list[Square] = []
            for c in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
                for r in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
                    sq = (c, r)
                    if sq in (a, b):
                        continue
                    if crosses_inside(a, b, sq):
                        out.append(sq)
            out.sort(key=lambda s: king_distance(a, s))
            got = tuple(out)
            self._between[key] = got
        return got

    def sight_barrier(self, a: Square, b: Square) -> bool:
        return bool(self.crossed(a, b) & C.SIGHT_BARRIERS)


def _open_span(lo: int, start: int, delta: int, scale: int) -> tuple[int, int] | None:
    """The open range of t (times `scale`, a multiple of `delta`) where
    start + t * delta lies strictly between lo and lo + 2 (None: never; the
    whole line when delta is 0 and it lies there)."""
    if delta == 0:
        return (-scale, 2 * scale) if lo < start < lo + 2 else None
    k = scale // delta
    t0, t1 = (lo - start) * k, (lo + 2 - start) * k
    return (t0, t1) if t0 < t1 else (t1, t0)


def crosses_inside(a: Square, b: Square, sq: Square) -> bool:
    """True when the line between the centres of a and b runs through the inside of
    `sq` for some length (a line that only touches a corner does not).  Exact, in
    half-squares: centres sit at odd coordinates, square sides at even ones, so a
    line between centres never runs along a side."""
    ax, ay, bx, by = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1
    dx, dy = bx - ax, by - ay
    scale = max(abs(dx), 1) * max(abs(dy), 1)
    sx = _open_span(2 * sq[0], ax, dx, scale)
    sy = _open_span(2 * sq[1], ay, dy, scale)
    if sx is None or sy is None:
        return False
    return max(sx[0], sy[0], 0) < min(sx[1], sy[1], scale)
