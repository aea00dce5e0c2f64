"""Where names print on the map: each feature's name near its middle, clear of the
units, the objectives and the other names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
import shapely
from reportlab.lib import colors
from shapely.geometry import Polygon as SPolygon

from desktop.scenario.geometry import rect_corners, shape_area
from desktop.scenario.model import LineShape, Point, TerrainFeature
from desktop.scenario.vocabulary import TerrainType
from printouts.context import Context
from printouts.map_view import View
from printouts.style import INK, Canvas, draw_text, ellipsize, width

#: The widest a name on the map may print (points on the paper) unless its
#: feature is wider; longer names end with an ellipsis.
LABEL_MAX: Final = 144.0


#: Spots inside an area tried for its name, nearest the middle first ...
LABEL_INSIDE_TRIES: Final = 400


#: ... then rings around it, each a name's height farther out.
LABEL_RINGS: Final = 12


Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 on the page


def _overlaps(r: Rect, placed: list[Rect]) -> bool:
    return any(r[0] < q[2] and q[0] < r[2] and r[1] < q[3] and q[1] < r[3] for q in placed)


@dataclass(frozen=True)
class ObjectiveLabel:
    """An objective's name where it prints: its text's start and baseline, its size
    and the plate behind it (page points)."""

    name: str
    x: float
    y: float
    size: float
    plate: Rect


def objective_labels(ctx: Context, v: View) -> list[ObjectiveLabel]:
    """Each objective's name beside its flag, inside the table (a name at its edge
    was cut by the frame: "Sconce Farm" on the scenario card's thumbnail): below
    and right of the marker, or the first of below-left, above-right, above-left
    that covers less of the names placed before it and of the units."""
    f = ctx.fonts
    t = ctx.scenario.table
    tx0, ty0 = v.p(0, t.depth)
    tx1, ty1 = v.p(t.width, 0)
    bases = unit_outlines(ctx, v)
    out: list[ObjectiveLabel] = []
    for o in ctx.scenario.game.objectives:
        px, py = v.p(*o.position)
        size = max(6.0, min(9.0, v.k * 0.6))
        name = objective_label(ctx, o.name, size)
        w, h = width(name, f.bold, size) + 4, size + 3
        flag = max(5.0, min(10.0, v.k * 0.8)) * 1.6
        spots = [(px + 3, py - h), (px - 3 - w, py - h), (px + 3, py + flag * 0.55),
                 (px - 3 - w, py + flag * 0.55)]
        # each spot kept inside the table, then the one covering least: another
        # objective's name first, then the units
        best: tuple[float, float, float] | None = None
        for x, y in spots:
            x = min(max(x, tx0 + 1), tx1 - 1 - w)
            y = min(max(y, ty0 + 1), ty1 - 1 - h)
            box = shapely.box(x, y, x + w, y + h)
            cost = sum(10 * box.intersection(shapely.box(*lb.plate)).area for lb in out)
            cost += sum(box.intersection(b).area for b in bases)
            if best is None or cost < best[0] - 1e-9:
                best = (cost, x, y)
        assert best is not None
        _, x, y = best
        out.append(ObjectiveLabel(name, x + 2, y + 2.2, size, (x, y, x + w, y + h)))
    return out


def objective_label_rects(ctx: Context, v: View) -> list[Rect]:
    """Where the objectives' names print, with a margin: what other names keep clear of."""
    return [(lb.plate[0] - 2, lb.plate[1] - 2, lb.plate[2] + 2, lb.plate[3] + 2)
            for lb in objective_labels(ctx, v)]


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
