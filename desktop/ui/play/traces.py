"""What the computer did, left on the table until the person acts.

A unit the computer moved keeps a faint outline where it stood and a line to
where it went; a unit that fired or fought gets a small burst round it, its
target a dashed ring.  The same items draw a hint (desktop.ui.play.hinting)
in another colour.  They are overlay items in the table scene, in inches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.play.session import Step
from desktop.rules.view_values import PieceInfo
from desktop.table.shapes import corners
from desktop.ui.play.host import PlayHost

Z_TRACE = 60.0
#: A piece that moved less than this (inches) and turned less than this
#: (degrees) did not move.
STILL_INCHES = 0.05
STILL_DEGREES = 0.5
BURST = QColor(235, 130, 20)
STRUCK = QColor(200, 40, 30)


def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


def casing(colour: QColor) -> QColor:
    """The band drawn under a trace's line so any side's colour reads on any
    ground: dark under a pale colour (white, grey, yellow), light under a dark one."""
    return QColor(25, 25, 25, 130) if colour.lightness() > 110 else QColor(255, 255, 255, 150)


def moved(before: PieceInfo, after: PieceInfo) -> bool:
    turn = abs((after.facing - before.facing + 180.0) % 360.0 - 180.0)
    return (math.hypot(after.x - before.x, after.y - before.y) > STILL_INCHES
            or turn > STILL_DEGREES)


class OutlineItem(QGraphicsItem):
    """A piece's base where it stood (or would stand), dashed and faint."""

    def __init__(self, piece: PieceInfo, colour: QColor, alpha: int = 150) -> None:
        super().__init__()
        self.setZValue(Z_TRACE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.piece = piece
        self.colour = QColor(colour)
        self.colour.setAlpha(alpha)
        pts = corners(piece.x, piece.y, max(piece.frontage, 0.3), max(piece.depth, 0.3),
                      piece.facing)
        self.poly = QPolygonF([QPointF(x, y) for x, y in pts])
        self._rect = self.poly.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        fill = QColor(self.colour)
        fill.setAlpha(self.colour.alpha() // 4)
        painter.setBrush(fill)
        for pen in (_pen(casing(self.colour), 3.4), _pen(self.colour, 1.6, Qt.PenStyle.DashLine)):
            painter.setPen(pen)
            if self.piece.is_officer:
                painter.drawEllipse(self.poly.boundingRect())
            else:
                painter.drawPolygon(self.poly)
            painter.setBrush(Qt.BrushStyle.NoBrush)


class ArrowItem(QGraphicsItem):
    """A line from `a` to `b` with a head at `b`: a move's path, or a shot."""

    HEAD = 0.9  # inches

    def __init__(self, a: tuple[float, float], b: tuple[float, float], colour: QColor,
                 dotted: bool = True, width: float = 2.0) -> None:
        super().__init__()
        self.setZValue(Z_TRACE + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.a, self.b = QPointF(*a), QPointF(*b)
        self.colour = QColor(colour)
        self.dotted = dotted
        self.width = width
        self._rect = QRectF(self.a, self.b).normalized().adjusted(-1.5, -1.5, 1.5, 1.5)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        style = Qt.PenStyle.DotLine if self.dotted else Qt.PenStyle.SolidLine
        painter.setPen(_pen(casing(self.colour), self.width + 1.8))
        painter.drawLine(self.a, self.b)
        painter.setPen(_pen(self.colour, self.width, style))
        painter.drawLine(self.a, self.b)
        dx, dy = self.b.x() - self.a.x(), self.b.y() - self.a.y()
        length = math.hypot(dx, dy)
        if length < 1e-6:
            return
        ux, uy = dx / length, dy / length
        h = min(self.HEAD, length / 2)
        left = QPointF(self.b.x() - h * ux + h * 0.5 * uy, self.b.y() - h * uy - h * 0.5 * ux)
        right = QPointF(self.b.x() - h * ux - h * 0.5 * uy, self.b.y() - h * uy + h * 0.5 * ux)
        head = QPolygonF([self.b, left, right])
        painter.setPen(_pen(casing(self.colour), self.width + 1.8))
        painter.drawPolygon(head)
        painter.setPen(_pen(self.colour, self.width))
        painter.setBrush(self.colour)
        painter.drawPolygon(head)


class BurstItem(QGraphicsItem):
    """A jagged ring round a piece that fired or fought (or, dashed, its target)."""

    def __init__(self, piece: PieceInfo, colour: QColor, jagged: bool = True) -> None:
        super().__init__()
        self.setZValue(Z_TRACE + 2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.colour = QColor(colour)
        self.jagged = jagged
        r = max(piece.frontage, piece.depth, 0.6) / 2 + 0.6
        self.setPos(piece.x, piece.y)
        n = 14
        pts = []
        for i in range(2 * n):
            rr = r * (1.25 if jagged and i % 2 == 0 else 1.0)
            ang = math.pi * i / n
            pts.append(QPointF(rr * math.cos(ang), rr * math.sin(ang)))
        self.poly = QPolygonF(pts)
        self._rect = self.poly.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        style = Qt.PenStyle.SolidLine if self.jagged else Qt.PenStyle.DashLine
        painter.setPen(_pen(self.colour, 2.2, style))
        painter.drawPolygon(self.poly)


#: Event kinds of a shot or a fight: who did it is marked even with no target named.
FIGHT_KINDS = frozenset({"shot", "fire", "charge", "melee", "close_combat", "cards"})


def fights(step: Step) -> tuple[set[str], set[str]]:
    """The pieces that fired or fought in a step, and the pieces they aimed at:
    from the events' ``unit``/``gun``/``shooter`` and ``target`` data."""
    acted: set[str] = set()
    aimed: set[str] = set()
    for e in step.events:
        target = e.data.get("target")
        if isinstance(target, str):
            aimed.add(target)
        elif e.kind not in FIGHT_KINDS:
            continue
        for key in ("unit", "gun", "shooter"):
            who = e.data.get(key)
            if isinstance(who, str) and who != target:
                acted.add(who)
    return acted, aimed


class Traces:
    """The computer's moves and fights since the person last acted."""

    def __init__(self, window: PlayHost) -> None:
        self.w = window
        self.items: list[QGraphicsItem] = []
        #: Where each piece the computer moved stood before it moved it.
        self.origins: dict[str, PieceInfo] = {}
        self.acted: set[str] = set()
        self.aimed: set[str] = set()

    def add(self, step: Step, before: Mapping[str, PieceInfo],
            after: Mapping[str, PieceInfo]) -> None:
        for pid, b in before.items():
            a = after.get(pid)
            if a is not None and b.present and moved(b, a):
                self.origins.setdefault(pid, b)
        acted, aimed = fights(step)
        self.acted |= acted
        self.aimed |= aimed
        self.draw(after)

    def draw(self, now: Mapping[str, PieceInfo]) -> None:
        self._drop()
        for pid, was in self.origins.items():
            cur = now.get(pid)
            colour = QColor(self.w.side_colour(was.side, ink=True))
            self._put(OutlineItem(was, colour))
            if cur is not None and cur.present:
                self._put(ArrowItem(was.pos, cur.pos, colour))
        for pid in self.aimed:
            p = now.get(pid)
            if p is not None and p.present:
                self._put(BurstItem(p, STRUCK, jagged=False))
        for pid in self.acted:
            p = now.get(pid)
            if p is not None and p.present:
                self._put(BurstItem(p, BURST))

    def show_live(self, live: bool) -> None:
        """Hide the marks while a replay shows another step: they belong to the
        live position, not to the one on the table."""
        for it in self.items:
            it.setVisible(live)

    def pieces(self) -> Iterable[str]:
        """Every piece traced or marked (for tests and the status line)."""
        return sorted(set(self.origins) | self.acted | self.aimed)

    def clear(self) -> None:
        self.origins.clear()
        self.acted.clear()
        self.aimed.clear()
        self._drop()

    def _put(self, item: QGraphicsItem) -> None:
        self.w.scene.addItem(item)
        self.items.append(item)

    def _drop(self) -> None:
        for it in self.items:
            if it.scene() is not None:
                it.scene().removeItem(it)
        self.items = []
