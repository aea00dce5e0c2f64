"""Benchmark: the movement overlay while dragging a unit in the play window.

A 12-against-12 D3 table (tests/rules/data/d3_12v12.yaml) with one feature of
every terrain type added in the middle.  For several units of the side to
act, a drag starts (the allowance bands are computed once: "drag start"),
then the cursor sweeps a circle through and beyond the unit's reach; each
mouse move updates the ghost, the path line and the cursor label and asks
the engine whether the move is legal and why not ("per mouse move").  With
--paint each move is also painted (processEvents on an offscreen window).

Run: .venv/bin/python tests/benchmarks/bench_overlay.py [--quick] [--paint]
Target (issue 6): under 8 ms per mouse move.  Prints numbers; never fails on time.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import yaml

import desktop.rules  # noqa: F401
from desktop.play.session import Setup
from desktop.scenario import from_data
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import TerrainType

TARGET_MS = 8.0
DATA = Path(__file__).parents[1] / "rules" / "data" / "d3_12v12.yaml"

#: One of each type the 12-v-12 file lacks, in the open middle of the table.
EXTRA = [
    {"id": "ridge_x", "type": "ridge", "ellipse": {"centre": [8, 16], "radii": [5, 2]}},
    {"id": "bldg_x", "type": "building", "rectangle": {"centre": [31, 12], "size": [2, 2]}},
    {"id": "river_x", "type": "river", "line": [[40, 48], [44, 36], [46, 24]], "width": 2},
    {"id": "bridge_x", "type": "bridge", "rectangle": {"centre": [44, 36], "size": [3, 4]}},
    {"id": "ford_x", "type": "ford", "ellipse": {"centre": [45.5, 28], "radii": [1.5, 2]}},
    {"id": "road_x", "type": "road", "line": [[0, 20], [36, 20], [72, 22]], "width": 1.5},
    {"id": "lake_x", "type": "lake", "ellipse": {"centre": [62, 30], "radii": [3, 2]}},
    {"id": "crops_x", "type": "crops", "rectangle": {"centre": [20, 34], "size": [6, 4]}},
    {"id": "fence_x", "type": "fence", "line": [[12, 12], [20, 11]]},
    {"id": "hwall_x", "type": "high_wall", "line": [[26, 36], [33, 36]]},
    {"id": "redoubt_x", "type": "redoubt",
     "polygon": [[54, 12], [58, 12], [59, 15], [53, 15]]},
    {"id": "trench_x", "type": "trench", "line": [[64, 14], [69, 12]]},
]


def bench_scenario() -> Scenario:
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    data["terrain"].extend(EXTRA)
    sc = from_data(data, "bench_overlay")
    missing = set(TerrainType) - {f.type for f in sc.terrain}
    assert not missing, missing
    return sc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="few units and moves (CI)")
    ap.add_argument("--paint", action="store_true", help="paint after every move too")
    args = ap.parse_args()
    from desktop.ui.app import application
    from desktop.ui.play.window import PlayWindow

    app = application()
    w = PlayWindow()
    w.resize(1500, 940)
    w.start(Setup(bench_scenario(), "d3", seed=1))
    w.show()
    app.processEvents()
    game = w.session.game
    side = game.side
    movers = [p for p in w.play_view.pieces().values() if p.side == side and p.present]
    movers = movers[:3] if args.quick else movers
    moves = 40 if args.quick else 200
    starts: list[float] = []
    per_move: list[float] = []
    from desktop.play.allowance import compute_bands

    bands_only: list[float] = []
    for p in movers:
        t0 = time.perf_counter()
        compute_bands(w.play_view, p.id)
        bands_only.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        assert w.begin_drag(p.id, p.pos)
        starts.append((time.perf_counter() - t0) * 1000)
        reach = w.drag.bands.allowance.full if w.drag.bands else 6.0
        for i in range(moves):
            a = 2 * math.pi * i / moves
            r = reach * (0.2 + 1.1 * (i % 10) / 10)  # in, through and past the reach
            pt = (p.x + math.sin(a) * r, p.y - math.cos(a) * r)
            t0 = time.perf_counter()
            w.drag_to(pt)
            if args.paint:
                app.processEvents()
            per_move.append((time.perf_counter() - t0) * 1000)
        w.cancel_move()
    per_move.sort()
    p95 = per_move[int(0.95 * (len(per_move) - 1))]
    med = statistics.median(per_move)
    what = "update + paint" if args.paint else "update"
    print(f"table: 72x48 in, 12 v 12 units + generals, {len(game.scenario.terrain)} features "
          f"of all {len(TerrainType)} terrain types")
    print(f"allowance bands alone:  median {statistics.median(bands_only):.1f} ms  "
          f"max {max(bands_only):.1f} ms  ({len(bands_only)} units)")
    print(f"drag start (bands, selection, targets, items):  median "
          f"{statistics.median(starts):.1f} ms  max {max(starts):.1f} ms")
    print(f"per mouse move ({what}):  median {med:.2f} ms  p95 {p95:.2f} ms  "
          f"max {per_move[-1]:.2f} ms  ({len(per_move)} moves)  target < {TARGET_MS:g} ms")
    w.close()


if __name__ == "__main__":
    sys.exit(main())
