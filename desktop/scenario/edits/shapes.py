"""Checking, rounding and mapping the points of a shape: shared by terrain, zones and paste."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from desktop.scenario.crossings import crossing_words, ring_crossings
from desktop.scenario.edits.base import CrossingError, EditError, _norm_angle, _r, _rp
from desktop.scenario.geometry import shape_area, shape_problem, table_polygon
from desktop.scenario.model import (
    EllipseShape,
    LineShape,
    Point,
    PolygonShape,
    RectShape,
    Shape,
    Table,
)


def _check_shape(shape: Shape, table: Table, what: str = "the shape") -> None:
    why = shape_problem(shape)
    if why:
        if isinstance(shape, PolygonShape) and "crosses itself" in why:
            found = ring_crossings(shape.points)
            if found:
                raise CrossingError(
                    f"{what} cannot be used: it crosses itself "
                    f"({crossing_words(found, table.unit, len(shape.points))})",
                    found, shape.points)
        raise EditError(f"{what} cannot be used: {why}")
    if isinstance(shape, LineShape) and shape.width <= 0:
        raise EditError(f"{what} cannot be used: the width must be more than 0")
    if isinstance(shape, RectShape) and min(shape.size) <= 0:
        raise EditError(f"{what} cannot be used: the rectangle has no area")
    if isinstance(shape, EllipseShape) and min(shape.radii) <= 0:
        raise EditError(f"{what} cannot be used: the ellipse has no area")
    if not shape_area(shape).intersects(table_polygon(table)):
        raise EditError(f"{what} lies wholly off the table")


def _round_shape(shape: Shape) -> Shape:
    if isinstance(shape, PolygonShape):
        return PolygonShape(tuple(_rp(p) for p in shape.points))
    if isinstance(shape, LineShape):
        return replace(shape, points=tuple(_rp(p) for p in shape.points), width=_r(shape.width))
    if isinstance(shape, RectShape):
        return RectShape(_rp(shape.centre), _rp(shape.size), _r(shape.rotation))
    return EllipseShape(_rp(shape.centre), _rp(shape.radii), _r(shape.rotation))


def _map_points(shape: Shape, fn: Callable[[Point], Point], rot: float = 0.0,
                scale: tuple[float, float] = (1.0, 1.0)) -> Shape:
    if isinstance(shape, PolygonShape):
        return PolygonShape(tuple(fn(p) for p in shape.points))
    if isinstance(shape, LineShape):
        return replace(shape, points=tuple(fn(p) for p in shape.points))
    if isinstance(shape, RectShape):
        size = (shape.size[0] * scale[0], shape.size[1] * scale[1])
        return RectShape(fn(shape.centre), size, _norm_angle(shape.rotation + rot))
    radii = (shape.radii[0] * scale[0], shape.radii[1] * scale[1])
    return EllipseShape(fn(shape.centre), radii, _norm_angle(shape.rotation + rot))


def _rotate_point(p: Point, pivot: Point, degrees: float) -> Point:
    """Rotate clockwise on screen (y down) by `degrees` about `pivot`."""
    a = math.radians(degrees)
    c, sn = math.cos(a), math.sin(a)
    x, y = p[0] - pivot[0], p[1] - pivot[1]
    return (pivot[0] + x * c - y * sn, pivot[1] + x * sn + y * c)
