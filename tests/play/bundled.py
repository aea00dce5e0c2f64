"""The bundled scenario the computer-player tests play for each ruleset."""

from __future__ import annotations

import random
from collections.abc import Callable

from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.engine import Action, Game
from desktop.scenario import Scenario, load


def first_bundled(ruleset_id: str) -> Scenario:
    """The first bundled scenario written for `ruleset_id` (by file name)."""
    for path in bundled_scenarios():
        sc = load(path)
        if sc.ruleset == ruleset_id:
            return sc
    raise AssertionError(f"no bundled scenario for {ruleset_id}")


def bundled_named(prefixes: list[str]) -> list[Scenario]:
    """The bundled scenarios whose file name starts with one of `prefixes` (the
    benchmarks' --scenario: the second day of Kreuzdorf is no ruleset's first)."""
    return [load(p) for p in bundled_scenarios() if p.stem.startswith(tuple(prefixes))]


def advanced(ruleset_id: str, seed: int, actions: int,
             player: Callable[[Game, random.Random], Action]) -> Game:
    """A seeded game on `ruleset_id`'s first bundled scenario, `actions` actions of
    `player` in (fewer if it ends), so that pieces have moved and dice rolled."""
    game = registry.get(ruleset_id).new_game(first_bundled(ruleset_id), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.outcome is not None:
            break
        game.apply(player(game, rng))
    return game
