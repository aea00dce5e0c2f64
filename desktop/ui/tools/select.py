"""Select and move: click, Shift-click, rubber band, drag, rotate and resize handles, keys."""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

from desktop.scenario.edits.pieces import is_piece, piece
from desktop.scenario.edits.placing import clamp_move, snap_base_to_base
from desktop.scenario.edits.terrain import feature_centre
from desktop.scenario.edits.vertices import vertices
from desktop.scenario.geometry import forward, front_centre
from desktop.scenario.model import Point, Scenario, TerrainFeature, Unit
from desktop.ui import commands as C
from desktop.ui.tools.base import Overlay, Tool, ToolEvent, bearing, snap_angle
from desktop.ui.tools.hits import area_of, item_at, items_in

#: How far in front of a base its rotation handle sits (inches).
ROTATE_HANDLE = 1.5
#: Arrow keys move the selection this far (inches); Shift: NUDGE_FINE.
NUDGE = 0.5
NUDGE_FINE = 0.1
#: [ and ] turn the selection this much (degrees); { and }: TURN_FINE.
TURN = 15.0
TURN_FINE = 1.0


def kinds(s: Scenario, ids: Collection[str]) -> tuple[list[str], list[str], list[str]]:
    """Split ids into (features, pieces, objectives), each in scenario order."""
    features = [f.id for f in s.terrain if f.id in ids]
    objectives = [o.id for o in s.game.objectives if o.id in ids]
    pieces = [pid for side in s.sides
              for pid in [*(u.id for u in side.units), *(o.id for o in side.officers)]
              if pid in ids]
    return features, pieces, objectives


def feature_box(f: TerrainFeature) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = area_of(f.shape).bounds
    return x0, y0, x1, y1


def feature_handles(f: TerrainFeature) -> tuple[Point, Point, Point]:
    """(centre, rotate handle, scale handle) of a feature."""
    _x0, y0, x1, y1 = feature_box(f)
    c = feature_centre(f)
    return c, (c[0], y0 - ROTATE_HANDLE), (x1, y1)


def unit_handle(u: Unit) -> Point:
    fc = front_centre(u)
    fx, fy = forward(u.facing)
    return (fc[0] + fx * ROTATE_HANDLE, fc[1] + fy * ROTATE_HANDLE)


class SelectTool(Tool):
    name = "select"
    label = "Select and move"
    shortcut = "S"
    icon = "tool_select"
    tip = ("Click to select, Shift-click to add, drag an empty spot for a box; drag to move "
           "(Alt: no snapping); drag the round handle to turn; [ ] turn, arrows nudge, "
           "Delete removes")

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self._mode: str | None = None
        self._start: Point = (0.0, 0.0)
        self._now: Point = (0.0, 0.0)
        self._base: Scenario | None = None
        self._gesture = 0
        self._ids: list[str] = []
        self._pivot: Point = (0.0, 0.0)
        self._toggle: str | None = None

    @property
    def busy(self) -> bool:
        return self._mode is not None

    def cancel(self) -> None:
        dragging = self._mode in ("move", "turn", "rotate", "scale")
        if dragging and self._base is not None and self.doc.scenario is not self._base:
            self.doc.undo_stack.undo()  # drop the half-done drag
        self._mode = None
        self._base = None

    # --- handles --------------------------------------------------------------------

    def _single(self) -> tuple[str, Any] | None:
        sel = self.doc.selection
        if len(sel) != 1:
            return None
        (i,) = sel
        s = self.doc.scenario
        try:
            return "feature", s.feature(i)
        except KeyError:
            pass
        if is_piece(s, i):
            p = piece(s, i)
            return ("unit", p) if isinstance(p, Unit) else ("officer", p)
        return None

    def _handle_at(self, p: Point, tol: float) -> str | None:
        one = self._single()
        if one is None:
            return None
        kind, thing = one
        near = max(tol, 0.25)
        if kind == "unit":
            if math.dist(p, unit_handle(thing)) <= near * 1.5:
                return "turn"
        elif kind == "feature":
            _, rot, scale = feature_handles(thing)
            if math.dist(p, rot) <= near * 1.5:
                return "rotate"
            if math.dist(p, scale) <= near * 1.5:
                return "scale"
        return None

    # --- mouse --------------------------------------------------------------------------

    def press(self, ev: ToolEvent) -> None:
        if ev.button != "left":
            return
        s = self.doc.scenario
        self._start = self._now = ev.pos
        self._base = s
        self._gesture = C.new_gesture()
        self._toggle = None
        handle = self._handle_at(ev.pos, ev.tolerance)
        if handle:
            self._mode = handle
            self._ids = sorted(self.doc.selection)
            one = self._single()
            assert one is not None
            self._pivot = (one[1].position if one[0] != "feature"
                           else feature_centre(one[1]))
            return
        hit = item_at(s, ev.pos, ev.tolerance)
        if hit is None:
            self._mode = "band"
            if not (ev.shift or ev.ctrl):
                self.doc.select(())
            return
        if ev.shift or ev.ctrl:
            # toggled on release, unless the press turns into a drag
            self._toggle = hit
            if hit not in self.doc.selection:
                self.doc.select(self.doc.selection | {hit})
                self._toggle = None
        elif hit not in self.doc.selection:
            self.doc.select({hit})
        self._mode = "move"
        features, pieces, objectives = kinds(s, self.doc.selection)
        self._ids = pieces + features + objectives

    def move(self, ev: ToolEvent) -> None:
        self._now = ev.pos
        if self._mode is None or not ev.button:
            return
        if self._mode == "band":
            self.ctx.refresh()
            return
        base = self._base
        assert base is not None
        if self._mode == "move":
            self._drag_move(base, ev)
        elif self._mode == "turn":
            (uid,) = self._ids
            u = base.unit(uid)
            facing = bearing(u.position, ev.pos)
            if not ev.alt:
                facing = snap_angle(facing, 5.0 if not ev.shift else 15.0)
            self.ctx.push(lambda: C.SetPlacements(self.doc, {uid: (u.position, facing)},
                                                  f"Turn {u.name}", gesture=self._gesture))
        elif self._mode == "rotate":
            deg = bearing(self._pivot, ev.pos)
            if ev.shift:
                deg = snap_angle(deg, 15.0)
            self.ctx.push(lambda: C.RotateFeatures(self.doc, self._ids, deg, self._pivot,
                                                   gesture=self._gesture, base=base))
        elif self._mode == "scale":
            d0 = math.dist(self._pivot, self._start)
            k = max(0.05, math.dist(self._pivot, ev.pos) / d0) if d0 > 1e-6 else 1.0
            self.ctx.push(lambda: C.ScaleFeatures(self.doc, self._ids, k, k, self._pivot,
                                                  gesture=self._gesture, base=base))
        self.ctx.refresh()

    def _drag_move(self, base: Scenario, ev: ToolEvent) -> None:
        if self._toggle is not None and math.dist(self._start, ev.pos) < ev.tolerance:
            return
        self._toggle = None
        dx, dy = ev.pos[0] - self._start[0], ev.pos[1] - self._start[1]
        _, pieces, _ = kinds(base, set(self._ids))
        # grid: the first item's reference point lands on the grid
        if self.ctx.snap_grid and not ev.alt:
            ref = self._reference(base, self._ids[0])
            tx, ty = self.ctx.snap((ref[0] + dx, ref[1] + dy))
            dx, dy = tx - ref[0], ty - ref[1]
        if pieces:
            dx, dy = clamp_move(base, pieces, dx, dy)
        units = [p for p in pieces if isinstance(piece(base, p), Unit)]
        if len(self._ids) == 1 and len(units) == 1:
            # one unit: placements, so base-to-base snapping may turn it too
            u = base.unit(units[0])
            pos, facing = (u.position[0] + dx, u.position[1] + dy), u.facing
            if self.ctx.snap_bases and not ev.alt:
                hit = snap_base_to_base(base, u, pos, self.ctx.base_snap_distance)
                if hit is not None:
                    pos, facing = hit
            self.ctx.push(lambda: C.SetPlacements(self.doc, {u.id: (pos, facing)},
                                                  f"Move {u.name}", gesture=self._gesture))
            return
        self.ctx.push(lambda: C.MoveItems(self.doc, self._ids, dx, dy,
                                          gesture=self._gesture, base=base))

    @staticmethod
    def _reference(s: Scenario, i: str) -> Point:
        if is_piece(s, i):
            return piece(s, i).position
        for o in s.game.objectives:
            if o.id == i:
                return o.position
        f = s.feature(i)
        pts = vertices(f.shape)
        return pts[0]

    def release(self, ev: ToolEvent) -> None:
        if self._mode == "band":
            ids = items_in(self.doc.scenario, self._start, ev.pos)
            if math.dist(self._start, ev.pos) > ev.tolerance:
                if ev.shift or ev.ctrl:
                    ids |= self.doc.selection
                self.doc.select(ids)
        elif self._mode == "move" and self._toggle is not None:
            self.doc.select(self.doc.selection - {self._toggle})
        self._mode = None
        self._base = None
        self._toggle = None
        self.ctx.refresh()

    # --- keys -----------------------------------------------------------------------------

    def key(self, key: str, ev: ToolEvent) -> bool:
        sel = self.doc.selection
        if key == "Escape":
            if self._mode:
                self.cancel()
            else:
                self.doc.select(())
            self.ctx.refresh()
            return True
        if not sel:
            return False
        s = self.doc.scenario
        features, pieces, objectives = kinds(s, sel)
        if key in ("Delete", "Backspace"):
            self.ctx.push(lambda: C.RemoveItems(self.doc, sel))
            return True
        steps = {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1)}
        if key in steps:
            n = NUDGE_FINE if ev.shift else NUDGE
            dx, dy = steps[key][0] * n, steps[key][1] * n
            if pieces:
                dx, dy = clamp_move(s, pieces, dx, dy)
            self.ctx.push(lambda: C.MoveItems(self.doc, pieces + features + objectives, dx, dy))
            return True
        turns = {"]": TURN, "[": -TURN, "}": TURN_FINE, "{": -TURN_FINE}
        if key in turns:
            deg = turns[key]
            if pieces and features:
                self.doc.undo_stack.beginMacro("Turn selection")
            if pieces:
                self.ctx.push(lambda: C.RotatePieces(self.doc, pieces, deg))
            if features:
                self.ctx.push(lambda: C.RotateFeatures(self.doc, features, deg))
            if pieces and features:
                self.doc.undo_stack.endMacro()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------

    def overlay(self) -> Overlay:
        out = Overlay()
        s = self.doc.scenario
        if self._mode == "band":
            (x0, y0), (x1, y1) = self._start, self._now
            out.polygons.append(([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], "band"))
        for i in self.doc.selection:
            for f in s.terrain:
                if f.id == i:
                    out.polygons.append((list(area_of(f.shape).exterior.coords), "selection"))
        one = self._single()
        if one is not None:
            kind, thing = one
            if kind == "unit":
                out.lines.append(([front_centre(thing), unit_handle(thing)], "guide"))
                out.handles.append((unit_handle(thing), "rotate"))
                if self._mode == "turn":
                    out.label = (self._now, f"{thing.facing:.0f}°")
            elif kind == "feature":
                c, rot, scale = feature_handles(thing)
                out.lines.append(([c, rot], "guide"))
                out.handles += [(rot, "rotate"), (scale, "scale")]
        return out

