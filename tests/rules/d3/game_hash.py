"""Fingerprint of seeded games, to show a speed-up plays the very same games
(issue 18: same seed, same game).

    python -m tests.rules.d3.game_hash --ruleset d3 --games 8 --steady 2

Random games on the 12 v 12 field: every position's legal action texts, its
sampled moves, the chosen action, the events, a clone's snapshot now and
then (the clone plays the next action too, and must end where the game
does), and the final state; steady-player games against random play on the
ruleset's bundled field. Prints one digest per game and one for all; run it
on the old and the new build and compare.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.scenario import load

FIELD = Path(__file__).resolve().parents[1] / "data" / "d3_12v12.yaml"


def _dump(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, default=str).encode()


def random_game(ruleset: str, seed: int) -> str:
    g = registry.get(ruleset).new_game(load(FIELD), seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    n = 0
    while g.outcome is None:
        h.update(_dump([a.text() for a in g.legal_actions()]))
        probe = random.Random(seed * 7919 + n)
        h.update(_dump([a.text() for a in g.sample_actions(probe, 2)]))
        a = random_action(g, rng)
        h.update(a.text().encode())
        copy = g.clone() if n % 7 == 3 else None
        ev = g.apply(a)
        h.update(_dump([e.to_json() for e in ev]))
        if copy is not None:
            cev = copy.apply(a)
            assert _dump([e.to_json() for e in cev]) == _dump([e.to_json() for e in ev]), (seed, n)
            assert _dump(copy.snapshot()) == _dump(g.snapshot()), (seed, n)
        n += 1
    h.update(_dump(g.snapshot()))
    return h.hexdigest()[:16]


def steady_game(ruleset: str, seed: int) -> str:
    from desktop.play.opponent import steady_action
    from desktop.resources import bundled_scenarios

    sc = next(s for s in map(load, bundled_scenarios()) if s.ruleset == ruleset)
    g = registry.get(ruleset).new_game(sc, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    h = hashlib.sha256()
    steady = sc.sides[0].id
    while g.outcome is None and len(g.history) < 3000:
        a = steady_action(g, rng) if g.side == steady else random_action(g, rng)
        h.update(a.text().encode())
        h.update(_dump([e.to_json() for e in g.apply(a)]))
    h.update(_dump(g.snapshot()))
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ruleset", default="d3")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--steady", type=int, default=0)
    args = ap.parse_args()
    total = hashlib.sha256()
    for seed in range(args.games):
        d = random_game(args.ruleset, seed)
        total.update(d.encode())
        print(f"random {seed}: {d}", flush=True)
    for seed in range(args.steady):
        d = steady_game(args.ruleset, seed)
        total.update(d.encode())
        print(f"steady {seed}: {d}", flush=True)
    print(f"all: {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
