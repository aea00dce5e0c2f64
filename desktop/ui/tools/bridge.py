"""Between a QGraphicsView and the tools: events in, overlay out.

`ViewBridge` filters the view's mouse and key events, turns them into
`ToolEvent`s in table inches (the scene is laid out in inches) and hands them
to the tool manager.  The middle button and Space-drag stay with the view
(pan), as does the wheel (zoom).  `OverlayItem` draws the selection, the
problem highlights and the current tool's overlay on top of the table.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.geometry import rect_corners
from desktop.scenario.model import Point, Unit
from desktop.ui.tools.base import Overlay, ToolEvent
from desktop.ui.tools.hits import OFFICER_RADIUS, area_of
from desktop.ui.tools.manager import ToolManager

#: How near, in screen pixels, counts as "on" a vertex or handle.
PICK_PIXELS = 7.0
Z_OVERLAY = 100.0

SELECTION = QColor("#ffb000")
PROBLEM = QColor("#e0242a")
DRAFT = QColor("#0b57d0")
ZONE = QColor("#7a2fbf")

_KEYS = {
    Qt.Key.Key_Return: "Return", Qt.Key.Key_Enter: "Enter", Qt.Key.Key_Escape: "Escape",
    Qt.Key.Key_Delete: "Delete", Qt.Key.Key_Backspace: "Backspace", Qt.Key.Key_Tab: "Tab",
    Qt.Key.Key_Left: "Left", Qt.Key.Key_Right: "Right", Qt.Key.Key_Up: "Up",
    Qt.Key.Key_Down: "Down",
}


def key_name(key: int, text: str) -> str:
    """A Qt key as the tools name it ('Return', 'Left', ']', 'R')."""
    try:
        k = Qt.Key(key)
    except ValueError:
        k = None
    if k in _KEYS:
        return _KEYS[k]
    if text and text.isprintable():
        return text
    return QKeySequence(key).toString()


class ProblemItem(QGraphicsItem):
    """Red outlines round the pieces and features the editing checks name.

    Apart from the selection overlay so that a drag repaints only where the
    dragged thing is, not everything between it and a far-off problem.
    """

    def __init__(self, manager: ToolManager) -> None:
        super().__init__()
        self.manager = manager
        self.ids: set[str] = set()
        self.setZValue(Z_OVERLAY - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._outlines: list[list[Point]] = []
        self._rect = QRectF()

    def set_ids(self, ids: set[str]) -> None:
        self.ids = set(ids)
        index = _Index(self.manager.doc.scenario)
        self._outlines = [o for o in (index.outline(i) for i in self.ids) if len(o) > 1]
        rect = QRectF()
        for pts in self._outlines:
            rect = rect.united(_bounds(pts))
        rect = rect.adjusted(-1, -1, 1, 1) if not rect.isNull() else QRectF()
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        px = 1.0 / max(painter.worldTransform().m11(), 1e-6)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(PROBLEM, 2.5 * px, Qt.PenStyle.DashLine))
        for pts in self._outlines:
            painter.drawPolygon(_poly(pts))


class OverlayItem(QGraphicsItem):
    """The selection and the tool's overlay, above everything else."""

    def __init__(self, manager: ToolManager) -> None:
        super().__init__()
        self.manager = manager
        self.setZValue(Z_OVERLAY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()
        self._overlay = Overlay()
        self._idx: _Index | None = None
        self.refresh()

    def refresh(self) -> None:
        """Recompute what to draw and the (small) area it covers."""
        self._overlay = self.manager.overlay()
        rect = QRectF()
        for pts in self._outlines():
            rect = rect.united(_bounds(pts))
        if self._overlay.label is not None:
            p = self._overlay.label[0]
            rect = rect.united(QRectF(p[0], p[1], 0.1, 0.1))
        pad = 3.0  # inches: handles and labels are drawn a few pixels out
        rect = rect.adjusted(-pad, -pad, pad, pad) if not rect.isNull() else QRectF()
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self.update()

    def _outlines(self) -> list[list[Point]]:
        out: list[list[Point]] = [p for p, _ in self._overlay.lines]
        out += [p for p, _ in self._overlay.polygons]
        out += [[p] for p, _ in self._overlay.handles]
        index = self._index()
        out += [index.outline(i) for i in self.manager.doc.selection]
        return [o for o in out if o]

    def _index(self) -> _Index:
        s = self.manager.doc.scenario
        if self._idx is None or self._idx.scenario is not s:
            self._idx = _Index(s)
        return self._idx

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        ppi = max(painter.worldTransform().m11(), 1e-6)
        px = 1.0 / ppi
        index = self._index()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(SELECTION, 2.5 * px))
        for i in self.manager.doc.selection:
            pts = index.outline(i)
            if len(pts) > 1:
                painter.drawPolygon(_poly(pts))
        ov = self._overlay
        for pts, style in ov.polygons:
            pen, brush = _style(style, px)
            painter.setPen(pen)
            painter.setBrush(brush)
            painter.drawPolygon(_poly(pts))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pts, style in ov.lines:
            pen, _ = _style(style, px)
            painter.setPen(pen)
            path = QPainterPath()
            path.moveTo(QPointF(*pts[0]))
            for p in pts[1:]:
                path.lineTo(QPointF(*p))
            painter.drawPath(path)
        for p, kind in ov.handles:
            r = 4.0 * px
            if kind == "crossing":
                _cross_mark(painter, p, px)
                continue
            fill = {"active": SELECTION, "rotate": QColor("#ffffff"), "pivot": PROBLEM,
                    "scale": QColor("#ffffff"), "edge": QColor("#ffffff")}.get(kind, DRAFT)
            painter.setPen(QPen(QColor("#1d1d1b"), 1.2 * px))
            painter.setBrush(QBrush(fill))
            if kind in ("scale", "vertex", "active"):
                painter.drawRect(QRectF(p[0] - r, p[1] - r, 2 * r, 2 * r))
            else:
                painter.drawEllipse(QPointF(*p), r * 1.2, r * 1.2)
        if ov.label is not None:
            (x, y), text = ov.label
            painter.save()
            painter.translate(x, y)
            painter.scale(px, px)
            box = painter.fontMetrics().boundingRect(text).adjusted(-4, -2, 4, 2)
            box.translate(12, -10)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(255, 255, 255, 220)))
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(QPen(QColor("#1d1d1b")))
            painter.drawText(QPointF(12, -10), text)
            painter.restore()


class _Index:
    """Id -> outline source for one scenario value (rebuilt when the value changes)."""

    def __init__(self, s: Any) -> None:
        self.scenario = s
        self.features = {f.id: f for f in s.terrain}
        self.objectives = {o.id: o for o in s.game.objectives}
        self.pieces: dict[str, Any] = {}
        for side in s.sides:
            for u in side.units:
                self.pieces[u.id] = u
            for o in side.officers:
                self.pieces[o.id] = o

    def outline(self, i: str) -> list[Point]:
        f = self.features.get(i)
        if f is not None:
            return [(float(x), float(y)) for x, y in area_of(f.shape).exterior.coords]
        o = self.objectives.get(i)
        if o is not None:
            return _circle(o.position, 1.0)
        p = self.pieces.get(i)
        if p is None:
            return []
        if isinstance(p, Unit):
            return rect_corners(p.position, p.base.frontage + 0.3, p.base.depth + 0.3, p.facing)
        return _circle(p.position, OFFICER_RADIUS + 0.15)


def _cross_mark(painter: QPainter, p: Point, px: float) -> None:
    """Where a refused outline crosses itself: a red ring with a cross, easy to spot."""
    r = 9.0 * px
    painter.setPen(QPen(QColor("#ffffff"), 5.0 * px))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(*p), r, r)
    painter.setPen(QPen(PROBLEM, 2.5 * px))
    painter.drawEllipse(QPointF(*p), r, r)
    k = r * 0.6
    painter.drawLine(QPointF(p[0] - k, p[1] - k), QPointF(p[0] + k, p[1] + k))
    painter.drawLine(QPointF(p[0] - k, p[1] + k), QPointF(p[0] + k, p[1] - k))


def _circle(c: Point, r: float) -> list[Point]:
    return [(c[0] + r * math.cos(a * math.pi / 12), c[1] + r * math.sin(a * math.pi / 12))
            for a in range(24)]


def _bounds(pts: list[Point]) -> QRectF:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return QRectF(min(xs), min(ys), max(max(xs) - min(xs), 0.01), max(max(ys) - min(ys), 0.01))


def _poly(pts: list[Point]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in pts])


def _style(style: str, px: float) -> tuple[QPen, QBrush]:
    if style == "band":
        pen = QPen(DRAFT, 1.0 * px, Qt.PenStyle.DashLine)
        return pen, QBrush(QColor(11, 87, 208, 30))
    if style == "zone":
        return QPen(ZONE, 2.5 * px, Qt.PenStyle.DashLine), QBrush(QColor(122, 47, 191, 16))
    if style == "selection":
        return QPen(SELECTION, 2.0 * px), QBrush(Qt.BrushStyle.NoBrush)
    if style == "refused":
        return QPen(PROBLEM, 2.0 * px, Qt.PenStyle.DashLine), QBrush(QColor(224, 36, 42, 28))
    if style == "guide":
        return QPen(QColor("#1d1d1b"), 1.0 * px, Qt.PenStyle.DotLine), QBrush(Qt.BrushStyle.NoBrush)
    return QPen(DRAFT, 2.0 * px), QBrush(QColor(11, 87, 208, 40))


_HANDLED = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease,
})


class ViewBridge(QObject):
    """Feeds a view's mouse and key events to the tool manager, in table inches."""

    def __init__(self, view: QGraphicsView, manager: ToolManager) -> None:
        super().__init__(view)
        self.view = view
        self.manager = manager
        self.enabled = True
        self.overlay = OverlayItem(manager)
        self.problems = ProblemItem(manager)
        view.scene().addItem(self.overlay)
        view.scene().addItem(self.problems)
        manager.overlayChanged.connect(self.overlay.refresh)
        self._viewport = view.viewport()
        self._viewport.installEventFilter(self)
        view.installEventFilter(self)
        self._buttons = ""

    def _ppi(self) -> float:
        return max(abs(self.view.transform().m11()), 1e-6)

    def to_event(self, pos: QPointF, button: str, mods: Qt.KeyboardModifier) -> ToolEvent:
        p = self.view.mapToScene(pos.toPoint())
        return ToolEvent(
            (p.x(), p.y()), button,
            shift=bool(mods & Qt.KeyboardModifier.ShiftModifier),
            ctrl=bool(mods & Qt.KeyboardModifier.ControlModifier),
            alt=bool(mods & Qt.KeyboardModifier.AltModifier),
            tolerance=PICK_PIXELS / self._ppi(),
        )

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        t = event.type()
        if t not in _HANDLED or not self.enabled:
            return False  # (also keeps away from a view being torn down)
        if obj is self.view and t == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            mods = event.modifiers()
            name = key_name(event.key(), event.text())
            ev = ToolEvent((0.0, 0.0), "", bool(mods & Qt.KeyboardModifier.ShiftModifier),
                           bool(mods & Qt.KeyboardModifier.ControlModifier),
                           bool(mods & Qt.KeyboardModifier.AltModifier))
            if name == "Space":
                return False
            return self.manager.key(name, ev)
        if obj is not self._viewport or not isinstance(event, QMouseEvent):
            return False
        if t in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick):
            b = event.button()
            if b == Qt.MouseButton.MiddleButton or getattr(self.view, "_space", False):
                return False
            name = "left" if b == Qt.MouseButton.LeftButton else "right"
            ev = self.to_event(event.position(), name, event.modifiers())
            self.view.setFocus()
            if t == QEvent.Type.MouseButtonDblClick:
                self.manager.double_click(ev)
            else:
                self._buttons = name
                self.manager.press(ev)
            return True
        if t == QEvent.Type.MouseMove:
            if getattr(self.view, "_pan_from", None) is not None:
                return False
            ev = self.to_event(event.position(), self._buttons, event.modifiers())
            self.manager.move(ev)
            if self._buttons:
                moved = getattr(self.view, "cursor_moved", None)
                if moved is not None:  # the view does not see this move: tell the status bar
                    moved.emit(QPointF(*ev.pos))
                return True
            return False
        if t == QEvent.Type.MouseButtonRelease:
            if not self._buttons:
                return False
            ev = self.to_event(event.position(), self._buttons, event.modifiers())
            self._buttons = ""
            self.manager.release(ev)
            return True
        return False
