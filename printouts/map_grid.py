"""The map's grid: squares lettered and numbered like a chessboard, or a line every
6 inches (10 cm) with its distance at the edge.
"""

from __future__ import annotations

import itertools
from typing import Final

from reportlab.lib import colors

from desktop.scenario.model import Scenario, column_name
from desktop.scenario.vocabulary import CM_PER_INCH, LengthUnit
from printouts.context import Context
from printouts.map_view import View
from printouts.style import INK_SOFT, Canvas

GRID: Final = colors.HexColor("#b9b6a3")


def _col_label(i: int) -> str:
    return column_name(i).upper()


def grid_lines(scenario: Scenario) -> tuple[list[float], list[float], str]:
    """Vertical and horizontal grid positions (inches) and what a step is."""
    t = scenario.table
    if t.grid is not None:
        sq, (gx, gy) = t.grid.square, t.grid.origin
        xs = [gx + i * sq for i in range(-int(gx // sq) - 1, int((t.width - gx) / sq) + 2)]
        ys = [gy + i * sq for i in range(-int(gy // sq) - 1, int((t.depth - gy) / sq) + 2)]
        return ([x for x in xs if -1e-6 <= x <= t.width + 1e-6],
                [y for y in ys if -1e-6 <= y <= t.depth + 1e-6],
                f'squares of {sq:g}"')
    if t.unit is LengthUnit.CM:
        step = 10 / CM_PER_INCH
        what = "10 cm"
    else:
        step = 6.0
        what = '6"'
    xs = [i * step for i in range(int(t.width / step + 1e-6) + 1)]
    ys = [i * step for i in range(int(t.depth / step + 1e-6) + 1)]
    return xs, ys, what


def draw_grid(c: Canvas, ctx: Context, v: View) -> None:
    s = ctx.scenario
    t = s.table
    xs, ys, _ = grid_lines(s)
    c.saveState()
    c.setStrokeColor(GRID)
    c.setLineWidth(0.35)
    c.setDash(1.2, 1.6)
    for x in xs:
        a, b = v.p(x, 0), v.p(x, t.depth)
        c.line(a[0], a[1], b[0], b[1])
    for y in ys:
        a, b = v.p(0, y), v.p(t.width, y)
        c.line(a[0], a[1], b[0], b[1])
    c.restoreState()


def draw_grid_labels(c: Canvas, ctx: Context, v: View) -> None:
    s = ctx.scenario
    t = s.table
    xs, ys, _ = grid_lines(s)
    f = ctx.fonts
    c.setFillColor(INK_SOFT)
    size = 5.8
    c.setFont(f.regular, size)
    if t.grid is not None:  # squares: letters across, numbers down (like a chessboard)
        for i, (a, b) in enumerate(itertools.pairwise(xs)):
            px, py = v.p((a + b) / 2, 0)
            c.drawCentredString(px, py + 3, _col_label(i))
            px, py = v.p((a + b) / 2, t.depth)
            c.drawCentredString(px, py - size - 2, _col_label(i))
        for i, (a, b) in enumerate(itertools.pairwise(ys)):
            px, py = v.p(0, (a + b) / 2)
            c.drawRightString(px - 3, py - size / 3, str(i + 1))
            px, py = v.p(t.width, (a + b) / 2)
            c.drawString(px + 3, py - size / 3, str(i + 1))
        return
    cm = t.unit is LengthUnit.CM
    every = 1 if v.k * (xs[1] - xs[0] if len(xs) > 1 else 6) > 24 else 2
    for i, x in enumerate(xs):
        if i % every:
            continue
        px, py = v.p(x, 0)
        label = f"{x * CM_PER_INCH:.0f}" if cm else f"{x:g}"
        c.drawCentredString(px, py + 3, label)
    for i, y in enumerate(ys):
        if i % every:
            continue
        px, py = v.p(0, y)
        label = f"{y * CM_PER_INCH:.0f}" if cm else f"{y:g}"
        c.drawRightString(px - 3, py - size / 3, label)
