"""Coverage of the balance report's always-valid interval, by simulation (issue 36).

Run: .venv/bin/python tests/benchmarks/bench_coverage.py [--runs R] [--games N] [--quick]

For each true share (wins, draws) it plays R seeded streams of N games'
scores (1 a win, 1/2 a draw, 0 a loss), looks at the interval after every
game, and prints the share of streams in which the true share was never
ruled out (it should be at least 95%), then the games a stream takes to
settle at the default precision (median, least and most of 20 streams).
Pure arithmetic: no games are played.  The suite's quicker form is
tests/play/balance/test_sequential.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desktop.play.balance.sequential import (  # noqa: E402
    PRECISION,
    BettingInterval,
    settle_of,
    tuned_games,
)
from tests.play.balance.test_sequential import scores  # noqa: E402

SHARES = ((0.5, 0.0), (0.3, 0.4), (0.6, 0.0), (0.7, 0.0), (0.8, 0.0), (0.9, 0.0))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--quick", action="store_true", help="20 streams of 50 games")
    args = ap.parse_args()
    if args.quick:
        args.runs, args.games = 20, 50
    for win, draw in SHARES:
        true = win + draw / 2
        covered = 0
        for run in range(args.runs):
            rng = random.Random(f"cov:{win}:{draw}:{run}")
            iv = BettingInterval(grid=(true,), tuned=tuned_games(PRECISION))
            stream = scores(rng, win, draw)
            for _ in range(args.games):
                iv.add(next(stream))
                if not iv.contains(true):
                    break
            else:
                covered += 1
        took = [settle_of(scores(random.Random(r), win, draw), 1000) for r in range(20)]
        games = [s.games for s in took]
        reasons = sorted({s.reason for s in took})
        print(f"true share {true:.2f} (wins {win:.0%}, draws {draw:.0%}): never missed in "
              f"{covered} of {args.runs} streams of {args.games} games = "
              f"{covered / args.runs:.1%}; settles in {statistics.median(games):g} games "
              f"({min(games)} to {max(games)}; {', '.join(reasons)})", flush=True)


if __name__ == "__main__":
    main()
