"""A unit's starting state: how it begins a second day's battle, per ruleset.

The fields come from each ruleset's `start_fields` through the registry (a
check box for a flag such as Shaken, a spin box from 0 to what the unit can
take for a count such as hits), so nothing here knows a ruleset.  A scenario
that names its ruleset shows that ruleset alone; one that does not shows a
page per ruleset, since it may be played under any.  OK pushes one
`SetUnitStart` command per ruleset whose values changed (undo works).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.rules.checks import start_rulesets, start_words
from desktop.rules.start import StartField, StartValue
from desktop.scenario.model import Scenario, Unit
from desktop.ui import commands as C
from desktop.ui.plaintext import literal, no_mnemonic


def start_text(scenario: Scenario, unit: Unit) -> str:
    """The roster's "Starts" cell: "Fresh", or "4 hits marked"."""
    return start_words(scenario, unit) or "Fresh"


class StartStateDialog(QDialog):
    """Edit one unit's `start`; OK pushes the changes as commands."""

    def __init__(self, doc: Any, uid: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.uid = uid
        unit = doc.scenario.unit(uid)
        self.setWindowTitle(f"How {literal(unit.name)} starts")
        layout = QVBoxLayout(self)
        note = QLabel("For a battle's second day: what this unit has already suffered "
                      "when the game starts. Each ruleset counts damage its own way.")
        note.setWordWrap(True)
        layout.addWidget(note)
        #: (ruleset id, field name) -> its widget
        self.widgets: dict[tuple[str, str], QCheckBox | QSpinBox] = {}
        self.rulesets = start_rulesets(doc.scenario)
        self.tabs = QTabWidget()
        for r in self.rulesets:
            page = QWidget()
            form = QFormLayout(page)
            for f in r.start_fields:
                w = self._widget(unit, r.id, f)
                self.widgets[(r.id, f.name)] = w
                form.addRow(f"{f.label}:" if not f.flag else "", w)
            if len(self.rulesets) == 1:
                title = QLabel(f"<b>{html.escape(r.name)}</b>")
                layout.addWidget(title)
                layout.addWidget(page)
            else:
                self.tabs.addTab(page, no_mnemonic(r.name))
        if not self.rulesets:
            layout.addWidget(QLabel("The scenario's ruleset has no starting state to set."))
        elif len(self.rulesets) > 1:
            layout.addWidget(self.tabs)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _widget(self, unit: Unit, rid: str, f: StartField) -> QCheckBox | QSpinBox:
        value = unit.start.get(rid, {}).get(f.name, f.default())
        if f.flag:
            box = QCheckBox(f.label)
            box.setChecked(bool(value))
            box.setToolTip(f.help)
            return box
        assert f.most is not None
        spin = QSpinBox()
        most = max(0, f.most(unit))
        spin.setRange(0, most)
        spin.setValue(min(int(value), most))
        spin.setToolTip(f"{f.help} At most {most} for this unit.")
        return spin

    def values(self, rid: str) -> dict[str, StartValue]:
        out: dict[str, StartValue] = {}
        for (r, name), w in self.widgets.items():
            if r == rid:
                out[name] = w.isChecked() if isinstance(w, QCheckBox) else w.value()
        return out

    def accept(self) -> None:
        unit = self.doc.scenario.unit(self.uid)
        for r in self.rulesets:
            want = {k: v for k, v in self.values(r.id).items() if v}
            if want != unit.start.get(r.id, {}):
                self.doc.push(C.SetUnitStart(self.doc, self.uid, r.id, want))
        super().accept()
