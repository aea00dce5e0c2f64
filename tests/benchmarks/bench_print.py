"""How long printing takes: everything for 40 units a side and 8 officers.

    python tests/benchmarks/bench_print.py          # 5 runs of each case
    python tests/benchmarks/bench_print.py --quick  # 1 run (CI)

Prints numbers; never fails on a time (the target is under 1 s for "all").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from desktop.scenario import loads  # noqa: E402
from printouts import PrintOptions, render_counted  # noqa: E402
from printouts.fonts import fonts  # noqa: E402
from tests.printouts.fixtures import big_yaml  # noqa: E402

CASES = [
    ("all sheets", PrintOptions()),
    ("roster only", PrintOptions(sheets=("roster",))),
    ("officer cards only", PrintOptions(sheets=("cards",))),
    ("map only", PrintOptions(sheets=("map",))),
    ("reference only", PrintOptions(sheets=("reference",))),
    ("map tiled full size", PrintOptions(sheets=("map",), tiles=True)),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one run per case")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    runs = 1 if args.quick else args.runs
    # 40 units a side, 4 officers a side = 8 officers
    scenario = loads(big_yaml(units=40, officers=4, ruleset="mayhem"), "bench.yaml")
    t0 = time.perf_counter()
    fonts()
    print(f"font registration (once per process): {(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"scenario: {sum(len(s.units) for s in scenario.sides)} units, "
          f"{sum(len(s.officers) for s in scenario.sides)} officers, runs={runs}")
    print(f"{'case':<22} {'pages':>5} {'KB':>6} {'median ms':>10} {'min ms':>8}")
    for label, options in CASES:
        times: list[float] = []
        pages = size = 0
        for _ in range(runs):
            t = time.perf_counter()
            data, pages = render_counted(scenario, options)
            times.append(time.perf_counter() - t)
            size = len(data)
        median = statistics.median(times) * 1000
        print(f"{label:<22} {pages:>5} {size / 1024:>6.0f} {median:>10.0f} "
              f"{min(times) * 1000:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
