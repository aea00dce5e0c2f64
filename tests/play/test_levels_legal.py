"""Every level returns only legal actions: 50 seeded games per ruleset (issue 23).

Whole games are dear (a Steady decision costs tens of milliseconds), so each
of the 50 games per ruleset is seeded twice over: the random legal player
(cheap) takes it to a seeded point anywhere from the first action to late
in the battle -- melees, routs, broken units, empty decks -- and from there
each level in turn, with each style, decides the next actions, every one
checked legal before it is applied; the Veteran thinks a few passes only.
One whole game per ruleset, Recruit against Steady, plays to the end.
The same seed gives the same game.  About 40 CPU seconds on this machine.
"""

from __future__ import annotations

import random

import pytest

from desktop.play.levels import Computer, Level, Temper
from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from desktop.scenario import Scenario, load

RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
GAMES = 50
#: Random actions before the levels take over: up to this many.
LEAD = 160
#: Decisions the levels take in each game, and the Veteran's passes a decision.
DECISIONS = 4
PASSES = 2
MAX_ACTIONS = 3_000

_SCENARIOS: dict[str, Scenario] = {}


def _scenario(ruleset_id: str) -> Scenario:
    if ruleset_id not in _SCENARIOS:
        _SCENARIOS[ruleset_id] = next(
            sc for sc in map(load, bundled_scenarios()) if sc.ruleset == ruleset_id)
    return _SCENARIOS[ruleset_id]


def _checked(game: Game, seat: Computer, rng: random.Random) -> str:
    action = seat.choose(game, rng, passes=PASSES)
    reason = game.check(action)
    assert reason is None, f"{seat.label} chose {action.text()!r}: {reason}"
    game.apply(action)
    return action.text()


def _game(ruleset_id: str, seed: int) -> list[str]:
    """One seeded game: random play to a seeded point, then the levels decide."""
    game = registry.get(ruleset_id).new_game(_scenario(ruleset_id), seed=seed)
    rng = random.Random(seed)
    lead = rng.randrange(LEAD)
    taken: list[str] = []
    while game.outcome is None and len(taken) < lead:
        a = random_action(game, rng)
        game.apply(a)
        taken.append(a.text())
    levels = list(Level)
    tempers = list(Temper)
    for i in range(DECISIONS):
        if game.outcome is not None:
            break
        seat = Computer(levels[(seed + i) % 3], tempers[(seed // 3 + i) % 3])
        taken.append(_checked(game, seat, rng))
    return taken


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_level_chooses_legal_actions_in_fifty_seeded_games(ruleset_id: str) -> None:
    decided = 0
    for seed in range(GAMES):
        taken = _game(ruleset_id, 1000 + seed)
        decided += bool(taken)
    assert decided == GAMES


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_recruit_against_steady_plays_a_whole_game(ruleset_id: str) -> None:
    sides = [s.id for s in _scenario(ruleset_id).sides]
    seats = {sides[0]: Computer(Level.RECRUIT, Temper.BOLD),
             sides[1]: Computer(Level.STEADY, Temper.CAUTIOUS)}
    game = registry.get(ruleset_id).new_game(_scenario(ruleset_id), seed=11)
    rng = random.Random(11)
    for _ in range(MAX_ACTIONS):
        if game.outcome is not None:
            break
        side = game.side
        assert side is not None
        _checked(game, seats[side], rng)
    assert game.outcome is not None, f"no outcome after {MAX_ACTIONS} actions"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_same_seed_gives_the_same_game(ruleset_id: str) -> None:
    assert _game(ruleset_id, 77) == _game(ruleset_id, 77)
