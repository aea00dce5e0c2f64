"""Rules engine benchmark: random-play games per second, and line-of-sight cost.

    .venv/bin/python tests/benchmarks/bench_rules.py            # 40 games
    .venv/bin/python tests/benchmarks/bench_rules.py --quick    # 3 games, fewer sight checks

Games: seeded random legal play (desktop.rules.randomplay) on the 12-against-12
field (tests/rules/data/d3_12v12.yaml) until the game ends, on one core.
Sight: one line-of-sight check between two units among 100 (50 a side) on
the same table, bases indexed once per position (as the game does).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import desktop.rules  # noqa: E402,F401
from desktop.rules import registry  # noqa: E402
from desktop.rules.d3 import rules as R  # noqa: E402
from desktop.rules.randomplay import random_action  # noqa: E402
from desktop.scenario import load  # noqa: E402
from desktop.scenario.model import Base, Side, Unit  # noqa: E402
from desktop.scenario.vocabulary import Quality, UnitType  # noqa: E402
from desktop.table.shapes import rect  # noqa: E402
from desktop.table.sight import Obstacles, line_of_sight  # noqa: E402

FIELD = ROOT / "tests" / "rules" / "data" / "d3_12v12.yaml"


def bench_games(ruleset: str, games: int) -> tuple[float, float, float, float]:
    sc = load(FIELD)
    rs = registry.get(ruleset)
    actions = 0
    cpu = time.process_time()
    t = time.perf_counter()
    for seed in range(games):
        g = rs.new_game(sc, seed=seed)
        rng = random.Random(seed)
        while g.outcome is None:
            g.apply(random_action(g, rng))
            actions += 1
    dt = time.perf_counter() - t
    dcpu = time.process_time() - cpu
    return games / dt, games / dcpu, actions / dcpu, actions / games


def bench_sight(checks: int) -> tuple[float, float]:
    sc = load(FIELD)
    rng = random.Random(1)
    sides = []
    for k, side in enumerate(sc.sides):
        units = []
        for i in range(50):
            x, y = 4 + (i % 10) * 6.8, (6 if k == 0 else 30) + (i // 10) * 2.6
            units.append(Unit(f"{side.id}{i}", "u", UnitType.LINE_INFANTRY, Quality.REGULAR, 7,
                              12, Base(4, 2), (x, y), rng.uniform(0, 360)))
        sides.append(Side(side.id, side.name, side.colour, side.baseline, tuple(units)))
    from dataclasses import replace

    big = replace(sc, sides=tuple(sides))
    game = registry.get("d3").new_game(big, seed=0)
    t = time.perf_counter()
    obstacles = game.obstacles()  # type: ignore[attr-defined]
    build = time.perf_counter() - t
    pieces = [p for p in game.pieces.values()]  # type: ignore[attr-defined]
    assert len(pieces) == 100 and isinstance(obstacles, Obstacles)
    pairs = [(rng.choice(pieces[:50]), rng.choice(pieces[50:])) for _ in range(checks)]
    t = time.perf_counter()
    for a, b in pairs:
        line_of_sight(a.front_centre(), rect(b.x, b.y, 4, 2, b.facing), game.terrain,  # type: ignore[attr-defined]
                      R.SIGHT_BLOCKING, obstacles, exclude=(a.id, b.id))
    per = (time.perf_counter() - t) / checks
    return per, build


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a few games only (for CI)")
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--ruleset", default="d3")
    ap.add_argument("--repeat", type=int, default=None,
                    help="play the games this many times; the best run is reported "
                         "(other work on a shared machine only ever slows a run)")
    args = ap.parse_args()
    games = args.games or (3 if args.quick else 40)
    repeat = args.repeat or (1 if args.quick else 3)
    runs = [bench_games(args.ruleset, games) for _ in range(repeat)]
    gps, gpcpu, aps, per_game = max(runs, key=lambda r: r[1])
    median = statistics.median(r[1] for r in runs)
    print(f"{args.ruleset}: random-play full games, 12 v 12, one core: {gpcpu:.1f} games "
          f"per CPU second, best of {repeat} runs of {games} games (median {median:.1f}; "
          f"{gps:.1f} per wall-clock second; {aps:.0f} actions per CPU second, "
          f"{per_game:.0f} actions a game)")
    checks = 200 if args.quick else 2000
    per, build = bench_sight(checks)
    runs = [bench_sight(checks)[0] for _ in range(0 if args.quick else 2)]
    best = min([per, *runs])
    print(f"line of sight among 100 units: {best * 1e6:.0f} us a check "
          f"(median of runs {statistics.median([per, *runs]) * 1e6:.0f} us; "
          f"indexing the 100 bases once: {build * 1e6:.0f} us)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
