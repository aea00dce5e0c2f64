"""Wheel a group of units as a body about a corner, as players wheel a line on a table.

Grab one end of the selected line and swing it: the group turns about the
front corner at the other end.  Keys: Left / Right wheel 5° (Shift: 1°)
about the chosen corner; Tab swaps the corner.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from desktop.scenario.edits.placing import wheel_pivot
from desktop.scenario.model import Point, Scenario
from desktop.ui import commands as C
from desktop.ui.tools.base import Overlay, Tool, ToolEvent, bearing

KEY_STEP = 5.0
KEY_STEP_FINE = 1.0


class WheelTool(Tool):
    name = "wheel"
    label = "Wheel group"
    shortcut = "W"
    icon = "tool_wheel"
    tip = ("Select units, then drag one end of the line: it wheels about the front corner at "
           "the other end. Left/Right keys wheel 5° about the marked corner, Tab swaps it")

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.corner: Literal["left", "right"] = "left"
        self._pivot: Point | None = None
        self._a0 = 0.0
        self._base: Scenario | None = None
        self._gesture = 0
        self._now: Point | None = None
        self._deg = 0.0

    def units(self) -> list[str]:
        s = self.doc.scenario
        out = []
        for side in s.sides:
            for u in side.units:
                if u.id in self.doc.selection:
                    out.append(u.id)
        # dress on the first selected unit in roster order: stable for tests and users
        return out

    @property
    def busy(self) -> bool:
        return self._pivot is not None

    def cancel(self) -> None:
        self._pivot = None
        self._base = None

    def pivot(self, corner: Literal["left", "right"] | None = None) -> Point | None:
        ids = self.units()
        if not ids:
            return None
        return wheel_pivot(self.doc.scenario, ids, corner or self.corner)

    def press(self, ev: ToolEvent) -> None:
        if ev.button != "left":
            return
        ids = self.units()
        if not ids:
            self.ctx.notify("Select the units to wheel first (use the select tool)")
            return
        s = self.doc.scenario
        left = wheel_pivot(s, ids, "left")
        rightc = wheel_pivot(s, ids, "right")
        # grabbing near the right end swings it about the left corner, and the reverse
        if math.dist(ev.pos, rightc) <= math.dist(ev.pos, left):
            self.corner, self._pivot = "left", left
        else:
            self.corner, self._pivot = "right", rightc
        self._a0 = bearing(self._pivot, ev.pos)
        self._base = s
        self._gesture = C.new_gesture()
        self._deg = 0.0
        self._now = ev.pos
        self.ctx.refresh()

    def move(self, ev: ToolEvent) -> None:
        self._now = ev.pos
        if self._pivot is None or not ev.button:
            return
        deg = (bearing(self._pivot, ev.pos) - self._a0 + 180.0) % 360.0 - 180.0
        if ev.shift:
            deg = round(deg / 15.0) * 15.0
        self._deg = deg
        ids = self.units()
        pivot, base = self._pivot, self._base
        self.ctx.push(lambda: C.RotatePieces(self.doc, ids, deg, pivot,
                                             gesture=self._gesture, base=base))
        self.ctx.refresh()

    def release(self, ev: ToolEvent) -> None:
        self.cancel()
        self.ctx.refresh()

    def key(self, key: str, ev: ToolEvent) -> bool:
        if key == "Tab":
            self.corner = "right" if self.corner == "left" else "left"
            self.ctx.refresh()
            return True
        if key in ("Left", "Right"):
            ids = self.units()
            if not ids:
                return False
            step = KEY_STEP_FINE if ev.shift else KEY_STEP
            deg = step if key == "Right" else -step
            pivot = self.pivot()
            self.ctx.push(lambda: C.RotatePieces(self.doc, ids, deg, pivot))
            self.ctx.refresh()
            return True
        return super().key(key, ev)

    def overlay(self) -> Overlay:
        out = Overlay()
        pivot = self._pivot or self.pivot()
        if pivot is None:
            return out
        out.handles.append((pivot, "pivot"))
        other = self.pivot("right" if self.corner == "left" else "left")
        if self._pivot is None and other is not None:
            out.handles.append((other, "edge"))
        if self._pivot is not None and self._now is not None:
            out.lines.append(([pivot, self._now], "guide"))
            out.label = (self._now, f"{self._deg:+.0f}°")
        return out

