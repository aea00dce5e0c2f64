"""Sixes plays by its own rules (volley_sixes.constants; the quick reference,
volley_sixes.sheets, says the same in words), and Volley finds it installed."""

from __future__ import annotations

from fractions import Fraction

import pytest
from volley_sixes import constants as C
from volley_sixes.actions import Charge, End, Fire, Move, parse
from volley_sixes.game import ELIMINATED, SixesGame
from volley_sixes.view import SixesView

from desktop.rules import registry
from desktop.rules.engine import Event, Game
from desktop.rules.view import view_of
from desktop.scenario import load


def new_game(dice: tuple[int, ...] = (), **options: object) -> SixesGame:
    rs = registry.get("sixes")
    game = rs.new_game(load(rs.scenarios()[0]), options, seed=1, dice=dice)  # type: ignore[arg-type]
    assert isinstance(game, SixesGame)
    return game


def to_fire(game: Game) -> None:
    game.apply(End())  # the first side's movement ends: its fire phase


def test_it_is_installed_through_its_entry_point() -> None:
    rs = registry.get("sixes")
    assert rs.name == "Sixes" and type(rs).view_class is not None
    assert rs.roster_profile and rs.reference and rs.officer_rules
    assert [p.name for p in rs.scenarios()] == ["sixes_farm.yaml"]


def test_notation_reads_back() -> None:
    for a in (End(), Move("red_1", 12.5, 3, 90), Fire("red_1", "blue_1"),
              Charge("blue_hus", "red_rifles")):
        assert parse(a.text()) == a


def test_a_unit_moves_at_most_its_allowance() -> None:
    g = new_game()
    p = g.piece("red_2")
    assert p is not None and p.type is not None
    reach = C.MOVE[p.type]
    assert g.check(Move("red_2", p.x, p.y + reach, 180)) is None
    assert "at most" in (g.check(Move("red_2", p.x, p.y + reach + 0.5, 180)) or "")


def test_fire_throws_dice_by_quality_and_hits_on_four() -> None:
    # the Rifles (veteran: 3 dice) move up, then shoot the 3e Léger: 4, 3, 6 = 2 hits
    g = new_game(dice=(4, 3, 6))
    g.apply(Move("red_rifles", 28, 20, 180))
    to_fire(g)
    g.apply(Fire("red_rifles", "blue_3"))
    target = g.piece("blue_3")
    assert target is not None and target.hits == 2


def test_six_hits_remove_a_unit_and_two_hits_cost_a_die() -> None:
    g = new_game()
    t = g.piece("blue_3")
    assert t is not None
    t.hits = C.HITS_PER_DIE_LOST
    assert g.dice(t) == C.DICE[t.quality] - 1
    events: list[Event] = []
    g._hit(t, C.STRENGTH, events)
    assert t.status == ELIMINATED and t.hits == C.STRENGTH
    assert [e.kind for e in events] == ["eliminated"]
    assert "eliminated" in registry.get("sixes").loss_events


@pytest.mark.parametrize(("cover", "need"), [(True, C.HIT_ON + 1), (False, C.HIT_ON)])
def test_cover_is_an_option(cover: bool, need: int) -> None:
    g = new_game(cover=cover)
    farm = g.piece("red_1")  # stands in the farm (a town)
    assert farm is not None and g.need(farm) == need


def test_odds_are_exact_binomials() -> None:
    g = new_game()
    g.apply(Move("red_rifles", 28, 20, 180))
    to_fire(g)
    odds = g.odds(Fire("red_rifles", "blue_3"))
    assert odds is not None
    assert odds.exact and not odds.problems()
    assert sum(c for _, c in odds.bars) == 1
    assert odds.chance("3") == Fraction(1, 8)


def test_the_victory_panel_and_the_standing_come_from_the_referee_s_judge() -> None:
    # the farm scenario: Blues win by holding both objectives when the last turn
    # ends, either side by destroying the other; the turn limit gives Reds the game
    g = new_game()
    view = view_of(g)
    assert isinstance(view, SixesView)
    state, standing = view.victory(), view.standing()
    assert state is not None and standing is not None
    limit = g.judge.turn_limit
    assert limit is not None and state.last_turn == limit.turns
    assert standing.turns_left == state.turns_left == limit.turns - g.turn
    assert standing.winner == state.verdict_winner == "red"
    assert {goal.side for goal in state.goals} == {"red", "blue"}
    assert [o.holder for o in state.objectives] == ["red", None]  # the 1st Foot holds the farm
