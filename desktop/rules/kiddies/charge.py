"""The cavalry charge in Kiddies (RULINGS): three horsemen side by side ride
straight ahead as far as the ground lets them, riding down every
infantryman in their path, then pivot to a new facing."""

from __future__ import annotations

import math
from collections.abc import Sequence

from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from desktop.rules.engine import Event
from desktop.rules.kiddies.actions import Charge
from desktop.rules.kiddies.constants import (
    CANNON,
    CAVALRY,
    CHARGE_PRECISION,
    CHARGE_ROAD_SPANS,
    CHARGE_SIZE,
    CHARGE_SPANS,
    OVERLAP_EPS,
)
from desktop.rules.kiddies.movement import KiddiesMovement
from desktop.rules.kiddies.pieces import Figure
from desktop.rules.kiddies.table import (
    ChargePlan,
    crew_of,
    forward,
    lines,
    overlapping,
    right,
    side_by_side,
    swept,
)
from desktop.rules.kiddies.words import _and, _r, _spans
from desktop.table.shapes import angle_diff


def near_figures(geom: BaseGeometry, figures: Sequence[Figure]) -> list[Figure]:
    """The figures whose base may touch `geom`, in their order: a cheap cut by bounds
    (widened by each base's half diagonal) before the exact shapely tests, so that
    a check on a table of many figures builds only the footprints nearby."""
    x0, y0, x1, y1 = geom.bounds
    out = []
    for f in figures:
        r = math.hypot(f.frontage, f.depth) / 2 + NEAR_MARGIN
        if x0 - r <= f.x <= x1 + r and y0 - r <= f.y <= y1 + r:
            out.append(f)
    return out


#: Slack (inches) on near_figures' cut, far above rounding and far below a base.
NEAR_MARGIN = 1e-3


class KiddiesCharge(KiddiesMovement):
    """Charges: the trios that may charge, where a charge goes, and the charge made."""

    def charge_trios(self, side: str) -> list[tuple[str, ...]]:
        return list(self._cached(("trios", side), lambda: lines(
            [f for f in self._active(side) if f.kind == CAVALRY and not f.moved], CHARGE_SIZE)))

    def _plan(self, side: str, ids: Sequence[str], facing: float) -> ChargePlan | str:
        """charge_plan, asked once per state of the table (check, then apply)."""
        return self._cached(("charge", side, tuple(ids), facing),
                            lambda: self.charge_plan(side, ids, facing))

    def charge_plan(self, side: str, ids: Sequence[str], facing: float) -> ChargePlan | str:
        """Where a charge goes and whom it kills, or why it may not be made (RULINGS)."""
        if len(ids) != CHARGE_SIZE or len(set(ids)) != CHARGE_SIZE:
            return "a charge is made by three cavalry"
        figs: list[Figure] = []
        for fid in ids:
            f = self._own(side, fid)
            if isinstance(f, str):
                return f
            if f.kind != CAVALRY:
                return f"{fid} is not cavalry"
            if f.moved:
                return f"{fid} has already moved this turn"
            figs.append(f)
        r = right(figs[0].facing)
        figs.sort(key=lambda f: f.x * r[0] + f.y * r[1])
        if not (side_by_side(figs[0], figs[1]) and side_by_side(figs[1], figs[2])
                and abs(angle_diff(figs[0].facing, figs[2].facing)) <= 10.0):
            return "the three must be in contact, side by side in a line, facing the same way"
        direction = figs[1].facing
        fw = forward(direction)
        key = tuple((f.x, f.y, f.facing, f.frontage, f.depth) for f in figs)
        reach = self.table.charge_reach.get(key)
        if reach is None:
            reach = self._charge_reach(figs, direction)
            if len(self.table.charge_reach) > 20_000:
                self.table.charge_reach.clear()
            self.table.charge_reach[key] = reach
        dist, limit, path = reach
        if dist < 2 * CHARGE_PRECISION:
            return "the charge cannot go forward (terrain or the table edge is in the way)"
        members = {f.id for f in figs}

        def others_near(geom: BaseGeometry, leave: Sequence[str] = ()) -> list[Figure]:
            """near_figures(geom, the others), the others taken from the grid."""
            x0, y0, x1, y1 = geom.bounds
            r = max(x1 - x0, y1 - y0) / 2 + self._widest + 1.0
            return near_figures(geom, [o for o in self._around((x0 + x1) / 2, (y0 + y1) / 2, r)
                                       if o.id not in members and o.id not in leave])

        near = others_near(path)
        for o in near:
            if o.kind == CAVALRY and o.side != side and path.distance(o.footprint()) <= 0.0:
                return f"the charge would meet enemy cavalry ({o.id})"
        victims: list[str] = []
        for o in near:
            if o.infantry and path.intersection(o.footprint()).area > OVERLAP_EPS:
                victims.append(o.id)
        for o in near:
            if o.kind == CANNON and path.intersection(o.footprint()).area > OVERLAP_EPS:
                for man in crew_of(o, [m for m in self._active() if m.id not in members]):
                    if man.id not in victims:
                        victims.append(man.id)
        # the pivot: the line turns about its centre to the new facing
        moved = [(f.x + fw[0] * dist, f.y + fw[1] * dist) for f in figs]
        cx = sum(p[0] for p in moved) / 3
        cy = sum(p[1] for p in moved) / 3
        a = math.radians(angle_diff(facing, direction))
        c, s = math.cos(a), math.sin(a)
        ends: dict[str, tuple[float, float, float]] = {}
        for f, (x, y) in zip(figs, moved, strict=True):
            dx, dy = x - cx, y - cy
            ex, ey = cx + dx * c - dy * s, cy + dx * s + dy * c
            fp = f.footprint(ex, ey, facing)
            if not self.table.table_area.covers(fp):
                return "after the pivot a horseman would be off the table"
            if self.table.overlaps_blocked(fp):
                return "after the pivot a horseman would stand in impassable terrain"
            hit = overlapping(fp, others_near(fp, victims))
            if hit is not None:
                return f"the charge would end on top of {hit.id}"
            ends[f.id] = (ex, ey, facing)
        return ChargePlan(dist, limit, direction, path, ends, tuple(victims))

    def _charge_reach(self, figs: Sequence[Figure],
                      direction: float) -> tuple[float, float, BaseGeometry]:
        """How far the trio `figs` (left to right) may charge, its limit and the ground
        it sweeps: a search over the terrain alone, so the answer is kept per trio's
        bases."""
        fw = forward(direction)
        road_limit = CHARGE_ROAD_SPANS * self.table.span
        mid = figs[1]
        on_road = self.table.on_road(mid.pos, (mid.x + fw[0] * road_limit,
                                               mid.y + fw[1] * road_limit))
        limit = road_limit if on_road else CHARGE_SPANS * self.table.span
        stops: list[BaseGeometry] = []

        def ok(d: float) -> bool:
            path = swept(figs, direction, d)
            if not self.table.table_area.covers(path):
                return False
            # a path that meets no stopping ground at all (the prepared union says
            # so at once) overlaps none of it; only one that does is measured
            if not self.table.charge_stops.intersects(path):
                return True
            if not stops:
                start = unary_union([f.footprint() for f in figs])
                stops.append(self.table.charge_stops.difference(start))
            return bool(path.intersection(stops[0]).area <= OVERLAP_EPS)

        if ok(limit):
            return limit, limit, swept(figs, direction, limit)
        lo, hi = 0.0, limit
        while hi - lo > CHARGE_PRECISION:
            m = (lo + hi) / 2
            if ok(m):
                lo = m
            else:
                hi = m
        return lo, limit, swept(figs, direction, lo)

    def _charge(self, side: str, action: Charge, ev: list[Event]) -> None:
        plan = self._plan(side, action.figures, action.facing)
        assert not isinstance(plan, str)
        ev.append(Event("charge", f"{_and(action.figures)} charge "
                        f"{_spans(plan.distance / self.table.span)}",
                        {"figures": list(action.figures), "distance": _r(plan.distance),
                         "limit": _r(plan.limit), "direction": _r(plan.direction),
                         "victims": list(plan.victims)}))
        for vid in plan.victims:
            self._kill(self.figures[vid], "ridden down by a cavalry charge", ev)
        for fid, (x, y, fc) in plan.ends.items():
            self._place(self.figures[fid], x, y, fc, ev)
