"""Help ▸ Quick reference: the printed quick reference, in a window.

The text comes from printouts.reference_html, which renders the very data
the printed sheet draws; a list switches between the rulesets.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from printouts.reference_data import REFERENCES
from printouts.reference_html import ruleset_reference_html


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
        for rid, ref in REFERENCES.items():
            self.rules.addItem(ref.title, rid)
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


def show_reference(parent: QWidget, ruleset: str | None) -> ReferenceWindow:
    w = ReferenceWindow(ruleset, parent)
    w.show()
    return w
