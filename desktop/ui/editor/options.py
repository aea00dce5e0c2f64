"""Per-ruleset options: one page per ruleset, built from what each ruleset declares.

Nothing here knows a ruleset: the pages come from `Ruleset.options` through
the registry, and desktop.ui.option_widgets builds the widgets (the same ones
the start dialog shows).  Each change is one `SetRulesetOption` command (undo
works); a value equal to the ruleset's default is removed from the file
rather than written.
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import registry
from desktop.rules.engine import OptionSpec, Ruleset
from desktop.scenario.edits.base import EditError
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import PropertyValue
from desktop.ui import commands as C
from desktop.ui.option_widgets import OptionField, add_option_rows
from desktop.ui.plaintext import no_mnemonic


def rulesets() -> list[Ruleset]:
    """The rulesets that have options, by id (the order the settings list them in)."""
    return [r for r in registry.all_rulesets() if r.options]


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
        self.fields: dict[tuple[str, str], OptionField] = {}
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
        self.fields.clear()
        s: Scenario = self.doc.scenario
        for r in rulesets():
            page = QWidget()
            form = QFormLayout(page)
            fields = add_option_rows(form, r.options, s, s.ruleset_options.get(r.id, {}),
                                     help_lines=True)
            for name, field in fields.items():
                field.on_change(functools.partial(self._set, r.id, field.spec))
                self.fields[(r.id, name)] = field
                self.widgets[(r.id, name)] = field.widget
                self.specs[(r.id, name)] = field.spec
            title = r.name + (" (default)" if s.ruleset == r.id else "")
            self.tabs.addTab(page, no_mnemonic(title))
        if current >= 0:
            self.tabs.setCurrentIndex(current)
        elif s.ruleset:
            ids = [r.id for r in rulesets()]
            if s.ruleset in ids:
                self.tabs.setCurrentIndex(ids.index(s.ruleset))
        self._building = False

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
        except EditError as e:
            self.setToolTip(str(e))

    def _doc_changed(self, _ch: object) -> None:
        """Undo, redo, renamed sides or new victory conditions: show the options as
        the scenario has them (in place, so the widget being edited keeps its focus)."""
        s: Scenario = self.doc.scenario
        self._building = True
        try:
            for (rid, name), field in self.fields.items():
                value = s.ruleset_options.get(rid, {}).get(name, field.spec.default)
                field.refresh(s, value)
        finally:
            self._building = False

    def done(self, r: int) -> None:
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.changed.disconnect(self._doc_changed)
        super().done(r)
