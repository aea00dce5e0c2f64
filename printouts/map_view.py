"""Table inches to page points (`View`: x right, y down the table, up the page), and
paths through them on a canvas.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from shapely.geometry import Polygon as SPolygon

from desktop.scenario.model import Point
from printouts.style import Canvas


@dataclass
class View:
    """Table inches -> page points: x right, y down on the table, up on the page."""

    ox: float  # page x of the table's left edge
    oy: float  # page y of the table's top edge
    k: float  # points per inch
    cache: dict[str, object] = field(default_factory=dict)

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.k, self.oy - y * self.k


def _path(c: Canvas, v: View, pts: Sequence[Point], closed: bool, smooth: bool = False) -> object:
    p = c.beginPath()
    q = [v.p(*pt) for pt in pts]
    p.moveTo(*q[0])
    if smooth and len(q) > 2:
        n = len(q)
        for i in range(n if closed else n - 1):
            p0 = q[(i - 1) % n] if closed or i > 0 else q[0]
            p1, p2 = q[i], q[(i + 1) % n]
            p3 = q[(i + 2) % n] if closed or i + 2 < n else q[-1]
            p.curveTo(p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6,
                      p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6, p2[0], p2[1])
    else:
        for pt in q[1:]:
            p.lineTo(*pt)
    if closed:
        p.close()
    return p


def _poly_path(c: Canvas, v: View, poly: SPolygon) -> object:
    p = c.beginPath()
    for ring in (poly.exterior, *poly.interiors):
        coords = list(ring.coords)
        x, y = v.p(*coords[0])
        p.moveTo(x, y)
        for pt in coords[1:]:
            p.lineTo(*v.p(*pt))
        p.close()
    return p
