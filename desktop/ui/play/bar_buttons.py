"""The phase bar's buttons, which let no click meant for one land on the next.

The bar is rebuilt whenever the game moves on, and a new button often takes
the place of the one just clicked: "Stop (Esc)" comes where "End artillery
fire ▶" was as the computer's turn begins (issue 34: in Mayhem a second
click meant for the end of the phase stopped the computer).  So a button that
has just come onto the bar ignores the mouse for a moment (`FRESH`).  The bar
is rebuilt on every redraw, so a button that leaves and comes back at once,
with the same words, is the same button and stays as old as it was (`SAME`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QPushButton, QWidget

#: Seconds a button that has just come onto the bar ignores the mouse.
FRESH = 0.8
#: Seconds a button may be off the bar and still come back as the same button.
SAME = 0.3

Clock = Callable[[], float]
Key = tuple[str, str]  # (the button's key, its words)


class BarButton(QPushButton):
    """A push button that ignores mouse presses until it has been shown `FRESH` seconds
    (a keyboard shortcut or `click()` still works at once)."""

    def __init__(self, text: str, since: float, clock: Clock,
                 parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.since = since
        self.clock = clock

    def fresh(self) -> bool:
        """Has it come onto the bar too lately to take a click?"""
        return self.clock() - self.since < FRESH

    def mousePressEvent(self, e: QMouseEvent) -> None:
        if self.fresh():
            e.ignore()  # meant for the button that was here a moment ago
            return
        super().mousePressEvent(e)

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:
        if self.fresh():
            e.ignore()
            return
        super().mouseDoubleClickEvent(e)


class BarAges:
    """When each of the bar's buttons came onto it (kept across the bar's rebuilds)."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self._since: dict[Key, float] = {}  # the buttons on the bar now
        self._gone: dict[Key, tuple[float, float]] = {}  # left at: (since, when it left)

    def shown(self, keys: list[Key]) -> list[float]:
        """The bar now shows `keys`: when each came onto it."""
        now = self.clock()
        for k, since in self._since.items():
            self._gone[k] = (since, now)
        self._gone = {k: v for k, v in self._gone.items() if now - v[1] <= SAME}
        self._since = {}
        for k in keys:
            back = self._gone.get(k)
            self._since[k] = back[0] if back is not None else now
        return [self._since[k] for k in keys]
