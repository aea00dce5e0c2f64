"""The ways from one window into another: Game ▸ Play… and Edit scenario….

The viewer and the editor offer to play their scenario; the viewer and the
play window offer to edit it.  Rather than import each other (an import
circle: editor window -> play launcher -> play window -> editor launcher ->
editor window), each launcher registers its opener here when it is loaded
(desktop.ui.launchers loads them all where the program starts) and the menus
knock here.  The welcome's ways in have doors of their own
(desktop.ui.help.doors).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

if TYPE_CHECKING:  # the scenario model loads with the scenario, not with the menus
    from desktop.scenario.model import Scenario

PLAY = "play"
EDIT = "edit"


class Opener(Protocol):
    """Opens a window on `scenario` (or the file at `path`) beside `parent`;
    None if the person cancelled."""

    def __call__(self, parent: QWidget | None, scenario: Scenario | None,
                 path: Path | None) -> QMainWindow | None: ...


DOORS: dict[str, Opener] = {}

#: Windows opened from another window, kept alive until they close.
OPENED: list[QMainWindow] = []


def register(way: str, opener: Opener) -> None:
    DOORS[way] = opener


def go(way: str, parent: QWidget | None, scenario: Scenario | None = None,
       path: Path | None = None) -> QMainWindow | None:
    """Open the window behind `way`; None if it was never loaded or the person cancelled."""
    opener = DOORS.get(way)
    return None if opener is None else opener(parent, scenario, path)


def keep_open(w: QMainWindow) -> None:
    """Keep a window opened from elsewhere alive until it closes."""
    OPENED.append(w)
    w.destroyed.connect(lambda *_: OPENED.remove(w) if w in OPENED else None)


def _knock(window: QMainWindow, way: str) -> None:
    go(way, window, getattr(window, "scenario", None), getattr(window, "path", None))


def add_play_action(window: QMainWindow) -> QAction:
    """Add Game > Play… (Ctrl+Shift+P) to a window with `scenario` and `path` attributes."""
    menu = window.menuBar().addMenu("&Game")
    action = QAction("&Play…", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+P"))
    action.setStatusTip("Play this scenario with Volley as referee")
    action.triggered.connect(lambda: _knock(window, PLAY))
    menu.addAction(action)
    window.addAction(action)
    return action


def add_edit_action(window: QMainWindow) -> QAction:
    """Add File > Edit scenario… (Ctrl+E) to a window with `scenario` and `path` attributes."""
    action = QAction("&Edit scenario…", window)
    action.setShortcut(QKeySequence("Ctrl+E"))
    action.setStatusTip("Open this scenario in the scenario editor")
    action.triggered.connect(lambda: _knock(window, EDIT))
    for a in window.menuBar().actions():
        menu = a.menu()
        if isinstance(menu, QMenu) and a.text().replace("&", "") == "File":
            acts = menu.actions()
            if len(acts) > 1:
                menu.insertAction(acts[1], action)
            else:
                menu.addAction(action)
            break
    window.addAction(action)
    return action
