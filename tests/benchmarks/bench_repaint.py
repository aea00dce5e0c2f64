"""Benchmark: full repaint of the table of a 1,000-unit, 300-feature scenario.

Run: .venv/bin/python tests/benchmarks/bench_repaint.py [--quick]
Target (issue 2): under 16 ms (one frame at 60 Hz).  Prints numbers; never
fails on time.

Builds the table view (1400 x 900 viewport, the table fitted) for
`desktop.scenario.generate.large_scenario()`, paints once to warm the caches
(SVG symbols, item pixmaps, the background with all the terrain), then times
`viewport.repaint()` (a synchronous paint of the whole viewport).  It also
reports the cold first paint, a repaint zoomed in on the middle of the table,
and a repaint after a pan (the background re-renders the exposed strip).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

TARGET_MS = 16.0


def timed(fn, reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="few repetitions (CI)")
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--features", type=int, default=300)
    args = ap.parse_args()
    reps = 3 if args.quick else 30

    from desktop.scenario.generate import large_scenario
    from desktop.ui.app import application
    from desktop.ui.table import TableScene, TableView

    app = application()
    scenario = large_scenario(args.units, args.features, ruleset="d3")
    scene = TableScene()
    t0 = time.perf_counter()
    scene.set_scenario(scenario)
    build_ms = (time.perf_counter() - t0) * 1000
    view = TableView(scene)
    view.resize(1400, 900)
    view.show()
    app.processEvents()
    view.fit_table()
    app.processEvents()
    vp = view.viewport()
    view.resetCachedContent()
    cold = timed(vp.repaint, 1)[0]
    fitted = timed(vp.repaint, reps)
    view.zoom_by(4.0)
    vp.repaint()
    zoomed = timed(vp.repaint, reps)

    def pan() -> None:
        view.pan_by(40, 0)
        vp.repaint()

    panned = timed(pan, reps)
    med = statistics.median(fitted)
    print(f"scenario: {args.units} units, {args.features} terrain features, "
          f"table {scenario.table.width:g} x {scenario.table.depth:g} in; "
          f"viewport 1400 x 900; {reps} repaints each")
    print(f"build the scene       : {build_ms:7.1f} ms")
    print(f"first paint (cold)    : {cold:7.1f} ms")
    print(f"full repaint, fitted  : median {med:6.2f} ms  (min {min(fitted):.2f}, "
          f"max {max(fitted):.2f})")
    print(f"full repaint, zoom x4 : median {statistics.median(zoomed):6.2f} ms")
    print(f"pan 40 px + repaint   : median {statistics.median(panned):6.2f} ms")
    verdict = "within" if med < TARGET_MS else "OVER"
    print(f"target: under {TARGET_MS:g} ms for the full repaint: {verdict}")


if __name__ == "__main__":
    main()
