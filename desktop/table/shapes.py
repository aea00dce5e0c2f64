"""Bases, arcs and aspects on the table (RULINGS, "Conventions").

Facing is a compass bearing: 0 faces the top edge (y = 0), 90 the right edge;
y grows down the screen.  All lengths in inches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Final

import numpy as np
import shapely
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.scenario.geometry import forward as forward  # the one forward(), re-exported
from desktop.scenario.geometry import rounded as rounded  # and the one rounding helper

Point = tuple[float, float]

#: Two bases are in contact when the gap between them is at most this.
CONTACT_GAP: Final = 0.1
#: "To the front" without an angle: this many degrees either side of the facing.
FRONT_HALF_ANGLE: Final = 45.0
#: Segments used to draw a circular arc.
ARC_SEGMENTS: Final = 24


class Aspect(StrEnum):
    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


def corners(x: float, y: float, frontage: float, depth: float, facing: float) -> list[Point]:
    """Front-left, front-right, rear-right, rear-left."""
    a = math.radians(facing)
    s, c = math.sin(a), math.cos(a)
    # forward = (s, -c); right = (c, s)
    hf, hd = frontage / 2.0, depth / 2.0
    fx, fy = s * hd, -c * hd
    rx, ry = c * hf, s * hf
    return [
        (x - rx + fx, y - ry + fy),
        (x + rx + fx, y + ry + fy),
        (x + rx - fx, y + ry - fy),
        (x - rx - fx, y - ry - fy),
    ]


@lru_cache(maxsize=1 << 16)
def rect(x: float, y: float, frontage: float, depth: float, facing: float) -> Polygon:
    """A base centred on (x, y), rotated to `facing`.

    Cached (shapely geometries are immutable): Kiddies asks for the footprint of
    each figure again for every neighbour it might touch, and building the
    polygons took most of a turn on a 12-unit-a-side table (issue 15 fuzz).
    """
    poly: Polygon = shapely.polygons(corners(x, y, frontage, depth, facing))
    return poly


def front_centre_of(x: float, y: float, depth: float, facing: float) -> Point:
    fx, fy = forward(facing)
    return (x + fx * depth / 2.0, y + fy * depth / 2.0)


def bearing(a: Point, b: Point) -> float:
    """Compass bearing from a to b, in [0, 360)."""
    return math.degrees(math.atan2(b[0] - a[0], a[1] - b[1])) % 360.0


def angle_diff(a: float, b: float) -> float:
    """a - b folded into (-180, 180]."""
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def gap(a: BaseGeometry, b: BaseGeometry) -> float:
    """Shortest distance between two footprints (0 if they touch or overlap)."""
    return float(a.distance(b))


def in_contact(a: BaseGeometry, b: BaseGeometry) -> bool:
    return gap(a, b) <= CONTACT_GAP


def point_distance(p: Point, geom: BaseGeometry) -> float:
    """From a point (a front centre) to the nearest point of a footprint."""
    return float(SPoint(p).distance(geom))


def sector(apex: Point, facing: float, half_angle: float, radius: float) -> BaseGeometry:
    """The ground within `radius` of `apex` and `half_angle` either side of `facing`.

    A half angle of 180 or more gives the whole circle.
    """
    if half_angle >= 180.0:
        return SPoint(apex).buffer(radius, ARC_SEGMENTS // 2)
    n = max(2, math.ceil(ARC_SEGMENTS * half_angle / 90.0))
    # The arc's chords sit inside the circle; push vertices out so the arc
    # contains every point within `radius` (circumscribed polygon).
    step = 2.0 * half_angle / n
    r = radius / math.cos(math.radians(step / 2.0))
    pts: list[Point] = [apex]
    for i in range(n + 1):
        b = math.radians(facing - half_angle + i * step)
        pts.append((apex[0] + r * math.sin(b), apex[1] - r * math.cos(b)))
    wedge = Polygon(pts)
    return wedge.intersection(SPoint(apex).buffer(radius, 64))


def wedge(apex: Point, facing: float, half_angle: float, radius: float) -> Polygon:
    """A polygon holding every point within `radius` of `apex` and `half_angle`
    (less than 180) either side of `facing`: the cone, cut beyond the radius."""
    if half_angle >= 90.0:
        return Polygon([apex, *[
            (apex[0] + 2 * radius * math.sin(math.radians(b)),
             apex[1] - 2 * radius * math.cos(math.radians(b)))
            for b in np.linspace(facing - half_angle, facing + half_angle, 9)
        ]])
    reach = radius / math.cos(math.radians(half_angle)) + 1e-6
    pts = [apex]
    for b in (facing - half_angle, facing + half_angle):
        a = math.radians(b)
        pts.append((apex[0] + reach * math.sin(a), apex[1] - reach * math.cos(a)))
    poly: Polygon = shapely.polygons(pts)
    return poly


def _clip(poly: list[Point], apex: Point, normal: Point) -> list[Point]:
    """Keep the part of a convex polygon where (p - apex) . normal >= 0."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        dp = (p[0] - apex[0]) * normal[0] + (p[1] - apex[1]) * normal[1]
        dq = (q[0] - apex[0]) * normal[0] + (q[1] - apex[1]) * normal[1]
        if dp >= 0:
            out.append(p)
        if (dp >= 0) != (dq >= 0):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def nearest_on_convex(p: Point, poly: Sequence[Point]) -> tuple[Point, float]:
    """The point of a convex polygon (given by its vertices; 1 or 2 vertices for a
    point or a segment) nearest to p, and its distance, in plain arithmetic."""
    n = len(poly)
    if n == 1:
        return poly[0], distance(p, poly[0])
    inside = n >= 3
    best = math.inf
    best_pt = poly[0]
    sign = 0.0
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        wx, wy = p[0] - a[0], p[1] - a[1]
        cross = ex * wy - ey * wx
        if inside and cross != 0.0:
            if sign == 0.0:
                sign = cross
            elif (cross > 0) != (sign > 0):
                inside = False
        ll = ex * ex + ey * ey
        t = 0.0 if ll == 0 else max(0.0, min(1.0, (wx * ex + wy * ey) / ll))
        d = math.hypot(wx - t * ex, wy - t * ey)
        if d < best:
            best, best_pt = d, (a[0] + t * ex, a[1] + t * ey)
    if inside:
        return p, 0.0
    return best_pt, best


def _point_polygon_distance(p: Point, poly: Sequence[Point]) -> float:
    return nearest_on_convex(p, poly)[1]


def arc_clip(apex: Point, facing: float, half_angle: float, poly: list[Point]) -> list[Point]:
    """The vertices of a convex polygon's part inside the arc (a cone from `apex`,
    `half_angle` < 90 either side of `facing`); empty if none."""
    a = math.radians(facing - half_angle)
    b = math.radians(facing + half_angle)
    part = _clip(poly, apex, (math.cos(a), math.sin(a)))
    if part:
        part = _clip(part, apex, (-math.cos(b), -math.sin(b)))
    return part


def arc_part_coords(
    apex: Point, facing: float, half_angle: float, radius: float, corners_: list[Point]
) -> list[Point] | None:
    """Like arc_part, for a convex base given by its corners, answering with the
    vertices of the part in the arc (plain arithmetic, no geometry objects)."""
    if half_angle >= 180.0:
        return corners_ if _point_polygon_distance(apex, corners_) <= radius + 1e-9 else None
    if half_angle >= 90.0:
        part = arc_part(apex, facing, half_angle, radius, corners_)
        if part is None:
            return None
        hull = part.convex_hull
        pts = [(float(x), float(y)) for x, y in shapely.get_coordinates(hull)]
        return pts[:-1] if len(pts) > 3 else pts
    clipped = arc_clip(apex, facing, half_angle, corners_)
    if not clipped or _point_polygon_distance(apex, clipped) > radius + 1e-9:
        return None
    return list(dict.fromkeys(clipped))


def arc_aim(
    apex: Point, facing: float, half_angle: float, radius: float, corners_: list[Point]
) -> tuple[list[Point], Point] | None:
    """The part of a convex base inside the arc and its point nearest the apex,
    or None when no part within `radius` is in the arc (arc_part_coords, plus
    the nearest point, computed once)."""
    if half_angle >= 90.0:
        part = arc_part_coords(apex, facing, half_angle, radius, corners_)
        if part is None:
            return None
        return part, nearest_on_convex(apex, part)[0]
    clipped = arc_clip(apex, facing, half_angle, corners_)
    if not clipped:
        return None
    near, d = nearest_on_convex(apex, clipped)
    if d > radius + 1e-9:
        return None
    return list(dict.fromkeys(clipped)), near


def arc_part(
    apex: Point, facing: float, half_angle: float, radius: float,
    target: BaseGeometry | list[Point],
) -> BaseGeometry | None:
    """The part of `target` (a convex base, as a polygon or its corners) that lies
    in the arc, or None if no part of it within `radius` does."""
    if isinstance(target, list):
        coords = target
        geom: BaseGeometry = shapely.polygons(coords)
    else:
        geom = target
        coords = [(float(x), float(y)) for x, y in shapely.get_coordinates(target)[:-1]]
    if half_angle >= 180.0:
        return geom if point_distance(apex, geom) <= radius + 1e-9 else None
    if half_angle >= 90.0:
        part = geom.intersection(wedge(apex, facing, half_angle, radius))
        if part.is_empty or point_distance(apex, part) > radius + 1e-9:
            return None
        return part
    clipped = arc_clip(apex, facing, half_angle, coords)
    if not clipped or _point_polygon_distance(apex, clipped) > radius + 1e-9:
        return None
    unique = list(dict.fromkeys((round(x, 9), round(y, 9)) for x, y in clipped))
    if len(unique) >= 3:
        poly: BaseGeometry = shapely.polygons(clipped)
        if poly.area > 1e-12:
            return poly
    if len(unique) == 1:
        return SPoint(unique[0])
    return shapely.convex_hull(shapely.multipoints(unique))


def in_arc(
    apex: Point, facing: float, half_angle: float, radius: float, target: BaseGeometry
) -> bool:
    """Does any part of `target` lie within the arc and within `radius`?"""
    if point_distance(apex, target) > radius + 1e-9:
        return False
    return arc_part(apex, facing, half_angle, radius, target) is not None


def aspect(target_centre: Point, target_facing: float, attacker: Point) -> Aspect:
    """Where `attacker` (its centre) stands relative to a target (RULINGS).

    Within 45 degrees of the facing (seen from the target's centre): front;
    beyond 135 degrees: rear; between: flank.
    """
    rel = abs(angle_diff(bearing(target_centre, attacker), target_facing))
    if rel <= FRONT_HALF_ANGLE + 1e-9:
        return Aspect.FRONT
    if rel >= 180.0 - FRONT_HALF_ANGLE - 1e-9:
        return Aspect.REAR
    return Aspect.FLANK
