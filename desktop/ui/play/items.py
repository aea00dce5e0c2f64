"""Graphics items the play window lays over the table scene.

They live in the same `TableScene` as the terrain and unit items (helper
classes from desktop.ui.table are reused, never changed), in table inches.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shapely.geometry.base import BaseGeometry

from desktop.play.allowance import Bands
from desktop.play.measure import SightReport
from desktop.rules.view_values import PieceInfo
from desktop.table.shapes import corners

Z_BANDS = 40.0
Z_ARCS = 38.0
Z_MARKS = 65.0
Z_GHOST = 80.0
Z_LABEL = 95.0

FREE = QColor(60, 170, 90)
COSTLY = QColor(235, 170, 40)
BEYOND = QColor(200, 50, 40)
BLOCKED = QColor(120, 20, 20)
ILLEGAL = QColor(210, 40, 30)
LEGAL = QColor(30, 120, 200)
TARGET = QColor(230, 60, 40)
SIGHT_OK = QColor(40, 160, 70)


def geom_path(g: BaseGeometry | None) -> QPainterPath:
    """A shapely polygon or multipolygon (with holes) as a painter path."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    if g is None or g.is_empty:
        return path
    polys = [g] if g.geom_type == "Polygon" else [
        p for p in getattr(g, "geoms", []) if p.geom_type == "Polygon"]
    for p in polys:
        for ring in (p.exterior, *p.interiors):
            pts = [QPointF(x, y) for x, y in ring.coords]
            if len(pts) >= 3:
                path.addPolygon(QPolygonF(pts))
                path.closeSubpath()
    return path


def _pen(colour: QColor, width: float = 2.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


def _shape_item(path: QPainterPath, fill: QColor, edge: QColor | None, z: float,
                width: float = 1.5, brush: QBrush | None = None) -> QGraphicsPathItem:
    it = QGraphicsPathItem(path)
    it.setBrush(brush if brush is not None else QBrush(fill))
    it.setPen(_pen(edge, width) if edge is not None else QPen(Qt.PenStyle.NoPen))
    it.setZValue(z)
    it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return it


class BandsItem(QGraphicsItem):
    """The allowance bands of one drag: free, costly, beyond reach, and what blocks."""

    def __init__(self, bands: Bands) -> None:
        super().__init__()
        self.setZValue(Z_BANDS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.bands = bands
        self._parts: list[tuple[QPainterPath, QBrush, QPen]] = []
        hatch = QBrush(QColor(BLOCKED.red(), BLOCKED.green(), BLOCKED.blue(), 150),
                       Qt.BrushStyle.BDiagPattern)
        amber_hatch = QBrush(QColor(200, 120, 0, 170), Qt.BrushStyle.FDiagPattern)

        def fill(c: QColor, a: int) -> QBrush:
            c = QColor(c)
            c.setAlpha(a)
            return QBrush(c)

        self._parts = [
            (geom_path(bands.beyond), fill(BEYOND, 38), QPen(Qt.PenStyle.NoPen)),
            (geom_path(bands.costly), fill(COSTLY, 70), _pen(COSTLY.darker(130), 1.2)),
            (geom_path(bands.free), fill(FREE, 70), _pen(FREE.darker(140), 1.6)),
            (geom_path(bands.full_move), amber_hatch, _pen(QColor(200, 120, 0), 1.0)),
            (geom_path(bands.no_end), amber_hatch, _pen(QColor(200, 120, 0), 1.0)),
            (geom_path(bands.blocked), hatch, _pen(BLOCKED, 1.2)),
        ]
        r = QRectF()
        for p, _, _ in self._parts:
            r = r.united(p.boundingRect())
        self._rect = r.adjusted(-1, -1, 1, 1)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        for path, brush, pen in self._parts:
            if path.isEmpty():
                continue
            painter.setBrush(brush)
            painter.setPen(pen)
            painter.drawPath(path)


class GhostItem(QGraphicsItem):
    """Where a dragged piece would stand: its base outline, facing and a pivot handle."""

    HANDLE = 1.1  # inches in front of the base

    def __init__(self, piece: PieceInfo) -> None:
        super().__init__()
        self.setZValue(Z_GHOST)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.piece = piece
        self.legal = True
        self.handle = True  # the pivot handle (not on the other ghosts of a group)
        self.colour = QColor(LEGAL)
        self.cx, self.cy, self.facing = piece.x, piece.y, piece.facing
        f, d = piece.frontage, piece.depth
        self._rect = QRectF(-f / 2, -d / 2, f, d)
        self._bounds = self._rect.adjusted(-1, -d / 2 - self.HANDLE - 1, 1, 1)
        self.place(piece.x, piece.y, piece.facing)

    def place(self, x: float, y: float, facing: float) -> None:
        self.cx, self.cy, self.facing = x, y, facing % 360.0
        self.setPos(x, y)
        self.setRotation(self.facing)

    def set_legal(self, legal: bool) -> None:
        if legal != self.legal:
            self.legal = legal
            self.colour = QColor(LEGAL if legal else ILLEGAL)
            self.update()

    def handle_point(self) -> QPointF:
        return self.mapToScene(QPointF(0, self._rect.top() - self.HANDLE))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        fill = QColor(self.colour)
        fill.setAlpha(90)
        painter.setBrush(fill)
        painter.setPen(_pen(self.colour, 2.2, Qt.PenStyle.DashLine))
        if self.piece.is_officer:
            painter.drawEllipse(self._rect)
        else:
            painter.drawRect(self._rect)
        painter.setPen(_pen(self.colour, 3.0))
        painter.drawLine(self._rect.topLeft(), self._rect.topRight())
        if not self.handle:
            return
        top = QPointF(0, self._rect.top())
        h = QPointF(0, self._rect.top() - self.HANDLE)
        painter.setPen(_pen(self.colour, 1.5))
        painter.drawLine(top, h)
        painter.setBrush(QColor(255, 255, 255))
        painter.drawEllipse(h, 0.32, 0.32)


class TrailItem(QGraphicsItem):
    """The straight path of a move from where the piece stands to the ghost."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_GHOST - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.a = QPointF()
        self.b = QPointF()
        self.colour = QColor(LEGAL)

    def set_line(self, a: QPointF, b: QPointF, colour: QColor) -> None:
        self.prepareGeometryChange()
        self.a, self.b, self.colour = a, b, colour
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self.a, self.b).normalized().adjusted(-0.5, -0.5, 0.5, 0.5)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(_pen(self.colour, 2.0, Qt.PenStyle.DotLine))
        painter.drawLine(self.a, self.b)


class LabelItem(QGraphicsItem):
    """A small note that stays the same size on screen (follows the cursor)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_LABEL)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.lines: list[str] = []
        self.colour = QColor(30, 30, 30)
        self.font = QFont("DejaVu Sans")
        self.font.setPixelSize(12)
        self._rect = QRectF()
        self._shown: list[str] = []
        self._lead = 1
        self._size = (0.0, 0.0)

    def set_text(self, lines: Sequence[str], colour: QColor | None = None) -> None:
        self.prepareGeometryChange()
        self.lines = list(lines)
        self.colour = QColor(colour or QColor(30, 30, 30))
        self._layout(self.lines, 1)
        self._rect = QRectF(16, 14, *self._size)
        self.update()

    def _layout(self, shown: list[str], lead: int) -> None:
        """Show `shown` (the first `lead` of them in the note's colour)."""
        fm = QFontMetricsF(self.font)
        self._shown, self._lead = shown, lead
        w = max((fm.horizontalAdvance(t) for t in shown), default=0.0)
        h = fm.height() * len(shown)
        self._size = (w + 14, h + 10)

    def _wrap(self, width: float) -> None:
        """Break the lines at spaces so none is wider than `width` pixels."""
        fm = QFontMetricsF(self.font)
        out: list[str] = []
        lead = 1
        for i, line in enumerate(self.lines):
            cur = ""
            for word in line.split(" "):
                trial = f"{cur} {word}" if cur else word
                if cur and fm.horizontalAdvance(trial) > width:
                    out.append(cur)
                    cur = word
                else:
                    cur = trial
            out.append(cur)
            if i == 0:
                lead = len(out)
        self._layout(out, lead)

    def place(self, at: QPointF, room_right: float, room_below: float,
              room_left: float = float("inf"), room_above: float = float("inf")) -> None:
        """Put the note by the cursor at `at`, on the side where the view has room
        (`room_*`: screen pixels from the cursor to the view's edges); a note wider
        than the room on either side is slid along so it stays inside the view."""
        self.prepareGeometryChange()
        room = room_left + room_right - 8.0
        if self._size[0] > room:
            self._wrap(room - 14.0)  # wider than the view: on more lines
        w, h = self._size
        x = 16.0 if room_right >= w + 24 else -16.0 - w
        y = 14.0 if room_below >= h + 24 else -14.0 - h
        x = max(-room_left + 4.0, min(x, room_right - w - 4.0))
        y = max(-room_above + 4.0, min(y, room_below - h - 4.0))
        self._rect = QRectF(x, y, w, h)
        self.setPos(at)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.lines:
            return
        painter.setPen(QPen(self.colour, 1.5))
        painter.setBrush(QColor(255, 253, 245, 235))
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(self.font)
        fm = QFontMetricsF(self.font)
        y = self._rect.top() + 5 + fm.ascent()
        for i, t in enumerate(self._shown):
            painter.setPen(self.colour if i < self._lead else QColor(40, 40, 40))
            painter.drawText(QPointF(self._rect.left() + 7, y), t)
            y += fm.height()


class MarkItem(QGraphicsItem):
    """A ring round a piece: a legal target, the selection, or a unit's status badge."""

    def __init__(self, piece: PieceInfo, colour: QColor, width: float = 3.0,
                 dashed: bool = False, grow: float = 0.35) -> None:
        super().__init__()
        self.setZValue(Z_MARKS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.colour = colour
        self.width = width
        self.dashed = dashed
        pts = corners(piece.x, piece.y, piece.frontage + 2 * grow, piece.depth + 2 * grow,
                      piece.facing)
        self.poly = QPolygonF([QPointF(x, y) for x, y in pts])
        self._rect = self.poly.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
        self.hot = False

    def set_hot(self, hot: bool) -> None:
        if hot != self.hot:
            self.hot = hot
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        c = QColor(self.colour)
        if self.hot:
            fill = QColor(c)
            fill.setAlpha(70)
            painter.setBrush(fill)
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_pen(c, self.width * (1.4 if self.hot else 1.0),
                            Qt.PenStyle.DashLine if self.dashed else Qt.PenStyle.SolidLine))
        painter.drawPolygon(self.poly)


class BadgeItem(QGraphicsItem):
    """A unit's counters (hits, figures, morale) in a small tag beside its base.

    The tag hangs off the base's top right corner, its text TEXT_INCH high on
    the table.  On a big table seen whole that is a few pixels, so it grows to
    stay MIN_PX high on screen (at most MAX_GROWTH times), as the terrain names
    do: upwards from the base's top edge, and leftwards over the base's right
    half as far as it can, so as not to reach over the next unit in a line.
    """

    TEXT_INCH = 0.55
    #: The text's line height on screen never falls below this many pixels...
    MIN_PX = 11.0
    #: ...unless it would have to grow more than this.
    MAX_GROWTH = 3.0
    #: A grown tag keeps this far right of the base's centre (and its facing notch).
    CENTRE_CLEAR = 0.6

    def __init__(self, piece: PieceInfo, text: str, warn: bool = False) -> None:
        super().__init__()
        self.setZValue(Z_MARKS + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.piece = piece
        self.text = text
        self.warn = warn
        self.font = QFont("DejaVu Sans")
        self.font.setPixelSize(100)
        self.font.setBold(True)
        fm = QFontMetricsF(self.font)
        self.scale_ = self.TEXT_INCH / fm.height()
        self._w = fm.horizontalAdvance(text) * self.scale_ + 0.3
        self._h = 0.7
        self.spot = 0
        #: The zoom its place was chosen for (None: not placed yet).
        self.clear_ppi: float | None = None
        self.set_spot(0)

    #: A counter is drawn over the terrain names; a name keeps off it where it
    #: can, as off a base (see TerrainLabelItem).
    keep_clear_soft = True

    def label_keep_clear(self) -> list[QRectF]:
        """Where the counter is drawn at the zoom it was last placed for (the
        window sets `clear_ppi`): what terrain names keep clear of."""
        return [] if self.clear_ppi is None else [self.tag_rect(self.clear_ppi)]

    #: Where the tag may hang, in order of preference: off the base's top right
    #: corner (growing up and sliding left over the base), its bottom right
    #: (growing down), its top left, its bottom left.  The window moves it to a
    #: later one when its first would cover a name (issue 34).
    SPOTS = 4

    def anchor(self, k: int) -> tuple[float, float]:
        """The corner of the base the tag hangs off at spot `k`: the one furthest
        up and right (k 0), down and right (1), up and left (2), down and left (3).
        A corner of the base itself, not of the box around it: a base turned
        on the table (the Grenzer at 132°) had its tag hang off the box's empty
        corner, inches from the base (issue 34, about 5″ in D3)."""
        p = self.piece
        sx = 1.0 if k in (0, 1) else -1.0
        sy = -1.0 if k in (0, 2) else 1.0
        pts = corners(p.x, p.y, p.frontage, p.depth, p.facing)
        return max(pts, key=lambda c: (round(sx * c[0] + sy * c[1], 6), sy * c[1]))

    def set_spot(self, k: int) -> None:
        self.prepareGeometryChange()
        self.spot = k
        piece, w, h = self.piece, self._w, self._h
        ax, ay = self.anchor(k)
        self._up = k in (0, 2)
        x = ax - 0.2 if k in (0, 1) else ax + 0.2 - w
        y = ay - h + 0.2 if self._up else ay - 0.2
        self._rect = QRectF(x, y, w, h)
        #: How far a grown tag may slide left over its own base (its first spot only).
        self._room = max(0.0, self._rect.left() - (piece.x + self.CENTRE_CLEAR)) if k == 0 \
            else 0.0
        g = self.MAX_GROWTH
        grown = QRectF(self._rect.left() - self._room,
                       self._rect.bottom() - h * g if self._up else self._rect.top(),
                       self._room + w * g, h * g)
        if k in (2, 3):  # a left-hand tag grows leftwards, away from its base
            grown.moveRight(self._rect.right())
        self._bounds = grown.adjusted(-0.1, -0.1, 0.1, 0.1)
        self.update()

    def growth(self, ppi: float) -> float:
        """How much bigger than its size on the table the tag is drawn at `ppi`."""
        return min(self.MAX_GROWTH,
                   max(1.0, self.MIN_PX / max(ppi * self.TEXT_INCH, 1e-6)))

    def text_px(self, ppi: float) -> float:
        """The text's line height on screen, in pixels, at `ppi`."""
        return self.TEXT_INCH * ppi * self.growth(ppi)

    def tag_rect(self, ppi: float) -> QRectF:
        """The tag's rectangle on the table as drawn at `ppi`."""
        g = self.growth(ppi)
        r = self._rect
        w, h = r.width() * g, r.height() * g
        left = r.right() - w if self.spot in (2, 3) else r.left() - min(w - r.width(),
                                                                          self._room)
        top = r.bottom() - h if self._up else r.top()
        return QRectF(left, top, w, h)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        ppi = option.levelOfDetailFromTransform(painter.worldTransform())
        growth = self.growth(ppi)
        painter.save()
        if growth > 1.0:
            painter.translate(self.tag_rect(ppi).topLeft())
            painter.scale(growth, growth)
            painter.translate(-self._rect.topLeft())
        painter.setPen(_pen(QColor(30, 30, 30), 1.0))
        painter.setBrush(QColor(200, 40, 30) if self.warn else QColor(255, 252, 240))
        painter.drawRoundedRect(self._rect, 0.15, 0.15)
        painter.translate(self._rect.left() + 0.15, self._rect.bottom() - 0.17)
        painter.scale(self.scale_, self.scale_)
        painter.setFont(self.font)
        painter.setPen(QColor(255, 255, 255) if self.warn else QColor(20, 20, 20))
        painter.drawText(QPointF(0, 0), self.text)
        painter.restore()


class PolylineItem(QGraphicsItem):
    """The ruler: waypoints joined by lines, with ticks at the snapped ends."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_LABEL - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.points: list[QPointF] = []
        self.colour = QColor(250, 250, 250)

    def set_points(self, points: Sequence[tuple[float, float]],
                   colour: QColor | None = None) -> None:
        self.prepareGeometryChange()
        self.points = [QPointF(x, y) for x, y in points]
        if colour is not None:
            self.colour = colour
        self.update()

    def boundingRect(self) -> QRectF:
        if not self.points:
            return QRectF()
        return QPolygonF(self.points).boundingRect().adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if len(self.points) < 1:
            return
        painter.setPen(_pen(QColor(20, 20, 20, 200), 4.5))
        painter.drawPolyline(QPolygonF(self.points))
        painter.setPen(_pen(self.colour, 2.2, Qt.PenStyle.DashLine))
        painter.drawPolyline(QPolygonF(self.points))
        painter.setPen(_pen(QColor(20, 20, 20), 1.2))
        painter.setBrush(self.colour)
        for p in self.points:
            painter.drawEllipse(p, 0.18, 0.18)


class SightItem(QGraphicsItem):
    """Sight lines: green where clear, red from where they are blocked, X at the block."""

    def __init__(self, report: SightReport) -> None:
        super().__init__()
        self.setZValue(Z_LABEL - 2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.report = report
        xs: list[float] = []
        ys: list[float] = []
        for ln in report.lines:
            xs += [ln.start[0], ln.end[0]]
            ys += [ln.start[1], ln.end[1]]
        self._rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(
            -1, -1, 1, 1) if xs else QRectF()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        for i, ln in enumerate(self.report.lines):
            a, b = QPointF(*ln.start), QPointF(*ln.end)
            main = i < 2  # nearest point and centre: drawn strong
            w = 2.4 if main else 1.0
            if ln.blocked_at is None:
                painter.setPen(_pen(SIGHT_OK, w))
                painter.drawLine(a, b)
                continue
            at = QPointF(*ln.blocked_at)
            painter.setPen(_pen(SIGHT_OK, w))
            painter.drawLine(a, at)
            painter.setPen(_pen(ILLEGAL, w, Qt.PenStyle.DashLine))
            painter.drawLine(at, b)
            if main:
                painter.setPen(_pen(ILLEGAL, 3.0))
                s = 0.35
                painter.drawLine(at + QPointF(-s, -s), at + QPointF(s, s))
                painter.drawLine(at + QPointF(-s, s), at + QPointF(s, -s))


def arc_items(areas: Sequence[tuple[str, BaseGeometry]]) -> list[QGraphicsPathItem]:
    """Range-and-arc sectors, the longest faintest."""
    out = []
    palette = [QColor(40, 110, 220), QColor(150, 60, 200), QColor(230, 120, 30)]
    for i, (_name, g) in enumerate(areas):
        c = QColor(palette[i % len(palette)])
        fill = QColor(c)
        fill.setAlpha(22)
        it = _shape_item(geom_path(g), fill, c, Z_ARCS, 1.5)
        it.setPen(_pen(c, 1.5, Qt.PenStyle.DashLine))
        out.append(it)
    return out
