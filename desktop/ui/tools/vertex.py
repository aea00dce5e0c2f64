"""Vertex editing: drag a point, click an edge to add one, Alt-click or Delete to remove.

Works on the selected terrain feature (click another feature to switch), and,
as the zone tool, on a side's deployment zone.
"""

from __future__ import annotations

import math
from typing import Any

from desktop.scenario.edits.vertices import nearest_edge, vertices
from desktop.scenario.geometry import deployment_zone
from desktop.scenario.model import LineShape, Point, Scenario
from desktop.ui import commands as C
from desktop.ui.tools.base import Overlay, Tool, ToolEvent
from desktop.ui.tools.hits import feature_at


class VertexTool(Tool):
    name = "vertex"
    label = "Edit points"
    shortcut = "V"
    icon = "tool_vertex"
    tip = ("Drag a point to move it; click on an edge to add a point; Alt-click (or select it "
           "and press Delete) to remove one; click another feature to edit it")

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.current: int | None = None
        self._gesture = 0
        self._index: int | None = None
        self._macro = False

    # --- the thing being edited (a feature here; a zone in ZoneTool) ---------------------------

    def _target(self) -> str:
        """The shape being edited: a vertex is only moved, added or removed on one."""
        t = self.target()
        assert t is not None, "a vertex edit without a shape"
        return t

    def target(self) -> str | None:
        sel = self.doc.selection
        s = self.doc.scenario
        if len(sel) == 1:
            (i,) = sel
            if any(f.id == i for f in s.terrain):
                return i
        return None

    def points(self, s: Scenario) -> list[Point]:
        t = self.target()
        if t is None:
            return []
        return vertices(s.feature(t).shape)

    def closed(self, s: Scenario) -> bool:
        t = self.target()
        return t is not None and not isinstance(s.feature(t).shape, LineShape)

    def least(self, s: Scenario) -> int:
        return 3 if self.closed(s) else 2

    def cmd_move(self, index: int, p: Point, gesture: int | None) -> Any:
        return C.MoveVertex(self.doc, self._target(), index, p, gesture=gesture)

    def cmd_insert(self, index: int, p: Point) -> Any:
        return C.InsertVertex(self.doc, self._target(), index, p)

    def cmd_delete(self, index: int) -> Any:
        return C.DeleteVertex(self.doc, self._target(), index)

    def retarget(self, ev: ToolEvent) -> bool:
        """A press away from the target's points: pick the feature under it instead."""
        hit = feature_at(self.doc.scenario, ev.pos, ev.tolerance)
        if hit is not None and hit != self.target():
            self.doc.select({hit})
            self.current = None
            self.ctx.refresh()
            return True
        return False

    # --- mouse ----------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._index is not None

    def cancel(self) -> None:
        self._end_macro()
        self._index = None

    def _end_macro(self) -> None:
        if self._macro:
            self.doc.undo_stack.endMacro()
            self._macro = False

    def _vertex_at(self, pts: list[Point], p: Point, tol: float) -> int | None:
        best = None
        for i, q in enumerate(pts):
            d = math.dist(p, q)
            if d <= max(tol, 0.2) and (best is None or d < best[0]):
                best = (d, i)
        return None if best is None else best[1]

    def press(self, ev: ToolEvent) -> None:
        if ev.button not in ("left", "right"):
            return
        s = self.doc.scenario
        pts = self.points(s)
        i = self._vertex_at(pts, ev.pos, ev.tolerance) if pts else None
        if i is not None:
            self.current = i
            if ev.alt or ev.button == "right":
                self._delete(i)
                return
            self._index = i
            self._gesture = C.new_gesture()
            self.ctx.refresh()
            return
        if ev.button != "left":
            return
        if pts:
            index, q, d = nearest_edge(_shape_for(pts, self.closed(s)), ev.pos)
            if d <= max(ev.tolerance, 0.2):
                self.doc.undo_stack.beginMacro("Add a point")
                self._macro = True
                if not self.ctx.push(lambda: self.cmd_insert(index, self.ctx.snap(q, ev))):
                    self._end_macro()
                    return
                self._index = self.current = index
                self._gesture = C.new_gesture()
                self.ctx.refresh()
                return
        if not self.retarget(ev) and not pts:
            self.ctx.notify("Click a terrain feature to edit its points")

    def move(self, ev: ToolEvent) -> None:
        if self._index is None or not ev.button:
            return
        i = self._index
        p = self.ctx.snap(ev.pos, ev)
        self.ctx.push(lambda: self.cmd_move(i, p, self._gesture))
        self.ctx.refresh()

    def release(self, ev: ToolEvent) -> None:
        self._index = None
        self._end_macro()
        self.ctx.refresh()

    def _delete(self, i: int) -> None:
        s = self.doc.scenario
        if len(self.points(s)) <= self.least(s):
            what = "an area" if self.closed(s) else "a line"
            self.ctx.notify(f"{what.capitalize()} needs at least {self.least(s)} points")
            return
        if self.ctx.push(lambda: self.cmd_delete(i)):
            self.current = None
            self.ctx.refresh()

    def key(self, key: str, ev: ToolEvent) -> bool:
        if key in ("Delete", "Backspace") and self.current is not None:
            if self.current < len(self.points(self.doc.scenario)):
                self._delete(self.current)
            return True
        return super().key(key, ev)

    def overlay(self) -> Overlay:
        out = Overlay()
        s = self.doc.scenario
        pts = self.points(s)
        if not pts:
            return out
        if self.closed(s):
            out.polygons.append((pts, "selection"))
        else:
            out.lines.append((pts, "guide"))
        out.handles += [(p, "active" if i == self.current else "vertex")
                        for i, p in enumerate(pts)]
        return out


def _shape_for(pts: list[Point], closed: bool) -> Any:
    from desktop.scenario.model import PolygonShape

    return PolygonShape(tuple(pts)) if closed else LineShape(tuple(pts), 1.0)


class ZoneTool(VertexTool):
    """Edit the chosen side's deployment zone as a polygon (starts from the default zone)."""

    name = "zone"
    label = "Edit deployment zone"
    shortcut = "Z"
    icon = "tool_zone"
    tip = ("Drag the corners of the chosen side's deployment zone; click an edge to add a "
           "corner, Alt-click to remove one")

    def target(self) -> str | None:
        return self.ctx.side_id or None

    def points(self, s: Scenario) -> list[Point]:
        t = self.target()
        return deployment_zone(s, t) if t else []

    def closed(self, s: Scenario) -> bool:
        return True

    def _zone_with(self, fn: Any) -> list[Point]:
        pts = list(self.points(self.doc.scenario))
        fn(pts)
        return pts

    def cmd_move(self, index: int, p: Point, gesture: int | None) -> Any:
        pts = self._zone_with(lambda q: q.__setitem__(index, p))
        return C.SetDeploymentZone(self.doc, self._target(), pts, gesture=gesture)

    def cmd_insert(self, index: int, p: Point) -> Any:
        pts = self._zone_with(lambda q: q.insert(index, p))
        return C.SetDeploymentZone(self.doc, self._target(), pts)

    def cmd_delete(self, index: int) -> Any:
        pts = self._zone_with(lambda q: q.pop(index))
        return C.SetDeploymentZone(self.doc, self._target(), pts)

    def retarget(self, ev: ToolEvent) -> bool:
        return False

    def overlay(self) -> Overlay:
        out = super().overlay()
        out.polygons = [(p, "zone") for p, _ in out.polygons]
        return out
