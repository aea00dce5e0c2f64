"""Moving in Kiddies (seed, "How to move"): one figure or a group, up to its
spans (more on a road), never onto another figure or through impassable
ground; a regular leaving by the enemy's baseline."""

from __future__ import annotations

import math
from collections.abc import Sequence

from desktop.rules.engine import Event
from desktop.rules.kiddies.actions import Move
from desktop.rules.kiddies.base import KiddiesBase
from desktop.rules.kiddies.constants import CANNON, REGULAR
from desktop.rules.kiddies.pieces import Figure
from desktop.rules.kiddies.table import may_overlap, overlapping
from desktop.rules.kiddies.words import _r, _spans
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Edge
from desktop.table.shapes import angle_diff


class KiddiesMovement(KiddiesBase):
    """Moves and exits: their checks and carrying them out."""

    def _check_move(self, side: str, ids: Sequence[str], by: Point, turn: float,
                    single: Move | None) -> str | None:
        if len(set(ids)) != len(ids):
            return "a figure is listed twice"
        figs: list[Figure] = []
        for fid in ids:
            f = self._own(side, fid)
            if isinstance(f, str):
                return f
            if f.moved:
                return f"{fid} has already moved this turn"
            if f.kind == CANNON and self.manned_at_start.get(f.id) != side:
                return f"{fid} was not manned by two regulars at the start of the turn"
            figs.append(f)
        ends = self.move_ends(figs, by, turn) if single is None else {
            figs[0].id: (single.to[0], single.to[1], single.facing)}
        members = set(ids)
        for f in figs:
            x, y, facing = ends[f.id]
            end = f.footprint(x, y, facing)
            why = self.table.path_problem(f.footprint(), f.pos, (x, y), end)
            if why:
                return f"{f.id}: {why}"
            dist = math.hypot(x - f.x, y - f.y)
            road = self.table.on_road(f.pos, (x, y))
            if dist > self.allowance(f, road) + 1e-9:
                spans = dist / self.table.span
                return (f"{f.id} may move {_spans(self.allowance(f, road) / self.table.span)}"
                        f"{' on the road' if road else ''}, not {spans:.2f}")
            reach = f.half_diagonal
            hit = overlapping(end, [o for o in self._around(x, y, 4.0)
                                    if abs(o.x - x) < 4 and abs(o.y - y) < 4
                                    and o.id not in members and may_overlap(x, y, reach, o)])
            if hit is not None:
                return f"{f.id} would stand on {hit.id}"
        return None

    def move_ends(self, figs: Sequence[Figure], by: Point,
                  turn: float) -> dict[str, tuple[float, float, float]]:
        """Where a group moved by `by` and turned `turn` degrees about its centre ends."""
        cx = sum(f.x for f in figs) / len(figs) + by[0]
        cy = sum(f.y for f in figs) / len(figs) + by[1]
        a = math.radians(turn)
        c, s = math.cos(a), math.sin(a)
        out: dict[str, tuple[float, float, float]] = {}
        for f in figs:
            dx, dy = f.x + by[0] - cx, f.y + by[1] - cy
            out[f.id] = (cx + dx * c - dy * s, cy + dx * s + dy * c,
                         canonical_facing(f.facing + turn))
        return out

    def exit_edge(self, side: str) -> Edge:
        """The enemy's baseline, where an attacker's figure may leave the table."""
        return self.scenario.side(self.other(side)).baseline

    def _edge_distance(self, f: Figure, edge: Edge) -> float:
        return {Edge.NORTH: f.y, Edge.SOUTH: self.table.depth - f.y,
                Edge.WEST: f.x, Edge.EAST: self.table.width - f.x}[edge]

    def exits(self, side: str) -> list[str]:
        """The figures of `side` that may leave by the enemy's baseline now (``exit F``
        passes :meth:`check` in the movement phase), in the order of :meth:`active`."""
        return list(self._cached(("exits", side), lambda: self._exits(side)))

    def _exits(self, side: str) -> tuple[str, ...]:
        # A cheap cut first (the figures within a regular's move of the edge, with a
        # hair of slack: one comparison a figure), then _check_exit itself for the
        # few left, so that the list is exactly what check() allows.
        across, lo, hi = self._exit_band[side]
        figs = self._active(side)
        near = ([f for f in figs if lo <= f.x <= hi] if across
                else [f for f in figs if lo <= f.y <= hi])
        if not near:
            return ()
        return tuple(f.id for f in near if f.kind == REGULAR and not f.moved
                     and self._check_exit(side, f.id) is None)

    def _check_exit(self, side: str, fid: str) -> str | None:
        f = self._own(side, fid)
        if isinstance(f, str):
            return f
        if f.moved:
            return f"{fid} has already moved this turn"
        if f.kind != REGULAR:
            return "only a regular infantryman may leave by the enemy's baseline"
        edge = self.exit_edge(side)
        if self._edge_distance(f, edge) > self.allowance(f):
            return f"{fid} is more than its move from the {edge.value} edge"
        why = self.table.exit_problem(f.footprint(), f.pos, self._edge_point(f, edge))
        if why:
            return f"{fid}: {why}"
        return None

    def _edge_point(self, f: Figure, edge: Edge) -> Point:
        """Where the figure's centre crosses `edge`, leaving straight towards it."""
        return {Edge.NORTH: (f.x, 0.0), Edge.SOUTH: (f.x, self.table.depth),
                Edge.WEST: (0.0, f.y), Edge.EAST: (self.table.width, f.y)}[edge]

    def _place(self, f: Figure, x: float, y: float, facing: float, ev: list[Event]) -> None:
        spans = math.hypot(x - f.x, y - f.y) / self.table.span
        turn = abs(angle_diff(facing, f.facing))
        words = (f"{f.id} moves {_spans(spans)}" if spans >= 0.005 else f"{f.id} turns on the spot"
                 if turn >= 0.5 else f"{f.id} stays where it is")
        if spans >= 0.005 and turn >= 0.5:
            words += f" and turns {turn:.0f}°"
        ev.append(Event("move", words,
                        {"figure": f.id, "from": [_r(f.x), _r(f.y)],
                         "to": [_r(x), _r(y)], "facing": _r(facing)}))
        f.x, f.y, f.facing = x, y, facing
        f.moved = True
        self._changed()
