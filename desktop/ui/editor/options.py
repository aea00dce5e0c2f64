"""Per-ruleset options: one page per ruleset, built from what each ruleset declares.

Nothing here knows a ruleset: the pages come from `Ruleset.options` (name,
default, help) through the registry.  A true/false default gets a check box,
a number a spin box, a text a list: the choices the help quotes ('retreat' or
'removed'), and for an option about a side, the sides by name.  Each change is
one `SetRulesetOption` command (undo works); a value equal to the ruleset's
default is removed from the file rather than written.
"""

from __future__ import annotations

import contextlib
import functools
import re
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import registry
from desktop.rules.engine import OptionSpec, Ruleset
from desktop.scenario import edits
from desktop.scenario import limits as L
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import KNOWN_RULESETS, PropertyValue
from desktop.ui import commands as C
from desktop.ui.plaintext import no_mnemonic, plain_label

#: A choice the help text quotes: 'retreat', 'coin'.
_QUOTED = re.compile(r"'([A-Za-z0-9_.\-]+)'")


def option_label(spec: OptionSpec) -> str:
    """'melee_loser' -> 'Melee loser'."""
    words = spec.name.replace("_", " ")
    return words[:1].upper() + words[1:]


def is_side_option(spec: OptionSpec) -> bool:
    return isinstance(spec.default, str) and "side" in spec.name.split("_")


def choices(spec: OptionSpec, s: Scenario) -> list[tuple[str, str]]:
    """(label, value) pairs a text option may take; empty when it is free text."""
    quoted = _QUOTED.findall(spec.help)
    out: list[tuple[str, str]] = []
    default = str(spec.default)
    if is_side_option(spec):
        if default not in quoted:
            out.append(("The ruleset's default" + (f" ({default})" if default else ""),
                        default))
        out += [(q.capitalize(), q) for q in quoted]
        out += [(side.name, side.id) for side in s.sides]
        return out
    if not quoted:
        return []
    if default not in quoted:
        out.append((default.capitalize() or "Default", default))
    return out + [(q.capitalize(), q) for q in quoted]


def rulesets() -> list[Ruleset]:
    """The rulesets a scenario may name, in the order the settings list them."""
    known = {r.id: r for r in registry.all_rulesets()}
    return [known[r] for r in KNOWN_RULESETS if r in known and known[r].options]


class RulesetOptionsDialog(QDialog):
    """Edit `ruleset_options`; every change is pushed at once (Close keeps them)."""

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Ruleset options")
        self.setMinimumWidth(780)
        layout = QVBoxLayout(self)
        note = QLabel("Options this scenario sets for each ruleset; anything left at the "
                      "ruleset's default is not written to the file.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs)
        #: (ruleset id, option name) -> its widget
        self.widgets: dict[tuple[str, str], QWidget] = {}
        self.specs: dict[tuple[str, str], OptionSpec] = {}
        self._building = False
        self._build()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        doc.changed.connect(self._doc_changed)

    # --- pages ------------------------------------------------------------------------

    def _build(self) -> None:
        self._building = True
        current = self.tabs.currentIndex()
        self.tabs.clear()
        self.widgets.clear()
        s: Scenario = self.doc.scenario
        for r in rulesets():
            page = QWidget()
            form = QFormLayout(page)
            for spec in r.options:
                w = self._widget(r.id, spec, s)
                w.setToolTip(spec.help)
                label = QLabel(option_label(spec))
                label.setToolTip(spec.help)
                form.addRow(label, w)
                if spec.help:
                    helptext = plain_label(spec.help[:1].upper() + spec.help[1:])
                    helptext.setWordWrap(True)
                    helptext.setStyleSheet("color:#555555; font-size:small;")
                    form.addRow("", helptext)
                self.widgets[(r.id, spec.name)] = w
                self.specs[(r.id, spec.name)] = spec
            title = r.name + (" (default)" if s.ruleset == r.id else "")
            self.tabs.addTab(page, no_mnemonic(title))
        if current >= 0:
            self.tabs.setCurrentIndex(current)
        elif s.ruleset:
            ids = [r.id for r in rulesets()]
            if s.ruleset in ids:
                self.tabs.setCurrentIndex(ids.index(s.ruleset))
        self._building = False

    def _widget(self, rid: str, spec: OptionSpec, s: Scenario) -> QWidget:
        value = s.ruleset_options.get(rid, {}).get(spec.name, spec.default)
        push = functools.partial(self._set, rid, spec)
        if isinstance(spec.default, bool):
            box = QCheckBox()
            box.setChecked(bool(value))
            box.toggled.connect(push)
            return box
        if isinstance(spec.default, int):
            spin = QSpinBox()
            top = L.MAX_TURNS if spec.name == "turn_limit" else L.MAX_OPTION_NUMBER
            spin.setRange(0 if spec.name == "turn_limit" else -top, top)
            if spec.name == "turn_limit":
                spin.setSpecialValueText("No limit")
                spin.setSuffix(" turns")
            spin.setValue(int(value) if isinstance(value, (int, float)) else spec.default)
            spin.valueChanged.connect(push)
            return spin
        if isinstance(spec.default, float):
            dspin = QDoubleSpinBox()
            dspin.setRange(-L.MAX_OPTION_NUMBER, L.MAX_OPTION_NUMBER)
            dspin.setDecimals(2)
            dspin.setValue(float(value) if isinstance(value, (int, float)) else spec.default)
            dspin.valueChanged.connect(push)
            return dspin
        if choices(spec, s):
            combo = QComboBox()
            _fill(combo, spec, s, value)
            combo.currentIndexChanged.connect(lambda _i, c=combo: push(c.currentData()))
            return combo
        line = QLineEdit(str(value))
        line.setMaxLength(L.MAX_NAME)
        line.editingFinished.connect(lambda e=line: push(e.text().strip()))
        return line

    # --- changes ---------------------------------------------------------------------------

    def _set(self, rid: str, spec: OptionSpec, value: PropertyValue) -> None:
        if self._building:
            return
        current = self.doc.scenario.ruleset_options.get(rid, {}).get(spec.name, spec.default)
        if value == current and type(value) is type(current):
            return
        new: PropertyValue | None = None if value == spec.default else value
        try:
            self.doc.push(C.SetRulesetOption(self.doc, rid, spec.name, new))
        except edits.EditError as e:
            self.setToolTip(str(e))

    def _doc_changed(self, _ch: object) -> None:
        """Undo, redo or renamed sides: show the options as the scenario has them
        (in place, so the widget being edited keeps its focus)."""
        s: Scenario = self.doc.scenario
        self._building = True
        try:
            for key, w in self.widgets.items():
                spec = self.specs[key]
                value = s.ruleset_options.get(key[0], {}).get(spec.name, spec.default)
                w.blockSignals(True)
                if isinstance(w, QCheckBox):
                    w.setChecked(bool(value))
                elif isinstance(w, (QSpinBox, QDoubleSpinBox)) and isinstance(value, (int, float)):
                    w.setValue(value)  # type: ignore[arg-type]
                elif isinstance(w, QComboBox):
                    _fill(w, spec, s, value)
                elif isinstance(w, QLineEdit):
                    w.setText(str(value))
                w.blockSignals(False)
        finally:
            self._building = False

    def done(self, r: int) -> None:
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.changed.disconnect(self._doc_changed)
        super().done(r)


def _fill(combo: QComboBox, spec: OptionSpec, s: Scenario, value: PropertyValue) -> None:
    """The choices (sides by their current names) with `value` selected."""
    combo.clear()
    for label, data in choices(spec, s):
        combo.addItem(label, data)
    k = combo.findData(str(value))
    if k < 0:  # a value the file has that the list does not know: keep it
        combo.addItem(str(value), str(value))
        k = combo.count() - 1
    combo.setCurrentIndex(k)
