"""Benchmark: process start to the first and the fully drawn window, against the floor.

Run: .venv/bin/python tests/benchmarks/bench_startup.py [--quick] [--scenario FILE]
Targets (issue 22): on the largest bundled scenario Volley's first painted
frame comes at most 1.5 times, and its fully drawn table (terrain textures,
contours and names) at most 2.0 times, as late as FLOOR's first frame: the
same libraries showing the same table with no Volley code.  Prints numbers;
never fails on time.

Each child is `python -c <script>` with the same first-paint probe: an event
filter that notes the first Paint event of a window, lets the event loop
finish that frame (a zero timer), prints the wall clock and the child's CPU
time and exits.  The filter is installed on each window as it is shown (see
PROBE).  Volley's child goes on to the first frame that drew the finished
table and reports that too (VOLLEY_FULL).  The parent notes the time just
before starting each child, so the wall figures cover interpreter start,
imports, loading, building the window and the frame; the CPU figures (the
child's own clock) hold better on a busy machine.  Runs alternate (bare,
floor, Volley, bare, ...) so all see the same machine load; medians are
reported.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
#: Issue 22: the first frame and the fully drawn table, against the floor.
TARGET_FIRST = 1.5
TARGET_FULL = 2.0

PROBE = """
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

app = QApplication(sys.argv[:1])

class FirstPaint(QObject):
    seen = False
    def eventFilter(self, obj, event):
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, self.report)
        return False
    def report(self):
        print(f"PAINTED {time.time():.6f} {time.process_time():.6f}", flush=True)
        os._exit(0)

# The filter watches each top-level window as it is shown, not the whole
# application: an application filter hands every receiver to Python, and the
# first internal Qt object it meets (an animation timer, say) makes PySide
# build every class of the module (about 25 ms) -- a cost of the probe that
# the program itself would not pay.
probe = FirstPaint()
_show = QWidget.show
def show(self):
    if self.isWindow():
        self.installEventFilter(probe)
    _show(self)
QWidget.show = show
"""

BARE = PROBE + """
from PySide6.QtWidgets import QMainWindow
w = QMainWindow()
w.resize(1400, 900)
w.show()
app.exec()
"""

# In the order the `volley` console script runs: the command line first (it
# imports no Qt), then Qt when `open` asks for a window.
VOLLEY = "from desktop.cli import main\n" + PROBE + """
main(["open", sys.argv[1]])
"""

# The first frame shows the terrain in plain colours; the full looks (textures,
# contours and names) follow.  One child reports both, in the same run: FIRST
# when its first frame is on the screen (as PROBE does; `table=N` says how
# many times the table's terrain had been drawn by then, so an empty first
# frame shows as table=0), and PAINTED once a frame that drew the finished
# table (`TableScene.finished()`) is on the screen.  bench_big.py reads
# PAINTED as the fully drawn time.
VOLLEY_FULL = """
from desktop.cli import main
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

app = QApplication(sys.argv[:1])
DRAWN = {"table": 0, "full": False}

def stamp():
    return f"{time.time():.6f} {time.process_time():.6f}"

class FirstPaint(QObject):
    seen = False
    def eventFilter(self, obj, event):
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, self.report)
        return False
    def report(self):
        print(f"FIRST {stamp()} table={DRAWN['table']}", flush=True)

def report_full():
    print(f"PAINTED {stamp()}", flush=True)
    os._exit(0)

probe = FirstPaint()
_show = QWidget.show
def show(self):
    if self.isWindow():
        self.installEventFilter(probe)
    _show(self)
QWidget.show = show
from desktop.ui.table.scene import TableScene
_draw = TableScene.drawBackground
def draw(self, painter, rect):
    _draw(self, painter, rect)
    if self.scenario is not None and self.terrain:
        DRAWN["table"] += 1
        if getattr(self, "finished", lambda: not self._refine_pending)() and not DRAWN["full"]:
            DRAWN["full"] = True
            QTimer.singleShot(0, report_full)  # once this frame is on the screen
TableScene.drawBackground = draw
main(["open", sys.argv[1]])
"""

# The least any program can do to show this scenario the way Volley does,
# with the same libraries and no Volley code: parse the YAML (libyaml), use
# Qt's enum namespace, and show a graphics view of the table (terrain
# outlines and names, units as labelled rectangles) beside a dock, under
# menus and over a status bar.  No validation, no model, no icons, no styles.
# Its ratio to the bare window is the floor under Volley's (`--floor`).
FLOOR = PROBE + """
import yaml
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (QDockWidget, QGraphicsScene, QGraphicsView, QLabel,
                               QMainWindow)

with open(sys.argv[1], encoding="utf-8") as f:
    data = yaml.load(f, Loader=yaml.CSafeLoader)
scene = QGraphicsScene()
t = data["table"]
scene.addRect(0, 0, t["width"], t["depth"], QPen(QColor("#553")), QBrush(QColor("#c5d19b")))
pen, brush = QPen(QColor("#333"), 0), QBrush(QColor("#9a8"))
for feature in data.get("terrain", []):
    if "polygon" in feature:
        pts = feature["polygon"]
        scene.addPolygon(QPolygonF([QPointF(x, y) for x, y in pts]), pen, brush)
    elif "line" in feature:
        pts = feature["line"]["points"] if isinstance(feature["line"], dict) else feature["line"]
        scene.addPolygon(QPolygonF([QPointF(x, y) for x, y in pts]), pen)
    else:
        shape = feature.get("rectangle") or feature.get("ellipse") or {}
        cx, cy = shape.get("centre", [0, 0])
        a, b = shape.get("radii", shape.get("size", [1, 1]))
        add = scene.addEllipse if "ellipse" in feature else scene.addRect
        add(cx - a, cy - b, 2 * a, 2 * b, pen, brush)
        pts = [(cx, cy)]
    label = scene.addSimpleText(str(feature.get("name", "")))
    label.setPos(*pts[0])
    label.setScale(0.08)
for side in data.get("sides", []):
    for unit in side.get("units", []):
        x, y = unit.get("position", [0, 0])
        scene.addRect(x - 2, y - 0.5, 4, 1, pen, QBrush(QColor(side.get("colour", "#888"))))
        label = scene.addSimpleText(str(unit.get("name", "")))
        label.setPos(x - 2, y + 0.6)
        label.setScale(0.06)
window = QMainWindow()
view = QGraphicsView(scene)
view.setRenderHint(QPainter.RenderHint.Antialiasing)
window.setCentralWidget(view)
dock = QDockWidget("Roster", window)
dock.setWidget(QLabel("\\n".join(str(u.get("name")) for s in data.get("sides", [])
                                 for u in s.get("units", []))))
window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
for title in ("&File", "&View", "&Game"):
    window.menuBar().addMenu(title)
window.statusBar().showMessage(str(data.get("title", "")))
window.resize(1400, 900)
view.fitInView(QRectF(0, 0, t["width"], t["depth"]), Qt.AspectRatioMode.KeepAspectRatio)
window.show()
app.exec()
"""


def largest_bundled() -> Path:
    from desktop.resources import bundled_scenarios

    found = bundled_scenarios()
    if not found:
        sys.exit("no bundled scenarios found")
    return max(found, key=lambda p: p.stat().st_size)


def _platform() -> str:
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return os.environ.get("QT_QPA_PLATFORM") or "display"
    return "offscreen"


class Run(NamedTuple):
    """One child's figures, from the parent's start to the probe's reports (ms)."""

    wall: float  # the finished frame on the screen (the first, for BARE and FLOOR)
    cpu: float  # the CPU time the child had used by then, all its threads
    first_wall: float = 0.0  # VOLLEY_FULL: its first frame on the screen
    first_cpu: float = 0.0
    first_table: bool = True  # whether that first frame drew the table's terrain


def one_run(script: str, *args: str, looks: Path | None = None) -> Run:
    """Run one child; Volley's keeps computed terrain looks in `looks` (see look_cache)."""
    env = dict(os.environ)
    if looks is not None:
        env["VOLLEY_LOOK_CACHE"] = str(looks)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    env.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
    t0 = time.time()
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)
    first: list[str] = []
    for line in done.stdout.splitlines():
        if line.startswith("FIRST "):
            first = line.split()
        if line.startswith("PAINTED "):
            _, wall, cpu = line.split()[:3]
            run = Run((float(wall) - t0) * 1000, float(cpu) * 1000)
            if first:
                run = run._replace(first_wall=(float(first[1]) - t0) * 1000,
                                   first_cpu=float(first[2]) * 1000,
                                   first_table=first[3] != "table=0")
            return run
    raise SystemExit(f"child did not paint:\n{done.stderr[-2000:]}")


def _line(label: str, values: list[float], floor: list[float] | None, target: float) -> str:
    m = statistics.median(values)
    text = f"{label:<20}: median {m:7.1f} ms  (min {min(values):.1f}, max {max(values):.1f})"
    if floor:
        ratio = m / statistics.median(floor)
        verdict = "within" if ratio <= target else "OVER"
        text += f"  {ratio:.2f} x floor ({verdict} {target})"
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="few repetitions (CI)")
    ap.add_argument("--runs", type=int, default=None, help="runs of each (default 9, quick 2)")
    ap.add_argument("--scenario", type=Path, default=None, help="default: largest bundled")
    ap.add_argument("--cold", action="store_true",
                    help="every Volley child starts with an empty look cache (a first start "
                         "on this terrain), not with the looks the warm-up run computed")
    ap.add_argument("--floor", action="store_true",
                    help="(always on now) time FLOOR too: the same libraries show the same "
                         "table, no Volley code")
    args = ap.parse_args()
    runs = args.runs or (2 if args.quick else 9)
    scenario = (args.scenario or largest_bundled()).resolve()
    # An installed Volley has its bytecode compiled (pip and PyInstaller both
    # do it); a source checkout may not, when PYTHONDONTWRITEBYTECODE is set.
    for package in ("desktop", "printouts"):
        compileall.compile_dir(ROOT / package, quiet=1)
    # The children keep computed terrain looks in a folder of this run's own,
    # never the user's; the warm-up run fills it, unless --cold empties it
    # before each child.
    looks = Path(tempfile.mkdtemp(prefix="volley-bench-looks-"))
    one_run(BARE)  # warm the file cache for all
    one_run(VOLLEY_FULL, str(scenario), looks=looks)
    bare: list[Run] = []
    floor: list[Run] = []
    volley: list[Run] = []
    for _ in range(runs):  # alternately, so all three see the same load
        bare.append(one_run(BARE))
        floor.append(one_run(FLOOR, str(scenario)))
        if args.cold:
            shutil.rmtree(looks, ignore_errors=True)
        volley.append(one_run(VOLLEY_FULL, str(scenario), looks=looks))
    print(f"scenario: {scenario.name} ({scenario.stat().st_size / 1024:.0f} KiB), "
          f"{runs} runs each, platform {_platform()}, load average "
          f"{os.getloadavg()[0]:.1f}, look cache {'cold' if args.cold else 'warm'}")
    for kind, wall in (("wall clock", True), ("CPU time", False)):
        def pick(group: list[Run], first: bool = False, wall: bool = wall) -> list[float]:
            if first:
                return [r.first_wall if wall else r.first_cpu for r in group]
            return [r.wall if wall else r.cpu for r in group]
        print(f"-- {kind}")
        print(_line("bare PySide6 window", pick(bare), None, 0))
        print(_line("floor (no Volley)", pick(floor), None, 0)
              + f"  {statistics.median(pick(floor)) / statistics.median(pick(bare)):.2f} x bare")
        print(_line("volley first frame", pick(volley, first=True), pick(floor), TARGET_FIRST))
        print(_line("volley fully drawn", pick(volley), pick(floor), TARGET_FULL))
    empty = sum(not r.first_table for r in volley)
    if empty:
        print(f"WARNING: {empty} of {runs} first frames did not draw the table")
    shutil.rmtree(looks, ignore_errors=True)


if __name__ == "__main__":
    main()
