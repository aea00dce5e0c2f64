"""Tooltips step aside while measuring or moving, so they never cover a reading.

A unit's tooltip used to cover the ruler's distance label and the sight line
(issue 20).  While a measuring tool is active, a drag or proposal is under
way, or a flick is being aimed, the table's tooltips are not shown (and one
already up is hidden); in select mode with nothing in hand they work as ever.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QToolTip

from desktop.ui.play.host import PlayHost


def measuring_or_moving(w: PlayHost) -> bool:
    """Is a reading on the table that a tooltip would cover?"""
    return (w.tool != "select" or w.drag is not None or w.proposal is not None
            or w.figures.aiming is not None)


class QuietTips(QObject):
    """An event filter on the table's viewport that drops tooltips while measuring."""

    def __init__(self, window: PlayHost) -> None:
        super().__init__(window.window())
        self.w = window
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and measuring_or_moving(self.w):
            QToolTip.hideText()
            event.ignore()
            return True
        if (event.type() == QEvent.Type.MouseButtonPress and QToolTip.isVisible()
                and measuring_or_moving(self.w)):
            QToolTip.hideText()
        return False
