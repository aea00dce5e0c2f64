"""A click meant for one phase-bar button never lands on the button that takes its
place (issue 34: in Mayhem the computer stopped just after the player clicked
"End artillery fire ▶", whose place "Stop (Esc)" takes as the computer's turn
begins)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

import desktop.rules  # noqa: F401
from desktop.play.levels import Computer, Level
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.ui.play.bar_buttons import FRESH, SAME
from desktop.ui.play.panels import PhaseBar
from tests.ui.play_windows import play_window


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def click(button: Any, at: QPoint | None = None) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at if at is not None else button.rect().center())


def test_a_button_just_come_ignores_the_mouse_a_moment(qtbot: Any) -> None:
    bar = PhaseBar()
    qtbot.addWidget(bar)
    clock = Clock()
    bar.ages.clock = clock
    hits: list[str] = []
    bar.set_buttons([("end", "End artillery fire ▶", lambda: hits.append("end"), "")])
    bar.show()
    clock.t += FRESH + 0.1
    click(bar.button_map["end"])
    assert hits == ["end"]
    # the bar changes: a new button where the old one was takes no click at once...
    bar.set_buttons([("stop", "Stop (Esc)", lambda: hits.append("stop"), "")])
    clock.t += 0.2
    click(bar.button_map["stop"])
    QTest.mouseDClick(bar.button_map["stop"], Qt.MouseButton.LeftButton)
    assert hits == ["end"]
    # ...but after the moment it does; and the keyboard's way (click()) at any time
    clock.t += FRESH
    click(bar.button_map["stop"])
    assert hits == ["end", "stop"]


def test_a_button_the_bar_redraws_in_place_stays_as_old_as_it_was(qtbot: Any) -> None:
    bar = PhaseBar()
    qtbot.addWidget(bar)
    clock = Clock()
    bar.ages.clock = clock
    hits: list[str] = []
    buttons = [("undo", "Undo last", lambda: hits.append("undo"), ""),
               ("end", "End movement ▶", lambda: hits.append("end"), "")]
    bar.set_buttons(buttons)
    bar.show()
    clock.t += FRESH + 1.0
    bar.set_buttons([])  # the window redraws: the bar is emptied and filled again
    clock.t += SAME / 2
    bar.set_buttons(buttons)
    click(bar.button_map["end"])
    assert hits == ["end"]
    # the same words after a longer absence: a new button
    bar.set_buttons([])
    clock.t += SAME + 0.1
    bar.set_buttons(buttons)
    click(bar.button_map["undo"])
    assert hits == ["end"]


def test_a_second_click_on_the_end_of_the_phase_does_not_stop_the_computer(
        qtbot: Any) -> None:
    """The person ends the phase with a click on the bar; the computer's turn begins
    and its Stop button comes where the click was; a second click there (a double
    click, or one more to be sure) leaves the computer thinking."""
    w = play_window(qtbot)
    clock = Clock()
    w.phase_bar.ages.clock = clock
    path = bundled_scenario("d3_crossroads.yaml")
    # the French to act first, the Austrians a slow computer
    sc = load(path)
    w.start(Setup(sc, "d3", {"first_side": "fra"}, seed=5, scenario_path=path,
                  seats={"aus": Computer(Level.VETERAN, seconds=30.0)}))
    w.show()
    qtbot.waitExposed(w)
    assert w.interactive()
    end = w.phase_bar.button_map["end"]
    spot = end.mapTo(w, QPoint(end.width() - 12, end.height() // 2))
    while w.interactive():  # "End movement ▶", "End shooting ▶", ... till its turn
        qtbot.wait(1)  # the new bar laid out
        assert w.childAt(spot) is w.phase_bar.button_map["end"]
        clock.t += FRESH + 1.0
        click(w.childAt(spot), w.childAt(spot).mapFrom(w, spot))
    qtbot.waitUntil(lambda: w.computer.job is not None, timeout=10_000)
    qtbot.wait(1)
    stop = w.phase_bar.button_map["stop"]
    assert w.childAt(spot) is stop  # Stop came where the last click was
    clock.t += 0.2
    click(stop, stop.mapFrom(w, spot))
    assert w.computer.job is not None and not w.computer.paused
    clock.t += FRESH
    click(stop, stop.mapFrom(w, spot))  # now it is meant for Stop
    assert w.computer.paused and w.computer.job is None
