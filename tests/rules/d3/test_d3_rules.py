"""D3 rules, each test citing the seed (002_…txt) or RULINGS.md ("D3")."""

from __future__ import annotations

import pytest

from desktop.rules import IllegalAction
from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Charge, Move, Shoot
from desktop.scenario.model import ArmyBreak, HoldObjectives, Objective, TurnLimit
from desktop.scenario.vocabulary import TerrainType as T
from tests.rules.d3.helpers import (
    ART,
    CAV,
    INF,
    SKIRM,
    far_red,
    general,
    line,
    new_game,
    rect,
    scenario,
    to_shooting,
    unit,
)

# --- activation (seed: "Activation Test"; RULINGS D3) ------------------------------------


def test_d3_activation_needs_double_d6_above_hits() -> None:
    sc = scenario([unit("b1", INF, 20, 40), unit("b2", INF, 30, 40)], far_red())
    g = new_game(sc, dice=[2, 3])
    g.pieces["b1"].hits = 4
    g.pieces["b2"].hits = 4
    g.apply(Move("b1", 20, 36, 0))  # 2 x 2 = 4, not greater than 4
    assert g.pieces["b1"].pos == (20, 40)
    assert g.pieces["b1"].status == "disordered"
    g.apply(Move("b2", 30, 36, 0))  # 2 x 3 = 6 > 4
    assert g.pieces["b2"].pos == (30, 36)
    assert g.pieces["b2"].status == "active"


def test_d3_disordered_unit_cannot_shoot_for_rest_of_turn_then_recovers() -> None:
    sc = scenario([unit("b1", INF, 20, 40)], [unit("r1", INF, 20, 30, 180), *far_red()])
    g = new_game(sc, dice=[1])
    g.pieces["b1"].hits = 2
    g.apply(Move("b1", 20, 39, 0))
    assert g.pieces["b1"].status == "disordered"
    to_shooting(g)
    assert "disordered" in (g.check(Shoot("b1", "r1")) or "")
    g.apply_text("end")  # blue's turn ends; red's movement
    assert g.pieces["b1"].status == "disordered"  # the whole turn
    g.apply_text("end")
    g.apply_text("end")  # turn 2
    assert g.turn == 2 and g.pieces["b1"].status == "active"


def test_d3_general_within_12_may_reroll_one_failed_activation_per_turn() -> None:
    sc = scenario([unit("b1", INF, 20, 40), unit("b2", INF, 30, 40)], far_red(),
                  blue_officers=[general("bg", 25, 46)])
    g = new_game(sc, dice=[1, 4, 1])
    g.pieces["b1"].hits = 3
    g.pieces["b2"].hits = 3
    g.apply(Move("b1", 20, 36, 0))
    assert g.pending is not None and g.pending.generals == ("bg",)
    assert [a.text() for a in g.legal_actions()] == ["reroll bg", "accept"]
    assert g.check(Move("b2", 30, 36, 0)) is not None  # decide first
    g.apply_text("reroll bg")  # 2 x 4 = 8 > 3
    assert g.pieces["b1"].pos == (20, 36)
    g.apply(Move("b2", 30, 36, 0))  # fails; the re-roll is spent
    assert g.pending is None
    assert g.pieces["b2"].status == "disordered"


def test_d3_general_beyond_12_cannot_reroll() -> None:
    sc = scenario([unit("b1", INF, 10, 40)], far_red(), blue_officers=[general("bg", 40, 40)])
    g = new_game(sc, dice=[1])
    g.pieces["b1"].hits = 3
    g.apply(Move("b1", 10, 36, 0))
    assert g.pending is None and g.pieces["b1"].status == "disordered"


def test_d3_accepting_a_failed_activation_disorders() -> None:
    sc = scenario([unit("b1", INF, 20, 40)], far_red(), blue_officers=[general("bg", 25, 46)])
    g = new_game(sc, dice=[1])
    g.pieces["b1"].hits = 3
    g.apply(Move("b1", 20, 36, 0))
    g.apply_text("accept")
    assert g.pieces["b1"].status == "disordered"
    assert g.pieces["bg"].rerolls_used == 0


def test_d3_generals_move_without_activation() -> None:
    sc = scenario([unit("b1", INF, 20, 40)], far_red(), blue_officers=[general("bg", 40, 40)])
    g = new_game(sc)
    n = len(g.chance.log)
    g.apply(Move("bg", 40, 28.5, 0))  # 11.5" of a general's 12"
    assert len(g.chance.log) == n
    assert g.check(Move("bg", 40, 20, 0)) is not None  # one move per phase


# --- movement (seed: "Movement Allowances", "Turning") ---------------------------------------


@pytest.mark.parametrize(("utype", "allowance"), [(INF, 6), (SKIRM, 9), (CAV, 12), (ART, 6)])
def test_d3_movement_allowances(utype: object, allowance: float) -> None:
    sc = scenario([unit("b1", utype, 36, 40)], far_red())  # type: ignore[arg-type]
    g = new_game(sc)
    assert g.check(Move("b1", 36, 40 - allowance, 0)) is None
    why = g.check(Move("b1", 36, 40 - allowance - 0.1, 0))
    assert why is not None and "at most" in why


def test_d3_pivots_at_start_and_end_are_free() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red())
    g = new_game(sc, dice=[6])
    # straight 6" to the right, ending facing back north: pivots cost nothing
    g.apply(Move("b1", 42, 40, 0))
    assert g.pieces["b1"].pos == (42, 40) and g.pieces["b1"].facing == 0


def test_d3_deployed_artillery_may_only_pivot() -> None:
    sc = scenario([unit("a1", ART, 36, 40)], [unit("r1", INF, 36, 20, 180), *far_red()])
    g = new_game(sc, dice=[6, 6, 6])
    to_shooting(g)
    g.apply(Shoot("a1", "r1"))
    assert g.pieces["a1"].deployed
    for _ in range(3):
        g.apply_text("end")  # red moves and shoots nothing; turn 2 for blue
    assert g.turn == 2 and g.side == "blue"
    assert "deployed" in (g.check(Move("a1", 36, 38, 0)) or "")
    assert g.check(Move("a1", 36, 40, 30)) is None


def test_d3_moved_units_cannot_shoot_and_cavalry_never_shoot() -> None:
    sc = scenario([unit("b1", INF, 36, 40), unit("c1", CAV, 46, 40)],
                  [unit("r1", INF, 36, 30, 180), *far_red()])
    g = new_game(sc, dice=[6])
    g.apply(Move("b1", 36, 39, 0))
    to_shooting(g)
    assert "moved" in (g.check(Shoot("b1", "r1")) or "")
    assert "never shoot" in (g.check(Shoot("c1", "r1")) or "")


# --- terrain (seed: "Terrain") ---------------------------------------------------------------


def _terrain_game(utype: object, feature: object) -> object:
    sc = scenario([unit("b1", utype, 36, 44)], far_red(), terrain=[feature])  # type: ignore[list-item,arg-type]
    return new_game(sc)


@pytest.mark.parametrize(("utype", "ok"), [(SKIRM, True), (INF, False), (CAV, False),
                                           (ART, False)])
def test_d3_woods_only_skirmishers_enter(utype: object, ok: bool) -> None:
    g = _terrain_game(utype, rect("w", T.WOOD, 36, 38, 10, 3))
    why = g.check(Move("b1", 36, 39, 0))  # type: ignore[attr-defined]
    assert (why is None) == ok, why


@pytest.mark.parametrize(("utype", "ok"), [(INF, True), (CAV, True), (SKIRM, False),
                                           (ART, False)])
def test_d3_only_infantry_and_cavalry_end_a_move_in_a_town(utype: object, ok: bool) -> None:
    g = _terrain_game(utype, rect("t", T.TOWN, 36, 40, 10, 4))
    why = g.check(Move("b1", 36, 40, 0))  # type: ignore[attr-defined]
    assert (why is None) == ok, why


def test_d3_skirmishers_may_pass_through_a_town() -> None:
    g = _terrain_game(SKIRM, rect("t", T.TOWN, 36, 40, 10, 2))
    assert g.check(Move("b1", 36, 36, 0)) is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("ttype", [T.MARSH, T.LAKE])
def test_d3_marsh_and_lake_are_impassable(ttype: T) -> None:
    for utype in (INF, SKIRM, CAV):
        g = _terrain_game(utype, rect("m", ttype, 36, 40, 10, 2))
        assert "cannot enter" in (g.check(Move("b1", 36, 39, 0)) or "")  # type: ignore[attr-defined]


@pytest.mark.parametrize(("utype", "ok"), [(INF, True), (SKIRM, True), (CAV, False),
                                           (ART, False)])
def test_d3_difficult_ground_only_infantry_or_skirmishers(utype: object, ok: bool) -> None:
    g = _terrain_game(utype, rect("d", T.DIFFICULT, 36, 40, 10, 2))
    why = g.check(Move("b1", 36, 39, 0))  # type: ignore[attr-defined]
    assert (why is None) == ok, why


def test_d3_rivers_are_crossed_only_at_a_bridge_or_ford() -> None:
    river = line("r", T.RIVER, [(0, 40), (72, 40)], 2)
    ford = rect("f", T.FORD, 20, 40, 3, 3)
    sc = scenario([unit("b1", INF, 20, 42.6), unit("b2", INF, 50, 42.6)], far_red(),
                  terrain=[river, ford])
    g = new_game(sc)
    assert g.check(Move("b1", 20, 37.2, 0)) is None  # at the ford
    assert "bridge or ford" in (g.check(Move("b2", 50, 37.2, 0)) or "")


def test_d3_crossing_a_stream_takes_a_full_move_and_artillery_cannot() -> None:
    stream = line("s", T.STREAM, [(0, 40), (72, 40)], 1)
    sc = scenario([unit("b1", INF, 20, 42), unit("b2", INF, 30, 44), unit("a1", ART, 50, 42)],
                  far_red(), terrain=[stream])
    g = new_game(sc)
    assert g.check(Move("b1", 20, 37, 0)) is None  # starts at the bank
    assert "full move" in (g.check(Move("b2", 30, 38.5, 0)) or "")  # starts 2.5" away
    assert "cannot enter" in (g.check(Move("a1", 50, 37, 0)) or "")


def test_d3_hills_are_open_to_all() -> None:
    for utype in (INF, SKIRM, CAV, ART):
        g = _terrain_game(utype, rect("h", T.HILL, 36, 40, 12, 6))
        assert g.check(Move("b1", 36, 40, 0)) is None  # type: ignore[attr-defined]


# --- interpenetration (seed: "Interpenetration") --------------------------------------------


def test_d3_only_skirmishers_pass_through_friends_and_vice_versa() -> None:
    sc = scenario(
        [unit("b1", INF, 20, 44), unit("b2", INF, 20, 40), unit("s1", SKIRM, 40, 44),
         unit("b3", INF, 40, 40), unit("b4", INF, 60, 44), unit("s2", SKIRM, 60, 40)],
        far_red())
    g = new_game(sc)
    assert "pass through b2" in (g.check(Move("b1", 20, 38, 0)) or "")
    assert g.check(Move("s1", 40, 36, 0)) is None  # skirmishers through friends
    assert g.check(Move("b4", 60, 38, 0)) is None  # friends through skirmishers
    assert "on top of" in (g.check(Move("b1", 20, 41, 0)) or "")


def test_d3_units_never_pass_through_enemies_or_end_in_contact_without_charging() -> None:
    sc = scenario([unit("s1", SKIRM, 36, 44)], [unit("r1", INF, 36, 40, 180), *far_red()])
    g = new_game(sc)
    assert "pass through r1" in (g.check(Move("s1", 36, 36, 0)) or "")
    assert "within" in (g.check(Move("s1", 36, 42.05, 0)) or "")


# --- shooting (seed: "Shooting"; RULINGS D3) ------------------------------------------------


def test_d3_range_is_from_front_centre_to_nearest_point() -> None:
    # b1's front centre is (36, 39); r1's near edge is at y = 39 - 11.9 = 27.1
    sc = scenario([unit("b1", INF, 36, 40), unit("b2", INF, 50, 40)],
                  [unit("r1", INF, 36, 26.1, 180), unit("r2", INF, 50, 25.9, 180),
                   *far_red()])
    g = new_game(sc)
    to_shooting(g)
    assert g.check(Shoot("b1", "r1")) is None
    assert "range" in (g.check(Shoot("b2", "r2")) or "")


def test_d3_artillery_range_is_48() -> None:
    # a1 faces east: front centre (3, 24); bases 4" wide, 2" deep
    sc = scenario([unit("a1", ART, 2, 24, 90)],
                  [unit("r1", INF, 51.9, 24, 270), unit("r2", INF, 52.2, 30, 270)])
    g = new_game(sc)
    to_shooting(g)
    assert g.check(Shoot("a1", "r1")) is None  # 47.9"
    assert "range of 48" in (g.check(Shoot("a1", "r2")) or "")


def test_d3_field_of_fire_is_45_degrees_either_side_from_front_centre() -> None:
    # front centre (36, 39); a target whose nearest corner is just inside the 45° line
    sc = scenario([unit("b1", INF, 36, 40)],
                  [unit("r1", INF, 36 + 8 + 2 - 0.2, 31 + 1, 180),
                   unit("r2", INF, 36 + 8 + 2 + 0.5, 31 + 1, 180), *far_red()])
    g = new_game(sc)
    to_shooting(g)
    assert g.check(Shoot("b1", "r1")) is None
    assert "field of fire" in (g.check(Shoot("b1", "r2")) or "")


def test_d3_units_in_a_town_fire_all_round() -> None:
    town = rect("t", T.TOWN, 36, 30, 10, 10)
    sc = scenario([unit("b1", INF, 36, 30)], [unit("r1", INF, 36, 36, 0), *far_red()],
                  terrain=[town])
    g = new_game(sc)
    to_shooting(g)
    assert g.check(Shoot("b1", "r1")) is None  # directly behind


def test_d3_shooting_hits_infantry_d3_skirmishers_and_artillery_d3_minus_1() -> None:
    sc = scenario([unit("b1", INF, 20, 40), unit("s1", SKIRM, 40, 40), unit("a1", ART, 60, 40)],
                  [unit("r1", INF, 20, 34, 180), unit("r2", INF, 40, 34, 180),
                   unit("r3", INF, 60, 34, 180), *far_red()])
    # activation 6, then the d6 for the D3: 6 -> 3, 6 -> 3, 1 -> 1
    g = new_game(sc, dice=[6, 6, 6, 6, 6, 1])
    to_shooting(g)
    g.apply(Shoot("b1", "r1"))
    g.apply(Shoot("s1", "r2"))
    g.apply(Shoot("a1", "r3"))
    assert (g.pieces["r1"].hits, g.pieces["r2"].hits, g.pieces["r3"].hits) == (3, 2, 0)


def test_d3_cover_takes_one_hit_off_never_below_zero() -> None:
    wood = rect("w", T.WOOD, 36, 34, 8, 4)
    sc = scenario([unit("b1", INF, 36, 42), unit("s1", SKIRM, 42, 42)],
                  [unit("r1", SKIRM, 36, 34, 180), *far_red()], terrain=[wood])
    g = new_game(sc, dice=[6, 5, 6, 2])
    to_shooting(g)
    g.apply(Shoot("b1", "r1"))  # D3 3 - 1 cover = 2
    assert g.pieces["r1"].hits == 2
    g.apply(Shoot("s1", "r1"))  # D3 1 - 1 - 1 -> 0, not -1
    assert g.pieces["r1"].hits == 2


def test_d3_line_of_sight_is_blocked_by_a_wood_and_by_other_units() -> None:
    wood = rect("w", T.WOOD, 20, 34, 12, 2)
    sc = scenario([unit("b1", INF, 20, 40), unit("b2", INF, 50, 40), unit("b3", INF, 50, 35)],
                  [unit("r1", INF, 20, 29, 180), unit("r2", INF, 50, 29, 180), *far_red()],
                  terrain=[wood])
    g = new_game(sc)
    to_shooting(g)
    assert "cannot see" in (g.check(Shoot("b1", "r1")) or "")
    assert "cannot see" in (g.check(Shoot("b2", "r2")) or "")
    assert g.check(Shoot("b3", "r2")) is None


def test_d3_generals_cannot_be_shot_or_charged() -> None:
    sc = scenario([unit("b1", INF, 36, 40), unit("c1", CAV, 50, 40)], far_red(),
                  red_officers=[general("rg", 36, 34)])
    g = new_game(sc)
    assert "cannot be attacked" in (g.check(Charge("c1", "rg", 0)) or "")
    to_shooting(g)
    assert "cannot be attacked" in (g.check(Shoot("b1", "rg")) or "")


# --- charges (seed: "Charging", "Hand to Hand Combat"; RULINGS D3) --------------------------


def _charge_game(dice: list[int], **kw: object) -> object:
    terrain = kw.pop("terrain", [])
    defender = kw.pop("defender", INF)
    facing = kw.pop("facing", 180.0)
    sc = scenario([unit("c1", CAV, 36, 40)],
                  [unit("r1", defender, 36, 30, facing), *far_red()],  # type: ignore[arg-type]
                  terrain=terrain)  # type: ignore[arg-type]
    return new_game(sc, dice=dice)


def test_d3_charge_goes_straight_into_contact_and_resolves_in_hand_to_hand() -> None:
    g = _charge_game([6, 3])  # activation, then D3 = 2
    g.apply(Charge("c1", "r1", 0))  # type: ignore[attr-defined]
    c = g.pieces["c1"]  # type: ignore[attr-defined]
    assert c.pos == pytest.approx((36, 32)) and c.charging == "r1"
    to_shooting(g)  # type: ignore[arg-type]
    g.apply_text("end")  # type: ignore[attr-defined]
    assert g.pieces["r1"].hits == 3  # type: ignore[attr-defined]  # D3 2 + 1
    # not destroyed: falls back half a move (6") facing the enemy
    assert c.pos == pytest.approx((36, 38)) and c.facing == pytest.approx(0)


def test_d3_charge_may_turn_at_most_45_degrees_first() -> None:
    sc = scenario([unit("c1", CAV, 36, 40)], [unit("r1", INF, 46, 30, 180), *far_red()])
    g = new_game(sc)
    assert g.check(Charge("c1", "r1", 45)) is None
    assert "at most 45" in (g.check(Charge("c1", "r1", 50)) or "")
    assert "misses" in (g.check(Charge("c1", "r1", 0)) or "")


def test_d3_only_one_attacker_per_defender() -> None:
    sc = scenario([unit("c1", CAV, 30, 40), unit("c2", CAV, 42, 40)],
                  [unit("r1", INF, 36, 30, 180), *far_red()])
    g = new_game(sc, dice=[6])
    g.apply(Charge("c1", "r1", 30))
    assert "already been charged" in (g.check(Charge("c2", "r1", -30)) or "")


@pytest.mark.parametrize(("kw", "expected"), [
    ({}, 3),
    ({"terrain": [rect("h", T.HILL, 36, 30, 10, 6)]}, 2),
    ({"defender": CAV}, 2),
    ({"facing": 0.0}, 6),  # charged in the rear: doubled
    ({"facing": 90.0}, 6),  # in the flank: doubled
    ({"facing": 0.0, "defender": CAV, "terrain": [rect("h", T.HILL, 36, 30, 10, 6)]}, 2),
])
def test_d3_charge_hits_d3_plus_1_minus_hill_minus_cavalry_doubled_flank_rear(
    kw: dict[str, object], expected: int
) -> None:
    g = _charge_game([6, 3], **kw)  # D3 = 2
    g.apply(Charge("c1", "r1", 0))  # type: ignore[attr-defined]
    to_shooting(g)  # type: ignore[arg-type]
    g.apply_text("end")  # type: ignore[attr-defined]
    assert g.pieces["r1"].hits == expected  # type: ignore[attr-defined]


def test_d3_cavalry_stays_when_it_destroys_the_defender() -> None:
    g = _charge_game([6, 6])
    g.pieces["r1"].hits = 6  # type: ignore[attr-defined]
    g.apply(Charge("c1", "r1", 0))  # type: ignore[attr-defined]
    to_shooting(g)  # type: ignore[arg-type]
    g.apply_text("end")  # type: ignore[attr-defined]
    assert g.pieces["r1"].status == "eliminated"  # type: ignore[attr-defined]
    assert g.pieces["c1"].pos == pytest.approx((36, 32))  # type: ignore[attr-defined]


def test_d3_only_cavalry_charge() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], [unit("r1", INF, 36, 34, 180), *far_red()])
    g = new_game(sc)
    assert "only cavalry" in (g.check(Charge("b1", "r1", 0)) or "")


# --- elimination and generals --------------------------------------------------------------


def test_d3_units_with_9_hits_are_eliminated_in_the_elimination_phase() -> None:
    sc = scenario([unit("b1", INF, 36, 40)],
                  [unit("r1", INF, 36, 34, 180), unit("r2", INF, 10, 10, 180)])
    g = new_game(sc, dice=[6, 5])
    g.pieces["r1"].hits = 6
    to_shooting(g)
    g.apply(Shoot("b1", "r1"))  # D3 3: 9 hits
    assert g.pieces["r1"].hits == R.ELIMINATION_HITS and g.pieces["r1"].status == "active"
    events = g.apply_text("end")
    assert any(e.kind == "eliminated" for e in events)
    assert g.pieces["r1"].status == "eliminated"


def test_d3_general_must_ride_12_away_when_an_enemy_ends_within_6() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red(), red_officers=[general("rg", 36, 30)])
    g = new_game(sc, dice=[6])
    g.apply(Move("b1", 36, 36, 0))  # gap to the general: 36 - 1 - 30.75 = 4.25
    assert g.pieces["rg"].must_evade
    g.apply_text("end")
    events = g.apply_text("end")  # red's movement starts: the general rides off
    assert any(e.kind == "evade" for e in events)
    rg = g.pieces["rg"]
    assert rg.pos == pytest.approx((36, 18)) and rg.moved and not rg.must_evade


def test_d3_general_screened_by_a_friend_need_not_evade() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], [unit("r1", INF, 36, 32.5, 180), *far_red()],
                  red_officers=[general("rg", 36, 28)])
    g = new_game(sc, dice=[6])
    g.apply(Move("b1", 36, 36, 0))  # within 6" but r1 stands between
    assert not g.pieces["rg"].must_evade


# --- victory (RULINGS D3: scenario-defined) ---------------------------------------------------


def test_d3_army_break_ends_the_game_at_once() -> None:
    sc = scenario([unit("b1", INF, 36, 40)],
                  [unit("r1", INF, 36, 34, 180), unit("r2", INF, 10, 10, 180)],
                  victory=[ArmyBreak(0.5)])
    g = new_game(sc, dice=[6, 6])
    g.pieces["r1"].hits = 8
    to_shooting(g)
    g.apply(Shoot("b1", "r1"))
    g.apply_text("end")
    assert g.outcome is not None and g.outcome.winner == "blue"
    assert g.side is None and g.phase == "over" and g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply_text("end")


def test_d3_turn_limit_with_fallback_and_default_limit() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red(), victory=[TurnLimit(2, "red")])
    g = new_game(sc)
    for _ in range(8):
        g.apply_text("end")
    assert g.outcome is not None and g.outcome.winner == "red" and g.turn == 2
    g2 = new_game(scenario([unit("b1", INF, 36, 40)], far_red()))
    while not g2.over:
        g2.apply_text("end")
    assert g2.turn == R.DEFAULT_TURN_LIMIT and g2.outcome is not None
    assert g2.outcome.winner is None


def test_d3_objectives_held_at_the_turn_limit() -> None:
    obj = Objective("o", "O", (36, 38), 3)
    sc = scenario([unit("b1", INF, 36, 40)], far_red(), objectives=[obj],
                  victory=[HoldObjectives(1, ("o",)), TurnLimit(1)])
    g = new_game(sc)
    for _ in range(4):
        g.apply_text("end")
    assert g.outcome is not None and g.outcome.winner == "blue"


def test_d3_last_man_standing_is_always_in_force() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], [unit("r1", INF, 36, 34, 180)])
    g = new_game(sc, dice=[6, 6])
    g.pieces["r1"].hits = 8
    to_shooting(g)
    g.apply(Shoot("b1", "r1"))
    g.apply_text("end")
    assert g.outcome is not None and g.outcome.winner == "blue"
    assert "no units left" in g.outcome.reason


def test_d3_a_charge_may_not_turn_its_base_onto_the_target() -> None:
    """RULINGS D3 "Cavalry charge: one turn of up to 45 degrees at the start, then
    straight ahead", and bases never overlap: a target already touching the
    cavalry's front cannot be charged with a turn that swings the base into it
    (conformance found such a charge, seed 50 on the 12 v 12 field)."""
    from shapely.geometry import Polygon

    from desktop.table.shapes import corners

    sc = scenario([unit("c1", CAV, 36, 40)], [unit("r1", INF, 39.5, 38, 180), *far_red()])
    g = new_game(sc)
    assert g.check(Charge("c1", "r1", 0)) is None  # touching: no distance to go
    c, r = g.pieces["c1"], g.pieces["r1"]
    swung = [t for t in (45.0, -45.0)
             if Polygon(corners(c.x, c.y, c.frontage, c.depth, (c.facing + t) % 360.0))
             .intersection(r.fp()).area > 0.01]
    assert swung
    for t in swung:
        assert "on top of r1" in (g.check(Charge("c1", "r1", t)) or "")
