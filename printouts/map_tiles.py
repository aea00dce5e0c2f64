"""The table full size on tiles: which tiles cover it, an index page, and each tile
with its shared strips and registration marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from reportlab.lib import colors

from desktop.scenario.model import Scenario
from printouts.context import Context
from printouts.map_grid import _col_label
from printouts.map_labels import place_labels
from printouts.map_page import HEADER_H, MARGIN, _header
from printouts.map_table import draw_table
from printouts.map_view import View
from printouts.style import INK, INK_SOFT, draw_text, ellipsize, footer, paper_size, width

TILE_OVERLAP: Final = 0.5  # inches shared by neighbouring tiles


TILE_MARGIN: Final = 22.0


#: A tile showing less new table than this (inches) beyond the strip it shares is
#: only margin: it is not printed.
TILE_MIN_TABLE: Final = 0.05


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
