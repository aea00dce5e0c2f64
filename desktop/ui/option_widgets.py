"""Widgets for a ruleset's options, built from what the ruleset declares.

One builder for the start dialog's Options box and the editor's Ruleset
options dialog: a choice gets a combo box of plain names (the scenario's
sides by name for a "first side"), a flag a check box, a number a spin box
with its range, unit and a word for 0, a measure a spin box in the table's
unit.  Every widget and its label carry the option's help as a tooltip.  An
option the scenario itself settles (the turn limit of its victory
conditions) shows the scenario's value and cannot be changed here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from desktop.rules.engine import OptionSpec, OptionValue
from desktop.rules.options import OptionKind
from desktop.scenario.model import Scenario
from desktop.ui.plaintext import literal, plain_label


class OptionField:
    """One option's label and widget; read and set as an option value."""

    def __init__(self, spec: OptionSpec, scenario: Scenario, value: OptionValue) -> None:
        self.spec = spec
        self.kind = spec.option_kind
        self._suffix = ""
        self.widget = self._make(scenario)
        self.label = plain_label(spec.title)
        self.label.setBuddy(self.widget)
        self._callbacks: list[Callable[[OptionValue], None]] = []
        self.settled = False
        self.refresh(scenario, value)
        self._connect()

    # --- building --------------------------------------------------------------------

    def _make(self, scenario: Scenario) -> QWidget:
        spec = self.spec
        if self.kind is OptionKind.FLAG:
            return QCheckBox()
        if self.kind is OptionKind.CHOICE:
            return QComboBox()
        low, high = spec.bounds()
        if self.kind is OptionKind.NUMBER and not isinstance(spec.default, float):
            spin = QSpinBox()
            spin.setRange(int(low), int(high))
            self._suffix = f" {spec.unit}" if spec.unit else ""
            if spec.zero and low == 0:
                spin.setSpecialValueText(spec.zero)
            return spin
        dspin = QDoubleSpinBox()
        dspin.setDecimals(2)
        dspin.setRange(low, high)
        unit = spec.unit or (scenario.table.unit.value
                             if self.kind is OptionKind.MEASURE else "")
        self._suffix = f" {unit}" if unit else ""
        if spec.zero and low == 0:
            dspin.setSpecialValueText(spec.zero)
        return dspin

    def _connect(self) -> None:
        w = self.widget
        if isinstance(w, QCheckBox):
            w.toggled.connect(lambda _on: self._changed())
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(lambda _i: self._changed())
        elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
            w.valueChanged.connect(lambda _v: self._changed())

    def _changed(self) -> None:
        value = self.value()
        for call in self._callbacks:
            call(value)

    # --- values ----------------------------------------------------------------------

    def on_change(self, call: Callable[[OptionValue], None]) -> None:
        """Call `call(value)` whenever the person changes the widget."""
        self._callbacks.append(call)

    def value(self) -> OptionValue:
        w = self.widget
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QComboBox):
            return str(w.currentData())
        if isinstance(w, QSpinBox):
            return int(w.value())
        assert isinstance(w, QDoubleSpinBox)
        return float(w.value())

    def refresh(self, scenario: Scenario, value: OptionValue) -> None:
        """Show `value` (or the value `scenario` settles) with the scenario's choices,
        without telling on_change callers: nothing was changed by a person."""
        spec, w = self.spec, self.widget
        settled = spec.settled_value(scenario)
        self.settled = settled is not None
        if settled is not None:
            value = settled
        w.blockSignals(True)
        try:
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                w.clear()
                for c in spec.choices_for(scenario):
                    w.addItem(c.label, c.value)
                    if c.help:
                        w.setItemData(w.count() - 1, c.help, Qt.ItemDataRole.ToolTipRole)
                k = w.findData(str(value))
                if k < 0:  # a value the file has that the choices do not: show it as it is
                    w.addItem(f"{value} (not a choice of this ruleset)", str(value))
                    k = w.count() - 1
                w.setCurrentIndex(k)
            elif isinstance(w, QSpinBox) and isinstance(value, (int, float)):
                w.setValue(int(value))
            elif isinstance(w, QDoubleSpinBox) and isinstance(value, (int, float)):
                w.setValue(float(value))
        finally:
            w.blockSignals(False)
        w.setEnabled(not self.settled)
        if isinstance(w, (QSpinBox, QDoubleSpinBox)):  # say why it is greyed, not only in a tip
            w.setSuffix(self._suffix + (" (set by the scenario)" if self.settled else ""))
        tip = spec.help
        if settled is not None:
            tip = (f"This scenario settles it: {spec.value_label(settled, scenario)}. "
                   f"Change the scenario to change it. {spec.help}").strip()
        w.setToolTip(literal(tip))
        self.label.setToolTip(literal(tip))


def add_option_rows(form: QFormLayout, specs: Sequence[OptionSpec], scenario: Scenario,
                    values: Mapping[str, OptionValue], *,
                    help_lines: bool = False) -> dict[str, OptionField]:
    """A row per option in `form` (with its help under it when `help_lines`);
    returns the fields by option name."""
    fields: dict[str, OptionField] = {}
    for spec in specs:
        field = OptionField(spec, scenario, values.get(spec.name, spec.default_for(scenario)))
        form.addRow(field.label, field.widget)
        if help_lines and spec.help:
            text = plain_label(spec.help)
            text.setWordWrap(True)
            text.setStyleSheet("color:#555555; font-size:small;")
            form.addRow("", text)
        fields[spec.name] = field
    if not specs:
        form.addRow(QLabel("This ruleset has no options."))
    return fields
