"""Blown Away's self-checks hold on scenarios written for other rulesets (issue 15 fuzz)."""

from __future__ import annotations

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.scenario import load


def test_a_battery_of_two_guns_starts_with_cannonballs_for_each_gun() -> None:
    """Issue 15 fuzz: the invariant allowed 4 cannonballs while a 2-gun battery gets 8."""
    scenario = load(bundled_scenario("tactical_ridge.yaml"))
    batteries = [u for s in scenario.sides for u in s.units if u.guns > 1]
    assert batteries, "tactical_ridge.yaml should hold a battery of several guns"
    game = registry.get("blown_away").new_game(scenario, seed=0)
    assert game.invariant_problems() == []  # type: ignore[attr-defined]
