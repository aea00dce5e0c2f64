"""The problems panel: editing checks from desktop.scenario.lint and what the
rulesets say (desktop.rules.checks: starting states, why the ruleset cannot
start the game, a missing ruleset, ground a ruleset forbids), kept up to
date: the same checks as `volley validate`.

Checks run a moment after the last change (a drag re-checks when it rests),
list each problem, and clicking one selects the pieces and features involved.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem, QStyle, QWidget

from desktop.rules.checks import ruleset_problems
from desktop.scenario.lint import Kind, LintProblem, lint, problem_ids
from desktop.ui.plaintext import literal

#: A short word before each problem: glyphs such as ⛔ are missing from many fonts
#: and showed as empty boxes.
TAGS = {Kind.OUTSIDE_ZONE: "Zone", Kind.OVERLAP: "Overlap", Kind.IMPASSABLE: "Ground",
        Kind.UNREACHABLE: "Objective", Kind.UNWINNABLE: "Victory", Kind.START: "Start",
        Kind.GAME: "Cannot start", Kind.RULESET: "Ruleset"}
#: Wait this long (ms) after a change before checking again.
DELAY_MS = 150


def all_problems(scenario: Any) -> list[LintProblem]:
    """The editor's checks and the rulesets' answers, in that order."""
    return lint(scenario) + ruleset_problems(scenario)


class ProblemsDock(QDockWidget):
    #: The ids every current problem names (for highlighting on the table).
    problemsChanged = Signal(object)

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__("Problems", parent)
        self.setObjectName("editor_problems")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemActivated.connect(self._pick)
        self.list.itemClicked.connect(self._pick)
        self.setWidget(self.list)
        self.problems: list[LintProblem] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.check_now)
        self.doc: Any = None
        self.set_document(doc)

    def set_document(self, doc: Any) -> None:
        if self.doc is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.doc.changed.disconnect(self._changed)
        self.doc = doc
        doc.changed.connect(self._changed)
        self.check_now()

    def _changed(self, _ch: object) -> None:
        self._timer.start()

    def check_now(self) -> list[LintProblem]:
        self._timer.stop()
        self.problems = all_problems(self.doc.scenario)
        self.list.clear()
        warning = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for p in self.problems:
            item = QListWidgetItem(warning, f"{TAGS.get(p.kind, 'Check')}: {p.message}")
            item.setData(Qt.ItemDataRole.UserRole, list(p.ids))
            item.setToolTip(literal(p.message))  # names in it are shown as written
            self.list.addItem(item)
        if not self.problems:
            self.list.addItem(QListWidgetItem("No problems found."))
        n = len(self.problems)
        self.setWindowTitle(f"Problems ({n})" if n else "Problems")
        self.problemsChanged.emit(problem_ids(self.problems))
        return self.problems

    def _pick(self, item: QListWidgetItem) -> None:
        ids = item.data(Qt.ItemDataRole.UserRole)
        if ids:
            self.doc.select(ids)
