"""Benchmark: what reading the text back before every save and autosave costs.

Run: .venv/bin/python tests/benchmarks/bench_save_check.py [--quick]
The check (issue 15: the editor never writes what its reader refuses) is one
`loads` of the text `dumps` made.  Measured on the largest bundled scenario
and on the largest scenario the format allows (500 units, 500 features).
Prints numbers; never fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from desktop.resources import bundled_scenarios
from desktop.scenario import Scenario, dumps, load, loads
from desktop.scenario.generate import large_scenario


def median_ms(fn: object, reps: int) -> tuple[float, float]:
    """(wall, CPU) milliseconds, medians: CPU time is steadier on a busy machine."""
    wall, cpu = [], []
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def measure(name: str, scenario: Scenario, reps: int) -> None:
    text = dumps(scenario)
    loads(text)  # warm caches
    write = median_ms(lambda: dumps(scenario), reps)
    check = median_ms(lambda: loads(text, name), reps)
    print(f"{name}: {len(text) / 1024:.0f} KB; dumps {write[0]:.1f} ms "
          f"(CPU {write[1]:.1f}), check (loads) {check[0]:.1f} ms (CPU {check[1]:.1f}); "
          f"medians of {reps}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="few repetitions (CI)")
    args = ap.parse_args()
    reps = 3 if args.quick else 20
    biggest = max(bundled_scenarios(), key=lambda p: p.stat().st_size)
    measure(biggest.name, load(biggest), reps)
    measure("generated 500 units, 500 features", large_scenario(500, 500, ruleset="d3"), reps)


if __name__ == "__main__":
    main()
