"""Help ▸ Quick reference: the printed quick reference, in a window.

The text comes from printouts.reference_html, which renders the very data
the printed sheet draws; a list switches between the rulesets.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from printouts.reference_html import ruleset_reference_html
from printouts.ruleset_sheets import with_references


class ReferenceWindow(QDialog):
    """A non-modal window: keep it open beside the table while playing."""

    def __init__(self, ruleset: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Quick reference")
        self.resize(640, 760)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Rules:"))
        self.rules = QComboBox()
        for rs in with_references():
            self.rules.addItem(rs.name, rs.id)
        row.addWidget(self.rules, 1)
        lay.addLayout(row)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        lay.addWidget(self.browser, 1)
        self.rules.currentIndexChanged.connect(self._show)
        k = self.rules.findData(ruleset) if ruleset else -1
        self.rules.setCurrentIndex(max(0, k))
        self._show()

    def _show(self, *_: object) -> None:
        rid = self.rules.currentData()
        html = ruleset_reference_html(str(rid)) if rid else None
        self.browser.setHtml(html or "<p>This ruleset has no quick reference.</p>")
        self.setWindowTitle(f"Quick reference — {self.rules.currentText()}")


def beside(parent: QRect, screen: QRect, width: int = 640, height: int = 760) -> QRect:
    """Where the reference goes so that it sits beside the table, not on it: to the
    right of the window when the screen has room, else to its left, else
    against the screen's right edge (over the window's right-hand docks, the
    unit card and the dice, never the table in the middle)."""
    w = min(width, max(360, screen.width() // 3))
    h = min(height, screen.height())
    if parent.right() + 1 + w <= screen.right() + 1:
        x = parent.right() + 1
    elif parent.left() - w >= screen.left():
        x = parent.left() - w
    else:
        x = screen.right() + 1 - w
    y = min(max(screen.top(), parent.top()), screen.bottom() + 1 - h)
    return QRect(x, y, w, h)


def show_reference(parent: QWidget, ruleset: str | None) -> ReferenceWindow:
    """Open the quick reference beside the table (docs/play.md, "Help"); a second
    F1 brings the same window back, showing `ruleset`."""
    w: ReferenceWindow | None = getattr(parent, "_reference_window", None)
    if w is None:
        w = ReferenceWindow(ruleset, parent)
        parent._reference_window = w  # type: ignore[attr-defined]
        top = parent.window()
        screen = top.screen().availableGeometry() if top.screen() is not None else None
        if screen is not None:
            w.setGeometry(beside(top.frameGeometry(), screen))
    elif ruleset:
        k = w.rules.findData(ruleset)
        if k >= 0:
            w.rules.setCurrentIndex(k)
    w.show()
    w.raise_()
    w.activateWindow()
    return w
