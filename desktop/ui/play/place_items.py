"""The places a side must fill with figures to win, marked on the table.

An occupy-feature condition (Kiddies' mill and chapel, D3's Kreuzdorf, the
Redoubt's village) names a piece of terrain, not an objective marker: the
window outlines it in the side's colour and writes its name with how many of
that side's figures are in it and how many are needed ("Kiddle mill ·
Azurians 1 of 3"), from the victory state the panel shows
(``VictoryState.places``).  The name is plain text, drawn by the painter.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from desktop.rules.victory import PlaceState, VictoryState
from desktop.scenario.geometry import shape_area
from desktop.scenario.model import Scenario
from desktop.ui.plaintext import literal
from desktop.ui.table.paths import polygon
from desktop.ui.table.styles import Z_OBJECTIVE_NAME


def _outline(area: BaseGeometry) -> QPainterPath:
    path = QPainterPath()
    polys = list(area.geoms) if isinstance(area, MultiPolygon) else (
        [area] if isinstance(area, Polygon) else [])
    for p in polys:
        path.addPolygon(polygon(list(p.exterior.coords)))
        path.closeSubpath()
    return path


class PlaceItem(QGraphicsItem):
    """A place to fill: its outline dashed in the side's colour, its name and count
    on a plate above it that grows to stay readable on a table seen whole."""

    TEXT_INCH = 0.6
    MIN_PX = 10.0
    MAX_GROWTH = 2.6

    def __init__(self, area: BaseGeometry) -> None:
        super().__init__()
        self.setZValue(Z_OBJECTIVE_NAME)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = _outline(area)
        self._box = self._path.boundingRect()
        self.text = ""
        self.colour = QColor("#888888")
        self.met = False
        self._font = QFont("DejaVu Sans")
        self._font.setPixelSize(100)
        self._font.setBold(True)
        self._fm = QFontMetricsF(self._font)
        self._bounds = self._box

    def set_state(self, text: str, colour: str, met: bool) -> None:
        self.prepareGeometryChange()
        self.text, self.colour, self.met = text, QColor(colour), met
        self.setToolTip(literal(text))
        w, h = self._plate_size(self.MAX_GROWTH)
        top = self._box.top() - h - 0.2
        self._bounds = self._box.united(QRectF(self._box.center().x() - w / 2, top, w, h)) \
            .adjusted(-0.3, -0.3, 0.3, 0.3)
        self.update()

    def _plate_size(self, growth: float) -> tuple[float, float]:
        k = self.TEXT_INCH * growth / self._fm.height()
        return self._fm.horizontalAdvance(self.text) * k + 0.5 * growth, \
            self._fm.height() * k + 0.2 * growth

    def growth(self, ppi: float) -> float:
        """How much bigger than on the table the plate is drawn at `ppi`."""
        return min(self.MAX_GROWTH, max(1.0, self.MIN_PX / max(ppi * self.TEXT_INCH, 1e-6)))

    def plate_rect(self, ppi: float) -> QRectF:
        """Where the plate is drawn at `ppi` (table inches): above the place, centred."""
        w, h = self._plate_size(self.growth(ppi))
        return QRectF(self._box.center().x() - w / 2, self._box.top() - h - 0.2, w, h)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        ppi = option.levelOfDetailFromTransform(painter.worldTransform())
        pen = QPen(self.colour, 0.2 if self.met else 0.14, Qt.PenStyle.CustomDashLine)
        pen.setDashPattern([2.5, 1.5])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        plate = self.plate_rect(ppi)
        if plate.height() * ppi < 7:
            return
        g = self.growth(ppi)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 32, 10, 215))
        painter.drawRoundedRect(plate, 0.12 * g, 0.12 * g)
        painter.setBrush(self.colour)
        painter.drawRoundedRect(QRectF(plate.left(), plate.top(), 0.22 * g, plate.height()),
                                0.08 * g, 0.08 * g)
        k = self.TEXT_INCH * g / self._fm.height()
        painter.save()
        painter.translate(plate.left() + 0.33 * g, plate.top() + 0.1 * g + self._fm.ascent() * k)
        painter.scale(k, k)
        painter.setFont(self._font)
        painter.setPen(QColor("#ffe9a8"))
        painter.drawText(QPointF(0, 0), self.text)
        painter.restore()


class Places:
    """The window's place items, kept in step with the victory state shown."""

    def __init__(self) -> None:
        self.items: dict[str, PlaceItem] = {}

    def plates(self, ppi: float) -> list[QRectF]:
        """Where the plates are drawn at `ppi` (scene inches): drawn over the units,
        they are obstacles to the units' names, as counters are."""
        return [i.plate_rect(ppi) for i in self.items.values() if i.text and i.scene() is not None]

    def show(self, scene: QGraphicsScene, scenario: Scenario, state: VictoryState | None,
             colour: Callable[[str], str], name: Callable[[str], str]) -> None:
        """`colour(side)` and `name(side)` give a side's colour and name."""
        places: list[PlaceState] = list(state.places) if state is not None else []
        keep = {p.feature for p in places}
        for fid in [f for f in self.items if f not in keep]:
            gone = self.items.pop(fid)
            if gone.scene() is scene:
                scene.removeItem(gone)
        features = {f.id: f for f in scenario.terrain}
        for p in places:
            f = features.get(p.feature)
            if f is None:
                continue
            item: PlaceItem | None = self.items.get(p.feature)
            if item is None or item.scene() is not scene:
                item = PlaceItem(shape_area(f.shape))
                self.items[p.feature] = item
                scene.addItem(item)
            text = f"{p.name} · {name(p.side)} {p.figures} of {p.needed}"
            item.set_state(text, colour(p.side), p.figures >= p.needed)
