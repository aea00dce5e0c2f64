"""Walking distances to a set of places, round rivers and lakes.

A straight line to an objective leads the computer's units to the near bank
of a river and leaves them there.  This lays a grid of one-inch cells over
the table, marks what no unit walks through (rivers and lakes, except where
a bridge or a ford crosses) and what slows every unit (marsh and woods), and
spreads distances out from the goals (Dijkstra, eight neighbours).  The
field depends only on the scenario's terrain and the goals, so it is built
once and shared by every copy of a game the computer looks ahead with.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

import numpy as np
import shapely

from desktop.scenario.geometry import shape_area
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import TerrainType

Point = tuple[float, float]

#: Cell size in inches.
CELL = 1.0
#: Ground no unit crosses, save at a crossing.
BARRIERS = frozenset({TerrainType.RIVER, TerrainType.LAKE})
CROSSINGS = frozenset({TerrainType.BRIDGE, TerrainType.FORD})
#: Ground that costs more to cross (a cost of 2: twice the distance).
SLOW = frozenset({TerrainType.MARSH, TerrainType.WOOD})
SLOW_COST = 2.0
STEPS = [(dx, dy, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


class GoalField:
    """Walking distance (inches) from any point of the table to the nearest goal."""

    def __init__(self, scenario: Scenario, goals: Sequence[Point]) -> None:
        t = scenario.table
        self.cols = max(1, math.ceil(t.width / CELL))
        self.rows = max(1, math.ceil(t.depth / CELL))
        # The walk reads and writes one cell at a time: plain lists of floats are
        # several times quicker at that than numpy arrays, with the same arithmetic.
        cost: list[list[float]] = _costs(scenario, self.cols, self.rows).tolist()
        dist: list[list[float]] = [[math.inf] * self.cols for _ in range(self.rows)]
        queue: list[tuple[float, int, int]] = []
        for gx, gy in goals:
            c, r = self._cell(gx, gy)
            if dist[r][c] > 0.0:
                dist[r][c] = 0.0
                queue.append((0.0, c, r))
        heapq.heapify(queue)
        cols, rows = self.cols, self.rows
        while queue:
            d, c, r = heapq.heappop(queue)
            if d > dist[r][c]:
                continue
            here = cost[r][c]
            for dx, dy, step in STEPS:
                nc, nr = c + dx, r + dy
                if 0 <= nc < cols and 0 <= nr < rows:
                    k = cost[nr][nc]
                    if k == math.inf:
                        continue
                    nd = d + step * CELL * (k + here) / 2
                    if nd < dist[nr][nc]:
                        dist[nr][nc] = nd
                        heapq.heappush(queue, (nd, nc, nr))
        self.dist = np.array(dist)
        #: The same distances as plain lists: read one cell at a time, a list is
        #: several times quicker than a numpy array.
        self._rows: list[list[float]] = dist

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        c = min(self.cols - 1, max(0, int(x / CELL)))
        r = min(self.rows - 1, max(0, int(y / CELL)))
        return c, r

    def distance(self, p: Point) -> float:
        """Walking distance from `p` to the nearest goal (inf if none can be reached).

        A piece on a cell that counts as river (on the bank, or on the bridge's
        edge) takes the best of the cells around it."""
        c, r = self._cell(*p)
        d = float(self.dist[r, c])
        if math.isfinite(d):
            return d
        near = self.dist[max(0, r - 1):r + 2, max(0, c - 1):c + 2]
        return float(near.min()) + CELL

    def distances(self, points: Sequence[Point]) -> list[float]:
        """`distance` of each point (the score asks for every piece at once)."""
        rows, last_c, last_r = self._rows, self.cols - 1, self.rows - 1
        out: list[float] = []
        for x, y in points:
            c = int(x / CELL)
            r = int(y / CELL)
            c = 0 if c < 0 else last_c if c > last_c else c
            r = 0 if r < 0 else last_r if r > last_r else r
            d = rows[r][c]
            out.append(d if d < math.inf else self.distance((x, y)))
        return out

    def downhill(self, p: Point, length: float) -> Point:
        """Where a walk of `length` inches from `p` ends, cell by cell towards the
        nearest goal (round the water, not straight at it); it stops at a goal or
        where no cell around is nearer."""
        x, y = p
        c, r = self._cell(x, y)
        here = self._rows[r][c]
        left = length
        while left > 1e-9:
            best: tuple[float, int, int] | None = None
            for dx, dy, _ in STEPS:
                nc, nr = c + dx, r + dy
                if 0 <= nc < self.cols and 0 <= nr < self.rows:
                    d = self._rows[nr][nc]
                    if d < here and (best is None or d < best[0]):
                        best = (d, nc, nr)
            if best is None:
                break
            here, c, r = best
            tx, ty = (c + 0.5) * CELL, (r + 0.5) * CELL
            seg = math.hypot(tx - x, ty - y)
            if seg >= left:
                return (x + (tx - x) / seg * left, y + (ty - y) / seg * left)
            x, y, left = tx, ty, left - seg
        return (x, y)


def _costs(scenario: Scenario, cols: int, rows: int) -> np.ndarray:
    xs = (np.arange(cols) + 0.5) * CELL
    ys = (np.arange(rows) + 0.5) * CELL
    gx, gy = np.meshgrid(xs, ys)
    cost = np.ones((rows, cols))
    blocked = np.zeros((rows, cols), dtype=bool)
    crossing = np.zeros((rows, cols), dtype=bool)
    for f in scenario.terrain:
        if f.type not in BARRIERS | CROSSINGS | SLOW:
            continue
        area = shape_area(f.shape)
        if f.type in CROSSINGS:
            area = area.buffer(CELL / 2)  # a narrow bridge still joins its banks
        inside = shapely.contains_xy(area, gx, gy)
        if f.type in BARRIERS:
            blocked |= inside
        elif f.type in CROSSINGS:
            crossing |= inside
        else:
            cost[inside] = np.maximum(cost[inside], SLOW_COST)
    cost[blocked & ~crossing] = math.inf
    return cost


#: Fields built, keyed by what they are made of (the table's size, the terrain
#: that blocks or slows, the goals), not by the scenario object: a balance
#: report's pool hands each game its own copy of the scenario, and building a
#: field walks the whole grid (a tenth of a second or more).
_FIELDS: dict[tuple[object, ...], GoalField] = {}
_MAX_FIELDS = 32


def field_key(scenario: Scenario, goals: Sequence[Point]) -> tuple[object, ...]:
    """What a goal field depends on: equal keys make equal fields."""
    t = scenario.table
    ground = tuple((f.type, f.shape) for f in scenario.terrain
                   if f.type in BARRIERS | CROSSINGS | SLOW)
    return (t.width, t.depth, ground, tuple(goals))


def goal_field(scenario: Scenario, goals: Sequence[Point]) -> GoalField:
    """The field of walking distances to `goals`, built once for equal terrain."""
    key = field_key(scenario, goals)
    found = _FIELDS.get(key)
    if found is not None:
        return found
    if len(_FIELDS) >= _MAX_FIELDS:
        _FIELDS.pop(next(iter(_FIELDS)))
    field = _FIELDS[key] = GoalField(scenario, goals)
    return field
