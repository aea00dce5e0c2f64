"""The start dialog's "Who plays" box: per side a person or the computer at a
level, its style, and how long a Veteran thinks.

Each choice carries its one-line description as a tooltip and beneath the
row.  The last choices are remembered (by side order: first side, second
side) in the application's settings.  Default: a person plays the first
side, the computer at Steady, balanced, the second.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QWidget,
)

from desktop.play.levels import LEVELS, MAX_SECONDS, TEMPERS, Computer, Level, Temper
from desktop.scenario.model import Scenario
from desktop.ui.plaintext import plain_label

PERSON = "person"
KEY = "play/seats"
_TOOLTIP = Qt.ItemDataRole.ToolTipRole


class SeatPicker(QGroupBox):
    def __init__(self, scenario: Scenario, settings: QSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("Who plays", parent)
        self.settings = settings or QSettings("Volley", "Volley")
        grid = QGridLayout(self)
        self.who: dict[str, QComboBox] = {}
        self.styles: dict[str, QComboBox] = {}
        self.seconds: dict[str, QDoubleSpinBox] = {}
        self.about: dict[str, QLabel] = {}
        remembered = self._remembered()
        for i, side in enumerate(scenario.sides):
            who = QComboBox()
            who.addItem("A person", PERSON)
            who.setItemData(0, "You play this side.", _TOOLTIP)
            for level in Level:
                d = LEVELS[level]
                who.addItem(f"Computer: {d.name}", level.value)
                who.setItemData(who.count() - 1, d.description, _TOOLTIP)
            style = QComboBox()
            for temper in Temper:
                t = TEMPERS[temper]
                style.addItem(t.name, temper.value)
                style.setItemData(style.count() - 1, t.description, _TOOLTIP)
            secs = QDoubleSpinBox()
            secs.setRange(0.25, MAX_SECONDS)
            secs.setSingleStep(0.25)
            secs.setDecimals(2)
            secs.setSuffix(" s")
            secs.setToolTip("How long the Veteran thinks before each action (CPU seconds).")
            about = QLabel()
            about.setWordWrap(True)
            about.setStyleSheet("color: #555;")
            seat = remembered[i] if i < len(remembered) else (
                None if i == 0 else Computer(Level.STEADY, Temper.BALANCED))
            who.setCurrentIndex(who.findData(PERSON if seat is None else seat.level.value))
            seat = seat or Computer()
            style.setCurrentIndex(style.findData(seat.temper.value))
            secs.setValue(seat.seconds)
            row = 2 * i
            grid.addWidget(plain_label(side.name), row, 0)  # a bare string would be markup
            grid.addWidget(who, row, 1)
            grid.addWidget(QLabel("Style"), row, 2)
            grid.addWidget(style, row, 3)
            grid.addWidget(QLabel("Thinks"), row, 4)
            grid.addWidget(secs, row, 5)
            grid.addWidget(about, row + 1, 1, 1, 5)
            self.who[side.id], self.styles[side.id] = who, style
            self.seconds[side.id], self.about[side.id] = secs, about
            who.currentIndexChanged.connect(lambda _=0, s=side.id: self._update(s))
            style.currentIndexChanged.connect(lambda _=0, s=side.id: self._update(s))
            self._update(side.id)

    def _update(self, side: str) -> None:
        """Style only for a computer, thinking time only for a Veteran; the line
        beneath says what the choice does."""
        seat = self.seat(side)
        self.styles[side].setEnabled(seat is not None)
        self.seconds[side].setEnabled(seat is not None and seat.level is Level.VETERAN)
        self.who[side].setToolTip(str(self.who[side].currentData(_TOOLTIP) or ""))
        self.styles[side].setToolTip(str(self.styles[side].currentData(_TOOLTIP) or ""))
        if seat is None:
            self.about[side].setText("You play this side.")
        else:
            self.about[side].setText(f"{LEVELS[seat.level].description} "
                                     f"{TEMPERS[seat.temper].description}")

    def seat(self, side: str) -> Computer | None:
        """The seat chosen for `side` (None: a person)."""
        level = self.who[side].currentData()
        if level == PERSON:
            return None
        return Computer(Level(level), Temper(self.styles[side].currentData()),
                        float(self.seconds[side].value()))

    def seats(self) -> dict[str, Computer]:
        """The computer's seats (a side not in it is a person's)."""
        out = {side: self.seat(side) for side in self.who}
        return {side: seat for side, seat in out.items() if seat is not None}

    def remember(self) -> None:
        """Keep the choices, by side order, for the next game."""
        order = [self.seat(side) for side in self.who]
        self.settings.setValue(KEY, json.dumps([None if s is None else s.to_json()
                                                for s in order]))

    def _remembered(self) -> list[Computer | None]:
        raw = self.settings.value(KEY, "")
        try:
            data = json.loads(str(raw)) if raw else []
            return [None if d is None else Computer.from_json(d) for d in data]
        except (ValueError, TypeError, AttributeError):
            return []  # a damaged setting: the defaults

