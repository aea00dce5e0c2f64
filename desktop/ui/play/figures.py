"""Individual figures in the play window: figure items, group selection,
aiming a flick, the flick's animation and the tabletop record of who fell.

The tools are picked by the protocols the view implements
(desktop.rules.view_capabilities): a ``FiguresView`` gets one
:class:`FigureItem` per figure instead of units (in the side colours and ink
of desktop.ui.table.force_items); a ``GroupMovesView`` lets several figures be
selected and dragged together; a ``FlicksView`` aims, fires and animates
flicks, or records who fell when the view says flicks are made on a real
table (``tabletop``).  Everything is asked of the view through the PlayView
protocol and those; no ruleset is named here.  :class:`FigureTools` is a mixin of the
play window: everything goes through its methods, which the tests call directly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shapely.ops import unary_union

from desktop.rules.engine import Event
from desktop.rules.view_capabilities import FiguresView, FlicksView, GroupMovesView
from desktop.rules.view_values import Aim, Flight, PieceInfo
from desktop.table.shapes import bearing, sector
from desktop.ui.plaintext import literal
from desktop.ui.play.host import PlayHost
from desktop.ui.play.items import MarkItem, _pen, geom_path
from desktop.ui.table.force_items import SHADOW, _darker
from desktop.ui.table.styles import INK, Z_UNIT

Z_FLIGHT = 90.0
Z_HIGHLIGHT = 19.0
GROUP = QColor(255, 190, 0)
SHOOTER = QColor(20, 150, 60)
FELL = QColor(200, 30, 30)


class FigureItem(QGraphicsItem):
    """One figure: a small base in its side colour, a heavy front edge, and a mark
    for its kind (a dot for a regular, a ring for a skirmisher, the cavalry slash,
    a barrel and wheels for a cannon)."""

    def __init__(self, piece: PieceInfo, colour: str) -> None:
        super().__init__()
        self.setZValue(Z_UNIT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.colour = QColor(colour)
        self.fallen = 0.0  # 0 standing .. 1 lying (the animation topples it)
        self.set_piece(piece)

    def set_piece(self, piece: PieceInfo) -> None:
        self.prepareGeometryChange()
        self.piece = piece
        f, d = piece.frontage, piece.depth
        self._rect = QRectF(-f / 2, -d / 2, f, d)
        self._bounds = self._rect.adjusted(-0.4, -0.4, 0.4, 0.4)
        self.setPos(piece.x, piece.y)
        self.setRotation(piece.facing)
        self.setToolTip(literal(piece.name))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self._rect
        base = QColor(self.colour)
        if self.fallen > 0:
            grey = QColor(150, 140, 130)
            k = min(1.0, self.fallen)
            base = QColor(round(base.red() * (1 - k) + grey.red() * k),
                          round(base.green() * (1 - k) + grey.green() * k),
                          round(base.blue() * (1 - k) + grey.blue() * k))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 10, 80))
        painter.drawRect(r.translated(SHADOW[0], SHADOW[1]))
        painter.setBrush(base)
        painter.setPen(QPen(_darker(base, 170), 0.05))
        painter.drawRect(r)
        kind = self.piece.type
        ink = QColor(255, 255, 255) if base.lightness() < 120 else INK
        if kind == "cannon":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(INK)
            painter.drawRect(QRectF(-0.14, r.top() - 0.25, 0.28, r.height() * 0.75))
            painter.setBrush(QColor(90, 60, 30))
            for sx in (-1, 1):
                painter.drawEllipse(QPointF(sx * r.width() * 0.33, r.bottom() - 0.55), 0.22, 0.42)
        elif kind == "cavalry":
            painter.setPen(QPen(ink, 0.12))
            painter.drawLine(QPointF(r.left() + 0.12, r.bottom() - 0.15),
                             QPointF(r.right() - 0.12, r.top() + 0.25))
            painter.setBrush(ink)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(QPointF(0, r.top() + 0.4), 0.16, 0.16)
        else:
            rad = min(r.width(), r.height()) * 0.24
            if kind == "skirmisher":
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(ink, 0.09))
            else:
                painter.setBrush(ink)
                painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(QPointF(0, 0.05), rad, rad)
        painter.setPen(QPen(INK, min(0.14, r.height() * 0.14)))
        painter.drawLine(r.topLeft(), r.topRight())
        if self.fallen >= 0.99:
            painter.setPen(QPen(FELL, 0.14))
            painter.drawLine(r.topLeft(), r.bottomRight())
            painter.drawLine(r.topRight(), r.bottomLeft())


class OutlineItem(QGraphicsItem):
    """An outline round some ground: a volley group, a manned cannon, a shooter."""

    def __init__(self, path: QPainterPath, colour: QColor, width: float = 1.6,
                 dashed: bool = False, fill_alpha: int = 0, z: float = Z_HIGHLIGHT) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.path = path
        self.colour = colour
        self.width = width
        self.dashed = dashed
        self.fill_alpha = fill_alpha
        self._rect = path.boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        fill = QColor(self.colour)
        fill.setAlpha(self.fill_alpha)
        painter.setBrush(QBrush(fill) if self.fill_alpha else Qt.BrushStyle.NoBrush)
        painter.setPen(_pen(self.colour, self.width,
                            Qt.PenStyle.DashLine if self.dashed else Qt.PenStyle.SolidLine))
        painter.drawPath(self.path)


class AimItem(QGraphicsItem):
    """The flick being aimed: the allowed arc, the line of the flick and where the
    pellet would come to rest on open table."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_FLIGHT - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.arc = QPainterPath()
        self.origin = QPointF()
        self.end = QPointF()
        self.ok = True
        self._rect = QRectF()

    def set_aim(self, origin: tuple[float, float], heading: float, reach: float,
                arc: QPainterPath, ok: bool) -> None:
        self.prepareGeometryChange()
        self.origin = QPointF(*origin)
        a = math.radians(heading)
        self.end = QPointF(origin[0] + math.sin(a) * reach, origin[1] - math.cos(a) * reach)
        self.arc = arc
        self.ok = ok
        self._rect = arc.boundingRect().united(QRectF(self.origin, self.end).normalized()) \
            .adjusted(-1.5, -1.5, 1.5, 1.5)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(_pen(QColor(20, 120, 50, 160), 1.0, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(60, 200, 90, 28))
        painter.drawPath(self.arc)
        c = QColor(30, 120, 200) if self.ok else QColor(210, 40, 30)
        painter.setPen(_pen(c, 3.0))
        painter.drawLine(self.origin, self.end)
        # an arrow head and the resting spot
        d = self.end - self.origin
        ln = math.hypot(d.x(), d.y()) or 1.0
        u = QPointF(d.x() / ln, d.y() / ln)
        n = QPointF(-u.y(), u.x())
        head = QPolygonF([self.end, self.end - u * 0.9 + n * 0.45, self.end - u * 0.9 - n * 0.45])
        painter.setBrush(c)
        painter.drawPolygon(head)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_pen(c, 1.5, Qt.PenStyle.DotLine))
        painter.drawEllipse(self.end, 1.2, 1.2)


class FlightItem(QGraphicsItem):
    """The pellet in flight: its trail so far, the pellet (foil grey) and a flash at
    each impact as the pellet reaches it."""

    def __init__(self, flight: Flight) -> None:
        super().__init__()
        self.setZValue(Z_FLIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.flight = flight
        self.t = 0.0
        xs = [x for _, x, _ in flight.path] or [0.0]
        ys = [y for _, _, y in flight.path] or [0.0]
        for path in flight.moved_paths.values():
            xs += [x for _, x, _ in path]
            ys += [y for _, _, y in path]
        self._rect = QRectF(min(xs) - 3, min(ys) - 3, max(xs) - min(xs) + 6,
                            max(ys) - min(ys) + 6)

    def set_time(self, t: float) -> None:
        self.t = t
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        f = self.flight
        pts = [QPointF(x, y) for t, x, y in f.path if t <= self.t]
        here = QPointF(*f.pellet_at(self.t))
        pts.append(here)
        if len(pts) > 1:
            painter.setPen(_pen(QColor(255, 255, 255, 150), 5.0))
            painter.drawPolyline(QPolygonF(pts))
            painter.setPen(_pen(QColor(70, 70, 95, 220), 2.0, Qt.PenStyle.DashLine))
            painter.drawPolyline(QPolygonF(pts))
        for imp in f.impacts:
            ti = float(imp["t"])  # type: ignore[arg-type]
            age = self.t - ti
            if 0.0 <= age <= 0.35:
                k = age / 0.35
                c = QColor(255, 120, 0) if imp.get("fell") else QColor(255, 220, 60)
                c.setAlpha(round(230 * (1 - k)))
                painter.setPen(QPen(c, 0.18))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(float(imp["x"]), float(imp["y"])),  # type: ignore[arg-type]
                                    0.4 + 1.6 * k, 0.4 + 1.6 * k)
        r = max(f.radius, 0.35)  # true to scale, but never too small to follow
        moving = self.t < (f.path[-1][0] if f.path else 0.0)
        if moving:  # a soft glow so the eye finds it
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 250, 200, 90))
            painter.drawEllipse(here, r * 2.4, r * 2.4)
        painter.setPen(QPen(QColor(40, 40, 50), 0.07))
        painter.setBrush(QColor(196, 200, 212))
        painter.drawEllipse(here, r, r)
        painter.setBrush(QColor(255, 255, 255, 200))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(here + QPointF(-r * 0.3, -r * 0.3), r * 0.35, r * 0.35)


class FlickPlayer:
    """Plays one flight over about a second: the pellet flies, struck figures
    topple (they are drawn where they stood, then greyed and crossed), shoved
    figures slide along their sampled paths."""

    #: Milliseconds per second of simulated flight, and the bounds of the whole.
    SCALE, MIN_MS, MAX_MS = 1000.0, 700, 1800
    #: Simulated seconds shown after the pellet stops.
    TAIL = 0.35

    def __init__(self, tools: Figures, flight: Flight, before: dict[str, PieceInfo]) -> None:
        self.w = tools
        window = tools.w
        self.flight = flight
        self.item = FlightItem(flight)
        window.scene.addItem(self.item)
        self.proxies: dict[str, FigureItem] = {}
        for fid in [*flight.fell, *flight.moved_paths]:
            p = before.get(fid)
            if p is None or fid in self.proxies:
                continue
            real = tools.figure_items.get(fid)
            if real is not None:
                real.setVisible(False)
            proxy = FigureItem(p, window.side_colour(p.side))
            proxy.setZValue(Z_UNIT + 1)
            window.scene.addItem(proxy)
            self.proxies[fid] = proxy
        # the flight, then a moment for the last to fall and the flashes to fade
        self.duration = max(flight.duration, 0.05) + self.TAIL
        ms = int(min(self.MAX_MS, max(self.MIN_MS, self.duration * self.SCALE)))
        self.anim = QVariantAnimation()
        self.anim.setStartValue(0.0)
        self.anim.setEndValue(1.0)
        self.anim.setDuration(ms)
        self.anim.valueChanged.connect(lambda v: self.set_progress(float(v)))
        self.anim.finished.connect(self.finish)
        self.done = False
        self.set_progress(0.0)

    def start(self) -> None:
        self.anim.start()

    def set_progress(self, k: float) -> None:
        """Show the flight at fraction `k` (0..1) of its duration."""
        t = self.duration * k
        self.item.set_time(t)
        f = self.flight
        for fid, proxy in self.proxies.items():
            pos = f.figure_at(fid, t)
            if pos is not None:
                proxy.setPos(*pos)
            tf = f.fall_time(fid)
            if fid in f.fell:
                if tf is None:  # shoved off the table: falls when it gets there
                    path = f.moved_paths.get(fid)
                    tf = path[-1][0] if path else 0.0
                fall = max(0.0, min(1.0, (t - tf) / 0.25))
                proxy.fallen = fall
                proxy.setRotation(proxy.piece.facing + 80.0 * fall)
                proxy.setOpacity(1.0 - 0.35 * fall)
                proxy.update()

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.anim.stop()
        self.set_progress(1.0)
        for fid, proxy in self.proxies.items():
            if fid in self.flight.fell and proxy.scene() is not None:
                # the fallen stay lying where they fell until the next action
                proxy.setOpacity(0.55)
                self.w.fallen_items.append(proxy)
                continue
            if proxy.scene() is not None:
                proxy.scene().removeItem(proxy)
            real = self.w.figure_items.get(fid)
            if real is not None:
                real.setVisible(True)
        if self.item.scene() is not None:
            self.item.scene().removeItem(self.item)
        if self.w.flick_player is self:
            self.w.flick_player = None


class Figures:
    """The play window's tools for individual figures, groups and flicks (a part
    the window owns as ``window.figures``; each tool asks the view only when its
    capability is on)."""

    #: Animate flicks (tests of whole games turn it off).
    animate_flicks = True

    def __init__(self, window: PlayHost) -> None:
        self.w = window
        self.figure_items: dict[str, FigureItem] = {}
        self.fallen_items: list[FigureItem] = []
        self.highlights: list[QGraphicsItem] = []
        self.group: list[str] = []
        self.aiming: Aim | None = None
        self.aim_item: AimItem | None = None
        self.flick_player: FlickPlayer | None = None
        self.fell_shooter: str | None = None
        self.fell_pick: list[str] = []
        self.band_item: OutlineItem | None = None
        self.band_from: tuple[float, float] | None = None

    def new_game(self) -> None:
        """Nothing grouped, aimed, recorded or lying fallen (a game was loaded)."""
        self.group, self.fell_shooter, self.fell_pick = [], None, []
        self.cancel_aim()
        self.clear_fallen()

    # The play view, if it offers the capability (desktop.rules.view_capabilities);
    # None otherwise, so the tool stays out of the way.

    def _figures(self) -> FiguresView | None:
        a = self.w.play_view
        return a if isinstance(a, FiguresView) else None

    def _groups(self) -> GroupMovesView | None:
        a = self.w.play_view
        return a if isinstance(a, GroupMovesView) else None

    def _flicks(self) -> FlicksView | None:
        a = self.w.play_view
        return a if isinstance(a, FlicksView) else None

    def figure_tools_on(self) -> bool:
        """Do the figure tools take the mouse (individual figures on the table)?"""
        return self._figures() is not None

    def figure_prompt(self) -> str | None:
        """The phase bar's sentence while a figure tool is at work (None: the view's)."""
        a = self.w.play_view
        if a is None:
            return None
        flicks = self._flicks()
        if flicks is not None and self.fell_shooter is not None:
            return (f"{self._name(self.fell_shooter)} shot on the table: click each figure "
                    "that fell (click again to take it back), then Confirm.")
        if flicks is not None and flicks.shot_kind() is not None:
            if flicks.tabletop:
                return ("Flick on your table, then click the shooter (green) and the "
                        "figures that fell.")
            return ("Drag from a shooter (outlined green) to aim: the direction is the flick, "
                    "the length how far the pellet slides. Enter flicks.")
        if self._groups() is not None and self.w.interactive() and any(
                a.can_move(p.id) for p in a.pieces().values() if p.present):
            return (f"Drag a figure to move it ({a.measure_in}). Ctrl-click or Shift-drag a "
                    "box to select a group, then drag one of them to move them together.")
        return None

    def _name(self, pid: str) -> str:
        a = self.w.play_view
        p = a.piece(pid) if a is not None else None
        return p.name if p is not None and p.name else (a.name_of(pid) if a else pid)

    # -- figures on the table ------------------------------------------------------

    def sync_figures(self) -> None:
        a = self.w.play_view
        if a is None or not isinstance(a, FiguresView) or self.w.deploying:
            for it in self.figure_items.values():
                self.w.scene.removeItem(it)
            self.figure_items = {}
            self._clear_highlights()
            return
        pcs = {k: p for k, p in a.pieces().items() if p.present}
        for fid in list(self.figure_items):
            if fid not in pcs:
                self.w.scene.removeItem(self.figure_items.pop(fid))
        for fid, p in pcs.items():
            existing = self.figure_items.get(fid)
            if existing is None:
                it = FigureItem(p, self.w.side_colour(p.side))
                self.w.scene.addItem(it)
                self.figure_items[fid] = it
            elif existing.piece != p:
                existing.colour = QColor(self.w.side_colour(p.side))
                existing.set_piece(p)
        self.group = [g for g in self.group if g in pcs and a.can_move(g)]
        self._highlight_figures()

    def _clear_highlights(self) -> None:
        for it in self.highlights:
            if it.scene() is self.w.scene:
                self.w.scene.removeItem(it)
        self.highlights = []

    def _highlight_figures(self) -> None:
        """Volley groups (gold), manned cannons (green ring; grey dashed if not),
        shooters of the category being fired, the group selected, the fallen picked."""
        self._clear_highlights()
        k, a, flicks = self._figures(), self.w.play_view, self._flicks()
        if k is None or a is None:
            return
        pcs = a.pieces()
        side = a.game.side
        for grp in k.volley_groups():
            ps = [pcs[i] for i in grp]
            area = unary_union([p.footprint() for p in ps]).buffer(0.18, 4)
            mine = ps[0].side == side
            it = OutlineItem(geom_path(area), QColor(200, 150, 0) if mine
                             else QColor(200, 150, 0, 120), 1.4 if mine else 1.0, dashed=not mine)
            it.setToolTip("these figures shoot together")
            self.highlights.append(it)
        for cid, manned in k.cannons():
            p = pcs[cid]
            area = p.footprint().buffer(1.0, 8)
            it = OutlineItem(geom_path(area), QColor(40, 150, 60) if manned
                             else QColor(120, 120, 120), 1.4, dashed=not manned)
            it.setToolTip("manned gun" if manned else "unmanned gun")
            self.highlights.append(it)
        if self.w.interactive() and flicks is not None:
            for sid in flicks.shooters():
                it = OutlineItem(geom_path(pcs[sid].footprint().buffer(0.35, 4)), SHOOTER, 2.6,
                                 fill_alpha=60, z=Z_UNIT + 0.5)
                it.setToolTip("may shoot now: drag from it to aim")
                self.highlights.append(it)
        for gid in self.group:
            if gid in pcs:
                self.highlights.append(MarkItem(pcs[gid], GROUP, 2.2, grow=0.12))
        for fid in self.fell_pick:
            if fid in pcs:
                m = MarkItem(pcs[fid], FELL, 3.0, grow=0.15)
                self.highlights.append(m)
        for mark in self.highlights:
            self.w.scene.addItem(mark)

    # -- groups --------------------------------------------------------------------

    def toggle_group(self, fid: str) -> None:
        """Ctrl-click: add a figure of the side to act to the group, or take it out."""
        k = self.w.play_view
        if k is None or self._groups() is None:
            return
        if fid in self.group:
            self.group.remove(fid)
        elif k.can_move(fid):
            sel = self.w.selected
            if sel and sel not in self.group and k.can_move(sel):
                self.group.append(sel)
            self.group.append(fid)
        self.w.selected = fid
        self.w.refresh()
        self._group_message()

    def select_group(self, ids: Sequence[str]) -> None:
        k = self.w.play_view if self._groups() is not None else None
        self.group = [i for i in ids if k is not None and k.can_move(i)]
        if self.group:
            self.w.selected = self.group[0]
        self.w.refresh()
        self._group_message()

    def _group_message(self) -> None:
        if len(self.group) >= 2:
            self.w.message(f"{len(self.group)} figures selected: drag one of them to move them "
                         "together ([ and ] turn the group).")

    def band_start(self, pt: tuple[float, float]) -> None:
        self.band_from = pt

    def band_to(self, pt: tuple[float, float]) -> None:
        if self.band_from is None:
            return
        if self.band_item is not None:
            self.w.scene.removeItem(self.band_item)
        path = QPainterPath()
        path.addRect(QRectF(QPointF(*self.band_from), QPointF(*pt)).normalized())
        self.band_item = OutlineItem(path, GROUP, 1.2, dashed=True, fill_alpha=30, z=Z_FLIGHT)
        self.w.scene.addItem(self.band_item)

    def band_end(self, pt: tuple[float, float]) -> None:
        """Select every movable figure whose centre lies in the rubber band."""
        if self.band_item is not None:
            self.w.scene.removeItem(self.band_item)
            self.band_item = None
        a = self.w.play_view if self._groups() is not None else None
        start = self.band_from
        self.band_from = None
        if a is None or start is None:
            return
        x0, x1 = sorted((start[0], pt[0]))
        y0, y1 = sorted((start[1], pt[1]))
        ids = [p.id for p in a.pieces().values()
               if p.present and x0 <= p.x <= x1 and y0 <= p.y <= y1 and a.can_move(p.id)]
        self.select_group(ids)

    def group_members(self, pid: str) -> tuple[str, ...]:
        """The figures a drag of `pid` moves: the group, if `pid` is in it."""
        if self._groups() is not None and len(self.group) >= 2 \
                and pid in self.group:
            return tuple(self.group)
        return ()

    # -- aiming and flicking -----------------------------------------------------------

    def can_aim(self, pid: str) -> bool:
        k = self._flicks()
        return (k is not None and self.w.interactive() and not k.tabletop
                and pid in k.shooters())

    def aim_at(self, shooter: str, heading: float, strength: float) -> Aim | None:
        """Aim `shooter`'s flick (clipped to its arc); draws the aim; Enter fires."""
        k, a = self._flicks(), self.w.play_view
        if k is None or a is None or not self.can_aim(shooter):
            return None
        aim = k.aim(shooter, heading, strength)
        if aim is None:
            return None
        if aim.reason is not None:  # the engine's words, named
            aim = replace(aim, reason=self.w.refusal(aim.reason))
        self.aiming = aim
        self.w.selected = shooter
        if self.aim_item is None:
            self.aim_item = AimItem()
            self.w.scene.addItem(self.aim_item)
        p = a.pieces()[shooter]
        # the arc it may flick into is its weapon's (none given: any way it likes)
        arcs = a.weapons(shooter)
        half = arcs[0].half_angle if arcs else 180.0
        arc = geom_path(sector(p.pos, p.facing, half, max(aim.reach, 4.0) + 2.0))
        self.aim_item.set_aim(p.pos, aim.heading, aim.reach, arc, aim.reason is None)
        lines = [f"{aim.kind} · heading {aim.heading:g}° · strength {aim.strength:.2f}",
                 f"slides about {aim.reach:.0f}\" on open table (it wobbles)",
                 aim.reason or "release, then Enter (or Flick!) to shoot"]
        from desktop.ui.play.items import ILLEGAL, LEGAL

        self.w.cursor_label.set_text(lines, LEGAL if aim.reason is None else ILLEGAL)
        end = self.aim_item.end
        self.w.place_label((end.x(), end.y()))
        if self.w.game is not None and self.w.play_view is not None:
            self.w.phasing.show()
        return aim

    def aim_towards(self, shooter: str, pt: tuple[float, float]) -> Aim | None:
        """Aim by dragging: the direction from the shooter, the length is how far the
        pellet should slide."""
        k, a = self._flicks(), self.w.play_view
        if k is None or a is None:
            return None
        p = a.pieces()[shooter]
        dist = math.dist(p.pos, pt)
        return self.aim_at(shooter, bearing(p.pos, pt), k.strength_for(shooter, dist))

    def cancel_aim(self) -> None:
        self.aiming = None
        if self.aim_item is not None:
            self.w.scene.removeItem(self.aim_item)
            self.aim_item = None
        self.w.cursor_label.set_text([])

    def flick(self) -> bool:
        """Fire the aimed flick: the engine simulates it, the window animates it."""
        k, aim = self._flicks(), self.aiming
        if k is None or aim is None:
            return False
        if aim.reason is not None:
            self.w.message(f"Not allowed: {aim.reason}", error=True)
            return False
        act = k.shot_action(aim)
        self.cancel_aim()
        return act is not None and bool(self.w.do(act))

    def clear_fallen(self) -> None:
        for it in self.fallen_items:
            if it.scene() is self.w.scene:
                self.w.scene.removeItem(it)
        self.fallen_items = []

    def animate_step(self, events: Sequence[Event],
                     before: dict[str, PieceInfo]) -> FlickPlayer | None:
        """Start the animation of a simulated flick among `events` (if any)."""
        k = self._flicks()
        flight = k.flight(list(events)) if k is not None else None
        if flight is None:
            return None
        if self.flick_player is not None:
            self.flick_player.finish()
        player = FlickPlayer(self, flight, before)
        self.flick_player = player
        if self.animate_flicks:
            player.start()
        else:
            player.finish()
        return player

    # -- tabletop mode -----------------------------------------------------------------

    def begin_fell(self, shooter: str) -> bool:
        """Tabletop mode: `shooter` flicked on the real table; click who fell."""
        k = self._flicks()
        if k is None or not k.tabletop or not self.w.interactive() or shooter not in k.shooters():
            return False
        self.fell_shooter = shooter
        self.fell_pick = []
        self.w.selected = shooter
        self.w.message(f"{self._name(shooter)} shot on the table: click every figure that fell "
                     "(click again to take one back), then Confirm.")
        self.w.refresh()
        return True

    def toggle_fell(self, fid: str) -> None:
        if self.fell_shooter is None:
            return
        if fid in self.fell_pick:
            self.fell_pick.remove(fid)
        else:
            self.fell_pick.append(fid)
        self.w.refresh()

    def confirm_fell(self) -> bool:
        k, shooter = self._flicks(), self.fell_shooter
        if k is None or shooter is None:
            return False
        ids = list(self.fell_pick)
        self.fell_shooter, self.fell_pick = None, []
        act = k.fell_action(shooter, ids)
        return act is not None and bool(self.w.do(act))

    def cancel_fell(self) -> None:
        self.fell_shooter, self.fell_pick = None, []
        self.w.refresh()

    def figure_buttons(self) -> list[tuple[str, str, object, str]] | None:
        """Phase-bar buttons while aiming or recording the fallen (None: the usual)."""
        if self.aiming is not None:
            ok = self.aiming.reason is None
            out: list[tuple[str, str, object, str]] = [
                ("cancel_aim", "Cancel (Esc)", self.cancel_aim, "Put the pellet down")]
            if ok:
                out.insert(0, ("flick", "Flick! ⏎", self.flick, "Shoot: the flick is simulated"))
            aim = self.aiming
            out[:0] = [
                ("softer", "− softer", lambda: self.aim_at(aim.shooter, aim.heading,
                                                            aim.strength - 0.05),
                 "Flick a little softer (strength − 0.05)"),
                ("harder", "+ harder", lambda: self.aim_at(aim.shooter, aim.heading,
                                                            aim.strength + 0.05),
                 "Flick a little harder (strength + 0.05)")]
            return out
        if self.fell_shooter is not None:
            n = len(self.fell_pick)
            return [("confirm_fell", f"Confirm: {n} fell" if n else "Confirm: nobody fell",
                     self.confirm_fell, "Record the shot"),
                    ("cancel_fell", "Cancel", self.cancel_fell, "Choose another shooter")]
        return None
