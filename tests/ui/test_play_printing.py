"""Printing the game in progress from the play window (issue 20, item 8).

The marks on the rosters come from the play view (`PlayView.losses`); here
they are checked against each engine's own record of the units
(`Game.units_json`, the state `volley replay --json` prints), and the PDF
the window writes is read back with pypdf.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QApplication

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from desktop.rules.view import view_of
from desktop.scenario import load
from desktop.ui.play.printing import game_marks, where_it_stands
from desktop.ui.play.window import PlayWindow
from desktop.ui.print_dialog import PrintDialog
from tests.ui.play_windows import play_window

SCENARIO_OF = {"d3": "d3_crossroads.yaml", "mayhem": "mayhem_village.yaml",
               "tactical": "tactical_ridge.yaml", "blown_away": "blown_away_four_farms.yaml",
               "kiddies": "kiddies_bridge.yaml"}


def _played(rid: str, actions: int, seed: int = 3) -> Game:
    g = registry.get(rid).new_game(load(bundled_scenario(SCENARIO_OF[rid])), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.outcome is not None:
            break
        a = random_action(g, rng)
        if a is None:
            break
        g.apply(a)
    return g


def _lost_by_the_engine(rid: str, g: Game) -> dict[str, int]:
    """What each engine's own unit record says was lost, in the roster's units."""
    out: dict[str, int] = {}
    for d in g.units_json():
        if d["kind"] != "unit":
            continue
        if rid == "d3":
            out[d["id"]] = d["hits"]
        elif rid == "mayhem":
            out[d["id"]] = d["casualties"]
        elif rid == "tactical":
            out[d["id"]] = d["start_cv"] - d["cv"]
        elif rid == "blown_away":
            out[d["id"]] = d["killed"] + d["dead"]
        else:  # kiddies: one figure a piece, counted by its unit
            fallen = d["status"] != "active"
            out[d["unit"]] = out.get(d["unit"], 0) + fallen
    return out


@pytest.mark.parametrize("rid", sorted(SCENARIO_OF))
def test_the_marks_are_what_the_engine_says_was_lost(rid: str) -> None:
    g = _played(rid, 250)
    marks = game_marks(g, view_of(g))
    expected = _lost_by_the_engine(rid, g)
    got = {pid: m.lost for pid, m in marks.pieces}
    assert {k: v for k, v in expected.items() if v} == {k: v for k, v in got.items() if v}
    assert "turn" in marks.heading or "Battle over" in marks.heading


def test_mayhem_marks_casualties_and_morale_from_a_played_melee() -> None:
    """Random play seldom fires in Muskets & Mayhem; the scripted golden game does."""
    from desktop.rules.record import load_game

    g = load_game(Path(__file__).parents[1] / "rules" / "golden" / "mayhem_charge_melee.yaml")
    marks = dict(game_marks(g, view_of(g)).pieces)
    lost = _lost_by_the_engine("mayhem", g)
    assert any(lost.values())
    for d in g.units_json():
        if d["kind"] == "unit":
            m = marks.get(d["id"])
            assert (m.lost if m else 0) == d["casualties"]
            if d["morale"] != "normal":
                assert m is not None and d["morale"].capitalize() in m.states


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    return play_window(qtbot)


def test_print_writes_the_game_in_progress_with_its_losses(
        qtbot: Any, window: PlayWindow, tmp_path: Path) -> None:
    path = bundled_scenario("d3_crossroads.yaml")
    window.start(Setup(load(path), "d3", seed=3, scenario_path=path))
    game = window.session.game  # type: ignore[union-attr]
    rng = random.Random(3)
    while not any(d["status"] == "eliminated" for d in game.units_json()) and game.outcome is None:
        action = random_action(game, rng)
        assert action is not None and window.do(action)
    assert "Print" in [a.text().replace("&", "").rstrip("…")
                       for a in window.menuBar().actions()[0].menu().actions()]
    window.print_action.trigger()
    dlg = next(w for w in QApplication.topLevelWidgets() + window.findChildren(PrintDialog)
               if isinstance(w, PrintDialog))
    qtbot.addWidget(dlg)
    assert dlg.game is not None and not dlg.ruleset_combo.isEnabled()
    assert not dlg.sheet_boxes["map"].isChecked()  # the map shows the start, not now
    options = dlg.options()
    assert options.game is not None and options.ruleset == "d3"
    hits = {d["id"]: d["hits"] for d in game.units_json() if d["kind"] == "unit"}
    for uid, h in hits.items():
        marks = options.game.of(uid)
        assert (marks.lost if marks else 0) == h
    pages = dlg.save_to(tmp_path / "game.pdf")
    assert pages >= 2
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "game.pdf").pages)
    assert where_it_stands(game, window.play_view).split(".")[0][:30] in text  # type: ignore[arg-type]
    assert "Eliminated" in text


def test_edit_scenario_opens_the_games_scenario(qtbot: Any, window: PlayWindow) -> None:
    from desktop.ui import doors, launchers  # noqa: F401  (launchers: the editor's door)

    path = bundled_scenario("mayhem_village.yaml")
    window.start(Setup(load(path), "mayhem", seed=1, scenario_path=path))
    before = list(doors.OPENED)
    window.edit_action.trigger()
    opened = [w for w in doors.OPENED if w not in before]
    assert len(opened) == 1
    editor = opened[0]
    qtbot.addWidget(editor)
    assert editor.path == path  # type: ignore[attr-defined]


def test_blown_away_men_running_are_struck_on_the_printed_boxes() -> None:
    """Issue 34: running men were a note ("2 running"); the roster now strikes
    their boxes once, after the crossed ones, as the window draws them."""
    from desktop.rules.roster_profile import Track
    from printouts.roster import draw_track

    for seed in range(1, 40):
        g = _played("blown_away", 250, seed)
        if any(p.men.running for p in g.state.pieces.values()):  # type: ignore[attr-defined]
            break
    runners = {p.id: p.men.running for p in g.state.pieces.values()  # type: ignore[attr-defined]
               if p.men.running}
    assert runners
    marks = game_marks(g, view_of(g))
    for uid, n in runners.items():
        m = marks.of(uid)
        assert m is not None and m.struck == n and "running" not in m.note
    assert "A box struck once is a man running." in marks.heading

    class Canvas:
        """Counts the strokes drawn: a cross is two lines, a running man one."""

        def __init__(self) -> None:
            self.lines: list[tuple[float, ...]] = []

        def line(self, *xy: float) -> None:
            self.lines.append(xy)

        def __getattr__(self, name: str) -> Any:
            return lambda *a, **k: None

    c = Canvas()
    ctx = type("Ctx", (), {"fonts": None})()
    draw_track(c, ctx, 0.0, 100.0, Track(13), 400.0, None, lost=3, struck=2)  # type: ignore[arg-type]
    assert len(c.lines) == 3 * 2 + 2
