"""Random-play conformance for Muskets & Mayhem (issue 3, "Done means").

Seeded games of random legal actions on the bundled scenario and on a small
test battlefield: every game ends (victory or turn limit) without an
exception, every action's notation round-trips, no unit is ever in an
impossible state (``MayhemGame.problems``), and replaying each game's record
gives the same final state.  This file plays 31 games (the shared harness
plays 50 more on the bundled scenario); the 1,000-game runs are marked slow
and play only when VOLLEY_SLOW=1 is set:

    VOLLEY_SLOW=1 .venv/bin/pytest tests/rules/mayhem/test_conformance.py -m slow
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.mayhem.game import MayhemGame
from desktop.rules.randomplay import random_action
from desktop.rules.record import record_of, replay
from desktop.scenario import Scenario, load

DATA = Path(__file__).parent / "data"
SCENARIOS = {
    "village": bundled_scenario("mayhem_village.yaml"),
    "skirmish": DATA / "skirmish.yaml",
}
_loaded: dict[str, Scenario] = {}


def scenario(name: str) -> Scenario:
    if name not in _loaded:
        _loaded[name] = load(SCENARIOS[name])
    return _loaded[name]


def play_checked(sc: Scenario, seed: int, options: dict[str, str] | None = None) -> MayhemGame:
    game = registry.get("mayhem").new_game(sc, options or {}, seed)
    assert isinstance(game, MayhemGame)
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.outcome is not None:
            break
        action = random_action(game, rng)
        assert game.parse_action(action.text()) == action, action.text()
        game.apply(action)
        problems = game.problems()
        assert not problems, f"seed {seed}, after '{action.text()}': {problems}"
    assert game.outcome is not None, f"seed {seed} did not end"
    assert game.phase == "over" and game.side is None
    again = replay(record_of(game))
    assert again.snapshot() == game.snapshot(), f"seed {seed}: replay differs"
    return game


@pytest.mark.parametrize("seed", range(25))
def test_random_games_on_the_small_battlefield(seed: int) -> None:
    # The bundled scenario is played 50 times by the shared harness
    # (tests/rules/test_conformance.py), which calls invariant_problems().
    play_checked(scenario("skirmish"), seed)


@pytest.mark.parametrize("seed", range(3))
def test_random_games_on_the_bundled_scenario(seed: int) -> None:
    play_checked(scenario("village"), 500 + seed)


@pytest.mark.parametrize("seed", range(3))
def test_random_games_in_centimetres_with_option_b(seed: int) -> None:
    play_checked(scenario("skirmish"), 100 + seed, {"measure": "cm", "melee_loser": "removed"})


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("VOLLEY_SLOW"),
                    reason="set VOLLEY_SLOW=1 to play 1,000 games")
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_thousand_random_games(name: str) -> None:
    for seed in range(1000):
        play_checked(scenario(name), seed)
