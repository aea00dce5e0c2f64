"""Random legal play on the bundled grid scenario, beyond the shared harness.

The shared harness (tests/rules/test_conformance.py) plays 50 seeded games of
every ruleset on its bundled scenarios and calls ``invariant_problems()``
after every action.  These add what is particular to Tactical Dice: the
notation of every action round-trips, the option without skirmishers plays
out too, every listed action passes ``check``, and clones are independent.
"""

from __future__ import annotations

import json
import random

import pytest

from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.rules.record import record_of, replay
from desktop.rules.tactical.game import TacticalGame
from desktop.scenario import Scenario, load
from tests.rules.tactical.helpers import scenario_path

GAMES = 5
MAX_ACTIONS = 5_000


@pytest.fixture(scope="module")
def ridge() -> Scenario:
    return load(scenario_path())


def play_checked(g: TacticalGame, rng: random.Random) -> int:
    rs = g.ruleset
    n = 0
    while g.outcome is None:
        assert n < MAX_ACTIONS, "the game did not end"
        a = random_action(g, rng)
        assert rs.parse_action(a.text()) == a
        g.apply(a)
        problems = g.problems()
        assert not problems, (n, a.text(), problems)
        n += 1
    json.dumps(g.snapshot())
    return n


@pytest.mark.parametrize("seed", range(GAMES))
def test_tactical_random_games_end_cleanly(ridge: Scenario, seed: int) -> None:
    g = registry.get("tactical").new_game(ridge, seed=seed)
    assert isinstance(g, TacticalGame)
    play_checked(g, random.Random(seed))
    again = replay(record_of(g))
    assert again.snapshot() == g.snapshot()


def test_tactical_random_games_without_skirmish_rules(ridge: Scenario) -> None:
    g = registry.get("tactical").new_game(ridge, {"skirmish_fire": False}, seed=99)
    assert isinstance(g, TacticalGame)
    play_checked(g, random.Random(99))


def test_tactical_legal_actions_all_pass_check(ridge: Scenario) -> None:
    g = registry.get("tactical").new_game(ridge, seed=5)
    rng = random.Random(5)
    for _ in range(120):
        if g.outcome is not None:
            break
        for a in g.legal_actions():
            assert g.check(a) is None, (a.text(), g.check(a))
        g.apply(random_action(g, rng))


def test_tactical_clone_is_independent(ridge: Scenario) -> None:
    g = registry.get("tactical").new_game(ridge, seed=3)
    assert isinstance(g, TacticalGame)
    rng = random.Random(3)
    for _ in range(60):
        g.apply(random_action(g, rng))
    c = g.clone()
    before = g.snapshot()
    play_checked(c, random.Random(8))
    assert g.snapshot() == before
    assert g.clone().snapshot() == before


@pytest.mark.parametrize("seed", range(8))
def test_tactical_eager_games_keep_a_possible_state(ridge: Scenario, seed: int) -> None:
    """Random play is shy of a fight; a player keen on charges and fire drives the
    combat rules hard (routs, pursuits, blown horses, officer casualties)."""
    from tests.rules.tactical.test_golden import eager_action

    g = registry.get("tactical").new_game(ridge, {"skirmish_fire": seed % 2 == 0},
                                          seed=100 + seed)
    assert isinstance(g, TacticalGame)
    rng = random.Random(seed)
    n = 0
    while g.outcome is None:
        assert n < MAX_ACTIONS
        a = eager_action(g, rng)
        g.apply(a)
        assert not g.problems(), (n, a.text(), g.problems())
        n += 1
    assert replay(record_of(g)).snapshot() == g.snapshot()
