"""Placing forces and objectives: click to place, or press and drag to set the facing."""

from __future__ import annotations

import math
from typing import Any

from desktop.scenario.edits.base import new_name
from desktop.scenario.edits.objectives import make_objective
from desktop.scenario.edits.pieces import make_officer, make_unit
from desktop.scenario.edits.placing import clamp_unit, snap_base_to_base
from desktop.scenario.geometry import rect_corners
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import DEFAULT_BASE, RANK_LABELS, UNIT_LABELS, Rank, UnitType
from desktop.ui import commands as C
from desktop.ui.tools.base import (
    FACING_FROM_BASELINE,
    Overlay,
    Tool,
    ToolEvent,
    bearing,
    snap_angle,
)

#: A press dragged further than this (inches) sets the new piece's facing.
FACING_DRAG = 0.5

UNIT_SHORTCUTS = {
    UnitType.LINE_INFANTRY: "1",
    UnitType.LIGHT_INFANTRY: "2",
    UnitType.CAVALRY: "3",
    UnitType.FOOT_ARTILLERY: "4",
    UnitType.HORSE_ARTILLERY: "5",
    Rank.COMMANDER: "6",
    Rank.GENERAL: "7",
    Rank.ADC: "8",
}


class PlaceTool(Tool):
    """Place a unit of one type, or an officer of one rank, for the chosen side."""

    def __init__(self, ctx: Any, kind: UnitType | Rank) -> None:
        super().__init__(ctx)
        self.kind = kind
        self.name = f"place_{kind.value}"
        label = UNIT_LABELS[kind] if isinstance(kind, UnitType) else RANK_LABELS[kind]
        self.label = f"Place {label.lower()}"
        self.shortcut = UNIT_SHORTCUTS[kind]
        self.icon = kind.value if isinstance(kind, UnitType) else f"officer_{kind.value}"
        self.tip = (f"Click to place a {label.lower()} for the chosen side facing the enemy; "
                    "press and drag to choose its facing (Shift: 15° steps)")
        self._start: Point | None = None
        self._hover: Point | None = None
        self._facing: float | None = None

    @property
    def busy(self) -> bool:
        return self._start is not None

    def cancel(self) -> None:
        self._start = None
        self._facing = None

    def default_facing(self) -> float:
        return FACING_FROM_BASELINE[self.ctx.side().baseline]

    def _placement(self, p: Point, facing: float, ev: ToolEvent | None) -> tuple[Point, float]:
        p = self.ctx.snap(p, ev)
        if isinstance(self.kind, UnitType) and self.ctx.snap_bases and not (ev and ev.alt):
            ghost = make_unit(self.doc.scenario, self.kind, p, facing, uid="ghost")
            hit = snap_base_to_base(self.doc.scenario, ghost, p,
                                          self.ctx.base_snap_distance)
            if hit is not None:
                return hit
        return p, facing

    def press(self, ev: ToolEvent) -> None:
        if ev.button == "left":
            self._start = ev.pos
            self._facing = None

    def move(self, ev: ToolEvent) -> None:
        self._hover = ev.pos
        if self._start is not None and math.dist(self._start, ev.pos) > FACING_DRAG:
            f = bearing(self._start, ev.pos)
            self._facing = snap_angle(f, 15.0) if ev.shift else round(f)
        self.ctx.refresh()

    def release(self, ev: ToolEvent) -> None:
        if self._start is None:
            return
        start, facing = self._start, self._facing
        self.cancel()
        self.place(start, facing, ev)
        self.ctx.refresh()

    def place(self, p: Point, facing: float | None, ev: ToolEvent | None = None) -> bool:
        s = self.doc.scenario
        side = self.ctx.side()
        pos, f = self._placement(p, self.default_facing() if facing is None else facing, ev)
        if isinstance(self.kind, UnitType):
            name = new_name(s, UNIT_LABELS[self.kind])
            # a click near an edge keeps the whole base on the table
            unit = clamp_unit(s, make_unit(s, self.kind, pos, f, name=name))
            return self.ctx.push(lambda: C.AddUnit(self.doc, side.id, unit))
        officer = make_officer(s, self.kind, pos, f,
                                     name=new_name(s, RANK_LABELS[self.kind]))
        return self.ctx.push(lambda: C.AddOfficer(self.doc, side.id, officer))

    def overlay(self) -> Overlay:
        out = Overlay()
        at = self._start or self._hover
        if at is None:
            return out
        facing = self._facing if self._facing is not None else self.default_facing()
        pos, f = self._placement(at, facing, None)
        if isinstance(self.kind, UnitType):
            fr, dp = DEFAULT_BASE[self.kind]
            out.polygons.append((rect_corners(pos, fr, dp, f), "draft"))
        else:
            out.handles.append((pos, "pivot"))
        if self._start is not None and self._facing is not None:
            out.label = (self._hover or at, f"{f:.0f}°")
        return out


class ObjectiveTool(Tool):
    name = "objective"
    label = "Place objective"
    shortcut = "O"
    icon = "tool_objective"
    tip = "Click to place an objective marker; name it in the properties panel"

    def press(self, ev: ToolEvent) -> None:
        if ev.button != "left":
            return
        s = self.doc.scenario
        p = self.ctx.snap(ev.pos, ev)
        self.ctx.push(lambda: C.AddObjective(self.doc, make_objective(s, p)))
