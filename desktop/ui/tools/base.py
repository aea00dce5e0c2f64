"""What every editing tool shares: events in table inches, the context, the overlay.

Tools never see a Qt event or a widget.  A bridge (bridge.py) turns mouse and
key events on the table view into `ToolEvent`s in table inches and key names,
and draws each tool's `Overlay`; tests call the same methods with tuples.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from desktop.scenario.edits.base import CrossingError, EditError
from desktop.scenario.edits.placing import snap_to_grid
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import LINEAR_TERRAIN, Edge, TerrainType


@dataclass(frozen=True)
class ToolEvent:
    """A mouse event in table coordinates (inches, y down)."""

    pos: Point
    button: str = "left"  # "left", "right", "middle" or "" for a hover move
    shift: bool = False
    ctrl: bool = False
    alt: bool = False
    #: How near (inches) counts as "on" a handle or vertex: a few pixels at this zoom.
    tolerance: float = 0.3


@dataclass
class Overlay:
    """What a tool wants drawn over the table, in table inches (Qt-free)."""

    #: Open lines: (points, style); styles: "draft", "guide", "band".
    lines: list[tuple[list[Point], str]] = field(default_factory=list)
    #: Closed outlines: (points, style); styles: "draft", "zone", "selection", "band".
    polygons: list[tuple[list[Point], str]] = field(default_factory=list)
    #: Handles: (point, kind); kinds: "vertex", "active", "rotate", "scale", "pivot", "edge".
    handles: list[tuple[Point, str]] = field(default_factory=list)
    #: A caption near the cursor (an angle, a size).
    label: tuple[Point, str] | None = None

    def __bool__(self) -> bool:
        return bool(self.lines or self.polygons or self.handles or self.label)


#: Facing that looks across the table from each baseline.
FACING_FROM_BASELINE = {Edge.NORTH: 180.0, Edge.SOUTH: 0.0, Edge.WEST: 90.0, Edge.EAST: 270.0}


def bearing(a: Point, b: Point) -> float:
    """Compass bearing from a to b (0 = towards the top edge, clockwise)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360.0


def snap_angle(deg: float, step: float = 15.0) -> float:
    return (round(deg / step) * step) % 360.0


class ToolContext:
    """The document plus the settings tools share (snapping, side, terrain type)."""

    def __init__(self, doc: Any, notify: Callable[[str], None] | None = None) -> None:
        self.doc = doc
        self.snap_grid = False
        self.snap_bases = True
        #: Snap step (inches) when the table has no grid of its own.
        self.grid_step = 1.0
        #: Distance (inches) within which a base snaps to a neighbour's edge.
        self.base_snap_distance = 1.0
        self.side_id: str = doc.scenario.sides[0].id if doc.scenario.sides else ""
        self.area_type = TerrainType.WOOD
        self.line_type = TerrainType.ROAD
        self.line_width: float | None = None  # None: the type's default width
        self.line_smooth = True
        self._notify = notify
        self._listeners: list[Callable[[], None]] = []
        self.last_message = ""
        #: Where the last refused shape crossed itself (marked on the table until
        #: the next press, key or accepted change).
        self.crossings: tuple[Any, ...] = ()
        self.crossing_outline: tuple[Point, ...] = ()

    # --- messages and redraws -------------------------------------------------------

    def notify(self, message: str) -> None:
        """Tell the user why something was refused (status bar, never a crash)."""
        self.last_message = message
        if self._notify:
            self._notify(message)

    def clear_marks(self) -> None:
        if self.crossings:
            self.crossings = ()
            self.crossing_outline = ()
            self.refresh()

    def marks(self) -> Overlay:
        """The crossing marks as overlay: the refused outline and a ring at each crossing."""
        out = Overlay()
        if not self.crossings:
            return out
        out.polygons.append((list(self.crossing_outline), "refused"))
        out.handles += [(c.at, "crossing") for c in self.crossings]
        first = self.crossings[0]
        text = f"edge {first.first} crosses edge {first.second}"
        if len(self.crossings) > 1:
            text += f" (+{len(self.crossings) - 1} more)"
        out.label = (first.at, text)
        return out

    def on_overlay(self, fn: Callable[[], None]) -> None:
        self._listeners.append(fn)

    def refresh(self) -> None:
        for fn in self._listeners:
            fn()

    # --- commands -----------------------------------------------------------------------

    def push(self, make: Callable[[], Any]) -> bool:
        """Make a command and push it; a refused edit is reported, not raised."""
        try:
            cmd = make()
        except EditError as e:
            msg = str(e)
            if isinstance(e, CrossingError):
                self.crossings, self.crossing_outline = e.crossings, e.outline
                self.refresh()
            self.notify(msg[:1].upper() + msg[1:])
            return False
        self.clear_marks()
        self.doc.push(cmd)
        return True

    # --- snapping ---------------------------------------------------------------------------

    def snap(self, p: Point, ev: ToolEvent | None = None) -> Point:
        """Snap a point to the grid when grid snapping is on (Alt suspends it)."""
        if not self.snap_grid or (ev is not None and ev.alt):
            return p
        grid = self.doc.scenario.table.grid
        return snap_to_grid(p, grid, None if grid else self.grid_step)

    def side(self) -> Any:
        s = self.doc.scenario
        for side in s.sides:
            if side.id == self.side_id:
                return side
        return s.sides[0]

    def set_area_type(self, t: TerrainType | str) -> None:
        t = TerrainType(t)
        if t in LINEAR_TERRAIN:
            raise ValueError(f"{t.value} is drawn as a line")
        self.area_type = t

    def set_line_type(self, t: TerrainType | str) -> None:
        t = TerrainType(t)
        if t not in LINEAR_TERRAIN:
            raise ValueError(f"{t.value} is an area")
        self.line_type = t


class Tool:
    """Base class: a tool receives table-coordinate events and pushes commands."""

    name = "tool"
    label = "Tool"
    shortcut = ""
    icon = ""
    tip = ""

    def __init__(self, ctx: ToolContext) -> None:
        self.ctx = ctx

    @property
    def doc(self) -> Any:
        return self.ctx.doc

    def activate(self) -> None:
        """The tool was chosen."""

    def deactivate(self) -> None:
        """Another tool was chosen: drop anything half-done."""
        self.cancel()

    def cancel(self) -> None:
        """Escape: forget the gesture in progress."""

    def press(self, ev: ToolEvent) -> None:
        pass

    def move(self, ev: ToolEvent) -> None:
        """Mouse moved (ev.button is '' when no button is held: a hover)."""

    def release(self, ev: ToolEvent) -> None:
        pass

    def double_click(self, ev: ToolEvent) -> None:
        pass

    def key(self, key: str, ev: ToolEvent) -> bool:
        """A key by name ('Escape', 'Return', 'Delete', 'Left', ']', ...); True if used."""
        if key == "Escape":
            self.cancel()
            self.ctx.refresh()
            return True
        return False

    def overlay(self) -> Overlay:
        return Overlay()

    def hint(self) -> str:
        """One line for the status bar: what to do with this tool."""
        return self.tip

    @property
    def busy(self) -> bool:
        """Is a gesture or a drawing in progress?"""
        return False
