"""The steady player's kept answers (desktop.play.scoring): what its score reads of
each piece and each point is kept with the side's plan and reused across the
look-ahead copies; a kept answer must be the answer worked out afresh.

Played on each ruleset's first bundled scenario (the ones the balance report
plays), where the objectives are markers, a feature to occupy or none.
"""

from __future__ import annotations

import random

import pytest

from desktop.play import scoring
from desktop.play.opponent import steady_action
from desktop.play.scoring import score
from desktop.rules import registry
from desktop.rules.engine import Game, RulesError
from tests.play.bundled import first_bundled

RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
#: Decisions followed per game (each with a few look-ahead copies scored too).
DECISIONS = {"d3": 60, "tactical": 60, "mayhem": 30, "blown_away": 30, "kiddies": 8}


def _fresh_score(game: Game, side: str) -> float:
    """`score` with every kept answer forgotten (a new plan), the kept ones put back."""
    kept = dict(scoring._PLANS)
    scoring._PLANS.clear()
    try:
        return score(game, side)
    finally:
        scoring._PLANS.clear()
        scoring._PLANS.update(kept)


def _check(game: Game) -> None:
    for side in [s.id for s in game.scenario.sides]:
        assert score(game, side) == _fresh_score(game, side), (game.turn, game.phase, side)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_kept_score_is_the_fresh_score_at_every_position(ruleset_id: str) -> None:
    """At each position of a seeded steady game, and on copies after a few of the
    legal actions (a piece moved, hits taken, a unit gone), the score read through
    the kept spots, walks and pieces equals the score worked out from nothing."""
    game = registry.get(ruleset_id).new_game(first_bundled(ruleset_id), seed=3)
    rng = random.Random(3)
    for _ in range(DECISIONS[ruleset_id]):
        if game.outcome is not None:
            break
        _check(game)
        for action in game.legal_actions()[:3]:
            copy = game.clone(seed=rng.getrandbits(31))
            try:
                copy.apply(action)
            except RulesError:
                continue
            _check(copy)
        game.apply(steady_action(game, rng))
    _check(game)
