"""Exact D3 odds compared with values worked out by hand (seed 002: activation
line 28, shooting line 89, charges lines 93-98, generals line 108)."""

from __future__ import annotations

from fractions import Fraction as F

from desktop.rules.d3.actions import Charge, Shoot
from desktop.rules.d3.odds import (
    activation_chance,
    charge_odds,
    charge_result,
    combine,
    shoot_odds,
    shot_hits,
)
from desktop.table.shapes import Aspect
from tests.rules.d3.helpers import CAV, INF, SKIRM, far_red, general, new_game, scenario, unit


def test_activation_chance_is_2d6_above_hits() -> None:
    # 2 x d6 > hits: d6 >= 1 for 0 hits, >= 2 for 3, >= 3 for 4, >= 5 for 8, = 6 for 11
    assert [activation_chance(h) for h in (0, 3, 4, 8, 11, 12)] == [
        1, F(5, 6), F(2, 3), F(1, 3), F(1, 6), 0]


def test_a_general_reroll_fails_only_if_both_fail() -> None:
    assert activation_chance(4, reroll=True) == 1 - F(1, 3) ** 2 == F(8, 9)


def test_shot_hits_by_shooter_and_cover() -> None:
    third = F(1, 3)
    assert shot_hits(INF, False) == {1: third, 2: third, 3: third}
    assert shot_hits(INF, True) == {0: third, 1: third, 2: third}
    assert shot_hits(SKIRM, False) == {0: third, 1: third, 2: third}
    assert shot_hits(SKIRM, True) == {0: 2 * third, 1: third}  # never below 0


def test_charge_hits_by_modifiers() -> None:
    third = F(1, 3)
    assert charge_result(False, False, Aspect.FRONT) == {2: third, 3: third, 4: third}
    assert charge_result(False, False, Aspect.FLANK) == {4: third, 6: third, 8: third}
    assert charge_result(True, True, Aspect.FRONT) == {0: third, 1: third, 2: third}
    assert charge_result(True, True, Aspect.REAR) == {0: third, 2: third, 4: third}


def test_combined_shot_with_activation_and_elimination() -> None:
    # shooter with 4 hits activates 2/3; target with 7 hits dies on 2+ hits
    odds = combine(F(2, 3), shot_hits(INF, False), 7)
    assert odds.hits == {0: F(1, 3), 1: F(2, 9), 2: F(2, 9), 3: F(2, 9)}
    assert sum(odds.hits.values()) == 1
    assert odds.eliminated == F(4, 9)
    assert odds.mean_hits() == F(4, 3)


def test_odds_of_a_shot_and_a_charge_in_a_game() -> None:
    sc = scenario([unit("b1", INF, 20, 40), unit("c1", CAV, 40, 40)],
                  [unit("r1", INF, 20, 34, 180), unit("r2", INF, 40, 30, 0), *far_red()],
                  blue_officers=[general("bg", 20, 46)])
    g = new_game(sc)
    g.pieces["c1"].hits = 4
    g.pieces["r2"].hits = 3
    ch = charge_odds(g, Charge("c1", "r2", 0), use_reroll=False)
    assert ch.activation == F(2, 3)
    assert ch.hits_if_activated == {4: F(1, 3), 6: F(1, 3), 8: F(1, 3)}  # rear: doubled
    assert ch.eliminated == F(2, 3) * F(2, 3)  # 6 or 8 more hits reach 9
    g.apply_text("end")
    g.pieces["b1"].hits = 8
    sh = shoot_odds(g, Shoot("b1", "r1"))
    assert sh.activation == 1 - F(2, 3) ** 2  # the general is within 12"
    assert sum(sh.hits.values()) == 1


def test_the_game_answers_odds_with_the_same_exact_fractions() -> None:
    """Game.odds (the engine protocol's one Odds type) gives the hits distribution
    that shoot_odds enumerates, failed activation included, in the engine's ids."""
    sc = scenario([unit("b1", INF, 20, 40)], [unit("r1", INF, 20, 34, 180), *far_red()])
    g = new_game(sc)
    g.apply_text("end")
    g.pieces["b1"].hits = 8
    o = g.odds(Shoot("b1", "r1"))
    exact = shoot_odds(g, Shoot("b1", "r1"))
    assert exact.activation == F(1, 3)  # 2 x d6 > 8: a 5 or a 6
    assert o is not None and o.exact and o.title == "b1 fires at r1: hits"
    assert [p for _, p in o.bars] == list(exact.hits.values())
    assert o.chance("no hits") == exact.hits[0] and sum(p for _, p in o.bars) == 1
    assert "passes its activation test 33%" in o.notes
    assert g.odds(Shoot("r1", "b1")) is None  # not red's turn: no odds
