"""D3 play mechanics beyond single rules: exits, options, sampling, clones."""

from __future__ import annotations

import random

from desktop.rules.d3.actions import Charge, End, Move
from desktop.rules.d3.sampler import sample_moves
from desktop.scenario.model import ExitUnits
from desktop.scenario.vocabulary import Edge
from tests.rules.d3.helpers import CAV, INF, SKIRM, far_red, new_game, scenario, unit


def test_d3_units_may_leave_by_their_exit_edge_and_win() -> None:
    # docs/rulings.md, D3 "Exits": a side with an exit_units condition
    sc = scenario([unit("b1", INF, 36, 3), unit("b2", INF, 20, 40)], far_red(),
                  victory=[ExitUnits("blue", 1, Edge.NORTH)])
    g = new_game(sc, dice=[6])
    assert g.check(Move("b2", 20, 49.5, 180)) is not None  # not its exit edge
    events = g.apply(Move("b1", 36, -1, 0))
    assert g.pieces["b1"].status == "exited"
    assert any(e.kind == "exited" for e in events)
    assert g.outcome is not None and g.outcome.winner == "blue"


def test_d3_other_sides_may_not_leave_the_table() -> None:
    sc = scenario([unit("b1", INF, 36, 3)], far_red())
    g = new_game(sc)
    assert "leave the table" in (g.check(Move("b1", 36, -1, 0)) or "")


def test_d3_first_side_option() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red())
    assert new_game(sc).side == "blue"
    g = new_game(sc, first_side="red")
    assert g.side == "red" and g.order == ("red", "blue")


def test_d3_a_failed_charge_leaves_the_cavalry_disordered_in_place() -> None:
    sc = scenario([unit("c1", CAV, 36, 40)], [unit("r1", INF, 36, 30, 180), *far_red()])
    g = new_game(sc, dice=[1])
    g.pieces["c1"].hits = 2
    g.apply(Charge("c1", "r1", 0))
    assert g.pieces["c1"].pos == (36, 40) and g.pieces["c1"].status == "disordered"
    assert g.charges == []


def test_d3_sampled_moves_and_aimed_charges_are_legal() -> None:
    sc = scenario([unit("b1", INF, 30, 40), unit("s1", SKIRM, 40, 40), unit("c1", CAV, 50, 40)],
                  [unit("r1", INF, 50, 30, 180), *far_red()])
    g = new_game(sc)
    rng = random.Random(2)
    moves = sample_moves(g, rng, 8)
    assert moves and all(g.check(m) is None for m in moves)
    charges = g.aimed_charges()
    assert charges == [Charge("c1", "r1", 0.0)]
    assert all(g.check(a) is None for a in g.candidate_actions(rng, 4))
    assert End() in g.legal_actions()


def test_d3_clone_with_a_seed_rolls_other_dice() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red())
    g = new_game(sc, seed=3)
    same = g.clone()
    other = g.clone(seed=99)
    rolls = [g.chance.d6("x") for _ in range(8)]
    assert [same.chance.d6("x") for _ in range(8)] == rolls
    assert [other.chance.d6("x") for _ in range(8)] != rolls


def test_d3_fall_back_is_shortened_when_blocked() -> None:
    # docs/rulings.md, D3 "Charges": a blocked fall back goes as far as it can
    from tests.rules.d3.helpers import to_shooting

    sc = scenario([unit("c1", CAV, 36, 40), unit("b1", INF, 41, 37)],
                  [unit("r1", INF, 36, 30, 180), *far_red()])
    g = new_game(sc, dice=[6, 6, 1])
    g.apply(Charge("c1", "r1", 0))  # contact at (36, 32)
    g.apply(Move("b1", 36, 36.5, 0))  # a friend steps in behind the cavalry
    to_shooting(g)
    g.apply(End())
    c = g.pieces["c1"]
    assert c.hits == 0 and g.pieces["r1"].hits == 2  # D3 1 + 1
    # the full 6" would end on b1; it stops where the bases just touch (2.5")
    assert 32 < c.y <= 32 + 2.5 + 1e-9


def test_d3_a_charge_may_not_brush_another_enemy() -> None:
    sc = scenario([unit("c1", CAV, 36, 40)],
                  [unit("r1", INF, 36, 30, 180), unit("r2", INF, 40.05, 34, 180), *far_red()])
    g = new_game(sc)
    # r2 stands 0.05" beside the lane: the cavalry would end in contact with it too
    assert "within 0.1" in (g.check(Charge("c1", "r1", 0)) or "")


def test_d3_cavalry_charge_through_friendly_skirmishers() -> None:
    sc = scenario([unit("c1", CAV, 36, 44), unit("s1", SKIRM, 36, 39)],
                  [unit("r1", INF, 36, 33, 180), *far_red()])
    g = new_game(sc)
    assert g.check(Charge("c1", "r1", 0)) is None


def test_d3_evading_general_turns_aside_when_the_way_is_blocked() -> None:
    from tests.rules.d3.helpers import general

    # the table edge is 3" behind the general: he rides off at an angle
    sc = scenario([unit("b1", INF, 36, 14)], far_red(), red_officers=[general("rg", 36, 3)])
    g = new_game(sc, dice=[6])
    g.apply(Move("b1", 36, 9, 0))
    assert g.pieces["rg"].must_evade
    g.apply(End())
    g.apply(End())
    rg = g.pieces["rg"]
    assert rg.moved and rg.pos != (36, 3)
    assert 0 <= rg.y <= 48 and 0 <= rg.x <= 72
