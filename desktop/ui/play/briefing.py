"""The briefing card: the scenario's briefing on a card over the table when a
battle begins, dismissed with a button (or Esc), and again under Game ▸ Briefing.

It says what the battle is (ruleset, length, table and forces: the line
desktop.rules.battle writes for the Welcome list and the printed card), the
briefing itself, and how each side wins, in the words of the scenario's
victory conditions (desktop.scenario.describe, as `volley info` and the
printed card say them).  Every word from the scenario is plain text.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.rules.battle import facts, victory_sentences
from desktop.scenario.model import Scenario
from desktop.ui.plaintext import no_mnemonic, plain_label

#: The card's widest and its margin from the table view's edges, pixels.
CARD_WIDTH = 640
CARD_HEIGHT = 760
CARD_MARGIN = 24


def _label(text: str, style: str = "", wrap: bool = True) -> QLabel:
    label = plain_label(text)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if style:
        label.setStyleSheet(style)
    return label


class BriefingCard(QFrame):
    """The card, a child of the table view, centred on it.  While it is up the
    computer does not act (the window holds it); `dismissed` lets it go on."""

    #: The player put the card away (the button, Esc or Enter).
    dismissed = Signal()

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.host = host
        self.setObjectName("briefing")
        self.setStyleSheet(
            "#briefing { background: #fbf6e6; border: 1px solid #8a7440;"
            " border-radius: 6px; }"
            "#briefing QLabel { color: #2b2418; background: transparent; }"
            "#briefingtext { background: transparent; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(22, 16, 22, 14)
        lay.setSpacing(6)
        self.kicker = _label("BRIEFING", "color: #8a7440; font-size: 8pt;"
                                          " letter-spacing: 2px; font-weight: bold;")
        lay.addWidget(self.kicker)
        self.title = _label("")
        f = QFont("DejaVu Serif")
        f.setPointSize(17)
        f.setBold(True)
        self.title.setFont(f)
        lay.addWidget(self.title)
        self.facts = _label("", "color: #6b5a2e;")
        lay.addWidget(self.facts)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setStyleSheet("color: #c9b98a;")
        lay.addWidget(rule)
        self.body = QWidget()
        self.body.setObjectName("briefingtext")
        self.body_lay = QVBoxLayout(self.body)
        self.body_lay.setContentsMargins(0, 0, 6, 0)
        self.body_lay.setSpacing(8)
        self.pages = QScrollArea()
        self.pages.setWidgetResizable(True)
        self.pages.setFrameShape(QFrame.Shape.NoFrame)
        self.pages.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pages.setWidget(self.body)
        self.pages.viewport().setStyleSheet("background: transparent;")
        lay.addWidget(self.pages, 1)
        row = QHBoxLayout()
        self.hint = _label("Game ▸ Briefing shows this again.", "color: #8a8a8a;"
                                                                " font-size: 8pt;")
        row.addWidget(self.hint, 1)
        self.button = QPushButton("To battle ▶")
        self.button.setDefault(True)
        self.button.clicked.connect(self.dismiss)
        row.addWidget(self.button)
        lay.addLayout(row)
        shadow = QGraphicsDropShadowEffect(self)
        shadow.setBlurRadius(28)
        shadow.setOffset(0, 6)
        shadow.setColor(QColor(0, 0, 0, 150))
        self.setGraphicsEffect(shadow)
        #: The words on the card, paragraph by paragraph (tests read them).
        self.paragraphs: list[str] = []
        host.installEventFilter(self)
        self.hide()

    def show_for(self, scenario: Scenario, ruleset: str, started: bool = False) -> None:
        """Show the card for `scenario` played under `ruleset`; `started`: the
        battle is under way (the button closes the card rather than begins)."""
        self.title.setText(scenario.title)
        self.facts.setText(facts(scenario, ruleset).line())
        while self.body_lay.count():
            item = self.body_lay.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.setParent(None)
                w.deleteLater()
        self.paragraphs = []
        for para in [p.strip() for p in scenario.briefing.strip().split("\n\n") if p.strip()]:
            self.body_lay.addWidget(_label(" ".join(para.split()), "font-size: 10.5pt;"))
            self.paragraphs.append(" ".join(para.split()))
        if not self.paragraphs:
            self.body_lay.addWidget(_label("The scenario has no briefing.", "color: #777;"))
        win = victory_sentences(scenario, ruleset)
        if win:
            head = _label("How to win", "color: #8a7440; font-weight: bold; margin-top: 4px;")
            self.body_lay.addWidget(head)
            for line in win:
                self.body_lay.addWidget(_label("•  " + line))
                self.paragraphs.append(line)
        self.body_lay.addStretch(1)
        self.button.setText(no_mnemonic("Back to the battle" if started else "To battle ▶"))
        self.place()
        self.show()
        self.raise_()
        self.button.setFocus()

    def dismiss(self) -> None:
        was_up = not self.isHidden()
        self.hide()
        self.host.setFocus()
        if was_up:
            self.dismissed.emit()

    def place(self) -> None:
        """Centre the card on the view, as wide and tall as there is room for."""
        room = self.host.rect()
        w = min(CARD_WIDTH, max(280, room.width() - 2 * CARD_MARGIN))
        # as tall as its words (the briefing scrolls when the view is shorter)
        body = self.body_lay.heightForWidth(w - 44 - 6)
        chrome = sum(x.sizeHint().height() for x in (self.kicker, self.title, self.facts,
                                                     self.button)) + 16 + 14 + 6 * 5 + 4
        want = (body if body > 0 else self.body.sizeHint().height()) + chrome
        h = min(CARD_HEIGHT, want, max(220, room.height() - 2 * CARD_MARGIN))
        self.setGeometry((room.width() - w) // 2, max(CARD_MARGIN // 2, (room.height() - h) // 2),
                         w, h)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.host and not self.isHidden() and event.type() in (
                QEvent.Type.Resize, QEvent.Type.Show):
            self.place()  # (shown with the window, or before it: placed when it is)
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.dismiss()
            return
        super().keyPressEvent(event)
