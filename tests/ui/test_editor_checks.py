"""Issue 21 in the editor window: the checks in the Problems panel, the
self-crossing polygon marked on the table, dialogs that keep up."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
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


# --- dialogs that keep up ------------------------------------------------------------------


@pytest.fixture
def d3_win(qtbot: Any, tmp_path: Path) -> EditorWindow:
    from desktop.scenario import save
    from tests.scenario.test_edits import pinned_d3

    p = tmp_path / "d3.yaml"
    save(pinned_d3(), p)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    w.resize(1400, 900)
    w.show()
    assert w.open_file(p)
    return w


def test_defender_list_offers_the_names_as_typed(d3_win: EditorWindow, qtbot: Any) -> None:
    from desktop.ui.editor.settings import SettingsDialog

    dlg = SettingsDialog(d3_win.doc, d3_win)
    qtbot.addWidget(dlg)
    dlg.side_boxes[0].name.setText("Kaiserliche")
    dlg.side_boxes[1].name.setText("Grande Armée")
    offered = [dlg.defender.itemText(k) for k in range(dlg.defender.count())]
    assert offered == ["Kaiserliche", "Grande Armée"]  # the names as typed, not the old ones
    dlg.side_boxes[0].name.setText("")  # an empty name is never offered
    assert dlg.defender.itemText(0) == d3_win.doc.scenario.sides[0].name


def test_victory_dialog_shows_whole_objective_names(d3_win: EditorWindow, qtbot: Any) -> None:
    from PySide6.QtWidgets import QListWidget

    from desktop.scenario.model import HoldObjectives
    from desktop.ui.editor.victory import VictoryDialog

    s = d3_win.doc.scenario
    d3_win.doc.push(C.UpdateObjective(d3_win.doc, s.game.objectives[0].id,
                                      name="Aller Bridge and the old toll house"))
    dlg = VictoryDialog(d3_win.doc, d3_win)
    qtbot.addWidget(dlg)
    dlg.show()
    row = next(k for k, v in enumerate(dlg.conditions) if isinstance(v, HoldObjectives))
    dlg.list.setCurrentRow(row)
    QTest.qWait(20)
    lst = dlg.form_host.findChild(QListWidget, "objectives")
    assert lst is not None
    names = [lst.item(k).text() for k in range(lst.count())]
    assert names == [o.name for o in d3_win.doc.scenario.game.objectives]  # no "(id)"
    assert not lst.horizontalScrollBar().isVisible()
    width = lst.viewport().width()
    for k in range(lst.count()):
        assert lst.visualItemRect(lst.item(k)).right() <= width


# --- ruleset options -------------------------------------------------------------------------


def test_ruleset_options_are_built_from_the_registry_and_undo(
    d3_win: EditorWindow, qtbot: Any
) -> None:
    from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

    from desktop.rules import registry
    from desktop.ui.editor.options import RulesetOptionsDialog

    doc = d3_win.doc
    dlg = RulesetOptionsDialog(doc, d3_win)
    qtbot.addWidget(dlg)
    declared = {(r.id, o.name) for r in registry.all_rulesets() for o in r.options}
    assert set(dlg.widgets) == declared
    # D3's first side: the sides by name
    first = dlg.widgets[("d3", "first_side")]
    assert isinstance(first, QComboBox)
    labels = [first.itemText(k) for k in range(first.count())]
    assert [x.name for x in doc.scenario.sides] == labels[-2:]
    assert first.toolTip() == next(o.help for o in registry.get("d3").options
                                   if o.name == "first_side")
    assert "by name" not in labels and "" in [first.itemData(k) for k in range(first.count())]
    first.setCurrentIndex(labels.index(doc.scenario.sides[1].name))
    assert doc.scenario.ruleset_options["d3"]["first_side"] == doc.scenario.sides[1].id
    # Mayhem's melee loser: the choices its help names
    loser = dlg.widgets[("mayhem", "melee_loser")]
    assert isinstance(loser, QComboBox)
    assert [loser.itemData(k) for k in range(loser.count())] == ["retreat", "removed"]
    loser.setCurrentIndex(1)
    assert doc.scenario.ruleset_options["mayhem"] == {"melee_loser": "removed"}
    # Kiddies' shots, a boolean and a number
    shots = dlg.widgets[("kiddies", "shots")]
    assert isinstance(shots, QComboBox) and shots.findData("tabletop") >= 0
    skirmish = dlg.widgets[("tactical", "skirmish_fire")]
    assert isinstance(skirmish, QCheckBox) and skirmish.isChecked()
    skirmish.setChecked(False)
    # the scenario's victory conditions end it after 12 turns: the option is settled
    turns = dlg.widgets[("d3", "turn_limit")]
    assert isinstance(turns, QSpinBox)
    assert not turns.isEnabled() and turns.value() == 12 and "12 turns" in turns.toolTip()
    opts = doc.scenario.ruleset_options
    assert opts["tactical"] == {"skirmish_fire": False}
    # every change was one undo step; undoing shows the old values in the dialog
    doc.undo_stack.undo()
    assert "tactical" not in doc.scenario.ruleset_options and skirmish.isChecked()
    doc.undo_stack.undo()
    assert loser.currentData() == "retreat"
    doc.undo_stack.redo()
    assert loser.currentData() == "removed"
    # back to the default: the option leaves the file
    loser.setCurrentIndex(0)
    assert "mayhem" not in doc.scenario.ruleset_options


def test_settings_move_a_side_to_another_edge_with_its_zone(
    d3_win: EditorWindow, qtbot: Any
) -> None:
    from desktop.scenario.vocabulary import Edge, GameType
    from desktop.ui.editor.settings import SettingsDialog

    doc = d3_win.doc
    side = doc.scenario.sides[0]
    doc.push(C.SetGameType(doc, GameType.ENCOUNTER))
    doc.push(C.SetDeploymentZone(doc, side.id, [(0, 0), (24, 0), (24, 6), (0, 6)]))
    dlg = SettingsDialog(doc, d3_win)
    qtbot.addWidget(dlg)
    box = dlg.side_boxes[0]
    box.baseline.setCurrentIndex(box.baseline.findData(Edge.WEST))
    assert box.title() == "West side"
    dlg.accept()
    s = doc.scenario
    assert s.side(side.id).baseline is Edge.WEST
    assert max(p[0] for p in s.game.deployment[side.id].points) == 6
    doc.undo_stack.undo()
    assert doc.scenario.side(side.id).baseline is side.baseline


# --- the roster dock ---------------------------------------------------------------------------


def _cv_visible(w: EditorWindow) -> bool:
    from desktop.ui.editor.roster import CV, FIGURES

    w.edit_roster.raise_()
    QTest.qWait(20)
    table = w.edit_roster.sides[0].table
    right = max(table.columnViewportPosition(c) + table.columnWidth(c) for c in (CV, FIGURES))
    return table.columnViewportPosition(CV) >= 0 and right <= table.viewport().width()


def test_roster_shows_cv_without_widening(d3_win: EditorWindow) -> None:
    # issue 21: CV hid behind a scrollbar until the dock was widened
    assert d3_win.edit_roster.width() <= 420
    assert _cv_visible(d3_win)


def test_roster_width_is_remembered(qtbot: Any, tmp_path: Path, d3_win: EditorWindow) -> None:
    d3_win.edit_roster.raise_()
    QTest.qWait(20)
    d3_win.resizeDocks([d3_win.edit_roster], [560], Qt.Orientation.Horizontal)
    QTest.qWait(20)
    wide = d3_win.edit_roster.width()
    assert wide > 500
    d3_win.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = EditorWindow(autosave_dir=tmp_path / "autosave2", settings=settings)
    qtbot.addWidget(again)
    again.show()
    QTest.qWait(20)
    again.edit_roster.raise_()
    QTest.qWait(20)
    assert abs(again.edit_roster.width() - wide) <= 8


def test_properties_change_a_features_type_and_keep_showing_it(
    d3_win: EditorWindow, qtbot: Any
) -> None:
    """Issue 21: a wood drawn as a ridge was saved as 'ridge-1'."""
    from PySide6.QtWidgets import QComboBox

    from desktop.scenario.edits.terrain import make_feature
    from desktop.scenario.model import RectShape
    from desktop.scenario.vocabulary import TerrainType

    doc = d3_win.doc
    f = make_feature(doc.scenario, TerrainType.RIDGE, RectShape((10, 20), (4, 2)), "Copse")
    doc.push(C.AddFeature(doc, f))
    doc.select([f.id])
    QTest.qWait(20)
    combo = d3_win.properties.panel.fields["type"]
    assert isinstance(combo, QComboBox)
    k = next(i for i in range(combo.count()) if combo.itemText(i) == "Wood")
    combo.activated.emit(k)
    QTest.qWait(20)
    new = doc.scenario.terrain[-1]
    assert (new.type, new.id, new.name) == (TerrainType.WOOD, "wood-1", "Copse")
    assert doc.selection == {"wood-1"}
    assert d3_win.properties.panel.fields["type"].currentText() == "Wood"  # type: ignore[attr-defined]
    doc.undo_stack.undo()
    assert doc.scenario.terrain[-1].id == "ridge-1"


# --- units that start worn (issue 21) ------------------------------------------------------


def test_roster_sets_how_a_unit_starts_with_undo(d3_win: EditorWindow, qtbot: Any) -> None:
    """The roster's Starts column and dialog, built from D3's start_fields: hits 0 to 8
    (seed 002: the ninth hit removes a unit)."""
    from PySide6.QtWidgets import QSpinBox

    from desktop.ui.editor.roster import START

    doc = d3_win.doc
    doc.push(C.SetRuleset(doc, "d3"))
    roster = d3_win.edit_roster.sides[0]
    uid = roster.model.row_id(0)
    cell = roster.model.index(0, START)
    assert roster.model.data(cell) == "Fresh"
    officer = roster.model.index(roster.model.rowCount() - 1, START)
    assert roster.model.data(officer) == ""  # officers start as they are: no box either
    assert roster.model.data(officer, Qt.ItemDataRole.CheckStateRole) is None
    dialog = roster.edit_start(uid)
    assert dialog is not None
    spin = dialog.widgets[("d3", "hits")]
    assert isinstance(spin, QSpinBox) and spin.maximum() == 8
    QTest.qWait(20)
    assert spin.isVisible()  # the fields once sat in a tab widget never shown
    spin.setValue(4)
    dialog.accept()
    assert doc.scenario.unit(uid).start == {"d3": {"hits": 4}}
    assert roster.model.data(roster.model.index(0, START)) == "4 hits marked"
    width = roster.table.columnWidth(START)  # the column widens to show it whole
    assert width >= roster.table.fontMetrics().horizontalAdvance("4 hits marked")
    doc.undo_stack.undo()
    assert doc.scenario.unit(uid).start == {}
    assert roster.model.data(roster.model.index(0, START)) == "Fresh"


def test_start_dialog_offers_every_ruleset_when_the_scenario_names_none(
    d3_win: EditorWindow,
) -> None:
    from PySide6.QtWidgets import QCheckBox

    doc = d3_win.doc
    doc.push(C.SetRuleset(doc, None))
    uid = d3_win.edit_roster.sides[0].model.row_id(0)
    dialog = d3_win.edit_roster.sides[0].edit_start(uid)
    assert dialog is not None
    names = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert "Muskets && Mayhem" in names and len(names) == 5  # & shown, not a shortcut
    shaken = dialog.widgets[("mayhem", "shaken")]
    assert isinstance(shaken, QCheckBox)
    shaken.setChecked(True)
    dialog.accept()
    assert doc.scenario.unit(uid).start == {"mayhem": {"shaken": True}}
    text = d3_win.edit_roster.sides[0].model.data(
        d3_win.edit_roster.sides[0].model.index(0, 6))
    assert text == "Muskets & Mayhem: Shaken"
    doc.push(C.SetRuleset(doc, "mayhem"))  # the column follows the scenario's ruleset
    model = d3_win.edit_roster.sides[0].model
    assert model.data(model.index(0, 6)) == "Shaken"


def test_problems_panel_names_ruleset_placement_and_start(d3_win: EditorWindow) -> None:
    """D3 keeps line infantry out of woods; an impossible start is named by unit and field."""
    from desktop.scenario.geometry import shape_area
    from desktop.scenario.vocabulary import TerrainType

    doc = d3_win.doc
    doc.push(C.SetRuleset(doc, "d3"))
    s = doc.scenario
    wood = next(f for f in s.terrain if f.type is TerrainType.WOOD)
    inf = next(u for side in s.sides for u in side.units if u.type.value == "line_infantry")
    p = shape_area(wood.shape).representative_point()
    doc.push(C.SetPlacements(doc, {inf.id: ((float(p.x), float(p.y)), inf.facing)}))
    doc.push(C.SetUnitStart(doc, inf.id, "tactical", {"cv_lost": 50}))
    found = d3_win.problems.check_now()
    ground = [x for x in found if x.ids == (inf.id, wood.id)]
    assert ground and "line infantry may not stand there" in ground[0].message
    start = [x for x in found if x.kind.value == "start"]
    assert start and start[0].ids == (inf.id,)
    assert inf.name in start[0].message and "combat value lost is 50" in start[0].message
    texts = [d3_win.problems.list.item(i).text() for i in range(d3_win.problems.list.count())]
    assert any(t.startswith("Start: ") for t in texts)


# --- sides: baseline, clear, replace (issue 21) --------------------------------------------


def _action(menu: Any, text: str) -> Any:
    for a in menu.actions():
        if a.text().replace("&", "").startswith(text):
            return a
    raise AssertionError(f"no '{text}' in {[a.text() for a in menu.actions()]}")


def test_scenario_menu_replaces_and_clears_a_side_with_undo(d3_win: EditorWindow) -> None:
    doc = d3_win.doc
    before = doc.scenario
    d3_win.fill_sides_menu()
    names = [a.text() for a in d3_win.sides_menu.actions() if a.menu() is not None]
    assert names == [s.name.replace("&", "&&") for s in before.sides]  # names, not ids
    sub = d3_win.sides_menu.actions()[1].menu()
    # replace the second side: asked for a name, then one undo step
    from desktop.ui.editor import sides as S

    S.fill_side_menu(sub, doc, before.sides[1].id, d3_win,
                     lambda m: d3_win.statusBar().showMessage(m),
                     ask=lambda _p, _old: "Bavarian corps")
    _action(sub, "Replace with a new side").trigger()
    new = doc.scenario.sides[1]
    assert (new.name, new.units, new.officers) == ("Bavarian corps", (), ())
    assert "replaced by Bavarian corps" in d3_win.statusBar().currentMessage()
    # the roster's tab follows
    assert d3_win.edit_roster.tabs.tabText(1).startswith("Bavarian corps")
    doc.undo_stack.undo()
    assert doc.scenario == before
    # clear the first side
    d3_win.fill_sides_menu()
    first = d3_win.sides_menu.actions()[0].menu()
    n = len(before.sides[0].units) + len(before.sides[0].officers)
    _action(first, f"Clear its {n} units and officers").trigger()
    assert not doc.scenario.sides[0].units and not doc.scenario.sides[0].officers
    doc.undo_stack.undo()
    assert doc.scenario == before


def test_roster_side_button_moves_the_baseline(d3_win: EditorWindow) -> None:
    from desktop.scenario.vocabulary import Edge

    doc = d3_win.doc
    roster = d3_win.edit_roster.sides[0]
    roster.fill_side_menu()
    edges = _action(roster.side_menu, "Baseline").menu()
    checked = [a.text() for a in edges.actions() if a.isChecked()]
    assert len(checked) == 1 and checked[0].lower().startswith(
        doc.scenario.sides[0].baseline.value)
    _action(edges, "West").trigger()
    assert doc.scenario.sides[0].baseline is Edge.WEST
    doc.undo_stack.undo()
    assert doc.scenario.sides[0].baseline is not Edge.WEST
