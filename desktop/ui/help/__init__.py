"""Help for every window: the quick reference, the keyboard shortcuts, About, the welcome.

`add_help_menu` is the one place the Help menu is built; the viewer, the
editor and the play window each call it once their own menus are made, so
Help is always the last menu.  The dialogs load only when asked for.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

__all__ = ["add_help_menu", "current_ruleset"]


def current_ruleset(window: QMainWindow) -> str | None:
    """The ruleset the window is about: the game's, else the scenario's own."""
    setup = getattr(window, "setup", None)
    if setup is not None and getattr(setup, "ruleset", None):
        return str(setup.ruleset)
    scenario = getattr(window, "scenario", None)
    if scenario is None:
        return None
    from desktop.play.session import default_ruleset

    return default_ruleset(scenario)


def add_help_menu(window: QMainWindow) -> QMenu:
    """Add Help (Quick reference F1, Keyboard shortcuts, Welcome, About Volley)."""
    menu = window.menuBar().addMenu("&Help")

    def act(text: str, slot, *keys: str | QKeySequence.StandardKey) -> QAction:
        a = QAction(text, window)
        a.setShortcuts([QKeySequence(k) for k in keys])
        a.triggered.connect(slot)
        menu.addAction(a)
        window.addAction(a)
        return a

    def reference() -> None:
        from desktop.ui.help.reference_window import show_reference

        show_reference(window, current_ruleset(window))

    def shortcuts() -> None:
        from desktop.ui.help.shortcuts import ShortcutsDialog

        ShortcutsDialog(window).open()

    def welcome() -> None:
        from desktop.ui.help.welcome import show_welcome

        show_welcome(window)

    def about() -> None:
        from desktop.ui.help.about import AboutDialog

        AboutDialog(window).open()

    window.reference_action = act("&Quick reference", reference,  # type: ignore[attr-defined]
                                  QKeySequence.StandardKey.HelpContents)
    window.shortcuts_action = act("&Keyboard shortcuts", shortcuts,  # type: ignore[attr-defined]
                                  "Ctrl+/")
    menu.addSeparator()
    window.welcome_action = act("&Welcome", welcome)  # type: ignore[attr-defined]
    window.about_action = act("&About Volley", about)  # type: ignore[attr-defined]
    return menu
