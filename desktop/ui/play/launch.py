"""Game > Play from another window: the start dialog, then a play window of its own."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox, QWidget

from desktop.ui.help.doors import register

if TYPE_CHECKING:  # the engine loads only when a game starts (start-up stays quick)
    from desktop.scenario.model import Scenario

#: Play windows opened from elsewhere, kept alive until they close.
_OPEN: list[QMainWindow] = []


def play_scenario(parent: QWidget | None, scenario: Scenario | None,
                  path: Path | None = None) -> QMainWindow | None:
    """Ask how to play `scenario` and open a play window on it (None if cancelled)."""
    import desktop.rules  # noqa: F401  (registers the rulesets)
    from desktop.rules.engine import RulesError
    from desktop.ui.plaintext import literal
    from desktop.ui.play.start_dialog import StartDialog
    from desktop.ui.play.window import PlayWindow

    if scenario is None:
        QMessageBox.information(parent, "Play", "Open a scenario first.")
        return None
    dlg = StartDialog(scenario, parent)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    setup = dlg.setup()
    setup.scenario_path = path
    w = PlayWindow()
    try:
        if dlg.deploy.isChecked():
            w.begin_deployment(setup)
        else:
            w.start(setup)
    except RulesError as e:
        QMessageBox.warning(parent, "Cannot play this scenario", literal(str(e)))
        w.deleteLater()
        return None
    if parent is not None:
        w.resize(parent.size())
    keep_open(w)
    w.show()
    return w


def keep_open(w: QMainWindow) -> None:
    """Keep a play window opened from elsewhere alive until it closes."""
    _OPEN.append(w)
    w.destroyed.connect(lambda *_: _OPEN.remove(w) if w in _OPEN else None)


def add_play_action(window: QMainWindow) -> QAction:
    """Add Game > Play… (Ctrl+Shift+P) to a window with `scenario` and `path` attributes."""
    menu = window.menuBar().addMenu("&Game")
    action = QAction("&Play…", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+P"))
    action.setStatusTip("Play this scenario with Volley as referee")
    action.triggered.connect(lambda: play_scenario(
        window, getattr(window, "scenario", None), getattr(window, "path", None)))
    menu.addAction(action)
    window.addAction(action)
    return action


def _play(window: QMainWindow, path: Path | None) -> QMainWindow | None:
    """The welcome's "Play it"."""
    from desktop.scenario import load

    return None if path is None else play_scenario(window, load(path), path)


register("play", _play)
