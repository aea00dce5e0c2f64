"""The ways between windows (desktop.ui.doors): Game ▸ Play… and Edit scenario…
reach the other window through the door its launcher registered, never by
importing it (tests/test_import_circles.py holds the imports to no circle)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QWidget

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.scenario.model import Scenario
from desktop.ui import doors, launchers
from desktop.ui.editor.window import EditorWindow
from desktop.ui.help import doors as help_doors
from desktop.ui.main_window import MainWindow
from desktop.ui.play.start_dialog import StartDialog
from desktop.ui.play.window import PlayWindow


def test_loading_the_launchers_registers_every_door() -> None:
    assert launchers.LAUNCHERS
    assert {doors.PLAY, doors.EDIT} <= set(doors.DOORS)
    assert {"open", "play", "new"} <= set(help_doors.DOORS)


def test_a_door_passes_on_the_scenario_and_its_file(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[QWidget | None, Scenario | None, Path | None]] = []

    def opener(parent: QWidget | None, scenario: Scenario | None,
               path: Path | None) -> QMainWindow | None:
        calls.append((parent, scenario, path))
        return None

    monkeypatch.setitem(doors.DOORS, "test", opener)
    path = bundled_scenario("mayhem_village.yaml")
    doors.go("test", None, path=path)
    assert calls == [(None, None, path)]
    # a way whose window was never loaded opens nothing (and raises nothing)
    assert doors.go("no such window", None, path=path) is None


def test_a_window_opened_from_another_is_kept_until_it_closes(qtbot: Any) -> None:
    w = QMainWindow()
    doors.keep_open(w)
    assert w in doors.OPENED
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert w not in doors.OPENED


def test_the_editors_play_knocks_on_the_play_door(qtbot: Any, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[object, str, Path | None]] = []
    monkeypatch.setitem(doors.DOORS, doors.PLAY, lambda parent, sc, path: asked.append(
        (parent, sc.title, path)))
    path = bundled_scenario("mayhem_village.yaml")
    editor = EditorWindow(autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(editor)
    assert editor.open_file(path, ask=False)
    editor.play_action.trigger()
    assert asked == [(editor, load(path).title, path)]


def test_edit_scenario_of_a_game_without_a_file_edits_the_scenario(qtbot: Any) -> None:
    window = PlayWindow()
    qtbot.addWidget(window)
    scenario = load(bundled_scenario("mayhem_village.yaml"))
    window.start(Setup(scenario, "mayhem", seed=1))
    before = list(doors.OPENED)
    window.edit_action.trigger()
    opened = [w for w in doors.OPENED if w not in before]
    assert len(opened) == 1 and isinstance(opened[0], EditorWindow)
    editor = opened[0]
    qtbot.addWidget(editor)
    assert editor.path is None and editor.doc.scenario.title == scenario.title
    editor.doc.undo_stack.setClean()
    editor.close()


def test_play_edit_and_play_again(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Viewer ▸ Game ▸ Play…, then the game's Edit scenario…, then the editor's
    Game ▸ Play…: three windows, each opened through a door."""
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    path = bundled_scenario("mayhem_village.yaml")
    viewer = MainWindow()
    qtbot.addWidget(viewer)
    viewer.open_file(path)
    viewer.play_action.trigger()
    game = doors.OPENED[-1]
    qtbot.addWidget(game)
    assert isinstance(game, PlayWindow) and game.setup is not None
    assert game.setup.scenario_path == path
    game.edit_action.trigger()
    editor = doors.OPENED[-1]
    qtbot.addWidget(editor)
    assert isinstance(editor, EditorWindow) and editor.path == path
    editor.play_action.trigger()
    again = doors.OPENED[-1]
    qtbot.addWidget(again)
    assert isinstance(again, PlayWindow) and again is not game
    assert again.setup is not None and again.setup.scenario_path == path
    editor.close()
