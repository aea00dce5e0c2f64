"""Start-up chores wait for the first frame (issue 22: nothing holds back the table)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from desktop.ui import first_frame
from desktop.ui.first_frame import after_first_frame


class _Painted(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False


def test_chores_run_after_the_first_paint_in_order(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    ran: list[str] = []
    painted = _Painted()
    after_first_frame(w, lambda: ran.append("welcome" if painted.seen else "too early"))
    after_first_frame(w, lambda: ran.append("games"))
    w.installEventFilter(painted)
    qtbot.wait(50)
    assert ran == []  # not shown: nothing painted, nothing run
    w.show()
    qtbot.waitUntil(lambda: len(ran) == 2)
    assert ran == ["welcome", "games"]


def test_a_chore_asked_after_the_frame_runs_on_the_next_loop(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    ran: list[str] = []
    after_first_frame(w, lambda: ran.append("first"))
    w.show()
    qtbot.waitUntil(lambda: ran == ["first"])
    after_first_frame(w, lambda: ran.append("later"))
    assert ran == ["first"]
    qtbot.waitUntil(lambda: ran == ["first", "later"])


def test_a_window_never_painted_still_runs_its_chores(qtbot, monkeypatch):
    monkeypatch.setattr(first_frame, "FALLBACK_MS", 30)
    w = QWidget()  # never shown
    qtbot.addWidget(w)
    ran: list[str] = []
    after_first_frame(w, lambda: ran.append("games"))
    qtbot.waitUntil(lambda: ran == ["games"], timeout=2000)
