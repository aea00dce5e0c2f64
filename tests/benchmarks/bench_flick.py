"""Tuning bench for the Kiddies flick: measured kill distributions.

Run: .venv/bin/python tests/benchmarks/bench_flick.py [--quick] [--shots N]

Two set pieces (desktop.rules.kiddies.flick.set_piece):

- ``volley``: a volley group's end figure flicks the medium pellet at an
  enemy line of five 8" away, aimed at the line's centre, with the strength a
  child would use (the pellet would slide about twice the distance on open
  table);
- ``cannon``: a cannon flicks the large pellet at full strength at a block of
  ten figures (two ranks of five) 24" away.

Prints, for each, how often 0, 1, 2, ... figures fell (either side), the
share in the documented band and the CPU time per flick (flicks per CPU second).  The bands are in
docs/kiddies-flick.md and are checked by tests/rules/kiddies/test_flick.py.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from desktop.rules.kiddies.flick import set_piece_flight


def distribution(name: str, shots: int, first_seed: int = 0) -> tuple[Counter[int], float]:
    kills: Counter[int] = Counter()
    t = time.process_time()
    for seed in range(first_seed, first_seed + shots):
        flight = set_piece_flight(name, random.Random(seed))
        kills[len(flight.fell)] += 1
    return kills, (time.process_time() - t) / shots


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="60 flicks per set piece")
    ap.add_argument("--shots", type=int, default=1000)
    args = ap.parse_args()
    shots = 60 if args.quick else args.shots
    for name in ("volley", "cannon"):
        kills, per = distribution(name, shots)
        mean = sum(k * n for k, n in kills.items()) / shots
        hist = "  ".join(f"{k}:{100 * kills[k] / shots:.1f}%" for k in range(max(kills) + 1))
        one_to_three = sum(kills[k] for k in (1, 2, 3)) / shots
        several = sum(n for k, n in kills.items() if k >= 3) / shots
        print(f"{name}: {shots} flicks, {1000 * per:.2f} ms of CPU each ({1 / per:.0f} flicks "
              f"per CPU second), mean {mean:.2f} killed")
        print(f"  killed  {hist}")
        print(f"  1-3 killed {100 * one_to_three:.1f}%   3 or more {100 * several:.1f}%   "
              f"none {100 * kills[0] / shots:.1f}%")


if __name__ == "__main__":
    main()
