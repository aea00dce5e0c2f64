"""Help ▸ Keyboard shortcuts: every shortcut of the window, read from its actions.

Nothing is listed by hand: the rows come from the window's QActions (the
menus' and those the window holds for keys alone), so a new shortcut shows
up here without anyone remembering to add it.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


def _name(action: QAction) -> str:
    text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text.rstrip("…").strip() or action.toolTip() or action.objectName()


def _menus(window: QMainWindow) -> dict[int, str]:
    """Action id -> the menu path it sits in ("Game", "File ▸ New")."""
    where: dict[int, str] = {}

    def walk(menu: QMenu, path: str) -> None:
        for a in menu.actions():
            sub = a.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} ▸ {_name(a)}")
            else:
                where.setdefault(id(a), path)

    for a in window.menuBar().actions():
        sub = a.menu()
        if isinstance(sub, QMenu):
            walk(sub, _name(a))
    return where


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(what it does, keys, menu) for every action of `window` that has a shortcut."""
    where = _menus(window)
    seen: set[int] = set()
    rows: list[tuple[str, str, str]] = []
    for a in window.findChildren(QAction):
        keys = [k for k in a.shortcuts() if not k.isEmpty()]
        if not keys or id(a) in seen:
            continue
        seen.add(id(a))
        shown = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        rows.append((_name(a), shown, where.get(id(a), "")))
    rows.sort(key=lambda r: (r[2] == "", r[2], r[0].lower()))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, window: QMainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(560, 600)
        lay = QVBoxLayout(self)
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Action", "Keys", "Menu"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text or "(no menu)"))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
