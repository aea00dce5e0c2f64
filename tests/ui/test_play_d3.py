"""Play several turns of D3 through the play window, with scripted dice.

The moves are made as a player makes them (a mouse drag on the table, Enter to
commit, Esc to cancel, the phase bar's buttons, hovering and clicking a
target) and every step is checked against the engine's state.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

import desktop.rules  # noqa: F401
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.rules.d3.game import shooting_hits
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow


def vp(w: PlayWindow, x: float, y: float) -> QPoint:
    return w.view.mapFromScene(QPointF(x, y))


def mouse_drag(qtbot: Any, w: PlayWindow, a: tuple[float, float], b: tuple[float, float]) -> None:
    port = w.view.viewport()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     vp(w, *a))
    steps = 6
    for i in range(1, steps + 1):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        QTest.mouseMove(port, vp(w, x, y))
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       vp(w, *b))


def click_bar(w: PlayWindow, key: str) -> None:
    assert key in w.phase_bar.button_map, list(w.phase_bar.button_map)
    w.phase_bar.button_map[key].click()


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    w = PlayWindow()
    w.computer_delay = 0
    qtbot.addWidget(w)
    w.resize(1400, 900)
    sc = load(bundled_scenario("d3_crossroads.yaml"))
    # Activation rolls and shots, in the order the engine asks for them.
    dice = [4,      # turn 1, aus_ir49 moves: 4 x 2 > 0 hits
            6, 6,   # aus_art shoots: activates, D3 = 3
            6,      # fra_46_2 moves (it took hits from the battery)
            6, 5,   # fra_art shoots: activates, D3 = 3
            1]      # turn 2: aus_ir49 moves: 1 x 2 against its hits
    w.start(Setup(sc, "d3", seed=7, dice=dice))
    w.show()
    qtbot.waitExposed(w)
    w.view.fit_table()
    return w


def test_d3_turns_through_the_window(qtbot: Any, window: PlayWindow) -> None:
    w = window
    g = w.session.game
    assert (g.turn, g.phase, g.side) == (1, "movement", "aus")
    assert "End movement" in w.phase_bar.button_map["end"].text()

    # Dragging a unit shows its bands and a ghost; Esc puts it back untouched.
    gren = g.pieces["aus_gren"]
    mouse_drag(qtbot, w, gren.pos, (gren.x, gren.y + 3))
    assert w.proposal is not None and w.bands_item is not None
    QTest.keyClick(w, Qt.Key.Key_Escape)
    assert w.proposal is None and w.bands_item is None
    assert g.pieces["aus_gren"].pos == (22.0, 4.5) and not g.history

    # Too far (issue 20): the ghost stops at the band's edge and that move is
    # proposed, said as such -- never a red "may move at most 6".
    ir49 = g.pieces["aus_ir49"]
    mouse_drag(qtbot, w, ir49.pos, (ir49.x, ir49.y + 9))
    # (here the edge of its reach is in the Mühlbach: the engine's own reason is shown)
    assert w.proposal is not None and w.proposal.clamped
    assert 5.9 < w.proposal.probe.length <= 6.0
    assert "at most" not in (w.proposal.probe.reason or "")
    QTest.keyClick(w, Qt.Key.Key_Escape)

    # A legal drag, pivoted with ], committed with Enter: the activation die is rolled.
    mouse_drag(qtbot, w, ir49.pos, (ir49.x, ir49.y + 3))
    assert w.proposal is not None and w.proposal.probe.reason is None
    QTest.keyClick(w, Qt.Key.Key_BracketRight)
    assert w.proposal.facing == pytest.approx(190.0)
    QTest.keyClick(w, Qt.Key.Key_Return)
    # Screen pixels are coarser than the table: the drop lands within a pixel or two.
    assert g.history[-1].text().startswith("move aus_ir49 ")
    assert g.history[-1].text().endswith(" 190")
    assert g.pieces["aus_ir49"].pos == pytest.approx((27.0, 19.2), abs=0.6)
    assert g.pieces["aus_ir49"].moved
    assert [v for _, v, _ in w.dice.dice] == [4]
    # The log names units as the scenario does, not by their ids.
    assert any("Activation of IR 49 Kerpen, 1st bn: rolled 4" in t for t in w.log.lines_text())
    assert not any("aus_ir49" in t for t in w.log.lines_text())

    click_bar(w, "end")
    assert g.phase == "shooting"

    # Shooting: the battery's targets are marked; hovering shows the exact odds.
    w.select("aus_art")
    assert w.target_marks, "the battery should have a target"
    target = sorted(w.target_marks)[0]
    t = g.pieces[target]
    w.hover_target(target)
    assert w.odds.view is not None
    assert sum(p for _, p in w.odds.view.bars) == pytest.approx(1.0)
    cover = g.in_cover(t, g.pieces["aus_art"].front_centre())
    before = t.hits
    w.attack(target)
    assert t.hits == before + shooting_hits(3, -1, cover)
    assert [(k, v) for k, v, _ in w.dice.dice] == [("d6", 6), ("d3", 3)]
    assert g.pieces["aus_art"].shot and g.pieces["aus_art"].deployed

    click_bar(w, "end")  # hand-to-hand and elimination run; the French move
    assert (g.turn, g.phase, g.side) == (1, "movement", "fra")

    # A general's move rolls nothing and can be taken back.
    w.propose_move("fra_gen", 29.0, 28.0)
    assert w.commit_move()
    assert w.session.can_undo() and w.phase_bar.button_map["undo"].isEnabled()
    click_bar(w, "undo")
    assert g is not w.session.game  # replayed without it
    g = w.session.game
    assert g.pieces["fra_gen"].pos == (29.0, 33.0) and len(g.history) == 4

    probe = w.propose_move("fra_46_2", 31.0, 26.0)
    assert probe is not None and probe.reason is None
    assert w.commit_move()
    assert g.pieces["fra_46_2"].pos == (31.0, 26.0)
    click_bar(w, "end")
    w.select("fra_art")
    assert "aus_ir49" in w.target_marks
    hits_before = g.pieces["aus_ir49"].hits
    w.attack("aus_ir49")
    assert g.pieces["aus_ir49"].hits > hits_before
    click_bar(w, "end")
    assert (g.turn, g.phase, g.side) == (2, "movement", "aus")

    # The strength chart has a point for the end of turn 1.
    s = w.session
    assert s.series[-1].values["aus"] < s.series[0].values["aus"]

    # Turn 2: the worn unit rolls a 1; a failed test is disorder (or a re-roll prompt).
    hits = g.pieces["aus_ir49"].hits
    y0 = g.pieces["aus_ir49"].y
    w.propose_move("aus_ir49", 27.0, round(y0 + 1.5, 2), 190.0)
    w.commit_move()
    assert g.pieces["aus_ir49"].tested
    if hits >= 2:
        if g.pending is not None:
            assert "accept" in w.phase_bar.button_map
            assert "re-roll" in w.phase_bar.prompt.text()
            click_bar(w, "accept")
        assert g.pieces["aus_ir49"].status == "disordered"
    else:
        assert g.pieces["aus_ir49"].y == round(y0 + 1.5, 2)
    snap = g.snapshot()
    assert snap["turn"] == 2 and snap["actions"] == len(w.session.steps)


def test_save_load_and_replay(qtbot: Any, window: PlayWindow, tmp_path) -> None:
    w = window
    w.propose_move("aus_ir49", 27.0, 19.2)
    w.commit_move()
    click_bar(w, "end")
    click_bar(w, "end")
    g = w.session.game
    out = tmp_path / "game.yaml"
    w.records.save_game(out)
    assert "actions:" in out.read_text(encoding="utf-8")

    w2 = PlayWindow()
    qtbot.addWidget(w2)
    assert w2.records.open_game(out)
    assert w2.session.game.snapshot() == g.snapshot()

    w2.records.enter_replay()
    assert w2.replay_at == 0 and w2.game.pieces["aus_ir49"].y == 16.2
    w2.records.replay_step(1)
    assert w2.game.pieces["aus_ir49"].y == 19.2
    QTest.keyClick(w2, Qt.Key.Key_Right)
    assert w2.replay_at == 2
    QTest.keyClick(w2, Qt.Key.Key_Left)
    assert w2.replay_at == 1
    w2.records.resume_from_replay()
    assert w2.replay_at is None and len(w2.session.steps) == 1
    assert w2.session.game.phase == "movement"
