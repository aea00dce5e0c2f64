"""The map sheet: the table to scale on one page, and optionally tiled full size.

Table coordinates are inches with y growing down (RULINGS); a `View` maps
them to page points.  Terrain is styled per type with a fill *and* a pattern
or line style, so the map still reads from a grey printer; units are their
bases (rotated to their facing, the front edge heavy) numbered as on the
roster sheets.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import shapely
from reportlab.lib import colors
from shapely.geometry import Polygon as SPolygon

from desktop.scenario.describe import game_text
from desktop.scenario.geometry import deployment_zone, rect_corners, right, shape_area
from desktop.scenario.model import LineShape, Point, Scenario, TerrainFeature, column_name
from desktop.scenario.vocabulary import (
    CM_PER_INCH,
    TERRAIN_LABELS,
    LengthUnit,
    TerrainType,
)
from printouts.context import Context
from printouts.ruleset_sheets import ruleset_name
from printouts.style import (
    INK,
    INK_SOFT,
    WHITE,
    Canvas,
    Color,
    draw_block,
    draw_fitted,
    draw_text,
    edge_colour,
    ellipsize,
    fit_block,
    footer,
    hex_colour,
    is_light,
    paper_size,
    shade,
    star,
    text_on,
    tint,
    width,
)
from printouts.symbols import draw_symbol
from printouts.texts import victory_line

MARGIN: Final = 28.0
HEADER_H: Final = 44.0
LEGEND_W: Final = 158.0
TABLE_FILL: Final = colors.HexColor("#f1f0e0")
GRID: Final = colors.HexColor("#b9b6a3")
TILE_OVERLAP: Final = 0.5  # inches shared by neighbouring tiles
TILE_MARGIN: Final = 22.0
#: A tile showing less new table than this (inches) beyond the strip it shares is
#: only margin: it is not printed.
TILE_MIN_TABLE: Final = 0.05
#: The widest a name on the map may print (points on the paper) unless its
#: feature is wider; longer names end with an ellipsis.
LABEL_MAX: Final = 144.0
#: Spots inside an area tried for its name, nearest the middle first ...
LABEL_INSIDE_TRIES: Final = 400
#: ... then rings around it, each a name's height farther out.
LABEL_RINGS: Final = 12


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


Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 on the page


def _overlaps(r: Rect, placed: list[Rect]) -> bool:
    return any(r[0] < q[2] and q[0] < r[2] and r[1] < q[3] and q[1] < r[3] for q in placed)


def objective_label_rects(ctx: Context, v: View) -> list[Rect]:
    f = ctx.fonts
    out: list[Rect] = []
    for o in ctx.scenario.game.objectives:
        px, py = v.p(*o.position)
        size = max(6.0, min(9.0, v.k * 0.6))
        tw = width(objective_label(ctx, o.name, size), f.bold, size)
        out.append((px - 2, py - size - 3, px + tw + 8, py + size * 1.7))
    return out


def objective_label(ctx: Context, name: str, size: float) -> str:
    """An objective's name as printed beside its flag: at most LABEL_MAX wide."""
    return ellipsize(name, ctx.fonts.bold, size, LABEL_MAX)


@dataclass(frozen=True)
class Label:
    """A feature's name where it prints: its baseline centre and its box on the page."""

    name: str
    x: float
    y: float
    size: float
    rect: Rect


def unit_outlines(ctx: Context, v: View) -> list[SPolygon]:
    """Every unit base (and officer star) as a polygon on the page: what a name must not
    cover."""
    out: list[SPolygon] = []
    for side in ctx.scenario.sides:
        for u in side.units:
            pts = rect_corners(u.position, u.base.frontage, u.base.depth, u.facing)
            out.append(SPolygon([v.p(*q) for q in pts]).buffer(1.0))
        r = max(3.5, min(7.0, v.k * 0.6)) + 1.0
        for o in side.officers:
            px, py = v.p(*o.position)
            out.append(shapely.box(px - r, py - r, px + r, py + r))
    return out


def _objective_marks(ctx: Context, v: View) -> list[Rect]:
    """The flags on their poles (their names are objective_label_rects)."""
    out: list[Rect] = []
    for o in ctx.scenario.game.objectives:
        px, py = v.p(*o.position)
        s = max(5.0, min(10.0, v.k * 0.8))
        out.append((px - 2, py - 2, px + s + 1, py + s * 1.6 + 1))
    return out


def _anchors(f: TerrainFeature, v: View, step: float) -> list[Point]:
    """Where a feature's name may go, best first (page points): the middle of an area
    and then the rest of it nearest the middle first, or along a line from its middle
    outwards; then rings around it, farther and farther out."""
    from shapely.geometry import LineString

    area = shape_area(f.shape)
    if isinstance(f.shape, LineShape):
        line = LineString(f.shape.points)
        mid = line.interpolate(0.5, normalized=True)
        centre = (mid.x, mid.y)
        inside = [line.interpolate(0.5 + d * sign, normalized=True)
                  for d in (0.05 * i for i in range(1, 10)) for sign in (-1, 1)]
        first = [(p.x, p.y) for p in inside]
    else:
        rp = area.representative_point()
        centre = (rp.x, rp.y)
        minx, miny, maxx, maxy = area.bounds
        xs = np.arange(minx, maxx, step)
        ys = np.arange(miny, maxy, step / 2)
        gx, gy = np.meshgrid(xs, ys)
        px, py = gx.ravel(), gy.ravel()
        keep = shapely.contains_xy(area, px, py)
        px, py = px[keep], py[keep]
        order = np.argsort((px - centre[0]) ** 2 + 4 * (py - centre[1]) ** 2,
                           kind="stable")[:LABEL_INSIDE_TRIES]
        first = [(float(px[i]), float(py[i])) for i in order]
    rings: list[Point] = []
    radius = step
    for _ in range(LABEL_RINGS):
        for i in range(16):
            a = i * math.pi / 8
            rings.append((centre[0] + radius * math.cos(a), centre[1] + radius * 0.6 * math.sin(a)))
        radius += step
    return [v.p(*centre), *(v.p(*q) for q in first), *(v.p(*q) for q in rings)]


def place_labels(ctx: Context, v: View, units: bool = True) -> list[Label]:
    """Where each named area, river and road has its name: biggest features first, each
    at the first spot near its middle that covers no other name, no objective and (when
    `units`) no unit base or officer; a name that finds no free spot near its feature
    is still placed, on the first spot that at least leaves the units clear."""
    placed = objective_label_rects(ctx, v) + _objective_marks(ctx, v)
    bases = unit_outlines(ctx, v) if units else []
    t = ctx.scenario.table
    tx0, ty0 = v.p(0, t.depth)
    tx1, ty1 = v.p(t.width, 0)
    named = [f for f in ctx.scenario.terrain if f.name and (
        not isinstance(f.shape, LineShape)
        or f.type in (TerrainType.RIVER, TerrainType.STREAM, TerrainType.ROAD))]
    # bigger features first: they are the ones players look for
    named.sort(key=lambda f: -shape_area(f.shape).area)
    out: list[Label] = []
    for f in named:
        size = max(5.5, min(9.0, v.k * 0.55))
        minx, _, maxx, _ = shape_area(f.shape).bounds
        room = min(max(LABEL_MAX, (maxx - minx) * v.k), t.width * v.k)
        name = ellipsize(f.name, ctx.fonts.italic, size, room)
        tw = width(name, ctx.fonts.italic, size)
        fallback: Label | None = None
        chosen: Label | None = None
        for x, y in _anchors(f, v, (size + 4) * 1.6 / v.k):
            rect = (x - tw / 2 - 2, y - 2.5, x + tw / 2 + 2, y + size + 0.5)
            if rect[0] < tx0 or rect[2] > tx1 or rect[1] < ty0 or rect[3] > ty1:
                continue
            box = shapely.box(*rect)
            if any(b.intersects(box) for b in bases):
                continue
            here = Label(f.name, x, y, size, rect)
            if fallback is None:
                fallback = here
            if not _overlaps(rect, placed):
                chosen = here
                break
        label = chosen or fallback
        if label is None:
            continue  # the table is covered in units: nowhere a name can show
        placed.append(label.rect)
        out.append(Label(name, label.x, label.y, size, label.rect))
    return out


def draw_labels(c: Canvas, ctx: Context, v: View, units: bool = True,
                placed: list[Label] | None = None) -> None:
    """Name areas near their middle and rivers and roads along their middle, clear of
    the units and the objectives (place_labels).  `placed`: the labels already placed
    for a View at the page origin with this scale (the tiles share one placement)."""
    if placed is None:
        labels = place_labels(ctx, v, units)
    else:
        labels = [Label(lb.name, lb.x + v.ox, lb.y + v.oy, lb.size,
                        (lb.rect[0] + v.ox, lb.rect[1] + v.oy, lb.rect[2] + v.ox,
                         lb.rect[3] + v.oy)) for lb in placed]
    for label in labels:
        rect = label.rect
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.7))
        c.roundRect(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1], 2, stroke=0, fill=1)
        c.setFillColor(INK)
        draw_text(c, label.x, label.y, label.name, ctx.fonts.italic, label.size, "centre")


# --- grid ---------------------------------------------------------------------------------


def _col_label(i: int) -> str:
    return column_name(i).upper()


def grid_lines(scenario: Scenario) -> tuple[list[float], list[float], str]:
    """Vertical and horizontal grid positions (inches) and what a step is."""
    t = scenario.table
    if t.grid is not None:
        sq, (gx, gy) = t.grid.square, t.grid.origin
        xs = [gx + i * sq for i in range(-int(gx // sq) - 1, int((t.width - gx) / sq) + 2)]
        ys = [gy + i * sq for i in range(-int(gy // sq) - 1, int((t.depth - gy) / sq) + 2)]
        return ([x for x in xs if -1e-6 <= x <= t.width + 1e-6],
                [y for y in ys if -1e-6 <= y <= t.depth + 1e-6],
                f'squares of {sq:g}"')
    if t.unit is LengthUnit.CM:
        step = 10 / CM_PER_INCH
        what = "10 cm"
    else:
        step = 6.0
        what = '6"'
    xs = [i * step for i in range(int(t.width / step + 1e-6) + 1)]
    ys = [i * step for i in range(int(t.depth / step + 1e-6) + 1)]
    return xs, ys, what


def draw_grid(c: Canvas, ctx: Context, v: View) -> None:
    s = ctx.scenario
    t = s.table
    xs, ys, _ = grid_lines(s)
    c.saveState()
    c.setStrokeColor(GRID)
    c.setLineWidth(0.35)
    c.setDash(1.2, 1.6)
    for x in xs:
        a, b = v.p(x, 0), v.p(x, t.depth)
        c.line(a[0], a[1], b[0], b[1])
    for y in ys:
        a, b = v.p(0, y), v.p(t.width, y)
        c.line(a[0], a[1], b[0], b[1])
    c.restoreState()


def draw_grid_labels(c: Canvas, ctx: Context, v: View) -> None:
    s = ctx.scenario
    t = s.table
    xs, ys, _ = grid_lines(s)
    f = ctx.fonts
    c.setFillColor(INK_SOFT)
    size = 5.8
    c.setFont(f.regular, size)
    if t.grid is not None:  # squares: letters across, numbers down (like a chessboard)
        for i, (a, b) in enumerate(itertools.pairwise(xs)):
            px, py = v.p((a + b) / 2, 0)
            c.drawCentredString(px, py + 3, _col_label(i))
            px, py = v.p((a + b) / 2, t.depth)
            c.drawCentredString(px, py - size - 2, _col_label(i))
        for i, (a, b) in enumerate(itertools.pairwise(ys)):
            px, py = v.p(0, (a + b) / 2)
            c.drawRightString(px - 3, py - size / 3, str(i + 1))
            px, py = v.p(t.width, (a + b) / 2)
            c.drawString(px + 3, py - size / 3, str(i + 1))
        return
    cm = t.unit is LengthUnit.CM
    every = 1 if v.k * (xs[1] - xs[0] if len(xs) > 1 else 6) > 24 else 2
    for i, x in enumerate(xs):
        if i % every:
            continue
        px, py = v.p(x, 0)
        label = f"{x * CM_PER_INCH:.0f}" if cm else f"{x:g}"
        c.drawCentredString(px, py + 3, label)
    for i, y in enumerate(ys):
        if i % every:
            continue
        px, py = v.p(0, y)
        label = f"{y * CM_PER_INCH:.0f}" if cm else f"{y:g}"
        c.drawRightString(px - 3, py - size / 3, label)


# --- forces and the game --------------------------------------------------------------


def zone_hatch(colour: Color) -> Color:
    return tint(edge_colour(colour), 0.55) if is_light(colour) else tint(colour, 0.6)


def draw_zones(c: Canvas, ctx: Context, v: View, fill: bool) -> None:
    for i, side in enumerate(ctx.scenario.sides):
        pts = deployment_zone(ctx.scenario, side.id)
        colour = hex_colour(side.colour)
        path = _path(c, v, pts, closed=True)
        c.saveState()
        if fill:
            c.setFillColor(tint(colour, 0.84))
            c.drawPath(path, stroke=0, fill=1)
            # a hatch in the side's colour so the zone reads in grey too (a light
            # colour's hatch is drawn in its dark edge colour, or it would not show)
            c.clipPath(_path(c, v, pts, closed=True), stroke=0, fill=0)
            c.setStrokeColor(zone_hatch(colour))
            c.setLineWidth(0.5)
            poly = SPolygon(pts)
            minx, miny, maxx, maxy = poly.bounds
            span = (maxx - minx) + (maxy - miny)
            t = -span
            sign = 1 if i % 2 == 0 else -1
            while t < span:
                a = v.p(minx + t, miny if sign > 0 else maxy)
                b = v.p(minx + t + (maxy - miny), maxy if sign > 0 else miny)
                c.line(a[0], a[1], b[0], b[1])
                t += 2.0
        else:
            c.setStrokeColor(edge_colour(colour))
            c.setLineWidth(1.3)
            c.setDash(5, 3)
            c.drawPath(path, stroke=1, fill=0)
        c.restoreState()


def _unit_base(c: Canvas, v: View, pts: list[Point], colour: Color, hatch: bool) -> None:
    path = _path(c, v, pts, closed=True)
    c.setFillColor(colour)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.drawPath(path, stroke=1, fill=1)
    if hatch:  # the second side's bases carry a white inner line: tells them apart in grey
        cx = sum(p[0] for p in pts) / 4
        cy = sum(p[1] for p in pts) / 4
        inner = [(cx + (p[0] - cx) * 0.78, cy + (p[1] - cy) * 0.7) for p in pts]
        c.setStrokeColor(WHITE)
        c.setLineWidth(0.7)
        c.drawPath(_path(c, v, inner, closed=True), stroke=1, fill=0)
    # the front edge, heavy
    a, b = v.p(*pts[0]), v.p(*pts[1])
    c.setStrokeColor(INK)
    c.setLineWidth(max(1.4, v.k * 0.22))
    c.setLineCap(0)
    c.line(a[0], a[1], b[0], b[1])


def draw_units(c: Canvas, ctx: Context, v: View) -> None:
    f = ctx.fonts
    for si, side in enumerate(ctx.scenario.sides):
        colour = hex_colour(side.colour)
        ink = text_on(colour)
        for i, u in enumerate(side.units):
            pts = rect_corners(u.position, u.base.frontage, u.base.depth, u.facing)
            _unit_base(c, v, pts, colour, si % 2 == 1)
            fw, dp = u.base.frontage * v.k, u.base.depth * v.k
            sw = min(fw * 0.36, dp * 0.8, 20.0)
            sh = sw * 0.66
            roomy = fw >= 2.2 * sw and sw >= 7
            rx, ry = right(u.facing)
            if sw >= 7:
                shift = -u.base.frontage * 0.18 if roomy else 0.0
                px, py = v.p(u.position[0] + rx * shift, u.position[1] + ry * shift)
                c.saveState()
                c.translate(px, py)
                c.rotate(-u.facing)
                draw_symbol(c, u.type, -sw / 2, -sh / 2, sw, sh, fill=tint(colour, 0.75),
                            ink=INK, line=max(0.4, sw / 16))
                c.restoreState()
            # the number stays upright, inside the base if there is room, else beside it
            label = str(i + 1)
            size = max(4.5, min(8.0, dp * 0.55))
            c.setFont(f.bold, size)
            if roomy or sw < 7:
                shift = u.base.frontage * 0.25 if roomy else 0.0
                px, py = v.p(u.position[0] + rx * shift, u.position[1] + ry * shift)
                c.setFillColor(ink)
                c.drawCentredString(px, py - size / 3, label)
            else:
                poly = SPolygon([v.p(*q) for q in pts])
                minx, _, maxx, _ = poly.bounds
                _, cy = v.p(*u.position)
                tw = width(label, f.bold, size)
                c.setFillColor(colors.Color(1, 1, 1, alpha=0.75))
                c.rect(maxx + 0.8, cy - size / 2 - 0.5, tw + 2, size + 1, stroke=0, fill=1)
                c.setFillColor(INK)
                c.drawString(maxx + 1.8, cy - size / 3, label)
                del minx
        for o in side.officers:
            px, py = v.p(*o.position)
            c.setFillColor(tint(colour, 0.25))
            c.setStrokeColor(INK)
            c.setLineWidth(0.5)
            star(c, px, py, max(3.5, min(7.0, v.k * 0.6)))


def draw_objectives(c: Canvas, ctx: Context, v: View) -> None:
    f = ctx.fonts
    for o in ctx.scenario.game.objectives:
        px, py = v.p(*o.position)
        r = o.radius * v.k
        c.saveState()
        c.setStrokeColor(colors.HexColor("#6b1d14"))
        c.setLineWidth(1.0)
        c.setDash(3, 2)
        c.circle(px, py, r, stroke=1, fill=0)
        c.restoreState()
        # a flag on a pole
        s = max(5.0, min(10.0, v.k * 0.8))
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(px, py, px, py + s * 1.6)
        c.setFillColor(colors.HexColor("#c0392b"))
        p = c.beginPath()
        p.moveTo(px, py + s * 1.6)
        p.lineTo(px + s, py + s * 1.25)
        p.lineTo(px, py + s * 0.9)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.setFillColor(INK)
        c.circle(px, py, 1.3, stroke=0, fill=1)
        size = max(6.0, min(9.0, v.k * 0.6))
        name = objective_label(ctx, o.name, size)
        tw = width(name, f.bold, size)
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.8))
        c.roundRect(px + 3, py - size - 3, tw + 4, size + 3, 2, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#6b1d14"))
        draw_text(c, px + 5, py - size - 0.8, name, f.bold, size)


def draw_table(c: Canvas, ctx: Context, v: View, labels: bool = True,
               units: bool = True, placed: list[Label] | None = None) -> None:
    """Everything on the table, in table order; the caller clips if it must.
    `units`: the unit bases and officers too (a full-size tile leaves them off by
    default: it is a mat for real figures)."""
    t = ctx.scenario.table
    x0, y0 = v.p(0, t.depth)
    c.saveState()
    p = c.beginPath()
    p.rect(x0, y0, t.width * v.k, t.depth * v.k)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(TABLE_FILL)
    c.rect(x0, y0, t.width * v.k, t.depth * v.k, stroke=0, fill=1)
    draw_zones(c, ctx, v, fill=True)
    draw_terrain(c, v, ctx.scenario)
    draw_grid(c, ctx, v)
    draw_zones(c, ctx, v, fill=False)
    draw_labels(c, ctx, v, units, placed)
    draw_objectives(c, ctx, v)
    if units:
        draw_units(c, ctx, v)
    c.restoreState()
    if labels:
        draw_grid_labels(c, ctx, v)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.rect(x0, y0, t.width * v.k, t.depth * v.k, stroke=1, fill=0)


# --- the page ----------------------------------------------------------------------------


def _header(ctx: Context, page_w: float, page_h: float, subtitle: str) -> None:
    c = ctx.canvas
    f = ctx.fonts
    top = page_h - MARGIN
    c.setFillColor(INK)
    draw_fitted(c, MARGIN, top - 15, ctx.scenario.title, f.serif_bold, 15,
                page_w - 2 * MARGIN - 150, 8)
    c.setFont(f.bold, 10)
    c.drawRightString(page_w - MARGIN, top - 14, "MAP")
    line = f"{subtitle}  ·  {ruleset_name(ctx.ruleset)}  ·  {game_text(ctx.scenario)}  ·  " \
        f"{victory_line(ctx.scenario)}"
    block = fit_block(line, f.regular, 7.8, page_w - 2 * MARGIN, 1, 6.0)
    if block.cut:
        block = fit_block(line, f.regular, 6.5, page_w - 2 * MARGIN, 2, 5.5)
    draw_block(c, MARGIN, top - 21, block, INK_SOFT)


def _table_size_text(s: Scenario) -> str:
    t = s.table
    if t.unit is LengthUnit.CM:
        return f"Table {t.width * CM_PER_INCH:.0f} × {t.depth * CM_PER_INCH:.0f} cm"
    return f'Table {t.width:g}" × {t.depth:g}" ({t.width / 12:g} × {t.depth / 12:g} ft)'


def _legend(ctx: Context, x: float, top: float, w: float, v: View, grid_what: str) -> None:
    c = ctx.canvas
    f = ctx.fonts
    s = ctx.scenario
    y = top

    def heading(text: str) -> None:
        nonlocal y
        c.setFillColor(INK)
        c.setFont(f.bold, 8)
        c.drawString(x, y - 9, text)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.line(x, y - 12, x + w, y - 12)
        y -= 17

    def row(label: str, draw_swatch: object) -> None:
        nonlocal y
        if callable(draw_swatch):
            draw_swatch(x, y - 10)
        c.setFillColor(INK)
        draw_fitted(c, x + 26, y - 7.5, label, f.regular, 7, w - 26, 5.2)
        y -= 13

    heading("Terrain")
    present = [t for t in LAYERS if any(ft.type is t for ft in s.terrain)]
    swatch_view = View(0, 0, 6.0)
    for t in present:
        st = STYLES[t]

        def sw(px: float, py: float, t: TerrainType = t, st: TerrainStyle = st) -> None:
            sv = View(px, py + 10, swatch_view.k)
            c.saveState()
            clip = c.beginPath()
            clip.rect(px - 1, py - 1, 3.6 * sv.k + 2, 1.6 * sv.k + 2)
            c.clipPath(clip, stroke=0, fill=0)
            from desktop.scenario.model import PolygonShape

            if t in (TerrainType.RIVER, TerrainType.STREAM, TerrainType.ROAD,
                     TerrainType.FENCE, TerrainType.LOW_WALL, TerrainType.HIGH_WALL,
                     TerrainType.TRENCH):
                from desktop.scenario.vocabulary import DEFAULT_LINE_WIDTH

                wline = min(DEFAULT_LINE_WIDTH[t], 1.2)
                feat = TerrainFeature("k", t, LineShape(((-0.5, 0.8), (4.1, 0.8)), wline))
                _line(c, sv, feat, st)
            else:
                feat = TerrainFeature("k", t, PolygonShape(((0, 0), (3.6, 0), (3.6, 1.6),
                                                            (0, 1.6))))
                _area(c, sv, feat, st)
            c.restoreState()

        row(TERRAIN_LABELS[t], sw)
    if not present:
        c.setFillColor(INK_SOFT)
        c.setFont(f.italic, 7)
        c.drawString(x, y - 8, "Open ground only")
        y -= 13
    y -= 4
    heading("Forces")
    for si, side in enumerate(s.sides):
        colour = hex_colour(side.colour)

        def base(px: float, py: float, colour: Color = colour, si: int = si) -> None:
            bv = View(px, py + 10, 6.0)
            _unit_base(c, bv, rect_corners((1.8, 0.8), 3.2, 1.4, 0), colour, si % 2 == 1)

        row(f"{side.name}: units 1–{len(side.units)}" if side.units else side.name, base)

        def zone(px: float, py: float, colour: Color = colour) -> None:
            c.setFillColor(tint(colour, 0.84))
            c.setStrokeColor(edge_colour(colour))
            c.setLineWidth(1.0)
            c.setDash(4, 2)
            c.rect(px, py, 21, 9, stroke=1, fill=1)
            c.setDash()

        row(f"{side.name}: deployment", zone)

    def officer(px: float, py: float) -> None:
        c.setFillColor(WHITE)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        star(c, px + 10, py + 4.5, 5)

    if any(side.officers for side in s.sides):
        row("General / ADC", officer)

    def objective(px: float, py: float) -> None:
        c.setStrokeColor(colors.HexColor("#6b1d14"))
        c.setDash(2, 1.5)
        c.circle(px + 10, py + 4.5, 5, stroke=1, fill=0)
        c.setDash()
        c.setFillColor(colors.HexColor("#c0392b"))
        c.setStrokeColor(INK)
        c.line(px + 10, py + 4.5, px + 10, py + 12)
        p = c.beginPath()
        p.moveTo(px + 10, py + 12)
        p.lineTo(px + 15, py + 10)
        p.lineTo(px + 10, py + 8)
        p.close()
        c.drawPath(p, stroke=1, fill=1)

    if s.game.objectives:
        row("Objective (radius dashed)", objective)
    y -= 3
    c.setFillColor(INK_SOFT)
    for line in fit_block("Unit numbers match the roster sheets; the heavy edge of a base is its "
                          "front.", f.italic, 6.5, w, 4, 5.5).lines:
        c.setFont(f.italic, 6.5)
        c.drawString(x, y - 7, line)
        y -= 8
    y -= 6
    heading("Scale")
    c.setFillColor(INK)
    c.setFont(f.regular, 7)
    c.drawString(x, y - 7, _table_size_text(s))
    y -= 11
    c.drawString(x, y - 7, f"Grid: {grid_what}")
    y -= 14
    # a scale bar of 12" (or 30 cm)
    cm = s.table.unit is LengthUnit.CM
    length = (30 / CM_PER_INCH) if cm else 12.0
    seg = length / 4
    for i in range(4):
        c.setFillColor(INK if i % 2 == 0 else WHITE)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.rect(x + i * seg * v.k, y - 6, seg * v.k, 4, stroke=1, fill=1)
    c.setFont(f.regular, 6)
    c.setFillColor(INK)
    c.drawString(x, y - 14, "0")
    c.drawRightString(x + length * v.k, y - 14, "30 cm" if cm else '12"')
    y -= 24
    c.setFont(f.italic, 6.5)
    c.setFillColor(INK_SOFT)
    c.drawString(x, y - 7, f"1 inch on the table = {v.k / 72 * 25.4:.1f} mm here")


def overview_page(scenario: Scenario, paper: str) -> tuple[float, float, View]:
    """The overview's page size and where the table sits on it."""
    t = scenario.table
    page_w, page_h = paper_size(paper, landscape_=t.width >= t.depth)
    avail_w = page_w - 2 * MARGIN - LEGEND_W - 34
    avail_h = page_h - 2 * MARGIN - HEADER_H - 26
    k = min(avail_w / t.width, avail_h / t.depth)
    ox = MARGIN + 12 + (avail_w - t.width * k) / 2
    oy = page_h - MARGIN - HEADER_H - 10 - (avail_h - t.depth * k) / 2
    return page_w, page_h, View(ox, oy, k)


def draw_overview(ctx: Context) -> None:
    s = ctx.scenario
    page_w, page_h, v = overview_page(s, ctx.paper)
    ctx.new_page((page_w, page_h))
    c = ctx.canvas
    _, _, grid_what = grid_lines(s)
    _header(ctx, page_w, page_h, _table_size_text(s))
    draw_table(c, ctx, v)
    _baselines(ctx, v)
    _legend(ctx, page_w - MARGIN - LEGEND_W, page_h - MARGIN - HEADER_H, LEGEND_W, v, grid_what)
    footer(c, ctx.fonts, page_w, MARGIN, f"Volley  ·  {s.title}  ·  map", "")


def _baselines(ctx: Context, v: View) -> None:
    """Name each side's baseline outside the table edge."""
    c = ctx.canvas
    t = ctx.scenario.table
    f = ctx.fonts
    for side in ctx.scenario.sides:
        c.setFillColor(edge_colour(hex_colour(side.colour)))
        e = side.baseline.value
        edge = (t.width if e in ("north", "south") else t.depth) * v.k
        label = ellipsize(f"{side.name} baseline", f.bold, 7, edge)
        if e == "north":
            x, y = v.p(t.width / 2, 0)
            draw_text(c, x, y + 11, label, f.bold, 7, "centre")
        elif e == "south":
            x, y = v.p(t.width / 2, t.depth)
            draw_text(c, x, y - 17, label, f.bold, 7, "centre")
        else:
            x, y = v.p(0 if e == "west" else t.width, t.depth / 2)
            c.saveState()
            c.translate(x + (-14 if e == "west" else 14), y)
            c.rotate(90 if e == "west" else -90)
            draw_text(c, 0, 0, label, f.bold, 7, "centre")
            c.restoreState()


# --- tiles --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    x: float  # table inches of the tile's left edge
    y: float  # and its top edge
    w: float
    h: float

    @property
    def label(self) -> str:
        return f"{_col_label(self.row)}{self.col + 1}"


def new_table(extent: float, start: float) -> float:
    """How much of the table (inches, along one axis) a tile starting at `start` shows
    that its neighbour before it does not."""
    if start <= 0:
        return extent
    return max(0.0, extent - (start + TILE_OVERLAP))


def tiles_for(scenario: Scenario, paper: str) -> tuple[list[Tile], bool, int, int]:
    """The tiles covering the table at full size, choosing the orientation that needs fewer."""
    t = scenario.table
    best: tuple[list[Tile], bool, int, int] | None = None
    for land in (False, True):
        pw, ph = paper_size(paper, landscape_=land)
        aw = (pw - 2 * TILE_MARGIN) / 72.0
        ah = (ph - 2 * TILE_MARGIN - 16) / 72.0
        sx, sy = aw - TILE_OVERLAP, ah - TILE_OVERLAP
        cols = max(1, math.ceil((t.width - TILE_OVERLAP) / sx))
        rows = max(1, math.ceil((t.depth - TILE_OVERLAP) / sy))
        # a last column or row that would hold only its neighbour's shared strip
        # and margin is not printed
        while cols > 1 and new_table(t.width, (cols - 1) * sx) < TILE_MIN_TABLE:
            cols -= 1
        while rows > 1 and new_table(t.depth, (rows - 1) * sy) < TILE_MIN_TABLE:
            rows -= 1
        tiles = [Tile(r, col, col * sx, r * sy, aw, ah) for r in range(rows)
                 for col in range(cols)]
        if best is None or len(tiles) < len(best[0]):
            best = (tiles, land, rows, cols)
    assert best is not None
    return best


def draw_tiles(ctx: Context) -> None:
    s = ctx.scenario
    tiles, land, rows, cols = tiles_for(s, ctx.paper)
    page_w, page_h = paper_size(ctx.paper, landscape_=land)
    _tile_index(ctx, tiles, rows, cols)
    c = ctx.canvas
    # names are placed once for the whole table at full size, then shifted per tile
    placed = place_labels(ctx, View(0.0, 0.0, 72.0), ctx.tile_units)
    for k, tile in enumerate(tiles):
        if ctx.tick is not None:
            ctx.tick(k, len(tiles))
        ctx.new_page((page_w, page_h))
        ox = TILE_MARGIN
        oy = page_h - TILE_MARGIN - 16
        v = View(ox - tile.x * 72.0, oy + tile.y * 72.0, 72.0)
        c.saveState()
        p = c.beginPath()
        p.rect(ox, oy - tile.h * 72.0, tile.w * 72.0, tile.h * 72.0)
        c.clipPath(p, stroke=0, fill=0)
        draw_table(c, ctx, v, labels=False, units=ctx.tile_units, placed=placed)
        _tile_coords(ctx, v, tile)
        c.restoreState()
        _overlap_marks(ctx, tile, rows, cols, ox, oy)
        c.setFillColor(INK)
        c.setFont(ctx.fonts.bold, 11)
        c.drawString(TILE_MARGIN, page_h - TILE_MARGIN - 8, f"Tile {tile.label}")
        c.setFont(ctx.fonts.regular, 7)
        c.setFillColor(INK_SOFT)
        covers = (f'covers x {tile.x:.1f}–{min(s.table.width, tile.x + tile.w):.1f}", '
                  f'y {tile.y:.1f}–{min(s.table.depth, tile.y + tile.h):.1f}"')
        room = (page_w - 2 * TILE_MARGIN - 50 - width(covers, ctx.fonts.regular, 7) - 12)
        draw_text(c, TILE_MARGIN + 50, page_h - TILE_MARGIN - 7.5,
                  ellipsize(f"row {_col_label(tile.row)} of {_col_label(rows - 1)}, column "
                            f"{tile.col + 1} of {cols}  ·  full size  ·  {s.title}",
                            ctx.fonts.regular, 7, room), ctx.fonts.regular, 7)
        c.drawRightString(page_w - TILE_MARGIN, page_h - TILE_MARGIN - 7.5, covers)
        c.setFont(ctx.fonts.regular, 6.5)
        c.drawString(TILE_MARGIN, TILE_MARGIN - 12,
                     "Print at 100% (no 'fit to page'); trim one edge of each shared strip and "
                     "lay the next tile over it, matching the + marks.")


def _tile_coords(ctx: Context, v: View, tile: Tile) -> None:
    """Inch marks along the tile's top and left edges, inside the clip."""
    c = ctx.canvas
    c.setFillColor(INK_SOFT)
    c.setFont(ctx.fonts.regular, 6)
    t = ctx.scenario.table
    for x in range(int(tile.x) + 1, int(min(t.width, tile.x + tile.w)) + 1):
        if x % 6 == 0:
            px, py = v.p(x, tile.y)
            c.drawCentredString(px, py - 8, f'{x}"')
    for y in range(int(tile.y) + 1, int(min(t.depth, tile.y + tile.h)) + 1):
        if y % 6 == 0:
            px, py = v.p(tile.x, y)
            c.drawString(px + 3, py - 2, f'{y}"')


def _overlap_marks(ctx: Context, tile: Tile, rows: int, cols: int, ox: float,
                   oy: float) -> None:
    c = ctx.canvas
    k = 72.0
    w, h = tile.w * k, tile.h * k
    ov = TILE_OVERLAP * k
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    if tile.col < cols - 1:  # the strip shared with the tile to the right
        c.line(ox + w - ov, oy, ox + w - ov, oy - h)
    if tile.row < rows - 1:
        c.line(ox, oy - h + ov, ox + w, oy - h + ov)
    c.setDash()
    c.setStrokeColor(INK_SOFT)
    c.rect(ox, oy - h, w, h, stroke=1, fill=0)
    # registration crosses in the overlap strips
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)

    def cross(x: float, y: float) -> None:
        c.line(x - 5, y, x + 5, y)
        c.line(x, y - 5, x, y + 5)
        c.circle(x, y, 2.5, stroke=1, fill=0)

    for yy in (oy - h * 0.25, oy - h * 0.75):
        if tile.col < cols - 1:
            cross(ox + w - ov / 2, yy)
        if tile.col > 0:
            cross(ox + ov / 2, yy)
    for xx in (ox + w * 0.25, ox + w * 0.75):
        if tile.row < rows - 1:
            cross(xx, oy - h + ov / 2)
        if tile.row > 0:
            cross(xx, oy - ov / 2)
    c.restoreState()


def _tile_index(ctx: Context, tiles: list[Tile], rows: int, cols: int) -> None:
    """A page showing which tile goes where."""
    s = ctx.scenario
    t = s.table
    land = t.width >= t.depth
    page_w, page_h = paper_size(ctx.paper, landscape_=land)
    ctx.new_page((page_w, page_h))
    c = ctx.canvas
    _header(ctx, page_w, page_h, f"Full-size tiles: {len(tiles)} pages, {rows} rows × "
                                 f"{cols} columns")
    avail_w = page_w - 2 * MARGIN - 20
    avail_h = page_h - 2 * MARGIN - HEADER_H - 40
    k = min(avail_w / t.width, avail_h / t.depth)
    ox = MARGIN + 10 + (avail_w - t.width * k) / 2
    oy = page_h - MARGIN - HEADER_H - 10
    v = View(ox, oy, k)
    draw_table(c, ctx, v)
    c.setStrokeColor(colors.HexColor("#6b1d14"))
    c.setLineWidth(0.9)
    for tile in tiles:
        x0, y0 = v.p(tile.x, tile.y)
        w = min(tile.w, t.width - tile.x) * k
        h = min(tile.h, t.depth - tile.y) * k
        c.rect(x0, y0 - h, w, h, stroke=1, fill=0)
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.75))
        c.roundRect(x0 + 3, y0 - 15, 24, 12, 2, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#6b1d14"))
        c.setFont(ctx.fonts.bold, 8)
        c.drawString(x0 + 5, y0 - 12, tile.label)
    footer(c, ctx.fonts, page_w, MARGIN, f"Volley  ·  {s.title}  ·  tile index",
           "tiles follow, row by row")


def draw(ctx: Context) -> None:
    draw_overview(ctx)
    if ctx.tiles:
        draw_tiles(ctx)


