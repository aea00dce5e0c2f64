"""Square names along the table's edges in grid games, as the log and cards write them.

Tactical Dice names squares like a chessboard turned to the screen (``h2``:
column h, row 2), and the log, the unit card and the printed map all use
those names; the screen had none (issue 20).  The labels stand just outside
the table, letters above and below each column, numbers left and right of
each row, and keep their size on screen at any zoom.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.model import Table, column_name

#: Light ink: the labels stand on the table's dark frame and the dark ground around it.
INK = QColor("#f4ecd2")
#: Screen pixels between a label and the table's edge.
GAP = 4.0


def edge_labels(table: Table) -> list[tuple[str, float, float, str]]:
    """(text, x, y, side) for every label: a column's letter at its centre on the top
    and bottom edges, a row's number on the left and right edges (side: which edge)."""
    g = table.grid
    if g is None or g.square <= 0:
        return []
    sq, (gx, gy) = g.square, g.origin
    out: list[tuple[str, float, float, str]] = []
    first = math.floor(-gx / sq + 1e-9)
    for col in range(first, math.ceil((table.width - gx) / sq - 1e-9)):
        if col < 0:
            continue
        cx = min(max(gx + (col + 0.5) * sq, 0.0), table.width)
        name = column_name(col)
        out += [(name, cx, 0.0, "top"), (name, cx, table.depth, "bottom")]
    first = math.floor(-gy / sq + 1e-9)
    for row in range(first, math.ceil((table.depth - gy) / sq - 1e-9)):
        if row < 0:
            continue
        cy = min(max(gy + (row + 0.5) * sq, 0.0), table.depth)
        out += [(str(row + 1), 0.0, cy, "left"), (str(row + 1), table.width, cy, "right")]
    return out


class EdgeLabel(QGraphicsItem):
    """One square name beside the table's edge, the same size on screen at any zoom."""

    def __init__(self, text: str, side: str) -> None:
        super().__init__()
        self.text = text
        self.side = side
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(-5)
        self.font = QFont("DejaVu Sans")
        self.font.setPixelSize(12)
        self.font.setBold(True)
        fm = QFontMetricsF(self.font)
        w, h = fm.horizontalAdvance(text) + 2, fm.height()
        x, y = {"top": (-w / 2, -GAP - h), "bottom": (-w / 2, GAP),
                "left": (-GAP - w, -h / 2), "right": (GAP, -h / 2)}[side]
        self._rect = QRectF(x, y, w, h)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setFont(self.font)
        painter.setPen(INK)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class GridLabels:
    """The labels of one scene: shown for grid games, gone otherwise."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: list[EdgeLabel] = []
        self._table: Table | None = None

    def show(self, table: Table | None) -> None:
        """Label `table`'s squares (None: no labels)."""
        if table == self._table and (self.items or table is None):
            return
        for it in self.items:
            self.scene.removeItem(it)
        self.items = []
        self._table = table
        if table is None:
            return
        for text, x, y, side in edge_labels(table):
            it = EdgeLabel(text, side)
            it.setPos(QPointF(x, y))
            self.scene.addItem(it)
            self.items.append(it)

    def texts(self, side: str = "top") -> list[str]:
        """The labels along one edge, left to right or top to bottom."""
        along = [(it.pos().x() if side in ("top", "bottom") else it.pos().y(), it.text)
                 for it in self.items if it.side == side]
        return [t for _, t in sorted(along)]


def grid_game(ruleset: str) -> bool:
    """Does the ruleset move square to square (its view is a GridView)?"""
    from desktop.rules import registry
    from desktop.rules.view_capabilities import GridView

    try:
        view_class = type(registry.get(ruleset)).view_class
    except LookupError:
        return False
    return isinstance(view_class, type) and issubclass(view_class, GridView)
