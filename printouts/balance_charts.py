"""Charts for the balance report, drawn straight onto a reportlab canvas.

Each chart takes plain numbers (shares from 0 to 1, counts) and a box given
by its left edge, top and width, draws downwards from the top and returns the
height it used, so the report can measure a chart before placing it (pass
`c=None` to measure only).  Colours are the scenario's side colours; a side
colour too light for white paper gets a darker edge (printouts.style).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.lib import colors

from printouts.fonts import FontSet
from printouts.style import (
    INK,
    INK_SOFT,
    PAPER_TINT,
    RULE,
    WHITE,
    Canvas,
    Color,
    draw_fitted,
    draw_text,
    edge_colour,
    text_on,
    width,
)

#: The colour of draws and of "nobody" (empty or contested objectives).
NOBODY: Final = colors.HexColor("#bdb8ab")
#: Height of one bar row in the share charts.
ROW: Final = 19.0
AXIS_H: Final = 16.0
#: The fewest turns a histogram spans.
MIN_SPAN: Final = 6
#: The widest a histogram's turn may be (points), so that a few lengths do not make slabs.
MAX_SLOT: Final = 44.0


def pct(share: float) -> str:
    """0.754 -> '75%' (never '0%' or '100%' for a share that is not exactly that)."""
    p = round(share * 100)
    if p == 0 and share > 0:
        return "<1%"
    if p == 100 and share < 1:
        return ">99%"
    return f"{p}%"


def pct_range(low: float, high: float) -> str:
    """The 95% interval as '69–81%'."""
    return f"{round(low * 100)}\u2013{round(high * 100)}%"


@dataclass(frozen=True)
class Bar:
    """One row of a share chart: a name, a share with its interval, a colour."""

    label: str
    share: float
    low: float
    high: float
    colour: Color
    #: Said after the percentages ("150 of 200 games").
    note: str = ""


def share_bars(c: Canvas | None, fonts: FontSet, x: float, top: float, w: float,
               bars: Sequence[Bar], label_w: float = 140.0, value_w: float = 150.0,
               even: float | None = 0.5) -> float:
    """Horizontal bars from 0 to 100% with the 95% interval drawn as a whisker.

    `even` draws a dashed line where a fair result would sit (a half for two
    sides); None leaves it out.
    """
    height = ROW * len(bars) + AXIS_H
    if c is None:
        return height
    plot_x = x + label_w
    plot_w = w - label_w - value_w
    _grid(c, fonts, plot_x, top, plot_w, ROW * len(bars), even)
    for i, b in enumerate(bars):
        y = top - (i + 1) * ROW
        mid = y + ROW / 2
        c.setFillColor(INK)
        draw_fitted(c, x, mid - 3.2, b.label, fonts.bold, 9, label_w - 8, 6)
        bar_h = ROW * 0.56
        c.setFillColor(b.colour)
        c.setStrokeColor(edge_colour(b.colour))
        c.setLineWidth(0.5)
        c.rect(plot_x, mid - bar_h / 2, max(plot_w * b.share, 0.6), bar_h, stroke=1, fill=1)
        _whisker(c, plot_x + plot_w * b.low, plot_x + plot_w * b.high, mid, bar_h * 0.9)
        c.setFillColor(INK)
        value = f"{pct(b.share)}  ({pct_range(b.low, b.high)})"
        draw_text(c, plot_x + plot_w + 8, mid - 3.2, value, fonts.bold, 8.5)
        if b.note:
            c.setFillColor(INK_SOFT)
            vw = width(value, fonts.bold, 8.5)
            draw_fitted(c, plot_x + plot_w + 12 + vw, mid - 3.0, b.note, fonts.regular, 7,
                        max(value_w - vw - 14, 10), 5)
    _axis(c, fonts, plot_x, top - ROW * len(bars), plot_w)
    return height


def _grid(c: Canvas, fonts: FontSet, x: float, top: float, w: float, h: float,
          even: float | None) -> None:
    c.setFillColor(PAPER_TINT)
    c.rect(x, top - h, w, h, stroke=0, fill=1)
    c.setStrokeColor(WHITE)
    c.setLineWidth(0.8)
    for q in (0.25, 0.5, 0.75):
        c.line(x + w * q, top - h, x + w * q, top)
    if even is not None:
        c.setStrokeColor(INK_SOFT)
        c.setLineWidth(0.6)
        c.setDash(2, 2)
        c.line(x + w * even, top - h - 2, x + w * even, top + 2)
        c.setDash()


def _axis(c: Canvas, fonts: FontSet, x: float, y: float, w: float) -> None:
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(x, y, x + w, y)
    c.setFillColor(INK_SOFT)
    for q in (0.0, 0.25, 0.5, 0.75, 1.0):
        c.line(x + w * q, y, x + w * q, y - 2.5)
        draw_text(c, x + w * q, y - 10, f"{round(q * 100)}%", fonts.regular, 6.5, "centre")


def _whisker(c: Canvas, x0: float, x1: float, y: float, h: float) -> None:
    """The 95% interval: a line with end ticks, white under dark so it shows on any bar."""
    for colour, lw in ((WHITE, 2.6), (INK, 1.0)):
        c.setStrokeColor(colour)
        c.setLineWidth(lw)
        c.line(x0, y, x1, y)
        c.line(x0, y - h / 2, x0, y + h / 2)
        c.line(x1, y - h / 2, x1, y + h / 2)


@dataclass(frozen=True)
class Segment:
    """A part of a stacked bar: how many games, in what colour."""

    count: float
    colour: Color
    #: Written inside the segment when it is wide enough (e.g. the count).
    text: str = ""


def stacked_rows(c: Canvas | None, fonts: FontSet, x: float, top: float, w: float,
                 rows: Sequence[tuple[str, str, Sequence[Segment]]], scale: float,
                 label_w: float = 170.0, value_w: float = 60.0) -> float:
    """Rows of stacked horizontal bars (label, small note under it, segments).

    `scale` is the count a full-width bar stands for (the games played).
    """
    row_h = 26.0
    height = row_h * len(rows)
    if c is None:
        return height
    plot_x = x + label_w
    plot_w = w - label_w - value_w
    for i, (label, note, segments) in enumerate(rows):
        y = top - (i + 1) * row_h
        c.setFillColor(INK)
        draw_fitted(c, x, y + row_h - 11, label, fonts.bold, 8.5, label_w - 8, 6)
        if note:
            c.setFillColor(INK_SOFT)
            draw_fitted(c, x, y + row_h - 20, note, fonts.italic, 7, label_w - 8, 5)
        bx = plot_x
        bar_h = 13.0
        by = y + (row_h - bar_h) / 2
        total = 0.0
        for seg in segments:
            sw = plot_w * seg.count / scale if scale else 0.0
            if sw <= 0:
                continue
            c.setFillColor(seg.colour)
            c.setStrokeColor(WHITE)
            c.setLineWidth(0.6)
            c.rect(bx, by, sw, bar_h, stroke=1, fill=1)
            if seg.text and width(seg.text, fonts.bold, 7) + 4 <= sw:
                c.setFillColor(text_on(seg.colour))
                draw_text(c, bx + sw / 2, by + 3.8, seg.text, fonts.bold, 7, "centre")
            bx += sw
            total += seg.count
        c.setFillColor(INK)
        draw_text(c, plot_x + plot_w + 6, by + 3.5, f"{round(total)} games", fonts.regular, 8)
    return height


def histogram(c: Canvas | None, fonts: FontSet, x: float, top: float, w: float,
              counts: Sequence[tuple[int, int]], colour: Color, median: float | None,
              limit: int | None, h: float = 120.0) -> float:
    """Games by length in turns: a bar per turn from the shortest to the longest.

    Marks the median length and, when the scenario has one, the turn limit.
    """
    height = h + AXIS_H + 20
    if c is None or not counts:
        return height if counts else 0.0
    by_turn = dict(counts)
    first = min(by_turn)
    last = max(max(by_turn), limit or 0)
    first = max(1, first - 1)  # one empty turn before the shortest game shows where they start
    if last - first < MIN_SPAN:  # one or two lengths: show the turns before them too
        first = max(1, last - MIN_SPAN)
        last = max(last, first + MIN_SPAN)
    turns = list(range(first, last + 1))
    most = max(by_turn.values()) or 1
    plot_top = top - 20
    slot = min(w / len(turns), MAX_SLOT)  # a few lengths make narrow bars, centred
    bar_w = slot * 0.72
    base = plot_top - h
    c.setFillColor(PAPER_TINT)
    c.rect(x, base, w, h, stroke=0, fill=1)
    c.setFillColor(INK_SOFT)
    draw_text(c, x, base - 19, "turns played", fonts.italic, 7)  # left: the limit's is right
    x += (w - slot * len(turns)) / 2
    for i, t in enumerate(turns):
        n = by_turn.get(t, 0)
        bx = x + i * slot + (slot - bar_w) / 2
        bh = (h - 12) * n / most
        if n:
            c.setFillColor(colour)
            c.rect(bx, base, bar_w, bh, stroke=0, fill=1)
            c.setFillColor(INK)
            draw_text(c, bx + bar_w / 2, base + bh + 2.5, str(n), fonts.regular, 6.5, "centre")
        c.setFillColor(INK_SOFT)
        draw_text(c, bx + bar_w / 2, base - 9, str(t), fonts.regular, 7, "centre")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(x, base, x + slot * len(turns), base)
    if limit is not None and first <= limit <= last:
        lx = x + (limit - first + 1) * slot
        c.setStrokeColor(INK_SOFT)
        c.setLineWidth(0.8)
        c.setDash(3, 2)
        c.line(lx, base, lx, plot_top)
        c.setDash()
        c.setFillColor(INK_SOFT)
        draw_text(c, lx, base - 19, "turn limit ↑", fonts.italic, 7, "right")
    if median is not None:  # a pointer above the plot: a line through the bars hid their counts
        mx = x + (median - first + 0.5) * slot
        c.setFillColor(INK)
        p = c.beginPath()
        p.moveTo(mx, plot_top + 1)
        p.lineTo(mx - 4, plot_top + 7)
        p.lineTo(mx + 4, plot_top + 7)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        draw_text(c, mx, plot_top + 9, f"median {median:g}", fonts.bold, 7.5, "centre")
    return height


def holding(c: Canvas | None, fonts: FontSet, x: float, top: float, w: float, title: str,
            turns: Sequence[tuple[int, Sequence[tuple[float, Color]]]],
            h: float = 70.0) -> float:
    """One objective, turn by turn: a stacked bar per turn of the share of games
    each side held it (the rest, empty or contested, is left pale)."""
    height = 14 + h + AXIS_H
    if c is None:
        return height
    c.setFillColor(INK)
    draw_fitted(c, x, top - 9, title, fonts.bold, 8.5, w, 6)
    plot_top = top - 14
    base = plot_top - h
    axis_w = 22.0
    px = x + axis_w
    pw = w - axis_w
    c.setFillColor(PAPER_TINT)
    c.rect(px, base, pw, h, stroke=0, fill=1)
    c.setFillColor(INK_SOFT)
    for q in (0.0, 0.5, 1.0):
        draw_text(c, px - 3, base + h * q - 2.3, f"{round(q * 100)}%", fonts.regular, 6, "right")
    if not turns:
        draw_text(c, px + pw / 2, base + h / 2, "no turn was finished", fonts.italic, 7,
                  "centre")
        return height
    slot = pw / len(turns)
    bar_w = max(slot * 0.78, 0.8)
    step = max(1, round(len(turns) / 12))  # at most a dozen turn numbers under the bars
    for i, (turn, parts) in enumerate(turns):
        bx = px + i * slot + (slot - bar_w) / 2
        y = base
        for share, colour in parts:
            bh = h * max(0.0, min(share, 1.0))
            if bh > 0:
                c.setFillColor(colour)
                c.rect(bx, y, bar_w, bh, stroke=0, fill=1)
                y += bh
        if i % step == 0 or i == len(turns) - 1:
            c.setFillColor(INK_SOFT)
            draw_text(c, bx + bar_w / 2, base - 8, str(turn), fonts.regular, 6, "centre")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(px, base + h / 2, px + pw, base + h / 2)
    return height


def legend(c: Canvas | None, fonts: FontSet, x: float, y: float,
           items: Sequence[tuple[str, Color]], size: float = 7.5) -> float:
    """Swatches with names in a row at baseline `y`; returns the x after the last."""
    for name, colour in items:
        if c is not None:
            c.setFillColor(colour)
            c.setStrokeColor(edge_colour(colour))
            c.setLineWidth(0.5)
            c.rect(x, y - 0.5, 8, 8, stroke=1, fill=1)
            c.setFillColor(INK)
            draw_text(c, x + 11, y, name, fonts.regular, size)
        x += 11 + width(name, fonts.regular, size) + 12
    return x
