"""Moves and charges in D3, short of the activation test: what a move must
respect (terrain access, other bases, the table's edge: seed 002 "Movement",
"Terrain", "Interpenetration"), where a charge ends, and the same rules as
areas for the play view's picture."""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.rules.d3 import rules as R
from desktop.rules.d3.pieces import Footprints, Piece
from desktop.rules.d3.state import D3State, Point, UnitArrays
from desktop.rules.d3.words import inches
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import Edge, UnitType
from desktop.table.movement import (
    SHRINK,
    Access,
    Blockers,
    MovePlan,
    Placement,
    check_move,
    contact_distance,
    obb,
    obb_depth,
)
from desktop.table.shapes import corners, forward
from desktop.table.terrain import AREA_EPS

_NO_BLOCKERS = Blockers([], [], [], [])
_NO_ENTRY = frozenset({Access.NO_ENTRY})
_NO_END = frozenset({Access.NO_END})
_CROSSING = frozenset({Access.CROSSING_ONLY, Access.CROSSING_FULL_MOVE})
_FULL_MOVE = frozenset({Access.FULL_MOVE, Access.CROSSING_FULL_MOVE})


class D3Movement(D3State):
    """Where a piece may move or charge to, and why not."""

    def _arrays(self) -> UnitArrays:
        """Present units as arrays (cached until something moves or is removed)."""
        if self._unit_arrays is None:
            us = self.units()
            self._unit_arrays = UnitArrays(
                us,
                [u.type is UnitType.LIGHT_INFANTRY for u in us],
                [(u.x, u.y, math.hypot(u.frontage, u.depth) / 2.0) for u in us],
                [u.obb() for u in us],
            )
        return self._unit_arrays

    def blockers_for(self, p: Piece, exempt: str | None = None,
                     to: Point | None = None, reach: float | None = None) -> Blockers:
        """What a move of `p` must respect.  Units: friends may not be passed through
        (skirmishers excepted, both ways) nor overlapped; enemies may not be passed
        through nor come within contact (except the charge's target, which may be
        touched).  Generals ignore units' and generals' paths but may not end on a unit.

        With `to`, only units near the straight path to `to` are returned (a
        cheap prefilter on centres: nothing farther can touch the moving base).
        """
        arr = self._arrays()
        us = arr.units
        if to is None or not us:
            keep = [i for i, u in enumerate(us) if u is not p]
        else:
            own = math.hypot(p.frontage, p.depth) / 2.0 + R.ENEMY_MIN_GAP + 0.05
            x0, y0 = p.x, p.y
            dx, dy = to[0] - x0, to[1] - y0
            lo_x, hi_x = min(x0, to[0]) - own, max(x0, to[0]) + own
            lo_y, hi_y = min(y0, to[1]) - own, max(y0, to[1]) + own
            ll = dx * dx + dy * dy
            keep = []
            for i, (ux, uy, r) in enumerate(arr.circles):
                if (ux + r < lo_x or ux - r > hi_x or uy + r < lo_y or uy - r > hi_y
                        or us[i] is p):
                    continue
                wx, wy = ux - x0, uy - y0
                t = 0.0 if ll < 1e-12 else max(0.0, min(1.0, (wx * dx + wy * dy) / ll))
                if math.hypot(wx - t * dx, wy - t * dy) <= r + own:
                    keep.append(i)
        if not keep:
            return _NO_BLOCKERS
        ids = [us[i].id for i in keep]
        geoms = Footprints([us[i] for i in keep])
        boxes = [arr.obbs[i] for i in keep]
        if p.is_general:
            return Blockers(ids, geoms, [True] * len(keep), [0.0] * len(keep), obbs=boxes)
        friend = [us[i].side == p.side for i in keep]
        passable = may_pass_through(p, friend, [arr.skirm[i] for i in keep])
        gaps: list[float | None] = [
            0.0 if f else (None if i == exempt else R.ENEMY_MIN_GAP)
            for f, i in zip(friend, ids, strict=True)
        ]
        return Blockers(ids, geoms, passable, gaps, obbs=boxes)

    def move_problem(self, p: Piece, x: float, y: float, facing: float,
                     allowance: float | None = None, target: str | None = None) -> str | None:
        plan = MovePlan(Placement(p.x, p.y, p.facing), Placement(x, y, facing),
                        p.frontage, p.depth)
        exit_edge = self.exit_edges.get(p.side)
        leaving = (not p.is_general and exit_edge is not None
                   and beyond_edge(self.scenario, exit_edge, (x, y)))
        return check_move(
            plan, table=self.scenario.table, terrain=self.terrain,
            allowance=p.allowance if allowance is None else allowance,
            access=p.access(), blockers=self.blockers_for(p, target, (x, y)),
            crossing_slack=R.CROSSING_SLACK, full_move_start_gap=R.CROSSING_START_GAP,
            stay_on_table=not leaving,
        )

    def charge_geometry(self, cav: Piece, target: Piece, turn: float) -> tuple[Point, float] | str:
        """Where a charge ends (centre, facing), or why it cannot."""
        facing = (cav.facing + turn) % 360.0
        start = Polygon(corners(cav.x, cav.y, cav.frontage, cav.depth, facing))
        d = contact_distance(start, facing, target.fp())
        if d is None:
            return f"going straight ahead after turning {turn:g} degrees misses {target.id}"
        if d > cav.allowance + 1e-6:
            return (f"{target.id} is {inches(d)} away straight ahead; "
                    f"cavalry reach {inches(cav.allowance)}")
        fx, fy = forward(facing)
        end = (cav.x + fx * d, cav.y + fy * d)
        if d == 0.0 and obb_depth(obb(end[0], end[1], cav.frontage, cav.depth, facing),
                                  target.obb(), stop=SHRINK) > SHRINK:
            # already touching once turned, but the turn itself swung the base
            # into the target's: bases may not overlap (the move check lets
            # the charge's own target be touched, so it would not say)
            return (f"turning {turn:g} degrees would put {cav.id} on top of {target.id}")
        problem = self.move_problem(cav, end[0], end[1], facing, target=target.id)
        if problem:
            return problem
        return end, facing

    def pivots_only(self, p: Piece) -> bool:
        """Deployed artillery may turn where it stands but not move."""
        return p.type in R.ARTILLERY and p.deployed

    # -- what a move may cross, for the picture ---------------------------------------------
    # The same rules move_problem checks (the piece's terrain access, the crossing
    # slack and start gap, who may pass through whom), as areas on the table: the
    # play view draws these, the check stays the judge of an exact move.

    def _ground(self, p: Piece, rules: frozenset[Access], skip_stood_in: bool,
                ) -> list[BaseGeometry]:
        """Terrain areas `p`'s access puts under one of `rules`; with
        `skip_stood_in`, leaving out ground its base already stands in (it may
        leave it or turn there: desktop.table.movement.terrain_problem)."""
        wanted = {ttype for ttype, acc in p.access().items() if acc in rules}
        if not wanted:
            return []
        t = self.terrain
        here = p.fp()
        out: list[BaseGeometry] = []
        for i, ftype in enumerate(t.types):
            if ftype not in wanted:
                continue
            area = t.areas[i]
            if skip_stood_in and area.intersects(here) and (
                    area.intersection(here).area > AREA_EPS):
                continue
            out.append(area)
        return out

    def move_blocked(self, pid: str) -> BaseGeometry | None:
        """Where the path of `pid`'s move may not go now (seed 002 "Terrain",
        "Interpenetration"): ground it may not enter, water away from a bridge or
        ford, water too far off to cross this move, and bases it may not pass."""
        p = self.pieces[pid]
        parts = self._ground(p, _NO_ENTRY, True)
        crossing = self._ground(p, _CROSSING, False)
        if crossing:
            water = shapely.union_all(crossing)
            parts.append(water.difference(self.terrain.crossing_zone(R.CROSSING_SLACK)))
        start = p.fp()
        for area in self._ground(p, _FULL_MOVE, True):
            if float(area.distance(start)) > R.CROSSING_START_GAP + 1e-9:
                parts.append(area)
        parts.extend(q.fp() for q, ok in self._passable(p) if not ok)
        return _union(parts)

    def move_no_end(self, pid: str) -> BaseGeometry | None:
        """Where `pid` may pass but not end its move: ground it may not stop in,
        and the bases it may pass through (a general over any unit, skirmishers
        through friends)."""
        p = self.pieces[pid]
        parts = self._ground(p, _NO_END, False)
        parts.extend(q.fp() for q, ok in self._passable(p) if ok)
        return _union(parts)

    def _passable(self, p: Piece) -> list[tuple[Piece, bool]]:
        """Every other unit on the table, and whether `p` may pass through it."""
        arr = self._arrays()
        ok = may_pass_through(p, [q.side == p.side for q in arr.units], arr.skirm)
        return [(q, k) for q, k in zip(arr.units, ok, strict=True) if q is not p]

    def move_costly(self, pid: str) -> BaseGeometry | None:
        """Water whose crossing takes `pid`'s whole move (rivers and streams)."""
        return _union(self._ground(self.pieces[pid], _FULL_MOVE, True))


def may_pass_through(mover: Piece, friend: Sequence[bool], light: Sequence[bool],
                     ) -> list[bool]:
    """For each unit (a friend of `mover` or not, light infantry or not): may
    `mover` pass through it?  Seed 002 "Interpenetration": only skirmishers pass
    through friends, and only skirmishers are passed through; a general rides
    over any unit (he may not end on one)."""
    if mover.is_general:
        return [True] * len(friend)
    if mover.type is UnitType.LIGHT_INFANTRY:
        return list(friend)
    return [f and s for f, s in zip(friend, light, strict=True)]


def _union(parts: list[BaseGeometry]) -> BaseGeometry | None:
    parts = [g for g in parts if not g.is_empty]
    return shapely.union_all(parts) if parts else None


def beyond_edge(scenario: Scenario, edge: Edge, p: Point) -> bool:
    """Is `p` off the table past `edge` (a unit that gets there has exited)?"""
    t = scenario.table
    if edge is Edge.NORTH:
        return p[1] < 0.0
    if edge is Edge.SOUTH:
        return p[1] > t.depth
    if edge is Edge.WEST:
        return p[0] < 0.0
    return p[0] > t.width
