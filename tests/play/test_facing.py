"""Facing and idle moves in the computer's candidates (desktop.play.marching) and
the score's aim term (desktop.play.scoring), on D3's Crossroads (issue 33: a
battery that faced away from the battle for five turns, and a deployed gun
that pivoted a few degrees and so lost its shot).

Rules: seed 002 "Shooting" (a target within 45 degrees either side of the
facing; a unit that moved, a pivot included, may not shoot) and "Turning"
(units pivot on their centre)."""

from __future__ import annotations

import random

from desktop.play.marching import drop_idle, facing_enemy, facing_moves, idle, march_moves
from desktop.play.opponent import STEADY, _candidates
from desktop.play.scoring import _plan, score, terms
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.view import view_of
from desktop.table.shapes import angle_diff, bearing
from tests.play.tactics.suite import _edited

#: Every Austrian but the battery gone; the battery on the Galgenberg facing east.
_EDIT = {"remove": ["aus_ir4", "aus_ir49", "aus_gren", "aus_grenz", "aus_cav", "aus_gen"],
         "units": {"aus_art": {"position": [40.5, 6.5], "facing": 77}}}


def _game(facing: float = 77.0, at: tuple[float, float] = (40.5, 6.5)) -> Game:
    edit = {**_EDIT, "units": {"aus_art": {"position": list(at), "facing": facing}}}
    scenario = _edited("d3_crossroads.yaml", edit, "test")
    return registry.get("d3").new_game(scenario, seed=1)


def _nearest_french_bearing(game: Game) -> float:
    view = view_of(game)
    gun = view.pieces()["aus_art"]
    enemies = [p for p in view.pieces().values() if p.side == "fra" and p.kind != "officer"]
    near = min(enemies, key=lambda p: (p.x - gun.x) ** 2 + (p.y - gun.y) ** 2)
    return bearing((gun.x, gun.y), (near.x, near.y))


def test_a_gun_facing_away_is_offered_the_pivot_to_face_the_nearest_enemy() -> None:
    game = _game()
    pivots = facing_moves(game, 2)
    assert [a.text().split()[:3] for a in pivots] == [["move", "aus_art", "40.5,6.5"]]
    facing = float(pivots[0].text().split()[3])
    assert abs(angle_diff(facing, _nearest_french_bearing(game))) < 0.1
    assert game.check(pivots[0]) is None


def test_no_pivot_is_offered_to_a_gun_already_facing_the_enemy() -> None:
    game = _game(facing=190.0)  # the nearest French within its 45 degrees
    assert facing_moves(game, 2) == []


def test_a_move_is_also_offered_ending_face_to_the_enemy() -> None:
    game = _game()
    view = view_of(game)
    to = (38.0, 9.0)
    way = bearing((40.5, 6.5), to)
    faced = facing_enemy(game, view, "aus_art", to, way)
    assert len(faced) == 1
    words = faced[0].text().split()
    assert words[2] == "38,9"
    assert abs(angle_diff(float(words[3]), way)) >= 10.0
    # a move whose way already leads at the enemy gets no second facing
    assert facing_enemy(game, view, "aus_art", to, float(words[3]) + 3.0) == []


def test_a_march_away_from_the_enemy_comes_with_its_face_to_the_enemy_twin() -> None:
    """The battery south of the Galgenberg marches north to it, its back to the
    French: the same march is offered ending face to them as well."""
    game = _game(facing=0.0, at=(44.0, 16.0))
    plan = _plan(game.scenario, "aus")
    assert plan.field is not None
    moves = march_moves(game, random.Random(0), 1, [(plan.field, None)])
    assert len(moves) == 2, [a.text() for a in moves]
    (p1, f1), (p2, f2) = [(a.text().split()[2], float(a.text().split()[3])) for a in moves]
    assert p1 == p2
    assert abs(angle_diff(f1, 0.0)) < 45.0  # the way it goes: north
    assert abs(angle_diff(f2, 180.0)) < 60.0  # to the French, in the south


def test_an_idle_pivot_is_no_candidate_unless_it_is_all_there_is() -> None:
    game = _game()
    view = view_of(game)
    small = view.move_action("aus_art", 40.5, 6.5, 83.0)
    big = view.move_action("aus_art", 40.5, 6.5, 200.0)
    step = view.move_action("aus_art", 40.6, 6.5, 77.0)
    away = view.move_action("aus_art", 40.5, 8.0, 77.0)
    assert small is not None and big is not None and step is not None and away is not None
    assert idle(view, small) and idle(view, step)
    assert not idle(view, big) and not idle(view, away)
    end = game.parse_action("end")
    assert not idle(view, end)
    assert [a.text() for a in drop_idle(game, [small, big, end])] == [big.text(), "end"]
    assert drop_idle(game, [small]) == [small]


def test_the_steady_candidates_hold_no_idle_move() -> None:
    for seed in range(5):
        game = _game()
        view = view_of(game)
        actions = _candidates(game, random.Random(seed), STEADY)
        assert not [a.text() for a in actions if idle(view, a)]


def test_facing_the_enemy_scores_better_than_facing_away() -> None:
    """The aim term: the battery with the French in its arc scores above the same
    battery facing away, and nothing else in the score changes."""
    away, facing = _game(77.0), _game(_nearest_french_bearing(_game()))
    t_away, t_facing = terms(away, "aus"), terms(facing, "aus")
    assert t_facing.aim == 0.0 > t_away.aim >= -1.0
    assert t_facing.strength == t_away.strength and t_facing.pull == t_away.pull
    assert score(facing, "aus") > score(away, "aus")


def test_turning_within_the_arc_gains_nothing() -> None:
    target = _nearest_french_bearing(_game())
    assert terms(_game(target), "aus").aim == terms(_game(target + 20.0), "aus").aim == 0.0


def test_a_mob_takes_no_ground_in_the_score() -> None:
    """Blown Away (seed 003 'Winning an encounter scenario'): only men in ranks
    occupy a farm, so a mob of running men marching onto the Knowe is worth
    nothing to the ground terms, and rallying it is worth its man in ranks
    (issue 33: the Royal Army never rallied)."""
    from tests.play.tactics.suite import load_positions

    position = next(p for p in load_positions("blown_away")
                    if p.id == "ba_rally_the_mob_beside_the_commander")
    game = position.start()
    assert view_of(game).pieces()["ry_guard"].status in view_of(game).no_ground
    still = terms(game, "royal")
    marched = game.clone(seed=1)
    marched.apply(marched.parse_action("move ry_guard 36.29,30.96 356.9"))
    rallied = game.clone(seed=1)
    rallied.apply(rallied.parse_action("rally ry_guard"))
    t = terms(marched, "royal")
    assert (t.objective, t.lead, t.pull) == (still.objective, still.lead, still.pull)
    assert score(rallied, "royal") > score(marched, "royal")
