"""Everything on the table in table order: the cloth, zones, terrain, grid, names,
objectives and units, framed.
"""

from __future__ import annotations

from typing import Final

from reportlab.lib import colors

from printouts.context import Context
from printouts.map_forces import draw_objectives, draw_units, draw_zones
from printouts.map_grid import draw_grid, draw_grid_labels
from printouts.map_labels import Label, draw_labels
from printouts.map_terrain import draw_terrain
from printouts.map_view import View
from printouts.style import INK, Canvas

TABLE_FILL: Final = colors.HexColor("#f1f0e0")


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
