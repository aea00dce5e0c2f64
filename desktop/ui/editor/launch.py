"""File > Edit scenario… from the viewer: an editor window on the same file or scenario.

Kept light (no editor imports until used) so the viewer starts as fast as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from desktop.ui.help.doors import register

#: Editor windows opened from elsewhere, kept alive until they close.
_OPEN: list[QMainWindow] = []


def open_editor(parent: QMainWindow | None, scenario: Any = None,
                path: Path | None = None) -> QMainWindow:
    """An editor on `path` (or on the `scenario` value, or a new table)."""
    from desktop.ui.editor.window import EditorWindow

    w = EditorWindow()
    if path is not None:
        w.open_file(Path(path), ask=False)
    elif scenario is not None:
        w.show_scenario(scenario)
    if parent is not None:
        w.resize(parent.size())
    _OPEN.append(w)
    w.destroyed.connect(lambda *_: _OPEN.remove(w) if w in _OPEN else None)
    w.show()
    return w


def add_edit_action(window: QMainWindow) -> QAction:
    """Add File > Edit scenario… (Ctrl+E) to a window with `scenario` and `path` attributes."""
    action = QAction("&Edit scenario…", window)
    action.setShortcut(QKeySequence("Ctrl+E"))
    action.setStatusTip("Open this scenario in the scenario editor")
    action.triggered.connect(lambda: open_editor(
        window, getattr(window, "scenario", None), getattr(window, "path", None)))
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


# The welcome's "Start a new scenario" (desktop.ui.help.doors).
register("new", lambda window, _path: open_editor(window))
