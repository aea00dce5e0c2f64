"""Benchmark: a balance report of each bundled scenario with 1 and 2 workers.

Run: .venv/bin/python tests/benchmarks/bench_balance.py [--quick] [--games N] [--level L]
     [--scenario NAME] [--workers 1,2] [--seed S]

For each bundled scenario (or those whose file name contains NAME), makes
the report of N games (default 200, Steady on both sides) with each number
of workers in turn, and prints the wall time of each, the speed-up of the
last over the first, and the CPU seconds a game (from the one-worker run,
which plays in this process, so its CPU time is all the games' CPU time).
From that it prints what 200 games cost in CPU and the wall time they
would take with every core free (CPU / cores).  Since wall times on a
loaded machine say little, it also reads each pool worker's CPU seconds
from /proc before the pool ends: with free cores a batch lasts as long as
its busiest process (this one, plus the forkserver's imports, plus the
busiest worker), so CPU(1 worker) / CPU(that) is the speed-up the pool
gives when nothing else runs.  The forkserver starts once a process: the
first scenario pays its imports, so run one --scenario for its own figure.  It also prints the load
average before and after, since wall times on a shared machine mean little
without it.  Checks that every run gave the same report.  Prints numbers;
never fails (issue 19 targets: at most 60 s with 2 workers, at least 1.8x).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desktop.play.balance.report import Report  # noqa: E402
from desktop.play.balance.runner import LocalRunner, run_balance  # noqa: E402
from desktop.play.levels import Level  # noqa: E402
from desktop.resources import bundled_scenarios  # noqa: E402
from desktop.scenario import load  # noqa: E402


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a live process has used, from /proc."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class MeasuredRunner(LocalRunner):
    """The local pool, noting each worker's CPU seconds before the pool ends."""

    worker_cpu: list[float]
    #: CPU seconds of the forkserver the workers were forked from: the imports
    #: every worker starts with (paid once a command).
    server_cpu: float

    def close(self) -> None:
        pool = self._pool
        if pool is not None:
            procs = pool._pool  # type: ignore[attr-defined]
            self.worker_cpu = [cpu_of(p.pid) for p in procs]
            self.server_cpu = cpu_of(int(_stat(procs[0].pid)[1])) if procs else 0.0
        super().close()


def timed(path: Path, games: int, level: Level, seed: int, workers: int
          ) -> tuple[Report, float, float, list[float], float]:
    """The report, its wall seconds, this process's CPU seconds and each pool
    worker's CPU seconds (none for one worker, which plays in this process)."""
    scenario = load(path)
    runner = MeasuredRunner(workers)
    runner.worker_cpu, runner.server_cpu = [], 0.0
    wall, cpu = time.perf_counter(), time.process_time()
    report = run_balance(scenario, path=path, games=games, levels=(level,), seed=seed,
                         runner=runner)
    return (report, time.perf_counter() - wall, time.process_time() - cpu, runner.worker_cpu,
            runner.server_cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="steady", choices=[lv.value for lv in Level])
    ap.add_argument("--scenario", action="append", help="only scenarios whose file name "
                    "contains this")
    ap.add_argument("--workers", default="1,2", help="worker counts, comma separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true",
                    help="2 Recruit games of the Crossroads only")
    args = ap.parse_args()
    if args.quick:  # keeps the script working; the suite runs it under load
        args.games, args.level = 2, "recruit"
        args.scenario = args.scenario or ["d3_crossroads"]
    counts = [int(w) for w in args.workers.split(",")]
    level = Level(args.level)
    paths = [p for p in bundled_scenarios()
             if not args.scenario or any(s in p.name for s in args.scenario)]
    print(f"{args.games} games, {level.value}, seed {args.seed}, workers {counts}; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for path in paths:
        walls: dict[int, float] = {}
        reports: list[Report] = []
        per_game: float | None = None
        busiest: dict[int, float] = {}
        for w in counts:
            report, wall, cpu, workers, server = timed(path, args.games, level, args.seed, w)
            walls[w] = wall
            busiest[w] = cpu + server + max(workers, default=0.0)
            reports.append(report)
            if w == 1:
                per_game = cpu / args.games
        same = all(r == reports[0] for r in reports)
        parts = [f"{w} worker{'s' if w > 1 else ''} {walls[w]:.1f} s" for w in counts]
        speedup = walls[counts[0]] / walls[counts[-1]] if len(counts) > 1 else 1.0
        line = f"{path.name:28s} " + ", ".join(parts) + f"; speed-up {speedup:.2f}x"
        if per_game is not None:
            cores = os.cpu_count() or 1
            total = per_game * 200
            line += (f"; {per_game:.3f} s CPU a game, 200 games {total:.0f} s CPU = "
                     f"{total / cores:.0f} s on {cores} free cores")
        if len(counts) > 1 and busiest[counts[-1]] > 0:
            # On free cores the batch takes as long as its busiest process
            # (this one's CPU, the forkserver's imports, the busiest worker's
            # games): the speed-up the pool gives when nothing else runs.
            line += (f"; CPU of the busiest process with {counts[-1]} workers "
                     f"{busiest[counts[-1]]:.1f} s, CPU speed-up "
                     f"{busiest[counts[0]] / busiest[counts[-1]]:.2f}x")
        line += "" if same else "; REPORTS DIFFER"
        print(line, flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
