"""Terrain drawing tools: polygon, rectangle, ellipse, polyline, bridge and ford."""

from __future__ import annotations

import math
from typing import Any

from desktop.scenario.edits.bridges import crossing_shape, river_at
from desktop.scenario.edits.terrain import make_feature
from desktop.scenario.geometry import ellipse_points, rect_points
from desktop.scenario.model import EllipseShape, LineShape, Point, PolygonShape, RectShape, Shape
from desktop.scenario.vocabulary import DEFAULT_LINE_WIDTH, TERRAIN_LABELS, TerrainType
from desktop.ui import commands as C
from desktop.ui.tools.base import Overlay, Tool, ToolEvent

#: A drag shorter than this (inches) does not make a rectangle or ellipse.
MIN_SIZE = 0.2


class _ClickDraw(Tool):
    """Click points one by one; double-click or Enter finishes; Backspace undoes a point."""

    min_points = 3
    closed = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.points: list[Point] = []
        self._hover: Point | None = None

    @property
    def busy(self) -> bool:
        return bool(self.points)

    def cancel(self) -> None:
        self.points = []
        self._hover = None

    def press(self, ev: ToolEvent) -> None:
        if ev.button == "right":
            self.finish()
            return
        if ev.button != "left":
            return
        p = self.ctx.snap(ev.pos, ev)
        if self.points and math.dist(p, self.points[-1]) <= ev.tolerance / 2:
            return  # the second click of a double-click
        self.points.append(p)
        self.ctx.refresh()

    def move(self, ev: ToolEvent) -> None:
        self._hover = self.ctx.snap(ev.pos, ev)
        if self.points:
            self.ctx.refresh()

    def double_click(self, ev: ToolEvent) -> None:
        self.finish()

    def key(self, key: str, ev: ToolEvent) -> bool:
        if key in ("Return", "Enter"):
            self.finish()
            return True
        if key == "Backspace" and self.points:
            self.points.pop()
            self.ctx.refresh()
            return True
        return super().key(key, ev)

    def finish(self) -> bool:
        if len(self.points) < self.min_points:
            if self.points:
                self.ctx.notify(f"Click at least {self.min_points} points "
                                f"({len(self.points)} so far)")
            return False
        if self.commit(list(self.points)):
            self.cancel()
            self.ctx.refresh()
            return True
        return False  # refused: keep the points so the user can fix them

    def commit(self, points: list[Point]) -> bool:
        raise NotImplementedError

    def overlay(self) -> Overlay:
        out = Overlay()
        if not self.points:
            return out
        pts = list(self.points)
        if self._hover is not None:
            pts.append(self._hover)
        if self.closed and len(pts) >= 3:
            out.polygons.append((pts, "draft"))
        else:
            out.lines.append((pts, "draft"))
        out.handles += [(p, "vertex") for p in self.points]
        return out


class PolygonTool(_ClickDraw):
    name = "polygon"
    label = "Draw area (polygon)"
    shortcut = "P"
    icon = "tool_polygon"
    tip = ("Click the corners of the area; double-click or Enter closes it, Backspace takes "
           "back a point, Escape abandons it")

    def commit(self, points: list[Point]) -> bool:
        t = self.ctx.area_type
        s = self.doc.scenario
        return self.ctx.push(lambda: C.AddFeature(
            self.doc, make_feature(s, t, PolygonShape(tuple(points)), _name(s, t))))


class PolylineTool(_ClickDraw):
    name = "polyline"
    label = "Draw line (river, road, wall)"
    shortcut = "L"
    icon = "tool_polyline"
    tip = ("Click along the line; double-click or Enter ends it. Width and smoothing are in "
           "the tool options")
    min_points = 2
    closed = False

    def width(self) -> float:
        return self.ctx.line_width or DEFAULT_LINE_WIDTH[self.ctx.line_type]

    def commit(self, points: list[Point]) -> bool:
        t = self.ctx.line_type
        s = self.doc.scenario
        shape = LineShape(tuple(points), self.width(), self.ctx.line_smooth)
        return self.ctx.push(lambda: C.AddFeature(
            self.doc, make_feature(s, t, shape, _name(s, t))))


class _DragDraw(Tool):
    """Press at one corner, drag to the other, release (Shift: square / circle)."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self._start: Point | None = None
        self._now: Point = (0.0, 0.0)

    @property
    def busy(self) -> bool:
        return self._start is not None

    def cancel(self) -> None:
        self._start = None

    def press(self, ev: ToolEvent) -> None:
        if ev.button == "left":
            self._start = self._now = self.ctx.snap(ev.pos, ev)

    def move(self, ev: ToolEvent) -> None:
        if self._start is not None:
            self._now = self.ctx.snap(ev.pos, ev)
            self.ctx.refresh()

    def _box(self, ev: ToolEvent | None = None) -> tuple[Point, tuple[float, float]] | None:
        if self._start is None:
            return None
        (x0, y0), (x1, y1) = self._start, self._now
        w, h = abs(x1 - x0), abs(y1 - y0)
        if ev is not None and ev.shift:
            w = h = max(w, h)
            x1 = x0 + math.copysign(w, x1 - x0)
            y1 = y0 + math.copysign(h, y1 - y0)
        return ((x0 + x1) / 2, (y0 + y1) / 2), (w, h)

    def release(self, ev: ToolEvent) -> None:
        if self._start is None:
            return
        self._now = self.ctx.snap(ev.pos, ev)
        box = self._box(ev)
        self._start = None
        self.ctx.refresh()
        if box is None:
            return
        centre, (w, h) = box
        if w < MIN_SIZE or h < MIN_SIZE:
            self.ctx.notify("Drag from one corner to the other to draw the shape")
            return
        t = self.ctx.area_type
        s = self.doc.scenario
        shape = self.make(centre, (w, h))
        self.ctx.push(lambda: C.AddFeature(self.doc, make_feature(s, t, shape,
                                                                         _name(s, t))))

    def make(self, centre: Point, size: tuple[float, float]) -> Shape:
        raise NotImplementedError

    def overlay(self) -> Overlay:
        out = Overlay()
        box = self._box()
        if box is None:
            return out
        centre, (w, h) = box
        if w > 0 and h > 0:
            shape = self.make(centre, (w, h))
            pts = (rect_points(shape) if isinstance(shape, RectShape)
                   else ellipse_points(shape) if isinstance(shape, EllipseShape) else [])
            out.polygons.append((pts, "draft"))
            out.label = (self._now, f'{w:.1f}" x {h:.1f}"')
        return out


class RectTool(_DragDraw):
    name = "rectangle"
    label = "Draw rectangle"
    shortcut = "M"
    icon = "tool_rectangle"
    tip = "Drag from corner to corner (Shift: a square)"

    def make(self, centre: Point, size: tuple[float, float]) -> Shape:
        return RectShape(centre, size)


class EllipseTool(_DragDraw):
    name = "ellipse"
    label = "Draw ellipse"
    shortcut = "E"
    icon = "tool_ellipse"
    tip = "Drag out the box the ellipse fills (Shift: a circle)"

    def make(self, centre: Point, size: tuple[float, float]) -> Shape:
        return EllipseShape(centre, (size[0] / 2, size[1] / 2))


class CrossingTool(Tool):
    """Click on a river or stream to lay a bridge or ford across it."""

    icon = "tool_bridge"

    def __init__(self, ctx: Any, ftype: TerrainType) -> None:
        super().__init__(ctx)
        self.ftype = ftype
        self.name = ftype.value
        self.label = f"Place {TERRAIN_LABELS[ftype].lower()}"
        self.shortcut = "B" if ftype is TerrainType.BRIDGE else "Shift+B"
        self.icon = f"terrain_{ftype.value}"
        self.tip = f"Click on a river or stream to lay a {ftype.value} across it"
        self._hover: Point | None = None

    def press(self, ev: ToolEvent) -> None:
        if ev.button != "left":
            return
        s = self.doc.scenario
        n = sum(1 for f in s.terrain if f.type is self.ftype) + 1
        self.ctx.push(lambda: C.PlaceCrossing(self.doc, self.ftype, ev.pos,
                                              f"{TERRAIN_LABELS[self.ftype]} {n}"))

    def move(self, ev: ToolEvent) -> None:
        self._hover = ev.pos
        self.ctx.refresh()

    def overlay(self) -> Overlay:
        out = Overlay()
        if self._hover is None:
            return out
        s = self.doc.scenario
        rid = river_at(s, self._hover)
        if rid is not None:
            out.polygons.append((rect_points(crossing_shape(s, rid, self._hover)),
                                 "draft"))
        return out


def _name(s: Any, t: TerrainType) -> str:
    n = sum(1 for f in s.terrain if f.type is t) + 1
    return f"{TERRAIN_LABELS[t]} {n}"
