"""The quick-reference sheet: one or two portrait pages in two columns.

Layout is measured first at a comfortable size; if the sheet would run past
two pages the type steps down until it fits (the data is written to fit at
the first size, so this is a safety net, not the plan).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from desktop.rules.reference_shapes import Item, RefTable, Section
from printouts.context import Context
from printouts.ruleset_sheets import quick_reference, ruleset_name, sections
from printouts.style import (
    HEADER_FILL,
    INK,
    INK_SOFT,
    PAPER_TINT,
    RULE,
    WHITE,
    Block,
    draw_block,
    fit_block,
    footer,
    paper_size,
    tint,
    width,
    wrap,
)

MARGIN: Final = 32.0
COL_GAP: Final = 16.0
HEAD_H: Final = 52.0
MAX_PAGES: Final = 2


@dataclass
class Piece:
    height: float
    draw: Callable[[float, float], None]  # (x, top)
    keep_with_next: bool = False


def _term_lines(text: str, term: str, font: str, bold: str, size: float,
                avail: float) -> tuple[float, list[str]]:
    """Wrap `text` so its first line starts after the bold `term`."""
    indent = width(term + " ", bold, size)
    first = wrap(text, font, size, avail - indent)
    if len(first) <= 1:
        return indent, first
    head = first[0]
    rest = text[len(head):].strip()
    return indent, [head, *wrap(rest, font, size, avail)]


def _item(ctx: Context, item: Item, w: float, size: float) -> Piece:
    f = ctx.fonts
    lead = size * 1.25
    c = ctx.canvas
    if isinstance(item, RefTable):
        return _table(ctx, item, w, size)
    if isinstance(item, tuple):
        term, text = item
        step = term.endswith(".") and term[:-1].isdigit()
        indent_all = 14.0 if step else 0.0
        indent, lines = _term_lines(text, term, f.regular, f.bold, size, w - indent_all)
        if step:
            lines = wrap(text, f.regular, size, w - indent_all)
        h = len(lines) * lead + 2.5

        def draw(x: float, top: float) -> None:
            y = top - size
            c.setFillColor(INK)
            c.setFont(f.bold, size)
            c.drawString(x, y, term)
            c.setFont(f.regular, size)
            for i, line in enumerate(lines):
                dx = indent_all if step else (indent if i == 0 else 0.0)
                c.drawString(x + dx, y, line)
                y -= lead

        return Piece(h, draw)
    lines = wrap(item, f.regular, size, w)
    h = len(lines) * lead + 2.5

    def draw_text(x: float, top: float) -> None:
        c.setFillColor(INK)
        c.setFont(f.regular, size)
        y = top - size
        for line in lines:
            c.drawString(x, y, line)
            y -= lead

    return Piece(h, draw_text)


def _table(ctx: Context, t: RefTable, w: float, size: float) -> Piece:
    f = ctx.fonts
    c = ctx.canvas
    n = len(t.headers)
    rel = t.widths or tuple(1.0 for _ in range(n))
    total = sum(rel)
    widths = [w * r / total for r in rel]
    pad = 2.5
    lead = size * 1.18
    head_cells = [fit_block(h, f.bold, size * 0.95, cw - 2 * pad, 2, size * 0.8)
                  for h, cw in zip(t.headers, widths, strict=True)]
    head_h = max(b.height for b in head_cells) + 2 * pad
    body: list[tuple[list[Block], float]] = []
    for row in t.rows:
        cells = [Block(tuple(wrap(v, f.regular, size, cw - 2 * pad)), f.regular, size, lead)
                 for v, cw in zip(row, widths, strict=True)]
        body.append((cells, max(b.height for b in cells) + 2 * pad))
    h = head_h + sum(rh for _, rh in body) + 5

    def draw(x: float, top: float) -> None:
        y = top - 1
        c.setFillColor(tint(HEADER_FILL, 0.15))
        c.rect(x, y - head_h, w, head_h, stroke=0, fill=1)
        cx = x
        for b, cw in zip(head_cells, widths, strict=True):
            draw_block(c, cx + pad, y - pad + 0.5, b, WHITE)
            cx += cw
        y -= head_h
        for i, (cells, rh) in enumerate(body):
            if i % 2 == 1:
                c.setFillColor(PAPER_TINT)
                c.rect(x, y - rh, w, rh, stroke=0, fill=1)
            cx = x
            for b, cw in zip(cells, widths, strict=True):
                draw_block(c, cx + pad, y - pad + 0.5, b, INK)
                cx += cw
            y -= rh
            c.setStrokeColor(RULE)
            c.setLineWidth(0.3)
            c.line(x, y, x + w, y)

    return Piece(h, draw)


def _section(ctx: Context, s: Section, w: float, size: float) -> list[Piece]:
    f = ctx.fonts
    c = ctx.canvas
    hs = size * 1.3

    def head(x: float, top: float) -> None:
        c.setFillColor(HEADER_FILL)
        c.rect(x, top - hs - 6, w, hs + 5, stroke=0, fill=1)
        c.setFillColor(WHITE)
        c.setFont(f.bold, hs)
        c.drawString(x + 4, top - hs - 2, s.title.upper())

    pieces = [Piece(hs + 10, head, keep_with_next=True)]
    pieces.extend(_item(ctx, it, w, size) for it in s.items)
    pieces.append(Piece(5.0, lambda x, top: None))
    return pieces


def _layout(ctx: Context, ruleset: str, size: float, col_w: float,
            col_h: list[float]) -> list[list[list[Piece]]]:
    """Pages of columns of pieces."""
    pieces: list[Piece] = []
    for s in sections(ruleset):
        pieces.extend(_section(ctx, s, col_w, size))
    pages: list[list[list[Piece]]] = [[[]]]
    room = col_h[0]
    i = 0
    while i < len(pieces):
        p = pieces[i]
        need = p.height + (pieces[i + 1].height if p.keep_with_next and i + 1 < len(pieces)
                           else 0.0)
        if need > room and pages[-1][-1]:
            if len(pages[-1]) < 2:
                pages[-1].append([])
            else:
                pages.append([[]])
            room = col_h[min(1, len(pages) - 1)]
        pages[-1][-1].append(p)
        room -= p.height
        i += 1
    return pages


def draw(ctx: Context) -> None:
    ref = quick_reference(ctx.ruleset)
    if ctx.ruleset is None or ref is None:
        return
    title = ruleset_name(ctx.ruleset)
    page_w, page_h = paper_size(ctx.paper)
    col_w = (page_w - 2 * MARGIN - COL_GAP) / 2
    first_h = page_h - 2 * MARGIN - HEAD_H - 20
    later_h = page_h - 2 * MARGIN - 20
    size = 8.2
    pages = _layout(ctx, ctx.ruleset, size, col_w, [first_h, later_h])
    while len(pages) > MAX_PAGES and size > 6.0:
        size -= 0.3
        pages = _layout(ctx, ctx.ruleset, size, col_w, [first_h, later_h])
    c = ctx.canvas
    f = ctx.fonts
    for n, cols in enumerate(pages, start=1):
        ctx.new_page((page_w, page_h))
        top = page_h - MARGIN
        if n == 1:
            c.setFillColor(INK)
            c.setFont(f.serif_bold, 19)
            c.drawString(MARGIN, top - 18, title)
            c.setFont(f.bold, 9)
            c.setFillColor(INK_SOFT)
            c.drawRightString(page_w - MARGIN, top - 16, "QUICK REFERENCE")
            strap = fit_block(ref.strapline, f.italic, 8.5, page_w - 2 * MARGIN, 2, 7)
            draw_block(c, MARGIN, top - 25, strap, INK_SOFT)
            c.setStrokeColor(INK)
            c.setLineWidth(1.2)
            c.line(MARGIN, top - HEAD_H + 4, page_w - MARGIN, top - HEAD_H + 4)
            top -= HEAD_H
        for ci, col in enumerate(cols):
            x = MARGIN + ci * (col_w + COL_GAP)
            y = top
            for p in col:
                p.draw(x, y)
                y -= p.height
        footer(c, f, page_w, MARGIN,
               f"Volley  ·  {ctx.scenario.title}  ·  quick reference: {title}, "
               "summarised in our own words",
               f"page {n} of {len(pages)}")
