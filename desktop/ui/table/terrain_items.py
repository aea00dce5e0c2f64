"""Graphics items for terrain features and their name labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.geometry import outline, shape_area
from desktop.scenario.model import LineShape, TerrainFeature
from desktop.scenario.vocabulary import LINEAR_TERRAIN, LengthUnit, TerrainType
from desktop.ui.table.paths import area_path, shape_path
from desktop.ui.table.plain_looks import plain_look
from desktop.ui.table.styles import LABEL_INK, Z_TERRAIN, Z_TERRAIN_LABEL, Layer
from desktop.ui.table.tooltips import terrain_tip

if TYPE_CHECKING:
    from desktop.ui.table.terrain_looks import LookContext


class TerrainItem(QGraphicsItem):
    """One terrain feature, drawn as its type's look; refreshed by `set_feature`.

    On its own the item paints itself.  In a `TableScene` the terrain is
    static ground under everything else, so the scene paints all terrain into
    the view's cached background (`in_layer = True`) and the items stay for
    hit-testing, tooltips and (later) selection: repainting the table is then
    one blit, however much terrain it holds.

    With `detail=False` the item starts with its plain look (see plain_looks)
    and `refine` builds the full one later; the window uses this to show a
    table before shapely has even been imported.
    """

    in_layer = False

    def __init__(self, feature: TerrainFeature, unit: LengthUnit = LengthUnit.INCH,
                 context: LookContext | None = None, detail: bool = True) -> None:
        super().__init__()
        self.feature = feature
        self.detailed = False
        self._layers: list[Layer] = []
        self._bounds = QRectF()
        self._shape = QPainterPath()
        self.set_feature(feature, unit, context, detail)

    def refine(self, context: LookContext | None = None) -> None:
        """Swap the plain look for the full one (a no-op once detailed)."""
        if not self.detailed:
            self.set_feature(self.feature, context=context)

    def set_feature(self, feature: TerrainFeature, unit: LengthUnit | None = None,
                    context: LookContext | None = None, detail: bool = True) -> None:
        self.prepareGeometryChange()
        self.feature = feature
        if unit is not None:
            self._unit = unit
        unit = getattr(self, "_unit", LengthUnit.INCH)
        if detail:
            from desktop.ui.table.terrain_looks import build_look  # imports shapely

            self._layers = build_look(feature, context)
        else:
            self._layers = plain_look(feature)
        self.detailed = detail
        bounds = QRectF()
        for layer in self._layers:
            r = layer.path.controlPointRect()
            grow = layer.pen.widthF() / 2 if layer.pen.style() != Qt.PenStyle.NoPen else 0.0
            bounds = bounds.united(r.adjusted(-grow, -grow, grow, grow))
        self._bounds = bounds
        if isinstance(feature.shape, LineShape):
            stroker = QPainterPathStroker()
            stroker.setWidth(max(feature.shape.width, 0.3))
            stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            self._shape = stroker.createStroke(shape_path(feature.shape))
        else:
            self._shape = area_path(outline(feature.shape))
        z = Z_TERRAIN[feature.type]
        if feature.type in (TerrainType.HILL, TerrainType.RIDGE):
            z += min(float(feature.prop("height")), 9.0) * 0.05
        self.setZValue(z)
        self.setToolTip(terrain_tip(feature, unit))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._shape

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.in_layer:
            self.paint_look(painter, option.levelOfDetailFromTransform(painter.worldTransform()))

    def paint_look(self, painter: QPainter, ppi: float) -> None:
        """Draw the feature in scene coordinates at `ppi` device pixels per inch."""
        for layer in self._layers:
            if ppi < layer.min_ppi:
                continue
            painter.setPen(layer.pen)
            painter.setBrush(layer.brush)
            painter.drawPath(layer.path)


#: Features whose names are written on the map (lines are named in tooltips only).
LABELLED = frozenset(TerrainType) - LINEAR_TERRAIN - {TerrainType.BUILDING, TerrainType.BRIDGE,
                                                     TerrainType.FORD}


HALO_PEN = QPen(QColor(251, 248, 240, 170), 0.16)
HALO_PEN.setJoinStyle(Qt.PenJoinStyle.RoundJoin)


class TerrainLabelItem(QGraphicsItem):
    """A feature's name in map italics with a pale halo, sized in table inches."""

    SIZE = 0.85  # inches of cap height-ish
    #: On a big table seen whole, names grow to stay this many pixels high...
    MIN_PX = 11.0
    #: ...but never past this many times their size on the table.
    MAX_GROWTH = 2.5
    in_layer = False  # see TerrainItem

    def __init__(self, feature: TerrainFeature) -> None:
        super().__init__()
        self.setZValue(Z_TERRAIN_LABEL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = QPainterPath()
        self._bounds = QRectF()
        self.set_feature(feature)

    def set_feature(self, feature: TerrainFeature) -> None:
        self.prepareGeometryChange()
        self.feature = feature
        font = QFont("DejaVu Serif")
        font.setItalic(True)
        font.setPointSizeF(100)
        path = QPainterPath()
        path.addText(0, 0, font, feature.name)
        fm = QFontMetricsF(font)
        scale = self.SIZE / fm.height()
        r = path.boundingRect()
        # The label sits on the feature's most inland point, centred.
        area = shape_area(feature.shape)
        spot = area.representative_point() if not area.is_empty else None
        t = QTransform()
        if spot is not None:
            t.translate(spot.x, spot.y)
        t.scale(scale, scale)
        t.translate(-r.center().x(), -r.center().y())
        self._path = t.map(path)
        r = self._path.boundingRect()
        g = self.MAX_GROWTH
        grown = QRectF(0, 0, r.width() * g, r.height() * g)
        grown.moveCenter(r.center())
        self._bounds = grown.adjusted(-0.2, -0.2, 0.2, 0.2)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.in_layer:
            self.paint_look(painter, option.levelOfDetailFromTransform(painter.worldTransform()))

    def paint_look(self, painter: QPainter, ppi: float) -> None:
        growth = min(self.MAX_GROWTH, max(1.0, self.MIN_PX / max(ppi * self.SIZE, 1e-6)))
        if ppi * self.SIZE * growth < 7:  # too small to read even grown: leave it out
            return
        painter.save()
        if growth > 1.0:
            c = self._path.boundingRect().center()
            painter.translate(c)
            painter.scale(growth, growth)
            painter.translate(-c)
        halo = QPen(HALO_PEN)
        halo.setWidthF(HALO_PEN.widthF() * 1.6 if growth > 1.0 else HALO_PEN.widthF())
        painter.setPen(halo)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LABEL_INK)
        painter.drawPath(self._path)
        painter.restore()
