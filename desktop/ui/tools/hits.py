"""What lies under a point or inside a box, Qt-free.

Order of preference when things overlap: units and officers, objectives,
bridges and fords, lines (roads, rivers, walls), then the smallest area.
"""

from __future__ import annotations

import math
from functools import lru_cache

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.scenario.edits.bridges import CROSSING_TYPES
from desktop.scenario.geometry import forward, right, shape_area
from desktop.scenario.model import LineShape, Point, Scenario, Shape, Unit

#: Officers are drawn as a disc about this big (inches).
OFFICER_RADIUS = 0.6


@lru_cache(maxsize=4096)
def area_of(shape: Shape) -> BaseGeometry:
    return shape_area(shape)


def unit_contains(u: Unit, p: Point, tol: float = 0.0) -> bool:
    dx, dy = p[0] - u.position[0], p[1] - u.position[1]
    rx, ry = right(u.facing)
    fx, fy = forward(u.facing)
    return (abs(dx * rx + dy * ry) <= u.base.frontage / 2 + tol
            and abs(dx * fx + dy * fy) <= u.base.depth / 2 + tol)


def piece_at(s: Scenario, p: Point, tol: float = 0.0) -> str | None:
    """The unit or officer under `p` (officers, drawn on top, first)."""
    for side in s.sides:
        for o in side.officers:
            if math.hypot(o.position[0] - p[0], o.position[1] - p[1]) <= OFFICER_RADIUS + tol:
                return o.id
    reach = 4.0 + tol
    for side in s.sides:
        for u in reversed(side.units):
            if abs(u.position[0] - p[0]) > reach or abs(u.position[1] - p[1]) > reach:
                continue
            if unit_contains(u, p, tol):
                return u.id
    return None


def objective_at(s: Scenario, p: Point, tol: float = 0.0) -> str | None:
    """An objective whose centre marker (1") is under `p`."""
    for o in s.game.objectives:
        if math.hypot(o.position[0] - p[0], o.position[1] - p[1]) <= 1.0 + tol:
            return o.id
    return None


def feature_at(s: Scenario, p: Point, tol: float = 0.0) -> str | None:
    pt = SPoint(p)
    crossings: list[tuple[float, str]] = []
    lines: list[tuple[float, str]] = []
    areas: list[tuple[float, str]] = []
    for f in s.terrain:
        if isinstance(f.shape, LineShape):
            d = LineString(f.shape.points).distance(pt)
            if d <= f.shape.width / 2 + tol:
                lines.append((d, f.id))
            continue
        geom = area_of(f.shape)
        if geom.distance(pt) <= tol:
            (crossings if f.type in CROSSING_TYPES else areas).append((geom.area, f.id))
    for group in (crossings, lines, areas):
        if group:
            return min(group)[1]
    return None


def item_at(s: Scenario, p: Point, tol: float = 0.0) -> str | None:
    """Whatever the user most likely meant to click at `p`."""
    return piece_at(s, p, tol) or objective_at(s, p, tol) or feature_at(s, p, tol)


def items_in(s: Scenario, a: Point, b: Point) -> set[str]:
    """Rubber band: pieces and objectives whose centre is inside, features wholly inside."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))

    def inside(p: Point) -> bool:
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

    out = {u.id for _, u in s.all_units() if inside(u.position)}
    out |= {o.id for side in s.sides for o in side.officers if inside(o.position)}
    out |= {o.id for o in s.game.objectives if inside(o.position)}
    box = Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    out |= {f.id for f in s.terrain if box.covers(area_of(f.shape))}
    return out
