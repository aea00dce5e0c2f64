"""Editing the points of a feature's outline one vertex at a time."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.terrain import _feature_index, replace_feature
from desktop.scenario.geometry import outline
from desktop.scenario.model import LineShape, Point, PolygonShape, Scenario, Shape


def vertices(shape: Shape) -> list[Point]:
    """The points a vertex tool edits (a rectangle's or ellipse's outline)."""
    return outline(shape)


def _as_editable(shape: Shape) -> PolygonShape | LineShape:
    """Rectangles and ellipses become polygons once their vertices are edited."""
    if isinstance(shape, (PolygonShape, LineShape)):
        return shape
    return PolygonShape(tuple(outline(shape)))


def _with_points(shape: PolygonShape | LineShape, pts: Sequence[Point]) -> Shape:
    if isinstance(shape, LineShape):
        return replace(shape, points=tuple(pts))
    return PolygonShape(tuple(pts))


def move_vertex(s: Scenario, fid: str, index: int, point: Point) -> Scenario:
    f = s.terrain[_feature_index(s, fid)]
    shape = _as_editable(f.shape)
    pts = list(shape.points)
    if not 0 <= index < len(pts):
        raise EditError(f"'{f.name or f.id}' has no vertex {index}")
    pts[index] = point
    return replace_feature(s, replace(f, shape=_with_points(shape, pts)))


def insert_vertex(s: Scenario, fid: str, index: int, point: Point) -> Scenario:
    """Insert `point` so that it becomes vertex `index`."""
    f = s.terrain[_feature_index(s, fid)]
    shape = _as_editable(f.shape)
    pts = list(shape.points)
    if not 0 <= index <= len(pts):
        raise EditError(f"'{f.name or f.id}' has no place for vertex {index}")
    pts.insert(index, point)
    return replace_feature(s, replace(f, shape=_with_points(shape, pts)))


def delete_vertex(s: Scenario, fid: str, index: int) -> Scenario:
    f = s.terrain[_feature_index(s, fid)]
    shape = _as_editable(f.shape)
    pts = list(shape.points)
    least = 2 if isinstance(shape, LineShape) else 3
    if len(pts) <= least:
        what = "a line" if least == 2 else "an area"
        raise EditError(f"{what} needs at least {least} points; delete the feature instead")
    if not 0 <= index < len(pts):
        raise EditError(f"'{f.name or f.id}' has no vertex {index}")
    del pts[index]
    return replace_feature(s, replace(f, shape=_with_points(shape, pts)))


def nearest_edge(shape: Shape, p: Point) -> tuple[int, Point, float]:
    """(insert index, nearest point on the outline, distance) for inserting a vertex."""
    pts = vertices(shape)
    closed = not isinstance(shape, LineShape)
    n = len(pts)
    best = (1, pts[0], math.inf)
    segs = n if closed else n - 1
    for i in range(segs):
        a, b = pts[i], pts[(i + 1) % n]
        q, d = _project(p, a, b)
        if d < best[2]:
            best = (i + 1, q, d)
    return best


def _project(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    ax, ay = a
    bx, by = b
    vx, vy = bx - ax, by - ay
    ll = vx * vx + vy * vy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / ll))
    q = (ax + t * vx, ay + t * vy)
    return q, math.hypot(p[0] - q[0], p[1] - q[1])
