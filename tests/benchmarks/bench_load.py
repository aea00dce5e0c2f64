"""Benchmark: load and validate a generated 500-unit, 300-feature scenario.

Issue 2 measured 1,000 units; since issue 15 a scenario holds at most 500
(desktop/scenario/limits.py), so the largest file the reader accepts is timed.

Run: .venv/bin/python tests/benchmarks/bench_load.py [--quick]
Target (issue 2): under 200 ms.  Prints numbers; never fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from desktop.scenario import dumps, load
from desktop.scenario.generate import large_scenario

TARGET_MS = 200.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="few repetitions (CI)")
    ap.add_argument("--units", type=int, default=500)
    ap.add_argument("--features", type=int, default=300)
    args = ap.parse_args()
    reps = 3 if args.quick else 20
    scenario = large_scenario(args.units, args.features, ruleset="d3")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "large.yaml"
        path.write_text(dumps(scenario), encoding="utf-8")
        size_kb = path.stat().st_size / 1024
        load(path)  # warm caches (imports, shapely)
        times, cpu = [], []
        for _ in range(reps):
            t0, c0 = time.perf_counter(), time.process_time()
            loaded = load(path)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    assert loaded == scenario
    med = statistics.median(times)
    print(f"load+validate {args.units} units, {args.features} features ({size_kb:.0f} KiB), "
          f"{reps} runs:")
    print(f"  wall time: median {med:.1f} ms, min {min(times):.1f} ms "
          f"(target < {TARGET_MS:.0f} ms: {'met' if med < TARGET_MS else 'NOT met'})")
    print(f"  CPU time : median {statistics.median(cpu):.1f} ms "
          "(what the load costs when other work shares the cores)")


if __name__ == "__main__":
    main()
