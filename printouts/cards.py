"""Officer cards: four to a page, with cut marks.

One card per commander, general and ADC: who he is, a large drawing of him on
his horse, and what he does under the ruleset with the records that make sense
there (the ruleset's ``officer_rules``, the source the quick reference prints from too).
Only Tactical Dice wounds officers, so only its card has wound boxes and the
casualty roll; a D3 general's card tracks his re-rolls instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from desktop.rules.officer_card import OfficerRules, Track
from desktop.scenario.model import Officer, Side
from desktop.scenario.vocabulary import RANK_LABELS, Rank
from printouts.context import Context
from printouts.officer import draw_officer
from printouts.ruleset_sheets import officer_rules
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
    draw_text,
    fit_block,
    footer,
    hex_colour,
    paper_size,
    star,
    text_on,
    tick_box,
    tint,
    width,
    wrap,
)

MARGIN: Final = 30.0
GUTTER: Final = 22.0
COLS: Final = 2
ROWS: Final = 2
PER_PAGE: Final = COLS * ROWS
PAD: Final = 9.0
#: The drawing is never squeezed below this height; the text shrinks first.
ART_MIN: Final = 100.0
#: Type sizes the rules text tries, largest first.
TEXT_SIZES: Final = (7.0, 6.6, 6.2, 5.8, 5.5)
RANK_ORDER: Final = {Rank.COMMANDER: 0, Rank.GENERAL: 1, Rank.ADC: 2}


def officers(ctx: Context) -> list[tuple[Side, Officer]]:
    out: list[tuple[Side, Officer]] = []
    for side in ctx.sides:
        out.extend((side, o) for o in sorted(side.officers, key=lambda o: RANK_ORDER[o.rank]))
    return out


@dataclass
class Part:
    """One measured piece of a card's lower half, drawn at (x, top)."""

    height: float
    draw: Callable[[float, float], None]


def _term(ctx: Context, term: str, text: str, size: float, w: float) -> Part:
    """A bold term and its text, the text running on after the term."""
    f = ctx.fonts
    c = ctx.canvas
    lead = size * 1.2
    indent = width(term + " ", f.bold, size)
    first = wrap(text, f.regular, size, w - indent)
    lines = first[:1] + (wrap(text[len(first[0]):].strip(), f.regular, size, w)
                         if len(first) > 1 else [])

    def draw(x: float, top: float) -> None:
        y = top - size
        c.setFillColor(INK)
        draw_text(c, x, y, term, f.bold, size)
        for i, line in enumerate(lines):
            draw_text(c, x + (indent if i == 0 else 0.0), y, line, f.regular, size)
            y -= lead

    return Part(len(lines) * lead + 1.8, draw)


def _casualty_parts(ctx: Context, rules: OfficerRules, size: float, w: float) -> list[Part]:
    if rules.casualty is None:
        return []
    f = ctx.fonts
    c = ctx.canvas
    parts = [_term(ctx, rules.casualty.term, rules.casualty.when, size, w)]
    for key, text in rules.casualty.rows:
        block = fit_block(text, f.regular, size, w - 22, 4, size - 0.5)

        def row(x: float, top: float, key: str = key, block: Block = block) -> None:
            c.setFillColor(ACCENT if key == "1" else INK)
            c.setFont(f.bold, size + 0.6)
            c.drawString(x + 2, top - size - 0.2, key)
            draw_block(c, x + 22, top, block)
            c.setStrokeColor(tint(RULE, 0.4))
            c.setLineWidth(0.3)
            c.line(x, top - block.height - 1.2, x + w, top - block.height - 1.2)

        parts.append(Part(block.height + 2.5, row))
    return parts


def _track(ctx: Context, t: Track, w: float) -> Part:
    f = ctx.fonts
    c = ctx.canvas
    if t.per_turn:
        gap = 2.0
        box = min(14.0, (w - gap * (t.boxes - 1)) / t.boxes)

        def turns(x: float, top: float) -> None:
            c.setFillColor(INK)
            draw_fitted(c, x, top - 7.5, t.label, f.bold, 7.0, w, 5.5)
            y = top - 11
            for i in range(t.boxes):
                bx = x + i * (box + gap)
                tick_box(c, bx, y - box, box)
                c.setFillColor(INK_SOFT)
                c.setFont(f.regular, 4.8)
                c.drawString(bx + 1.2, y - 5.2, str(i + 1))

        return Part(11 + box + 6, turns)

    def marks(x: float, top: float) -> None:
        c.setFillColor(INK)
        c.setFont(f.bold, 7.4)
        c.drawString(x, top - 9, t.label)
        bx = x + width(t.label, f.bold, 7.4) + 8
        box = 11.0
        for _ in range(t.boxes):
            tick_box(c, bx, top - 11, box, heavy=True)
            c.setFont(f.regular, 6.5)
            c.setFillColor(INK_SOFT)
            c.drawString(bx + box + 3, top - 8.5, "turn")
            c.setStrokeColor(RULE)
            c.setLineWidth(0.4)
            c.line(bx + box + 18, top - 10, bx + box + 34, top - 10)
            bx += box + 42

    return Part(18.0, marks)


def _lines(ctx: Context, label: str, n: int, w: float) -> Part:
    f = ctx.fonts
    c = ctx.canvas
    step = 13.0

    def draw(x: float, top: float) -> None:
        c.setFillColor(INK)
        c.setFont(f.bold, 7.0)
        c.drawString(x, top - 8, label)
        lx = x + width(label, f.bold, 7.0) + 6
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        for i in range(n):
            c.line(lx if i == 0 else x, top - 9 - i * step, x + w, top - 9 - i * step)

    return Part(9 + (n - 1) * step + 6, draw)


def _outcomes(ctx: Context, labels: tuple[str, ...], w: float) -> Part:
    f = ctx.fonts
    c = ctx.canvas

    def draw(x: float, top: float) -> None:
        c.setFont(f.regular, 7.0)
        fx = x
        for lbl in labels:
            tick_box(c, fx, top - 9, 8.5, heavy=True)
            c.setFillColor(INK)
            c.drawString(fx + 12, top - 7.6, lbl)
            fx += 20 + width(lbl, f.regular, 7.0)
        c.setFillColor(INK_SOFT)
        c.drawString(fx + 2, top - 7.6, "on turn")
        c.setStrokeColor(RULE)
        c.line(fx + 32, top - 9, min(x + w, fx + 60), top - 9)

    return Part(12.0, draw)


def card_parts(ctx: Context, rules: OfficerRules, w: float, size: float) -> list[Part]:
    """The lower half of a card at type `size`: the rules, then the records."""
    parts = [_term(ctx, term, text, size, w) for term, text in rules.rules]
    parts.extend(_casualty_parts(ctx, rules, size, w))
    parts.append(Part(4.0, lambda x, top: None))
    parts.extend(_track(ctx, t, w) for t in rules.tracks)
    parts.extend(_lines(ctx, label, n, w) for label, n in rules.lines)
    if rules.outcomes:
        parts.append(_outcomes(ctx, rules.outcomes, w))
    return parts


def _fitted_parts(ctx: Context, rules: OfficerRules, w: float, room: float) -> list[Part]:
    """The parts at the largest type that leaves the drawing ART_MIN of `room`."""
    parts: list[Part] = []
    for size in TEXT_SIZES:
        parts = card_parts(ctx, rules, w, size)
        if room - sum(p.height for p in parts) >= ART_MIN:
            break
    return parts


def draw_card(ctx: Context, side: Side, o: Officer, x: float, y: float, w: float,
              h: float) -> None:
    c = ctx.canvas
    f = ctx.fonts
    rules = officer_rules(ctx.ruleset)
    colour = hex_colour(side.colour)
    ink_on = text_on(colour)
    pad = PAD
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
    # the rules and records at the foot, the drawing in what is left
    inner = w - 2 * pad
    room = h - band_h - 5 - 6 - 8
    parts = _fitted_parts(ctx, rules, inner, room)
    bottom_h = sum(p.height for p in parts) + 8
    art_top = top - band_h - 5
    art_bottom = y + bottom_h + 4
    c.setFillColor(PAPER_TINT)
    c.roundRect(x + pad, art_bottom, inner, art_top - art_bottom, 5, stroke=0, fill=1)
    draw_officer(c, x + pad + 2, art_bottom + 2, inner - 4, art_top - art_bottom - 14,
                 colour, WHITE)
    c.setFillColor(INK_SOFT)
    draw_fitted(c, x + pad + 5, art_top - 10, rules.art_note, f.italic, 6.3, inner - 10, 5.0)
    py = y + bottom_h - 4
    for part in parts:
        part.draw(x + pad, py)
        py -= part.height


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
               f"Volley  ·  {ctx.scenario.title}  ·  "
               f"{officer_rules(ctx.ruleset).card_name} (cut on the marks)",
               f"page {p + 1} of {pages}")
