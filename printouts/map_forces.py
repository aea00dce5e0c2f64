"""The forces and the game on the map: deployment zones, unit bases (rotated to their
facing, the front edge heavy, numbered as on the roster sheets), officers and
objectives.
"""

from __future__ import annotations

from reportlab.lib import colors
from shapely.geometry import Polygon as SPolygon

from desktop.scenario.geometry import deployment_zone, rect_corners, right
from desktop.scenario.model import Point
from printouts.context import Context
from printouts.map_labels import objective_labels
from printouts.map_view import View, _path
from printouts.style import (
    INK,
    WHITE,
    Canvas,
    Color,
    draw_text,
    edge_colour,
    hex_colour,
    is_light,
    star,
    text_on,
    tint,
    width,
)
from printouts.symbols import draw_symbol


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
    for label in objective_labels(ctx, v):
        x0, y0, x1, y1 = label.plate
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.8))
        c.roundRect(x0, y0, x1 - x0, y1 - y0, 2, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#6b1d14"))
        draw_text(c, label.x, label.y, label.name, f.bold, label.size)
