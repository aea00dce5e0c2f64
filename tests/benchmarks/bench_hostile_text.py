"""How long printing takes when the names are hostile: very long, or in any script.

    python tests/benchmarks/bench_hostile_text.py            # 3 runs of each case
    python tests/benchmarks/bench_hostile_text.py --quick    # 1 run, shorter strings (CI)
    python tests/benchmarks/bench_hostile_text.py --case title-word

Issue 15 ("Hostile text"): fitting text was quadratic, a 10,000-character
title took 18.6 s to print.  Prints numbers; never fails on a time.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from desktop.resources import bundled_scenario  # noqa: E402
from desktop.scenario import load  # noqa: E402
from desktop.scenario.model import Scenario  # noqa: E402
from printouts import PrintOptions, render_counted  # noqa: E402

SCRIPTS = ("北京第一旅团", "😀👍🏽 Jäger", "גדוד הרגלים", "كتيبة المشاة", "<b>Bold</b> &amp;")


def renamed(s: Scenario, names: Callable[[], str], title: str | None = None) -> Scenario:
    """`s` with every name (sides, units, officers, terrain, objectives) from `names`."""
    sides = tuple(
        replace(side, name=names(),
                units=tuple(replace(u, name=names()) for u in side.units),
                officers=tuple(replace(o, name=names()) for o in side.officers))
        for side in s.sides)
    return replace(
        s, title=title if title is not None else s.title, sides=sides,
        terrain=tuple(replace(f, name=names()) for f in s.terrain),
        game=replace(s.game, objectives=tuple(replace(o, name=names())
                                              for o in s.game.objectives)))


def cases(n: int) -> dict[str, Scenario]:
    base = load(bundled_scenario("d3_crossroads.yaml"))
    word = ("Kreuzdorf" * (n // 9 + 1))[:n]
    words = ("The long battle of the crossroads " * (n // 34 + 1))[:n]
    cycle = itertools.cycle(SCRIPTS)
    return {
        "plain": base,  # for comparison: the scenario as bundled
        "title-word": replace(base, title=word),
        "title-words": replace(base, title=words),
        "names-long": renamed(base, lambda: word, title=word),
        "names-scripts": renamed(base, lambda: next(cycle)),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one run, 2,000-character strings")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--length", type=int, default=10_000, help="characters in a long name")
    ap.add_argument("--case", action="append", help="only this case (repeatable)")
    args = ap.parse_args()
    runs = 1 if args.quick else args.runs
    n = 2_000 if args.quick else args.length
    print(f"long strings: {n:,} characters; runs={runs}; all sheets, D3 Crossroads")
    print(f"{'case':<14} {'pages':>5} {'KB':>6} {'median s':>9} {'min s':>7}")
    for label, scenario in cases(n).items():
        if args.case and label not in args.case:
            continue
        times: list[float] = []
        pages = size = 0
        for _ in range(runs):
            t = time.perf_counter()
            data, pages = render_counted(scenario, PrintOptions())
            times.append(time.perf_counter() - t)
            size = len(data)
        print(f"{label:<14} {pages:>5} {size / 1024:>6.0f} {statistics.median(times):>9.2f} "
              f"{min(times):>7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
