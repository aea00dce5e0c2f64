"""The computer's levels and styles (desktop.play.levels).

Issue 23 asks that every level returns only legal actions in 50 seeded games
per ruleset and that the same seed gives the same game.  The normal run plays
a few short games per ruleset; VOLLEY_SLOW=1 plays 50 whole games per ruleset.
How strong the levels are is measured by tests/benchmarks/bench_veteran.py.
"""

from __future__ import annotations

import os
import random

import pytest

from desktop.play.levels import (
    LEVELS,
    TEMPERS,
    Computer,
    Level,
    Temper,
    weights_for,
)
from desktop.play.scoring import Weights, score
from desktop.rules import registry
from desktop.rules.engine import Game
from tests.play.bundled import first_bundled

RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
SLOW = os.environ.get("VOLLEY_SLOW") == "1"
#: Games per ruleset, and actions a game (None: to the end).
GAMES = 50 if SLOW else 2
ACTIONS: int | None = None if SLOW else 16
MAX_ACTIONS = 5_000
#: The Veteran's passes a decision in these games (repeatable and quick).
PASSES = 3


_scenario = first_bundled


def _play(ruleset_id: str, seed: int, seats: dict[str, Computer],
          actions: int | None) -> list[str]:
    """A seeded game between two computer seats; every choice is checked legal
    before it is applied.  Returns the actions taken, as text."""
    game = registry.get(ruleset_id).new_game(_scenario(ruleset_id), seed=seed)
    rng = random.Random(seed)
    taken: list[str] = []
    limit = MAX_ACTIONS if actions is None else actions
    while game.outcome is None and len(taken) < limit:
        side = game.side
        assert side is not None
        action = seats[side].choose(game, rng, passes=PASSES)
        reason = game.check(action)
        assert reason is None, f"{seats[side].label} chose {action.text()}: {reason}"
        game.apply(action)
        taken.append(action.text())
    return taken


def _seats(ruleset_id: str, levels: tuple[Level, Level], temper: Temper) -> dict[str, Computer]:
    sides = [s.id for s in _scenario(ruleset_id).sides]
    return {sides[0]: Computer(levels[0], temper), sides[1]: Computer(levels[1], temper)}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_level_plays_only_legal_actions(ruleset_id: str) -> None:
    """Each level meets each other level (and itself), with every style, over
    seeded games: every action any of them chooses is legal when chosen."""
    pairs = [(Level.RECRUIT, Level.VETERAN), (Level.VETERAN, Level.STEADY),
             (Level.STEADY, Level.RECRUIT)]
    tempers = list(Temper)
    for g in range(GAMES):
        levels = pairs[g % len(pairs)]
        temper = tempers[g % len(tempers)]
        taken = _play(ruleset_id, 100 + g, _seats(ruleset_id, levels, temper), ACTIONS)
        assert taken


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_same_seed_gives_the_same_game(ruleset_id: str) -> None:
    seats = _seats(ruleset_id, (Level.VETERAN, Level.RECRUIT), Temper.BOLD)
    first = _play(ruleset_id, 7, seats, 16)
    assert first == _play(ruleset_id, 7, seats, 16)


def test_each_level_and_style_has_a_plain_name_and_a_line() -> None:
    assert [LEVELS[lv].name for lv in Level] == ["Recruit", "Steady", "Veteran"]
    assert [TEMPERS[t].name for t in Temper] == ["Bold", "Balanced", "Cautious"]
    for described in [*LEVELS.values(), *TEMPERS.values()]:
        assert described.description and "\n" not in described.description
        assert "_" not in described.description


def test_balanced_is_the_steady_players_own_weighing() -> None:
    """Steady is today's player (issue 23): its default style changes nothing."""
    assert weights_for(Temper.BALANCED) == Weights()


def test_a_bold_computer_values_ground_and_a_cautious_one_its_units() -> None:
    """The same position, a side ahead on ground and behind on strength, looks
    better to the bold computer than to the cautious one, relative to the
    steady player's balance."""
    bold, cautious = weights_for(Temper.BOLD), weights_for(Temper.CAUTIOUS)
    assert bold.objective / bold.strength > Weights().objective / Weights().strength
    assert cautious.objective / cautious.strength < Weights().objective / Weights().strength
    assert bold.pull > Weights().pull > cautious.pull


def test_the_style_changes_how_a_position_scores() -> None:
    game: Game = registry.get("d3").new_game(_scenario("d3"), seed=3)
    side = game.side
    assert side is not None
    values = {t: score(game, side, weights_for(t)) for t in Temper}
    assert len(set(values.values())) == 3


def test_a_seat_round_trips_through_json_and_reads_in_plain_words() -> None:
    seat = Computer(Level.VETERAN, Temper.CAUTIOUS, 0.5)
    assert Computer.from_json(seat.to_json()) == seat
    assert seat.label == "Veteran, cautious"
    assert Computer.from_json({}) == Computer()
    with pytest.raises(ValueError):
        Computer.from_json({"level": "random"})  # random play is not a level
