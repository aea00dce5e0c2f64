"""Play from another window: the start dialog, then a play window of its own;
and the games a crash left, offered back at start-up.

The other windows reach it through its door (desktop.ui.doors), not by import.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox, QWidget

from desktop.ui import doors
from desktop.ui.help import doors as help_doors

if TYPE_CHECKING:  # the engine loads only when a game starts (start-up stays quick)
    from desktop.scenario.model import Scenario
    from desktop.ui.play.window import PlayWindow


def play_scenario(parent: QWidget | None, scenario: Scenario | None,
                  path: Path | None = None) -> QMainWindow | None:
    """Ask how to play `scenario` and open a play window on it (None if cancelled)."""
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
        w.show_briefing(at_start=True)
    except RulesError as e:
        QMessageBox.warning(parent, "Cannot play this scenario", literal(str(e)))
        w.deleteLater()
        return None
    if parent is not None:
        w.resize(parent.size())
    doors.keep_open(w)
    w.show()
    return w


def offer_left_over_games(parent: QWidget | None, base: Path | None = None,
                          ask: Callable[[QWidget | None, Path], object] | None = None,
                          ) -> list[PlayWindow]:
    """Offer back each game a crash left (newest first); the windows of those restored.
    `ask` answers for each autosave (default: the Restore box of desktop.ui.play.keeping)."""
    from desktop.ui.editor import recovery
    from desktop.ui.play.game_autosave import discard_left_over, left_over_games
    from desktop.ui.play.keeping import ask_restore
    from desktop.ui.play.window import PlayWindow

    ask = ask or ask_restore
    restored: list[PlayWindow] = []
    for autosave in left_over_games(base):
        answer = recovery.answer_of(ask(parent, autosave))
        if answer == recovery.DISCARD:
            discard_left_over(autosave, base)
        if answer != recovery.RECOVER:
            continue
        w = PlayWindow(autosave_dir=base)
        if w.keeping.restore(autosave):
            w.resize(parent.size() if parent is not None else QSize(1500, 940))
            doors.keep_open(w)
            w.show()
            restored.append(w)
        else:
            w.deleteLater()
    return restored


def _play(window: QMainWindow, path: Path | None) -> QMainWindow | None:
    """The welcome's "Play it"."""
    from desktop.scenario import load

    return None if path is None else play_scenario(window, load(path), path)


doors.register(doors.PLAY, play_scenario)
help_doors.register("play", _play)
