"""The conformance harness every ruleset passes (docs/engine.md, "Conformance harness").

Seeded random legal play until the game ends.  After every action:

- the state is possible: generic checks on the snapshot, plus the game's own
  ``invariant_problems()`` if it has one (``state_problems``);
- with ``deep`` (the test suite's setting): every action ``legal_actions()``
  lists passes ``check``, and so does every candidate ``sample_actions()``
  offers; each of them reads back from its notation as itself
  (``ruleset.parse_action(a.text()) == a``); a few of them have ``odds()``
  that are None or possible (``odds_problems``); asking changes nothing;
  and the action is applied to a ``clone()`` and a ``clone(seed)`` first: the
  original is untouched by both, the original then reaches exactly what the
  plain clone reached (a clone rolls the original's own coming dice, so the
  seeded clone consumed none of them), and the seeded clone is untouched by
  the original's move (``action_problems``, ``clone_problems``).

At the end the record is written, read back and replayed, and must reach the
same final state; its text must be stable (``check_replay``).

Run many games from the command line:

    .venv/bin/python -m tests.rules.conformance --ruleset d3 --games 1000
    .venv/bin/python -m tests.rules.conformance --ruleset kiddies --games 100 --deep
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.action_odds import Odds
from desktop.rules.engine import JSON, Action, Game, OptionValue
from desktop.rules.randomplay import random_action
from desktop.rules.record import dumps, loads, record_of, replay
from desktop.scenario import Scenario, load

HERE = Path(__file__).parent
DATA = HERE / "data"
#: A game that takes more actions than this is reported as not ending.
MAX_ACTIONS = 20_000
#: Free-table candidates asked of ``sample_actions`` at each position (deep checks).
SAMPLED = 4


@dataclass
class Result:
    scenario: str
    seed: int
    actions: int
    turn: int
    winner: str | None
    reason: str


def scenarios_for(ruleset_id: str) -> list[tuple[str, Scenario]]:
    """Bundled scenarios made for the ruleset, then those its own package brings
    (``Ruleset.scenarios()``: how a ruleset installed as a plugin is played),
    then tests/rules/data/<id>_*.yaml, then the ruleset's own test battlefields
    (tests/rules/<id>/data/*.yaml)."""
    out: list[tuple[str, Scenario]] = []
    for path in bundled_scenarios():
        sc = load(path)
        if sc.ruleset == ruleset_id:
            out.append((path.name, sc))
    for path in registry.get(ruleset_id).scenarios():
        out.append((f"{ruleset_id}:{path.name}", load(path)))
    for path in sorted(DATA.glob(f"{ruleset_id}_*.yaml")):
        out.append((path.name, load(path)))
    for path in sorted((HERE / ruleset_id / "data").glob("*.yaml")):
        sc = load(path)
        if sc.ruleset == ruleset_id:
            out.append((f"{ruleset_id}/{path.name}", sc))
    return out


def state_problems(game: Game, snap: JSON | None = None) -> list[str]:
    """Generic checks on the snapshot (`snap` if given), plus the ruleset's own invariants."""
    if snap is None:
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
    out.extend(game.invariant_problems())
    return out


def action_problems(game: Game, probe: random.Random) -> list[str]:
    """Every listed and every sampled action passes ``check`` and reads back from
    its notation as itself.  (That asking changed nothing is checked by
    ``clone_problems``, which compares the state with the one before.)"""
    out: list[str] = []
    drawn = len(game.chance.log)
    legal = game.legal_actions()
    sampled = game.sample_actions(probe, SAMPLED)
    if game.outcome is None and not legal and not sampled:
        out.append("no action is offered")
    for kind, actions in (("legal", legal), ("sampled", sampled)):
        for a in actions:
            out.extend(_notation_problems(game, a, kind))
            why = game.check(a)
            if why is not None:
                out.append(f"{kind} action '{a.text()}' fails check: {why}")
    out.extend(odds_problems(game, legal + sampled))
    if len(game.chance.log) != drawn:
        out.append("listing or checking actions, or asking their odds, drew from the "
                   "game's dice or cards")
    return out


#: Actions whose odds are asked after each action (a few, picked afresh each time).
ODDS_ASKED = 6


def odds_problems(game: Game, actions: list[Action]) -> list[str]:
    """``odds()`` (the engine protocol's one Odds type) of a few offered actions is
    None or possible odds: exact chances summing to exactly 1."""
    out: list[str] = []
    pick = random.Random(len(game.history))
    for a in pick.sample(actions, min(ODDS_ASKED, len(actions))):
        try:
            got = game.odds(a)
        except Exception as exc:  # an offered action has odds or None, never an error
            out.append(f"odds of '{a.text()}' raised {type(exc).__name__}: {exc}")
            continue
        if got is not None and not isinstance(got, Odds):
            out.append(f"odds of '{a.text()}' are a {type(got).__name__}, not an Odds")
        elif got is not None:
            out.extend(f"odds of '{a.text()}': {p}" for p in got.problems())
    return out


def _notation_problems(game: Game, a: Action, kind: str) -> list[str]:
    text = a.text()
    try:
        back = game.ruleset.parse_action(text)
    except Exception as exc:  # a NotationError, or worse: either way a finding
        return [f"{kind} action '{text}' does not read back: {type(exc).__name__}: {exc}"]
    if back != a:
        return [f"{kind} action '{text}' reads back as {back!r}, not {a!r}"]
    return []


def clone_problems(game: Game, before: JSON, action: Action, clone_seed: int
                   ) -> tuple[list[str], JSON]:
    """Apply `action` to a clone, to a clone with its own seed, then to `game`
    (whose snapshot was `before`); return the problems and the new snapshot.

    The original is untouched by both copies (and by the questions asked of it
    since `before`), and a copy by the original.  ``clone()`` (no seed) rolls
    the dice the original would, so it ends where the original does: which also
    shows that the seeded clone took none of the original's draws.
    """
    out: list[str] = []
    drawn = len(game.chance.log)
    same, fresh = game.clone(), game.clone(seed=clone_seed)
    for what, copy in (("clone()", same), (f"clone(seed={clone_seed})", fresh)):
        try:
            copy.apply(action)
        except Exception as exc:  # legal in the original, so legal in its copy
            return [f"{what} could not apply it: {type(exc).__name__}: {exc} "
                    "(is the copy independent of the original?)"], None
    if game.snapshot() != before or len(game.chance.log) != drawn:
        out.append("the original changed while actions were listed and checked, "
                   "or when a clone of it was played")
    expected = same.snapshot()
    game.apply(action)
    after = game.snapshot()
    if after != expected:
        out.append("the original and its clone() differ after the same action "
                   "(the clone's dice are not the original's, or a clone(seed) took some)")
    if same.snapshot() != expected:
        out.append("applying the action to the original changed its clone")
    return out, after


def seeded_clone_problems(game: Game, clone_seed: int, before: JSON | None = None) -> list[str]:
    """A ``clone(seed)`` starts in the original's state: only the coming dice and
    cards differ (the cards already turned stay turned)."""
    snap = game.snapshot() if before is None else before
    if game.clone(seed=clone_seed).snapshot() != snap:
        return [f"clone(seed={clone_seed}) does not start in the original's state"]
    return []


def play(ruleset_id: str, name: str, scenario: Scenario, seed: int,
         check_every: int = 1, deep: bool = False,
         options: Mapping[str, OptionValue] | None = None,
         seeded_clones: bool | None = None) -> tuple[Game, Result]:
    """One seeded random game, checked after every `check_every` actions (0: only
    at the end); `deep` adds the action and clone checks at the same actions,
    `seeded_clones` (default: as `deep`) the check that a clone(seed) starts in
    the original's state."""
    game = registry.get(ruleset_id).new_game(scenario, dict(options or {}), seed=seed)
    rng = random.Random(seed)
    probe = random.Random(seed + 1_000_003)
    where = f"{ruleset_id} {name} seed {seed}"
    if seeded_clones is None:
        seeded_clones = deep
    n = 0
    while game.outcome is None:
        if n >= MAX_ACTIONS:
            raise AssertionError(f"{where}: no end after {MAX_ACTIONS} actions")
        checked = bool(check_every) and n % check_every == 0
        before = game.snapshot() if checked and (deep or seeded_clones) else None
        bad: list[str] = []
        if before is not None and seeded_clones:
            bad = seeded_clone_problems(game, seed * 7919 + n, before)
        if checked and deep:
            bad += action_problems(game, probe)
        if bad:
            raise AssertionError(f"{where} before action {n} (turn {game.turn}, "
                                 f"{game.phase}, {game.side}): {bad}")
        action = random_action(game, rng)
        after = None
        if checked and deep:
            bad, after = clone_problems(game, before, action, seed * 7919 + n)
            if bad:
                raise AssertionError(f"{where} action {n} '{action.text()}': {bad}")
        else:
            game.apply(action)
        n += 1
        if checked:
            bad = state_problems(game, after)
            if bad:
                raise AssertionError(f"{where} after action {n - 1} '{action.text()}': {bad}")
    bad = state_problems(game)
    if bad:
        raise AssertionError(f"{where} at the end: {bad}")
    out = game.outcome
    assert out is not None
    return game, Result(name, seed, n, game.turn, out.winner, out.reason)


def check_replay(game: Game) -> None:
    """Record -> YAML -> record -> replay gives the same final state; the YAML
    written from the record read back is the YAML read."""
    text = dumps(record_of(game))
    record = loads(text)
    if dumps(record) != text:
        raise AssertionError("the record's text changed on being read and written again")
    if replay(record).snapshot() != game.snapshot():
        raise AssertionError("replaying the record gave a different final state")


def cases(ruleset_id: str, games: int, first_seed: int = 0) -> list[tuple[str, Scenario, int]]:
    """`games` (scenario name, scenario, seed) for a ruleset, cycling its scenarios."""
    scen = scenarios_for(ruleset_id)
    if not scen:
        raise AssertionError(f"no scenario for ruleset {ruleset_id}")
    return [(*scen[k % len(scen)], first_seed + k) for k in range(games)]


def run(ruleset_id: str, games: int, check_every: int = 1, first_seed: int = 0,
        verbose: bool = False, deep: bool = False) -> list[Result]:
    results = []
    for name, sc, seed in cases(ruleset_id, games, first_seed):
        game, res = play(ruleset_id, name, sc, seed, check_every, deep)
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
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--check-every", type=int, default=1,
                    help="check invariants after every N actions (0: only at the end)")
    ap.add_argument("--deep", action="store_true",
                    help="also check every legal and sampled action, notation and clones")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    results = run(args.ruleset, args.games, args.check_every, args.first_seed,
                  verbose=args.verbose, deep=args.deep)
    dt = time.perf_counter() - t
    ends: dict[str, int] = {}
    for r in results:
        key = r.reason.split(":")[0].split(" (")[0]
        key = "turn limit" if key.startswith("turn limit") else ("victory" if r.winner else key)
        ends[key] = ends.get(key, 0) + 1
    deep = "; every action, notation and clone checked" if args.deep else ""
    print(f"{len(results)} {args.ruleset} games, no exception, no impossible state, "
          f"every replay identical{deep}; {dt:.1f} s ({len(results) / dt:.1f} games/s with checks)")
    print("ends: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
