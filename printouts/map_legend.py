"""The overview's legend: what each terrain, mark and side looks like on the map."""

from __future__ import annotations

from reportlab.lib import colors

from desktop.scenario.geometry import rect_corners
from desktop.scenario.model import LineShape, TerrainFeature
from desktop.scenario.vocabulary import CM_PER_INCH, TERRAIN_LABELS, LengthUnit, TerrainType
from printouts.context import Context
from printouts.map_forces import _unit_base
from printouts.map_page import _table_size_text
from printouts.map_terrain import LAYERS, STYLES, TerrainStyle, _area, _line
from printouts.map_view import View
from printouts.style import (
    INK,
    INK_SOFT,
    WHITE,
    Color,
    draw_fitted,
    edge_colour,
    fit_block,
    hex_colour,
    star,
    tint,
)


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
