"""Scenario shapes as QPainterPaths, in table inches.

Smooth lines go through their points as a Catmull-Rom spline (centripetal
enough for the gentle bends of rivers and roads), drawn as cubic Béziers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF

from desktop.scenario.geometry import outline
from desktop.scenario.model import LineShape, Point, Shape

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry


def polygon(points: Sequence[Point]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def polyline_path(points: Sequence[Point], smooth: bool = False) -> QPainterPath:
    """A path through `points`: straight segments, or a smooth spline through them."""
    path = QPainterPath()
    if not points:
        return path
    pts = [QPointF(x, y) for x, y in points]
    path.moveTo(pts[0])
    if not smooth or len(pts) < 3:
        for p in pts[1:]:
            path.lineTo(p)
        return path
    # Catmull-Rom with tension 0.5: the control points of the segment b->c are
    # b + (c - a) / 6 and c - (d - b) / 6; the ends repeat their end point.
    ext = [pts[0], *pts, pts[-1]]
    for i in range(1, len(ext) - 2):
        a, b, c, d = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        c1 = b + (c - a) / 6.0
        c2 = c - (d - b) / 6.0
        path.cubicTo(c1, c2, c)
    return path


def area_path(points: Sequence[Point]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(polygon(points))
    path.closeSubpath()
    return path


def shape_path(shape: Shape) -> QPainterPath:
    """The centre line of a line shape, or the closed outline of an area."""
    if isinstance(shape, LineShape):
        return polyline_path(shape.points, shape.smooth)
    return area_path(outline(shape))


def geometry_path(geom: BaseGeometry) -> QPainterPath:
    """A shapely polygon or multipolygon (holes included) as a path."""
    from shapely.geometry import MultiPolygon, Polygon

    path = QPainterPath()
    path.setFillRule(path.fillRule().OddEvenFill)
    polys: list[Polygon]
    if isinstance(geom, Polygon):
        polys = [geom]
    elif isinstance(geom, MultiPolygon):
        polys = list(geom.geoms)
    else:
        polys = [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]
    for poly in polys:
        if poly.is_empty:
            continue
        for ring in (poly.exterior, *poly.interiors):
            path.addPolygon(polygon(list(ring.coords)))
            path.closeSubpath()
    return path
