"""Random-play conformance, shared by every ruleset.

Seeded random legal play until the game ends; after every action the state
must be possible (generic checks on the snapshot, plus the game's own
``invariant_problems()`` if it has one); at the end, the game's record is
written, read back and replayed, and must reach the same final state.

Run many games from the command line:

    .venv/bin/python -m tests.rules.conformance --ruleset d3 --games 1000
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from desktop.rules.record import dumps, loads, record_of, replay
from desktop.scenario import Scenario, load

DATA = Path(__file__).parent / "data"
#: A game that takes more actions than this is reported as not ending.
MAX_ACTIONS = 20_000


@dataclass
class Result:
    scenario: str
    seed: int
    actions: int
    turn: int
    winner: str | None
    reason: str


def scenarios_for(ruleset_id: str) -> list[tuple[str, Scenario]]:
    """Bundled scenarios made for the ruleset, then tests/rules/data/<id>_*.yaml."""
    out: list[tuple[str, Scenario]] = []
    for path in bundled_scenarios():
        sc = load(path)
        if sc.ruleset == ruleset_id:
            out.append((path.name, sc))
    for path in sorted(DATA.glob(f"{ruleset_id}_*.yaml")):
        out.append((path.name, load(path)))
    return out


def state_problems(game: Game) -> list[str]:
    """Generic checks on the snapshot, plus the ruleset's own invariants."""
    snap = game.snapshot()
    out: list[str] = []
    sides = {s.id for s in game.scenario.sides}
    ids = [u["id"] for u in snap["units"]]
    if len(ids) != len(set(ids)):
        out.append("duplicate ids in the snapshot")
    for u in snap["units"]:
        for key in ("id", "side", "type", "x", "y", "facing", "status"):
            if key not in u:
                out.append(f"unit {u.get('id')} lacks '{key}'")
        if u.get("side") not in sides:
            out.append(f"unit {u.get('id')} on unknown side {u.get('side')}")
        if not all(isinstance(u.get(k), (int, float)) and math.isfinite(u[k])
                   for k in ("x", "y", "facing")):
            out.append(f"unit {u.get('id')} has a non-finite position")
    if snap["turn"] < 1:
        out.append("turn below 1")
    if snap["outcome"] is None:
        if snap["side"] not in sides:
            out.append(f"side to act {snap['side']!r} is not a side")
        if snap["phase"] not in {p.id for p in game.phases}:
            out.append(f"phase {snap['phase']!r} is not declared")
    elif snap["side"] is not None:
        out.append("over, yet a side is to act")
    own = getattr(game, "invariant_problems", None)
    if callable(own):
        out.extend(own())
    return out


def play(ruleset_id: str, name: str, scenario: Scenario, seed: int,
         check_every: int = 1) -> tuple[Game, Result]:
    game = registry.get(ruleset_id).new_game(scenario, seed=seed)
    rng = random.Random(seed)
    n = 0
    while game.outcome is None:
        if n >= MAX_ACTIONS:
            raise AssertionError(f"{name} seed {seed}: no end after {MAX_ACTIONS} actions")
        action = random_action(game, rng)
        game.apply(action)
        n += 1
        if check_every and n % check_every == 0:
            bad = state_problems(game)
            if bad:
                raise AssertionError(f"{name} seed {seed} after action {n - 1} "
                                     f"'{action.text()}': {bad}")
    bad = state_problems(game)
    if bad:
        raise AssertionError(f"{name} seed {seed} at the end: {bad}")
    out = game.outcome
    assert out is not None
    return game, Result(name, seed, n, game.turn, out.winner, out.reason)


def check_replay(game: Game) -> None:
    """Record -> YAML -> record -> replay gives the same final state."""
    again = replay(loads(dumps(record_of(game))))
    if again.snapshot() != game.snapshot():
        raise AssertionError("replaying the record gave a different final state")


def run(ruleset_id: str, games: int, check_every: int = 1, first_seed: int = 0,
        verbose: bool = False) -> list[Result]:
    scen = scenarios_for(ruleset_id)
    if not scen:
        raise AssertionError(f"no scenario for ruleset {ruleset_id}")
    results = []
    for k in range(games):
        name, sc = scen[k % len(scen)]
        game, res = play(ruleset_id, name, sc, first_seed + k, check_every)
        check_replay(game)
        results.append(res)
        if verbose:
            print(f"{res.scenario} seed {res.seed}: {res.actions} actions, turn {res.turn}, "
                  f"{res.winner or 'draw'} ({res.reason})")
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="d3")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--check-every", type=int, default=1,
                    help="check invariants after every N actions (0: only at the end)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    results = run(args.ruleset, args.games, args.check_every, verbose=args.verbose)
    dt = time.perf_counter() - t
    ends: dict[str, int] = {}
    for r in results:
        key = r.reason.split(":")[0].split(" (")[0]
        key = "turn limit" if key.startswith("turn limit") else ("victory" if r.winner else key)
        ends[key] = ends.get(key, 0) + 1
    print(f"{len(results)} {args.ruleset} games, no exception, no impossible state, "
          f"every replay identical; {dt:.1f} s ({len(results) / dt:.1f} games/s with checks)")
    print("ends: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
