"""Tactical Dice beyond the shared conformance harness.

The harness (tests/rules/test_conformance.py) plays the bundled ridge with the
default options and checks, before and after the actions, the state, every
listed action (``check`` and notation), clone independence and the record.
These add what is particular to Tactical Dice: the option without skirmish
fire through the same checks, and a player keen on a fight that drives the
combat rules harder than random play does.
"""

from __future__ import annotations

import random

import pytest

from desktop.rules import registry
from desktop.rules.record import record_of, replay
from desktop.rules.tactical.game import TacticalGame
from desktop.scenario import Scenario, load
from tests.rules import conformance
from tests.rules.tactical.helpers import scenario_path

MAX_ACTIONS = 5_000


@pytest.fixture(scope="module")
def ridge() -> Scenario:
    return load(scenario_path())


def test_tactical_random_games_without_skirmish_rules(ridge: Scenario) -> None:
    game, _ = conformance.play("tactical", "tactical_ridge.yaml", ridge, 99, check_every=2,
                               deep=True, options={"skirmish_fire": False})
    assert game.options["skirmish_fire"] is False
    conformance.check_replay(game)


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
