"""The welcome: shown once, on the first run, and from Help ▸ Welcome.

It offers the three ways in: look at a bundled battle, play one, or start a
new scenario.  Whether it has been shown is remembered in QSettings, so a
person sees it by itself only once.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.resources import bundled_scenarios
from desktop.scenario import ScenarioError, load
from desktop.ui.help.doors import DOORS

#: The QSettings key that says the welcome has been seen.
SHOWN_KEY = "help/welcome_shown"


def battles() -> list[tuple[str, Path]]:
    """(title, path) of every bundled scenario that loads, in file order; the
    title's second line says the battle's ruleset, length and size
    ("D3 Horse and Musket · 12 turns · 48 × 36 in table · 6 against 7 units")."""
    from desktop.rules.battle import facts

    out: list[tuple[str, Path]] = []
    for path in bundled_scenarios():
        try:
            sc = load(path)
        except ScenarioError:
            continue
        out.append((f"{sc.title}\n{facts(sc).line()}", path))
    return out


class WelcomeDialog(QDialog):
    """Pick a bundled battle and Open or Play it, or start a new scenario."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Welcome to Volley")
        self.choice: str | None = None
        lay = QVBoxLayout(self)
        head = QLabel("<h2>Welcome to Volley</h2>"
                      "<p>Volley lays out horse-and-musket battles, referees them on "
                      "screen against a person or the computer, and prints rosters, "
                      "cards, maps and quick references for the table.</p>"
                      "<p>Start with one of the battles that come with it:</p>")
        head.setWordWrap(True)
        lay.addWidget(head)
        self.list = QListWidget()
        for title, path in battles():
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _i: self._choose("play"))
        # as wide as its longest line (each battle's ruleset, length and size were
        # cut off behind a sideways scroll bar), as far as the screen allows
        lst = self.list
        wide = (lst.sizeHintForColumn(0) + 2 * lst.frameWidth()
                + lst.verticalScrollBar().sizeHint().width() + 8)
        screen = self.screen().availableGeometry().width() if self.screen() else wide
        lst.setMinimumWidth(min(wide, screen * 3 // 4))
        lay.addWidget(self.list)
        row = QHBoxLayout()
        self.open_button = QPushButton("&Look at it")
        self.open_button.setToolTip("Open the battle in the viewer: the table, the forces, "
                                    "and Print… for the sheets")
        self.play_button = QPushButton("&Play it…")
        self.play_button.setToolTip("Choose the rules and who plays each side, then play")
        self.play_button.setDefault(True)
        self.new_button = QPushButton("Start a &new scenario")
        self.new_button.setToolTip("Open the scenario editor on an empty table")
        close = QPushButton("Close")
        for b, what in ((self.open_button, "open"), (self.play_button, "play"),
                        (self.new_button, "new")):
            b.clicked.connect(lambda _c=False, w=what: self._choose(w))
            row.addWidget(b)
            b.setEnabled(what in DOORS)  # a window that was never loaded offers no way there
        row.addStretch(1)
        close.clicked.connect(self.reject)
        row.addWidget(close)
        lay.addLayout(row)
        note = QLabel("This window is also under Help ▸ Welcome; Help ▸ Quick reference "
                      "(F1) shows the rules of the game in hand.")
        note.setWordWrap(True)
        note.setStyleSheet("color:#555555;")
        lay.addWidget(note)

    def path(self) -> Path | None:
        item = self.list.currentItem()
        return None if item is None else Path(str(item.data(Qt.ItemDataRole.UserRole)))

    def _choose(self, what: str) -> None:
        if what != "new" and self.path() is None:
            return
        self.choice = what
        self.accept()


def carry_out(window: QMainWindow, choice: str | None, path: Path | None) -> QMainWindow | None:
    """Do what the welcome was asked; returns the window that shows it (if any)."""
    opener = DOORS.get(choice or "")
    if opener is None or (choice != "new" and path is None):
        return None
    return opener(window, path)


def show_welcome(window: QMainWindow) -> WelcomeDialog:
    """Show the welcome beside `window` (not modal) and act on the choice."""
    dlg = WelcomeDialog(window)
    dlg.accepted.connect(lambda: carry_out(window, dlg.choice, dlg.path()))
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.show()
    return dlg


def welcome_once(window: QMainWindow, settings: QSettings | None = None) -> WelcomeDialog | None:
    """The welcome, if this is the first run (remembered in `settings`)."""
    s = settings if settings is not None else QSettings()
    if s.value(SHOWN_KEY, False, type=bool):
        return None
    s.setValue(SHOWN_KEY, True)
    s.sync()
    return show_welcome(window)
