"""Benchmark: the computer players on the tactics suite (tests/play/tactics).

Run: .venv/bin/python tests/benchmarks/bench_tactics.py [--levels L,...]
     [--ruleset ID] [--position ID] [--tries N] [--seconds S] [--quick]

Each level chooses N times in every position (each choice from its own
rng).  Prints, per level and ruleset, the share of good choices and of
blunders and the positions passed (every choice good), then the positions
each level failed with what it chose.  Levels: random, recruit, steady,
veteran (S CPU seconds a decision, default 1), veteran-0.25 and so on for
another budget.  --quick: two positions a ruleset, one try, random and
steady only (the form test_quick runs).  Prints numbers; never fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.play.tactics.suite import (  # noqa: E402
    Player,
    Position,
    Tally,
    level_player,
    load_positions,
    random_player,
)

RULESETS = ("d3", "mayhem", "tactical", "blown_away", "kiddies")


def player_for(level: str, seconds: float) -> Player:
    if level == "random":
        return random_player
    if level.startswith("veteran-"):
        return level_player("veteran", float(level.split("-", 1)[1]))
    if level == "veteran":
        return level_player("veteran", seconds)
    return level_player(level)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="random,steady,veteran")
    ap.add_argument("--ruleset", default=None)
    ap.add_argument("--position", default=None, help="one position by id (or id prefix)")
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    positions = load_positions(args.ruleset)
    if args.position:
        positions = [p for p in positions if p.id.startswith(args.position)]
    levels = args.levels.split(",")
    tries = args.tries
    if args.quick:
        firsts: dict[str, list[Position]] = defaultdict(list)
        for p in positions:
            if len(firsts[p.ruleset]) < 2:
                firsts[p.ruleset].append(p)
        positions = [p for ps in firsts.values() for p in ps]
        levels, tries = ["random", "steady"], 1
    print(f"{len(positions)} positions, {tries} tries each")
    report: dict[str, dict[str, Tally]] = {}
    chosen: dict[tuple[str, str], list[str]] = {}
    times: dict[str, list[float]] = defaultdict(list)
    for level in levels:
        player = player_for(level, args.seconds)
        per: dict[str, Tally] = defaultdict(Tally)
        for p in positions:
            t = time.process_time()
            tally, choices = _run(p, player, tries)
            times[level].append((time.process_time() - t) / tries)
            per[p.ruleset].add(tally)
            chosen[(level, p.id)] = choices
        report[level] = per
        _print_level(level, per, positions, tries, times[level])
    print("\nfailed positions (what was chosen, how often):")
    by_id = {p.id: p for p in positions}
    for level in levels:
        for per in (report[level],):
            failed = [pid for t in per.values() for pid in t.failed]
            print(f"  {level}: {len(failed)} failed")
            for pid in failed:
                counts = Counter(chosen[(level, pid)])
                said = "; ".join(f"{a} x{n}" for a, n in counts.most_common(3))
                print(f"    {pid} [{by_id[pid].klass}]: {said}")


def _run(p: Position, player: Player, tries: int) -> tuple[Tally, list[str]]:
    from tests.play.tactics.suite import run

    return run(p, player, tries)


def _print_level(level: str, per: dict[str, Tally], positions: list[Position], tries: int,
                 times: list[float]) -> None:
    print(f"\n{level} (CPU a decision: median {sorted(times)[len(times) // 2]:.2f} s, "
          f"worst {max(times):.2f} s)")
    print(f"  {'ruleset':<11} {'good':>6} {'blunders':>9} {'passed':>8}")
    total = Tally()
    for rid in RULESETS:
        t = per.get(rid)
        if t is None or not t.decisions:
            continue
        n = sum(1 for p in positions if p.ruleset == rid)
        total.add(t)
        good, bad = 100 * t.good / t.decisions, 100 * t.blunders / t.decisions
        print(f"  {rid:<11} {good:5.0f}% {bad:8.0f}% {n - len(t.failed):>4}/{n}")
    if total.decisions:
        n = len(positions)
        print(f"  {'all':<11} {100 * total.good / total.decisions:5.0f}%"
              f" {100 * total.blunders / total.decisions:8.0f}% {n - len(total.failed):>4}/{n}")


if __name__ == "__main__":
    main()
