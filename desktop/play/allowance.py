"""Movement allowance bands: where a piece's centre can go this move.

Moves are straight lines (docs/rulings.md), so the ground a piece can reach is
what a ray from its centre reaches before it meets ground its base may not
cross.  The blocked ground is grown by half the base's width (the whole base
travels along the ray) and rays are cast all round, vectorised, once per drag.
The result is three bands -- the free part of the move, the part that costs
more, and the ring beyond reach -- plus the ground to shade as impassable or
as a place the move may not end.  The engine's own check stays the judge of
any single move; these bands are the picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.rules.view import PlayView
from desktop.rules.view_values import Allowance
from desktop.table.reach import RAYS, reach_polygon

Point = tuple[float, float]

#: The ring beyond reach reaches this far past the allowance (fraction of it).
BEYOND = 0.35


@dataclass(frozen=True)
class Bands:
    origin: Point
    allowance: Allowance
    #: Where the centre can go for free (or the whole reach when nothing costs more).
    free: BaseGeometry
    #: Where it can go at a cost (empty when nothing costs more).
    costly: BaseGeometry
    #: A ring just past the reach.
    beyond: BaseGeometry
    #: Ground within reach it may not cross, and ground it may not end on.
    blocked: BaseGeometry
    no_end: BaseGeometry
    #: Ground where entering takes the whole move (crossing water).
    full_move: BaseGeometry




def compute_bands(view: PlayView, pid: str, rays: int = RAYS) -> Bands | None:
    """The bands for `pid` as the game stands, or None if the ruleset gives no allowance."""
    allowance = view.allowance(pid)
    piece = view.piece(pid)
    if allowance is None or piece is None:
        return None
    origin = piece.pos
    full = allowance.full
    blocked_raw = view.blocked(pid)
    half = min(piece.frontage, piece.depth) / 2.0 * 0.95
    grown: BaseGeometry | None = None
    if blocked_raw is not None:
        region = SPoint(origin).buffer(full + max(piece.frontage, piece.depth) + 1.0, 16)
        near = blocked_raw.intersection(region)
        if not near.is_empty:
            grown = near.buffer(half, 8)
            if grown.contains(SPoint(origin)):
                # Starting hard against something: do not let it swallow the start.
                grown = grown.difference(SPoint(origin).buffer(half * 2.0 + 0.05, 16))
    exact = view.reach_area(pid)
    reach = exact if exact is not None else reach_polygon(origin, full, grown, rays)
    no_end_raw = view.no_end(pid)
    costly_raw = view.costly(pid)
    free_r = allowance.free
    if free_r is not None and free_r < full - 1e-9:
        inner = SPoint(origin).buffer(max(free_r, 1e-3), 32)
        free = reach.intersection(inner)
        costly = reach.difference(inner)
    else:
        free, costly = reach, Polygon()
    outer = SPoint(origin).buffer(full * (1.0 + BEYOND) + 1.0, 32)
    beyond = outer.difference(SPoint(origin).buffer(full, 32)) if full > 0 else outer
    if exact is not None:  # squares: what is not lit is out of reach; no ring
        beyond = Polygon()
    shown = SPoint(origin).buffer(full * (1.0 + BEYOND) + 1.0, 16)
    return Bands(
        origin, allowance, free, costly, beyond,
        _clip(blocked_raw, shown), _clip(no_end_raw, shown), _clip(costly_raw, shown),
    )


def _clip(g: BaseGeometry | None, area: BaseGeometry) -> BaseGeometry:
    if g is None or g.is_empty:
        return Polygon()
    return g.intersection(area)


@dataclass(frozen=True)
class Probe:
    """What the cursor label says about a proposed end position."""

    length: float
    reason: str | None  # the engine's reason the move is illegal, or None
    band: str  # "free", "costly", "beyond"
    cost: str  # a few words: "4.2 of 6 in", "too far to fire this turn"


def probe(view: PlayView, pid: str, x: float, y: float, facing: float,
          allowance: Allowance | None) -> Probe:
    """Ask the engine about moving `pid` to (x, y, facing): length, band and reason."""
    length = view.move_length(pid, x, y, facing)
    action = view.move_action(pid, x, y, facing)
    reason = "this ruleset has no move action" if action is None else view.game.check(action)
    band, cost = "free", ""
    if allowance is not None:
        if length > allowance.full + 1e-6:
            band = "beyond"
            cost = f"{length - allowance.full:.1f} beyond reach"
        elif allowance.free is not None and length > allowance.free + 1e-6:
            band = "costly"
            cost = allowance.costly_label
        else:
            cost = allowance.free_label if allowance.free is not None else ""
    return Probe(length, reason, band, cost)


def clamp_to_reach(view: PlayView, pid: str, x: float, y: float, facing: float,
                   full: float) -> tuple[float, float] | None:
    """Where a drag to (x, y) stops when it goes past the piece's full move: the
    farthest point on the straight line towards (x, y) whose move length (the
    view's own measure) is within `full`; None when (x, y) is within reach.

    The ghost stops at the band, so the move proposed is this one (issue 20),
    never the unreachable point under the cursor."""
    if view.move_length(pid, x, y, facing) <= full + 1e-6:
        return None
    p = view.pieces()[pid]
    # a move writes its end to 0.01 in x and y, which may lengthen it by 0.005 * sqrt(2)
    limit = max(0.0, full - 0.008)
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        mx, my = p.x + (x - p.x) * mid, p.y + (y - p.y) * mid
        if view.move_length(pid, mx, my, facing) <= limit:
            lo = mid
        else:
            hi = mid
    return (p.x + (x - p.x) * lo, p.y + (y - p.y) * lo)
