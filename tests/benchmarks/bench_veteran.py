"""Benchmark: the computer's Veteran (search player) against its Steady player.

Run: .venv/bin/python tests/benchmarks/bench_veteran.py [--games N] [--seconds S]
     [--ruleset ID] [--horizon H] [--first-seed K] [--timing N] [--against-seconds T]
     [--scenario NAME] [--depth D]

On each ruleset's first bundled scenario (or the rulesets named, or with
--scenario the bundled scenarios whose file name starts with NAME), plays N games with the
Veteran on one side and the Steady player on the other (with
--against-seconds T, the same Veteran, every option alike, thinking T seconds),
swapping sides every game, the Veteran thinking S CPU seconds a decision (default 0.25).  Prints
each game as it ends, then the Veteran's share of the decided games with a
95% Wilson interval, how often each side won with the Veteran on it and with
the Steady player on it, and the Veteran's CPU time per decision (median and
worst), and how often it departed from the Steady player's choice (its prior's
favourite).  With --timing N it plays no games: it times N decisions per
scenario at the given budget on positions reached by Steady-against-Steady
play (median and worst CPU).  Prints numbers; never fails.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desktop.play.balance.stats import wilson  # noqa: E402
from desktop.play.opponent import steady_action  # noqa: E402
from desktop.play.veteran import Settings, think  # noqa: E402
from desktop.rules import registry  # noqa: E402
from desktop.scenario import Scenario  # noqa: E402
from tests.play.bundled import bundled_named, first_bundled  # noqa: E402

MAX_ACTIONS = 5_000
RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]


def play(sc: Scenario, seed: int, veteran_side: str, settings: Settings,
         against: Settings | None = None, departed: list[int] | None = None
         ) -> tuple[str | None, list[float], int, str]:
    """One game; returns the winning side (None: drawn or unfinished), the
    Veteran's CPU seconds per decision, the number of actions and how it ended.
    The other side is the Steady player, or with `against` a Veteran thinking
    that long.  `departed` gains 1 for each decision in which the
    Veteran did not take the Steady player's choice."""
    game = registry.get(str(sc.ruleset)).new_game(sc, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    times: list[float] = []
    n = 0
    while game.outcome is None and n < MAX_ACTIONS:
        if game.side == veteran_side:
            t = time.process_time()
            thought = think(game, rng, settings)
            action = thought.action
            times.append(time.process_time() - t)
            if departed is not None and thought.steady is not None:
                departed.append(int(action.text() != thought.steady))
        elif against is not None:
            action = think(game, rng, against).action
        else:
            action = steady_action(game, rng)
        game.apply(action)
        n += 1
    out = game.outcome
    return ((None if out is None else out.winner), times, n,
            "unfinished" if out is None else out.reason)


def timing(sc: Scenario, positions: int, settings: Settings) -> list[float]:
    """The Veteran's CPU seconds for `positions` decisions along a Steady game
    (one every few actions, so that they come from every stage of the game)."""
    game = registry.get(str(sc.ruleset)).new_game(sc, seed=77)
    rng = random.Random(77)
    times: list[float] = []
    while game.outcome is None and len(times) < positions:
        for _ in range(5):
            if game.outcome is not None:
                break
            game.apply(steady_action(game, rng))
        if game.outcome is None:
            times.append(think(game, random.Random(len(times)), settings).seconds)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2, help="games per scenario (default 2)")
    ap.add_argument("--seconds", type=float, default=0.25,
                    help="the Veteran's CPU budget a decision (default 0.25)")
    ap.add_argument("--horizon", type=int, default=None,
                    help="playout actions (default: the Veteran's)")
    ap.add_argument("--ruleset", action="append", help="only these rulesets")
    ap.add_argument("--first-seed", type=int, default=2000, help="seed of the first game")
    ap.add_argument("--timing", type=int, default=0,
                    help="time N decisions per scenario instead of playing games")
    ap.add_argument("--against-seconds", type=float, default=None,
                    help="the other side is a Veteran thinking this long, not the Steady "
                         "player (to show what a larger budget buys)")
    ap.add_argument("--depth", type=int, default=None,
                    help="actions below the root a pass follows through the tree "
                         "(default: the Veteran's)")
    ap.add_argument("--scenario", action="append",
                    help="the bundled scenarios whose file name starts with NAME "
                         "(for example d3_kreuzdorf), instead of each ruleset's first")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: two 0.05 s decisions per scenario, no games")
    args = ap.parse_args()
    if args.quick:
        args.timing, args.seconds = 2, 0.05
    settings = Settings(seconds=args.seconds)
    if args.horizon is not None:
        settings = replace(settings, horizon=args.horizon)
    if args.depth is not None:
        settings = replace(settings, depth=args.depth)
    # the other side: the same Veteran (every option above) at another budget
    against = None if args.against_seconds is None else replace(
        settings, seconds=args.against_seconds)
    if against is not None:
        print(f"The other side: a Veteran at {args.against_seconds:g} s (its wins are "
              f"counted as Steady's below)", flush=True)
    if args.timing:
        for rid in args.ruleset or RULESETS:
            t = timing(first_bundled(rid), args.timing, settings)
            print(f"{rid:10s} {len(t)} decisions at {args.seconds:g} s: median "
                  f"{1000 * statistics.median(t):.0f} ms, worst {1000 * max(t):.0f} ms CPU",
                  flush=True)
        return
    if args.scenario:
        chosen = [(str(sc.ruleset), sc) for sc in bundled_named(args.scenario)]
    else:
        chosen = [(rid, first_bundled(rid)) for rid in args.ruleset or RULESETS]
    for rid, sc in chosen:
        print(f"{sc.title} ({rid})", flush=True)
        sides = [s.id for s in sc.sides]
        results: Counter[str] = Counter()
        wins_with: dict[str, Counter[str]] = {"veteran": Counter(), "steady": Counter()}
        times: list[float] = []
        departed: list[int] = []
        for g in range(args.games):
            seed = args.first_seed + g
            vside = sides[g % 2]
            winner, t, n, how = play(sc, seed, vside, settings, against, departed)
            times.extend(t)
            if winner is None:
                res = "draw"
            else:
                res = "veteran" if winner == vside else "steady"
                wins_with[res][winner] += 1
            results[res] += 1
            print(f"  {rid} seed {seed}: Veteran as {vside}: {res} ({n} actions, "
                  f"{len(t)} decisions, median {1000 * statistics.median(t or [0]):.0f} ms"
                  f"): {how}", flush=True)
        decided = results["veteran"] + results["steady"]
        lo, hi = wilson(results["veteran"], decided)
        share = f"{100 * results['veteran'] / decided:.0f}%" if decided else "-"
        print(f"{rid:10s} {args.games} games at {args.seconds:g} s: Veteran won "
              f"{results['veteran']}, Steady won {results['steady']}, {results['draw']} drawn "
              f"or unfinished; Veteran's share of decided games {share} "
              f"(95% interval {100 * lo:.0f}%-{100 * hi:.0f}%); decision median "
              f"{1000 * statistics.median(times or [0]):.0f} ms, worst "
              f"{1000 * max(times or [0]):.0f} ms CPU", flush=True)
        if departed:
            print(f"{'':10s} departed from the "
                  f"Steady player's choice in {sum(departed)} of {len(departed)} "
                  f"decisions", flush=True)
        for i, side in enumerate(sides):
            played = len(range(i, args.games, 2))
            print(f"{'':10s} {side}: won {wins_with['veteran'][side]} of {played} with the "
                  f"Veteran on it, {wins_with['steady'][side]} of {args.games - played} with "
                  f"the Steady player on it", flush=True)


if __name__ == "__main__":
    main()
