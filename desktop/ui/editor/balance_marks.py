"""Marks on the table for the units a balance batch never brought into a fight.

A unit that never fought in any game of the batch is one the scenario does not
use: the designer sees it outlined with a small "never fought" badge, drawn
above the table (like the problem outlines) and gone when the Balance dock
closes.  The marks follow the units as they are moved or deleted.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.geometry import rect_corners
from desktop.scenario.model import Point, Scenario

#: Teal: apart from the selection (amber), the problems (red) and the zones (violet).
MARK = QColor("#00798c")
BADGE_TEXT = "never fought"
#: Below the selection and problem outlines, above every table item.
Z_MARKS = 98.0
#: Inches round the badges (they are drawn a fixed size in pixels above the unit).
_PAD = 10.0


class NeverFoughtItem(QGraphicsItem):
    """Teal dashed outlines and a badge round each unit named in `set_units`."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_MARKS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.unit_ids: frozenset[str] = frozenset()
        self._outlines: list[list[Point]] = []
        self._rect = QRectF()

    def set_units(self, scenario: Scenario | None, ids: Iterable[str]) -> None:
        """Mark these units (ids the scenario no longer has are skipped)."""
        self.unit_ids = frozenset(ids)
        self.follow(scenario)

    def clear(self) -> None:
        self.set_units(None, ())

    def follow(self, scenario: Scenario | None) -> None:
        """Redraw round the marked units where `scenario` now has them."""
        outlines: list[list[Point]] = []
        if scenario is not None and self.unit_ids:
            for side in scenario.sides:
                for u in side.units:
                    if u.id in self.unit_ids:
                        outlines.append(rect_corners(u.position, u.base.frontage + 0.6,
                                                     u.base.depth + 0.6, u.facing))
        rect = QRectF()
        for pts in outlines:
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            rect = rect.united(QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        rect = rect.adjusted(-_PAD, -_PAD, _PAD, _PAD) if outlines else QRectF()
        self.prepareGeometryChange()
        self._outlines = outlines
        self._rect = rect
        self.update()

    @property
    def marked(self) -> int:
        """How many units are outlined now."""
        return len(self._outlines)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        px = 1.0 / max(painter.worldTransform().m11(), 1e-6)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(painter.font())
        font.setPixelSize(11)
        font.setBold(True)
        metrics = QFontMetricsF(font)
        for pts in self._outlines:
            poly = QPolygonF([QPointF(x, y) for x, y in pts])
            painter.setBrush(QBrush(QColor(0, 121, 140, 40)))
            painter.setPen(QPen(QColor("#ffffff"), 4.5 * px))
            painter.drawPolygon(poly)
            painter.setPen(QPen(MARK, 2.5 * px, Qt.PenStyle.DashLine))
            painter.drawPolygon(poly)
            top = min(pts, key=lambda p: p[1])
            cx = sum(p[0] for p in pts) / len(pts)
            painter.save()
            painter.translate(cx, top[1])
            painter.scale(px, px)  # the badge is the same size in pixels at any zoom
            painter.setFont(font)
            w = metrics.horizontalAdvance(BADGE_TEXT) + 10
            h = metrics.height() + 4
            box = QRectF(-w / 2, -h - 4, w, h)
            painter.setPen(QPen(QColor("#ffffff"), 1.0))
            painter.setBrush(QBrush(MARK))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QPen(QColor("#ffffff")))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, BADGE_TEXT)
            painter.restore()
