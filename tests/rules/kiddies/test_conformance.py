"""Random-play conformance for Kiddies on the bundled Miller's Bridge (issue 9, "Done means").

Thirty seeded games through the shared harness (tests/rules/conformance.py):
every game ends, no impossible state after any action (the generic snapshot
checks plus ``KiddiesGame.invariant_problems``), every action's notation
round-trips, and the record written, read back and replayed reaches the same
final state.  A larger run:

    .venv/bin/python -m tests.rules.conformance --ruleset kiddies --games 300
"""

from __future__ import annotations

import pytest

from desktop.resources import bundled_scenario
from desktop.scenario import load
from tests.rules import conformance

GAMES = 30
_SCENARIO = load(bundled_scenario("kiddies_bridge.yaml"))


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_on_millers_bridge(seed: int) -> None:
    game, result = conformance.play("kiddies", "kiddies_bridge.yaml", _SCENARIO, seed)
    assert result.actions > 0 and game.outcome is not None
    for action in game.history:
        assert game.parse_action(action.text()) == action
    conformance.check_replay(game)
