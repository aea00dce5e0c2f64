"""The tool manager: every tool as a checkable action in one exclusive group.

Tiled's ToolManager is the model.  The manager owns the tools and their
actions, forwards events to the current tool, and says when the overlay or
the hint needs redrawing.  Group commands that are not tools (arrange in
line or column) are plain actions here too.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from desktop.scenario.vocabulary import Rank, TerrainType, UnitType
from desktop.ui import commands as C
from desktop.ui.tools.base import Overlay, Tool, ToolContext, ToolEvent
from desktop.ui.tools.draw import CrossingTool, EllipseTool, PolygonTool, PolylineTool, RectTool
from desktop.ui.tools.place import ObjectiveTool, PlaceTool
from desktop.ui.tools.select import SelectTool, kinds
from desktop.ui.tools.vertex import VertexTool, ZoneTool
from desktop.ui.tools.wheel import WheelTool


def make_tools(ctx: ToolContext) -> list[Tool]:
    """Every tool, in palette order."""
    tools: list[Tool] = [
        SelectTool(ctx),
        VertexTool(ctx),
        WheelTool(ctx),
        PolygonTool(ctx),
        RectTool(ctx),
        EllipseTool(ctx),
        PolylineTool(ctx),
        CrossingTool(ctx, TerrainType.BRIDGE),
        CrossingTool(ctx, TerrainType.FORD),
    ]
    tools += [PlaceTool(ctx, t) for t in UnitType]
    tools += [PlaceTool(ctx, r) for r in Rank]
    tools += [ObjectiveTool(ctx), ZoneTool(ctx)]
    return tools


class ToolManager(QObject):
    """Owns the tools; one is current.  Emits when the current tool or its overlay changes."""

    toolChanged = Signal(str)
    overlayChanged = Signal()
    #: A message for the status bar (why an edit was refused, a hint).
    message = Signal(str)

    def __init__(self, doc: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.ctx = ToolContext(doc, notify=self.message.emit)
        self.ctx.on_overlay(self.overlayChanged.emit)
        self.tools: dict[str, Tool] = {t.name: t for t in make_tools(self.ctx)}
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        for t in self.tools.values():
            a = QAction(t.label, self)
            a.setCheckable(True)
            a.setData(t.name)
            if t.shortcut:
                a.setShortcut(QKeySequence(t.shortcut))
                a.setToolTip(f"{t.label} ({t.shortcut})")
            else:
                a.setToolTip(t.label)
            a.setStatusTip(t.tip)
            a.triggered.connect(lambda _checked=False, n=t.name: self.set_tool(n))
            self.group.addAction(a)
            self.actions[t.name] = a
        self.arrange_line = QAction("Arrange in line", self)
        self.arrange_line.setShortcut(QKeySequence("Ctrl+L"))
        self.arrange_line.triggered.connect(lambda: self.arrange("line"))
        self.arrange_column = QAction("Arrange in column", self)
        self.arrange_column.setShortcut(QKeySequence("Ctrl+K"))
        self.arrange_column.triggered.connect(lambda: self.arrange("column"))
        self.snap_grid = QAction("Snap to grid", self)
        self.snap_grid.setCheckable(True)
        self.snap_grid.setShortcut(QKeySequence("Ctrl+Shift+G"))
        self.snap_grid.toggled.connect(lambda on: setattr(self.ctx, "snap_grid", on))
        self.snap_bases = QAction("Snap bases together", self)
        self.snap_bases.setCheckable(True)
        self.snap_bases.setChecked(True)
        self.snap_bases.toggled.connect(lambda on: setattr(self.ctx, "snap_bases", on))
        self._current = "select"
        self.actions["select"].setChecked(True)
        doc.selectionChanged.connect(lambda _ids: self.overlayChanged.emit())
        doc.changed.connect(lambda _ch: self.overlayChanged.emit())

    # --- the current tool -------------------------------------------------------------------

    @property
    def current(self) -> Tool:
        return self.tools[self._current]

    @property
    def current_name(self) -> str:
        return self._current

    def set_tool(self, name: str) -> None:
        if name not in self.tools:
            raise KeyError(name)
        if name != self._current:
            self.ctx.clear_marks()
            self.current.deactivate()
            self._current = name
            self.current.activate()
            self.toolChanged.emit(name)
            self.overlayChanged.emit()
        self.actions[name].setChecked(True)
        self.message.emit(self.current.tip)

    def set_document(self, doc: Any) -> None:
        """Point every tool at another document (File > New / Open)."""
        self.current.cancel()
        self.doc = doc
        self.ctx.doc = doc
        if doc.scenario.sides and self.ctx.side_id not in {s.id for s in doc.scenario.sides}:
            self.ctx.side_id = doc.scenario.sides[0].id
        doc.selectionChanged.connect(lambda _ids: self.overlayChanged.emit())
        doc.changed.connect(lambda _ch: self.overlayChanged.emit())
        self.overlayChanged.emit()

    # --- events -------------------------------------------------------------------------------

    def press(self, ev: ToolEvent) -> None:
        self.ctx.clear_marks()
        self.current.press(ev)

    def move(self, ev: ToolEvent) -> None:
        self.current.move(ev)

    def release(self, ev: ToolEvent) -> None:
        self.current.release(ev)

    def double_click(self, ev: ToolEvent) -> None:
        self.current.double_click(ev)

    def key(self, key: str, ev: ToolEvent) -> bool:
        self.ctx.clear_marks()
        return self.current.key(key, ev)

    def overlay(self) -> Overlay:
        """The current tool's overlay, plus any crossing marks of a refused shape."""
        out = self.current.overlay()
        marks = self.ctx.marks()
        if marks:
            out.polygons += marks.polygons
            out.handles += marks.handles
            out.label = marks.label
        return out

    # --- group actions ---------------------------------------------------------------------------

    def arrange(self, how: str) -> bool:
        _, pieces, _ = kinds(self.doc.scenario, self.doc.selection)
        if not pieces:
            self.ctx.notify("Select the units to arrange first")
            return False
        return self.ctx.push(lambda: C.Arrange(self.doc, pieces, how))  # type: ignore[arg-type]
