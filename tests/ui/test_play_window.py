"""The play window's tools and its other paths: deployment, ruler, sight, ranges,
the computer player, the end of the game, grid tables and `volley play`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.levels import Computer, Level
from desktop.play.measure import Units
from desktop.play.session import Setup
from desktop.resources import bundled_scenario, bundled_scenarios
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow
from tests.ui.play_windows import play_window


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    return play_window(qtbot)


def crossroads() -> Setup:
    path = bundled_scenario("d3_crossroads.yaml")
    return Setup(load(path), "d3", seed=5, scenario_path=path)


def test_the_title_names_the_ruleset_during_deployment_too(window: PlayWindow) -> None:
    """Names, never ids, in everything a person reads (the standards)."""
    from desktop.rules import registry

    setup = crossroads()
    name = registry.get(setup.ruleset).name
    assert name != setup.ruleset
    window.begin_deployment(setup)
    assert window.windowTitle() == f"{setup.scenario.title} — {name} — Volley"
    window.phase_bar.button_map["begin"].click()
    assert window.windowTitle() == f"{setup.scenario.title} — {name} — Volley"


def test_deployment_inside_the_zone(window: PlayWindow) -> None:
    w = window
    w.begin_deployment(crossroads())
    assert w.deploying and "begin" in w.phase_bar.button_map
    u = w.setup.scenario.unit("fra_46_1")
    # Into the river: refused, nothing changes.
    assert w.begin_drag("fra_46_1", u.position)
    w.drag_to((u.position[0], 22.0))
    assert not w.end_drag()
    assert w.setup.scenario.unit("fra_46_1").position == u.position
    # A step sideways inside the zone: placed, and undoable.
    w.begin_drag("fra_46_1", u.position)
    w.drag_to((u.position[0] - 2, u.position[1] + 1))
    assert w.end_drag()
    assert w.setup.scenario.unit("fra_46_1").position == (15.0, 32.0)
    w.undo()
    assert w.setup.scenario.unit("fra_46_1").position == u.position
    w.begin_drag("fra_46_1", u.position)
    w.drag_to((u.position[0] - 2, u.position[1] + 1))
    w.end_drag()
    w.phase_bar.button_map["begin"].click()
    assert not w.deploying and w.session is not None
    assert w.session.game.pieces["fra_46_1"].pos == (15.0, 32.0)


def test_ruler_edge_to_edge_waypoints_and_units(window: PlayWindow) -> None:
    w = window
    w.start(crossroads())
    w.measuring.set_tool("ruler")
    a = w.session.game.pieces["aus_ir49"]
    b = w.session.game.pieces["aus_ir4"]
    w.measuring.ruler_click(a.pos)
    w.measuring.ruler_hover(b.pos)
    assert "edge to edge" in w.ruler_reading
    w.measuring.ruler_finish()
    w.measuring.ruler_click((2.0, 2.0))
    w.measuring.ruler_click((8.0, 2.0))
    w.measuring.ruler_hover((8.0, 10.0))
    assert w.ruler_reading == "14.0″"
    w.measuring.cycle_units()
    assert w.units_mode is Units.SPANS
    w.measuring.ruler_hover((8.0, 10.0))
    assert w.ruler_reading == "2.0 spans"
    w.measuring.set_tool("select")
    assert w.ruler_item.points == []


def test_sight_between_units(window: PlayWindow) -> None:
    w = window
    w.start(crossroads())
    w.measuring.set_tool("sight")
    # The Grenzer stand in the Fuchswald; the French voltigeurs far south.
    verdict = w.measuring.sight_between("fra_46_1", "aus_grenz")
    assert verdict
    assert w.sight_item is not None and w.sight_item.report.lines
    rep = w.sight_item.report
    assert rep.clear == w.session.play_view.can_see("fra_46_1", "aus_grenz")


def test_ranges_and_arcs_for_the_selection(window: PlayWindow) -> None:
    w = window
    w.start(crossroads())
    w.select("aus_art")
    assert len(w.arc_items) == 1
    w.arcs_action.setChecked(False)
    assert w.arc_items == []


def test_computer_plays_both_sides_to_the_end(qtbot: Any, window: PlayWindow) -> None:
    w = window
    s = crossroads()
    s.seats = {"aus": Computer(Level.RECRUIT), "fra": Computer(Level.RECRUIT)}
    w.start(s)
    qtbot.waitUntil(lambda: w.session.over, timeout=60_000)
    qtbot.waitUntil(lambda: w.victory_dialog is not None, timeout=5_000)
    out = w.session.game.outcome
    assert out is not None
    assert "Game over" in w.phase_bar.title.text()
    text = " ".join(lbl.text() for lbl in w.victory_dialog.findChildren(type(w.status)))
    assert out.reason in text


def test_grid_tables_show_their_squares(window: PlayWindow) -> None:
    sc = load(bundled_scenario("tactical_ridge.yaml"))
    w = window
    w.begin_deployment(Setup(sc, "d3"))
    assert w.view.grid_visible


def test_mayhem_charge_odds(window: PlayWindow) -> None:
    from desktop.play.session import deploy

    sc = load(bundled_scenario("mayhem_village.yaml"))
    sc = deploy(sc, "us_md", (40.0, 21.0), 90.0)
    w = window
    w.start(Setup(sc, "mayhem", seed=1, dice=[6, 2]))
    w.phase_bar.button_map["first"].click()
    w.select("gb_23")
    assert "us_md" in w.target_marks
    w.hover_target("us_md")
    assert w.odds.view is not None and "check" in w.odds.view.title


@pytest.mark.parametrize("name,ruleset", [("d3_crossroads", "d3"),
                                          ("mayhem_village", "mayhem")])
def test_volley_play_screenshot(tmp_path: Path, name: str, ruleset: str) -> None:
    out = tmp_path / f"{name}.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "play", str(bundled_scenario(name)),
         "--ruleset", ruleset, "--seed", "3", "--screenshot", str(out)],
        capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 20_000


def test_volley_play_rejects_an_unknown_ruleset(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "play", str(bundled_scenario("d3_crossroads")),
         "--ruleset", "chess", "--screenshot", str(tmp_path / "x.png")],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unknown ruleset 'chess'" in done.stderr


def test_game_play_from_the_main_window(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QDialog

    from desktop.ui import doors, launchers  # noqa: F401  (launchers: Play…'s door)
    from desktop.ui.main_window import MainWindow
    from desktop.ui.play.start_dialog import StartDialog

    mw = MainWindow()
    qtbot.addWidget(mw)
    path = bundled_scenario("mayhem_village.yaml")
    mw.open_file(path)
    assert mw.play_action.text() == "&Play…"
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    mw.play_action.trigger()
    assert doors.OPENED
    pw = doors.OPENED[-1]
    qtbot.addWidget(pw)
    assert pw.deploying and pw.setup.ruleset == "mayhem"
    assert pw.setup.scenario_path == path
    pw.phase_bar.button_map["begin"].click()
    assert pw.session.game.phase == "initiative"


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: p.stem)
def test_every_bundled_scenario_plays_under_its_ruleset(qtbot: Any, path: Path) -> None:
    """Whatever the ruleset (with its own adapter or the generic one), the window
    starts, shows cards, and takes forty random legal actions without trouble."""
    import random

    from desktop.play.session import default_ruleset
    from desktop.rules.randomplay import random_action

    sc = load(path)
    w = PlayWindow()
    qtbot.addWidget(w)
    w.start(Setup(sc, default_ruleset(sc), seed=1))
    rng = random.Random(2)
    for _ in range(40):
        g = w.session.game
        if g.over:
            break
        side_pieces = [p for p in w.play_view.pieces().values() if p.side == g.side]
        if side_pieces:
            w.select(side_pieces[0].id)
            assert w.card.text.text()
        assert w.do(random_action(g, rng))
    assert w.log.count() > 0
    assert len(w.session.series) == len(w.session.steps) + 1


def test_mouse_hover_and_click_a_target_and_pivot_by_the_handle(qtbot: Any) -> None:
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from desktop.play.session import deploy

    sc = deploy(load(bundled_scenario("d3_crossroads.yaml")), "fra_huss", (40.0, 18.0), 0.0)
    w = PlayWindow()
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.start(Setup(sc, "d3", seed=5, options={"first_side": "fra"}, dice=[6, 6, 6]))
    w.show()
    qtbot.waitExposed(w)
    port = w.view.viewport()

    def at(x: float, y: float):
        return w.view.mapFromScene(QPointF(x, y))

    g = w.session.game
    # Pivot a proposed move by dragging the white handle round to the east.
    w.propose_move("fra_46_1", 17.0, 29.0)
    h = w.ghost.handle_point()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at(h.x(), h.y()))
    QTest.mouseMove(port, at(25.0, 29.0))
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       at(25.0, 29.0))
    assert w.proposal is not None and w.proposal.facing == pytest.approx(90.0)
    QTest.mouseClick(port, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     at(5.0, 20.0))
    assert w.proposal is None  # right-click cancels
    # Click the hussars, hover the battery: the charge odds; click it: the charge.
    huss = g.pieces["fra_huss"]
    QTest.mouseClick(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at(*huss.pos))
    assert w.selected == "fra_huss" and "aus_art" in w.target_marks
    art = g.pieces["aus_art"]
    # A plain move with no button held (QTest.mouseMove does not reach an offscreen view).
    pos = QPointF(at(*art.pos))
    move = QMouseEvent(QEvent.Type.MouseMove, pos, port.mapToGlobal(pos),
                       Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(port, move)
    assert w.odds.view is not None and "charge" in w.odds.view.title
    QTest.mouseClick(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at(*art.pos))
    assert g.history[-1].text().startswith("charge fra_huss aus_art")
    assert g.pieces["fra_huss"].charging == "aus_art"


def test_a_grid_ruleset_moves_by_squares(window: PlayWindow) -> None:
    """Tactical Dice: the bands are the squares the engine says a unit can reach,
    a drop picks the square under the centre, and the odds come from the game."""
    w = window
    w.start(Setup(load(bundled_scenario("tactical_ridge.yaml")), "tactical", seed=2))
    g = w.session.game
    for _ in range(20):
        if g.phase in ("first", "second"):
            break
        keys = [k for k, b in w.phase_bar.button_map.items() if b.isEnabled()]
        w.phase_bar.button_map["end" if "end" in keys else keys[0]].click()
    assert w.view.grid_visible
    a = w.play_view
    movers = [p for p in a.pieces().values() if p.side == g.side and a.can_move(p.id)]
    assert movers
    p = movers[0]
    assert w.begin_drag(p.id, p.pos)
    bands = w.drag.bands
    assert bands is not None and not bands.free.is_empty and bands.beyond.is_empty
    target = max(g.move_paths(g.st.units[p.id]), key=lambda sq: abs(sq[1] - g.st.units[p.id].sq[1]))
    cx, cy = g.board.centre(target)
    w.drag_to((cx + 0.4, cy - 0.3))  # anywhere in the square
    assert w.drag.probe.reason is None
    w.end_drag()
    assert w.commit_move()
    assert g.st.units[p.id].sq == target
    w.select(p.id)
    assert not any(k.startswith("move ") for k in w.card.button_map)


def test_a_whole_battle_opens_and_replays(window: PlayWindow) -> None:
    """A complete D3 battle on the crossroads, played through this window and saved."""
    w = window
    path = Path(__file__).parents[1] / "play" / "data" / "d3_crossroads_battle.yaml"
    assert w.records.open_game(path)
    s = w.session
    out = s.game.outcome
    assert out is not None and out.winner == "fra" and "broke" in out.reason
    assert len(s.steps) == 175 and s.game.turn == 12
    assert "Game over" in w.phase_bar.title.text()
    w.records.enter_replay()
    w.records.replay_to(len(s.steps))
    assert w.game.outcome == out
    w.records.replay_step(-1)
    assert w.game.outcome is None
    assert w.replay_at == len(s.steps) - 1
    w.records.leave_replay()
    assert w.game is s.game


def test_volley_play_reports_a_bad_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("# Volley game record\nscenario: nowhere.yaml\nruleset: d3\nactions: []\n",
                   encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "play", str(bad), "--screenshot",
         str(tmp_path / "x.png")], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1 and "nowhere.yaml" in done.stderr


def test_open_game_says_why_it_cannot(window: PlayWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: said.append(a[2]))
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenario: nowhere.yaml\nruleset: chess\nactions: []\n", encoding="utf-8")
    assert not window.records.open_game(bad)
    assert said and "nowhere.yaml" in said[0]


def test_dropping_cavalry_on_an_enemy_offers_the_charge(window: PlayWindow) -> None:
    from desktop.play.session import deploy

    sc = deploy(load(bundled_scenario("d3_crossroads.yaml")), "fra_huss", (40.0, 18.0), 0.0)
    w = window
    w.start(Setup(sc, "d3", seed=5, options={"first_side": "fra"}, dice=[6, 6]))
    g = w.session.game
    huss, art = g.pieces["fra_huss"], g.pieces["aus_art"]
    assert w.begin_drag("fra_huss", huss.pos)
    w.drag_to(art.pos)
    assert "charge" in w.cursor_label.lines[0]
    assert not w.end_drag(art.pos)
    assert w.proposal is None and not g.history  # nothing moved, nothing rolled
    assert w.odds.view is not None and "charge" in w.odds.view.title
    w.attack("aus_art")
    assert g.pieces["fra_huss"].charging == "aus_art"


def test_start_dialog_offers_rulesets_options_seed_and_seats(qtbot: Any) -> None:
    from PySide6.QtWidgets import QComboBox

    from desktop.rules import registry
    from desktop.ui.play.start_dialog import StartDialog

    sc = load(bundled_scenario("mayhem_village.yaml"))
    d = StartDialog(sc, None, seed=9)
    qtbot.addWidget(d)
    ids = [d.ruleset.itemData(i) for i in range(d.ruleset.count())]
    assert ids == registry.ids() and d.ruleset.currentData() == "mayhem"
    assert set(d._editors) == {o.name for o in registry.get("mayhem").options}
    d.seats.who[sc.sides[1].id].setCurrentIndex(1)  # the computer at Recruit
    d.ruleset.setCurrentIndex(ids.index("d3"))
    assert set(d._editors) == {"first_side", "turn_limit"}
    first = d._editors["first_side"].widget
    assert isinstance(first, QComboBox)
    first.setCurrentIndex(first.findText(sc.sides[1].name))  # the sides by name
    s = d.setup()
    assert (s.ruleset, s.seed, s.options["first_side"]) == ("d3", 9, sc.sides[1].id)
    assert "turn_limit" not in s.options  # the scenario's victory conditions settle it
    assert s.computer(sc.sides[1].id) == Computer(Level.RECRUIT)
    assert s.computer(sc.sides[0].id) is None


def test_the_computer_plays_one_side_and_hands_back(qtbot: Any, window: PlayWindow) -> None:
    w = window
    s = crossroads()
    s.seats = {"aus": Computer(Level.RECRUIT)}
    w.start(s)
    assert not w.interactive()  # the Austrians think (on another thread)
    qtbot.waitUntil(lambda: w.session.game.side == "fra", timeout=30_000)
    assert w.interactive() and "end" in w.phase_bar.button_map
    assert all(st.side == "aus" for st in w.session.steps)


def test_keys_reach_the_window_from_the_table(qtbot: Any, window: PlayWindow) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    w = window
    w.start(crossroads())
    w.show()
    qtbot.waitExposed(w)
    w.view.setFocus()
    w.propose_move("aus_ir49", 27.0, 19.0)
    QTest.keyClick(w.view, Qt.Key.Key_BracketLeft, Qt.KeyboardModifier.ShiftModifier)
    assert w.proposal.facing == pytest.approx(170.0)
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    assert w.proposal is None
    w.propose_move("aus_ir49", 27.0, 19.0)
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    assert w.session.game.history
