"""Benchmark: process start to first painted window, Volley against bare PySide6.

Run: .venv/bin/python tests/benchmarks/bench_startup.py [--quick] [--scenario FILE]
Target (issue 2): Volley on the largest bundled scenario takes at most 1.5
times as long as a bare PySide6 window started the same way in the same run.
Prints numbers; never fails on time.

Both children are `python -c <script>` with the same first-paint probe: an
event filter that notes the first Paint event of any widget, lets the event
loop finish that frame (a zero timer), prints the wall-clock time and exits.
The filter is installed on each window as it is shown (see PROBE).  The
parent notes the time just before starting each child, so the figure
covers interpreter start, imports, loading, building the window and the
first frame.  Runs alternate (bare, Volley, bare, ...) so both see the same
machine load; medians are reported.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_RATIO = 1.5

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
        print(f"PAINTED {time.time():.6f}", flush=True)
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

# The first frame shows the terrain in plain colours; the full looks (which
# need shapely) follow.  This probe reports the first frame painted after them.
VOLLEY_FULL = """
from desktop.cli import main
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

app = QApplication(sys.argv[:1])
REFINED = [False]

class RefinedPaint(QObject):
    seen = False
    def eventFilter(self, obj, event):
        if REFINED[0] and not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, self.report)
        return False
    def report(self):
        print(f"PAINTED {time.time():.6f}", flush=True)
        os._exit(0)

probe = RefinedPaint()
_show = QWidget.show
def show(self):
    if self.isWindow():
        self.installEventFilter(probe)
    _show(self)
QWidget.show = show
from desktop.ui.table.scene import TableScene
_refine = TableScene.refine_terrain
def refine(self):
    _refine(self)
    if not REFINED[0] and not self._refine_pending:
        REFINED[0] = True
        for view in self.views():  # the refined terrain is painted in the view's viewport
            view.viewport().installEventFilter(probe)
TableScene.refine_terrain = refine
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


def one_run(script: str, *args: str) -> float:
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    env.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
    t0 = time.time()
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)
    for line in done.stdout.splitlines():
        if line.startswith("PAINTED "):
            return (float(line.split()[1]) - t0) * 1000
    raise SystemExit(f"child did not paint:\n{done.stderr[-2000:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="few repetitions (CI)")
    ap.add_argument("--runs", type=int, default=None, help="runs of each (default 9, quick 2)")
    ap.add_argument("--scenario", type=Path, default=None, help="default: largest bundled")
    ap.add_argument("--floor", action="store_true",
                    help="also time FLOOR: the same libraries show the same table, no Volley code")
    args = ap.parse_args()
    runs = args.runs or (2 if args.quick else 9)
    scenario = (args.scenario or largest_bundled()).resolve()
    # An installed Volley has its bytecode compiled (pip and PyInstaller both
    # do it); a source checkout may not, when PYTHONDONTWRITEBYTECODE is set.
    for package in ("desktop", "printouts"):
        compileall.compile_dir(ROOT / package, quiet=1)
    one_run(BARE)  # warm the file cache for both
    one_run(VOLLEY, str(scenario))
    bare, volley, full, floor = [], [], [], []
    for _ in range(runs):
        bare.append(one_run(BARE))
        volley.append(one_run(VOLLEY, str(scenario)))
        full.append(one_run(VOLLEY_FULL, str(scenario)))
        if args.floor:
            floor.append(one_run(FLOOR, str(scenario)))
    mb, mv, mf = statistics.median(bare), statistics.median(volley), statistics.median(full)
    ratio = mv / mb
    print(f"scenario: {scenario.name} ({scenario.stat().st_size / 1024:.0f} KiB), "
          f"{runs} runs each, platform {_platform()}")
    print(f"bare PySide6 window : median {mb:7.1f} ms  (min {min(bare):.1f}, max {max(bare):.1f})")
    print(f"volley open         : median {mv:7.1f} ms  (min {min(volley):.1f}, "
          f"max {max(volley):.1f})")
    print(f"  fully drawn       : median {mf:7.1f} ms  (terrain textures, contours and names)")
    verdict = "within" if ratio <= TARGET_RATIO else "OVER"
    print(f"ratio volley / bare : {ratio:.2f}  ({verdict} the target of {TARGET_RATIO}); "
          f"fully drawn / bare {mf / mb:.2f}")
    if floor:
        mfl = statistics.median(floor)
        print(f"floor (no Volley)   : median {mfl:7.1f} ms  ratio to bare {mfl / mb:.2f}; "
              f"Volley's extra over the floor {mv - mfl:.1f} ms")


if __name__ == "__main__":
    main()
