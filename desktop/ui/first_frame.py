"""Run start-up chores once the window's first frame is on the screen.

A zero timer set before `show()` can fire before the first paint, so the
chores it starts (the welcome page, the offer of games a crash left, each
importing a good deal) would hold back the table a person is waiting for.
They run a moment after that frame, so that the table's own follow-up (its
full looks, drawn just after the quick first frame) comes first.  If no
frame comes (a window that is never exposed), they run after a short wait
all the same.

`right_after_first_frame` is for the window's own parts that wait only for
that frame (the roster's tables): they come on the next turn of the event
loop, before the table's follow-up, so the finished window includes them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: How long after the first frame the chores start (ms).
PAUSE_MS = 100
#: How long the chores wait for a first frame that does not come (ms).
FALLBACK_MS = 2000


class _AfterPaint(QObject):
    """Watches one window for its first Paint event, then runs the chores in order."""

    def __init__(self, window: QWidget, name: str, pause_ms: int) -> None:
        super().__init__(window)
        self.setObjectName(name)
        self.pause_ms = pause_ms
        self.chores: list[Callable[[], object]] = []
        self.done = False
        window.installEventFilter(self)
        QTimer.singleShot(FALLBACK_MS, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.done and event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(self.pause_ms, self, self._run)  # once this frame is done
        return False

    def _run(self) -> None:
        if self.done:
            return
        self.done = True
        chores, self.chores = self.chores, []
        for chore in chores:
            chore()


def _watch(window: QWidget, name: str, pause_ms: int, chore: Callable[[], object]) -> None:
    watcher = window.findChild(_AfterPaint, name)
    if watcher is None:
        watcher = _AfterPaint(window, name, pause_ms)
    if watcher.done:
        QTimer.singleShot(0, watcher, chore)
    else:
        watcher.chores.append(chore)


def after_first_frame(window: QWidget, chore: Callable[[], object]) -> None:
    """Run `chore` PAUSE_MS after `window` first paints (on the next loop if it already has)."""
    _watch(window, "after-first-frame", PAUSE_MS, chore)


def right_after_first_frame(window: QWidget, chore: Callable[[], object]) -> None:
    """Run `chore` as soon as `window`'s first frame is done (on the next loop if it is)."""
    _watch(window, "right-after-first-frame", 0, chore)

