"""The editor window driven like a user would: mouse and keys on the table, panels, files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtTest import QTest

from desktop.scenario import load, save
from desktop.scenario.edits.base import all_ids
from desktop.scenario.edits.presets import PRESETS
from desktop.scenario.model import HoldObjectives, PolygonShape, TurnLimit
from desktop.scenario.vocabulary import GameType, Quality, TerrainType, UnitType
from desktop.ui.editor.roster import CV, NAME, QUALITY, TRAITS, parse_traits
from desktop.ui.editor.settings import SettingsDialog
from desktop.ui.editor.victory import VictoryDialog, describe
from desktop.ui.editor.window import EditorWindow
from tests.scenario.test_edits import pinned_d3


@pytest.fixture
def d3_file(tmp_path: Path) -> Path:
    p = tmp_path / "battle.yaml"
    save(pinned_d3(), p)
    return p


@pytest.fixture
def win(qtbot: Any, tmp_path: Path, d3_file: Path) -> EditorWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    w.resize(1400, 900)
    w.show()
    assert w.open_file(d3_file)
    w.view.fit_table()
    QTest.qWait(10)
    return w


def at(w: EditorWindow, x: float, y: float) -> QPoint:
    return w.view.mapFromScene(QPointF(x, y))


def click(w: EditorWindow, x: float, y: float, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:  # noqa: E501
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, mods, at(w, x, y))


def mouse_drag(w: EditorWindow, a: tuple[float, float], b: tuple[float, float],
               steps: int = 8) -> None:
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(w, *a))
    for k in range(1, steps + 1):
        t = k / steps
        QTest.mouseMove(vp, at(w, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(w, *b))


def test_opens_with_panels_and_tools(win: EditorWindow) -> None:
    assert win.doc.scenario.title == "The Crossroads at Kreuzdorf"
    assert "battle.yaml" in win.windowTitle()
    assert win.tools.current_name == "select"
    names = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert names[:4] == ["File", "Edit", "Tools", "Scenario"]
    assert win.undo_action.shortcut().matches(Qt.Modifier.CTRL | Qt.Key.Key_Z)
    assert len(win.edit_roster.sides) == 2


def test_no_two_actions_share_a_shortcut(win: EditorWindow) -> None:
    from PySide6.QtGui import QAction

    seen: dict[str, str] = {}
    for a in win.findChildren(QAction):
        if not a.isEnabled() and not a.shortcut().toString():
            continue
        for k in a.shortcuts():
            key = k.toString()
            if not key:
                continue
            assert key not in seen or seen[key] == a.text(), (key, seen.get(key), a.text())
            seen[key] = a.text()
    assert "Ctrl+Z" in seen and "Ctrl+S" in seen and "Ctrl+P" in seen


def test_mouse_drag_moves_a_unit_and_undo_redo(win: EditorWindow) -> None:
    before = win.doc.scenario
    win.tools.ctx.snap_bases = False
    mouse_drag(win, (40, 31), (42, 29))
    u = win.doc.scenario.unit("fra_huss")
    assert u.position == pytest.approx((42, 29), abs=0.15)
    assert win.doc.undo_stack.count() == 1 and win.doc.modified
    assert win.isWindowModified()
    win.undo_action.trigger()
    assert win.doc.scenario == before and not win.doc.modified
    win.redo_action.trigger()
    assert win.doc.scenario.unit("fra_huss").position == u.position
    # the scene followed the model
    item = win.scene.units["fra_huss"]
    assert item.unit == win.doc.scenario.unit("fra_huss")


def test_click_and_rubber_band_select(win: EditorWindow) -> None:
    click(win, 24, 30.5)
    assert win.doc.selection == {"fra_art"}
    assert win.properties.panel.fields["name"].text() == "Batterie à pied, 5e d'artillerie"
    mouse_drag(win, (14, 29), (33, 32.5))
    assert win.doc.selection == {"fra_46_1", "fra_46_2", "fra_art"}
    # the roster rows follow the table selection
    fra = win.edit_roster.sides[1]
    assert set(fra.selected_ids()) == {"fra_46_1", "fra_46_2", "fra_art"}


def test_draw_a_polygon_with_clicks_and_double_click(win: EditorWindow) -> None:
    win.tools.actions["polygon"].trigger()
    win.options.area_combo.setCurrentIndex(win.options.area_combo.findData(TerrainType.WOOD))
    win.options.area_combo.activated.emit(win.options.area_combo.currentIndex())
    n = len(win.doc.scenario.terrain)
    for p in [(34, 26), (40, 26), (41, 29)]:
        click(win, *p)
    QTest.mouseDClick(win.view.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, at(win, 41, 29))
    s = win.doc.scenario
    assert len(s.terrain) == n + 1
    f = s.terrain[-1]
    assert f.type is TerrainType.WOOD and isinstance(f.shape, PolygonShape)
    assert len(f.shape.points) == 3
    assert f.id in win.scene.terrain
    win.undo()
    assert len(win.doc.scenario.terrain) == n


def test_keys_on_the_view_rotate_and_enter_closes(win: EditorWindow) -> None:
    click(win, 24, 30.5)
    win.view.setFocus()
    QTest.keyClick(win.view, Qt.Key.Key_BracketRight)
    assert win.doc.scenario.unit("fra_art").facing == 15
    win.tools.actions["polyline"].trigger()
    for p in [(2, 20), (10, 21), (14, 19)]:
        click(win, *p)
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    assert win.doc.scenario.terrain[-1].type is TerrainType.ROAD


def test_place_a_unit_from_the_palette(win: EditorWindow) -> None:
    win.options.choose_side("aus")
    win.tools.actions["place_cavalry"].trigger()
    click(win, 12, 14)
    u = win.doc.scenario.side("aus").units[-1]
    assert u.type is UnitType.CAVALRY and u.facing == 180
    assert u.id in win.scene.units
    assert win.doc.selection == {u.id}


def test_cut_copy_paste_duplicate_delete(win: EditorWindow) -> None:
    win.doc.select({"fra_art"})
    win.copy_action.trigger()
    win.paste_action.trigger()
    s = win.doc.scenario
    assert len(s.side("fra").units) == 8
    (new,) = win.doc.selection
    assert s.unit(new).position == (26, 32.5)
    win.duplicate_action.trigger()
    assert len(win.doc.scenario.side("fra").units) == 9
    win.delete_action.trigger()
    assert len(win.doc.scenario.side("fra").units) == 8
    win.doc.select({"quarry"})
    win.cut_action.trigger()
    assert "quarry" not in all_ids(win.doc.scenario)
    win.paste_action.trigger()
    assert any(f.name == "Old quarry" for f in win.doc.scenario.terrain)


def test_roster_edits_are_commands(win: EditorWindow) -> None:
    fra = win.edit_roster.sides[1]
    model = fra.model
    row = model.row_of("fra_57")
    assert row is not None
    assert model.setData(model.index(row, QUALITY), Quality.VETERAN.value)
    assert win.doc.scenario.unit("fra_57").cv == 10  # CV follows quality
    assert model.setData(model.index(row, CV), 8)
    assert win.doc.scenario.unit("fra_57").cv == 8
    assert model.setData(model.index(row, NAME), "57e de Ligne")
    assert model.setData(model.index(row, TRAITS), "militia, rifles")
    assert win.doc.scenario.unit("fra_57").traits == parse_traits("militia,rifles")
    assert not model.setData(model.index(row, TRAITS), "dragons")  # refused, said why
    assert model.data(model.index(row, NAME)) == "57e de Ligne"
    units, _figures, cv, officers = model.totals()
    assert units == 7 and officers == 2 and cv == sum(
        u.cv for u in win.doc.scenario.side("fra").units)
    fra.add(UnitType.CAVALRY)
    assert len(win.doc.scenario.side("fra").units) == 8
    added = win.doc.scenario.side("fra").units[-1]
    assert added.type is UnitType.CAVALRY
    # placed in a free spot of the side's deployment zone
    from desktop.scenario.lint import lint

    assert not [p for p in lint(win.doc.scenario) if added.id in p.ids]
    # row selection selects on the table and back
    fra.table.selectRow(fra.proxy.mapFromSource(model.index(model.row_of(added.id), 0)).row())
    assert win.doc.selection == {added.id}
    fra.remove_selected()
    assert added.id not in all_ids(win.doc.scenario)
    # sorting by CV is a view sort: the model keeps roster order
    fra.table.sortByColumn(CV, Qt.SortOrder.DescendingOrder)
    top = fra.proxy.index(0, NAME).data()
    assert top in {u.name for u in win.doc.scenario.side("fra").units if u.cv == 10}


def test_settings_dialog_changes_game_in_one_step(win: EditorWindow) -> None:
    dlg = SettingsDialog(win.doc, win)
    dlg.title.setText("Kreuzdorf, second day")
    dlg.game_type.setCurrentIndex(dlg.game_type.findData(GameType.ENCOUNTER))
    dlg.depth_zone.setValue(9)
    dlg.grid_on.setChecked(True)
    dlg.grid.setValue(4)
    dlg.briefing.setPlainText("Both sides arrive.")
    n = win.doc.undo_stack.count()
    dlg.accept()
    s = win.doc.scenario
    assert s.title == "Kreuzdorf, second day" and s.game.type is GameType.ENCOUNTER
    assert s.game.deployment_depth == 9 and s.table.grid is not None
    assert s.briefing == "Both sides arrive."
    assert win.doc.undo_stack.count() == n + 1
    # a table too small for the forces is refused in the dialog, which stays open
    dlg = SettingsDialog(win.doc, win)
    dlg.table_width.setValue(20)
    dlg.accept()
    assert "off it" in dlg.error.text()


def test_victory_dialog(win: EditorWindow) -> None:
    dlg = VictoryDialog(win.doc, win)
    assert dlg.list.count() == len(win.doc.scenario.game.victory) == 5  # one line each
    dlg.add("turn_limit")
    i = len(dlg.conditions) - 1
    dlg._set(i, turns=15, fallback="aus")
    dlg.add("hold_objectives")
    dlg.accept()
    v = win.doc.scenario.game.victory
    assert TurnLimit(turns=15, fallback="aus") in v
    assert isinstance(v[-1], HoldObjectives)
    assert "holding" in describe(win.doc.scenario, v[-1])


def test_save_warns_about_problems_but_saves(win: EditorWindow, d3_file: Path) -> None:
    warned: list[int] = []
    win.warn_problems = lambda ps: warned.append(len(ps))  # type: ignore[method-assign]
    win.doc.push(__import__("desktop.ui.commands", fromlist=["x"]).MoveItems(
        win.doc, ["fra_huss"], 0, -12))
    assert win.save()
    # outside its zone, and (D3, issue 21) cavalry standing in the Old quarry
    assert warned == [2]
    assert "cavalry may not stand there" in win.problems.problems[1].message
    assert load(d3_file).unit("fra_huss").position == (40, 19)
    assert not win.doc.modified
    assert win.problems.problems and "outside" in win.problems.problems[0].message


def test_unsaved_changes_prompt(win: EditorWindow, tmp_path: Path) -> None:
    answers: list[str] = []

    def ask() -> str:
        answers.append("asked")
        return "cancel"

    win.ask_save_changes = ask  # type: ignore[method-assign]
    win.doc.push(__import__("desktop.ui.commands", fromlist=["x"]).SetText(win.doc, title="X"))
    assert not win.new_file()
    assert win.doc.scenario.title == "X"
    assert not win.close()
    assert answers == ["asked", "asked"]
    win.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    assert win.new_file(PRESETS[1])
    assert (win.doc.scenario.table.width, win.doc.scenario.table.depth) == (96, 48)
    assert not win.doc.modified


def test_save_as_untitled_and_recent_files(win: EditorWindow, tmp_path: Path) -> None:
    win.new_file(next(p for p in PRESETS if p.grid is not None))
    assert win.doc.scenario.table.grid is not None
    target = tmp_path / "grid_battle.yaml"
    win.ask_save_path = lambda *a, **k: target  # type: ignore[method-assign]
    win.save_action.trigger()
    assert target.exists() and load(target).table.grid is not None
    assert win.recent_files()[0] == target.resolve()
    assert win.recent_menu.actions()[0].text().endswith("grid_battle.yaml")


def test_properties_panel_edits_geometry_and_units(win: EditorWindow) -> None:
    win.doc.select({"galgenberg"})
    panel = win.properties.panel
    panel._rebuild()
    rot = panel.fields["rotation"]
    rot.setValue(25)
    rot.editingFinished.emit()
    assert win.doc.scenario.feature("galgenberg").shape.rotation == 25  # type: ignore[union-attr]
    panel._rebuild()
    typ = panel.fields["type"]
    typ.setCurrentIndex(typ.findData(TerrainType.RIDGE))
    typ.activated.emit(typ.currentIndex())
    assert win.doc.scenario.feature("galgenberg").type is TerrainType.RIDGE
    win.doc.select({"fra_huss"})
    panel._rebuild()
    panel.fields["trait:guard"].setChecked(True)  # type: ignore[attr-defined]
    assert "guard" in win.doc.scenario.unit("fra_huss").traits
    panel._rebuild()
    q = panel.fields["quality"]
    q.setCurrentIndex(q.findData(Quality.ELITE))
    q.activated.emit(q.currentIndex())
    assert win.doc.scenario.unit("fra_huss").cv == 10
    panel._rebuild()
    name = panel.fields["name"]
    name.setText("")  # type: ignore[attr-defined]
    name.editingFinished.emit()  # type: ignore[attr-defined]
    assert win.doc.scenario.unit("fra_huss").name == "7e Hussards"  # refused


def test_editor_app_screenshot(qtbot: Any, tmp_path: Path, d3_file: Path) -> None:
    from desktop.ui.editor.app import main

    out = tmp_path / "editor.png"
    assert main([str(d3_file), "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 10_000


def test_export_png_and_svg(win: EditorWindow, tmp_path: Path) -> None:
    png = win.export_png(tmp_path / "t.png", ppi=5)
    svg = win.export_svg(tmp_path / "t.svg")
    assert png is not None and png.stat().st_size > 1000
    assert svg is not None and "<svg" in svg.read_text(encoding="utf-8")[:400]


def test_recovery_on_open(win: EditorWindow, d3_file: Path) -> None:
    C = __import__("desktop.ui.commands", fromlist=["x"])
    win.doc.push(C.UpdatePiece(win.doc, "fra_huss", name="Recovered hussars"))
    assert win.doc.autosave() is not None
    # reopen as if after a crash: the window offers the autosave back
    # the program "crashes": its lock goes with it, the autosave stays
    win.doc._lock.release()
    win.doc._autosave = win.doc._lock = None
    win.doc._dirty_since_autosave = False
    win.doc.undo_stack.setClean()  # pretend nothing needs saving
    win.ask_recover = lambda p, f=None: "recover"  # type: ignore[method-assign]
    assert win.open_file(d3_file)
    assert win.doc.scenario.unit("fra_huss").name == "Recovered hussars"
    assert win.doc.modified


def test_status_bar_shows_refusals(win: EditorWindow) -> None:
    win.tools.actions["bridge"].trigger()
    click(win, 16, 5)
    assert "river or stream" in win.statusBar().currentMessage()


def test_vertex_tool_with_the_mouse(win: EditorWindow) -> None:
    win.doc.select({"kreuzdorf"})
    win.tools.actions["vertex"].trigger()
    mouse_drag(win, (18.5, 10.5), (17.5, 9.5))
    shape = win.doc.scenario.feature("kreuzdorf").shape
    assert isinstance(shape, PolygonShape)
    assert shape.points[0] == pytest.approx((17.5, 9.5), abs=0.15)
    assert win.doc.undo_stack.count() == 1


def test_viewer_opens_the_editor(qtbot: Any, d3_file: Path) -> None:
    from desktop.ui import launchers  # noqa: F401  (the editor's door)
    from desktop.ui.doors import OPENED
    from desktop.ui.main_window import MainWindow

    viewer = MainWindow()
    qtbot.addWidget(viewer)
    assert viewer.open_file(d3_file)
    assert viewer.edit_action.shortcut().toString() == "Ctrl+E"
    viewer.edit_action.trigger()
    editor = OPENED[-1]
    qtbot.addWidget(editor)
    assert isinstance(editor, EditorWindow)
    assert editor.doc.path == d3_file and not editor.doc.modified
    editor.close()


def test_properties_keep_the_focused_field_across_a_rebuild(qtbot: Any,
                                                            win: EditorWindow) -> None:
    win.activateWindow()
    win.doc.select({"fra_huss"})
    panel = win.properties.panel
    panel._rebuild()
    name = panel.fields["name"]
    name.setFocus()  # type: ignore[attr-defined]
    name.setText("7e Hussards (rebuilt)")  # type: ignore[attr-defined]
    name.editingFinished.emit()  # type: ignore[attr-defined]
    panel.fields["figures"].setFocus()  # Tab to the next field
    if not panel.fields["figures"].hasFocus():
        pytest.skip("no keyboard focus on this platform")
    qtbot.waitUntil(lambda: panel.fields["figures"] is not None
                    and panel._thing() is panel._shown, timeout=2000)
    QTest.qWait(200)
    assert win.doc.scenario.unit("fra_huss").name == "7e Hussards (rebuilt)"
    assert panel.fields["figures"].hasFocus()


def test_tool_keys_work_on_the_table_not_in_the_roster(qtbot: Any, win: EditorWindow) -> None:
    win.activateWindow()
    win.view.setFocus()
    if not win.view.hasFocus():
        pytest.skip("no keyboard focus on this platform")
    QTest.keyClick(win.view, Qt.Key.Key_P)
    assert win.tools.current_name == "polygon"
    QTest.keyClick(win.view, Qt.Key.Key_3)
    assert win.tools.current_name == "place_cavalry"
    QTest.keyClick(win.view, Qt.Key.Key_S)
    assert win.tools.current_name == "select"
    table = win.edit_roster.sides[0].table
    win.edit_roster.raise_()
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_3)
    assert win.tools.current_name == "select"  # the roster took the key


def test_the_line_type_list_opens_whole_below_its_box(win: EditorWindow, qtbot: Any) -> None:
    """Issue 34: in a maximised editor the list opened over its box with the first
    line types above the top of the screen."""
    win.move(0, 0)
    combo = win.options.line_combo
    combo.setCurrentIndex(combo.count() - 1)  # the style put the current line over the box
    combo.showPopup()
    popup = combo.view().window()
    qtbot.waitUntil(popup.isVisible)
    below = combo.mapToGlobal(QPoint(0, combo.height())).y()
    assert popup.geometry().top() >= below - 1
    assert combo.view().verticalScrollBar().maximum() == 0  # every line type shown
    combo.hidePopup()


def test_the_roster_dock_shows_quality_without_a_sideways_scroll(
        win: EditorWindow, qtbot: Any) -> None:
    """Issue 34: Quality was off the dock's right edge at its default width."""
    from desktop.ui.editor.roster import FIGURES, START

    win.edit_roster.show()
    win.edit_roster.raise_()
    qtbot.wait(50)
    t = win.edit_roster.tabs.currentWidget().table  # type: ignore[attr-defined]
    assert t.horizontalScrollBar().value() == 0
    for c in (QUALITY, CV, FIGURES, START):
        x = t.columnViewportPosition(c)
        assert x >= 0 and x + t.columnWidth(c) <= t.viewport().width() + 1, c
