"""Benchmark: the computer's first decision on a scenario at the size limits.

Run: .venv/bin/python tests/benchmarks/bench_first_decision.py [--quick]
         [--levels recruit,steady,veteran] [--ruleset d3] [--units 300]

Issue 37 ("Long work says so"): on a 480" x 480" table with 100 objectives
to hold (the reader's limits) the first decision of every level took about
25 s, nearly all of it building a walking field (desktop.play.goalfield)
per objective, 101 of them.  For each level this prints the CPU seconds of
the first decision on a fresh process state (every cache emptied first),
and the seconds spent building fields, and then a second decision (the
fields kept).  --quick uses a 240" x 240" table with 25 objectives (CI).
Prints numbers; never fails on time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import desktop.rules  # noqa: E402,F401  (registers the rulesets)
from desktop.play import goalfield, scoring  # noqa: E402
from desktop.play.levels import Computer, Level  # noqa: E402
from desktop.rules import registry  # noqa: E402
from desktop.scenario.generate import large_scenario  # noqa: E402
from desktop.scenario.limits import MAX_OBJECTIVES, MAX_TABLE  # noqa: E402
from desktop.scenario.model import HoldObjectives, Objective, Scenario, Table, TurnLimit  # noqa: E402


def limit_scenario(units: int, size: float, objectives: int, ruleset: str) -> Scenario:
    """`large_scenario` spread over a `size` x `size` table with `objectives` to hold."""
    base = large_scenario(units, features=units, seed=1, ruleset="d3")
    scale_x, scale_y = size / base.table.width, size / base.table.depth

    def moved(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] * scale_x, p[1] * scale_y)

    sides = tuple(replace(s, units=tuple(replace(u, position=moved(u.position)) for u in s.units),
                          officers=tuple(replace(o, position=moved(o.position))
                                         for o in s.officers))
                  for s in base.sides)
    per_row = max(1, int(objectives ** 0.5))
    objs = tuple(Objective(f"o{k}", f"Objective {k}",
                           (size * (0.1 + 0.8 * (k % per_row) / max(1, per_row - 1)),
                            size * (0.3 + 0.4 * (k // per_row) / max(1, objectives // per_row))))
                 for k in range(objectives))
    game = replace(base.game, objectives=objs,
                   deployment_depth=size * 0.2,
                   victory=(HoldObjectives(count=max(1, objectives // 2)), TurnLimit(turns=12)))
    # the terrain keeps its place on the first 240" x 120"; the rest is open ground
    return replace(base, table=Table(width=size, depth=size), sides=sides, game=game,
                   ruleset=ruleset, title=f"Size limits ({units} units, {objectives} objectives)")


def fresh() -> None:
    """Empty every cache a decision fills, as in a new process."""
    goalfield._FIELDS.clear()
    scoring._PLANS.clear()


class FieldClock:
    """Counts the fields built and the CPU seconds spent building them."""

    def __init__(self) -> None:
        self.built, self.seconds = 0, 0.0
        self._init = goalfield.GoalField.__init__

    def __enter__(self) -> FieldClock:
        clock, init = self, self._init

        def timed(field: goalfield.GoalField, *args: object, **kw: object) -> None:
            t = time.process_time()
            init(field, *args, **kw)  # type: ignore[arg-type]
            clock.seconds += time.process_time() - t
            clock.built += 1

        goalfield.GoalField.__init__ = timed  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *_: object) -> None:
        goalfield.GoalField.__init__ = self._init  # type: ignore[method-assign]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--levels", default="recruit,steady,veteran")
    ap.add_argument("--ruleset", default="d3")
    ap.add_argument("--units", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=1.0, help="the Veteran's budget")
    args = ap.parse_args()
    size, objectives = (240.0, 25) if args.quick else (MAX_TABLE, MAX_OBJECTIVES)
    units = 60 if args.quick else args.units
    sc = limit_scenario(units, size, objectives, args.ruleset)
    game = registry.get(args.ruleset).new_game(sc, seed=1)
    print(f"{sc.title}, {size:g}\" x {size:g}\" table, ruleset {args.ruleset}, "
          f"side to act {game.side}")
    for word in args.levels.split(","):
        seat = Computer(Level(word), seconds=args.seconds)
        fresh()
        with FieldClock() as clock:
            t = time.process_time()
            seat.choose(game, random.Random(1), passes=None)
            first = time.process_time() - t
        with FieldClock() as again:
            t = time.process_time()
            seat.choose(game, random.Random(2), passes=None)
            second = time.process_time() - t
        print(f"{word:8} first decision {first:6.2f} s CPU ({clock.built} fields built in "
              f"{clock.seconds:.2f} s); second {second:5.2f} s ({again.built} fields)")


if __name__ == "__main__":
    main()
