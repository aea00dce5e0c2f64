"""Scenario settings: title and briefing, the table, the sides, the game, the ruleset.

The dialog builds the new scenario with the core's edit functions when OK is
pressed; a refused value (a table too small for what stands on it) is shown
and the dialog stays open.  Accepting pushes one undo step.
"""

from __future__ import annotations

import functools
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import registry
from desktop.scenario import ScenarioError
from desktop.scenario import limits as L
from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.settings import set_ruleset, set_text
from desktop.scenario.edits.sides import rename_side, set_side_baseline, update_side
from desktop.scenario.edits.table import set_deployment_depth, set_game_type, set_table
from desktop.scenario.io import checked_dumps
from desktop.scenario.model import Grid, Scenario
from desktop.scenario.vocabulary import Edge, GameType, LengthUnit
from desktop.ui import commands as C
from desktop.ui.editor.sides import NUMBERS, number_choice
from desktop.ui.plaintext import plain_label
from desktop.ui.refusal import refusal_text


def _spin(value: float, lo: float, hi: float, step: float = 1.0, decimals: int = 1,
          suffix: str = "") -> QDoubleSpinBox:
    w = QDoubleSpinBox()
    w.setRange(lo, hi)
    w.setDecimals(decimals)
    w.setSingleStep(step)
    w.setValue(value)
    if suffix:
        w.setSuffix(suffix)
    return w


class SideBox(QGroupBox):
    def __init__(self, side: Any, parent: QWidget | None = None) -> None:
        super().__init__(f"{side.baseline.value.capitalize()} side", parent)
        self.side_id = side.id
        form = QFormLayout(self)
        self.name = QLineEdit(side.name)
        self.name.setMaxLength(L.MAX_NAME)
        form.addRow("Name", self.name)
        self.ident = QLineEdit(side.id)
        self.ident.setMaxLength(L.MAX_NAME)
        self.ident.setToolTip("A short name the file uses for this side (letters, digits, _ . -)")
        form.addRow("Id in the file", self.ident)
        self.colour = side.colour
        self.colour_button = QPushButton(side.colour)
        self.colour_button.clicked.connect(self._pick_colour)
        self._paint()
        form.addRow("Colour", self.colour_button)
        self.baseline = QComboBox()
        for e in Edge:
            self.baseline.addItem(f"{e.value.capitalize()} edge", e)
        self.baseline.setCurrentIndex(list(Edge).index(side.baseline))
        form.addRow("Baseline", self.baseline)
        self.baseline.setToolTip("The edge this side deploys from; a zone drawn by hand "
                                 "moves with it")
        # the verb after the name, in the log, the victory panel and the printouts
        self.number = QComboBox()
        for plural in NUMBERS:
            self.number.addItem(number_choice(side.name, plural), plural)
        self.number.setCurrentIndex(NUMBERS.index(side.plural))
        self.number.setToolTip("Whether sentences treat the name as one body (“Royal Army "
                               "wins”) or as many (“Anglo-Allied win”). Left to the guess, "
                               "Volley goes by the name's main word.")
        form.addRow("Verb after the name", self.number)
        self.name.textChanged.connect(self._name_changed)
        self.baseline.currentIndexChanged.connect(
            lambda _i: self.setTitle(f"{Edge(self.baseline.currentData()).value.capitalize()}"
                                     " side"))

    def _name_changed(self, name: str) -> None:
        for k, plural in enumerate(NUMBERS):
            self.number.setItemText(k, number_choice(name, plural))

    def _paint(self) -> None:
        c = QColor(self.colour)
        ink = "#000" if c.lightness() > 140 else "#fff"
        self.colour_button.setText(self.colour)
        self.colour_button.setStyleSheet(f"background:{self.colour}; color:{ink};")

    def _pick_colour(self) -> None:
        c = QColorDialog.getColor(QColor(self.colour), self, "Side colour")
        if c.isValid():
            self.colour = c.name()
            self._paint()


class SettingsDialog(QDialog):
    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        s: Scenario = doc.scenario
        self.setWindowTitle("Scenario settings")
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs)

        # --- general
        general = QWidget()
        form = QFormLayout(general)
        self.title = QLineEdit(s.title)
        self.title.setMaxLength(L.MAX_TITLE)
        form.addRow("Title", self.title)
        self.author = QLineEdit(s.author)
        self.author.setMaxLength(L.MAX_TITLE)
        form.addRow("Author", self.author)
        self.ruleset = QComboBox()
        self.ruleset.addItem("(none: choose when playing)", None)
        for rs in registry.all_rulesets():
            self.ruleset.addItem(rs.listed_as(), rs.id)
        self.ruleset.setCurrentIndex(self.ruleset.findData(s.ruleset))
        form.addRow("Default ruleset", self.ruleset)
        self.briefing = QPlainTextEdit(s.briefing)
        self.briefing.setPlaceholderText("What each side knows and must do…")
        form.addRow("Briefing", self.briefing)
        self.tabs.addTab(general, "General")

        # --- table (lengths in inches; the unit only changes how they are shown)
        table = QWidget()
        form = QFormLayout(table)
        t = s.table
        self.table_width = _spin(t.width, L.MIN_TABLE, L.MAX_TABLE, 6, 1, " in")
        self.table_depth = _spin(t.depth, L.MIN_TABLE, L.MAX_TABLE, 6, 1, " in")
        form.addRow("Width", self.table_width)
        form.addRow("Depth", self.table_depth)
        self.unit = QComboBox()
        self.unit.addItem("Inches", LengthUnit.INCH)
        self.unit.addItem("Centimetres", LengthUnit.CM)
        self.unit.setCurrentIndex(0 if t.unit is LengthUnit.INCH else 1)
        form.addRow("Show lengths in", self.unit)
        self.span = _spin(t.span, L.MIN_STEP, 24, 0.5, 2, " in")
        form.addRow("Span (Kiddies)", self.span)
        self.grid_on = QCheckBox("Square grid on the table")
        self.grid_on.setChecked(t.grid is not None)
        form.addRow("", self.grid_on)
        self.grid = _spin(t.grid.square if t.grid else 6.0, L.MIN_STEP, 48, 0.5, 2, " in")
        self.grid.setEnabled(t.grid is not None)
        self.grid_on.toggled.connect(self.grid.setEnabled)
        form.addRow("Grid square", self.grid)
        self.tabs.addTab(table, "Table")

        # --- sides
        sides = QWidget()
        sl = QVBoxLayout(sides)
        self.side_boxes = [SideBox(side) for side in s.sides]
        for b in self.side_boxes:
            sl.addWidget(b)
        sl.addStretch(1)
        self.tabs.addTab(sides, "Sides")

        # --- game
        game = QWidget()
        form = QFormLayout(game)
        self.game_type = QComboBox()
        self.game_type.addItem("Encounter (both sides deploy on their baselines)",
                               GameType.ENCOUNTER)
        self.game_type.addItem("Attack / defend", GameType.ATTACK_DEFEND)
        self.game_type.setCurrentIndex(list(GameType).index(s.game.type))
        form.addRow("Game type", self.game_type)
        self.defender = QComboBox()
        for side in s.sides:
            self.defender.addItem(side.name, side.id)
        if s.game.defender:
            self.defender.setCurrentIndex(self.defender.findData(s.game.defender))
        form.addRow("Defender", self.defender)
        for k, b in enumerate(self.side_boxes):
            # the list offers the names as typed on the Sides tab, not the old ones
            b.name.textChanged.connect(functools.partial(self._side_renamed, k))
        self.depth_zone = _spin(s.game.deployment_depth, 1, 120, 1, 1, " in")
        form.addRow("Deployment strip", self.depth_zone)
        self.reset_zones = QCheckBox("Reset hand-drawn zones to the defaults")
        self.reset_zones.setToolTip("Changing the game type or the defender always does")
        self.reset_zones.setChecked(False)
        form.addRow("", self.reset_zones)
        note = QLabel("Encounter: each side deploys in a strip this deep from its baseline. "
                      "Attack/defend: the defender may use up to half the table, the attacker "
                      "the strip. Edit the zones as polygons with the zone tool (Z).")
        note.setWordWrap(True)
        form.addRow(note)
        self.game_type.currentIndexChanged.connect(self._game_type_changed)
        self._game_type_changed()
        self.tabs.addTab(game, "Game")

        self.error = plain_label()
        self.error.setStyleSheet("color:#b00020")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _side_renamed(self, k: int, name: str) -> None:
        old = self.doc.scenario.sides[k].name
        for combo in self.side_combos():
            combo.setItemText(k, name.strip() or old)

    def side_combos(self) -> list[QComboBox]:
        """Every list in the dialog that offers the sides by name, in the sides' order."""
        return [self.defender]

    def _game_type_changed(self, *_: object) -> None:
        self.defender.setEnabled(
            GameType(self.game_type.currentData()) is GameType.ATTACK_DEFEND)

    def result_scenario(self) -> Scenario:
        """The scenario these settings describe (raises EditError if refused)."""
        s: Scenario = self.doc.scenario
        s = set_text(s, title=self.title.text(), author=self.author.text(),
                           briefing=self.briefing.toPlainText())
        s = set_ruleset(s, self.ruleset.currentData())
        s = set_table(
            s, width=self.table_width.value(), depth=self.table_depth.value(),
            unit=LengthUnit(self.unit.currentData()),
            span=self.span.value(),
            grid=Grid(self.grid.value()) if self.grid_on.isChecked() else None,
        )
        renamed: dict[str, str] = {}
        for b in self.side_boxes:
            s = update_side(s, b.side_id, name=b.name.text(), colour=b.colour,
                            plural=b.number.currentData())
            # a hand-drawn zone moves with its side to the new edge
            s = set_side_baseline(s, b.side_id, Edge(b.baseline.currentData()))
            new_id = b.ident.text().strip()
            if new_id and new_id != b.side_id:
                s = rename_side(s, b.side_id, new_id)
                renamed[b.side_id] = new_id
        gt = GameType(self.game_type.currentData())
        defender = self.defender.currentData() if gt is GameType.ATTACK_DEFEND else None
        defender = renamed.get(defender, defender) if defender else defender
        retyped = gt is not s.game.type or defender != s.game.defender
        if retyped or self.reset_zones.isChecked():
            # a new game type brings its own default zones
            s = set_game_type(s, gt, defender, keep_zones=False)
        if self.depth_zone.value() != s.game.deployment_depth:
            s = set_deployment_depth(s, self.depth_zone.value())
        return s

    def accept(self) -> None:
        try:
            new = self.result_scenario()
        except EditError as e:
            msg = str(e)
            self.error.setText(msg[:1].upper() + msg[1:])
            return
        if new != self.doc.scenario:
            try:  # what the reader would refuse is refused here, where it can be mended
                checked_dumps(new)
            except ScenarioError as e:
                self.error.setText(refusal_text(new, e))
                return
            self.doc.push(C.ReplaceScenario(self.doc, new, "Change scenario settings"))
        super().accept()
