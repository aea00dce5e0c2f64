"""Sequence of play and movement (seed 003 "Course of play", "Moving"; RULINGS
"Blown Away")."""

from __future__ import annotations

import math

import pytest

from desktop.rules.blown_away.constants import MOB_MOVE, STOP_STEP
from desktop.scenario.vocabulary import TerrainType
from tests.rules.blown_away.helpers import (
    feature,
    foot,
    gun,
    horse,
    new_game,
    play,
    scenario,
)


def test_a_fair_coin_picks_the_first_side() -> None:
    # RULINGS: a coin (a fair random pick) decides the first side.
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 10, 180)])
    firsts = set()
    for seed in range(12):
        g = new_game(sc, seed=seed, first="coin")
        assert g.chance.log[0].kind == "coin"
        assert g.events[0].kind == "first"
        firsts.add(g.side)
    assert firsts == {"blue", "red"}


def test_one_thing_per_turn_and_the_commander_any_distance() -> None:
    # Seed: "Each turn, a player may do one thing. He may move one unit or rally
    # one unit. He may also move his commander any distance."
    sc = scenario([foot("b1", 40, 60, 0), foot("b2", 60, 60, 0)], [foot("r1", 40, 10, 180)])
    g = new_game(sc)
    play(g, "move b1 40,55 0")
    assert "one thing" in (g.check(g.parse_action("move b2 60,55 0")) or "")
    assert "one thing" in (g.check(g.parse_action("form b2 column 0")) or "")
    play(g, "move b_cinc 90,5 0")  # 80" across the table
    # nothing else to do: the turn passes to red, then back to blue in turn 2
    assert (g.side, g.turn, g.phase) == ("red", 1, "orders")
    play(g, "end")
    assert (g.side, g.turn) == ("blue", 2)
    assert [e.kind for e in g.events].count("turn") == 3


def test_allowances_infantry_6_cavalry_12_artillery_6_or_immobile() -> None:
    # Seed "Moving": infantry and artillery 6", cavalry 12"; artillery before
    # 1750 may not move (option artillery_immobile).
    sc = scenario([foot("b1", 20, 60, 0), horse("bh", 40, 60, 0), gun("bg", 60, 60, 0)],
                  [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    assert g.check(g.parse_action("move b1 20,54 0")) is None
    assert "at most 6" in (g.check(g.parse_action("move b1 20,53.9 0")) or "")
    assert g.check(g.parse_action("move bh 40,48 0")) is None
    assert "at most 12" in (g.check(g.parse_action("move bh 40,47.9 0")) or "")
    assert g.check(g.parse_action("move bg 60,54 0")) is None
    old = new_game(sc, artillery_immobile=True)
    assert "may not move" in (old.check(old.parse_action("move bg 60,54 0")) or "")
    assert old.check(old.parse_action("form bg unlimbered 30")) is None  # it may turn


def test_pivot_on_the_centre_man_of_the_front_rank() -> None:
    # Seed: "pivot on the center man in the front rank"; the front centre stays put.
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    u = g.piece("b1")
    assert g.pivot_point(u, 90) == pytest.approx((39, 59))
    play(g, "move b1 39,59 90")
    assert g.piece("b1").front_centre() == pytest.approx((40, 59))


def test_oblique_moves_up_to_45_degrees() -> None:
    # Seed: "Units may move obliquely forward up to 45 degrees."
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    assert g.check(g.parse_action("move b1 44,56 0")) is None  # 45 degrees
    assert "obliquely" in (g.check(g.parse_action("move b1 44.5,56.2 0")) or "")


def test_stop_rule_four_inches_when_facing() -> None:
    # Seed: units "must stop when any of their men are less than 4 inches from,
    # and facing or being faced by, enemy troops" (RULINGS: facing = any enemy
    # footprint in the front arc).
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 50, 180)])
    g = new_game(sc)
    u = g.piece("b1")
    assert g.stop_length(u, u.pos, 0, (40, 54)) == pytest.approx(4 + STOP_STEP)
    assert g.check(g.parse_action("move b1 40,55.75 0")) is None
    assert "must stop" in (g.check(g.parse_action("move b1 40,55.5 0")) or "")


def test_passing_close_by_an_enemy_when_neither_faces_the_other() -> None:
    # Seed: "Units may pass closer than 1 inch by enemy troops when neither side
    # is facing the other."  Red faces north, away from blue's path.
    sc = scenario([foot("b1", 40, 55, 0)], [foot("r1", 49, 50, 0)])
    g = new_game(sc)
    assert not g.facing_either(g.piece("b1"), g.piece("r1"))
    assert g.check(g.parse_action("move b1 40,49 0")) is None
    # The same red unit facing west, towards the path: blue must stop at once.
    sc2 = scenario([foot("b1", 40, 55, 0)], [foot("r1", 47, 50, 270)])
    g2 = new_game(sc2)
    assert "must stop" in (g2.check(g2.parse_action("move b1 40,49 0")) or "")


def test_units_pass_through_friends_but_not_end_on_them() -> None:
    # Seed: "Units may pass through friendly troops."
    sc = scenario([foot("b1", 40, 60, 0), foot("b2", 40, 57, 0)], [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    assert g.check(g.parse_action("move b1 40,54 0")) is None
    assert "on top" in (g.check(g.parse_action("move b1 40,57 0")) or "")


def test_impassable_ground_stops_a_move() -> None:
    # Ruling IMPASSABLE: a lake cannot be entered.
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 5, 180)],
                  terrain=[feature("lake", TerrainType.LAKE, 40, 55, 20, 2)])
    g = new_game(sc)
    assert "cannot enter" in (g.check(g.parse_action("move b1 40,54 0")) or "")


def test_formation_change_turns_but_does_not_move() -> None:
    # Seed: "A unit may change formation and the direction it is facing, but may
    # not move that turn."
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    play(g, "form b1 column 90")
    u = g.piece("b1")
    assert u.formation.value == "column" and u.facing == 90 and u.pos == (40, 60)
    assert u.size() == (2, 7)
    assert "one thing" in (g.check(g.parse_action("move b1 46,60 90")) or "")


def test_units_with_men_in_ranks_and_men_running_cannot_move() -> None:
    # Seed: "Nor may units move if they have both men in ranks and men running."
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    g.piece("b1").men.run(3)
    assert "rally it first" in (g.check(g.parse_action("move b1 40,55 0")) or "")


def test_engaged_units_cannot_move() -> None:
    # Seed: "A unit engaged in combat with an enemy unit may not pivot or move."
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)])
    g = new_game(sc, cards=["KS", "2H"])
    play(g, "end", "combat b1 r1", "end")
    assert g.side == "red" and g.engaged_with("r1") == ["b1"]
    assert "engaged" in (g.check(g.parse_action("move r1 40,50 0")) or "")
    assert "engaged" in (g.check(g.parse_action("form r1 line 0")) or "")


def _mob(g: object, uid: str) -> None:
    from desktop.rules.blown_away.game import BlownAwayGame

    assert isinstance(g, BlownAwayGame)
    u = g.piece(uid)
    u.men.run(u.ranks)
    assert u.mob


def test_a_mob_moves_18_inches_any_way_keeping_6_from_enemies() -> None:
    # Seed: a unit with no men in ranks moves "in any direction as an unorganized
    # mob up to 18 inches, but may not pass closer than 6 inches from enemy troops".
    sc = scenario([foot("b1", 40, 40, 0)], [foot("r1", 60, 40, 0)])
    g = new_game(sc)
    _mob(g, "b1")
    assert g.check(g.parse_action(f"move b1 {40 - MOB_MOVE:g},40 270")) is None
    assert "at most 18" in (g.check(g.parse_action("move b1 21.9,40 270")) or "")
    assert g.check(g.parse_action("move b1 40,58 180")) is None  # backwards
    assert "6\"" in (g.check(g.parse_action("move b1 48,40 0")) or "")
    assert g.snapshot()["units"][0]["status"] == "disordered"


def test_a_moving_unit_sweeps_a_mob_away_18_inches() -> None:
    # Seed: "If a unit encounters an enemy unit that has all running men, the
    # running unit is moved away 18 inches ... and the moving unit completes its move."
    sc = scenario([horse("bh", 40, 60, 0)], [foot("r1", 40, 52, 0)])
    g = new_game(sc)
    _mob(g, "r1")
    play(g, "move bh 40,50 0")
    assert g.piece("bh").pos == (40, 50)
    r = g.piece("r1")
    assert not r.eliminated and r.pos == pytest.approx((40, 52 - MOB_MOVE))
    assert any(e.kind == "swept" for e in g.events)


def test_a_swept_mob_that_cannot_get_clear_is_eliminated() -> None:
    # Seed: "Running units unable to go the entire 18 inches are eliminated."
    sc = scenario([horse("bh", 40, 20, 0)], [foot("r1", 40, 12, 0)], depth=40)
    g = new_game(sc)
    _mob(g, "r1")
    # pinned against the top edge and boxed in by a lake on either side
    g2 = new_game(scenario([horse("bh", 10, 20, 0)], [foot("r1", 10, 12, 0)],
                           terrain=[feature("lake", TerrainType.LAKE, 40, 20, 40, 40)],
                           width=60, depth=40))
    _mob(g2, "r1")
    play(g2, "move bh 10,9 0")
    assert g2.piece("r1").eliminated
    assert g2.piece("r1").men.dead == 13
    assert any(e.kind == "eliminated" for e in g2.events)
    assert g.piece("r1").mob


def test_a_unit_already_close_may_draw_off_but_not_close_in() -> None:
    # Ruling (stop rule): a unit that starts less than 4" from an enemy it faces
    # is stopped only when it would come closer still.
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)])
    g = new_game(sc)
    assert "must stop" in (g.check(g.parse_action("move b1 40,59 0")) or "")
    # about face on the centre man of the front rank, then march away
    assert g.check(g.parse_action("move b1 40,64 180")) is None


def test_a_mob_keeps_6_inches_from_enemy_mobs_too() -> None:
    # Ruling MOB_CLEARANCE: "enemy troops" are any enemy unit, mobs included.
    sc = scenario([foot("b1", 40, 40, 0)], [foot("r1", 60, 40, 0)])
    g = new_game(sc)
    _mob(g, "b1")
    _mob(g, "r1")
    assert "6\"" in (g.check(g.parse_action("move b1 48,40 0")) or "")


def test_the_stop_does_not_move_with_the_length_dragged() -> None:
    """Issue 34: the stop was tested at steps of length/ceil(length/0.25), so the
    allowed distance changed with how far the player dragged (5.11" then 4.95").
    The steps are every quarter inch from the start: one answer per direction."""
    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 43, 50, 180)])
    g = new_game(sc)
    u = g.piece("b1")
    for bearing_deg in (0.0, 7.0, 15.0, 30.0):
        a = math.radians(bearing_deg)
        stops = set()
        for far in (5.3, 5.9, 6.0, 7.3, 9.1, 11.7):
            to = (u.pos[0] + math.sin(a) * far, u.pos[1] - math.cos(a) * far)
            s = g.stop_length(u, u.pos, 0, to)
            if s is not None and s < far:
                stops.add(round(s, 9))
        assert len(stops) == 1, (bearing_deg, stops)
        (s,) = stops
        assert s / STOP_STEP == pytest.approx(round(s / STOP_STEP))


def test_a_drag_past_the_stop_snaps_to_it() -> None:
    """Issue 34: a unit dragged past the 4" stop short of an enemy stops on the
    line instead of being refused; the same point however far it is dragged."""
    from desktop.rules.view import view_of

    sc = scenario([foot("b1", 40, 60, 0)], [foot("r1", 43, 50, 180)])
    g = new_game(sc)
    v = view_of(g)
    u = g.piece("b1")
    got = []
    dx, dy = math.sin(math.radians(10.0)), -math.cos(math.radians(10.0))
    for far in (5.5, 6.0):  # both past the stop, within the 6" allowance, one way
        snapped = v.snap_move("b1", 40.0 + dx * far, 60.0 + dy * far, 0.0)
        assert snapped is not None
        x, y, words = snapped
        assert "less than 4″ from an enemy" in words
        act = v.move_action("b1", x, y, 0.0)
        assert act is not None and g.check(act) is None  # legal: on the line
        got.append((x, y))
    assert got[0] == pytest.approx(got[1], abs=1e-6)
    stop = g.stop_length(u, u.pos, 0, (40.0 + dx * 6, 60.0 + dy * 6))
    assert stop is not None
    assert math.dist(u.pos, got[0]) == pytest.approx(stop, abs=0.01)
    assert v.snap_move("b1", 40.2, 59.0, 0.0) is None  # short of the stop: as dragged


def test_a_mob_dragged_past_its_6_inch_clearance_snaps_to_it() -> None:
    """Issue 34: a mob dragged past its 6" clearance of the enemy (seed 003: it
    "may not pass closer than 6 inches from enemy troops") stops on the last
    quarter inch that keeps it, as a formed unit stops short at 4", instead of
    being refused; the same point however far it is dragged, at any angle."""
    from desktop.rules.view import view_of

    g = new_game(scenario([foot("b1", 28, 37, 0)], [foot("r1", 40, 30, 180)]))
    _mob(g, "b1")
    v = view_of(g)
    u = g.piece("b1")
    assert "6\"" in (g.check(g.parse_action("move b1 46,37 0")) or "")  # refused as dragged
    for bearing_deg in (70.0, 80.0, 90.0, 97.0):
        a = math.radians(bearing_deg)
        ends = []
        for far in (14.0, 15.3, 17.9):
            to = (u.pos[0] + math.sin(a) * far, u.pos[1] - math.cos(a) * far)
            snapped = v.snap_move("b1", to[0], to[1], 0.0)
            assert snapped is not None, (bearing_deg, far)
            x, y, words = snapped
            assert "6″ of the enemy" in words
            act = v.move_action("b1", x, y, 0.0)
            assert act is not None and g.check(act) is None  # legal: on the line
            ends.append((x, y))
        assert ends[0] == pytest.approx(ends[1], abs=1e-6) == ends[2]
        stop = math.dist(u.pos, ends[0])
        assert stop / STOP_STEP == pytest.approx(round(stop / STOP_STEP), abs=0.05)
        # a quarter inch further runs within the clearance
        beyond = (u.pos[0] + math.sin(a) * (stop + STOP_STEP),
                  u.pos[1] - math.cos(a) * (stop + STOP_STEP))
        assert "6\"" in (g.check(g.parse_action(
            f"move b1 {beyond[0]:.2f},{beyond[1]:.2f} 0")) or "")
    assert v.snap_move("b1", 28.0, 45.0, 0.0) is None  # running away: as dragged
