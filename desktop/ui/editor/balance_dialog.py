"""Game > Test balance…: how many games, which computer players, which seed.

A small form; it plays nothing itself.  `request()` gives what the batch
needs (desktop.ui.editor.balance_job runs it).  The last choices are
remembered in the editor's settings.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.play.balance.batch import current_turn_limit
from desktop.play.balance.runner import sweep_limits
from desktop.play.levels import LEVELS, Level
from desktop.rules import registry
from desktop.rules.engine import RulesError
from desktop.scenario.model import Scenario
from desktop.ui.plaintext import literal

MAX_GAMES = 10_000
#: The most games a batch plays unless settled sooner (an even scenario settles
#: at 10 points in about 110 to 250).
DEFAULT_GAMES = 400
DEFAULT_PRECISION = 10


@dataclass(frozen=True)
class BalanceRequest:
    """What to play: the arguments of desktop.play.balance.runner.run_balance."""

    ruleset: str
    games: int
    #: One level (it plays both sides) or two (a match, swapping sides every game).
    levels: tuple[Level, ...]
    seed: int
    vary_turn_limit: bool = False
    #: Play exactly `games`; otherwise `games` is the most, and the batch stops
    #: once the verdict is settled.
    fixed: bool = False
    #: The interval half-width wanted for a near-even scenario, as a share (0.10).
    precision: float = DEFAULT_PRECISION / 100


class BalanceDialog(QDialog):
    def __init__(self, scenario: Scenario, parent: QWidget | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Test balance")
        self.scenario = scenario
        self._settings = settings
        lay = QVBoxLayout(self)
        intro = QLabel("The computer plays the scenario against itself many times, swapping "
                       "sides every game, and reports who wins, how and where.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        lay.addLayout(form)
        self.ruleset = QComboBox()
        for rs in registry.all_rulesets():
            self.ruleset.addItem(rs.name, rs.id)
        i = self.ruleset.findData(scenario.ruleset)
        self.ruleset.setCurrentIndex(max(i, 0))
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        form.addRow("Ruleset", self.ruleset)
        self.games = QSpinBox()
        self.games.setRange(1, MAX_GAMES)
        self.games.setValue(DEFAULT_GAMES)
        self.games.setToolTip("The most games to play: the batch stops sooner once the "
                              "verdict is settled (unless told to play them all)")
        form.addRow("At most, games", self.games)
        self.settle = QCheckBox("Stop when the verdict is settled")
        self.settle.setChecked(True)
        self.settle.setToolTip("Stop as soon as one side's 95% interval is clear of the fair "
                               "band (40 to 60%), or the interval is as narrow as the precision "
                               "below; the interval stays honest however often it is looked "
                               "at. Unticked: play every game.")
        form.addRow("", self.settle)
        self.precision = QSpinBox()
        self.precision.setRange(2, 25)
        self.precision.setValue(DEFAULT_PRECISION)
        self.precision.setSuffix(" points")
        self.precision.setToolTip("How narrow the interval must be to call a near-even "
                                  "scenario: 10 points either way takes about 110 to 250 games, "
                                  "5 points four times as many")
        self.settle.toggled.connect(self.precision.setEnabled)
        form.addRow("Precision", self.precision)
        self.level = QComboBox()
        self.against = QComboBox()
        self.against.addItem("the same level (it plays both sides)", None)
        for level, d in LEVELS.items():
            self.level.addItem(d.name, level)
            self.against.addItem(d.name, level)
            self.level.setItemData(self.level.count() - 1, d.description, 3)  # tooltip role
        self.level.setCurrentIndex(self.level.findData(Level.STEADY))
        form.addRow("Computer player", self.level)
        form.addRow("Against", self.against)
        self.against.setToolTip("Two levels play a match: they swap sides every game, and the "
                                "report says how often each level won")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.seed.setToolTip("The same seed plays the same games again")
        form.addRow("Seed", self.seed)
        self.vary = QCheckBox()
        form.addRow("", self.vary)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.run_button.setText("Play the games")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._restore()
        self._ruleset_changed()

    def _ruleset_changed(self, *_: object) -> None:
        rid = self.ruleset.currentData()
        try:
            limit = current_turn_limit(self.scenario, rid) if rid else None
        except (RulesError, ValueError):  # a ruleset that cannot read this scenario's options
            limit = None
        if limit is None:
            self.vary.setText("Also try other turn limits")
            self.vary.setChecked(False)
            self.vary.setEnabled(False)
            self.vary.setToolTip(literal("This scenario has no turn limit to vary."))
        else:
            others = ", ".join(str(t) for t in sweep_limits(limit) if t != limit)
            self.vary.setText(f"Also try other turn limits ({others})")
            self.vary.setEnabled(True)
            self.vary.setToolTip(literal(
                f"Plays the same games again at each of these limits (the scenario's is "
                f"{limit}), so you can see how the balance moves. Takes that many times "
                "longer."))

    def request(self) -> BalanceRequest:
        level = self.level.currentData()
        other = self.against.currentData()
        levels = (level,) if other is None else (level, other)
        return BalanceRequest(self.ruleset.currentData(), self.games.value(), levels,
                              self.seed.value(), self.vary.isEnabled() and self.vary.isChecked(),
                              not self.settle.isChecked(), self.precision.value() / 100)

    # --- remembered choices -------------------------------------------------------------

    def _restore(self) -> None:
        s = self._settings
        if s is None:
            return
        with contextlib.suppress(ValueError):  # a hand-edited settings file
            self.games.setValue(int(str(s.value("balance/games", DEFAULT_GAMES))))
        with contextlib.suppress(ValueError):
            self.precision.setValue(int(str(s.value("balance/precision", DEFAULT_PRECISION))))
        self.settle.setChecked(str(s.value("balance/settle", "true")).lower() != "false")
        i = self.level.findData(_level(s.value("balance/level")))
        if i >= 0:
            self.level.setCurrentIndex(i)
        i = self.against.findData(_level(s.value("balance/against")))
        if i >= 0:
            self.against.setCurrentIndex(i)

    def accept(self) -> None:
        s = self._settings
        if s is not None:
            r = self.request()
            s.setValue("balance/games", r.games)
            s.setValue("balance/precision", self.precision.value())
            s.setValue("balance/settle", "false" if r.fixed else "true")
            s.setValue("balance/level", r.levels[0].value)
            s.setValue("balance/against", r.levels[1].value if len(r.levels) > 1 else "")
        super().accept()


def _level(word: object) -> Level | None:
    try:
        return Level(str(word))
    except ValueError:
        return None
