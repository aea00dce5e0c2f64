"""The box that offers back work a crash left (the editor's and the play window's).

Each button gives its answer, and Escape keeps the file (a slip never deletes work).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.ui.editor import recovery


def answer(click: str | None) -> str:
    def press() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        if click is None:
            QTest.keyClick(box, Qt.Key.Key_Escape)
            return
        [button] = [b for b in box.buttons() if b.text() == click]
        button.click()

    QTimer.singleShot(0, press)
    return recovery.ask_left_over(None, "Restore an unsaved game?", "head", "details",
                                  "Restore")


@pytest.mark.parametrize(("click", "said"), [
    ("Restore", recovery.RECOVER),
    ("Keep for later", recovery.KEEP),
    ("Discard", recovery.DISCARD),
    (None, recovery.KEEP),
])
def test_each_button_gives_its_answer(qtbot: Any, click: str | None, said: str) -> None:
    assert answer(click) == said
