"""The start dialog: ruleset, its options, seed, and who plays each side."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.play.session import Setup, default_ruleset
from desktop.rules import registry
from desktop.rules.checks import game_problem
from desktop.rules.engine import OptionValue, RulesError, Ruleset
from desktop.scenario.model import Scenario
from desktop.ui.option_widgets import OptionField, add_option_rows
from desktop.ui.play.seat_picker import SeatPicker


class StartDialog(QDialog):
    def __init__(self, scenario: Scenario, parent: QWidget | None = None,
                 ruleset: str | None = None, seed: int = 0) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Play — {scenario.title}")
        self.scenario = scenario
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.ruleset = QComboBox()
        for rs in registry.all_rulesets():
            self.ruleset.addItem(rs.name, rs.id)
        want = ruleset or default_ruleset(scenario)
        self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(want)))
        self.ruleset.currentIndexChanged.connect(self._fill_options)
        form.addRow("Ruleset", self.ruleset)
        self.about = QLabel()
        self.about.setWordWrap(True)
        form.addRow("", self.about)
        # Why the chosen ruleset refuses this scenario (too large), in plain text.
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal.setStyleSheet("color: #a00000;")
        self.refusal.hide()
        form.addRow("", self.refusal)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(seed)
        self.seed.setToolTip("The same seed and the same actions always give the same game.")
        form.addRow("Seed", self.seed)
        lay.addLayout(form)
        self.options_box = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_box)
        lay.addWidget(self.options_box)
        self.seats = SeatPicker(scenario)  # who plays: a person or the computer
        lay.addWidget(self.seats)
        self.deploy = QCheckBox("Adjust deployment inside the zones before turn 1")
        self.deploy.setChecked(True)
        lay.addWidget(self.deploy)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.play_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.play_button.setText("Play")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._editors: dict[str, OptionField] = {}
        self._fill_options()

    def _fill_options(self) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self._editors = {}
        rs = registry.get(self.ruleset.currentData())
        self.about.setText(f"<i>{rs.description}</i><br>"
                           f"Largest scenario: {rs.limits.describe()}.")
        problem = rs.size_problem(self.scenario)
        self.refusal.setText(problem or "")
        self.refusal.setVisible(problem is not None)
        self.play_button.setEnabled(problem is None)
        try:
            current = rs.resolve_options(self.scenario, None)
        except RulesError as e:  # the scenario's own options do not suit this ruleset
            current = rs.default_options()
            self.refusal.setText(f"{e}. Fix it in the editor (Scenario, Ruleset options).")
            self.refusal.show()
            self.play_button.setEnabled(False)
        else:
            self._refuse_unstartable(rs)
        self._editors = add_option_rows(self.options_form, rs.options, self.scenario, current)

    def _refuse_unstartable(self, rs: Ruleset) -> None:
        """Say why `rs` cannot start the game (the grid's room, an illegal position:
        what `volley validate` says), and offer no Play (issue 37)."""
        if self.refusal.isVisibleTo(self) or not self.play_button.isEnabled():
            return
        problem = game_problem(rs, self.scenario)
        if problem is not None:
            self.refusal.setText(problem.message)
            self.refusal.show()
            self.play_button.setEnabled(False)

    def setup(self, path: object = None) -> Setup:
        rs_id = str(self.ruleset.currentData())
        opts: dict[str, OptionValue] = {}
        for name, field in self._editors.items():
            if not field.settled:  # a value the scenario settles is the scenario's to give
                opts[name] = field.value()
        return Setup(self.scenario, rs_id, opts, self.seed.value(), seats=self.seats.seats())

    def accept(self) -> None:
        self.seats.remember()
        super().accept()
