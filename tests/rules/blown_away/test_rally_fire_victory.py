"""Rallying, long-range artillery, victory and exact odds (seed 003 "Rallying",
"Long-range artillery", "Winning an encounter scenario"; RULINGS "Blown Away")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from desktop.rules.blown_away.game import BlownAwayGame
from desktop.rules.blown_away.men import Men
from desktop.rules.blown_away.odds import combat_odds, pile_of
from desktop.rules.chance import FULL_DECK, card_value
from desktop.scenario.model import Objective
from desktop.scenario.vocabulary import TerrainType
from tests.rules.blown_away.helpers import feature, foot, gun, new_game, play, scenario

# --- rallying ----------------------------------------------------------------------


def test_seed_rally_example_in_play_15_men_rally_3_then_6() -> None:
    # Seed "Rallying": a unit of 15 with 3 in ranks, 3 killed, 9 running rallies
    # 3 running men; next turn the remaining 6, having then 6 in ranks.
    sc = scenario([foot("b1", 40, 60, 0, figures=15, command=())], [foot("r1", 40, 5, 180)])
    g = new_game(sc)
    g.piece("b1").men = Men(men=15, file=3, running_file=9, dead=3)
    play(g, "rally b1")
    assert (g.piece("b1").ranks, g.piece("b1").running) == (6, 6)
    assert "one thing" in (g.check(g.parse_action("rally b1")) or "")
    play(g, "end", "end")
    play(g, "rally b1")
    assert (g.piece("b1").ranks, g.piece("b1").running, g.piece("b1").men.dead) == (12, 0, 3)
    rally = [e for e in g.events if e.kind == "rally"]
    assert [e.data["rallied"] for e in rally] == [3, 6]


def test_rally_case_1_barred_by_facing_enemy_men_in_ranks_within_6() -> None:
    # Seed: case 1 needs none of its men "6 inches or less from any enemy men in
    # ranks who are facing them".
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)]), first="red")
    g.piece("r1").men.run(2)
    assert "faces r1" in (g.check(g.parse_action("rally r1")) or "")
    g = new_game(scenario([foot("b1", 40, 60, 180)], [foot("r1", 40, 55, 180)]), first="red")
    g.piece("r1").men.run(2)
    assert g.check(g.parse_action("rally r1")) is None


def test_rally_case_2_needs_the_commander_next_to_it_and_24_inches_clear() -> None:
    # Seed: case 2 (no men in ranks) needs all running men 24" or more from enemy
    # men in ranks (facing any way) and the commander next to the unit; 1 man rallies.
    def game(blue_y: float, cinc: tuple[float, float]) -> BlownAwayGame:
        g = new_game(scenario([foot("b1", 40, blue_y, 0)], [foot("r1", 40, 20, 180)],
                              red_cinc=cinc), first="red")
        r = g.piece("r1")
        r.men.run(r.ranks)
        return g

    g = game(65, (40, 18.2))
    play(g, "rally r1")
    assert (g.piece("r1").ranks, g.piece("r1").status) == (1, "active")
    far = game(65, (5, 2))
    assert "commander" in (far.check(far.parse_action("rally r1")) or "")
    near = game(40, (40, 18.2))
    assert "24" in (near.check(near.parse_action("rally r1")) or "")


def test_gunners_within_6_inches_return_to_their_cannon_when_they_rally() -> None:
    # Seed: "Artillery gunners that have run 6 inches from their cannon return to
    # it when they rally."
    g = new_game(scenario([foot("b1", 40, 68, 0)], [gun("rg", 40, 20, 180)],
                          red_cinc=(40, 12.8)), first="red")
    rg = g.piece("rg")
    rg.men.run(4)
    rg.pos = (40, 14)
    play(g, "rally rg")
    assert rg.at_gun and rg.pos == (40, 20) and rg.ranks == 1


def test_gunners_further_away_walk_back_6_inches_a_turn_before_firing() -> None:
    # Seed: "If they have run farther, after they rally they must be moved back
    # to their cannon, 6 inches per turn, before they can fire it again."
    g = new_game(scenario([foot("b1", 40, 60, 0)], [gun("rg", 40, 20, 180)],
                          red_cinc=(40, 3.5)), first="red")
    rg = g.piece("rg")
    rg.men.run(4)
    rg.pos = (40, 5)
    play(g, "rally rg")
    assert not rg.at_gun and rg.ranks == 1
    assert "away from their cannon" in (g.why_cannot_move(rg) or "")
    play(g, "end", "end")
    assert g.side == "red"
    assert g.check(g.parse_action("fire rg b1")) is not None
    play(g, "rejoin rg")
    assert rg.pos == pytest.approx((40, 11))
    play(g, "end", "end", "rejoin rg")
    assert rg.pos == pytest.approx((40, 17))
    play(g, "end", "end", "rejoin rg")
    assert rg.at_gun


# --- long-range artillery ------------------------------------------------------------


def _why(g: BlownAwayGame, text: str) -> str:
    return g.check(g.parse_action(text)) or ""


def _gun_game(target: tuple[float, float], terrain: tuple[object, ...] = ()) -> BlownAwayGame:
    from desktop.scenario.model import TerrainFeature

    feats = [t for t in terrain if isinstance(t, TerrainFeature)]
    g = new_game(scenario([gun("bg", 40, 60, 0)], [foot("r1", *target, 180)], terrain=feats))
    g.state.phase = "artillery"  # straight to the artillery phase, whatever the range
    return g


def test_long_range_fire_kills_one_no_one_runs_one_marker_in_the_open() -> None:
    # Seed: 4 cannonballs; one man is killed (to the storage tray unless the target
    # is engaged); no men run; 1 marker in the open or soft cover.
    g = _gun_game((40, 30))
    assert g.phase == "artillery" and g.piece("bg").markers == 4
    play(g, "fire bg r1")
    r1 = g.piece("r1")
    assert (r1.ranks, r1.running, r1.men.dead) == (12, 0, 1)
    assert g.piece("bg").markers == 3
    assert "fired this turn" in (g.check(g.parse_action("fire bg r1")) or "")


def test_long_range_band_4_to_36_inches() -> None:
    # Seed: "between 4 and 36 inches away".
    assert "closer than 4" in (_why(_gun_game((40, 55.5)), "fire bg r1"))
    assert "beyond 36" in _why(_gun_game((40, 20)), "fire bg r1")
    assert _why(_gun_game((40, 23)), "fire bg r1") == ""


def test_long_range_arc_45_degrees_of_the_bore() -> None:
    # Seed: "45 degrees left or right of its boresight".
    assert "45 degrees" in _why(_gun_game((70, 45)), "fire bg r1")


def test_long_range_needs_a_clear_line_of_sight() -> None:
    # Seed: "in a clear line of sight"; ruling BLOCKS_SIGHT (woods block it).
    wood = (feature("wood", TerrainType.WOOD, 40, 45, 10, 3),)
    assert "line of sight" in _why(_gun_game((40, 30), wood), "fire bg r1")


def test_marker_cost_by_cover_wall_2_redoubt_3_and_not_enough_markers() -> None:
    # Seed: 2 markers behind a wall, 3 behind a redoubt or in a trench; a gun
    # without enough markers may not fire.
    wall = (feature("wall", TerrainType.LOW_WALL, 40, 32.5, 10, 0.4),)
    g = _gun_game((40, 30), wall)
    assert g.shot_cost(g.piece("bg"), g.piece("r1")) == 2
    g = _gun_game((40, 30), (feature("sconce", TerrainType.REDOUBT, 40, 30, 10, 4),))
    assert g.shot_cost(g.piece("bg"), g.piece("r1")) == 3
    play(g, "fire bg r1")
    assert g.piece("bg").markers == 1
    g.piece("bg").shots = 0
    assert "costs 3" in _why(g, "fire bg r1")


# --- victory -------------------------------------------------------------------------


def _objectives() -> list[Objective]:
    return [Objective("o1", "One", (20, 40), 1.0), Objective("o2", "Two", (40, 40), 1.0),
            Objective("o3", "Three", (60, 47.5), 0.5), Objective("o4", "Four", (80, 20), 1.0)]


def test_win_the_moment_three_objectives_are_held_or_last_passed_through() -> None:
    # RULINGS: a side wins the moment it holds or was last to pass through three
    # of the four objectives with men in ranks.
    sc = scenario([foot("b1", 20, 40, 0), foot("b2", 40, 40, 0), foot("b3", 60, 50, 0)],
                  [foot("r1", 80, 5, 180)], objectives=_objectives())
    g = new_game(sc)
    assert g.state.objectives == {"o1": "blue", "o2": "blue", "o3": None, "o4": None}
    play(g, "move b3 60,44 0")  # through o3 without stopping on it
    assert g.outcome is not None and g.outcome.winner == "blue"
    assert "3 of 4" in g.outcome.reason and g.phase == "over"


def test_an_objective_both_sides_touch_stays_with_its_last_holder() -> None:
    # Ruling: "completely occupy" needs one side alone; contested, it stays put.
    sc = scenario([foot("b1", 16, 40, 0)], [foot("r1", 80, 5, 180), foot("r2", 24, 40, 180)],
                  objectives=_objectives())
    g = new_game(sc)
    assert g.state.objectives["o1"] is None
    g2 = new_game(scenario([foot("b1", 16, 40, 0)], [foot("r1", 80, 5, 180)],
                           objectives=_objectives()))
    assert g2.state.objectives["o1"] == "blue"
    g2.piece("r1").pos = (24, 40)  # red arrives: contested, blue keeps it
    play(g2, "end")
    assert g2.state.objectives["o1"] == "blue"
    g2.piece("b1").pos = (16, 60)  # blue leaves: red's men alone occupy it
    play(g2, "end")
    assert g2.state.objectives["o1"] == "red"


# --- odds ----------------------------------------------------------------------------


def _brute(pu: list[str], pt: list[str], bu: int, bt: int) -> tuple[Fraction, ...]:
    n = Fraction(1, len(pu) * len(pt))
    w = sum((n for a in pu for b in pt if card_value(a) + bu > card_value(b) + bt), Fraction(0))
    t = sum((n for a in pu for b in pt if card_value(a) + bu == card_value(b) + bt),
            Fraction(0))
    return w, t


def test_combat_odds_are_exact_from_full_decks() -> None:
    # Exact card probabilities: with two full decks a tie is 1/13, a win 6/13.
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)]))
    play(g, "end")
    o = g.combat_odds("b1", "r1")
    assert (o.unit_wins, o.tie, o.target_wins) == (Fraction(6, 13), Fraction(1, 13),
                                                   Fraction(6, 13))
    assert o.target_runs == {0: Fraction(6, 13), 1: Fraction(7, 13)}
    shown = g.odds(g.parse_action("combat b1 r1"))  # the engine protocol's Odds
    assert shown is not None and shown.bars == [("b1 wins", Fraction(6, 13)),
                                                ("a tie", Fraction(1, 13)),
                                                ("r1 wins", Fraction(6, 13))]


def test_combat_odds_use_the_cards_left_and_the_defence_bonus() -> None:
    # The decks as they stand: after cards are turned the odds follow what remains.
    works = [feature("sconce", TerrainType.REDOUBT, 40, 55, 10, 4)]
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)], terrain=works),
                 seed=5)
    play(g, "end", "combat b1 r1", "end", "end", "combat r1 b1", "end", "end")
    pu, pt = pile_of(g.chance, "blue"), pile_of(g.chance, "red")
    assert len(pu) == len(pt) == 50
    o = g.combat_odds("b1", "r1")
    assert (o.unit_wins, o.tie) == _brute(pu, pt, 0, 3)
    assert o.unit_wins + o.tie + o.target_wins == 1
    assert sum(o.target_runs.values()) == 1


def test_artillery_odds_count_face_values() -> None:
    o = combat_odds(["9H"], list(FULL_DECK), 0, 0, lambda c: card_value(c), lambda c: 1)
    assert o.unit_wins == Fraction(32, 52) and o.target_runs[9] == Fraction(36, 52)


# --- what the play window shows -------------------------------------------------------


def test_snapshot_shows_men_cards_and_cannonballs() -> None:
    # Issue 8: men in ranks, running and killed per unit, the cards turned, and
    # each gun's remaining markers.
    sc = scenario([foot("b1", 40, 60, 0), gun("bg", 60, 66, 315)], [foot("r1", 40, 55, 180)])
    g = new_game(sc, cards=["KS", "2H"])
    play(g, "end", "fire bg r1", "end", "combat b1 r1")
    snap = g.snapshot()
    units = {u["id"]: u for u in snap["units"]}
    assert {k: units["r1"][k] for k in ("ranks", "running", "killed", "dead")} == {
        "ranks": 10, "running": 1, "killed": 1, "dead": 1}
    assert units["r1"]["command"] == ["officer", "drummer", "flag"]
    assert units["bg"]["markers"] == 3 and units["bg"]["at_gun"] is True
    assert snap["counters"]["last_cards"] == {"blue": "KS", "red": "2H"}
    assert snap["counters"]["markers"] == {"bg": 3}
    assert [e.text for e in g.events if e.kind == "cards"] == [
        "b1 turns the King of spades, r1 turns the 2 of hearts: b1 wins"]
