"""Where a straight move from a point reaches before it meets blocked ground.

Moves are straight lines (docs/rulings.md), so the ground a piece can reach is
what a ray from its centre reaches before it meets ground its base may not
cross: rays are cast all round, vectorised, and joined into a star polygon.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

Point = tuple[float, float]

#: Rays cast all round (one every 1.5 degrees).
RAYS = 240

def reach_polygon(origin: Point, radius: float, blocked: BaseGeometry | None,
                  rays: int = RAYS) -> BaseGeometry:
    """The points within `radius` of `origin` that a straight line from `origin`
    reaches without touching `blocked` (a star-shaped polygon)."""
    if radius <= 0:
        return Polygon()
    disc = SPoint(origin).buffer(radius, 32)
    if blocked is None or blocked.is_empty:
        return disc
    local = blocked.intersection(disc)
    if local.is_empty:
        return disc
    ang = np.linspace(0.0, 2.0 * math.pi, rays, endpoint=False)
    ox, oy = origin
    ex = ox + np.sin(ang) * radius
    ey = oy - np.cos(ang) * radius
    coords = np.stack([np.stack([np.full(rays, ox), np.full(rays, oy)], axis=1),
                       np.stack([ex, ey], axis=1)], axis=1)
    lines = shapely.linestrings(coords)
    shapely.prepare(local)
    dist = np.full(rays, radius)
    hit = np.flatnonzero(shapely.intersects(lines, local))  # most rays miss: cheap test
    if len(hit):
        parts = shapely.intersection(lines[hit], local)
        d = shapely.distance(SPoint(origin), parts)
        dist[hit] = np.where(np.isnan(d) | shapely.is_empty(parts), radius, d)
    dist = np.minimum(dist, radius)
    pts = np.stack([ox + np.sin(ang) * dist, oy - np.cos(ang) * dist], axis=1)
    star = shapely.polygons(pts)
    if not star.is_valid:
        star = shapely.make_valid(star)
    return star.intersection(disc)
