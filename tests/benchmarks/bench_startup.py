"""Benchmark: process start to first painted window, Volley against bare PySide6.

Run: .venv/bin/python tests/benchmarks/bench_startup.py [--quick] [--scenario FILE]
Target (issue 2): Volley on the largest bundled scenario takes at most 1.5
times as long as a bare PySide6 window started the same way in the same run.
Prints numbers; never fails on time.

Both children are `python -c <script>` with the same first-paint probe: an
event filter that notes the first Paint event of any widget, lets the event
loop finish that frame (a zero timer), prints the wall-clock time and exits.
The parent notes the time just before starting each child, so the figure
covers interpreter start, imports, loading, building the window and the
first frame.  Runs alternate (bare, Volley, bare, ...) so both see the same
machine load; medians are reported.
"""

from __future__ import annotations

import argparse
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
from PySide6.QtWidgets import QApplication

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

probe = FirstPaint()
app.installEventFilter(probe)
"""

BARE = PROBE + """
from PySide6.QtWidgets import QMainWindow
w = QMainWindow()
w.resize(1400, 900)
w.show()
app.exec()
"""

VOLLEY = PROBE + """
from desktop.cli import main
main(["open", sys.argv[1]])
"""

# The first frame shows the terrain in plain colours; the full looks (which
# need shapely) follow.  This probe reports the first frame painted after them.
VOLLEY_FULL = """
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

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
app.installEventFilter(probe)
from desktop.ui.table.scene import TableScene
_refine = TableScene.refine_terrain
def refine(self):
    _refine(self)
    REFINED[0] = REFINED[0] or not self._refine_pending
TableScene.refine_terrain = refine
from desktop.cli import main
main(["open", sys.argv[1]])
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
    args = ap.parse_args()
    runs = args.runs or (2 if args.quick else 9)
    scenario = (args.scenario or largest_bundled()).resolve()
    one_run(BARE)  # warm the file cache for both
    one_run(VOLLEY, str(scenario))
    bare, volley, full = [], [], []
    for _ in range(runs):
        bare.append(one_run(BARE))
        volley.append(one_run(VOLLEY, str(scenario)))
        full.append(one_run(VOLLEY_FULL, str(scenario)))
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


if __name__ == "__main__":
    main()
