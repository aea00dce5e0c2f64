"""What the end of the game would say (PlayView.standing) and what fights on the
table will cost (PlayView.pending_losses), which the Veteran reads to see the
turn limit and hand to hand coming.

Issue 23: "where the engine lacks a query the player needs, add it to the
engine".  The query must agree with the victory judge: at the last turn's end
it names the side the game then names, and it counts the turns down to the
limit, in every ruleset.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from desktop.rules import registry
from desktop.rules.action_odds import Odds
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from desktop.rules.view import PlayView, view_of
from desktop.scenario.model import TurnLimit
from tests.play.bundled import first_bundled

RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
LIMIT = 2
Fight = tuple[tuple[str, ...], tuple[str, ...], Odds]


def _short_game(ruleset_id: str, seed: int) -> Game:
    """The bundled scenario cut to a LIMIT-turn game (its own turn limit, or the
    ruleset's option where the scenario sets none)."""
    sc = first_bundled(ruleset_id)
    victory = sc.game.victory
    if any(isinstance(c, TurnLimit) for c in victory):
        victory = tuple(dataclasses.replace(c, turns=LIMIT) if isinstance(c, TurnLimit) else c
                        for c in victory)
        sc = dataclasses.replace(sc, game=dataclasses.replace(sc.game, victory=victory))
        return registry.get(ruleset_id).new_game(sc, seed=seed)
    return registry.get(ruleset_id).new_game(sc, {"turn_limit": LIMIT}, seed=seed)


def _fallback(game: Game) -> str | None:
    """Who the scenario's turn limit names when nobody holds what it asks."""
    for c in game.scenario.game.victory:
        if isinstance(c, TurnLimit):
            return game.scenario.game.defender if c.fallback == "defender" else (
                None if c.fallback == "draw" else c.fallback)
    return None


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_standing_counts_down_and_agrees_with_the_last_turns_judgement(ruleset_id: str) -> None:
    ended_at_limit = 0
    for seed in range(6):
        game = _short_game(ruleset_id, seed)
        first = view_of(game).standing()
        assert first is not None
        # nobody holds anything at the start
        assert (first.winner, first.turns_left) == (_fallback(game), LIMIT - 1)
        # Kiddies judges its buildings at every turn's end and draws at its own
        # turn limit; the others judge the ground at the scenario's limit
        assert first.every_turn == (ruleset_id == "kiddies")
        rng = random.Random(seed)
        for _ in range(3000):
            if game.outcome is not None:
                break
            standing = view_of(game).standing()
            assert standing is not None
            if standing.every_turn and standing.winner is not None:
                assert standing.turns_left == 0  # judged at this turn's end
            else:
                assert standing.turns_left == max(0, LIMIT - game.turn)
            game.apply(random_action(game, rng))
        out = game.outcome
        assert out is not None
        if "turn limit" in out.reason or " holds " in out.reason or "occupies" in out.reason:
            # judged at the last turn's end, with the pieces as they stand now
            ended_at_limit += 1
            last = view_of(game).standing()
            assert last is not None and (last.winner, last.turns_left) == (out.winner, 0)
    assert ended_at_limit  # the comparison above was made


def test_no_turn_limit_no_standing_and_the_base_view_says_none() -> None:
    sc = first_bundled("kiddies")
    game = registry.get("kiddies").new_game(sc, {"turn_limit": 0}, seed=1)
    assert view_of(game).standing() is None
    assert PlayView(game).standing() is None
    assert PlayView(game).unit_of("anything") == "anything"


def test_pending_losses_are_the_hand_to_hand_odds_of_the_figures_in_contact() -> None:
    """Kiddies rolls hand to hand at the turn's end (rules: each fight's loser
    falls, on a tie all fall): a figure in a fight is expected to fall with the
    chance its card shows for "all fall" and "lose"; the sides' pending losses
    are those chances summed.  Before any contact there are none; no ruleset
    that rolls its fights on a player's action has any."""
    view = view_of(registry.get("kiddies").new_game(first_bundled("kiddies"), seed=1))
    assert view.pending_losses() == {}
    fighting: list[tuple[str, Fight | None]] = []
    for seed in range(1, 8):  # random play comes into contact within a few games
        game = registry.get("kiddies").new_game(first_bundled("kiddies"), seed=seed)
        rng = random.Random(seed)
        while game.outcome is None and not any(f for _, f in fighting):
            view = view_of(game)
            fighting = [(p.side, view.fight_of(p.id)) for p in view.pieces().values()]
            if not any(f for _, f in fighting):
                game.apply(random_action(game, rng))
        if any(f for _, f in fighting):
            break
    expected: dict[str, float] = {}
    for side, fight in fighting:
        if fight is not None:
            bars = dict(fight[2].bars)
            expected[side] = expected.get(side, 0.0) + float(bars["all fall"] + bars["lose"])
    assert expected, "no figures came into contact"
    got = view.pending_losses()
    assert got.keys() == expected.keys()
    for side, n in expected.items():
        assert got[side] == pytest.approx(n)
    # each figure in a fight by its own chance of falling: the side's sum is its
    # pending losses (the losing conditions count figures)
    removals = view.pending_removals()
    for side, fight in fighting:
        if fight is not None:
            assert any(p.side == side and pid in removals for pid, p in view.pieces().items())
    for side, n in expected.items():
        assert sum(p for pid, p in removals.items()
                   if view.pieces()[pid].side == side) == pytest.approx(n)
    for ruleset_id in ("d3", "mayhem", "tactical", "blown_away"):
        assert view_of(_short_game(ruleset_id, 1)).pending_losses() == {}
