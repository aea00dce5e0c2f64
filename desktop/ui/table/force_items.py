"""Graphics items for the forces: unit bases and officer markers.

A unit is drawn in its own frame: the origin at the base's centre, the front
towards -y, and the item rotated by the unit's facing (a compass bearing,
which is also Qt's clockwise rotation).  Its footprint is exactly
`desktop.scenario.geometry.rect_corners`, so what you see is what the rules
measure.  Labels stay upright whatever the facing.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.scenario.geometry import forward, rect_corners
from desktop.scenario.model import Officer, Side, Unit
from desktop.scenario.vocabulary import LengthUnit, Rank
from desktop.table.tags import BASE_WEIGHT, DISC_WEIGHT, NEAR_SPOTS, Rect, spots_around
from desktop.ui import icons
from desktop.ui.table.styles import INK, PAPER, Z_OFFICER, Z_UNIT
from desktop.ui.table.tooltips import officer_tip, unit_tip

#: Direction of the light: shadows fall this way on the table (scene inches).
SHADOW = (0.09, 0.13)
LABEL_FONT_INCH = 0.62  # label text height on the table
MIN_LABEL_PX = 6.5  # below this, labels are unreadable and left out
#: Tags are drawn at least this many pixels high: the view grows them (the
#: scene's tag scale) when the table is fitted to a small window.
MIN_TAG_PX = 9.0
#: A tag never grows past this many times its size on the table.
MAX_TAG_SCALE = 2.5


def tag_scale_for(ppi: float) -> float:
    """How much bigger than on the table tags are drawn at `ppi` device pixels an inch.

    1 when zoomed in (a tag is LABEL_FONT_INCH high on the table), more
    when a table fitted to a small window would draw them too small to read.
    Also 1 when even MAX_TAG_SCALE would not make them MIN_TAG_PX high: a
    table seen from that far is a sea of bases whose tags would cover it, and
    laying out big tags there would slow every drag (tags under
    MIN_LABEL_PX are left out).
    """
    grow = MIN_TAG_PX / max(ppi * LABEL_FONT_INCH, 1e-6)
    return 1.0 if grow > MAX_TAG_SCALE else max(1.0, grow)


def _label_font() -> QFont:
    f = QFont("DejaVu Sans Condensed")
    f.setPointSizeF(100)
    f.setWeight(QFont.Weight.DemiBold)
    return f


_FONT: QFont | None = None
_METRICS: QFontMetricsF | None = None


def label_font() -> tuple[QFont, QFontMetricsF, float]:
    """The label font at 100 pt, its metrics, and the scale that makes it table-sized."""
    global _FONT, _METRICS
    if _FONT is None or _METRICS is None:
        _FONT = _label_font()
        _METRICS = QFontMetricsF(_FONT)
    return _FONT, _METRICS, LABEL_FONT_INCH / _METRICS.height()


def _darker(colour: QColor, factor: int = 160) -> QColor:
    return colour.darker(factor)


def _two_lines(text: str, fm: QFontMetricsF) -> tuple[str, str] | None:
    """`text` broken at the space that leaves the narrowest plate, or None if it has none."""
    best: tuple[float, str, str] | None = None
    for i, ch in enumerate(text):
        if ch != " ":
            continue
        a, b = text[:i].rstrip(), text[i + 1:].lstrip()
        if not a or not b:
            continue
        width = max(fm.horizontalAdvance(a), fm.horizontalAdvance(b))
        if best is None or width < best[0]:
            best = (width, a, b)
    return None if best is None else (best[1], best[2])


class _UprightLabel:
    """A name plate drawn upright beside an item, in its local frame.

    Its plate is a rectangle in the item's upright frame (origin at the
    item's position, axes along the table's): the scene moves it to the
    clearest of the item's spots (see desktop.table.tags).  A name of more
    than a word may also stand on two lines (`wrapped_size`), for a crowded
    line where one long plate finds no clear spot (issue 34); a plate as
    high as that size is drawn on two lines.
    """

    PAD = 0.12

    def __init__(self, text: str, rotation: float, grow: float = 1.0) -> None:
        _font, fm, scale = label_font()
        self.text = text
        self.rotation = rotation
        self.grow = grow
        self._scale = scale * grow
        self._pad = self.PAD * grow
        self._ascent = fm.ascent() * self._scale
        self._line = fm.height() * self._scale
        self.size = (fm.horizontalAdvance(text) * self._scale + self._pad * 2,
                     self._line + self._pad * 2)
        self.lines: tuple[str, ...] = (text,)
        self._wrapped = _two_lines(text, fm)
        self.wrapped_size: tuple[float, float] | None = None
        if self._wrapped is not None:
            width = max(fm.horizontalAdvance(t) for t in self._wrapped)
            self.wrapped_size = (width * self._scale + self._pad * 2,
                                 self._line * 2 + self._pad * 2)
        self.place((0.0, 0.0, *self.size))

    def place(self, plate: Rect) -> None:
        x0, y0, x1, y1 = plate
        self.plate = QRectF(x0, y0, x1 - x0, y1 - y0)
        two = self._wrapped is not None and y1 - y0 > self.size[1] + self._line / 2
        self.lines = self._wrapped if two and self._wrapped is not None else (self.text,)
        self.baseline = QPointF(x0 + self._pad, y0 + self._pad + self._ascent)
        # Bounds in the item's (rotated) frame.
        self.local_bounds = QTransform().rotate(-self.rotation).mapRect(self.plate)

    def paint(self, painter: QPainter, ppi: float) -> None:
        if ppi * LABEL_FONT_INCH * self.grow < MIN_LABEL_PX:
            return
        font, _fm, _scale = label_font()
        scale = self._scale
        painter.save()
        painter.rotate(-self.rotation)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(251, 248, 240, 215))
        painter.drawRoundedRect(self.plate, self._pad, self._pad)
        painter.translate(self.baseline)
        painter.scale(scale, scale)
        painter.setFont(font)
        painter.setPen(INK)
        step = self._line / scale
        for i, line in enumerate(self.lines):
            painter.drawText(QPointF(0, i * step), line)
        painter.restore()


def _upright_box(corners: list[tuple[float, float]], rotation: float) -> Rect:
    """The local corners' bounding box once turned upright (the table's axes, item origin)."""
    t = QTransform().rotate(rotation)
    pts = [t.map(QPointF(x, y)) for x, y in corners]
    xs, ys = [p.x() for p in pts], [p.y() for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


class Tagged(QGraphicsItem):
    """An item with a name tag that the scene may move aside (see tag_layout).

    Subclasses set `tag_key`, `_body` (the upright box of what they cover,
    about their origin), `_label`, `_frame_bounds` (their bounds without the
    label), then call `_set_label`.
    """

    tag_key: str
    _body: Rect
    _label: _UprightLabel
    _frame_bounds: QRectF

    #: How much bigger than on the table the tag is drawn (set by the scene).
    tag_scale: float = 1.0
    #: How bad it is for another name to lie on this item (desktop.table.tags).
    body_weight: float = BASE_WEIGHT

    def _set_label(self, label: _UprightLabel, behind_below: bool = True) -> None:
        self._label = label
        self._behind_below = behind_below
        gap = 0.12 * label.grow
        one = spots_around(self._body, label.size, behind_below=behind_below, gap=gap)
        two: tuple[Rect, ...] = ()
        if label.wrapped_size is not None:
            two = spots_around(self._body, label.wrapped_size, behind_below=behind_below,
                               gap=gap)
        # A name keeps to one line near its base, then tries two lines there,
        # before it goes round to the front.
        self._spots = (*one[:NEAR_SPOTS], *two[:NEAR_SPOTS],
                       *one[NEAR_SPOTS:], *two[NEAR_SPOTS:])
        self._spot = 0
        xs = [v for s in self._spots for v in (s[0], s[2])]
        ys = [v for s in self._spots for v in (s[1], s[3])]
        self._hull = (min(xs), min(ys), max(xs), max(ys))
        label.place(self._spots[0])
        self._bounds = self._frame_bounds.united(label.local_bounds)

    def _offset(self, r: Rect) -> Rect:
        p = self.pos()
        x, y = p.x(), p.y()
        return r[0] + x, r[1] + y, r[2] + x, r[3] + y

    def tag_spots(self) -> tuple[Rect, ...]:
        """Where the name may stand, in scene inches, most preferred first."""
        p = self.pos()  # once: asking Qt for it costs more than the sums
        x, y = p.x(), p.y()
        return tuple((s[0] + x, s[1] + y, s[2] + x, s[3] + y) for s in self._spots)

    def tag_width(self) -> float:
        """How long the name's plate is on one line, in inches."""
        return self._label.size[0]

    def tag_rect(self) -> Rect:
        return self._offset(self._spots[self._spot])

    def tag_hull(self) -> Rect:
        """The box holding every spot: what can change where the tag goes."""
        return self._offset(self._hull)

    def tag_reach(self) -> float:
        """How far the hull reaches from the item's position, at most."""
        return max(abs(v) for v in self._hull)

    def body_rect(self) -> Rect:
        """What the item covers on the table (its upright box), in scene inches."""
        return self._offset(self._body)

    #: How far (inches) terrain names keep off a name plate, so that a name
    #: beside a plate does not read as one with it ("Galgenberg12-pounder…").
    TAG_CLEAR_GAP = 0.2

    def tag_keep_clear(self) -> QRectF:
        """The name plate where it stands now, with a gap round it, in scene inches:
        what terrain names keep off where they can, as off a base (issue 34: a
        battery's name lay over "Galgenberg").  The scene tells the names near
        a plate that moved (tag_layout)."""
        g = self.TAG_CLEAR_GAP * self.tag_scale
        x0, y0, x1, y1 = self.tag_rect()
        return QRectF(x0 - g, y0 - g, x1 - x0 + 2 * g, y1 - y0 + 2 * g)

    def set_tag_scale(self, grow: float) -> None:
        """Draw the tag `grow` times its size on the table (the scene then places it again)."""
        if grow == self.tag_scale:
            return
        self.prepareGeometryChange()
        self.tag_scale = grow
        old = self._label
        self._set_label(_UprightLabel(old.text, old.rotation, grow), self._behind_below)
        self.update()

    @property
    def tag_spot(self) -> int:
        return self._spot

    def set_tag_spot(self, index: int) -> None:
        if index != self._spot:
            self.prepareGeometryChange()
            self._spot = index
            self._label.place(self._spots[index])
            self._bounds = self._frame_bounds.united(self._label.local_bounds)
            self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds


class UnitItem(Tagged):
    """A unit's base in its side colour, its NATO symbol, facing and name."""

    def __init__(self, side: Side, unit: Unit, length_unit: LengthUnit = LengthUnit.INCH) -> None:
        super().__init__()
        self.setZValue(Z_UNIT)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.side = side
        self.unit = unit
        self.set_unit(side, unit, length_unit)

    def set_unit(self, side: Side, unit: Unit, length_unit: LengthUnit = LengthUnit.INCH) -> None:
        self.prepareGeometryChange()
        self.side, self.unit = side, unit
        f, d = unit.base.frontage, unit.base.depth
        corners = rect_corners((0.0, 0.0), f, d, 0.0)
        self._corners = corners
        self._base = QPolygonF([QPointF(x, y) for x, y in corners])
        self._rect = QRectF(-f / 2, -d / 2, f, d)
        self._colour = QColor(side.colour)
        self._edge = _darker(self._colour, 170)
        self.setPos(*unit.position)
        self.setRotation(unit.facing)
        # Shadow offset, turned into the item's frame so it always falls the same way.
        self._shadow = QTransform().rotate(-unit.facing).map(QPointF(*SHADOW))
        # The facing mark: a small wedge at the middle of the front edge.
        s = min(0.42, f * 0.18)
        self._wedge = QPolygonF([QPointF(-s, -d / 2), QPointF(s, -d / 2), QPointF(0, -d / 2 - s)])
        # The name goes behind the unit (below it, unless its rear points up
        # the screen) where that is clear; the scene may move it aside.
        self.tag_key = f"unit:{unit.id}"
        self._body = _upright_box(corners, unit.facing)
        grow = 0.2
        self._frame_bounds = (self._rect.adjusted(-grow, -grow - s, grow, grow)
                              .united(self._rect.translated(self._shadow)))
        rear_up = forward(unit.facing)[1] > 0.5  # facing down the table: rear is up
        self._set_label(_UprightLabel(unit.name, unit.facing, self.tag_scale),
                        behind_below=not rear_up)
        self.setToolTip(unit_tip(side, unit, length_unit))
        self.update()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._base)
        path.closeSubpath()
        return path

    #: Names keep clear of bases where they can, of objectives first.
    keep_clear_soft = True

    def label_keep_clear(self) -> list[QRectF]:
        """What terrain names must not be hidden under, in scene inches: the base.

        A town's or a wood's name moves aside from the units standing on it
        (TerrainLabelItem), so "Kreuzdorf" stays readable with IR 4 in the square."""
        return [self.mapToScene(self._rect).boundingRect()]

    def scene_footprint(self) -> list[tuple[float, float]]:
        """The base's corners in table inches (front-left, front-right, rear-right, rear-left)."""
        return [(p.x(), p.y()) for p in (self.mapToScene(QPointF(x, y)) for x, y in self._corners)]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        ppi = option.levelOfDetailFromTransform(painter.worldTransform())
        rect = self._rect
        # Shadow, base, rim.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 10, 90))
        painter.drawRect(rect.translated(self._shadow))
        painter.setBrush(self._colour)
        painter.setPen(QPen(self._edge, 0.06))
        painter.drawRect(rect)
        if ppi * rect.width() >= 10:
            self._paint_symbol(painter, rect, ppi)
        # Facing: a heavy front edge and a wedge.
        painter.setPen(QPen(INK, min(0.2, rect.height() * 0.12), Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.SquareCap))
        painter.drawLine(rect.topLeft(), rect.topRight())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(INK)
        painter.drawPolygon(self._wedge)
        self._label.paint(painter, ppi)

    def _paint_symbol(self, painter: QPainter, rect: QRectF, ppi: float) -> None:
        """The NATO symbol, 3:2, inset in the base; upright-ish whatever the facing."""
        margin = min(rect.width(), rect.height()) * 0.16
        room = rect.adjusted(margin, margin * 1.3, -margin, -margin * 0.7)
        w = min(room.width(), room.height() * 1.5)
        h = w / 1.5
        target = QRectF(room.center().x() - w / 2, room.center().y() - h / 2, w, h)
        px = QSize(max(1, round(w * ppi)), max(1, round(h * ppi)))
        pm = icons.pixmap(icons.unit_icon_name(self.unit.type), icons.INK, px)
        facing = self.unit.facing % 360
        if 90 < facing < 270:  # keep letters the right way up
            painter.save()
            painter.translate(target.center())
            painter.rotate(180)
            painter.translate(-target.center())
            painter.drawPixmap(target, pm, QRectF(pm.rect()))
            painter.restore()
        else:
            painter.drawPixmap(target, pm, QRectF(pm.rect()))


#: Officer marker diameter (inches) by rank.
OFFICER_SIZE = {Rank.COMMANDER: 1.7, Rank.GENERAL: 1.4, Rank.ADC: 1.05}


class OfficerItem(Tagged):
    """A round marker in side colour with rank stars, a facing pointer and the name."""

    body_weight = DISC_WEIGHT

    def __init__(self, side: Side, officer: Officer,
                 length_unit: LengthUnit = LengthUnit.INCH) -> None:
        super().__init__()
        self.setZValue(Z_OFFICER)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.side = side
        self.officer = officer
        self.set_officer(side, officer, length_unit)

    def set_officer(self, side: Side, officer: Officer,
                    length_unit: LengthUnit = LengthUnit.INCH) -> None:
        self.prepareGeometryChange()
        self.side, self.officer = side, officer
        self.setPos(*officer.position)
        r = OFFICER_SIZE[officer.rank] / 2
        self._radius = r
        fx, fy = forward(officer.facing)
        tip = QPointF(fx * (r + 0.45), fy * (r + 0.45))
        sx, sy = -fy, fx
        half = 0.32
        self._pointer = QPolygonF([
            QPointF(fx * (r - 0.1) + sx * half, fy * (r - 0.1) + sy * half),
            tip,
            QPointF(fx * (r - 0.1) - sx * half, fy * (r - 0.1) - sy * half),
        ])
        self.tag_key = f"officer:{officer.id}"
        self._body = (-r, -r, r, r)
        self._frame_bounds = QRectF(-r - 0.6, -r - 0.6, 2 * r + 1.2, 2 * r + 1.2)
        self._set_label(_UprightLabel(officer.name, 0.0, self.tag_scale))
        self._colour = QColor(side.colour).name()
        self.setToolTip(officer_tip(side, officer, length_unit))
        self.update()

    #: Names keep clear of officers where they can, of objectives first.
    keep_clear_soft = True

    def label_keep_clear(self) -> list[QRectF]:
        """What terrain names must not be hidden under, in scene inches: the marker."""
        r = self._radius
        return [QRectF(-r, -r, 2 * r, 2 * r).translated(self.pos())]

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self._radius, self._radius)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        ppi = option.levelOfDetailFromTransform(painter.worldTransform())
        r = self._radius
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 10, 90))
        painter.drawEllipse(QPointF(*SHADOW), r, r)
        painter.setBrush(INK)
        painter.setPen(QPen(PAPER, 0.05))
        painter.drawPolygon(self._pointer)
        size = max(1, round(2 * r * ppi))
        if size >= 6:
            pm = icons.pixmap(icons.officer_icon_name(self.officer.rank), self._colour,
                              QSize(size, size))
            painter.drawPixmap(QRectF(-r, -r, 2 * r, 2 * r), pm, QRectF(pm.rect()))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(INK, 0.05))
            painter.drawEllipse(QPointF(0, 0), r, r)
        else:
            painter.setBrush(QBrush(QColor(self._colour)))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(QPointF(0, 0), r, r)
        self._label.paint(painter, ppi)
