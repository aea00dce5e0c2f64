"""Benchmark: how soon a balance report settles, beside the fixed report's verdict.

Run: .venv/bin/python tests/benchmarks/bench_balance.py [--quick] [--max-games N]
     [--precision P] [--fixed-games N] [--level L] [--scenario NAME] [--one-sided]
     [--workers W] [--seed S]
     .venv/bin/python tests/benchmarks/bench_balance.py --speedup [--games N] [--workers 1,2]

For each bundled scenario (or those whose file name contains NAME; with
--one-sided also the two one-sided test copies in tests/play/balance/data/),
plays a sequential batch with W workers (default 2) until the verdict is
settled (at most N games, default 400; precision P points, default 10) and
prints the games it took, why it stopped and its wall time; then the fixed
report of --fixed-games games (default 200; 0 skips it) and whether the two
verdicts agree.  A verdict here is the first side's score share (a draw
counting half): "one-sided" for a side when the sequential interval is clear
of the fair band 40 to 60% (for the fixed report: its share outside the
band), "fair" otherwise ("leans" when the sequential interval is narrow but
on one side of 50% and touching the band; it agrees with either).  Issue 36
targets: a one-sided scenario settled in at most 15 s; every bundled one at
10 points in at most 60 s (Miller's Bridge 150 s), with 2 workers.  Prints
the load average, since wall times on a shared machine mean little without
it.  Never fails.

--speedup is the issue 19 benchmark: the fixed report of N games (default
200) with each number of workers in turn, the wall time of each, the speed-up
of the last over the first, and the CPU seconds a game (from the one-worker
run, which plays in this process).  Since wall times on a loaded machine say
little, it also reads each pool worker's CPU seconds from /proc before the
pool ends: with free cores a batch lasts as long as its busiest process
(this one, plus the forkserver's imports, plus the busiest worker), so
CPU(1 worker) / CPU(that) is the speed-up the pool gives when nothing else
runs.  Checks that every run gave the same report (issue 19 targets: at most
60 s with 2 workers, at least 1.8x).
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
from desktop.play.balance.sequential import (  # noqa: E402
    FAIR,
    FAIR_BAND,
    LEANS,
    MAXIMUM,
    ONE_SIDED,
)
from desktop.play.levels import Level  # noqa: E402
from desktop.resources import bundled_scenarios  # noqa: E402
from desktop.scenario import load  # noqa: E402

#: Two bundled scenarios made one-sided (issue 36's 15 s target).
ONE_SIDED_COPIES = ROOT / "tests" / "play" / "balance" / "data"


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()


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
                         runner=runner, fixed=True)
    return (report, time.perf_counter() - wall, time.process_time() - cpu, runner.worker_cpu,
            runner.server_cpu)


def verdict_of(report: Report) -> str:
    """The report's verdict in a word or two (see the module's docstring)."""
    first, second = (s.name for s in report.sides)
    st = report.settle
    if st is not None:
        ahead = first if st.share >= 0.5 else second
        return {ONE_SIDED: f"one-sided: {ahead}", FAIR: "fair", LEANS: f"leans: {ahead}",
                MAXIMUM: "not settled"}.get(st.reason, "stopped")
    n = report.played
    wins = report.sides[0].wins.count
    share = (wins + report.draws.count / 2) / n if n else 0.5
    lo, hi = FAIR_BAND
    return f"one-sided: {first}" if share > hi else f"one-sided: {second}" if share < lo \
        else "fair"


def agree(sequential: str, fixed: str) -> bool:
    if sequential.startswith("leans"):
        return fixed == "fair" or fixed.endswith(sequential.split(": ")[1])
    return sequential == fixed


def score_share(report: Report) -> float:
    n = report.played
    return (report.sides[0].wins.count + report.draws.count / 2) / n if n else 0.5


def settle_main(args: argparse.Namespace, paths: list[Path]) -> None:
    level = Level(args.level)
    print(f"sequential: at most {args.max_games} games, precision {args.precision:g} points, "
          f"{args.workers} workers; fixed: {args.fixed_games} games; {level.value}, seed "
          f"{args.seed}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}",
          flush=True)
    for path in paths:
        scenario = load(path)
        wall = time.perf_counter()
        report = run_balance(scenario, path=path, games=args.max_games, levels=(level,),
                             seed=args.seed, runner=LocalRunner(args.workers),
                             precision=args.precision / 100)
        wall = time.perf_counter() - wall
        st = report.settle
        assert st is not None
        seq = verdict_of(report)
        how = "not settled in" if st.reason == MAXIMUM else "settled after"
        line = (f"{path.name:38s} {how} {report.played:3d} games in {wall:6.1f} s "
                f"({st.reason}; first side {100 * st.share:.0f}%, {100 * st.low:.0f} to "
                f"{100 * st.high:.0f}%): {seq}")
        if args.fixed_games > 0:
            wall = time.perf_counter()
            fixed = run_balance(scenario, path=path, games=args.fixed_games, levels=(level,),
                                seed=args.seed, runner=LocalRunner(args.workers), fixed=True)
            wall = time.perf_counter() - wall
            verdict = verdict_of(fixed)
            line += (f" | fixed {fixed.played} games in {wall:.1f} s: first side "
                     f"{100 * score_share(fixed):.0f}%, {verdict}"
                     + ("" if agree(seq, verdict) else " | NOT SETTLED"
                        if st.reason == MAXIMUM else " | VERDICTS DIFFER"))
        print(line, flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--speedup", action="store_true",
                    help="the issue 19 benchmark: fixed reports with 1 and 2 workers")
    ap.add_argument("--games", type=int, default=200, help="--speedup: games a report")
    ap.add_argument("--max-games", type=int, default=400,
                    help="the most games a sequential batch plays (default 400)")
    ap.add_argument("--precision", type=float, default=10.0,
                    help="the half-width, in points, that settles a near-even scenario")
    ap.add_argument("--fixed-games", type=int, default=200,
                    help="games of the fixed report beside it (default 200; 0: none)")
    ap.add_argument("--one-sided", action="store_true",
                    help="also the one-sided test copies in tests/play/balance/data/")
    ap.add_argument("--level", default="steady", choices=[lv.value for lv in Level])
    ap.add_argument("--scenario", action="append", help="only scenarios whose file name "
                    "contains this")
    ap.add_argument("--workers", default=None,
                    help="workers (default 2); --speedup: worker counts, comma separated "
                    "(default 1,2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true",
                    help="2 Recruit games of the Crossroads only")
    args = ap.parse_args()
    if args.quick:  # keeps the script working; the suite runs it under load
        args.games, args.level = 2, "recruit"
        args.max_games, args.fixed_games = 2, 2
        args.scenario = args.scenario or ["d3_crossroads"]
    paths = list(bundled_scenarios())
    if args.one_sided:
        paths += sorted(ONE_SIDED_COPIES.glob("one_sided_*.yaml"))
    paths = [p for p in paths if not args.scenario or any(s in p.name for s in args.scenario)]
    if not args.speedup:
        args.workers = int(args.workers or 2)
        settle_main(args, paths)
        return
    counts = [int(w) for w in (args.workers or "1,2").split(",")]
    level = Level(args.level)
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
