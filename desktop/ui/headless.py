"""No box waits for a click when nobody is there to click (issue 37).

`--screenshot` runs without a person: a modal dialog there (an error box, a
recovery question) would wait for ever.  While a :class:`ModalGuard` is
installed, any modal dialog that opens is said on stderr, in its own words,
and closed as if cancelled; the command then exits non-zero.
"""

from __future__ import annotations

import sys
from typing import TextIO

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox


def dialog_text(dialog: QDialog) -> str:
    """What a dialog says, on one line: a message box's text, else its title."""
    if isinstance(dialog, QMessageBox):
        parts = [dialog.text(), dialog.informativeText()]
        return " ".join(" ".join(p.split()) for p in parts if p.strip())
    return dialog.windowTitle() or type(dialog).__name__


class ModalGuard(QObject):
    """An application event filter that says and cancels every modal dialog."""

    def __init__(self, prog: str, stream: TextIO | None = None) -> None:
        super().__init__()
        self.prog = prog
        self.stream = stream or sys.stderr
        #: What each dialog said, in order.
        self.said: list[str] = []
        self._closing: set[int] = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Show and isinstance(watched, QDialog)
                and watched.isModal() and id(watched) not in self._closing):
            self._closing.add(id(watched))
            text = dialog_text(watched)
            self.said.append(text)
            print(f"{self.prog}: {text}", file=self.stream, flush=True)
            QTimer.singleShot(0, watched.reject)
        return False

    def install(self) -> ModalGuard:
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        return self
