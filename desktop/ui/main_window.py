"""The viewer: the table window with the ways out of it, Game ▸ Play… and
File ▸ Edit scenario… (the editor and the play window are loaded when used)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from desktop.ui.editor.launch import add_edit_action
from desktop.ui.help import add_help_menu
from desktop.ui.play.launch import add_play_action
from desktop.ui.table_window import APP_NAME, TableWindow

__all__ = ["APP_NAME", "MainWindow"]


class MainWindow(TableWindow):
    """The window `volley open` shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.play_action = add_play_action(self)  # Game > Play… (desktop.ui.play)
        self.edit_action = add_edit_action(self)  # File > Edit scenario… (desktop.ui.editor)
        add_help_menu(self)  # Help, last (desktop.ui.help)
