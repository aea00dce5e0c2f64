"""Terrain on the map: each type with a fill *and* a pattern or line style, so the map
still reads from a grey printer; drawn bottom layer first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import shapely
from reportlab.lib import colors
from shapely.geometry import Polygon as SPolygon

from desktop.scenario.geometry import shape_area
from desktop.scenario.model import LineShape, Point, Scenario, TerrainFeature
from desktop.scenario.vocabulary import TerrainType
from printouts.map_view import View, _path, _poly_path
from printouts.style import Canvas, hex_colour, shade, tint


@dataclass(frozen=True)
class TerrainStyle:
    fill: str
    edge: str
    pattern: str = ""  # trees, hatch, dots, tufts, rows, blocks, contour, water
    dash: tuple[float, ...] = ()
    line_width: float = 0.8  # points, for area edges


STYLES: Final[dict[TerrainType, TerrainStyle]] = {
    TerrainType.LAKE: TerrainStyle("#a9cbe6", "#4d7fa8", "water"),
    TerrainType.MARSH: TerrainStyle("#c9dccb", "#6f8f78", "tufts", (2, 1.5)),
    TerrainType.DIFFICULT: TerrainStyle("#e2d6bd", "#8d7b5a", "dots", (2, 1.5)),
    TerrainType.CROPS: TerrainStyle("#efe0a0", "#a98f3a", "rows"),
    TerrainType.HILL: TerrainStyle("#dcc69c", "#7a5c33", "contour", (), 1.1),
    TerrainType.RIDGE: TerrainStyle("#e9dcbc", "#8c7049", "contour", (3, 2), 0.9),
    TerrainType.WOOD: TerrainStyle("#b9d3a0", "#4f6f3a", "trees"),
    TerrainType.TOWN: TerrainStyle("#e3d3c6", "#7b5f52", "blocks"),
    TerrainType.BUILDING: TerrainStyle("#9c8f85", "#3d3733", "hatch", (), 1.0),
    TerrainType.REDOUBT: TerrainStyle("#cdb694", "#5e4428", "hatch", (), 1.6),
    TerrainType.BRIDGE: TerrainStyle("#b48a5c", "#4e3520", "planks", (), 1.0),
    TerrainType.FORD: TerrainStyle("#cfe2f0", "#4d7fa8", "", (1.5, 1.5)),
    # line features: fill is the body colour, edge the bank or kerb
    TerrainType.RIVER: TerrainStyle("#8fbbe0", "#3f6f99", "water"),
    TerrainType.STREAM: TerrainStyle("#9cc5e6", "#3f6f99", "water"),
    TerrainType.ROAD: TerrainStyle("#e0c89c", "#8a6e46"),
    TerrainType.TRENCH: TerrainStyle("#7a5a3a", "#3b2a1a", "", (3, 1.5)),
    TerrainType.FENCE: TerrainStyle("#8a6a40", "#8a6a40", "ticks"),
    TerrainType.LOW_WALL: TerrainStyle("#9a958c", "#4a4640"),
    TerrainType.HIGH_WALL: TerrainStyle("#6c6760", "#2c2925"),
}


#: Drawing order, bottom first.
LAYERS: Final = (
    TerrainType.LAKE, TerrainType.MARSH, TerrainType.DIFFICULT, TerrainType.CROPS,
    TerrainType.HILL, TerrainType.RIDGE, TerrainType.WOOD, TerrainType.RIVER,
    TerrainType.STREAM, TerrainType.FORD, TerrainType.ROAD, TerrainType.BRIDGE,
    TerrainType.TOWN, TerrainType.BUILDING, TerrainType.REDOUBT, TerrainType.TRENCH,
    TerrainType.FENCE, TerrainType.LOW_WALL, TerrainType.HIGH_WALL,
)


def _polygons(geom: object) -> list[SPolygon]:
    """The non-empty polygons in `geom` (a crest contour inside a thin shape is empty)."""
    if isinstance(geom, SPolygon):
        return [] if geom.is_empty else [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, SPolygon) and not g.is_empty]


def _grid_points(poly: SPolygon, step: float, stagger: bool = True) -> list[Point]:
    """Points on a (staggered) grid inside `poly`, for tree and tuft patterns."""
    minx, miny, maxx, maxy = poly.bounds
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step * 0.866)
    if len(xs) == 0 or len(ys) == 0:
        return [(poly.representative_point().x, poly.representative_point().y)]
    gx, gy = np.meshgrid(xs, ys)
    if stagger:
        gx = gx + (np.arange(len(ys))[:, None] % 2) * step / 2
    fx, fy = gx.ravel(), gy.ravel()
    inner = poly.buffer(-step * 0.3)
    target = inner if not inner.is_empty else poly
    inside = shapely.contains_xy(target, fx, fy)
    pts = [(float(x), float(y)) for x, y in zip(fx[inside], fy[inside], strict=True)]
    if not pts:
        rp = poly.representative_point()
        pts = [(rp.x, rp.y)]
    return pts


def _pattern(c: Canvas, v: View, f: TerrainFeature, poly: SPolygon, st: TerrainStyle) -> None:
    k = v.k
    edge = hex_colour(st.edge)
    c.saveState()
    c.clipPath(_poly_path(c, v, poly), stroke=0, fill=0)
    if st.pattern == "trees":
        r = 0.9
        dense = bool(f.prop("dense"))
        for i, (x, y) in enumerate(_grid_points(poly, 1.9 if dense else 2.4)):
            px, py = v.p(x, y)
            c.setFillColor(colors.HexColor("#8fb474") if i % 3 else colors.HexColor("#7ea865"))
            c.setStrokeColor(edge)
            c.setLineWidth(max(0.3, 0.05 * k))
            c.circle(px, py, r * k, stroke=1, fill=1)
            c.setFillColor(edge)
            c.circle(px + r * k * 0.15, py - r * k * 0.2, r * k * 0.16, stroke=0, fill=1)
    elif st.pattern in ("hatch", "rows"):
        c.setStrokeColor(edge)
        c.setLineWidth(max(0.25, 0.04 * k) if st.pattern == "hatch" else max(0.3, 0.05 * k))
        minx, miny, maxx, maxy = poly.bounds
        step = 0.8 if st.pattern == "hatch" else 1.0
        span = (maxx - minx) + (maxy - miny)
        t = -span
        while t < span:
            if st.pattern == "hatch":
                a = v.p(minx + t, miny)
                b = v.p(minx + t + (maxy - miny), maxy)
            else:
                a = v.p(minx + t, maxy)
                b = v.p(minx + t + (maxy - miny) * 0.35, miny)
            c.line(a[0], a[1], b[0], b[1])
            t += step
    elif st.pattern == "dots":
        c.setFillColor(edge)
        for x, y in _grid_points(poly, 1.2):
            px, py = v.p(x, y)
            c.circle(px, py, max(0.35, 0.09 * k), stroke=0, fill=1)
    elif st.pattern == "tufts":
        c.setStrokeColor(edge)
        c.setLineWidth(max(0.3, 0.05 * k))
        for x, y in _grid_points(poly, 2.0):
            px, py = v.p(x, y)
            for dx in (-0.35, 0.0, 0.35):
                c.line(px + dx * k * 0.4, py, px + dx * k, py + 0.55 * k)
            c.line(px - 0.5 * k, py, px + 0.5 * k, py)
    elif st.pattern == "water":
        c.setStrokeColor(tint(edge, 0.35))
        c.setLineWidth(max(0.3, 0.05 * k))
        for x, y in _grid_points(poly, 2.6):
            px, py = v.p(x, y)
            p = c.beginPath()
            p.moveTo(px - 0.6 * k, py)
            p.curveTo(px - 0.3 * k, py + 0.25 * k, px, py - 0.25 * k, px + 0.3 * k, py)
            c.drawPath(p, stroke=1, fill=0)
    elif st.pattern == "blocks":
        c.setFillColor(colors.HexColor("#b39a8a"))
        c.setStrokeColor(edge)
        c.setLineWidth(max(0.3, 0.04 * k))
        for i, (x, y) in enumerate(_grid_points(poly, 2.2)):
            w, h = (1.2, 0.8) if i % 2 else (0.9, 1.1)
            px, py = v.p(x - w / 2, y + h / 2)
            c.rect(px, py, w * k, h * k, stroke=1, fill=1)
    elif st.pattern == "planks":
        c.setStrokeColor(edge)
        c.setLineWidth(max(0.3, 0.04 * k))
        minx, miny, maxx, maxy = poly.bounds
        y = miny + 0.4
        while y < maxy:
            a, b = v.p(minx, y), v.p(maxx, y)
            c.line(a[0], a[1], b[0], b[1])
            y += 0.5
    c.restoreState()


def _area(c: Canvas, v: View, f: TerrainFeature, st: TerrainStyle) -> None:
    geom = shape_area(f.shape)
    for poly in _polygons(geom):
        c.setFillColor(hex_colour(st.fill))
        c.drawPath(_poly_path(c, v, poly), stroke=0, fill=1)
        if st.pattern == "contour":
            # a second contour inside: the crest
            h = f.prop("height")
            levels = max(1, min(3, int(h) if isinstance(h, (int, float)) else 1))
            for lvl in range(1, levels + 1):
                inner = poly.buffer(-min(poly.bounds[2] - poly.bounds[0],
                                         poly.bounds[3] - poly.bounds[1]) * 0.16 * lvl)
                for ip in _polygons(inner):
                    c.setFillColor(shade(hex_colour(st.fill), 0.06 * lvl))
                    c.setStrokeColor(hex_colour(st.edge))
                    c.setLineWidth(0.5)
                    if st.dash:
                        c.setDash(*st.dash)
                    c.drawPath(_poly_path(c, v, ip), stroke=1, fill=1)
                    c.setDash()
        elif st.pattern:
            _pattern(c, v, f, poly, st)
        c.setStrokeColor(hex_colour(st.edge))
        c.setLineWidth(st.line_width)
        if st.dash:
            c.setDash(*st.dash)
        c.drawPath(_poly_path(c, v, poly), stroke=1, fill=0)
        c.setDash()


def _line(c: Canvas, v: View, f: TerrainFeature, st: TerrainStyle) -> None:
    shape = f.shape
    assert isinstance(shape, LineShape)
    pts = list(shape.points)
    path = _path(c, v, pts, closed=False, smooth=shape.smooth)
    wpt = shape.width * v.k
    c.saveState()
    c.setLineJoin(1)
    if f.type in (TerrainType.RIVER, TerrainType.STREAM, TerrainType.ROAD):
        c.setLineCap(0 if f.type is TerrainType.ROAD else 1)
        c.setStrokeColor(hex_colour(st.edge))
        c.setLineWidth(wpt + 1.4)
        c.drawPath(path, stroke=1, fill=0)
        c.setStrokeColor(hex_colour(st.fill))
        c.setLineWidth(max(0.3, wpt - 0.2))
        c.drawPath(path, stroke=1, fill=0)
        if f.type is not TerrainType.ROAD:
            c.setStrokeColor(tint(hex_colour(st.edge), 0.45))
            c.setLineWidth(min(1.2, max(0.3, wpt * 0.08)))
            c.setDash(min(wpt * 0.9, 14.0), min(wpt * 0.7, 10.0))
            c.drawPath(path, stroke=1, fill=0)
        elif bool(f.prop("track")):
            c.setStrokeColor(hex_colour(st.edge))
            c.setLineWidth(0.4)
            c.setDash(2, 2)
            c.drawPath(path, stroke=1, fill=0)
    elif f.type is TerrainType.FENCE:
        c.setStrokeColor(hex_colour(st.edge))
        c.setLineWidth(max(0.6, wpt))
        c.drawPath(path, stroke=1, fill=0)
        c.setLineWidth(max(0.6, wpt * 0.8))
        c.setDash(max(0.6, wpt * 0.8), max(3.0, 1.0 * v.k))
        c.setLineCap(0)
        c.setLineWidth(max(2.2, wpt * 3))
        c.drawPath(path, stroke=1, fill=0)
    elif f.type is TerrainType.TRENCH:
        c.setStrokeColor(hex_colour(st.fill))
        c.setLineWidth(max(0.8, wpt))
        c.drawPath(path, stroke=1, fill=0)
        c.setStrokeColor(hex_colour(st.edge))
        c.setLineWidth(max(0.5, wpt * 0.25))
        c.setDash(*st.dash)
        c.drawPath(path, stroke=1, fill=0)
    else:  # walls: a solid band with a darker edge
        c.setLineCap(2)
        c.setStrokeColor(hex_colour(st.edge))
        c.setLineWidth(max(1.4, wpt + 1.0))
        c.drawPath(path, stroke=1, fill=0)
        c.setStrokeColor(hex_colour(st.fill))
        c.setLineWidth(max(0.6, wpt - 0.2))
        c.drawPath(path, stroke=1, fill=0)
        if f.type is TerrainType.LOW_WALL:
            c.setStrokeColor(hex_colour(st.edge))
            c.setLineWidth(0.3)
            c.setDash(max(1.0, 0.6 * v.k), max(1.0, 0.6 * v.k))
            c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def draw_terrain(c: Canvas, v: View, scenario: Scenario) -> None:
    order = {t: i for i, t in enumerate(LAYERS)}
    for f in sorted(scenario.terrain, key=lambda f: order.get(f.type, 0)):
        st = STYLES[f.type]
        if isinstance(f.shape, LineShape) and f.type not in (TerrainType.BRIDGE,
                                                              TerrainType.FORD):
            _line(c, v, f, st)
        else:
            _area(c, v, f, st)
