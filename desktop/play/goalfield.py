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

    def __init__(self, scenario: Scenario, goals: Sequence[Point],
                 cell: float | None = None) -> None:
        t = scenario.table
        #: The side of a cell (inches): CELL, larger only on the largest scenarios.
        self.cell = cell_size(scenario) if cell is None else cell
        self.cols = max(1, math.ceil(t.width / self.cell))
        self.rows = max(1, math.ceil(t.depth / self.cell))
        costs = _shared_costs(scenario, self.cols, self.rows, self.cell)
        starts = sorted({self._cell(gx, gy) for gx, gy in goals})
        if self.cell > CELL:  # a coarse cell with a goal in it is never all water
            costs = costs.copy()
            for c, r in starts:
                costs[r, c] = min(costs[r, c], SLOW_COST)
        dist = _spread(costs, starts, self.cell)
        self.dist = np.array(dist)
        #: The same distances as plain lists: read one cell at a time, a list is
        #: several times quicker than a numpy array.
        self._rows: list[list[float]] = dist

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        c = min(self.cols - 1, max(0, int(x / self.cell)))
        r = min(self.rows - 1, max(0, int(y / self.cell)))
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
        return float(near.min()) + self.cell

    def distances(self, points: Sequence[Point]) -> list[float]:
        """`distance` of each point (the score asks for every piece at once)."""
        rows, last_c, last_r, cell = self._rows, self.cols - 1, self.rows - 1, self.cell
        out: list[float] = []
        for x, y in points:
            c = int(x / cell)
            r = int(y / cell)
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
            tx, ty = (c + 0.5) * self.cell, (r + 0.5) * self.cell
            seg = math.hypot(tx - x, ty - y)
            if seg >= left:
                return (x + (tx - x) / seg * left, y + (ty - y) / seg * left)
            x, y, left = tx, ty, left - seg
        return (x, y)


def _spread(costs: np.ndarray, starts: Sequence[tuple[int, int]], cell: float
            ) -> list[list[float]]:
    """Walking distances (Dijkstra, eight neighbours) from the `starts` cells over
    a grid of `costs` (inf: no way through), as rows of plain floats.

    The grid is laid out as one list with a border of water round it, so that a
    step needs no bounds check; the arithmetic of each step is the same as ever,
    and the distances do not depend on the order the walk settles equal cells in.
    """
    rows, cols = costs.shape
    width = cols + 2
    padded = np.full((rows + 2, width), math.inf)
    padded[1:-1, 1:-1] = costs
    cost: list[float] = padded.ravel().tolist()
    dist: list[float] = [math.inf] * len(cost)
    steps = [(dy * width + dx, step * cell) for dx, dy, step in STEPS]
    queue: list[tuple[float, int]] = []
    for c, r in starts:
        i = (r + 1) * width + c + 1
        dist[i] = 0.0
        queue.append((0.0, i))
    heapq.heapify(queue)
    pop, push, inf = heapq.heappop, heapq.heappush, math.inf
    while queue:
        d, i = pop(queue)
        if d > dist[i]:
            continue
        here = cost[i]
        for off, length in steps:
            n = i + off
            k = cost[n]
            if k == inf:
                continue
            nd = d + length * (k + here) / 2
            if nd < dist[n]:
                dist[n] = nd
                push(queue, (nd, n))
    return [dist[(r + 1) * width + 1:(r + 1) * width + 1 + cols] for r in range(rows)]


def _costs(scenario: Scenario, cols: int, rows: int, cell: float = CELL) -> np.ndarray:
    """What each cell costs to cross: 1, SLOW_COST, or inf for water.

    One-inch cells read the ground at their centres; the larger cells of the
    largest tables count as water if water touches them at all, save where a
    crossing does too (a river narrower than a cell still blocks the way)."""
    xs = (np.arange(cols) + 0.5) * cell
    ys = (np.arange(rows) + 0.5) * cell
    gx, gy = np.meshgrid(xs, ys)
    coarse = cell > CELL
    boxes = (shapely.box(gx - cell / 2, gy - cell / 2, gx + cell / 2, gy + cell / 2)
             if coarse else None)
    cost = np.ones((rows, cols))
    blocked = np.zeros((rows, cols), dtype=bool)
    crossing = np.zeros((rows, cols), dtype=bool)
    for f in scenario.terrain:
        if f.type not in BARRIERS | CROSSINGS | SLOW:
            continue
        area = shape_area(f.shape)
        if f.type in CROSSINGS:
            area = area.buffer(CELL / 2)  # a narrow bridge still joins its banks
        if boxes is not None and f.type not in SLOW:
            inside = shapely.intersects(area, boxes)
        else:
            inside = shapely.contains_xy(area, gx, gy)
        if f.type in BARRIERS:
            blocked |= inside
        elif f.type in CROSSINGS:
            crossing |= inside
        else:
            cost[inside] = np.maximum(cost[inside], SLOW_COST)
    cost[blocked & ~crossing] = math.inf
    return cost


#: Cost grids made, by table size, cell and ground (every field of a scenario
#: reads the same one): the terrain is read once, not once per objective.
_COSTS: dict[tuple[object, ...], np.ndarray] = {}
_MAX_COSTS = 8


def _shared_costs(scenario: Scenario, cols: int, rows: int, cell: float) -> np.ndarray:
    """`_costs`, made once for equal ground (do not change the array)."""
    key = (cols, rows, cell, _ground(scenario))
    found = _COSTS.get(key)
    if found is None:
        if len(_COSTS) >= _MAX_COSTS:
            _COSTS.pop(next(iter(_COSTS)))
        found = _COSTS[key] = _costs(scenario, cols, rows, cell)
        found.flags.writeable = False
    return found


def _ground(scenario: Scenario) -> tuple[object, ...]:
    """The terrain a field reads: what blocks the way, crosses it or slows it."""
    return tuple((f.type, f.shape) for f in scenario.terrain
                 if f.type in BARRIERS | CROSSINGS | SLOW)


#: The most cells all the fields of one scenario may hold together.  Up to
#: this the cells are one inch; a larger table, or one with many objectives
#: (a field each), gets larger cells instead, so that the computer's first
#: decision (which builds them all) stays within a second or two.  Every
#: bundled scenario, and the 240" x 120" tables of bench_big.py, are within it.
CELL_BUDGET = 250_000


def cell_size(scenario: Scenario) -> float:
    """The side of a cell (inches) of every field of `scenario`: CELL, or more
    (in quarter inches) when the fields it may need would hold more than
    CELL_BUDGET cells of one inch."""
    t = scenario.table
    fields = len(scenario.game.objectives) + len(scenario.game.victory) + 1
    need = t.width * t.depth * fields
    if need <= CELL_BUDGET:
        return CELL
    return math.ceil(math.sqrt(need / CELL_BUDGET) * 4) / 4


#: Fields built, keyed by what they are made of (the table's size, the terrain
#: that blocks or slows, the goals), not by the scenario object: a balance
#: report's pool hands each game its own copy of the scenario, and building a
#: field walks the whole grid (a tenth of a second or more).  The store keeps
#: up to _MAX_CELLS cells (the oldest fields go first): all the fields of the
#: largest scenario, for both sides, fit, so none is built twice in a game
#: (32 fields at most, as it was, made a scenario with 100 objectives build
#: every field again for the second side).
_FIELDS: dict[tuple[object, ...], GoalField] = {}
_MAX_CELLS = 4 * CELL_BUDGET


def field_key(scenario: Scenario, goals: Sequence[Point]) -> tuple[object, ...]:
    """What a goal field depends on: equal keys make equal fields."""
    t = scenario.table
    return (t.width, t.depth, cell_size(scenario), _ground(scenario), tuple(goals))


def goal_field(scenario: Scenario, goals: Sequence[Point]) -> GoalField:
    """The field of walking distances to `goals`, built once for equal terrain."""
    key = field_key(scenario, goals)
    found = _FIELDS.get(key)
    if found is not None:
        return found
    field = GoalField(scenario, goals)
    held = sum(f.cols * f.rows for f in _FIELDS.values())
    while _FIELDS and held + field.cols * field.rows > _MAX_CELLS:
        old = _FIELDS.pop(next(iter(_FIELDS)))
        held -= old.cols * old.rows
    _FIELDS[key] = field
    return field
