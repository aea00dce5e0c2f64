"""Where a polygon crosses itself, edge by edge, for a message and a mark.

The loader only needs to know that a ring crosses itself; a designer needs to
see where.  Edges are numbered from 1 as a person counts them: edge k runs
from corner k to corner k + 1 (the last edge closes the ring).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from desktop.scenario.model import Point
from desktop.scenario.vocabulary import LengthUnit

#: Most crossings named in one message (the mark shows them all).
NAMED = 3
CM_PER_INCH = 2.54


@dataclass(frozen=True)
class Crossing:
    """Edge `first` meets edge `second` (numbered from 1) at `at` (table inches)."""

    first: int
    second: int
    at: Point


def _meet(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    """The point where segments ab and cd meet (the middle of a shared stretch), or None."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    qx, qy = c[0] - a[0], c[1] - a[1]
    eps = 1e-12
    if abs(den) > eps:
        t = (qx * sy - qy * sx) / den
        u = (qx * ry - qy * rx) / den
        if -eps <= t <= 1 + eps and -eps <= u <= 1 + eps:
            return (a[0] + t * rx, a[1] + t * ry)
        return None
    if abs(qx * ry - qy * rx) > 1e-9:
        return None  # parallel, apart
    rr = rx * rx + ry * ry
    if rr <= eps:
        return None
    t0 = (qx * rx + qy * ry) / rr
    t1 = ((d[0] - a[0]) * rx + (d[1] - a[1]) * ry) / rr
    lo, hi = max(0.0, min(t0, t1)), min(1.0, max(t0, t1))
    if lo > hi + eps:
        return None
    t = (lo + hi) / 2
    return (a[0] + t * rx, a[1] + t * ry)


def ring_crossings(points: Sequence[Point]) -> list[Crossing]:
    """Every pair of edges of the closed ring `points` that meet away from a shared corner."""
    pts = list(points)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    n = len(pts)
    if n < 3:
        return []
    import numpy as np  # not at import: the viewer's first frame does without numpy

    arr = np.asarray(pts, dtype=float)
    nxt = np.roll(arr, -1, axis=0)
    lo, hi = np.minimum(arr, nxt), np.maximum(arr, nxt)
    out: list[Crossing] = []
    for i in range(n):
        # boxes that overlap edge i's, among the later edges
        ok = ((lo[i + 1:, 0] <= hi[i, 0]) & (hi[i + 1:, 0] >= lo[i, 0])
              & (lo[i + 1:, 1] <= hi[i, 1]) & (hi[i + 1:, 1] >= lo[i, 1]))
        for k in np.flatnonzero(ok).tolist():
            j = i + 1 + k
            a, b = pts[i], pts[(i + 1) % n]
            c, d = pts[j], pts[(j + 1) % n]
            neighbours = j == i + 1 or (i == 0 and j == n - 1)
            at = _meet(a, b, c, d)
            if at is None:
                continue
            if neighbours:
                # sharing a corner is fine; doubling back along each other is not
                shared = b if j == i + 1 else a
                other = d if j == i + 1 else c
                mine = a if j == i + 1 else b
                ux, uy = mine[0] - shared[0], mine[1] - shared[1]
                vx, vy = other[0] - shared[0], other[1] - shared[1]
                if abs(ux * vy - uy * vx) > 1e-9 or ux * vx + uy * vy <= 0:
                    continue
                at = shared
            out.append(Crossing(i + 1, j + 1, (float(at[0]), float(at[1]))))
    return out


def point_words(p: Point, unit: LengthUnit = LengthUnit.INCH) -> str:
    """A table point as a person reads it: 'x 65.97", y 37.99"' or in centimetres."""
    if unit is LengthUnit.CM:
        return f"x {p[0] * CM_PER_INCH:.1f} cm, y {p[1] * CM_PER_INCH:.1f} cm"
    return f"x {p[0]:.2f}\", y {p[1]:.2f}\""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def edge_words(edge: int, corners: int | None = None) -> str:
    """'edge 3 (between the 3rd and 4th corners)'; the closing edge of a ring of
    `corners` corners runs back to the 1st."""
    after = 1 if corners is not None and edge >= corners else edge + 1
    return f"edge {edge} (between the {ordinal(edge)} and {ordinal(after)} corners)"


def crossing_words(
    crossings: Sequence[Crossing], unit: LengthUnit = LengthUnit.INCH, corners: int | None = None
) -> str:
    """'edge 3 (between the 3rd and 4th corners) crosses edge 7 (between the 7th
    and 8th corners) at x 65.97", y 37.99"' (and the next ones, up to NAMED)."""
    parts = [f"{edge_words(c.first, corners)} crosses {edge_words(c.second, corners)} "
             f"at {point_words(c.at, unit)}"
             for c in crossings[:NAMED]]
    more = len(crossings) - NAMED
    if more > 0:
        parts.append(f"{more} more crossing" + ("s" if more > 1 else ""))
    return "; ".join(parts)
