"""Officer wound cards: four to a page, with cut marks.

One card per commander, general and ADC: who he is, a large drawing of him on
his horse to mark wounds on, boxes to record each wound and the turn-by-turn
rolls of a wounded officer, and the casualty table in our own words.
"""

from __future__ import annotations

from typing import Final

from desktop.scenario.model import Officer, Side
from desktop.scenario.vocabulary import RANK_LABELS, Rank
from printouts.context import Context
from printouts.officer import draw_officer
from printouts.style import (
    ACCENT,
    INK,
    INK_SOFT,
    PAPER_TINT,
    RULE,
    WHITE,
    Block,
    crop_marks,
    draw_block,
    draw_fitted,
    fit_block,
    footer,
    hex_colour,
    paper_size,
    star,
    text_on,
    tick_box,
    tint,
    width,
)

MARGIN: Final = 30.0
GUTTER: Final = 22.0
COLS: Final = 2
ROWS: Final = 2
PER_PAGE: Final = COLS * ROWS
#: Turns a wounded officer may have to roll for (one box each).
ROLL_TURNS: Final = 12
#: Wounds that can be recorded on a card.
WOUND_BOXES: Final = 3

#: The officer casualty table, in our own words (RULINGS, Tactical Dice).
CASUALTY_TABLE: Final = (
    ("1", "Killed. Take him off the table."),
    ("2", "Wounded. He fights on, but from now on roll a d6 at the start of each turn: "
          "on a 1 he is carried from the field."),
    ("3–6", "A close shave: unharmed."),
)
CASUALTY_WHEN: Final = ("Officer casualties: when a unit he is with takes a hit and another "
                        "die shows an Officer, roll a d6:")
RANK_ORDER: Final = {Rank.COMMANDER: 0, Rank.GENERAL: 1, Rank.ADC: 2}


def officers(ctx: Context) -> list[tuple[Side, Officer]]:
    out: list[tuple[Side, Officer]] = []
    for side in ctx.sides:
        out.extend((side, o) for o in sorted(side.officers, key=lambda o: RANK_ORDER[o.rank]))
    return out


def draw_card(ctx: Context, side: Side, o: Officer, x: float, y: float, w: float,
              h: float) -> None:
    c = ctx.canvas
    f = ctx.fonts
    colour = hex_colour(side.colour)
    ink_on = text_on(colour)
    pad = 9.0
    # card
    c.setFillColor(WHITE)
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.roundRect(x, y, w, h, 7, stroke=1, fill=1)
    # name band
    name = fit_block(o.name, f.serif_bold, 14, w - 2 * pad - 22, 2, 8.5)
    band_h = max(36.0, name.height + 20)
    top = y + h
    c.saveState()
    p = c.beginPath()
    p.roundRect(x, y, w, h, 7)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(colour)
    c.rect(x, top - band_h, w, band_h, stroke=0, fill=1)
    c.restoreState()
    c.setFillColor(tint(colour, 0.4) if ink_on == INK else tint(colour, 0.55))
    c.setStrokeColor(ink_on)
    c.setLineWidth(0.6)
    star(c, x + pad + 8, top - 16, 8.5 if o.rank is Rank.COMMANDER else 7)
    draw_block(c, x + pad + 22, top - 5, name, ink_on)
    rank_line = f"{RANK_LABELS[o.rank]}  ·  {side.name}"
    if o.attached_to:
        unit = next((u.name for u in side.units if u.id == o.attached_to), o.attached_to)
        rank_line += f"  ·  with {unit}"
    c.setFillColor(ink_on)
    draw_fitted(c, x + pad + 22, top - band_h + 6, rank_line, f.regular, 7.8, w - 2 * pad - 22,
                5.5)
    # the drawing, on a soft ground
    bottom_h = _bottom_height(ctx, w - 2 * pad)
    art_top = top - band_h - 5
    art_bottom = y + bottom_h + 4
    c.setFillColor(PAPER_TINT)
    c.roundRect(x + pad, art_bottom, w - 2 * pad, art_top - art_bottom, 5, stroke=0, fill=1)
    draw_officer(c, x + pad + 2, art_bottom + 2, w - 2 * pad - 4, art_top - art_bottom - 4,
                 colour, WHITE)
    c.setFillColor(INK_SOFT)
    c.setFont(f.italic, 6.3)
    c.drawString(x + pad + 5, art_top - 10, "Mark each wound on the drawing")
    _draw_bottom(ctx, x + pad, y + bottom_h, w - 2 * pad)


def _table_blocks(ctx: Context, avail: float) -> tuple[Block, list[tuple[str, Block]]]:
    f = ctx.fonts
    head = fit_block(CASUALTY_WHEN, f.bold, 7.0, avail, 3, 6.0)
    rows = [(k, fit_block(text, f.regular, 6.8, avail - 24, 3, 5.8))
            for k, text in CASUALTY_TABLE]
    return head, rows


def _bottom_height(ctx: Context, avail: float) -> float:
    head, rows = _table_blocks(ctx, avail)
    box = min(14.0, (avail - 2.0 * (ROLL_TURNS - 1)) / ROLL_TURNS)
    return 8 + head.height + 3 + sum(b.height + 2.5 for _, b in rows) + 8 + 18 + 12 + box \
        + 8 + 10 + 7


def _draw_bottom(ctx: Context, x: float, top: float, w: float) -> None:
    c = ctx.canvas
    f = ctx.fonts
    head, rows = _table_blocks(ctx, w)
    y = top - 8
    draw_block(c, x, y, head)
    y -= head.height + 3
    for key, block in rows:
        c.setFillColor(ACCENT if key == "1" else INK)
        c.setFont(f.bold, 7.6)
        c.drawString(x + 2, y - 7.2, key)
        draw_block(c, x + 24, y, block)
        y -= block.height + 2.5
        c.setStrokeColor(tint(RULE, 0.4))
        c.setLineWidth(0.3)
        c.line(x, y + 1, x + w, y + 1)
    # the record: wounds, then the rolls of a wounded officer
    y -= 8
    c.setFillColor(INK)
    c.setFont(f.bold, 7.4)
    c.drawString(x, y - 8, "Wounds")
    bx = x + 42
    box = 11.0
    for i in range(WOUND_BOXES):
        tick_box(c, bx, y - 10, box, heavy=True)
        c.setFont(f.regular, 6.5)
        c.setFillColor(INK_SOFT)
        c.drawString(bx + box + 3, y - 7.5, "turn")
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(bx + box + 18, y - 9, bx + box + 34, y - 9)
        bx += box + 42
        del i
    y -= 18
    c.setFillColor(INK)
    c.setFont(f.bold, 7.0)
    label = "Rolls once wounded (1 = leaves the field)"
    c.drawString(x, y - 8, label)
    y -= 12
    n = ROLL_TURNS
    gap = 2.0
    box = min(14.0, (w - gap * (n - 1)) / n)
    for t in range(n):
        bx = x + t * (box + gap)
        tick_box(c, bx, y - box, box)
        c.setFillColor(INK_SOFT)
        c.setFont(f.regular, 4.8)
        c.drawString(bx + 1.2, y - 5.2, str(t + 1))
    y -= box + 8
    c.setFillColor(INK)
    c.setFont(f.regular, 7.0)
    fx = x
    for lbl in ("Killed", "Left the field"):
        tick_box(c, fx, y - 8, 8.5, heavy=True)
        c.drawString(fx + 12, y - 6.6, lbl)
        fx += 24 + width(lbl, f.regular, 7.0)
    c.setFillColor(INK_SOFT)
    c.drawString(fx + 4, y - 6.6, "on turn")
    c.setStrokeColor(RULE)
    c.line(fx + 34, y - 8, fx + 60, y - 8)


def draw(ctx: Context) -> None:
    everyone = officers(ctx)
    if not everyone:
        return
    page_w, page_h = paper_size(ctx.paper)
    card_w = (page_w - 2 * MARGIN - (COLS - 1) * GUTTER) / COLS
    card_h = (page_h - 2 * MARGIN - 10 - (ROWS - 1) * GUTTER) / ROWS
    pages = (len(everyone) + PER_PAGE - 1) // PER_PAGE
    for p in range(pages):
        ctx.new_page((page_w, page_h))
        chunk = everyone[p * PER_PAGE:(p + 1) * PER_PAGE]
        for i, (side, o) in enumerate(chunk):
            col, row = i % COLS, i // COLS
            x = MARGIN + col * (card_w + GUTTER)
            y = page_h - MARGIN - (row + 1) * card_h - row * GUTTER
            draw_card(ctx, side, o, x, y, card_w, card_h)
            crop_marks(ctx.canvas, x, y, card_w, card_h, gap=3, length=8)
        footer(ctx.canvas, ctx.fonts, page_w, MARGIN * 0.75,
               f"Volley  ·  {ctx.scenario.title}  ·  officer wound cards (cut on the marks)",
               f"page {p + 1} of {pages}")
