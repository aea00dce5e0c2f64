"""The scenario card: one page that says what the battle is.

Title, the battle's line (ruleset, length, table, forces: desktop.rules.battle,
as the Welcome list and the briefing card say it), the briefing, how each side
wins with the turn limit (desktop.scenario.describe, as `volley info` says it),
a thumbnail of the table (the map sheet's own drawing, small) and each side's
order of battle.  Everything from the scenario is drawn as text, never markup.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from reportlab.lib import colors

from desktop.scenario.describe import game_text
from desktop.scenario.model import Officer, Side, Unit
from desktop.scenario.vocabulary import QUALITY_LABELS, RANK_LABELS, UNIT_LABELS, Rank
from printouts.context import Context
from printouts.map_table import draw_table
from printouts.map_view import View
from printouts.style import (
    ACCENT,
    INK,
    INK_SOFT,
    PAPER_TINT,
    RULE,
    Block,
    Canvas,
    Color,
    draw_block,
    draw_fitted,
    fit_block,
    footer,
    hex_colour,
    paper_size,
    star,
    text_on,
    tint,
)
from printouts.symbols import draw_symbol

MARGIN: Final = 34.0
GAP: Final = 16.0
#: The briefing's column, as a share of the width (the thumbnail has the rest).
BRIEF_SHARE: Final = 0.54
#: The least height left to the briefing, the thumbnail and how to win.
MID_MIN: Final = 330.0
#: The caption under the thumbnail, points.
CAPTION_PT: Final = 7.0


def _rows(sides: Sequence[Side], parts: int) -> float:
    """The rows of the longest order of battle, split into `parts` columns."""
    return max((math.ceil((len(sd.units) + 0.8 * len(sd.officers)) / parts) for sd in sides),
               default=0)


def battle_line(ctx: Context) -> str:
    """"D3 Horse and Musket · 12 turns · 48 × 36 in table · 6 against 7 units"."""
    import desktop.rules  # noqa: F401  (registers the rulesets: names and turn limits)
    from desktop.rules.battle import facts

    return facts(ctx.scenario, ctx.ruleset).line()


def _heading(c: Canvas, ctx: Context, x: float, top: float, text: str) -> float:
    c.setFillColor(ACCENT)
    c.setFont(ctx.fonts.bold, 8.5)
    c.drawString(x, top - 8.5, text.upper())
    return top - 14


def _paragraphs(text: str, font: str, size: float, width: float,
                lines_left: int, min_size: float) -> list[Block]:
    """The briefing's paragraphs, wrapped, shrunk together until they fit in
    `lines_left` lines (the last cut short only if even `min_size` will not do)."""
    paras = [" ".join(p.split()) for p in text.strip().split("\n\n") if p.strip()]
    s = size
    while True:
        blocks = [fit_block(p, font, s, width, 200, s) for p in paras]
        total = sum(len(b.lines) for b in blocks) + 0.5 * max(0, len(blocks) - 1)
        if total <= lines_left * size / s or s <= min_size:
            break
        s = max(min_size, s - 0.25)
    out: list[Block] = []
    room = lines_left * size / s
    for p in paras:
        if room < 1:
            break
        b = fit_block(p, font, s, width, max(1, int(room)), s)
        out.append(b)
        room -= len(b.lines) + 0.5
    return out


def _briefing(c: Canvas, ctx: Context, x: float, top: float, width: float,
              height: float) -> float:
    """The briefing in its column, shrunk to fit `height`; returns its bottom."""
    text = ctx.scenario.briefing.strip()
    y = _heading(c, ctx, x, top, "The situation")
    if not text:
        c.setFillColor(INK_SOFT)
        c.setFont(ctx.fonts.italic, 9)
        c.drawString(x, y - 9, "The scenario has no briefing.")
        return y - 14
    size = 9.2
    lines = int((y - (top - height)) / (size * 1.18))
    for b in _paragraphs(text, ctx.fonts.regular, size, width, lines, 6.4):
        draw_block(c, x, y, b, INK)
        y -= b.height + b.leading * 0.5
    return y


def _sentences(ctx: Context) -> list[str]:
    import desktop.rules  # noqa: F401  (registers the rulesets)
    from desktop.rules.battle import victory_sentences

    return victory_sentences(ctx.scenario, ctx.ruleset) or ["Agree it before the game."]


def _victory_lines(ctx: Context, width: float) -> float:
    """The height `_victory` will take."""
    return 14 + sum(fit_block(line, ctx.fonts.regular, 8.6, width - 10, 4, 6.5).height + 3
                    for line in _sentences(ctx))


def _victory(c: Canvas, ctx: Context, x: float, top: float, width: float) -> float:
    y = _heading(c, ctx, x, top, "How to win")
    f = ctx.fonts
    for line in _sentences(ctx):
        b = fit_block(line, f.regular, 8.6, width - 10, 4, 6.5)
        c.setFillColor(ACCENT)
        c.circle(x + 2.5, y - b.size * 0.62, 1.6, stroke=0, fill=1)
        draw_block(c, x + 9, y, b, INK)
        y -= b.height + 3
    return y


def _thumbnail(c: Canvas, ctx: Context, x: float, top: float, width: float,
               height: float) -> float:
    """The table, small, with terrain, zones, objectives and units; returns its bottom."""
    t = ctx.scenario.table
    k = min(width / t.width, height / t.depth)
    w, h = t.width * k, t.depth * k
    ox = x + (width - w) / 2
    v = View(ox, top, k)
    draw_table(c, ctx, v, labels=False)
    c.setFillColor(INK_SOFT)
    y = top - h - 10
    for line in thumbnail_caption(c, ctx, width):
        draw_fitted(c, x + width / 2, y, line, ctx.fonts.italic, CAPTION_PT, width, 5.5,
                    "centre")
        y -= 8.5
    return y - 6 + 8.5


def thumbnail_caption(c: Canvas, ctx: Context, width: float) -> list[str]:
    """The words under the thumbnail: one line, or two where the game's words make
    it wider than `width` at 7 pt ("Attack/defend (Austrian rearguard defends)"
    ran past the column onto the briefing)."""
    t = ctx.scenario.table
    unit = "in" if t.unit.value == "inch" else "cm"
    table = f"The table, {t.width:g} × {t.depth:g} {unit} (units numbered as below)"
    one = f"{table} · {game_text(ctx.scenario)}"
    if c.stringWidth(one, ctx.fonts.italic, CAPTION_PT) <= width:
        return [one]
    return [table, game_text(ctx.scenario)]


def _side(c: Canvas, ctx: Context, side: Side, x: float, top: float, width: float,
          row_h: float, parts: int = 1) -> None:
    f = ctx.fonts
    colour = hex_colour(side.colour)
    c.setFillColor(colour)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.roundRect(x, top - 20, width, 20, 3, stroke=1, fill=1)
    c.setFillColor(text_on(colour))
    figures = sum(u.figures for u in side.units)
    count = f"{len(side.units)} units · {figures} figures"
    cw = c.stringWidth(count, f.regular, 7.5)
    draw_fitted(c, x + 7, top - 14, side.name, f.bold, 10.5, width - cw - 22, 7)
    c.setFont(f.regular, 7.5)
    c.drawRightString(x + width - 7, top - 13.5, count)
    # the units, then the officers, down `parts` columns
    entries: list[tuple[int, Unit] | Officer] = [*enumerate(side.units), *side.officers]
    per = math.ceil((len(side.units) + 0.8 * len(side.officers)) / parts)
    col_w = (width - 6 * (parts - 1)) / parts
    col, used, y = 0, 0.0, top - 22
    lowest = y
    for entry in entries:
        h = row_h if isinstance(entry, tuple) else row_h * 0.8
        if used + h / row_h > per + 1e-9 and col < parts - 1:
            col, used, y = col + 1, 0.0, top - 22
        cx = x + col * (col_w + 6)
        if isinstance(entry, tuple):
            _unit_row(c, ctx, entry[0], entry[1], colour, cx, y, col_w, row_h)
        else:
            _officer_row(c, ctx, entry, colour, cx, y, col_w, row_h)
        y -= h
        used += h / row_h
        lowest = min(lowest, y)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(x, lowest - 2, x + width, lowest - 2)


def _unit_row(c: Canvas, ctx: Context, i: int, u: Unit, colour: Color, x: float, y: float,
              width: float, row_h: float) -> None:
    f = ctx.fonts
    if i % 2 == 1:
        c.setFillColor(PAPER_TINT)
        c.rect(x, y - row_h, width, row_h, stroke=0, fill=1)
    # its number on the thumbnail (the map sheet numbers each side's units so)
    c.setFillColor(INK_SOFT)
    c.setFont(f.bold, min(7.0, row_h * 0.4))
    c.drawRightString(x + 11, y - row_h / 2 - 2.5, str(i + 1))
    ih = min(11.0, row_h - 4)
    draw_symbol(c, u.type, x + 14, y - (row_h + ih) / 2, ih * 1.5, ih,
                fill=tint(colour, 0.72), line=0.8)
    left = 16 + ih * 1.5 + 5
    name_size = min(8.6, row_h * 0.42)
    c.setFillColor(INK)
    draw_fitted(c, x + left, y - row_h * 0.45, u.name or UNIT_LABELS[u.type], f.bold,
                name_size, width - left - 4, 5.0)
    c.setFillColor(INK_SOFT)
    detail = f"{UNIT_LABELS[u.type]} · {QUALITY_LABELS[u.quality]} · {u.figures} figures"
    if u.guns:
        detail += f" · {u.guns} gun{'s' if u.guns != 1 else ''}"
    draw_fitted(c, x + left, y - row_h * 0.45 - name_size - 1, detail, f.regular,
                min(7.0, row_h * 0.34), width - left - 4, 4.5)


def _officer_row(c: Canvas, ctx: Context, o: Officer, colour: Color, x: float, y: float,
                 width: float, row_h: float) -> None:
    f = ctx.fonts
    c.setFillColor(tint(colour, 0.45))
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    star(c, x + 21, y - row_h * 0.4, 5.0 if o.rank is Rank.COMMANDER else 4.0)
    c.setFillColor(INK)
    rank = RANK_LABELS[o.rank]
    rw = c.stringWidth(rank, f.italic, 7)
    draw_fitted(c, x + 36, y - row_h * 0.5, o.name, f.regular, min(8.2, row_h * 0.42),
                width - rw - 46, 5.0)
    c.setFillColor(INK_SOFT)
    c.setFont(f.italic, 7)
    c.drawRightString(x + width - 4, y - row_h * 0.5, rank)


def draw(ctx: Context) -> None:
    s = ctx.scenario
    page_w, page_h = paper_size(ctx.paper)
    ctx.new_page((page_w, page_h))
    c = ctx.canvas
    f = ctx.fonts
    x0, width = MARGIN, page_w - 2 * MARGIN
    top = page_h - MARGIN
    # the title band
    c.setFillColor(ACCENT)
    c.setFont(f.bold, 8)
    c.drawString(x0, top - 8, "SCENARIO CARD")
    c.setFillColor(INK)
    draw_fitted(c, x0, top - 32, s.title, f.serif_bold, 22, width, 11)
    c.setFillColor(INK_SOFT)
    draw_fitted(c, x0, top - 47, battle_line(ctx), f.regular, 10, width, 6.5)
    if s.author:
        c.setFont(f.italic, 7.5)
        draw_fitted(c, x0, top - 58, f"by {s.author}", f.italic, 7.5, width, 5.5)
    c.setStrokeColor(INK)
    c.setLineWidth(1.1)
    c.line(x0, top - 64, x0 + width, top - 64)
    # the middle: the briefing beside the thumbnail and how to win
    mid_top = top - 76
    left_w = width * BRIEF_SHARE
    right_x = x0 + left_w + GAP
    right_w = width - left_w - GAP
    sides = ctx.sides or s.sides
    # the order of battle takes what it needs at a comfortable row, leaving the
    # middle at least MID_MIN; a long one is split into columns within its side
    room = page_h - 2 * MARGIN - 76 - 30
    oob_room = room - MID_MIN
    parts, row_h = 1, 24.0
    for parts in (1, 2, 3):
        rows = _rows(sides, parts)
        row_h = min(24.0, (oob_room - 40) / max(rows, 1))
        if row_h >= 15.0:
            break
    oob_h = 40 + _rows(sides, parts) * row_h
    mid_h = room - oob_h
    wins = _victory_lines(ctx, right_w)
    map_h = max(60.0, min(mid_h - wins - 34,
                          right_w * s.table.depth / max(s.table.width, 1e-6)))
    y = _thumbnail(c, ctx, right_x, mid_top, right_w, map_h)
    low = min(_victory(c, ctx, right_x, y - 4, right_w),
              _briefing(c, ctx, x0, mid_top, left_w, mid_h))
    # each side's order of battle, after whichever column is longer
    oob_top = max(mid_top - mid_h - 6, low - 10)
    _heading(c, ctx, x0, oob_top, "Order of battle")
    n = max(1, len(sides))
    col_w = (width - GAP * (n - 1)) / n
    for i, side in enumerate(sides):
        _side(c, ctx, side, x0 + i * (col_w + GAP), oob_top - 16, col_w, row_h, parts)
    footer(c, f, page_w, MARGIN, f"Volley  ·  {s.title}  ·  scenario card",
           "the briefing, victory and forces at a glance")
    c.setFillColor(colors.black)
