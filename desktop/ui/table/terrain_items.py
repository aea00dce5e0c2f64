"""Graphics items for terrain features and their name labels."""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
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
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.geometry import outline, shape_area
from desktop.scenario.model import LineShape, TerrainFeature
from desktop.scenario.vocabulary import LINEAR_TERRAIN, LengthUnit, TerrainType
from desktop.table.tags import Rect, overlap
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
                 context: LookContext | None = None, detail: bool = True,
                 layers: list[Layer] | None = None) -> None:
        super().__init__()
        self.feature = feature
        self.detailed = False
        self._layers: list[Layer] = []
        self._bounds = QRectF()
        self._shape = QPainterPath()
        self.set_feature(feature, unit, context, detail, layers)

    def set_feature(self, feature: TerrainFeature, unit: LengthUnit | None = None,
                    context: LookContext | None = None, detail: bool = True,
                    layers: list[Layer] | None = None) -> None:
        """Show `feature`: its full look (`layers` if computed before), or the plain one."""
        self.prepareGeometryChange()
        self.feature = feature
        if unit is not None:
            self._unit = unit
        unit = getattr(self, "_unit", LengthUnit.INCH)
        if detail and layers is not None:
            self._layers = layers
        elif detail:
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

    def looks(self) -> list[Layer]:
        """The layers the feature is drawn with (kept by look_cache)."""
        return list(self._layers)

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

#: A name moves at most this far (inches, either way) to get out from under a marker...
MAX_SHIFT = 6.0
#: ...in steps of this much...
SHIFT_STEP = 0.25
#: ...keeps this gap to it...
CLEARANCE = 0.12
#: ...and this much of its own height to other names, so two do not read as one.
NAME_GAP = 0.4
#: With no spot clear of everything, a name takes the one least covered (square
#: inches), counting this much for each inch it moves (sideways more)...
SHIFT_COST = 0.1
#: ...and this much for leaving its feature (its middle off the feature).
OFF_FEATURE_COST = 2.0
#: A marker or a name this far past a name's grown rectangle can move it.
NEAR_MARGIN = MAX_SHIFT + 1.0


@cache
def shifts() -> list[tuple[float, float]]:
    """Every shift a name may take, nearest first; sideways counts for more than up or down.

    Worked out when a name first has to move (2,401 shifts sorted, a few ms),
    not when the module loads before the window's first frame."""
    n = round(MAX_SHIFT / SHIFT_STEP)
    steps = [i * SHIFT_STEP for i in range(-n, n + 1)]
    return sorted(((dx, dy) for dx in steps for dy in steps),
                  key=lambda d: (math.hypot(1.6 * d[0], d[1]), d[1], d[0]))



class TerrainLabelItem(QGraphicsItem):
    """A feature's name in map italics with a pale halo, sized in table inches.

    The name is written on the feature's most inland point unless a marker
    drawn over the table would hide it there.  Items in the same scene with a
    `label_keep_clear()` method (objectives, bases) or a `tag_keep_clear()`
    method (the name plates of units and officers) give the rectangles names
    must stay out of; a name they would cover moves to the nearest clear spot,
    inside its feature where it can, and clear of the other names too.  The
    spot is chosen for the size the name is drawn at (names grow on a big
    table seen whole), so it stays clear at any zoom.  Such a marker calls
    `refresh_clearance` on the names near it when it comes, moves or goes.
    """

    SIZE = 0.85  # inches of cap height-ish
    #: On a big table seen whole, names grow to stay this many pixels high...
    MIN_PX = 11.0
    #: ...but never past this many times their size on the table.
    MAX_GROWTH = 2.5
    in_layer = False  # see TerrainItem

    def __init__(self, feature: TerrainFeature,
                 shown: tuple[str, QPainterPath] | None = None) -> None:
        super().__init__()
        self.setZValue(Z_TERRAIN_LABEL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = QPainterPath()
        self._bounds = QRectF()
        self._home = QRectF()  # the name's rectangle at its own size, unmoved
        self._area = QPainterPath()
        self._avoid: tuple[QRectF, ...] = ()  # the markers near it
        self._spots: dict[float, QPointF] = {}  # growth: shift, worked out when first drawn
        self._soft: tuple[QRectF, ...] = ()  # of the rectangles to avoid, the bases
        self._scene: QGraphicsScene | None = None  # the scene it is leaving
        self.set_feature(feature, shown)

    #: A name may be as wide as its feature, but no narrower than this many
    #: inches and no wider than that many: past it, it ends in an ellipsis.
    WIDTH_INCHES = (16.0, 24.0)

    @classmethod
    def shown_name(cls, name: str, area: Any, fm: QFontMetricsF, scale: float) -> str:
        """`name`, cut with "…" where it would run far past its feature (as on the map sheet)."""
        lo, hi = cls.WIDTH_INCHES
        wide = area.bounds[2] - area.bounds[0] if not area.is_empty else 0.0
        room = min(max(wide, lo), hi) / scale  # in the font's own units
        if fm.horizontalAdvance(name) <= room:
            return name
        return fm.elidedText(name, Qt.TextElideMode.ElideRight, room)

    def set_feature(self, feature: TerrainFeature,
                    shown: tuple[str, QPainterPath] | None = None) -> None:
        """Name `feature`: its shown text and outline are `shown` if worked out before
        (see look_cache), else worked out here (which needs shapely)."""
        self.prepareGeometryChange()
        before = self._near_rect() if self.scene() is not None else None
        self.feature = feature
        self.text, self._path = shown if shown is not None else self.name_outline(feature)
        self._home = self._path.boundingRect()
        self._area = area_path(outline(feature.shape))
        self._spots = {}
        self._avoid = self._gather()
        self._bounds = self._reach()
        scene = self.scene()
        if scene is not None and before is not None:
            _replace_names(scene, before.united(self._near_rect()), self)

    def name_path(self) -> QPainterPath:
        """The name's letters at home on the table, before any growth or shift."""
        return QPainterPath(self._path)

    @classmethod
    def name_outline(cls, feature: TerrainFeature) -> tuple[str, QPainterPath]:
        """The name as shown (cut if long) and its letters' outline, in place on the table."""
        font = QFont("DejaVu Serif")
        font.setItalic(True)
        font.setPointSizeF(100)
        fm = QFontMetricsF(font)
        scale = cls.SIZE / fm.height()
        area = shape_area(feature.shape)
        path = QPainterPath()
        text = cls.shown_name(feature.name, area, fm, scale)
        path.addText(0, 0, font, text)
        r = path.boundingRect()
        # The label sits on the feature's most inland point, centred.
        spot = area.representative_point() if not area.is_empty else None
        t = QTransform()
        if spot is not None:
            t.translate(spot.x, spot.y)
        t.scale(scale, scale)
        t.translate(-r.center().x(), -r.center().y())
        return text, t.map(path)

    # --- staying clear of markers ------------------------------------------------

    def _grown(self, growth: float) -> QRectF:
        r = self._home
        grown = QRectF(0, 0, r.width() * growth, r.height() * growth)
        grown.moveCenter(r.center())
        return grown

    def _near_rect(self) -> QRectF:
        """Where a marker or another name could change where this name goes."""
        m = NEAR_MARGIN
        return self._grown(self.MAX_GROWTH).adjusted(-m, -m, m, m)

    def near(self, rect: QRectF) -> bool:
        """Whether something at `rect` could matter to where this name goes."""
        return self._near_rect().intersects(rect)

    def _reach(self) -> QRectF:
        """Everywhere the name may be drawn: grown to the most, moved if a marker is near."""
        bounds = self._grown(self.MAX_GROWTH).adjusted(-0.2, -0.2, 0.2, 0.2)
        if any(bounds.intersects(r) for r in self._avoid):
            bounds = bounds.adjusted(-MAX_SHIFT, -MAX_SHIFT, MAX_SHIFT, MAX_SHIFT)
        return bounds

    def _gather(self) -> tuple[QRectF, ...]:
        """The rectangles near the name that it must keep clear of: the markers'
        (`label_keep_clear`), and the name plates of units and officers
        (`tag_keep_clear`), which it keeps off where it can, as off a base."""
        scene = self.scene()
        if scene is None:
            return ()
        near = self._near_rect()
        out: list[QRectF] = []
        # An objective's bounds may be smaller than its disc (a small radius): look wider.
        soft: list[QRectF] = []
        for item in items_near(scene, near.adjusted(-1, -1, 1, 1)):
            keep = getattr(item, "label_keep_clear", None)
            if keep is not None:
                found = [r for r in keep() if r.intersects(near)]
                out += found
                if getattr(item, "keep_clear_soft", False):
                    soft += found
            plate = getattr(item, "tag_keep_clear", None)  # a unit's or officer's name
            if plate is not None and item.isVisible():
                r = plate()
                if r.intersects(near):
                    out.append(r)
                    soft.append(r)
        self._soft = tuple(soft)
        return tuple(sorted(out, key=lambda r: (r.x(), r.y(), r.width(), r.height())))

    def _set_avoid(self, avoid: tuple[QRectF, ...]) -> QRectF:
        """Take new markers to avoid; returns the area it was and may now be drawn in."""
        before = self.boundingRect()
        self.prepareGeometryChange()
        self._avoid = avoid
        self._spots = {}
        self._bounds = self._reach()
        return before.united(self._bounds)

    def refresh_clearance(self) -> None:
        """Look again at the markers round the name (one came, moved or went)."""
        avoid = self._gather()
        if avoid != self._avoid:
            self.repaint_area(self._set_avoid(avoid))

    def replace(self) -> None:
        """Work the spot out again (a name near it came, changed or went).

        Only a name whose spot moves is repainted: a name dragged past its
        neighbours would otherwise repaint all of them, in the cached
        background, at every mouse move.
        """
        if self._avoid:
            drawn, self._spots = self._spots, {}
            if any(self._shift(growth) != spot for growth, spot in drawn.items()):
                self.repaint_area(self.boundingRect())

    def repaint_area(self, area: QRectF) -> None:
        scene = self.scene()
        if self.in_layer and scene is not None:
            scene.invalidate(area, QGraphicsScene.SceneLayer.BackgroundLayer)
        else:
            self.update()

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        kind = QGraphicsItem.GraphicsItemChange
        if change == kind.ItemSceneChange and value is None:
            self._scene = self.scene()
        elif change == kind.ItemSceneHasChanged:
            scene = value if value is not None else self._scene
            self._scene = None
            if value is not None:
                avoid = self._gather()
                if avoid != self._avoid:
                    self._set_avoid(avoid)
            if scene is not None:
                _replace_names(scene, self._near_rect(), self)
        return super().itemChange(change, value)

    def growth(self, ppi: float) -> float:
        """How much bigger than its size on the table the name is drawn at `ppi`."""
        return min(self.MAX_GROWTH, max(1.0, self.MIN_PX / max(ppi * self.SIZE, 1e-6)))

    def shift(self, ppi: float) -> QPointF:
        """How far the name is moved from its home at `ppi` to stay clear of markers."""
        return self._shift(round(self.growth(ppi), 3))

    def home_rect(self, ppi: float) -> QRectF:
        """The rectangle the name covers at home, drawn at `ppi`, before any move:
        where unit and officer tags keep off it where they can (tag_layout)."""
        return self._grown(round(self.growth(ppi), 3))

    def label_rect(self, ppi: float) -> QRectF:
        """The rectangle the name covers on the table when drawn at `ppi`."""
        growth = round(self.growth(ppi), 3)
        return self._grown(growth).translated(self._shift(growth))

    def _shift(self, growth: float) -> QPointF:
        spot = self._spots.get(growth)
        if spot is None:
            spot = self._spots[growth] = self._find_spot(growth)
        return spot

    @staticmethod
    def _clearance(growth: float) -> float:
        """The gap a name drawn `growth` times its size keeps to a marker: CLEARANCE
        at its own size, grown with it, and more as its halo grows wider."""
        def halo(g: float) -> float:  # how far the halo's ink reaches past the letters
            return HALO_PEN.widthF() * (1.6 if g > 1.0 else 1.0) * g / 2
        return CLEARANCE * growth + halo(growth) - halo(1.0)

    def _marker_blocks(self, growth: float, hard_only: bool = False) -> list[QRectF]:
        """What the name keeps clear of; `hard_only`: objectives, not bases (a
        name with no spot clear of both at least leaves the objectives seen)."""
        c = self._clearance(growth)
        return [r.adjusted(-c, -c, c, c) for r in self._avoid
                if not (hard_only and r in self._soft)]

    def _at_home(self, growth: float) -> bool:
        home = self._grown(growth)
        return not any(home.intersects(b) for b in self._marker_blocks(growth))

    def _find_spot(self, growth: float) -> QPointF:
        if not self._avoid or self._at_home(growth):
            return QPointF()
        spot = self._search(growth, self._marker_blocks(growth))
        if spot is None and self._soft:
            spot = self._least_covered(growth)
        return spot or QPointF()

    def _name_blocks(self, growth: float) -> list[QRectF]:
        """Where the other names near stand, with a gap: those at home stay there;
        of two that move, the one whose feature id sorts first chooses first."""
        scene = self.scene()
        near = self._near_rect()
        m = NEAR_MARGIN
        gap = NAME_GAP * self._home.height() * growth
        others = items_near(scene, near.adjusted(-m, -m, m, m)) if scene is not None else []
        blocks: list[QRectF] = []
        for item in others:
            if not isinstance(item, TerrainLabelItem) or item is self or not item.isVisible() \
                    or not item.near(near):
                continue
            if item._at_home(growth):
                blocks.append(item._grown(growth).adjusted(-gap, -gap, gap, gap))
            elif item.feature.id < self.feature.id:
                r = item._grown(growth).translated(item._shift(growth))
                blocks.append(r.adjusted(-gap, -gap, gap, gap))
        return blocks

    def _search(self, growth: float, blocks: list[QRectF]) -> QPointF | None:
        """The nearest spot clear of `blocks` and of the names near; None if none."""
        blocks = blocks + self._name_blocks(growth)
        home = self._grown(growth)
        centred: QPointF | None = None  # the nearest clear spot with its middle on the feature
        clear: QPointF | None = None  # the nearest clear spot at all
        for dx, dy in shifts():
            r = home.translated(dx, dy)
            if any(r.intersects(b) for b in blocks):
                continue
            if self._area.contains(r):
                return QPointF(dx, dy)
            if centred is None and self._area.contains(r.center()):
                centred = QPointF(dx, dy)
            if clear is None:
                clear = QPointF(dx, dy)
        return centred or clear

    def _least_covered(self, growth: float) -> QPointF | None:
        """With no spot clear of everything: of the spots clear of the objectives
        and the names near, the one least under bases, counters and name plates,
        its middle on its feature where it can be.  None if every spot is under
        an objective or a name."""
        hard = [_box(b) for b in [*self._marker_blocks(growth, hard_only=True),
                                  *self._name_blocks(growth)]]
        c = self._clearance(growth)
        soft = [_box(r.adjusted(-c, -c, c, c)) for r in self._avoid if r in self._soft]
        x0, y0, x1, y1 = _box(self._grown(growth))
        mid = QPointF((x0 + x1) / 2, (y0 + y1) / 2)
        best: QPointF | None = None
        low = math.inf
        for dx, dy in shifts():
            r = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            if any(overlap(r, b) > 0 for b in hard):
                continue
            cost = sum(overlap(r, b) for b in soft) + SHIFT_COST * math.hypot(1.6 * dx, dy)
            if cost < low and not self._area.contains(mid + QPointF(dx, dy)):
                cost += OFF_FEATURE_COST
            if cost < low:
                best, low = QPointF(dx, dy), cost
        return best

    # --- drawing ---------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.in_layer:
            self.paint_look(painter, option.levelOfDetailFromTransform(painter.worldTransform()))

    def shown_at(self, ppi: float) -> bool:
        """Whether the name is drawn at `ppi` (too small to read even grown, it is not)."""
        return ppi * self.SIZE * self.growth(ppi) >= 7

    def paint_look(self, painter: QPainter, ppi: float) -> None:
        growth = self.growth(ppi)
        if not self.shown_at(ppi):
            return
        painter.save()
        shift = self.shift(ppi)
        if not shift.isNull():
            painter.translate(shift)
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


def _box(r: QRectF) -> Rect:
    return r.left(), r.top(), r.right(), r.bottom()


def items_near(scene: QGraphicsScene, area: QRectF) -> list[QGraphicsItem]:
    """The items whose bounds meet `area`, from the scene's index (not a walk over all)."""
    return scene.items(area, Qt.ItemSelectionMode.IntersectsItemBoundingRect)


def _replace_names(scene: QGraphicsScene, where: QRectF, changed: TerrainLabelItem) -> None:
    """The names near a name that came, changed or went work their spots out again."""
    # A name's bounds hold its grown home, and `near` reaches NEAR_MARGIN past that.
    m = NEAR_MARGIN
    for item in items_near(scene, where.adjusted(-m, -m, m, m)):
        if isinstance(item, TerrainLabelItem) and item is not changed and item.near(where):
            item.replace()
