"""Help in every window: quick reference, shortcuts, About, the welcome (issue 20, item 7)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu

from desktop.play.session import Setup
from desktop.resources import bundled_scenario, bundled_scenarios
from desktop.rules import registry
from desktop.rules.reference_shapes import RefTable
from desktop.scenario import load
from desktop.ui import launchers  # noqa: F401  (the welcome's doors, as the program loads them)
from desktop.ui.help.about import PARTS, AboutDialog, about_html, version
from desktop.ui.help.reference_window import ReferenceWindow
from desktop.ui.help.shortcuts import ShortcutsDialog, shortcut_rows
from desktop.ui.help.welcome import SHOWN_KEY, WelcomeDialog, carry_out, welcome_once
from desktop.ui.main_window import MainWindow
from printouts.reference_html import ruleset_reference_html
from printouts.ruleset_sheets import quick_reference, sections, with_references


@pytest.fixture
def viewer(qtbot: Any) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.open_file(bundled_scenario("mayhem_village.yaml"))
    return w


def _menus(w: QMainWindow) -> list[str]:
    return [a.text().replace("&", "") for a in w.menuBar().actions()]


def _texts(ref_id: str) -> list[str]:
    out: list[str] = []
    for s in sections(ref_id):
        out.append(s.title)
        for item in s.items:
            if isinstance(item, RefTable):
                out += [*item.headers, *(c for row in item.rows for c in row)]
            elif isinstance(item, tuple):
                out += list(item)
            else:
                out.append(item)
    return out


@pytest.mark.parametrize("rid", [rs.id for rs in with_references()])
def test_the_window_reference_holds_everything_the_printed_sheet_does(rid: str) -> None:
    html = ruleset_reference_html(rid)
    assert html is not None
    missing = [t for t in _texts(rid) if escape(t) not in html]
    assert missing == []
    assert ruleset_reference_html("no_such_rules") is None


def test_quick_reference_opens_on_the_windows_ruleset(qtbot: Any, viewer: MainWindow) -> None:
    assert _menus(viewer)[-1] == "Help"
    viewer.reference_action.trigger()  # type: ignore[attr-defined]
    shown = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, ReferenceWindow) and w.isVisible()]
    assert shown
    ref = shown[-1]
    qtbot.addWidget(ref)
    assert ref.rules.currentData() == "mayhem"
    text = ref.browser.toPlainText()
    mayhem = quick_reference("mayhem")
    assert mayhem is not None
    assert registry.get("mayhem").name in text and mayhem.sections[0].title in text
    ref.rules.setCurrentIndex(ref.rules.findData("d3"))
    d3 = quick_reference("d3")
    assert d3 is not None and d3.sections[1].title in ref.browser.toPlainText()


def test_the_play_window_has_help_for_its_games_rules(qtbot: Any) -> None:
    from desktop.ui.help import current_ruleset
    from desktop.ui.play.window import PlayWindow

    w = PlayWindow()
    qtbot.addWidget(w)
    path = bundled_scenario("mayhem_village.yaml")
    w.start(Setup(load(path), "mayhem", seed=1))
    assert _menus(w)[-1] == "Help"
    assert current_ruleset(w) == "mayhem"
    ref = ReferenceWindow(current_ruleset(w))
    qtbot.addWidget(ref)
    assert "Muskets" in ref.windowTitle()


def test_the_editor_has_help_last(qtbot: Any, tmp_path: Path) -> None:
    from desktop.ui.editor.window import EditorWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    assert _menus(w)[-1] == "Help"
    assert shortcut_rows(w)


@pytest.mark.parametrize("which", ["viewer", "play"])
def test_shortcuts_are_read_from_the_windows_actions(qtbot: Any, viewer: MainWindow,
                                                       which: str) -> None:
    from desktop.ui.play.window import PlayWindow

    w: QMainWindow = viewer
    if which == "play":
        w = PlayWindow()
        qtbot.addWidget(w)
    rows = shortcut_rows(w)
    assert rows
    with_keys = {id(a): a for a in w.findChildren(QAction) if a.shortcuts()}
    assert len(rows) == len(with_keys)
    names = {r[0] for r in rows}
    for a in with_keys.values():
        assert a.text().replace("&", "").rstrip("…").strip() in names
    help_row = next(r for r in rows if r[0] == "Keyboard shortcuts")
    assert help_row[1] == "Ctrl+/" and help_row[2] == "Help"
    assert all("&" not in r[0] for r in rows)
    dlg = ShortcutsDialog(w)
    qtbot.addWidget(dlg)
    assert dlg.table.rowCount() == len(rows)


def test_about_names_the_version_and_the_licences(qtbot: Any) -> None:
    html = about_html()
    assert version() in html and "LGPL" in html and "Bitstream" in html
    for p in PARTS:
        assert escape(p.name) in html
    dlg = AboutDialog()
    qtbot.addWidget(dlg)
    assert "Volley" in dlg.browser.toPlainText()


def test_the_welcome_shows_once_and_offers_the_three_ways_in(
        qtbot: Any, viewer: MainWindow, tmp_path: Path, monkeypatch: Any) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = welcome_once(viewer, settings)
    assert isinstance(first, WelcomeDialog) and first.isVisible()
    qtbot.addWidget(first)
    assert welcome_once(viewer, settings) is None  # remembered
    assert settings.value(SHOWN_KEY, type=bool)
    assert first.list.count() == len(bundled_scenarios())
    # Look at it: the viewer shows the chosen battle
    first.list.setCurrentRow(0)
    chosen = first.path()
    first.open_button.click()
    assert first.choice == "open" and viewer.path == chosen
    # Play it: the start dialog's launcher is asked for that battle
    asked: list[Any] = []
    monkeypatch.setattr("desktop.ui.play.launch.play_scenario",
                        lambda parent, sc, path: asked.append((sc.title, path)))
    carry_out(viewer, "play", chosen)
    assert asked == [(load(chosen).title, chosen)]
    # A new scenario: an editor on a new table
    editor = carry_out(viewer, "new", None)
    assert editor is not None and isinstance(editor, QMainWindow)
    qtbot.addWidget(editor)
    assert "Help" in _menus(editor) and editor.objectName() == "editor"
    assert isinstance(editor.menuBar().actions()[0].menu(), QMenu)


def test_look_at_it_from_the_play_window_opens_a_viewer(qtbot: Any) -> None:
    from desktop.ui.play.window import PlayWindow

    w = PlayWindow()
    qtbot.addWidget(w)
    path = bundled_scenario("kiddies_bridge.yaml")
    shown = carry_out(w, "open", path)
    assert isinstance(shown, MainWindow) and shown is not w
    qtbot.addWidget(shown)
    assert shown.path == path and shown.scenario is not None


def test_the_help_package_imports_no_window() -> None:
    """The windows import help for their Help menu; help reaches them only through
    the doors they register (desktop.ui.help.doors), not by importing them, even
    inside a function, so no import circle runs through it."""
    import ast

    import desktop.ui.help as help_pkg

    windows = ("desktop.ui.main_window", "desktop.ui.editor", "desktop.ui.play")
    found = []
    for path in Path(help_pkg.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names if n.startswith(windows)]
    assert found == []


def test_the_reference_opens_beside_the_table_not_on_it() -> None:
    """Issue 34 (docs/play.md, "Help"): "in a window beside the table"."""
    from PySide6.QtCore import QRect

    from desktop.ui.help.reference_window import beside

    screen = QRect(0, 0, 2560, 1440)
    room = beside(QRect(0, 0, 1400, 900), screen)
    assert room.left() == 1400 and room.right() < 2560  # to the right of the window
    left = beside(QRect(1100, 100, 1400, 900), screen)
    assert left.right() < 1100  # to its left
    full = beside(QRect(0, 0, 1920, 1080), QRect(0, 0, 1920, 1080))
    assert full.right() == 1919 and full.width() <= 640  # over the right-hand docks
    assert full.left() >= 1920 // 2


def test_f1_twice_brings_back_the_same_reference(qtbot: Any, viewer: MainWindow) -> None:
    viewer.reference_action.trigger()  # type: ignore[attr-defined]
    viewer.reference_action.trigger()  # type: ignore[attr-defined]
    shown = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, ReferenceWindow) and w.isVisible()]
    assert len(shown) == 1
    qtbot.addWidget(shown[0])
