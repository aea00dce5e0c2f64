"""The viewer: the table window with the ways out of it, Game ▸ Play… and
File ▸ Edit scenario… (the editor and the play window are loaded when used)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMainWindow, QWidget

from desktop.ui.doors import add_edit_action, add_play_action, keep_open
from desktop.ui.help import add_help_menu
from desktop.ui.help.doors import register
from desktop.ui.table_window import APP_NAME, TableWindow

__all__ = ["APP_NAME", "MainWindow"]


class MainWindow(TableWindow):
    """The window `volley open` shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.play_action = add_play_action(self)  # Game > Play… (desktop.ui.doors)
        self.edit_action = add_edit_action(self)  # File > Edit scenario… (desktop.ui.doors)
        add_help_menu(self)  # Help, last (desktop.ui.help)


def look_at(window: QMainWindow, path: Path | None) -> QMainWindow | None:
    """The welcome's "Look at it": the viewer shows the battle (a new viewer
    beside any other window)."""
    if path is None:
        return None
    if isinstance(window, MainWindow):
        window.open_file(path)
        return window
    viewer = MainWindow()
    viewer.resize(window.size())
    viewer.open_file(path)
    keep_open(viewer)
    viewer.show()
    return viewer


register("open", look_at)
