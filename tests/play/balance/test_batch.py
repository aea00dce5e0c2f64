"""One game of a balance batch: seeded from (seed, index), sides swapped, watched
through the public engine and view API (issue 19)."""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import Point

from desktop.play.balance.batch import (
    Batch,
    current_turn_limit,
    ending_kind,
    fighters,
    holder,
    play_game,
    with_turn_limit,
)
from desktop.play.levels import Level
from desktop.rules.engine import Event
from desktop.rules.view_values import PieceInfo
from desktop.scenario.model import Scenario, TurnLimit


def test_the_same_index_and_seed_give_the_same_game(tiny_batch: Batch) -> None:
    assert play_game(tiny_batch, 3) == play_game(tiny_batch, 3)
    assert tiny_batch.game_seed(3) != tiny_batch.game_seed(4)
    assert replace(tiny_batch, seed=6).game_seed(3) != tiny_batch.game_seed(3)


def test_a_game_is_watched_to_its_end(tiny_batch: Batch) -> None:
    r = play_game(tiny_batch, 0)
    assert 1 <= r.turns <= 12
    assert len(r.held) == r.turns  # one look at the end of every turn
    assert all(len(h) == len(tiny_batch.scenario.game.objectives) for h in r.held)
    units = {u.id for _, u in tiny_batch.scenario.all_units()}
    assert r.moved and r.moved <= units and r.fought <= units and r.lost <= r.fought
    assert r.ending in ("victory", "army_break", "turn_limit")


def test_two_levels_swap_sides_every_game(crossroads: Scenario) -> None:
    match = Batch(crossroads, "d3", (Level.VETERAN, Level.RECRUIT), 1)
    assert match.seats(0) == {"aus": Level.VETERAN, "fra": Level.RECRUIT}
    assert match.seats(1) == {"aus": Level.RECRUIT, "fra": Level.VETERAN}
    one = Batch(crossroads, "d3", (Level.STEADY,), 1)
    assert set(one.seats(1).values()) == {Level.STEADY}


def test_turn_limit_is_changed_keeping_the_fallback(crossroads: Scenario) -> None:
    assert current_turn_limit(crossroads, "d3") == 12
    sc, options = with_turn_limit(crossroads, "d3", 8)
    limits = [c for c in sc.game.victory if isinstance(c, TurnLimit)]
    assert options == {} and limits == [TurnLimit(8, "defender")]
    assert current_turn_limit(sc, "d3") == 8


def test_a_scenario_without_a_limit_uses_the_rulesets_option(crossroads: Scenario) -> None:
    bare = replace(crossroads, game=replace(crossroads.game, victory=tuple(
        c for c in crossroads.game.victory if not isinstance(c, TurnLimit))))
    sc, options = with_turn_limit(bare, "d3", 9)
    assert sc is bare and options == {"turn_limit": 9}


def test_short_game_at_a_lower_turn_limit(tiny_batch: Batch) -> None:
    r = play_game(replace(tiny_batch, turn_limit=2), 0)
    assert r.turns <= 2


def test_endings_are_read_from_the_referees_reason() -> None:
    assert ending_kind("aus", "turn limit reached after turn 12: the defender holds",
                       True) == "turn_limit"
    assert ending_kind("aus", "French advance guard broke (4 of 7 units lost)",
                       True) == "army_break"
    assert ending_kind("fra", "French advance guard holds 2 of 2 objectives",
                       True) == "victory"
    assert ending_kind(None, "stopped after 20000 actions", False) == "unfinished"


def _piece(pid: str, side: str, x: float, status: str = "active",
           kind: str = "unit") -> PieceInfo:
    return PieceInfo(pid, side, kind, "line_infantry", x, 0.0, 0.0, 2.0, 1.0, status)


def test_an_objective_is_held_by_a_side_alone_on_it() -> None:
    area = Point(0, 0).buffer(1.0)
    assert holder(area, [_piece("a", "red", 0.5), _piece("b", "blue", 10)]) == "red"
    assert holder(area, [_piece("a", "red", 0.5), _piece("b", "blue", -0.5)]) is None
    assert holder(area, [_piece("a", "red", 0.5, "eliminated")]) is None
    assert holder(area, [_piece("g", "red", 0.0, kind="officer")]) is None


def test_fighting_is_read_from_events_naming_a_target_or_the_rulesets_losses() -> None:
    units = frozenset({"u1", "u2", "u3"})
    losses = frozenset({"killed"})  # as a ruleset declares them (Ruleset.loss_events)
    assert fighters(Event("shot", "", {"unit": "u1", "target": "u2"}), units, losses) \
        == {"u1", "u2"}
    assert fighters(Event("killed", "", {"unit": "u3.4"}), units, losses) == {"u3"}
    # a kind the ruleset does not call a loss names no fighter without a target
    assert fighters(Event("killed", "", {"unit": "u3.4"}), units, frozenset()) == set()
    assert fighters(Event("charge", "", {"target": "u1", "victims": ["u2.1"]}),
                    units, losses) == {"u1", "u2"}
    assert fighters(Event("move", "", {"unit": "u1"}), units, losses) == set()


def test_losses_are_the_boxes_the_play_view_crosses_off(tiny_batch: Batch) -> None:
    """Average losses (issue 19) are read from PlayView.losses(), units only."""
    r = play_game(tiny_batch, 0)
    units = {u.id for _, u in tiny_batch.scenario.all_units()}
    assert r.worn and set(r.worn) <= units and all(n > 0 for n in r.worn.values())
    assert set(r.worn) <= r.fought  # a unit that lost boxes was in a fight
    assert r.to_json()["worn"] == dict(sorted(r.worn.items()))
