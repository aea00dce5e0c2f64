"""The play window's tools agree with the referee (issue 34).

The sight tool shows the rules' verdict and reason; "no target" says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow
from tests.ui.play_windows import play_window


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> PlayWindow:
    return play_window(qtbot, tmp_path / "autosave")


def test_sight_tool_on_windmill_ridge_says_what_the_referee_says(window: PlayWindow) -> None:
    w = window
    w.start(Setup(load(bundled_scenario("tactical_ridge.yaml")), "tactical", seed=1))
    a = w.play_view
    assert a is not None
    w.measuring.set_tool("sight")
    w.measuring.sight_click(a.pieces()["br_foot_bty"].pos)
    w.measuring.sight_hover(a.pieces()["fr_foot_bty"].pos)
    item = w.sight_item
    assert item is not None and not item.report.clear
    assert item.report.verdict == "hidden by a hill in g4"
    assert "hidden by a hill in g4" in w.status.text()
    # the line is drawn between square centres, stopped where the hill starts
    (line,) = item.report.lines
    assert line.start == (39.0, 9.0) and line.end == (39.0, 39.0)
    assert line.blocked_at == pytest.approx((39.0, 18.0))


def test_odds_bars_name_their_outcomes_at_the_docks_default_width(
        window: PlayWindow, qtbot: Any) -> None:
    """Issue 34: Tactical charge odds showed 87% and 13% with no labels (long unit
    names on the bars collided).  Every bar's words show whole, in the dock as
    it opens, and a lasting consequence stands out above the notes."""
    from fractions import Fraction

    from desktop.rules.action_odds import LASTING, Odds
    from desktop.rules.tactical import words as TW

    w = window
    w.start(Setup(load(bundled_scenario("tactical_ridge.yaml")), "tactical", seed=1))
    w.show()
    qtbot.waitExposed(w)
    for labels in (list(TW.CASE_SHORT.values())[4:7], list(TW.GUNNERS_SHORT.values()),
                   ["no hits", "1 hit", "2 hits", "3 hits", "4 hits"]):
        n = len(labels)
        odds = Odds("2nd Bn, 1st Foot Guards charges 6e bataillon d'artillerie à pied",
                    [(k, Fraction(1, n)) for k in labels],
                    [f"{LASTING}It deploys for good.", "at least one Sabre 87%"])
        w.odds.show_odds(odds)
        qtbot.wait(10)
        bars = w.odds.plot
        assert bars.isVisible() and bars.width() <= 400, bars.width()
        assert bars.label_width() > 0, (bars.width(), bars.label_width(), w.unit_dock.width())
        assert bars.shown_labels() == labels, (bars.width(), w.unit_dock.width())  # none cut
        assert bars.height() >= bars.ROW * n  # a row each: no two names collide
        assert w.odds.warning.isVisible() and w.odds.warning.text() == "It deploys for good."
        assert "It deploys" not in w.odds.notes.text()


def test_a_blown_away_drag_past_the_stop_stops_on_the_line(window: PlayWindow) -> None:
    """Issue 34: dragged past the 4" stop short of an enemy, the unit stops on the
    line (a legal proposal, the limit said by the cursor) instead of being refused."""
    import math

    from tests.rules.blown_away.helpers import foot, scenario

    w = window
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 43, 50, 180)])
    w.start(Setup(sc, "blown_away", {"first_side": "blue"}, seed=1))
    g = w.game
    assert g is not None and g.side == "blue"
    dx, dy = math.sin(math.radians(10.0)), -math.cos(math.radians(10.0))
    ends = []
    for far in (5.5, 5.9):
        probe = w.dragging.propose("b1", 40.0 + dx * far, 60.0 + dy * far)
        assert probe is not None and probe.reason is None, probe
        d = w.proposal
        assert d is not None and "less than 4″ from an enemy" in d.snapped
        assert "Stopped on the rules' limit" in w.status.text()
        ends.append((d.x, d.y))
        w.dragging.cancel()
    assert ends[0] == pytest.approx(ends[1], abs=1e-6)  # the same stop, however far
    u = g.piece("b1")  # type: ignore[attr-defined]
    stop = g.stop_length(u, u.pos, 0.0, (40.0 + dx * 6, 60.0 + dy * 6))  # type: ignore[attr-defined]
    assert math.dist((40.0, 60.0), ends[0]) == pytest.approx(stop, abs=0.01)


def test_a_blown_away_mob_dragged_past_its_clearance_stops_on_the_line(
        window: PlayWindow) -> None:
    """Issue 34: a mob dragged past its 6" clearance of the enemy stops on the last
    quarter inch that keeps it, as a formed unit stops short at 4", instead of the
    drop being refused; the same point however far the cursor goes."""
    import math

    from tests.rules.blown_away.helpers import foot, scenario

    w = window
    sc = scenario([foot("b1", 28, 37, 0)], [foot("r1", 40, 30, 180)])
    w.start(Setup(sc, "blown_away", {"first_side": "blue"}, seed=1))
    g = w.game
    assert g is not None and g.side == "blue"
    u = g.piece("b1")  # type: ignore[attr-defined]
    u.men.run(u.ranks)
    assert u.mob
    ends = []
    for far in (15.0, 17.5):
        probe = w.dragging.propose("b1", 28.0 + far, 37.0)
        assert probe is not None and probe.reason is None, probe
        d = w.proposal
        assert d is not None and "6″ of the enemy" in d.snapped
        assert "Stopped on the rules' limit" in w.status.text()
        ends.append((d.x, d.y))
        w.dragging.cancel()
    assert ends[0] == pytest.approx(ends[1], abs=1e-6)
    stop = g.mob_stop_length(u, (45.0, 37.0), 0.0)  # type: ignore[attr-defined]
    assert math.dist((28.0, 37.0), ends[0]) == pytest.approx(stop, abs=0.01)


def test_a_hint_is_drawn_on_the_table_even_when_its_trial_roll_fails(
        window: PlayWindow) -> None:
    """Issue 34: the hint is drawn (outline where the unit would stand, an arrow
    there; a burst on the firer and an arrow to its target), from what it
    advises, not from what one trial roll did."""
    import random

    from desktop.play.advice import Advice, advise
    from desktop.ui.play.traces import ArrowItem, BurstItem, OutlineItem

    class Says:
        def __init__(self, text: str) -> None:
            self.text = text

        def choose(self, game: Any, rng: random.Random) -> Any:
            return game.parse_action(self.text)

    w = window
    w.start(Setup(load(bundled_scenario("d3_crossroads.yaml")), "d3", seed=9))
    s = w.session
    assert s is not None and w.interactive()
    move = next(a for a in s.game.sample_actions(random.Random(0), 8)
                if a.text().startswith("move ") and s.game.check(a) is None
                and not s.play_view.pieces()[a.text().split()[1]].is_officer)
    pid = move.text().split()[1]
    s.game.pieces[pid].hits = 8  # type: ignore[attr-defined]  # activates a third of the time
    hints = w.computer.hints
    for seed in range(4):
        hints.show(advise(s.game, random.Random(seed), Says(move.text())))  # type: ignore[arg-type]
        outlines = [it for it in hints.items if isinstance(it, OutlineItem)]
        arrows = [it for it in hints.items if isinstance(it, ArrowItem)]
        assert all(it.scene() is w.scene for it in hints.items)
        assert [o.piece.id for o in outlines] == [pid]
        end = [float(v) for v in move.text().split()[2].split(",")]
        assert outlines[0].piece.pos == pytest.approx(tuple(end))
        assert len(arrows) == 1 and (arrows[0].b.x(), arrows[0].b.y()) == pytest.approx(
            tuple(end))
    assert w.last_message.startswith("Hint: ")
    # a shot: the firer bursts and an arrow runs to its target
    from desktop.rules.d3.actions import Shoot

    me = pid
    them = next(p.id for p in s.play_view.pieces().values()
                if p.side != s.play_view.pieces()[me].side and not p.is_officer)
    before = s.play_view.pieces()
    hints.show(Advice(Shoot(me, them), "fires", before, before, frozenset({me}),
                      frozenset({them})))
    tp, mp = before[them], before[me]
    bursts = [it for it in hints.items if isinstance(it, BurstItem)]
    assert [(b.pos().x(), b.pos().y(), b.jagged) for b in bursts] == [
        (mp.x, mp.y, True), (tp.x, tp.y, False)]  # the firer, then its target ringed
    (arrow,) = [it for it in hints.items if isinstance(it, ArrowItem)]
    assert (arrow.b.x(), arrow.b.y()) == pytest.approx(tp.pos)


def test_save_game_offers_the_documents_folder_with_the_scenario_and_turn(
        window: PlayWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34: Save game opened wherever the dialog last was, with no name."""
    from PySide6.QtCore import QStandardPaths
    from PySide6.QtWidgets import QFileDialog

    w = window
    sc = load(bundled_scenario("tactical_ridge.yaml"))
    w.start(Setup(sc, "tactical", seed=1))
    asked: list[str] = []

    def fake(parent: Any, title: str, where: str, kinds: str) -> tuple[str, str]:
        asked.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    assert not w.records.choose_save()
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    where = Path(asked[0])
    assert where.parent == Path(docs)
    assert where.name == f"{sc.title}, turn 1.yaml"
    w.path = Path("/somewhere/kept.yaml")
    assert w.records.suggested_path() == Path("/somewhere/kept.yaml")


def test_file_names_from_titles_are_safe() -> None:
    from desktop.ui.play.replaying import _file_safe

    assert _file_safe('Ligny: "the 16th" / June?') == "Ligny- -the 16th- - June"
    assert _file_safe("..") == ""


def test_a_restored_games_log_is_scrolled_to_its_end(
        qtbot: Any, window: PlayWindow, tmp_path: Path) -> None:
    import random

    from desktop.rules.randomplay import random_action

    w = window
    w.start(Setup(load(bundled_scenario("d3_crossroads.yaml")), "d3", seed=3))
    rng = random.Random(3)
    g = w.game
    assert g is not None
    for _ in range(40):
        w.do(random_action(g, rng))
        g = w.game
        assert g is not None
    path = tmp_path / "long.yaml"
    assert w.records.save_game(path)
    other = PlayWindow(autosave_dir=tmp_path / "autosave2")
    other.computer_delay = 10**6
    qtbot.addWidget(other)
    other.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    other.resize(1400, 900)
    assert other.records.open_game(path)
    other.show()
    qtbot.waitExposed(other)
    qtbot.wait(50)
    bar = other.log.verticalScrollBar()
    assert other.log.count() > 60 and bar.maximum() > 0
    assert bar.value() == bar.maximum()


@pytest.mark.parametrize("name,ruleset", [("blown_away_four_farms.yaml", "blown_away"),
                                          ("d3_kreuzdorf_second_day.yaml", "d3")])
def test_counters_never_cover_unit_names(
        window: PlayWindow, qtbot: Any, name: str, ruleset: str) -> None:
    """Issue 34: the "13/13" counters covered the names beside the bases."""
    from desktop.table.tags import overlap

    w = window
    w.start(Setup(load(bundled_scenario(name)), ruleset, seed=1))
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(400)  # the tags grow to the fitted zoom once resizing settles
    w.selection.badges()
    ppi = w.view.ppi()
    badges = [b.tag_rect(ppi) for b in w.badges]
    tags = [(k, u.tag_rect()) for k, u in w.scene.units.items()]
    assert badges and tags
    covered = [(k, round(overlap((b.left(), b.top(), b.right(), b.bottom()), t), 3))
               for b in badges for k, t in tags
               if overlap((b.left(), b.top(), b.right(), b.bottom()), t) > 0.01]
    assert not covered


def test_replay_title_is_whole_at_1400_px_and_dice_captions_fit(
        window: PlayWindow, qtbot: Any) -> None:
    """Issue 34: the replay's title was cut beside its six buttons at 1400 px, and
    the dice tray's captions ran off its edge."""
    import random

    from desktop.rules.randomplay import random_action

    w = window
    w.start(Setup(load(bundled_scenario("tactical_ridge.yaml")), "tactical", seed=3))
    w.show()
    qtbot.waitExposed(w)
    rng = random.Random(3)
    for _ in range(30):
        g = w.game
        assert g is not None
        w.do(random_action(g, rng))
    w.records.enter_replay()
    w.records.replay_to(25)
    qtbot.wait(50)
    title = w.phase_bar.title
    assert title.text().startswith("Replay · step 25 of ")
    assert title.elided() == title.text()
    assert "Turn " in w.phase_bar.prompt.text()
    tray = w.dice
    long = "Captain Rudd's foot battery fires at 6e bataillon d'artillerie à pied: " * 3
    tray.set_dice([("d6", 4, "Fire of Captain Rudd's foot battery")], long)
    shown = tray.shown_caption()
    assert shown.endswith("…") and len(shown) < len(long)
    assert tray.fontMetrics().horizontalAdvance(shown) <= tray.width()
    assert long in tray.toolTip()
