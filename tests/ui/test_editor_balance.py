"""Game > Test balance… in the editor (issue 19, item 3): the dialog runs a batch in the
background into the Balance dock, Cancel stops it with what was played, the report
is kept beside the scenario and shown again (stale when the scenario changed), and
the units that never fought are outlined on the table while the dock is open."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from desktop.play.balance.report import Report, UnitRecord
from desktop.play.balance.runner import LocalRunner
from desktop.play.balance_sidecar import Kept, read_kept, sidecar_path, write_kept
from desktop.play.levels import Level
from desktop.resources import bundled_scenarios
from desktop.scenario import load
from desktop.scenario.edits.placing import move_pieces
from desktop.scenario.wording import possessive
from desktop.ui import commands as C
from desktop.ui.editor.balance_dialog import BalanceDialog, BalanceRequest
from desktop.ui.editor.balance_dock import EMPTY
from desktop.ui.editor.window import EditorWindow
from tests.play.balance.sample import sample_report

#: The quickest bundled scenario to play (Muskets & Mayhem, a few tenths of a second a game).
QUICK = "mayhem_village.yaml"


@pytest.fixture
def village(tmp_path: Path) -> Path:
    path = tmp_path / "village.yaml"
    shutil.copy(next(p for p in bundled_scenarios() if p.name == QUICK), path)
    return path


def editor(qtbot: Any, tmp_path: Path, path: Path | None = None) -> EditorWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    w.balance.runner = LocalRunner(workers=1)  # one game at a time, in the job's thread
    w.resize(1400, 900)
    w.show()
    if path is not None:
        assert w.open_file(path)
    return w


@pytest.fixture
def win(qtbot: Any, tmp_path: Path, village: Path) -> EditorWindow:
    return editor(qtbot, tmp_path, village)


def recruit_dialog(w: EditorWindow, games: int) -> BalanceDialog:
    """The dialog as a person fills it: Recruit, the same level both sides, `games` games."""
    dlg = BalanceDialog(w.doc.scenario, w, w.settings())
    dlg.games.setValue(games)
    dlg.level.setCurrentIndex(dlg.level.findData(Level.RECRUIT))
    dlg.against.setCurrentIndex(0)
    return dlg


def run_through_dialog(qtbot: Any, w: EditorWindow, games: int) -> None:
    def ask() -> BalanceRequest:
        dlg = recruit_dialog(w, games)
        dlg.accept()
        return dlg.request()

    w.balance.ask_request = ask  # type: ignore[method-assign]
    w.balance.action.trigger()  # Game > Test balance…
    assert w.balance.job is not None
    qtbot.waitUntil(lambda: w.balance.job is None, timeout=120_000)


def test_the_game_menu_has_test_balance(win: EditorWindow) -> None:
    game = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "Game")
    texts = [a.text().replace("&", "") for a in game.actions()]
    assert "Test balance…" in texts
    assert win.balance.dock.toggleViewAction() in next(
        a.menu() for a in win.menuBar().actions()
        if a.text().replace("&", "") == "View").actions()


def test_the_dialog_asks_for_games_levels_seed_and_sweep(win: EditorWindow) -> None:
    dlg = recruit_dialog(win, 2)
    dlg.against.setCurrentIndex(dlg.against.findData(Level.VETERAN))
    dlg.seed.setValue(9)
    r = dlg.request()
    assert (r.games, r.levels, r.seed, r.ruleset) == (2, (Level.RECRUIT, Level.VETERAN), 9,
                                                      "mayhem")
    assert dlg.vary.isEnabled() and "turn limits" in dlg.vary.text()  # the village has one
    dlg.vary.setChecked(True)
    assert dlg.request().vary_turn_limit
    dlg.accept()
    again = BalanceDialog(win.doc.scenario, win, win.settings())  # remembers the last choice
    assert again.games.value() == 2
    assert again.request().levels == (Level.RECRUIT, Level.VETERAN)


def test_a_tiny_batch_runs_to_the_end_and_fills_the_dock(qtbot: Any, win: EditorWindow,
                                                         village: Path) -> None:
    dock = win.balance.dock
    run_through_dialog(qtbot, win, 2)
    kept = win.balance.kept
    assert kept is not None and kept.report.played == 2 and kept.report.complete
    assert dock.isVisible() and not dock.is_running
    assert dock.view.verdict.text() == kept.report.verdict != ""
    facts = dock.view.facts.text()
    assert "Recruit plays both sides" in facts and "2 games" in facts
    assert not dock.empty.isVisible() and not dock.view.stale.isVisible()
    names = [row[0] for row in dock.view.wins.rows]
    assert names == [*(s.name for s in win.doc.scenario.sides), "Draws"]
    assert dock.view.objective.count() == len(win.doc.scenario.game.objectives)
    assert dock.view.objective.itemText(0) == win.doc.scenario.game.objectives[0].name
    assert sidecar_path(village).is_file()  # kept beside the scenario


def test_a_sequential_batch_narrows_its_interval_on_the_chart_as_games_finish(
        qtbot: Any, win: EditorWindow) -> None:
    dock = win.balance.dock
    lines: list[str] = []
    win.balance.job = None
    job = win.balance.start(BalanceRequest("mayhem", 3, (Level.RECRUIT,), 3))
    assert job is not None and dock.settle_line.isVisible()
    assert dock.progress.format() == "%v games (at most %m)"
    job.progressed.connect(lambda p: lines.append(dock.settle_line.text()))
    qtbot.waitUntil(lambda: win.balance.job is None, timeout=120_000)
    first = win.doc.scenario.sides[0].name
    assert lines[0].startswith(f"After 1 game: {first} scores") and "Not settled yet" in lines[0]
    assert dock.settle_line.text().startswith("Not settled after the most games, 3")
    report = win.balance.kept.report  # type: ignore[union-attr]
    assert report.settle is not None and report.settle.reason == "maximum"
    assert dock.settle_chart.last == (3, report.settle.share, report.settle.low,
                                      report.settle.high)
    assert dock.settle_chart.isVisible()  # it stays after the batch
    assert "the most asked for" in dock.view.facts.text()
    assert report.verdict.startswith("Not settled")


def test_the_dialog_asks_whether_to_stop_when_settled(win: EditorWindow) -> None:
    dlg = recruit_dialog(win, 50)
    assert dlg.settle.isChecked() and dlg.precision.value() == 10
    r = dlg.request()
    assert not r.fixed and r.precision == 0.10 and r.games == 50
    dlg.settle.setChecked(False)
    dlg.precision.setValue(5)
    assert not dlg.precision.isEnabled()
    assert dlg.request().fixed
    dlg.accept()
    again = BalanceDialog(win.doc.scenario, win, win.settings())
    assert not again.settle.isChecked() and again.precision.value() == 5


def test_the_pool_plays_in_the_background_while_the_window_works(
        qtbot: Any, win: EditorWindow) -> None:
    win.balance.runner = LocalRunner(workers=2)
    seen: list[int] = []
    win.balance.job = None
    job = win.balance.start(BalanceRequest("mayhem", 4, (Level.RECRUIT,), 3))
    assert job is not None
    job.progressed.connect(lambda p: seen.append(p.done))
    ticks = 0
    while win.balance.job is not None:  # the event loop keeps turning meanwhile
        qtbot.wait(20)
        ticks += 1
        assert ticks < 6000
    assert sorted(seen) == seen and seen[-1] == 4
    assert win.balance.kept is not None and win.balance.kept.report.played == 4
    assert ticks > 1


def test_cancel_stops_the_batch_and_shows_what_was_played(qtbot: Any, win: EditorWindow) -> None:
    dock = win.balance.dock
    job = win.balance.start(BalanceRequest("mayhem", 2000, (Level.RECRUIT,), 1))
    assert job is not None and dock.is_running and dock.running.isVisible()
    qtbot.waitUntil(lambda: dock.progress.value() >= 1, timeout=60_000)
    dock.cancel_button.click()
    assert not dock.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: win.balance.job is None, timeout=60_000)
    kept = win.balance.kept
    assert kept is not None and not kept.report.complete
    assert 1 <= kept.report.played < 2000
    assert f"stopped after {kept.report.played} of 2000 games" in dock.view.facts.text()
    assert not dock.running.isVisible()


def test_the_kept_report_is_shown_again_on_reopening(qtbot: Any, tmp_path: Path,
                                                     win: EditorWindow, village: Path) -> None:
    run_through_dialog(qtbot, win, 2)
    played = win.balance.kept
    assert played is not None
    other = editor(qtbot, tmp_path / "second", village)
    kept = other.balance.kept
    assert kept is not None and kept.report == played.report
    assert not kept.stale and other.balance.dock.isVisible()
    assert other.balance.dock.view.verdict.text() == played.report.verdict


def test_a_report_for_a_changed_scenario_is_marked_stale_with_why(
        qtbot: Any, tmp_path: Path, village: Path) -> None:
    sc = load(village)
    write_kept(Kept.fresh(sample_report(), sc), village)
    side = sc.sides[1]
    moved = move_pieces(sc, [side.units[0].id], 1.0, 0.0)
    village.write_text(edits_dump(moved), encoding="utf-8")
    w = editor(qtbot, tmp_path, village)
    dock = w.balance.dock
    assert w.balance.kept is not None and w.balance.kept.stale
    assert dock.view.stale.isVisible()
    stale = dock.view.stale.text()
    assert f"{possessive(side.name)} forces" in stale and "Stale" in stale
    # moving it back in the editor makes the report current again
    w.doc.push(C.ReplaceScenario(w.doc, sc, "Move back"))
    w.balance.recheck()
    assert not w.balance.kept.stale and not dock.view.stale.isVisible()
    # and editing while it is open marks it stale again
    w.doc.push(C.ReplaceScenario(w.doc, moved, "Move"))
    qtbot.waitUntil(lambda: dock.view.stale.isVisible(), timeout=5000)


def edits_dump(s: Any) -> str:
    from desktop.scenario import dumps

    return str(dumps(s))


def never_fought_report(sc: Any, unit_ids: set[str]) -> Report:
    units = tuple(UnitRecord(u.id, u.name, side.id, 0.1, 0.0,
                             1.0 if u.id in unit_ids else 0.2)
                  for side in sc.sides for u in side.units)
    return dataclasses.replace(sample_report(), units=units)


def test_units_that_never_fought_are_marked_until_the_dock_closes(
        qtbot: Any, tmp_path: Path, village: Path) -> None:
    sc = load(village)
    chosen = {sc.sides[0].units[0].id, sc.sides[1].units[-1].id}
    write_kept(Kept.fresh(never_fought_report(sc, chosen), sc), village)
    w = editor(qtbot, tmp_path, village)
    marks = w.balance.marks
    assert marks.unit_ids == chosen and marks.marked == 2
    assert marks.scene() is w.scene and marks.boundingRect().width() > 0
    names = {u.name for side in sc.sides for u in side.units if u.id in chosen}
    assert all(n in w.balance.dock.view.unused.text() for n in names)
    # the outline follows a moved unit
    before = marks.boundingRect()
    w.doc.push(C.ReplaceScenario(w.doc, move_pieces(sc, [sorted(chosen)[0]], 3.0, 0.0),
                                 "Move"))
    assert marks.boundingRect() != before
    w.balance.dock.close()
    QApplication.processEvents()
    assert marks.marked == 0
    w.balance.dock.toggleViewAction().trigger()  # View > Balance brings them back
    QApplication.processEvents()
    assert marks.marked == 2


def test_an_unreadable_kept_report_is_named_not_fatal(qtbot: Any, tmp_path: Path,
                                                      village: Path) -> None:
    sidecar_path(village).write_text("{broken", encoding="utf-8")
    w = editor(qtbot, tmp_path, village)
    dock = w.balance.dock
    assert w.balance.kept is None
    assert "village.balance.json" in dock.trouble.text()
    assert dock.empty.text() == EMPTY


def test_a_new_scenario_has_no_report(qtbot: Any, tmp_path: Path, village: Path) -> None:
    sc = load(village)
    write_kept(Kept.fresh(sample_report(), sc), village)
    w = editor(qtbot, tmp_path, village)
    assert w.balance.kept is not None
    w.new_file()
    assert w.balance.kept is None and w.balance.marks.marked == 0


def test_save_as_pdf_writes_the_report(qtbot: Any, tmp_path: Path, village: Path) -> None:
    sc = load(village)
    write_kept(Kept.fresh(sample_report(), sc), village)
    w = editor(qtbot, tmp_path, village)
    out = w.balance.save_pdf(tmp_path / "report.pdf")
    assert out is not None and out.read_bytes().startswith(b"%PDF")


def test_saving_as_keeps_the_report_beside_the_new_file(qtbot: Any, tmp_path: Path,
                                                        village: Path) -> None:
    sc = load(village)
    write_kept(Kept.fresh(sample_report(), sc), village)
    w = editor(qtbot, tmp_path, village)
    new = tmp_path / "copy.yaml"
    w.ask_save_path = lambda *a, **k: new  # type: ignore[method-assign]
    assert w.save_as()
    again = read_kept(new, load(new))
    assert again is not None and again.report == sample_report() and not again.stale


def test_a_batch_that_cannot_run_says_why_in_the_dock(qtbot: Any, win: EditorWindow) -> None:
    win.balance.start(BalanceRequest("mayhem", 0, (Level.RECRUIT,), 1))  # no games: refused
    qtbot.waitUntil(lambda: win.balance.job is None, timeout=60_000)
    dock = win.balance.dock
    assert "could not run" in dock.trouble.text() and "at least 1" in dock.trouble.text()
    assert dock.trouble.isVisible() and not dock.is_running and win.balance.kept is None


def test_closing_the_window_stops_a_running_batch(qtbot: Any, win: EditorWindow) -> None:
    job = win.balance.start(BalanceRequest("mayhem", 2000, (Level.RECRUIT,), 1))
    assert job is not None
    qtbot.waitUntil(lambda: win.balance.dock.progress.value() >= 1, timeout=60_000)
    assert win.close()
    assert job.isFinished() and win.balance.job is None


def test_the_editor_starts_without_loading_the_balance_machinery(tmp_path: Path,
                                                                 village: Path) -> None:
    """pyqtgraph, reportlab's report and the batch runner load with a report or a batch,
    not with every editor window (they cost seconds at start-up)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from desktop.ui.editor.window import EditorWindow\n"
        f"w = EditorWindow(autosave_dir={str(tmp_path / 'auto')!r})\n"
        f"w.open_file(__import__('pathlib').Path({str(village)!r}))\n"
        "heavy = ['pyqtgraph', 'desktop.play.balance.runner', 'printouts.balance_report',\n"
        "         'desktop.ui.editor.balance_view', 'desktop.play.balance.report']\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2], timeout=300, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_dock_names_the_units_hardest_hit() -> None:
    """Issue 19: each unit's average losses, the heaviest named in the dock."""
    from dataclasses import replace as _replace

    from desktop.ui.editor.balance_view import hardest_hit
    from tests.play.balance.sample import sample_report

    report = sample_report()
    units = tuple(_replace(u, worn=float(i), lost=0.5 if i == 1 else 0.0)
                  for i, u in enumerate(report.units))
    hit = hardest_hit(_replace(report, units=units), most=2)
    top, second = units[-1], units[-2]
    assert hit == [f"{top.name}: {top.worn:.1f} boxes a game",
                   f"{second.name}: {second.worn:.1f} boxes a game"]
    worn_one = units[1]
    assert f"{worn_one.name}: 1.0 boxes a game, off the table in 50% of games" in hardest_hit(
        _replace(report, units=units), most=len(units))
    assert hardest_hit(_replace(report, units=tuple(_replace(u, worn=0.0, lost=0.0)
                                                   for u in units))) == []


def test_the_dock_counts_the_time_until_the_first_game_ends(qtbot: Any) -> None:
    """Issue 37: a game of a large scenario takes minutes; until the first one ends
    the dock shows a busy bar and how long the games have been playing."""
    import time

    from desktop.play.balance.runner import Progress
    from desktop.ui.editor.balance_dock import BalanceDock

    dock = BalanceDock()
    qtbot.addWidget(dock)
    dock.start_running(2, "2 games of a big battle")
    assert dock.progress.maximum() == 0  # busy: no end known yet
    dock._began = time.monotonic() - 75
    dock._tick()
    assert dock.progress_text.text() == "Playing the first games: 1 min so far"
    dock.show_progress(Progress(1, 2, {"a": 1}, 0, 80.0), {"a": "Army A"})
    dock._tick()
    assert dock.progress.maximum() == 2 and dock.progress.value() == 1
    assert "won so far: Army A 1" in dock.progress_text.text()
    dock.stop_running()
    assert not dock._clock.isActive()
