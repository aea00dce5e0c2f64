"""Benchmark: the computer's steady player against the random legal player.

Run: .venv/bin/python tests/benchmarks/bench_opponent.py [--quick] [--games N] [--ruleset ID]
     [--scenario NAME] [--cost]

For each ruleset, on its first bundled scenario (or with --scenario the bundled
scenarios whose file name starts with NAME), plays N games with the steady
player on one side and the random player on the other, swapping sides every
game, and prints how the games ended and how long the steady player took to
choose (median and worst, CPU time).  A scenario may favour one side (an
attacker with too few turns, say), so it also plays the same seeds random
against random and prints, for each side, how often that side won when the
steady player had it and when the random player had it.  Prints numbers;
never fails.

With --cost it plays N games Steady against Steady instead (seeds 1 to N, as
a balance report plays them) and prints what a game costs the player: CPU
seconds, decisions, copies of the game it made, and the median and worst
decision (CPU).  The copies do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desktop.play.opponent import steady_action  # noqa: E402
from desktop.rules import registry  # noqa: E402
from desktop.rules.randomplay import random_action  # noqa: E402
from desktop.scenario import Scenario  # noqa: E402
from tests.play.bundled import bundled_named, first_bundled  # noqa: E402

MAX_ACTIONS = 20_000


def play(sc: Scenario, seed: int, steady_side_index: int | None
         ) -> tuple[str, list[float], int, str | None]:
    """One game; returns "steady", "random" or "draw", the steady player's
    thinking times (CPU seconds), the number of actions and the winning side
    (no steady player at all when `steady_side_index` is None)."""
    game = registry.get(str(sc.ruleset)).new_game(sc, seed=seed)
    steady_side = None if steady_side_index is None else sc.sides[steady_side_index].id
    rng = random.Random(seed * 7919 + 1)
    times: list[float] = []
    n = 0
    while game.outcome is None and n < MAX_ACTIONS:
        if game.side == steady_side:
            t = time.process_time()
            action = steady_action(game, rng)
            times.append(time.process_time() - t)
        else:
            action = random_action(game, rng)
        game.apply(action)
        n += 1
    out = game.outcome
    if out is None or out.winner is None:
        return "draw", times, n, None
    return ("steady" if out.winner == steady_side else "random"), times, n, out.winner


def cost(sc: Scenario, seed: int) -> tuple[list[float], int]:
    """One game Steady against Steady: each decision's CPU seconds and the copies
    of the game the player made (every `clone` of the real game)."""
    game = registry.get(str(sc.ruleset)).new_game(sc, seed=seed)
    copies = 0
    cls = type(game)
    clone = cls.clone

    # Counted on the class, not set on the game: a copy takes the game's fields,
    # so a counter set on the game made every copy of a copy a copy of the game.
    def counting(self, seed: int | None = None):  # type: ignore[no-untyped-def]
        nonlocal copies
        if self is game:
            copies += 1
        return clone(self, seed)

    cls.clone = counting  # type: ignore[method-assign]
    try:
        rng = random.Random(seed * 7919 + 1)
        times: list[float] = []
        while game.outcome is None and len(times) < MAX_ACTIONS:
            t = time.process_time()
            action = steady_action(game, rng)
            times.append(time.process_time() - t)
            game.apply(action)
    finally:
        cls.clone = clone  # type: ignore[method-assign]
    return times, copies


def main_cost(chosen: list[tuple[str, Scenario]], games: int) -> None:
    for rid, sc in chosen:
        per_game: list[float] = []
        times: list[float] = []
        copies = 0
        for seed in range(1, games + 1):
            t, c = cost(sc, seed)
            per_game.append(sum(t))
            times.extend(t)
            copies += c
        print(f"{rid:10s} {games} games Steady v Steady: {statistics.mean(per_game):.2f} s CPU "
              f"a game (fastest {min(per_game):.2f}), {len(times) / games:.0f} decisions and "
              f"{copies / games:.0f} copies a game; decision median "
              f"{1000 * statistics.median(times):.1f} ms, worst {1000 * max(times):.0f} ms CPU",
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="one game per ruleset")
    ap.add_argument("--games", type=int, default=None, help="games per ruleset (default 10)")
    ap.add_argument("--ruleset", action="append", help="only these rulesets")
    ap.add_argument("--scenario", action="append",
                    help="the bundled scenarios whose file name starts with NAME "
                         "(for example d3_kreuzdorf), instead of each ruleset's first")
    ap.add_argument("--cost", action="store_true",
                    help="Steady against Steady: what a game costs the player")
    args = ap.parse_args()
    games = args.games or (1 if args.quick else 10)
    ids = args.ruleset or ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
    if args.scenario:
        chosen = [(str(sc.ruleset), sc) for sc in bundled_named(args.scenario)]
    else:
        chosen = [(rid, first_bundled(rid)) for rid in ids]
    if args.cost:
        main_cost(chosen, games)
        return
    for rid, sc in chosen:
        print(f"{sc.title} ({rid})", flush=True)
        sides = [s.id for s in sc.sides]
        results: Counter[str] = Counter()
        steady_wins: Counter[str] = Counter()  # side -> wins with the steady player on it
        random_wins: Counter[str] = Counter()  # side -> wins, random against random
        times: list[float] = []
        actions = []
        for g in range(games):
            seat = g % 2
            res, t, n, winner = play(sc, seed=1000 + g, steady_side_index=seat)
            results[res] += 1
            times.extend(t)
            actions.append(n)
            if winner == sides[seat]:
                steady_wins[sides[seat]] += 1
            _, _, _, winner = play(sc, seed=1000 + g, steady_side_index=None)
            if winner == sides[seat]:
                random_wins[sides[seat]] += 1
        decided = results["steady"] + results["random"]
        share = f"{100 * results['steady'] / decided:.0f}%" if decided else "-"
        print(f"{rid:10s} {games} games: steady won {results['steady']}, random won "
              f"{results['random']}, {results['draw']} drawn or unfinished "
              f"(steady's share of decided games {share}); "
              f"choice median {1000 * statistics.median(times):.0f} ms, "
              f"worst {1000 * max(times):.0f} ms CPU; "
              f"median {statistics.median(actions):.0f} actions a game")
        for i, side in enumerate(sides):
            played = len(range(i, games, 2))
            print(f"{'':10s} {side}: won {steady_wins[side]} of {played} played by the steady "
                  f"player, {random_wins[side]} of {played} by the random player")


if __name__ == "__main__":
    main()
