"""The end of the battle is a place to go on from (issue 20, item 2).

The end dialog had no buttons at all: now it says who won, how and on which
turn, shows the strength chart, and each of Replay, Save record…, Rematch
(same sides or swapped), New game… and Close does what it says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

import desktop.rules  # noqa: F401
from desktop.play.levels import Computer
from desktop.rules.record import load_record
from desktop.ui.play.end_dialog import EndDialog, swapped_seats
from desktop.ui.play.window import PlayWindow

BATTLE = Path(__file__).parents[1] / "play" / "data" / "d3_crossroads_battle.yaml"


@pytest.fixture
def ended(qtbot: Any, tmp_path: Path) -> tuple[PlayWindow, EndDialog]:
    """The whole D3 battle opened in a window, with its end dialog up."""
    w = PlayWindow(autosave_dir=tmp_path / "autosave")
    w.computer_delay = 10**6
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    assert w.records.open_game(BATTLE)
    qtbot.waitUntil(lambda: w.victory_dialog is not None, timeout=5_000)
    d = w.victory_dialog
    assert isinstance(d, EndDialog)
    return w, d


def test_the_result_in_words_and_the_chart(ended: tuple[PlayWindow, EndDialog]) -> None:
    w, d = ended
    s = w.session
    assert s is not None and s.game.outcome is not None
    fra = s.side_name("fra")
    assert d.result_text.startswith(f"{fra} won on turn {s.game.turn}:")
    assert s.game.outcome.reason.rstrip(".") in d.result_text
    assert d.chart.listDataItems()  # one line per side
    assert len(d.chart.listDataItems()) == len(s.game.scenario.sides)
    assert set(d.buttons) == {"replay", "save", "rematch", "swap", "new", "close"}


def test_replay_and_close(ended: tuple[PlayWindow, EndDialog]) -> None:
    w, d = ended
    d.show()
    d.buttons["replay"].click()
    assert not d.isVisible() and w.replay_at == 0
    w.records.leave_replay()
    d.show()
    d.buttons["close"].click()
    assert not d.isVisible() and w.replay_at is None and w.session is not None


def test_save_record(ended: tuple[PlayWindow, EndDialog], tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    _w, d = ended
    out = tmp_path / "end.yaml"
    monkeypatch.setattr("desktop.ui.play.replaying.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(out), ""))
    d.buttons["save"].click()
    assert load_record(out).actions == load_record(BATTLE).actions
    assert "Saved" in d.buttons["save"].text()


@pytest.mark.parametrize("swap", [False, True])
def test_rematch(ended: tuple[PlayWindow, EndDialog], swap: bool) -> None:
    w, d = ended
    old = w.session
    assert old is not None
    old.setup.seats = {"aus": Computer()}
    d.buttons["swap" if swap else "rematch"].click()
    new = w.session
    assert new is not old and new is not None and not new.steps and not new.over
    assert new.setup.seed == old.setup.seed + 1 and new.setup.ruleset == old.setup.ruleset
    assert set(new.setup.seats) == ({"fra"} if swap else {"aus"})
    assert w.path is None and not d.isVisible()


def test_swapped_seats_rotate_every_side(ended: tuple[PlayWindow, EndDialog]) -> None:
    w, _ = ended
    assert w.session is not None
    setup = w.session.setup
    first, second = (x.id for x in setup.scenario.sides)
    seat = Computer()
    setup.seats = {first: seat}
    assert swapped_seats(setup) == {second: seat}
    setup.seats = {second: seat}
    assert swapped_seats(setup) == {first: seat}


def test_new_game_opens_the_start_dialog(ended: tuple[PlayWindow, EndDialog],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    w, d = ended
    old = w.session
    shown: list[str] = []

    def accept(dialog: QDialog) -> int:
        shown.append(dialog.windowTitle())
        dialog.deploy.setChecked(False)  # type: ignore[attr-defined]
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr("desktop.ui.play.start_dialog.StartDialog.exec", accept)
    d.buttons["new"].click()
    assert shown and old is not None and old.game.scenario.title in shown[0]
    assert w.session is not old and w.session is not None and not w.session.steps


def test_new_game_cancelled_keeps_the_game(ended: tuple[PlayWindow, EndDialog],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    w, d = ended
    old = w.session
    monkeypatch.setattr("desktop.ui.play.start_dialog.StartDialog.exec",
                        lambda _d: int(QDialog.DialogCode.Rejected))
    d.buttons["new"].click()
    assert w.session is old
