"""The editor's two tool bars: the tool palette (left) and the tool options (top).

The options bar says what a new piece or feature will be: the side new units
and officers belong to (and whose zone the zone tool edits), the area and line
types, a line's width and smoothness, and the snap and arrange actions.  Both
bars work on the tool manager's context; the window refills the side list when
the sides change.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QLabel, QToolBar, QWidget

from desktop.scenario.model import Side
from desktop.scenario.vocabulary import (
    DEFAULT_LINE_WIDTH,
    LINEAR_TERRAIN,
    TERRAIN_LABELS,
    TerrainType,
)
from desktop.ui.tools import ToolManager


class ToolPalette(QToolBar):
    """One button a tool, short labels, grouped by separators."""

    def __init__(self, tools: ToolManager, parent: QWidget) -> None:
        super().__init__("Tools", parent)
        self.setObjectName("editor_tools")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setIconSize(QSize(24, 16))
        from desktop.ui import icons

        for name, a in tools.actions.items():
            a.setIconText(_short(name, a.text()))
            icon = tools.tools[name].icon
            if icon and icons.has_icon(icon):
                a.setIcon(icons.qicon(icon))
            self.addAction(a)
            if name in ("wheel", "ford", "place_horse_artillery", "place_adc"):
                self.addSeparator()


class ToolOptions(QToolBar):
    """Side, area type, line type, width and smoothness for the tools to use."""

    def __init__(self, tools: ToolManager, parent: QWidget) -> None:
        super().__init__("Tool options", parent)
        self.tools = tools
        self.setObjectName("editor_options")
        self.addWidget(QLabel(" Side "))
        self.side_combo = QComboBox()
        self.side_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.side_combo.setToolTip("The side new units and officers belong to "
                                   "(and whose zone the zone tool edits)")
        self.side_combo.activated.connect(
            lambda _i: setattr(self.tools.ctx, "side_id", self.side_combo.currentData()))
        self.side_combo.activated.connect(lambda _i: self.tools.overlayChanged.emit())
        self.addWidget(self.side_combo)
        self.addSeparator()
        self.addWidget(QLabel(" Area "))
        self.area_combo = QComboBox()
        for t in TerrainType:
            if t not in LINEAR_TERRAIN and t not in (TerrainType.BRIDGE, TerrainType.FORD):
                self.area_combo.addItem(TERRAIN_LABELS[t], t)
        self.area_combo.setCurrentIndex(self.area_combo.findData(self.tools.ctx.area_type))
        self.area_combo.activated.connect(
            lambda _i: self.tools.ctx.set_area_type(self.area_combo.currentData()))
        self.addWidget(self.area_combo)
        self.addWidget(QLabel(" Line "))
        self.line_combo = QComboBox()
        for t in TerrainType:
            if t in LINEAR_TERRAIN:
                self.line_combo.addItem(TERRAIN_LABELS[t], t)
        self.line_combo.setCurrentIndex(self.line_combo.findData(self.tools.ctx.line_type))
        self.line_combo.activated.connect(self._line_type_chosen)
        self.addWidget(self.line_combo)
        # The lists drop below their boxes, whole (issue 34: in a maximised window
        # the style's popup over the box put the first line types above the screen).
        for combo in (self.side_combo, self.area_combo, self.line_combo):
            combo.setStyleSheet("QComboBox { combobox-popup: 0; }")
            combo.setMaxVisibleItems(max(combo.count(), 10))
        self.width_spin = QDoubleSpinBox()
        self.width_spin.setRange(0.1, 24)
        self.width_spin.setSingleStep(0.25)
        self.width_spin.setSuffix(" in wide")
        self.width_spin.setValue(DEFAULT_LINE_WIDTH[self.tools.ctx.line_type])
        self.width_spin.valueChanged.connect(
            lambda v: setattr(self.tools.ctx, "line_width", v))
        self.addWidget(self.width_spin)
        self.smooth_check = QCheckBox("Smooth")
        self.smooth_check.setChecked(self.tools.ctx.line_smooth)
        self.smooth_check.toggled.connect(lambda on: setattr(self.tools.ctx, "line_smooth", on))
        self.addWidget(self.smooth_check)
        self.addSeparator()
        self.addAction(self.tools.snap_grid)
        self.addAction(self.tools.snap_bases)
        self.addAction(self.tools.arrange_line)
        self.addAction(self.tools.arrange_column)

    def _line_type_chosen(self, _i: int) -> None:
        t = TerrainType(self.line_combo.currentData())
        self.tools.ctx.set_line_type(t)
        self.width_spin.setValue(DEFAULT_LINE_WIDTH[t])

    def fill_sides(self, sides: Sequence[Side]) -> None:
        """List the scenario's sides, keeping the chosen one if it is still there."""
        self.side_combo.clear()
        for side in sides:
            self.side_combo.addItem(side.name, side.id)
        i = self.side_combo.findData(self.tools.ctx.side_id)
        self.side_combo.setCurrentIndex(max(i, 0))
        if self.side_combo.currentData() is not None:
            self.tools.ctx.side_id = self.side_combo.currentData()

    def choose_side(self, side_id: str) -> None:
        self.side_combo.setCurrentIndex(self.side_combo.findData(side_id))
        self.tools.ctx.side_id = side_id
        self.tools.overlayChanged.emit()


_SHORT = {
    "select": "Select", "vertex": "Points", "wheel": "Wheel", "polygon": "Area",
    "rectangle": "Rect", "ellipse": "Ellipse", "polyline": "Line", "bridge": "Bridge",
    "ford": "Ford", "place_line_infantry": "Line inf", "place_light_infantry": "Light inf",
    "place_cavalry": "Cavalry", "place_foot_artillery": "Foot art",
    "place_horse_artillery": "Horse art", "place_commander": "C-in-C",
    "place_general": "General", "place_adc": "ADC", "objective": "Objective",
    "zone": "Zone",
}


def _short(name: str, text: str) -> str:
    return _SHORT.get(name, text)
