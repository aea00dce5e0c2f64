"""Graphics items for the game's markings: deployment zones and objectives."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.model import Objective, Point, Side
from desktop.scenario.vocabulary import Edge, LengthUnit
from desktop.ui.plaintext import esc
from desktop.ui.table.paths import polygon
from desktop.ui.table.styles import INK, PAPER, Z_DEPLOYMENT, Z_OBJECTIVE, Z_OBJECTIVE_NAME
from desktop.ui.table.terrain_items import TerrainLabelItem
from desktop.ui.table.tooltips import objective_tip, zone_tip

ZONE_LABEL_INCH = 0.7


class DeploymentZoneItem(QGraphicsItem):
    """A side's deployment area: a translucent wash of its colour, a dashed edge, a title."""

    def __init__(self, side: Side, points: list[Point]) -> None:
        super().__init__()
        self.setZValue(Z_DEPLOYMENT)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_zone(side, points)

    def set_zone(self, side: Side, points: list[Point]) -> None:
        self.prepareGeometryChange()
        self.side, self.points = side, list(points)
        self._poly: QPolygonF = polygon(points)
        colour = QColor(side.colour)
        fill = QColor(colour)
        fill.setAlpha(22)
        self._fill = fill
        edge = QColor(colour)
        edge.setAlpha(200)
        self._pen = QPen(edge, 0.14, Qt.PenStyle.CustomDashLine)
        self._pen.setDashPattern([6, 3])
        self._ink = colour.darker(140 if colour.lightnessF() < 0.6 else 260)
        # Title along the side's baseline, inside the zone.
        font = QFont("DejaVu Sans")
        font.setPointSizeF(100)
        font.setWeight(QFont.Weight.Bold)
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
        self._font = font
        fm = QFontMetricsF(font)
        self._scale = ZONE_LABEL_INCH / fm.height()
        self._text = f"{side.name.upper()} DEPLOYMENT"
        tw = fm.horizontalAdvance(self._text) * self._scale
        r = self._poly.boundingRect()
        inset = 0.35
        if side.baseline is Edge.NORTH:
            origin = QPointF(r.center().x() - tw / 2, r.top() + inset + fm.ascent() * self._scale)
        elif side.baseline is Edge.SOUTH:
            origin = QPointF(r.center().x() - tw / 2,
                             r.bottom() - inset - fm.descent() * self._scale)
        elif side.baseline is Edge.WEST:  # written up the left edge
            origin = QPointF(r.left() + inset + fm.ascent() * self._scale, r.center().y() + tw / 2)
        else:  # written down the right edge
            origin = QPointF(r.right() - inset - fm.ascent() * self._scale, r.center().y() - tw / 2)
        self._origin = origin
        self._turn = {Edge.WEST: -90.0, Edge.EAST: 90.0}.get(side.baseline, 0.0)
        up, down = fm.ascent() * self._scale, fm.descent() * self._scale
        if side.baseline is Edge.WEST:  # the text runs up from the origin
            self._title = QRectF(origin.x() - up, origin.y() - tw, up + down, tw)
        elif side.baseline is Edge.EAST:  # ... and down from it
            self._title = QRectF(origin.x() - down, origin.y(), up + down, tw)
        else:
            self._title = QRectF(origin.x(), origin.y() - up, tw, up + down)
        self._bounds = r.adjusted(-0.2, -0.2, 0.2, 0.2)
        self.setToolTip(zone_tip(side))
        self.update()

    def title_rect(self) -> QRectF:
        """Where the zone's title is written, in scene inches (name tags keep off it)."""
        return self._title

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        # Hovering anywhere in a zone would hide terrain tooltips: only its edge counts.
        path = QPainterPath()
        path.addPolygon(self._poly)
        path.closeSubpath()
        stroker = QPainterPathStroker()
        stroker.setWidth(0.4)
        return stroker.createStroke(path)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        ppi = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.setBrush(self._fill)
        painter.setPen(self._pen)
        painter.drawPolygon(self._poly)
        if ppi * ZONE_LABEL_INCH >= 7:
            painter.save()
            painter.translate(self._origin)
            painter.rotate(self._turn)
            painter.scale(self._scale, self._scale)
            painter.setFont(self._font)
            ink = QColor(self._ink)
            ink.setAlpha(170)
            painter.setPen(ink)
            painter.drawText(QPointF(0, 0), self._text)
            painter.restore()


OBJECTIVE_GOLD = QColor("#d9a521")


class ObjectiveItem(QGraphicsItem):
    """An objective: its radius ringed in gold, a marker at the centre, its name.

    The marker and its name are drawn over the terrain: the names of the
    features under them move aside (see `label_keep_clear` and
    TerrainLabelItem), so a village keeps its name beside the objective in it.
    """

    LABEL_INCH = 0.7
    #: The marker disc's radius, inches.
    DISC = 0.62
    #: How much further from the marker the outer spots for the name lie, inches.
    FAR = 1.6
    #: What covering a name costs a plate against covering a base, area for area:
    #: the name may step aside afterwards (see TableScene.clear_objective_names).
    NAME_WEIGHT = 0.1

    def __init__(self, objective: Objective, length_unit: LengthUnit = LengthUnit.INCH,
                 grow: float = 1.0) -> None:
        super().__init__()
        self._leaving: QGraphicsScene | None = None  # the scene it is being taken out of
        self.setZValue(Z_OBJECTIVE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        #: How much bigger than on the table the name is drawn (the scene's tag scale:
        #: a big table fitted to the window still reads its objectives' names).
        self._grow = grow
        #: The side holding it in a game: (its colour, its name); None: nobody.
        self.holder: tuple[str, str] | None = None
        self._unit = length_unit
        self.name_item: ObjectiveNameItem | None = None
        self.set_objective(objective, length_unit)
        self.name_item = ObjectiveNameItem(self)
        self.name_item.moved()

    def set_tag_scale(self, grow: float) -> None:
        """Draw the name `grow` times its size on the table (as the units' tags)."""
        if grow != self._grow:
            self._grow = grow
            self.set_objective(self.objective, self._unit)

    def set_holder(self, holder: tuple[str, str] | None) -> None:
        """Show who holds it: the marker and its ring take the side's colour."""
        if holder != self.holder:
            self.holder = holder
            self._tip()
            self.update()
            if self.name_item is not None:
                self.name_item.moved()

    def _tip(self) -> None:
        tip = objective_tip(self.objective, self._unit)
        if self.holder is not None:
            tip += f"<br>Held by <b>{esc(self.holder[1])}</b>"
        self.setToolTip(tip)
        name = getattr(self, "name_item", None)
        if name is not None:
            name.setToolTip(tip)

    def set_objective(self, objective: Objective,
                      length_unit: LengthUnit = LengthUnit.INCH) -> None:
        before = self.label_keep_clear() if hasattr(self, "_plate") else []
        self.prepareGeometryChange()
        self.objective = objective
        self._unit = length_unit
        self.setPos(*objective.position)
        r = objective.radius
        font = QFont("DejaVu Sans")
        font.setPointSizeF(100)
        font.setWeight(QFont.Weight.Bold)
        self._font = font
        fm = QFontMetricsF(font)
        g = self._grow
        self._scale = self.LABEL_INCH * g / fm.height()
        tw = fm.horizontalAdvance(objective.name) * self._scale
        th = fm.height() * self._scale
        self._pad = 0.15 * g
        w, h = tw + 2 * self._pad + 0.12 * g, th + 0.2 * g
        self._ascent = fm.ascent() * self._scale
        # Below the marker, above it, to its right, to its left (see place_plate);
        # then the same a base's depth further out, still inside the ring, for a
        # unit standing on the marker.
        self._spots = tuple(
            spot for d in (0.0, self.FAR)
            for spot in (QRectF(-w / 2, 0.75 + d, w, h), QRectF(-w / 2, -0.75 - d - h, w, h),
                         QRectF(0.85 + d, -h / 2, w, h), QRectF(-0.85 - d - w, -h / 2, w, h)))
        self._put_plate(0)
        bounds = QRectF(-r - 0.2, -r - 0.2, 2 * r + 0.4, 2 * r + 0.4)
        for spot in self._spots:
            bounds = bounds.united(spot.adjusted(-0.1, -0.1, 0.1, 0.1))
        self._bounds = bounds
        self._tip()
        self.update()
        scene = self.scene()
        if scene is not None:
            _tell_names(scene, [*before, *self.label_keep_clear()])

    def _put_plate(self, index: int) -> None:
        self._spot = index
        self._plate = self._spots[index]
        g = self._grow
        self._baseline = QPointF(self._plate.left() + self._pad + 0.12 * g,
                                 self._plate.top() + 0.1 * g + self._ascent)
        name = getattr(self, "name_item", None)
        if name is not None:
            name.moved()

    @property
    def plate_spot(self) -> int:
        """Where the name stands: 0 below the marker, 1 above, 2 right, 3 left;
        4 to 7 the same, further out."""
        return self._spot

    def place_plate(self, bases: Sequence[QRectF], names: Sequence[QRectF] = ()) -> bool:
        """Put the name where the `bases` and `names` (scene inches) cover least,
        below the marker if clear.

        Units are drawn over objectives: one standing on the objective would
        hide its name, and the plate would hide a unit's name under it.  True
        when the name moved.
        """
        at = self.pos()
        best, low = 0, float("inf")
        for i, spot in enumerate(self._spots):
            plate = spot.translated(at)
            covered = 0.0
            for rects, weight in ((bases, 1.0), (names, self.NAME_WEIGHT)):
                for b in rects:
                    both = plate.intersected(b)
                    if not both.isEmpty():
                        covered += weight * both.width() * both.height()
            if covered < low - 1e-9:
                best, low = i, covered
                if covered == 0.0:
                    break
        if best == self._spot:
            return False
        self._put_plate(best)
        self.update()
        return True

    def label_keep_clear(self) -> list[QRectF]:
        """What terrain names must not cover, in scene inches: the marker and its name."""
        at = self.pos()
        d = self.DISC + 0.05  # with its ring
        return [QRectF(-d, -d, 2 * d, 2 * d).translated(at), self._plate.translated(at)]

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        kind = QGraphicsItem.GraphicsItemChange
        if change == kind.ItemSceneChange and value is None:
            self._leaving = self.scene()  # its names are told once it has gone
        elif change == kind.ItemSceneHasChanged:
            scene = value if value is not None else self._leaving
            self._leaving = None
            if scene is not None:
                _tell_names(scene, self.label_keep_clear())
        return super().itemChange(change, value)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 0.8, 0.8)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.objective.radius
        held = QColor(self.holder[0]) if self.holder is not None else None
        ring = QColor(held or OBJECTIVE_GOLD)
        fill = QColor(held or OBJECTIVE_GOLD)
        fill.setAlpha(45 if held is not None else 30)
        pen = QPen(ring.darker(115), 0.16 if held is not None else 0.12,
                   Qt.PenStyle.CustomDashLine)
        pen.setDashPattern([3, 2])
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawEllipse(QPointF(0, 0), r, r)
        # The marker: a gold disc (the holder's colour ringed in gold) and a star.
        if held is not None:
            painter.setPen(QPen(OBJECTIVE_GOLD, 0.16))
            painter.setBrush(held)
        else:
            painter.setPen(QPen(INK, 0.09))
            painter.setBrush(OBJECTIVE_GOLD)
        painter.drawEllipse(QPointF(0, 0), self.DISC, self.DISC)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(PAPER if held is None or held.lightness() < 150 else INK)
        painter.drawPolygon(_star(0.46))

    def paint_plate(self, painter: QPainter, ppi: float) -> None:
        """The name on its plate, with the holder's colour (gold: nobody's) down its
        left edge; drawn by `ObjectiveNameItem`, above the units standing on it."""
        if ppi * self.LABEL_INCH * self._grow < 7:
            return
        g = self._grow
        held = QColor(self.holder[0]) if self.holder is not None else None
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 32, 10, 215))
        painter.drawRoundedRect(self._plate, 0.15 * g, 0.15 * g)
        bar = QRectF(self._plate.left(), self._plate.top(), 0.22 * g, self._plate.height())
        painter.setBrush(held if held is not None else OBJECTIVE_GOLD)
        painter.drawRoundedRect(bar, 0.08 * g, 0.08 * g)
        painter.save()
        painter.translate(self._baseline)
        painter.scale(self._scale, self._scale)
        painter.setFont(self._font)
        painter.setPen(QColor("#ffe9a8"))
        painter.drawText(QPointF(0, 0), self.objective.name)
        painter.restore()


class ObjectiveNameItem(QGraphicsItem):
    """An objective's name plate, drawn above the units (an `ObjectiveItem`'s ring
    and marker lie under them): a unit on the objective never hides its name.
    The scene adds and removes it with its objective."""

    def __init__(self, owner: ObjectiveItem) -> None:
        super().__init__()
        self.owner = owner
        self.setZValue(Z_OBJECTIVE_NAME)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def moved(self) -> None:
        """The owner's plate moved, grew or changed colour."""
        self.prepareGeometryChange()
        self.setPos(self.owner.pos())
        self.setToolTip(self.owner.toolTip())
        self.update()

    def boundingRect(self) -> QRectF:
        return self.owner._plate.adjusted(-0.05, -0.05, 0.05, 0.05)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.owner.paint_plate(painter, option.levelOfDetailFromTransform(
            painter.worldTransform()))

def _tell_names(scene: QGraphicsScene, where: list[QRectF]) -> None:
    """Terrain names near `where` look again for markers to keep clear of."""
    tell_names(scene, where)


def tell_names(scene: QGraphicsScene, where: list[QRectF] | None) -> None:
    """Terrain names near `where` (None: every name) look again for the markers,
    bases and name tags they must keep clear of."""
    labels = getattr(scene, "terrain_labels", None)  # a TableScene keeps them: no walk
    items = labels.values() if labels is not None else scene.items()
    for item in items:
        if isinstance(item, TerrainLabelItem) and (
                where is None or any(item.near(r) for r in where)):
            item.refresh_clearance()


def _star(radius: float) -> QPolygonF:
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.42
        a = math.radians(-90 + i * 36)
        pts.append(QPointF(r * math.cos(a), r * math.sin(a)))
    return QPolygonF(pts)
