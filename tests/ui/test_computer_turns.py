"""The computer opponent in the play window (issue 23, 3-7).

Its thinking runs off the GUI thread and the window keeps turning; Esc stops
it and nothing is applied; the Step pace waits for N; a hint is drawn and
does nothing; the computer's moves leave traces until the person acts and
its turn is summed up in the log; two computers play a game to its end.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest

import desktop.rules  # noqa: F401
from desktop.play.levels import Computer, Level
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.ui.play.pace import Pace
from desktop.ui.play.start_dialog import StartDialog
from desktop.ui.play.window import PlayWindow
from tests.rules.record_helpers import DUEL


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    w = PlayWindow()
    w.computer_delay = 0
    w.figures.animate_flicks = False
    qtbot.addWidget(w)
    w.resize(1400, 900)
    return w


def shown(qtbot: Any, w: PlayWindow) -> None:
    """Keys reach a window's shortcuts once it is shown and active."""
    from PySide6.QtWidgets import QApplication

    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=5_000)
    w.view.setFocus()


def crossroads(seats: dict[str, Computer]) -> Setup:
    path = bundled_scenario("d3_crossroads.yaml")
    return Setup(load(path), "d3", seed=5, seats=seats, scenario_path=path)


def test_the_window_keeps_turning_while_the_veteran_thinks(qtbot: Any,
                                                           window: PlayWindow) -> None:
    """Issue 23, 3: "the window never freezes"."""
    w = window
    w.start(crossroads({"aus": Computer(Level.VETERAN, seconds=30.0)}))
    qtbot.waitUntil(lambda: w.computer.job is not None, timeout=5_000)
    assert w.computer.busy.isVisibleTo(w) and "thinking" in w.phase_bar.prompt.text()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    # The loop turns many times while a search of 30 CPU seconds goes on (counted
    # in turns, not in wall time: the machine may be loaded).
    qtbot.waitUntil(lambda: len(ticks) >= 25, timeout=20_000)
    timer.stop()
    assert w.computer.job is not None and not w.computer.job.future.done()
    assert not w.session.steps  # still thinking
    shown(qtbot, w)
    QTest.keyClick(w.view, Qt.Key.Key_Escape)  # Esc stops it: nothing is applied
    assert w.computer.job is None and w.computer.paused
    assert "go_on" in w.phase_bar.button_map
    qtbot.wait(200)
    assert not w.session.steps


def test_esc_stops_and_n_goes_on(qtbot: Any, window: PlayWindow) -> None:
    w = window
    w.start(crossroads({"aus": Computer(Level.VETERAN, seconds=30.0)}))
    qtbot.waitUntil(lambda: w.computer.job is not None, timeout=5_000)
    job = w.computer.job
    w.computer.stop_action.trigger()
    assert job.stop.is_set() and w.computer.paused
    w.session.setup.seats["aus"] = Computer(Level.RECRUIT)  # quicker from here on
    shown(qtbot, w)
    QTest.keyClick(w.view, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: len(w.session.steps) >= 1, timeout=20_000)
    assert w.session.steps[0].side == "aus"


def test_closing_the_window_cancels_the_thinking(qtbot: Any, window: PlayWindow) -> None:
    w = window
    w.start(crossroads({"aus": Computer(Level.VETERAN, seconds=30.0)}))
    qtbot.waitUntil(lambda: w.computer.job is not None, timeout=5_000)
    job = w.computer.job
    w.close()
    assert job.stop.is_set() and w.computer.job is None
    job.future.result(timeout=20)  # the Veteran answers at its next pass and ends


def test_the_step_pace_waits_for_a_key(qtbot: Any, window: PlayWindow) -> None:
    """Issue 23, 4: "step with a key"."""
    w = window
    w.computer_delay = None  # the pace decides
    w.computer.set_pace(Pace.STEP, remember=False)
    w.start(crossroads({"aus": Computer(Level.RECRUIT)}))
    assert w.computer.waiting and "next" in w.phase_bar.button_map
    assert "N or Next" in w.phase_bar.prompt.text()
    qtbot.wait(400)
    assert not w.session.steps and w.computer.job is None
    shown(qtbot, w)
    QTest.keyClick(w.view, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: len(w.session.steps) == 1, timeout=20_000)
    qtbot.waitUntil(lambda: w.computer.waiting, timeout=5_000)
    qtbot.wait(300)
    assert len(w.session.steps) == 1  # the next one waits again
    w.phase_bar.button_map["next"].click()
    qtbot.waitUntil(lambda: len(w.session.steps) == 2, timeout=20_000)


def test_the_computer_leaves_traces_and_a_summary_until_the_person_acts(
        qtbot: Any, window: PlayWindow) -> None:
    """Issue 23, 4: traces of its moves, marks of its shots, a summary in words."""
    w = window
    w.start(crossroads({"aus": Computer(Level.STEADY)}))
    qtbot.waitUntil(lambda: w.session.game.side == "fra", timeout=60_000)
    c = w.computer
    moved = [st for st in w.session.steps if st.action.startswith("move")]
    assert moved and c.traces.origins and c.traces.items
    names = w.session.play_view
    summary = [t for t in w.log.lines_text() if t.startswith("Austrian rearguard (Steady")]
    assert summary, w.log.lines_text()[-5:]
    assert names.describe is not None and moved[0].said in summary[-1]
    assert "aus_" not in summary[-1]
    w.end_phase()  # the person acts: the traces go
    assert not c.traces.items and not c.traces.origins


def test_the_traces_hide_while_a_replay_shows_another_step(
        qtbot: Any, window: PlayWindow) -> None:
    """Issue 23, 4: the traces mark the live position; a replayed step is not it."""
    w = window
    w.start(crossroads({"aus": Computer(Level.STEADY)}))
    qtbot.waitUntil(lambda: w.session.game.side == "fra", timeout=60_000)
    items = list(w.computer.traces.items)
    assert items and all(it.isVisible() for it in items)
    w.records.enter_replay()
    assert all(not it.isVisible() for it in w.computer.traces.items)
    w.records.leave_replay()
    assert w.computer.traces.items and all(it.isVisible() for it in w.computer.traces.items)


def test_a_hint_is_drawn_and_does_nothing(qtbot: Any, window: PlayWindow) -> None:
    """Issue 23, 5: "shows what the computer would do ... and does nothing"."""
    w = window
    w.start(crossroads({"fra": Computer(Level.RECRUIT)}))
    assert w.interactive()
    w.computer.hints.action.trigger()
    qtbot.waitUntil(lambda: w.computer.hints.advice is not None, timeout=20_000)
    advice = w.computer.hints.advice
    assert w.last_message.startswith("Hint: ") and advice.said in w.last_message
    if advice.action.text() != "end":
        assert w.computer.hints.items
    qtbot.wait(300)
    assert not w.session.steps  # nothing done
    w.end_phase()  # the person acts: the hint goes
    assert not w.computer.hints.items and w.computer.hints.advice is None


def test_a_hint_waits_for_the_persons_turn(window: PlayWindow) -> None:
    w = window
    w.computer_delay = 10 ** 6
    w.start(crossroads({"aus": Computer(Level.RECRUIT)}))
    assert not w.computer.hints.action.isEnabled()
    w.computer.hints.ask()
    assert w.computer.hints.job is None and "your own turn" in w.last_message


def test_two_computers_play_to_the_end_at_instant_pace(qtbot: Any, window: PlayWindow) -> None:
    """Issue 23, 7: computer against computer plays to a finish; Esc pauses."""
    w = window
    w.computer_delay = None
    w.computer.set_pace(Pace.INSTANT, remember=False)
    sc = load(DUEL)
    w.start(Setup(sc, "d3", seed=3, seats={s.id: Computer(Level.RECRUIT) for s in sc.sides}))
    qtbot.waitUntil(lambda: len(w.session.steps) >= 3, timeout=20_000)
    w.computer.pause()
    n = len(w.session.steps)
    qtbot.wait(300)
    assert len(w.session.steps) == n and w.computer.paused
    w.computer.go_on()
    qtbot.waitUntil(lambda: w.session.over, timeout=120_000)
    assert w.session.game.outcome is not None
    last = w.session.steps[-1].side  # only the last stretch is traced, not the whole game
    assert {p.side for p in w.computer.traces.origins.values()} <= {last}
    sides = {s.name for s in sc.sides}
    told = [t for t in w.log.lines_text() if t.split(" (")[0] in sides and "(Recruit" in t]
    assert len(told) >= 2


def test_undo_takes_back_the_computers_actions_to_the_persons(qtbot: Any,
                                                               window: PlayWindow) -> None:
    w = window
    sc = load(DUEL)
    first, second = (s.id for s in sc.sides)
    w.start(Setup(sc, "d3", seed=3, dice=[6] * 80, seats={second: Computer(Level.RECRUIT)}))
    while w.session.game.side == first and not w.session.over:
        assert w.end_phase()
    qtbot.waitUntil(lambda: w.session.game.side == first or w.session.over, timeout=30_000)
    assert any(st.side == second for st in w.session.steps)
    if not w.session.can_undo():
        pytest.skip("the computer rolled dice: nothing to take back")
    w.computer_delay = 10 ** 6  # the computer waits while we look
    n = len(w.session.steps)
    w.undo()
    steps = w.session.steps
    assert len(steps) < n
    # back to the person's last action, or as far as dice allow
    assert not steps or steps[-1].side == first or steps[-1].draws


def test_the_start_dialog_offers_a_person_or_the_computer_at_a_level(qtbot: Any) -> None:
    """Issue 23, 1: per side a person or a level, a style for a computer, the
    Veteran's thinking time; the first side a person, the second Steady."""
    sc = load(bundled_scenario("d3_crossroads.yaml"))
    d = StartDialog(sc, None)
    qtbot.addWidget(d)
    p = d.seats
    a, b = (s.id for s in sc.sides)
    labels = [p.who[a].itemText(i) for i in range(p.who[a].count())]
    assert labels == ["A person", "Computer: Recruit", "Computer: Steady", "Computer: Veteran"]
    if not p.settings.contains("play/seats"):
        assert p.seat(a) is None and p.seat(b) == Computer(Level.STEADY)
    p.who[a].setCurrentIndex(0)
    assert not p.styles[a].isEnabled() and p.about[a].text() == "You play this side."
    p.who[b].setCurrentIndex(3)
    assert p.styles[b].isEnabled() and p.seconds[b].isEnabled()
    assert "several actions ahead" in p.about[b].text()
    assert "several actions ahead" in p.who[b].toolTip()
    p.styles[b].setCurrentIndex(0)
    p.seconds[b].setValue(2.5)
    assert d.setup().seats == {b: Computer(Level.VETERAN, p.seat(b).temper, 2.5)}
    assert d.setup().seats[b].label == "Veteran, bold"
    p.who[b].setCurrentIndex(2)
    assert not p.seconds[b].isEnabled()


def test_the_pieces_that_fired_and_their_targets_are_read_from_the_events() -> None:
    """Issue 23, 4: "units that fired or fought are marked" -- in any ruleset's
    words: a target named, or a shot whose shooter alone is named (Kiddies)."""
    from desktop.play.session import Step
    from desktop.rules.engine import Event
    from desktop.ui.play.traces import fights

    d3 = Step(0, "shoot a b", "x", 1, "shooting",
              (Event("activation", "", {"unit": "a"}),
               Event("shot", "", {"unit": "a", "target": "b", "hits": 2})), ())
    assert fights(d3) == ({"a"}, {"b"})
    flick = Step(1, "flick g", "x", 1, "cannon", (Event("shot", "", {"shooter": "g.gun"}),
                                                  Event("killed", "", {"figure": "c.1"})), ())
    assert fights(flick) == ({"g.gun"}, set())
    move = Step(2, "move a 1,1 0", "x", 1, "move", (Event("move", "", {"unit": "a"}),), ())
    assert fights(move) == (set(), set())


def test_saved_opened_and_replayed_games_keep_their_seats(qtbot: Any, window: PlayWindow,
                                                          tmp_path: Any) -> None:
    """Issue 23, 6: "resuming restores them" -- opening a saved game, and
    taking a game up again from a step of its replay."""
    w = window
    seats = {"aus": Computer(Level.RECRUIT, seconds=2.0)}
    w.start(crossroads(dict(seats)))
    qtbot.waitUntil(lambda: w.session.game.side == "fra", timeout=30_000)
    out = tmp_path / "game.yaml"
    w.records.save_game(out)
    n = len(w.session.steps)
    other = PlayWindow()
    other.computer_delay = 10 ** 6
    qtbot.addWidget(other)
    assert other.records.open_game(out)
    assert other.session.setup.seats == seats and len(other.session.steps) == n
    other.records.enter_replay()
    other.records.replay_to(1)
    other.records.resume_from_replay()
    assert other.session.setup.seats == seats and len(other.session.steps) == 1
    assert other.computer.due()  # the Austrians' seat takes up its turn


def test_the_seats_chosen_are_remembered_for_the_next_game(qtbot: Any, tmp_path: Any) -> None:
    from PySide6.QtCore import QSettings

    from desktop.play.levels import Temper
    from desktop.ui.play.seat_picker import KEY, SeatPicker

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    sc = load(bundled_scenario("mayhem_village.yaml"))
    a, b = (s.id for s in sc.sides)
    first = SeatPicker(sc, settings)
    qtbot.addWidget(first)
    first.who[a].setCurrentIndex(3)
    first.styles[a].setCurrentIndex(2)
    first.seconds[a].setValue(0.5)
    first.who[b].setCurrentIndex(0)
    first.remember()
    again = SeatPicker(sc, settings)
    qtbot.addWidget(again)
    assert again.seats() == {a: Computer(Level.VETERAN, Temper.CAUTIOUS, 0.5)}
    settings.setValue(KEY, "[{\"level\": \"genius\"}]")  # a damaged setting: the defaults
    fresh = SeatPicker(sc, settings)
    qtbot.addWidget(fresh)
    assert fresh.seats() == {b: Computer(Level.STEADY, Temper.BALANCED)}


def test_the_computer_waits_until_the_briefing_card_is_put_away(
        qtbot: Any, window: PlayWindow) -> None:
    """Issue 34: in D3 the Austrians' first move was in the log before the player
    pressed "To battle ▶".  A battle begins as the ways into it begin it (the
    game, then its briefing card); the computer, first to act and quick, waits."""
    w = window  # the computer acts at once when it may (no pace)
    w.start(crossroads({"aus": Computer(Level.RECRUIT)}))
    w.show_briefing(at_start=True)
    qtbot.wait(400)
    assert not w.session.steps and w.computer.job is None
    assert "when you put the briefing away" in w.phase_bar.prompt.text()
    assert "stop" not in w.phase_bar.button_map  # nothing to stop
    w.briefing.button.click()  # To battle ▶
    qtbot.waitUntil(lambda: len(w.session.steps) >= 1, timeout=20_000)
    assert w.session.steps[0].side == "aus"
    # Game ▸ Briefing later holds it again until the card goes
    w.computer.pause()
    w.briefing_action.trigger()
    w.computer.go_on()  # N while the card is up does nothing
    n = len(w.session.steps)
    qtbot.wait(300)
    assert len(w.session.steps) == n and w.computer.job is None
