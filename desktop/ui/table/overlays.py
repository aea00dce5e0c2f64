"""What the view draws over the table: the grid and the scale bar.

Neither is an item.  The grid is painted by the scene into its cached
background, over the terrain and under the units, only across the exposed
part of the table.  The scale bar is painted in the view's foreground in
viewport pixels, so it reads the same at every zoom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from desktop.scenario.model import Table
from desktop.scenario.vocabulary import LengthUnit
from desktop.ui.table.measure import (
    DEFAULT_GRID_DISPLAY,
    NICE_STEPS,
    from_display,
    suffix,
    to_display,
)

GRID_LINE = QColor("#eef0dc")
GUIDE_LINE = QColor("#dfe5c4")


@dataclass(frozen=True)
class GridSpec:
    """Square grid lines `square` inches apart through `origin` (table inches)."""

    square: float
    origin: tuple[float, float]
    from_scenario: bool


def grid_for(table: Table) -> GridSpec:
    """The scenario's own grid, or 6-inch / 10-cm lines when it has none."""
    if table.grid is not None:
        return GridSpec(table.grid.square, table.grid.origin, True)
    step = from_display(DEFAULT_GRID_DISPLAY[table.unit], table.unit)
    return GridSpec(step, (0.0, 0.0), False)


def grid_lines(spec: GridSpec, table: QRectF, exposed: QRectF) -> list[QLineF]:
    """The grid's lines inside the table that cross the exposed rectangle."""
    area = table.intersected(exposed)
    if area.isEmpty() or spec.square <= 0:
        return []
    ox, oy = spec.origin
    s = spec.square
    lines: list[QLineF] = []
    i = math.ceil((area.left() - ox) / s - 1e-9)
    while ox + i * s <= area.right() + 1e-9:
        x = ox + i * s
        if table.left() < x < table.right():
            lines.append(QLineF(x, table.top(), x, table.bottom()))
        i += 1
    j = math.ceil((area.top() - oy) / s - 1e-9)
    while oy + j * s <= area.bottom() + 1e-9:
        y = oy + j * s
        if table.top() < y < table.bottom():
            lines.append(QLineF(table.left(), y, table.right(), y))
        j += 1
    return lines


def draw_grid(painter: QPainter, spec: GridSpec, table: QRectF, exposed: QRectF,
              ppi: float) -> None:
    if spec.square * ppi < 4:  # the squares would be a grey smear
        return
    # A scenario's grid is part of the game: stronger.  The default is a light guide.
    # Opaque pens: Qt's raster engine blends a translucent vertical line one
    # scanline at a time, about 20 times slower than it paints an opaque one.
    pen = QPen(GRID_LINE if spec.from_scenario else GUIDE_LINE, 2.0 if spec.from_scenario else 1.0)
    pen.setCosmetic(True)
    lines = grid_lines(spec, table, exposed)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(pen)
    painter.drawLines(lines)
    painter.restore()


def nice_bar(ppi: float, unit: LengthUnit, max_px: float = 230.0) -> tuple[float, int]:
    """The longest nice length (display unit) whose bar fits in `max_px`, and its divisions."""
    px_per_display = ppi / to_display(1.0, unit)
    best = NICE_STEPS[unit][0]
    for step in NICE_STEPS[unit]:
        if step * px_per_display <= max_px:
            best = step
    divisions = 4 if best in (12, 24, 48, 96, 20, 100, 200, 0.5) else (
        3 if best in (3, 6, 36, 72, 0.25) else 5 if best in (5, 10, 50, 250, 500, 25) else 2)
    return best, divisions


def _fmt(v: float) -> str:
    return f"{v:g}"


def draw_scale_bar(painter: QPainter, viewport: QRectF, ppi: float, unit: LengthUnit) -> None:
    """An alternating black-and-white bar in the bottom-left corner, labelled at its ends."""
    if ppi <= 0:
        return
    length, parts = nice_bar(ppi, unit)
    px = from_display(length, unit) * ppi
    font = QFont("DejaVu Sans")
    font.setPixelSize(11)
    fm = QFontMetricsF(font)
    end_label = f"{_fmt(length)} {suffix(unit)}"
    pad, bar_h = 8.0, 6.0
    x0 = viewport.left() + 14 + pad
    y0 = viewport.bottom() - 14 - pad - bar_h
    box = QRectF(x0 - pad, y0 - fm.height() - pad - 3,
                 px + pad * 2 + fm.horizontalAdvance(end_label) / 2 + 4,
                 bar_h + fm.height() + pad * 2 + 3)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(251, 248, 240, 215))
    painter.drawRoundedRect(box, 5, 5)
    seg = px / parts
    for i in range(parts):
        painter.setBrush(QColor("#1d1d1b") if i % 2 == 0 else QColor("#fbf8f0"))
        painter.drawRect(QRectF(x0 + i * seg, y0, seg, bar_h))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor("#1d1d1b"), 1.0))
    painter.drawRect(QRectF(x0, y0, px, bar_h))
    painter.setFont(font)
    base = y0 - 4
    painter.drawText(QPointF(x0 - fm.horizontalAdvance("0") / 2, base), "0")
    if parts % 2 == 0:
        mid = length / 2
        t = _fmt(mid)
        painter.drawText(QPointF(x0 + px / 2 - fm.horizontalAdvance(t) / 2, base), t)
    painter.drawText(QPointF(x0 + px - fm.horizontalAdvance(_fmt(length)) / 2, base), end_label)
    painter.restore()


def draw_placeholder(painter: QPainter, viewport: QRectF, text: str) -> None:
    painter.save()
    font = QFont("DejaVu Sans")
    font.setPixelSize(16)
    painter.setFont(font)
    painter.setPen(QColor(220, 220, 214))
    painter.drawText(viewport, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()
