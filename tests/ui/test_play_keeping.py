"""Nothing lost in the play window (issue 20, item 1).

Game ▸ Close on a game three turns in closed at once, with no prompt, and
games were not autosaved.  Now every action is autosaved (locked while the
window runs), a killed game is offered back, and closing an unsaved game
asks Save / Discard / Cancel.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.levels import Computer
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.rules.record import load_record
from desktop.scenario import load
from desktop.ui import autosave as A
from desktop.ui.play import game_autosave as G
from desktop.ui.play.launch import offer_left_over_games
from desktop.ui.play.window import PlayWindow

ROOT = Path(__file__).resolve().parents[2]


def crossroads() -> Setup:
    path = bundled_scenario("d3_crossroads.yaml")
    return Setup(load(path), "d3", seed=5, scenario_path=path,
                 seats={"aus": Computer()})


def window(qtbot: Any, folder: Path, answers: list[str] | None = None) -> PlayWindow:
    """A play window autosaving into `folder` whose close prompt answers from `answers`."""
    w = PlayWindow(autosave_dir=folder)
    w.computer_delay = 10**6  # the computer does not move unless a test asks
    qtbot.addWidget(w)
    w.asked: list[str] = []  # type: ignore[misc]

    def ask() -> str:
        answer = (answers or ["discard"]).pop(0)
        w.asked.append(answer)  # type: ignore[attr-defined]
        return answer

    w.ask_save_changes = ask  # type: ignore[method-assign]
    return w


def end(w: PlayWindow) -> bool:
    """End the phase for whichever side is to act (the computer's seat included)."""
    assert w.session is not None
    return w.do(next(a for a in w.session.game.legal_actions() if a.text() == "end"))


def test_every_action_is_autosaved_and_a_saved_game_leaves_none(
        qtbot: Any, tmp_path: Path) -> None:
    w = window(qtbot, tmp_path)
    w.start(crossroads())
    assert w.keeping.autosave.path is None and not w.keeping.unsaved  # nothing to lose yet
    assert end(w)
    place = w.keeping.autosave.path
    assert place is not None and place.parent == G.games_folder(tmp_path)
    assert load_record(place).actions == [st.action for st in w.session.steps]
    assert A.is_live(place, place.parent)  # a second window would not offer it
    # a second action at once (the computer's pace) is written a moment later
    assert end(w)
    qtbot.waitUntil(lambda: len(load_record(place).actions) == len(w.session.steps),
                    timeout=5_000)
    assert G.left_over_games(tmp_path) == []
    w.records.save_game(tmp_path / "saved.yaml")
    assert not place.exists() and not w.keeping.unsaved


@pytest.mark.parametrize("answer", ["cancel", "discard", "save"])
def test_closing_an_unsaved_game_asks(qtbot: Any, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    """Issue 20: Game ▸ Close three turns in closed at once, with no prompt."""
    w = window(qtbot, tmp_path, [answer, "discard"])
    w.start(crossroads())
    w.show()
    assert end(w)
    place = w.keeping.autosave.path
    assert place is not None
    target = tmp_path / "kept.yaml"
    monkeypatch.setattr("desktop.ui.play.replaying.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    closed = w.close()
    assert w.asked == [answer]
    if answer == "cancel":
        assert not closed and w.isVisible() and place.exists()  # nothing happened
        return
    assert closed and not w.isVisible() and not place.exists()
    if answer == "save":
        assert load_record(target).actions == [st.action for st in w.session.steps]
    else:
        assert not target.exists()
    end(w)  # a late action (the computer's, a timer's) writes nothing once closed
    w.keeping.flush()
    assert G.left_over_games(tmp_path) == [] and w.keeping.autosave.path is None


def test_closing_a_saved_game_does_not_ask(qtbot: Any, tmp_path: Path) -> None:
    w = window(qtbot, tmp_path)
    w.start(crossroads())
    assert w.close() and w.asked == []  # no action yet
    w = window(qtbot, tmp_path)
    w.start(crossroads())
    end(w)
    w.records.save_game(tmp_path / "g.yaml")
    assert w.close() and w.asked == []


def test_save_cancelled_keeps_the_window_open(qtbot: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    w = window(qtbot, tmp_path, ["save"])
    w.start(crossroads())
    w.show()
    end(w)
    monkeypatch.setattr("desktop.ui.play.replaying.QFileDialog.getSaveFileName",
                        lambda *a, **k: ("", ""))
    assert not w.close() and w.isVisible() and w.keeping.autosave.path is not None


PLAYER = """
import sys, time
from pathlib import Path
import desktop.rules
from desktop.play.levels import Computer
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.ui.app import application
from desktop.ui.play.window import PlayWindow
app = application()
path = bundled_scenario("d3_crossroads.yaml")
w = PlayWindow(autosave_dir=Path(sys.argv[1]))
w.computer_delay = 10**6
w.start(Setup(load(path), "d3", seed=5, scenario_path=path,
              seats={"aus": Computer()}))
for _ in range(3):
    w.do(next(a for a in w.session.game.legal_actions() if a.text() == "end"))
w.keeping.flush()  # (writes wait a second apart when actions come fast)
print(w.keeping.autosave.path, len(w.session.steps), flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_game_is_offered_back(qtbot: Any, tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(tmp_path)],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().split()
        assert len(line) == 2 and line[0] != "None", "the game did not autosave"
        place, steps = Path(line[0]), int(line[1])
        asked: list[Path] = []
        # while it runs, nobody offers (or deletes) its game
        assert offer_left_over_games(None, tmp_path, lambda _p, a: asked.append(a)) == []
        assert asked == []
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert G.left_over_games(tmp_path) == [place]
    # Keep for later keeps it; Discard deletes it; Restore opens it where it stopped
    assert offer_left_over_games(None, tmp_path, lambda _p, a: "keep") == []
    assert place.exists()
    restored = offer_left_over_games(None, tmp_path, lambda _p, a: "recover")
    assert len(restored) == 1
    w = restored[0]
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    assert w.session is not None and len(w.session.steps) == steps
    assert set(w.session.setup.seats) == {"aus"}  # the computer still plays the Austrians
    assert w.keeping.unsaved and w.keeping.autosave.path == place  # it goes on writing it
    assert G.left_over_games(tmp_path) == []
    assert w.close() and not place.exists()


def test_discard_deletes_a_left_over_game(qtbot: Any, tmp_path: Path) -> None:
    w = window(qtbot, tmp_path)
    w.start(crossroads())
    end(w)
    place = w.keeping.autosave.path
    assert place is not None
    w.keeping.autosave.release()  # what a crash leaves: the file, no lock
    assert offer_left_over_games(None, tmp_path, lambda _p, a: "discard") == []
    assert not place.exists() and not G.meta_path(place).exists()
