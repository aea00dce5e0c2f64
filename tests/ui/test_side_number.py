"""The editor says a side's number (its `plural` field) through a command with
undo, from the side's menu and from Scenario settings; the play window's words
follow it (issue 34: "Anglo-Allied" read as one thing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.scenario.edits.sides import update_side
from desktop.ui import commands as C
from desktop.ui.document import Document
from desktop.ui.editor import sides as S
from desktop.ui.editor.settings import SettingsDialog
from desktop.ui.editor.window import EditorWindow
from tests.ui.play_windows import play_window


@pytest.fixture
def doc(qtbot: Any, tmp_path: Path) -> Document:
    s = update_side(load(bundled_scenario("d3_crossroads")), "aus", name="Anglo-Allied")
    return Document(s, autosave_dir=tmp_path / "autosave", autosave_interval=0)


def test_the_command_says_the_number_and_undo_takes_it_back(doc: Document) -> None:
    before = doc.scenario
    doc.push(C.UpdateSide(doc, "aus", plural=True))
    assert doc.scenario.side("aus").plural is True
    assert doc.scenario.side("aus").name == "Anglo-Allied"  # nothing else changed
    doc.push(C.UpdateSide(doc, "aus", plural=None))  # back to the guess: a step too
    assert doc.scenario.side("aus").plural is None
    doc.undo_stack.undo()
    assert doc.scenario.side("aus").plural is True
    doc.undo_stack.undo()
    assert doc.scenario == before
    doc.undo_stack.redo()
    assert doc.scenario.side("aus").plural is True


def _checked(menu: QMenu) -> list[str]:
    verbs = next(a.menu() for a in menu.actions()
                 if a.menu() is not None and a.text().replace("&", "") == "Verb after the name")
    return [a.text() for a in verbs.actions() if a.isChecked()]


def _choose(menu: QMenu, start: str) -> None:
    verbs = next(a.menu() for a in menu.actions()
                 if a.menu() is not None and a.text().replace("&", "") == "Verb after the name")
    next(a for a in verbs.actions() if a.text().startswith(start)).trigger()


def test_the_sides_menu_offers_the_verb_after_the_name(doc: Document, qtbot: Any) -> None:
    said: list[str] = []
    menu = QMenu()
    S.fill_side_menu(menu, doc, "aus", None, said.append)
    # the guess, and what it makes of the name, checked
    assert _checked(menu) == ["Guess from the name (now “Anglo-Allied wins”)"]
    n = doc.undo_stack.count()
    _choose(menu, "“Anglo-Allied win”")
    assert doc.scenario.side("aus").plural is True
    assert doc.undo_stack.count() == n + 1 and not said
    S.fill_side_menu(menu, doc, "aus", None, said.append)
    assert _checked(menu) == ["“Anglo-Allied win” (many)"]
    doc.undo_stack.undo()
    assert doc.scenario.side("aus").plural is None


@pytest.fixture
def win(qtbot: Any, tmp_path: Path) -> EditorWindow:
    from desktop.scenario import save

    p = tmp_path / "d3.yaml"
    save(update_side(load(bundled_scenario("d3_crossroads")), "aus", name="Anglo-Allied"), p)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    assert w.open_file(p)
    return w


def test_scenario_settings_offer_the_verb_after_the_name(win: EditorWindow, qtbot: Any) -> None:
    dlg = SettingsDialog(win.doc, win)
    qtbot.addWidget(dlg)
    box = dlg.side_boxes[0]
    offered = [box.number.itemText(k) for k in range(box.number.count())]
    assert offered == ["Guess from the name (now “Anglo-Allied wins”)",
                       "“Anglo-Allied wins” (one body)", "“Anglo-Allied win” (many)"]
    assert box.number.currentData() is None
    box.name.setText("Reds")  # the choices read the name as typed
    assert box.number.itemText(0) == "Guess from the name (now “Reds win”)"
    assert box.number.itemText(1) == "“Reds wins” (one body)"
    box.name.setText("Anglo-Allied")
    box.number.setCurrentIndex(2)
    n = win.doc.undo_stack.count()
    dlg.accept()
    assert win.doc.scenario.side("aus").plural is True
    assert win.doc.undo_stack.count() == n + 1  # one step, as every settings change
    win.doc.undo_stack.undo()
    assert win.doc.scenario.side("aus").plural is None
    # the victory conditions' summary speaks the same way
    win.doc.undo_stack.redo()
    from desktop.ui.editor.victory import describe

    texts = [describe(win.doc.scenario, v) for v in win.doc.scenario.game.victory]
    assert any(t.startswith("Anglo-Allied win ") for t in texts), texts


def test_the_play_windows_words_follow_the_field(qtbot: Any) -> None:
    s = load(bundled_scenario("d3_crossroads"))
    w = play_window(qtbot)
    for plural, verb in ((True, "win"), (None, "wins")):
        said = update_side(s, "aus", name="Anglo-Allied", plural=plural)
        w.start(Setup(said, "d3", seed=5, scenario_path=None))
        assert f"Anglo-Allied {verb} by" in w.victory_panel.lines
    w.close()
