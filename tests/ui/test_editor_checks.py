"""Issue 21 in the editor window: the checks in the Problems panel, the
self-crossing polygon marked on the table, dialogs that keep up."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest

from desktop.ui import commands as C
from desktop.ui.editor.window import EditorWindow

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture
def kiddies_file(tmp_path: Path) -> Path:
    p = tmp_path / "bridge.yaml"
    shutil.copy(SCENARIOS / "kiddies_bridge.yaml", p)
    return p


@pytest.fixture
def win(qtbot: Any, tmp_path: Path, kiddies_file: Path) -> EditorWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    w.resize(1400, 900)
    w.show()
    assert w.open_file(kiddies_file)
    w.view.fit_table()
    QTest.qWait(10)
    return w


def test_problems_panel_names_a_unit_in_the_river_and_selects_it(win: EditorWindow) -> None:
    hus = win.doc.scenario.unit("az_hus")
    x, y = hus.position
    win.doc.push(C.MoveItems(win.doc, ["az_hus"], 23.6 - x, 6.0 - y))
    win.problems.check_now()
    texts = [win.problems.list.item(i).text() for i in range(win.problems.list.count())]
    river = [t for t in texts if "River Kiddle" in t]
    assert river and "Azurian Hussars" in river[0] and "bridge or ford" in river[0]
    assert not any("az_hus" in t or "kiddle" in t for t in texts)  # names, not ids
    row = texts.index(river[0])
    win.problems.list.itemClicked.emit(win.problems.list.item(row))
    assert win.doc.selection == {"az_hus", "kiddle"}
    win.doc.undo_stack.undo()
    win.problems.check_now()
    assert win.problems.problems == []


def test_problems_panel_shows_an_unreachable_objective(win: EditorWindow) -> None:
    from desktop.scenario.model import Objective

    win.doc.push(C.AddObjective(win.doc, Objective("mid", "Mid-river rock", (23.5, 8), 0.5)))
    win.problems.check_now()
    found = [p for p in win.problems.problems if "Mid-river rock" in p.message]
    assert found and found[0].ids == ("mid",)
    assert "No unit can reach" in found[0].message
    item = next(win.problems.list.item(i) for i in range(win.problems.list.count())
                if "Mid-river rock" in win.problems.list.item(i).text())
    win.problems.list.itemClicked.emit(item)
    assert win.doc.selection == {"mid"}
