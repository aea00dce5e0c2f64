"""The map sheet: the table to scale on one page, and optionally tiled full size.

Table coordinates are inches with y growing down (RULINGS); a `View`
(printouts.map_view) maps them to page points.  Terrain is styled per type with a
fill *and* a pattern or line style, so the map still reads from a grey printer
(printouts.map_terrain); units are their bases (rotated to their facing, the front
edge heavy) numbered as on the roster sheets (printouts.map_forces).  Names go
where printouts.map_labels places them, the grid is printouts.map_grid, the
legend printouts.map_legend and the full-size tiles printouts.map_tiles.
"""

from __future__ import annotations

from typing import Final

from desktop.scenario.model import Scenario
from printouts.context import Context
from printouts.map_grid import grid_lines
from printouts.map_legend import _legend
from printouts.map_page import HEADER_H, MARGIN, _header, _table_size_text
from printouts.map_table import draw_table
from printouts.map_tiles import draw_tiles
from printouts.map_view import View
from printouts.style import draw_text, edge_colour, ellipsize, footer, hex_colour, paper_size

LEGEND_W: Final = 158.0


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


def draw(ctx: Context) -> None:
    draw_overview(ctx)
    if ctx.tiles:
        draw_tiles(ctx)
