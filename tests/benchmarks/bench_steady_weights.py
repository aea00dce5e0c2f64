"""Benchmark: the Steady player with other weights, or weighing by the fitted
value, against the Steady player as it is.

Run: .venv/bin/python tests/benchmarks/bench_steady_weights.py [VARIANTS]
     [--games N] [--kiddies-games K] [--first-seed S] [--workers W] [--quick]

VARIANTS is JSON: a name for each variant and what it changes, either
multipliers of `opponent.Weights` (and `press`, the style's pressing on, as a
value) or `{"fitted": true}`, which scores each copy by 1000 times the
fitted chance of winning (desktop.play.value) instead of the score.  For
example '{"strength x2": {"strength": 2}, "fitted": {"fitted": true}}'.
Plays N games a bundled scenario (K on Kiddies' bridge, whose games are
longer) for each variant, sides swapped every game, both players drawing
from one random source seeded by the game, and prints each variant's wins,
the plain player's and the draws.  Steady games take about a second, so
this is a quick way to see whether a change to what the player maximises
helps before playing the Veteran with it.  Without VARIANTS, the control
alone (`{"as it is": {}}`); --quick plays one game a scenario but Kiddies'.
Prints numbers; never fails.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desktop.play import opponent  # noqa: E402
from desktop.play.value import chance  # noqa: E402
from desktop.resources import bundled_scenarios  # noqa: E402
from desktop.rules import registry  # noqa: E402
from desktop.rules.engine import Game  # noqa: E402
from desktop.scenario import load  # noqa: E402

MAX_ACTIONS = 5_000
_PLAIN_SCORE = opponent.score
#: The side whose copies are scored by the fitted chance, in this process.
_FITTED_SIDE: list[str | None] = [None]


def _score(game: Game, side: str, weights: opponent.Weights | None = None) -> float:
    """`opponent.score`, or for the fitted side 1000 times its fitted chance."""
    if side == _FITTED_SIDE[0]:
        return 1000.0 * chance(game, side)
    return _PLAIN_SCORE(game, side, weights or opponent.Weights())


def _style(spec: dict[str, float]) -> opponent.Style:
    w = opponent.Weights()
    changed = {k: getattr(w, k) * v for k, v in spec.items() if hasattr(w, k)}
    style = replace(opponent.STEADY, weights=replace(w, **changed))
    if "press" in spec:
        style = replace(style, press=spec["press"])
    return style


def one(job: tuple[str, dict[str, float], str, int, int]) -> tuple[str, str, str]:
    name, spec, path, seed, seat = job
    sc = load(Path(path))
    sides = [s.id for s in sc.sides]
    mine = _style(spec)
    _FITTED_SIDE[0] = sides[seat] if spec.get("fitted") else None
    game = registry.get(str(sc.ruleset)).new_game(sc, seed=seed)
    rng = random.Random(seed * 31 + 7)
    n = 0
    while game.outcome is None and n < MAX_ACTIONS:
        style = mine if game.side == sides[seat] else opponent.STEADY
        game.apply(opponent.steady_action(game, rng, style))
        n += 1
    winner = None if game.outcome is None else game.outcome.winner
    return name, Path(path).stem, ("draw" if winner is None
                                   else "variant" if winner == sides[seat] else "plain")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="?", default='{"as it is": {}}',
                    help="JSON: name -> weights' multipliers or {\"fitted\": true}")
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--kiddies-games", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=7000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="a smoke run: one game a scenario")
    args = ap.parse_args()
    if args.quick:
        args.games, args.kiddies_games = 1, 0
    opponent.score = _score  # the copies' scores in this process and its workers
    variants: dict[str, dict[str, float]] = json.loads(args.variants)
    jobs = [(name, spec, str(p), args.first_seed + g, g % 2)
            for name, spec in variants.items() for p in bundled_scenarios()
            for g in range(args.kiddies_games if p.stem.startswith("kiddies") else args.games)]
    results: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    with Pool(args.workers) as pool:
        for name, stem, res in pool.imap_unordered(one, jobs, chunksize=4):
            results[(name, stem)][res] += 1
    for (name, stem), c in sorted(results.items()):
        decided = c["variant"] + c["plain"]
        print(f"{name:14s} {stem:26s} variant {c['variant']:3d}, plain {c['plain']:3d}, "
              f"drawn {c['draw']:3d}: variant's share of decided "
              f"{100 * c['variant'] / max(1, decided):.0f}%", flush=True)


if __name__ == "__main__":
    main()
