"""Under --screenshot no box waits for a click (issue 37, "No modal box in headless
commands"): desktop.ui.headless.ModalGuard says a modal dialog's words on stderr
and cancels it, and the command then exits non-zero."""

from __future__ import annotations

import io
from typing import Any

from PySide6.QtWidgets import QMessageBox

from desktop.ui.headless import ModalGuard


def test_a_modal_box_is_said_and_cancelled(qapp: Any) -> None:
    out = io.StringIO()
    guard = ModalGuard("volley edit", out).install()
    try:
        box = QMessageBox(QMessageBox.Icon.Warning, "Cannot open scenario",
                          "bad.yaml cannot be opened")
        box.setInformativeText("line 3: depth: expected a number")
        answer = box.exec()  # returns at once instead of waiting for a click
    finally:
        qapp.removeEventFilter(guard)
    assert answer != QMessageBox.StandardButton.Ok
    assert guard.said == ["bad.yaml cannot be opened line 3: depth: expected a number"]
    assert out.getvalue().startswith("volley edit: bad.yaml cannot be opened")
