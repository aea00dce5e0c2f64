"""Start-up chores wait for the first frame (issue 22: nothing holds back the table).

The roster's tables come right after it, at the width they will have."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from desktop.resources import bundled_scenario, bundled_scenarios
from desktop.scenario import load
from desktop.ui import first_frame
from desktop.ui.first_frame import after_first_frame
from desktop.ui.main_window import MainWindow

TACTICAL = bundled_scenario("tactical_ridge")


class _Painted(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False


def test_chores_run_after_the_first_paint_in_order(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    ran: list[str] = []
    painted = _Painted()
    after_first_frame(w, lambda: ran.append("welcome" if painted.seen else "too early"))
    after_first_frame(w, lambda: ran.append("games"))
    w.installEventFilter(painted)
    qtbot.wait(50)
    assert ran == []  # not shown: nothing painted, nothing run
    w.show()
    qtbot.waitUntil(lambda: len(ran) == 2)
    assert ran == ["welcome", "games"]


def test_a_chore_asked_after_the_frame_runs_on_the_next_loop(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    ran: list[str] = []
    after_first_frame(w, lambda: ran.append("first"))
    w.show()
    qtbot.waitUntil(lambda: ran == ["first"])
    after_first_frame(w, lambda: ran.append("later"))
    assert ran == ["first"]
    qtbot.waitUntil(lambda: ran == ["first", "later"])


def test_a_window_never_painted_still_runs_its_chores(qtbot, monkeypatch):
    monkeypatch.setattr(first_frame, "FALLBACK_MS", 30)
    w = QWidget()  # never shown
    qtbot.addWidget(w)
    ran: list[str] = []
    after_first_frame(w, lambda: ran.append("games"))
    qtbot.waitUntil(lambda: ran == ["games"], timeout=2000)


# --- the roster's tables come right after the window's first frame ------------------


def _opened(qtbot, scenario, *, later: bool) -> MainWindow:
    """A window set up as `volley open` sets it up (later=True) or as the other paths do."""
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.roster_after_first_frame = later
    w.show_scenario(scenario, TACTICAL)
    return w


def test_the_roster_fills_right_after_the_first_frame_at_the_width_it_will_have(qtbot):
    scenario = load(TACTICAL)
    w = _opened(qtbot, scenario, later=True)
    assert w.roster.sides == []  # not in the first frame...
    reserved = w.roster.sizeHint()
    painted = _Painted()
    w.installEventFilter(painted)
    w.show()
    # ...and there right after it, every side with every row and its totals.
    qtbot.waitUntil(lambda: len(w.roster.sides) == len(scenario.sides), timeout=3000)
    assert painted.seen
    for roster, side in zip(w.roster.sides, scenario.sides, strict=True):
        assert roster.model.side == side
        assert roster.model.rowCount() == len(side.units) + len(side.officers)
        assert roster.table.isVisible()
    assert w.roster.sizeHint() == reserved  # the dock did not have to change its width
    at_once = _opened(qtbot, scenario, later=False)
    at_once.show()
    qtbot.waitExposed(at_once)
    qtbot.waitUntil(lambda: w.roster.width() == at_once.roster.width())
    assert w.view.geometry() == at_once.view.geometry()  # the table never moved


def test_other_paths_fill_the_roster_at_once(qtbot):
    """The editor, screenshots and a file opened later have no first frame to wait for."""
    scenario = load(TACTICAL)
    w = _opened(qtbot, scenario, later=False)
    assert [r.model.side for r in w.roster.sides] == list(scenario.sides)
    w.roster_after_first_frame = True  # asked for once, by the first scenario only
    w2 = _opened(qtbot, scenario, later=True)
    other = load(next(p for p in bundled_scenarios() if p != TACTICAL))
    w2.show_scenario(other)
    assert [r.model.side for r in w2.roster.sides] == list(other.sides)


def test_a_scenario_shown_before_the_first_frame_is_the_one_filled(qtbot):
    first, second = load(TACTICAL), load(bundled_scenario())
    w = _opened(qtbot, first, later=True)
    w.show_scenario(second)
    w.show()
    qtbot.waitUntil(lambda: w.roster.sides != [], timeout=3000)
    assert [r.model.side for r in w.roster.sides] == list(second.sides)


# --- what `volley open` leaves until after its first frame -----------------------------

OPEN_AND_WATCH = """
import sys, time
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget
import desktop.ui.app as app_module
from desktop.ui import doors
from desktop.ui.help import doors as help_doors

def state(app, window):
    return {"doors": sorted(doors.DOORS), "welcome doors": sorted(help_doors.DOORS),
            "launchers": "desktop.ui.launchers" in sys.modules,
            "icon": not app.windowIcon().isNull(), "roster": len(window.roster.sides)}

SEEN = {}

class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "first" not in SEEN:
            SEEN["first"] = state(QApplication.instance(), obj)
        return False

watch = Watch()
_show = QWidget.show
def show(self):
    if self.isWindow():
        self.installEventFilter(watch)
    _show(self)
QWidget.show = show

def fake_exec(app):
    window = next(w for w in app.topLevelWidgets() if w.isWindow() and w.isVisible())
    end = time.monotonic() + 60
    while time.monotonic() < end and not (SEEN and state(app, window)["launchers"]
                                          and state(app, window)["icon"]):
        app.processEvents()
        time.sleep(0.005)
    SEEN["after"] = state(app, window)
    print(repr(SEEN))
    return 0

QApplication.exec = fake_exec
# The welcome page and the offer of left-over games (100 ms after the first frame)
# are dialogs that would wait for a person; they are not what is watched here.
app_module.welcome = app_module.offer_games = lambda window: None
print("loaded with the window module:", "desktop.ui.launchers" in sys.modules)
app_module.run(app_module.Path(sys.argv[1]), None)
"""


def test_doors_and_icon_come_right_after_the_first_frame_of_volley_open(tmp_path):
    """The first frame needs neither the other windows' doors nor the app icon; both
    are there right after it, before the welcome page that uses the doors."""
    import ast
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]  # this tree's desktop, whatever the cwd
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), VOLLEY_LOOK_CACHE="")
    done = subprocess.run([sys.executable, "-c", OPEN_AND_WATCH, str(TACTICAL)],
                          capture_output=True, text=True, timeout=180, cwd=root, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    head, seen_line = done.stdout.strip().splitlines()[-2:]
    assert head == "loaded with the window module: False"
    seen = ast.literal_eval(seen_line)
    first, after = seen["first"], seen["after"]
    assert first["doors"] == [] and not first["launchers"] and not first["icon"]
    assert first["roster"] == 0
    assert after["doors"] == ["edit", "play"]
    assert {"new", "open", "play"} <= set(after["welcome doors"])
    assert after["icon"] and after["roster"] == 2
