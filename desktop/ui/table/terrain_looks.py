"""How each terrain type looks: a list of Layers built once per feature value.

Textures (trees, furrows, tufts, stones, roofs) are generated from the
feature's id, so a wood looks the same every time it is drawn and in every
screenshot.  Building a look does the geometry work (shapely clipping and
insetting) up front; painting is then only filling and stroking paths.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Iterable

import numpy as np
import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath
from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry

from desktop.scenario.geometry import shape_area
from desktop.scenario.model import LineShape, TerrainFeature
from desktop.scenario.vocabulary import TerrainType
from desktop.ui.table.paths import area_path, geometry_path, polyline_path, shape_path
from desktop.ui.table.styles import Layer, brush, pen

FLAT = Qt.PenCapStyle.FlatCap
SQUARE = Qt.PenCapStyle.SquareCap
MITER = Qt.PenJoinStyle.MiterJoin

#: Below this many device pixels per inch, textures are left out.
TEXTURE_PPI = 3.0

Builder = Callable[[TerrainFeature, "LookContext"], list[Layer]]


class LookContext:
    """What a look may need to know beyond its own feature (e.g. drawn buildings)."""

    def __init__(self, buildings: BaseGeometry | None = None) -> None:
        self.buildings = buildings


# --- geometry helpers -----------------------------------------------------------------


def _rng(feature: TerrainFeature, salt: str = "") -> random.Random:
    return random.Random(zlib.crc32(f"{feature.id}:{salt}".encode()))


def _polygon(feature: TerrainFeature) -> Polygon:
    geom = shape_area(feature.shape)
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    if not isinstance(geom, Polygon):
        parts = [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]
        geom = max(parts, key=lambda g: g.area) if parts else Polygon()
    return geom


def _centre_line(feature: TerrainFeature) -> tuple[QPainterPath, LineString]:
    """A line feature's drawn path, and the same curve flattened for shapely."""
    assert isinstance(feature.shape, LineShape)
    path = polyline_path(feature.shape.points, feature.shape.smooth)
    poly = path.toSubpathPolygons()
    pts = ([(poly[0].at(i).x(), poly[0].at(i).y()) for i in range(poly[0].size())]
           if poly else list(feature.shape.points))
    return path, LineString(pts)


def _scatter(
    area: BaseGeometry, spacing: float, rng: random.Random, jitter: float = 0.45
) -> list[tuple[float, float]]:
    """Points on a jittered grid inside `area` (blue-noise enough for textures)."""
    if area.is_empty or spacing <= 0:
        return []
    minx, miny, maxx, maxy = area.bounds
    nx = int((maxx - minx) / spacing) + 2
    ny = int((maxy - miny) / spacing) + 2
    if nx * ny > 40_000:  # a huge feature: coarsen rather than stall
        scale = math.sqrt(nx * ny / 40_000)
        spacing *= scale
        nx, ny = int((maxx - minx) / spacing) + 2, int((maxy - miny) / spacing) + 2
    xs, ys = [], []
    for j in range(ny):
        offset = spacing / 2 if j % 2 else 0.0
        for i in range(nx):
            xs.append(minx + i * spacing + offset + rng.uniform(-jitter, jitter) * spacing)
            ys.append(miny + j * spacing * 0.87 + rng.uniform(-jitter, jitter) * spacing)
    x, y = np.array(xs), np.array(ys)
    inside = shapely.contains_xy(area, x, y)
    return list(zip(x[inside].tolist(), y[inside].tolist(), strict=True))


def _circles(centres: Iterable[tuple[float, float]], radii: Iterable[float],
             dx: float = 0.0, dy: float = 0.0) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for (x, y), r in zip(centres, radii, strict=True):
        path.addEllipse(QPointF(x + dx, y + dy), r, r)
    return path


def _segments(lines: Iterable[tuple[tuple[float, float], tuple[float, float]]]) -> QPainterPath:
    path = QPainterPath()
    for (x1, y1), (x2, y2) in lines:
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    return path


def _lines_path(geom: BaseGeometry) -> QPainterPath:
    path = QPainterPath()
    lines: list[LineString] = []
    if isinstance(geom, LineString):
        lines = [geom]
    elif hasattr(geom, "geoms"):
        lines = [g for g in geom.geoms if isinstance(g, LineString)]
    for line in lines:
        coords = list(line.coords)
        if len(coords) < 2:
            continue
        path.moveTo(*coords[0])
        for c in coords[1:]:
            path.lineTo(*c)
    return path


def _long_axis(poly: Polygon, rect: BaseGeometry | None = None
               ) -> tuple[tuple[float, float], tuple[float, float], float]:
    """Centre line of the minimum rotated rectangle along its long side, and its width
    (`rect`: that rectangle, if already found)."""
    if rect is None:
        rect = poly.minimum_rotated_rectangle
    if not isinstance(rect, Polygon):
        c = poly.centroid
        return (c.x, c.y), (c.x, c.y), 0.0
    p = list(rect.exterior.coords)[:4]
    e1 = math.dist(p[0], p[1])
    e2 = math.dist(p[1], p[2])
    if e1 >= e2:  # long sides p0p1 and p2p3: axis joins midpoints of p1p2 and p3p0
        a = ((p[3][0] + p[0][0]) / 2, (p[3][1] + p[0][1]) / 2)
        b = ((p[1][0] + p[2][0]) / 2, (p[1][1] + p[2][1]) / 2)
        return a, b, e2
    a = ((p[0][0] + p[1][0]) / 2, (p[0][1] + p[1][1]) / 2)
    b = ((p[2][0] + p[3][0]) / 2, (p[2][1] + p[3][1]) / 2)
    return a, b, e1


def _parallel_lines(poly: Polygon, spacing: float, angle: float) -> BaseGeometry:
    """Parallel lines `spacing` apart at `angle` degrees, clipped to `poly`."""
    c = poly.centroid
    minx, miny, maxx, maxy = poly.bounds
    reach = math.hypot(maxx - minx, maxy - miny) / 2 + spacing
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    nx, ny = -uy, ux
    n = int(reach / spacing) + 1
    lines = [
        ((c.x + nx * k * spacing - ux * reach, c.y + ny * k * spacing - uy * reach),
         (c.x + nx * k * spacing + ux * reach, c.y + ny * k * spacing + uy * reach))
        for k in range(-n, n + 1)
    ]
    return MultiLineString(lines).intersection(poly)


def _ticks(line: LineString, spacing: float, length: float, offset: float,
           side: float = 1.0) -> QPainterPath:
    """Short strokes square to `line`, every `spacing`, on one side (side=+1 right).

    The points along the line are found in three vectorised calls, not three
    per stroke: a hill's foot has a hundred strokes or more.
    """
    path = QPainterPath()
    total = line.length
    if total <= 0:
        return path
    marks = []
    d = spacing / 2
    while d < total:
        marks.append(d)
        d += spacing
    if not marks:
        return path
    at = np.array(marks)
    points = shapely.get_coordinates(shapely.line_interpolate_point(line, at)).tolist()
    ahead = shapely.get_coordinates(
        shapely.line_interpolate_point(line, np.minimum(total, at + 0.05))).tolist()
    behind = shapely.get_coordinates(
        shapely.line_interpolate_point(line, np.maximum(0.0, at - 0.05))).tolist()
    for (px, py), (qx, qy), (rx, ry) in zip(points, ahead, behind, strict=True):
        tx, ty = qx - rx, qy - ry
        norm = math.hypot(tx, ty) or 1.0
        nx, ny = -ty / norm * side, tx / norm * side
        path.moveTo(px + nx * offset, py + ny * offset)
        path.lineTo(px + nx * (offset + length), py + ny * (offset + length))
    return path


def _inset(poly: Polygon, distance: float) -> BaseGeometry:
    return poly.buffer(-distance, join_style="round", quad_segs=6)


def _inradius(poly: Polygon) -> float:
    if poly.is_empty:
        return 0.0
    try:
        circle = shapely.maximum_inscribed_circle(poly, tolerance=0.05)
        return float(circle.length)
    except Exception:  # pragma: no cover - very old GEOS
        return math.sqrt(poly.area / math.pi) / 2


# --- the looks --------------------------------------------------------------------------

HILL_LEVELS = ("#bcc58a", "#adb277", "#a09f66", "#948c58", "#887a4d")


def hill(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    height = max(1, int(float(f.prop("height"))))
    outline = shape_path(f.shape)
    shadow = outline.translated(0.35, 0.5)
    layers = [Layer(shadow, brush=brush("#3c3a20", 60))]
    layers.append(Layer(outline, pen("#7a5c3a", 0.1), brush(HILL_LEVELS[0])))
    r = _inradius(poly)
    step = r / (height + 0.6) if height > 1 else 0.0
    for level in range(1, height):
        inner = _inset(poly, step * level)
        if inner.is_empty:
            break
        colour = HILL_LEVELS[min(level, len(HILL_LEVELS) - 1)]
        layers.append(Layer(geometry_path(inner), pen("#7a5c3a", 0.07), brush(colour)))
    # Hachures just inside the foot of the slope show which way is down.
    foot = poly.exterior
    if foot.length > 0:
        layers.append(Layer(_ticks(LineString(foot.coords), 0.7, min(0.6, r * 0.3), 0.05,
                                   side=1.0 if poly.exterior.is_ccw else -1.0),
                            pen("#7a5c3a", 0.05, alpha=150), min_ppi=6.0))
    return layers


def ridge(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    outline = shape_path(f.shape)
    layers = [
        Layer(outline.translated(0.2, 0.3), brush=brush("#3c3a20", 45)),
        Layer(outline, pen("#8a6d45", 0.08, dashes=[4, 2]), brush("#c3c28b")),
    ]
    a, b, _width = _long_axis(poly)
    crest = LineString([a, b]).intersection(_inset(poly, 0.4))
    if not crest.is_empty:
        crest_path = _lines_path(crest)
        layers.append(Layer(crest_path, pen("#6b4f2e", 0.16, dashes=[5, 1.5, 1, 1.5])))
        for line in getattr(crest, "geoms", [crest]):
            if isinstance(line, LineString):
                for side in (1.0, -1.0):
                    layers.append(Layer(_ticks(line, 0.8, 0.45, 0.15, side),
                                        pen("#6b4f2e", 0.06, alpha=170), min_ppi=6.0))
    return layers


def wood(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    dense = bool(f.prop("dense"))
    rng = _rng(f)
    outline = shape_path(f.shape)
    spacing = 1.15 if dense else 1.55
    trees = _scatter(_inset(poly, 0.45), spacing, rng)
    radii = [rng.uniform(0.55, 0.8) for _ in trees]
    layers = [
        Layer(outline, pen("#2f4a22", 0.12), brush("#5d8442" if dense else "#6f9650")),
        Layer(_circles(trees, radii, 0.18, 0.24), brush=brush("#233a18", 110),
              min_ppi=TEXTURE_PPI),
        Layer(_circles(trees, radii), pen("#2f4a22", 0.05),
              brush("#4f7a37" if dense else "#5f8c42"), min_ppi=TEXTURE_PPI),
        Layer(_circles(trees, [r * 0.45 for r in radii], -0.18, -0.18),
              brush=brush("#86b25e", 170), min_ppi=6.0),
    ]
    return layers


def town(f: TerrainFeature, ctx: LookContext) -> list[Layer]:
    poly = _polygon(f)
    rng = _rng(f)
    outline = shape_path(f.shape)
    layers = [Layer(outline, pen("#8a7d68", 0.1, dashes=[3, 2]), brush("#d9cfbb"))]
    # Streets: a pale cross through the middle along the long axis and across.
    a, b, _w = _long_axis(poly)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    across = (math.cos(ang + math.pi / 2), math.sin(ang + math.pi / 2))
    reach = math.dist(a, b)
    cross = LineString([(mid[0] - across[0] * reach, mid[1] - across[1] * reach),
                        (mid[0] + across[0] * reach, mid[1] + across[1] * reach)])
    streets = MultiLineString([LineString([a, b]), cross]).intersection(poly)
    layers.append(Layer(_lines_path(streets), pen("#c6b89c", 0.7, cap=FLAT)))
    # Houses along the streets and round the square, where no drawn building stands.
    avoid = LineString([a, b]).buffer(0.5).union(cross.buffer(0.5))
    if ctx.buildings is not None:
        avoid = avoid.union(ctx.buildings.buffer(0.3))
    room = _inset(poly, 0.35).difference(avoid)
    houses = _houses(room, _scatter(room, 1.45, rng, jitter=0.15), math.degrees(ang), rng)
    layers.extend(_roofs(houses, rng, storeys=1, detail=True))
    return layers


def _houses(room: BaseGeometry, spots: list[tuple[float, float]], street: float,
            rng: random.Random) -> list[Polygon]:
    """A house at each spot, square to the street (`street`: its bearing in degrees) or
    along it, kept where it stands wholly in `room`.

    Each house is turned about its middle exactly as `shapely.affinity.rotate`
    would turn it (the same sums in the same order), all at once, and tested
    with one vectorised `contains`: a village has a hundred spots or more.
    """
    if not spots:
        return []
    corners = []
    for x, y in spots:
        w, d = rng.uniform(1.0, 1.5), rng.uniform(0.65, 0.9)
        turn = street + rng.choice((0, 90)) + rng.uniform(-6, 6)
        angle = turn * math.pi / 180.0
        cosp, sinp = math.cos(angle), math.sin(angle)
        if abs(cosp) < 2.5e-16:
            cosp = 0.0
        if abs(sinp) < 2.5e-16:
            sinp = 0.0
        xoff, yoff = x - x * cosp + y * sinp, y - x * sinp - y * cosp
        corners.append([(cosp * cx + -sinp * cy + xoff, sinp * cx + cosp * cy + yoff)
                        for cx, cy in ((x - w / 2, y - d / 2), (x + w / 2, y - d / 2),
                                       (x + w / 2, y + d / 2), (x - w / 2, y + d / 2))])
    houses = shapely.polygons(np.array(corners))
    return [h for h, inside in zip(houses.tolist(), shapely.contains(room, houses).tolist(),
                                   strict=True) if inside]


def _roofs(polys: list[Polygon], rng: random.Random, storeys: int,
           detail: bool) -> list[Layer]:
    shadow, roofs, ridges = QPainterPath(), QPainterPath(), QPainterPath()
    off = 0.12 + 0.1 * storeys
    rects = shapely.oriented_envelope(np.array(polys, dtype=object)).tolist() if polys else []
    for p, rect in zip(polys, rects, strict=True):
        pts = list(p.exterior.coords)
        shadow.addPath(area_path([(x + off, y + off * 1.3) for x, y in pts]))
        roofs.addPath(area_path(pts))
        a, b, _w = _long_axis(p, rect)
        ridges.moveTo(*a)
        ridges.lineTo(*b)
    colour = "#a54a32" if storeys <= 1 else "#8c3f2c"
    min_ppi = TEXTURE_PPI if detail else 0.0
    return [
        Layer(shadow, brush=brush("#2a1d14", 90), min_ppi=min_ppi),
        Layer(roofs, pen("#4a2418", 0.06), brush(colour), min_ppi=min_ppi),
        Layer(ridges, pen("#5c2a1c", 0.08, cap=FLAT), min_ppi=6.0),
    ]


def building(f: TerrainFeature, _: LookContext) -> list[Layer]:
    storeys = max(1, int(float(f.prop("storeys"))))
    return _roofs([_polygon(f)], _rng(f), storeys, detail=False)


def _water_line(f: TerrainFeature, bank: str, water: str, light: str,
                bank_extra: float, light_share: float) -> list[Layer]:
    assert isinstance(f.shape, LineShape)
    w = f.shape.width
    path = shape_path(f.shape)
    return [
        Layer(path, pen(bank, w + bank_extra, cap=FLAT)),
        Layer(path, pen(water, w, cap=FLAT)),
        Layer(path, pen(light, w * light_share, cap=FLAT, alpha=150), min_ppi=TEXTURE_PPI),
    ]


def river(f: TerrainFeature, _: LookContext) -> list[Layer]:
    return _water_line(f, "#56683e", "#3f7fc0", "#6aa3dc", 0.45, 0.4)


def stream(f: TerrainFeature, _: LookContext) -> list[Layer]:
    return _water_line(f, "#6b7f4a", "#68a6da", "#a4cdef", 0.22, 0.35)


def lake(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    outline = shape_path(f.shape)
    layers = [Layer(outline, pen("#56683e", 0.3), brush("#6aa3dc"))]
    deep = _inset(poly, min(1.0, _inradius(poly) * 0.35))
    if not deep.is_empty:
        layers.append(Layer(geometry_path(deep), brush=brush("#3f7fc0")))
    ripples = _scatter(_inset(poly, 0.8), 2.6, _rng(f))
    layers.append(Layer(_segments(((x - 0.4, y), (x + 0.4, y)) for x, y in ripples),
                        pen("#d6e8f7", 0.06, alpha=170), min_ppi=6.0))
    return layers


def road(f: TerrainFeature, _: LookContext) -> list[Layer]:
    assert isinstance(f.shape, LineShape)
    w = f.shape.width
    path = shape_path(f.shape)
    if bool(f.prop("track")):
        return [
            Layer(path, pen("#9c8458", w * 0.85 + 0.12, cap=FLAT, dashes=[1.6, 0.8])),
            Layer(path, pen("#ddd0aa", w * 0.85, cap=FLAT)),
        ]
    return [
        Layer(path, pen("#86704d", w + 0.2, cap=FLAT)),
        Layer(path, pen("#d8c398", w, cap=FLAT)),
        Layer(path, pen("#c6ae80", w * 0.12, cap=FLAT, dashes=[6, 6]), min_ppi=6.0),
    ]


def bridge(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    outline = shape_path(f.shape)
    rect = poly.minimum_rotated_rectangle
    layers = [
        Layer(outline.translated(0.2, 0.3), brush=brush("#1e2a33", 110)),
        Layer(outline, pen("#4d4236", 0.08), brush("#bfae8e")),
    ]
    if isinstance(rect, Polygon):
        p = list(rect.exterior.coords)[:4]
        if math.dist(p[0], p[1]) >= math.dist(p[1], p[2]):
            sides = [(p[0], p[1]), (p[2], p[3])]
        else:
            sides = [(p[1], p[2]), (p[3], p[0])]
        layers.append(Layer(_segments(sides), pen("#6b5d4d", 0.28, cap=FLAT)))
        # Planks/courses across the deck.
        a, b, width = _long_axis(poly)
        deck = LineString([a, b])
        layers.append(Layer(_ticks(deck, 0.35, width * 0.7, -width * 0.35),
                            pen("#a4926f", 0.04), min_ppi=8.0))
    return layers


def ford(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    rng = _rng(f)
    outline = shape_path(f.shape)
    stones = _scatter(_inset(poly, 0.15), 0.5, rng)
    return [
        Layer(outline, pen("#2d5e8e", 0.08, dashes=[2, 1.5]), brush("#9cc7e6")),
        Layer(_circles(stones, [rng.uniform(0.06, 0.14) for _ in stones]),
              brush=brush("#d8cdb2"), min_ppi=TEXTURE_PPI),
    ]


def marsh(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    rng = _rng(f)
    outline = shape_path(f.shape)
    spots = _scatter(_inset(poly, 0.5), 1.4, rng, jitter=0.3)
    water = _segments(((x - 0.5, y + 0.1), (x + 0.5, y + 0.1)) for x, y in spots)
    tufts = QPainterPath()
    for x, y in spots:
        for dx, top in ((-0.22, -0.3), (0.0, -0.42), (0.22, -0.3)):
            tufts.moveTo(x + dx * 0.4, y)
            tufts.lineTo(x + dx, y + top)
    return [
        Layer(outline, pen("#5b6e48", 0.08, dashes=[1, 1.5]), brush("#93a57c", 220)),
        Layer(water, pen("#4f86a8", 0.09, cap=FLAT), min_ppi=TEXTURE_PPI),
        Layer(tufts, pen("#3b5530", 0.06), min_ppi=TEXTURE_PPI),
    ]


def crops(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    tall = bool(f.prop("tall"))
    outline = shape_path(f.shape)
    a, b, _w = _long_axis(poly)
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    rows = _parallel_lines(poly, 0.55, angle)
    if tall:
        fill, line, edge = "#e2c96b", "#bd9d3e", "#9c7f2c"
    else:
        fill, line, edge = "#cfd68a", "#aab565", "#8c9550"
    return [
        Layer(outline, pen(edge, 0.1), brush(fill)),
        Layer(_lines_path(rows), pen(line, 0.08, cap=FLAT), min_ppi=TEXTURE_PPI),
    ]


def fence(f: TerrainFeature, _: LookContext) -> list[Layer]:
    assert isinstance(f.shape, LineShape)
    w = f.shape.width
    path = shape_path(f.shape)
    post = max(w, 0.15)
    return [
        Layer(path, pen("#7a5632", max(w * 0.35, 0.07))),
        # Posts: dashes are in pen widths, so one post-square every 0.9 inch.
        Layer(path, pen("#4f3218", post, cap=FLAT, join=MITER, dashes=[1, 0.9 / post - 1]),
              min_ppi=TEXTURE_PPI),
    ]


def low_wall(f: TerrainFeature, _: LookContext) -> list[Layer]:
    assert isinstance(f.shape, LineShape)
    w = f.shape.width
    path = shape_path(f.shape)
    return [
        Layer(path, pen("#4a453d", w + 0.12, cap=SQUARE)),
        Layer(path, pen("#958d7d", w, cap=SQUARE)),
        Layer(path, pen("#6f685c", w * 0.5, cap=FLAT, dashes=[0.25, 1.6]), min_ppi=6.0),
    ]


def high_wall(f: TerrainFeature, _: LookContext) -> list[Layer]:
    assert isinstance(f.shape, LineShape)
    w = f.shape.width
    path = shape_path(f.shape)
    return [
        Layer(path.translated(0.12, 0.18), pen("#1f1b16", w + 0.1, cap=SQUARE, alpha=110)),
        Layer(path, pen("#2f2b26", w + 0.16, cap=SQUARE)),
        Layer(path, pen("#6e665b", w, cap=SQUARE)),
        Layer(path, pen("#a39b8c", w * 0.3, cap=FLAT)),
    ]


def redoubt(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    outline = shape_path(f.shape)
    ditch = poly.buffer(0.45, join_style="mitre")
    layers = [
        Layer(geometry_path(ditch), pen("#4f3a22", 0.5, dashes=[0.5, 0.7], cap=FLAT)),
        Layer(outline, pen("#7a5a34", 0.7, join=MITER), brush("#cbb88e")),
        Layer(outline, pen("#b3925f", 0.22, join=MITER)),
    ]
    return layers


def trench(f: TerrainFeature, _: LookContext) -> list[Layer]:
    assert isinstance(f.shape, LineShape)
    w = f.shape.width
    path, line = _centre_line(f)
    return [
        Layer(path, pen("#8d6c43", w, cap=FLAT)),
        Layer(path, pen("#3b2b1b", w * 0.4, cap=FLAT)),
        Layer(_ticks(line, 0.5, w * 0.3, w * 0.2, side=-1.0), pen("#3b2b1b", 0.07),
              min_ppi=TEXTURE_PPI),
    ]


def difficult(f: TerrainFeature, _: LookContext) -> list[Layer]:
    poly = _polygon(f)
    rng = _rng(f)
    outline = shape_path(f.shape)
    rocks = _scatter(_inset(poly, 0.25), 0.9, rng)
    return [
        Layer(outline, pen("#7a6a4a", 0.08, dashes=[0.6, 1.2]), brush("#b9a77e", 190)),
        Layer(_circles(rocks, [rng.uniform(0.08, 0.2) for _ in rocks], 0.05, 0.07),
              brush=brush("#4d4230", 140), min_ppi=TEXTURE_PPI),
        Layer(_circles(rocks, [rng.uniform(0.08, 0.2) for _ in rocks]),
              brush=brush("#8a7a5a"), min_ppi=TEXTURE_PPI),
    ]


LOOKS: dict[TerrainType, Builder] = {
    TerrainType.HILL: hill,
    TerrainType.RIDGE: ridge,
    TerrainType.WOOD: wood,
    TerrainType.TOWN: town,
    TerrainType.BUILDING: building,
    TerrainType.RIVER: river,
    TerrainType.STREAM: stream,
    TerrainType.ROAD: road,
    TerrainType.BRIDGE: bridge,
    TerrainType.FORD: ford,
    TerrainType.MARSH: marsh,
    TerrainType.LAKE: lake,
    TerrainType.CROPS: crops,
    TerrainType.FENCE: fence,
    TerrainType.LOW_WALL: low_wall,
    TerrainType.HIGH_WALL: high_wall,
    TerrainType.REDOUBT: redoubt,
    TerrainType.TRENCH: trench,
    TerrainType.DIFFICULT: difficult,
}


def build_look(feature: TerrainFeature, ctx: LookContext | None = None) -> list[Layer]:
    return LOOKS[feature.type](feature, ctx or LookContext())
