"""Message boxes the shell shows; kept in one place so tests can watch them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.scenario import ScenarioError
from desktop.ui.plaintext import literal

#: How many problems the box lists before "and N more" (all are in the details).
SHOWN_PROBLEMS = 12


def scenario_error_text(path: Path, error: ScenarioError) -> tuple[str, str, str]:
    """(headline, the first problems, every problem) for a file that would not load."""
    problems = [str(p) for p in error.problems] or [str(error)]
    head = f"Volley could not open “{path.name}”."
    shown = problems[:SHOWN_PROBLEMS]
    more = len(problems) - len(shown)
    body = "\n".join(shown) + (f"\n… and {more} more (see Details)." if more > 0 else "")
    return head, body, "\n".join(problems)


def show_scenario_error(parent: QWidget | None, path: Path, error: ScenarioError) -> None:
    head, body, details = scenario_error_text(path, error)
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Cannot open scenario")
    box.setTextFormat(Qt.TextFormat.PlainText)  # a file name is shown as it is
    box.setText(head)
    box.setInformativeText(literal(body))
    if len(error.problems) > 1:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()
