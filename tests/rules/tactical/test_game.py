"""The turn, the unit types, fire and the Tactical Dice results (seed 001; RULINGS)."""

from __future__ import annotations

import pytest

from desktop.rules import registry
from desktop.rules.engine import RulesError
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.state import LIMBERED, ROUTED, SKIRMISH, SPENT
from desktop.scenario.model import Officer
from desktop.scenario.vocabulary import Formation, Quality, Rank, TerrainType
from tests.rules.tactical.helpers import (
    CAV,
    FA,
    HA,
    SK,
    area,
    blue_first,
    line,
    new_game,
    play,
    scenario,
    unit,
)


def test_registered_as_tactical() -> None:
    rs = registry.get("tactical")
    assert rs.name == "Tactical Dice"
    assert rs.default_options() == {"skirmish_fire": True, "turn_limit": 10}


@pytest.mark.parametrize("text", [
    "first", "second", "end", "fire b r", "move b c4", "charge k r c3", "limber g",
    "unlimber g", "officer g1 aa12", "rally g1 b",
])
def test_notation_round_trips(text: str) -> None:
    rs = registry.get("tactical")
    a = rs.parse_action(text)
    assert a.text() == text and rs.parse_action(a.text()) == a


def test_needs_two_sides() -> None:
    from dataclasses import replace

    sc = scenario([unit("b", "a6")], [unit("r", "a1")])
    with pytest.raises(RulesError):
        new_game(replace(sc, sides=sc.sides[:1]))


# --- troop quality and Combat Value --------------------------------------------


def test_tactical_troop_quality_is_the_number_of_dice() -> None:
    """RULINGS: Elite/Veteran 4, Trained/Regular 3, Conscript 2 Tactical Dice."""
    g = new_game(scenario([unit("e", "a6", quality=Quality.ELITE),
                           unit("v", "b6", quality=Quality.VETERAN),
                           unit("t", "c6", quality=Quality.REGULAR),
                           unit("c", "d6", quality=Quality.CONSCRIPT)], [unit("r", "a1")]))
    assert [g.unit(x).q for x in "evtc"] == [4, 4, 3, 2]
    assert [g.unit(x).cv for x in "evtc"] == [10, 10, 7, 4]


def test_tactical_artillery_is_always_trained_with_cv_7() -> None:
    """Seed: artillery is always Trained, full strength (RULINGS: CV 7)."""
    g = new_game(scenario([unit("g", "a6", FA, quality=Quality.ELITE, cv=10)],
                          [unit("r", "a1")]))
    assert (g.unit("g").q, g.unit("g").cv) == (3, 7)


def test_tactical_faces() -> None:
    """RULINGS: 1 Officer, 2-3 Target, 4 Flag, 5 Fire, 6 Sabre."""
    assert [C.FACE_OF[d] for d in range(1, 7)] == [
        Face.OFFICER, Face.TARGET, Face.TARGET, Face.FLAG, Face.FIRE, Face.SABRE]
    t = D.Throw((1, 2, 3, 4, 5, 6), Face.TARGET)
    assert (t.hits, t.flags, t.sabres, t.officers) == (2, 1, 1, 1)
    assert D.Throw((5, 5, 2), Face.FIRE).hits == 2


def test_tactical_half_cv_loses_a_die() -> None:
    """RULINGS: more than half the starting CV lost: one die fewer, reply only."""
    g = new_game(scenario([unit("b", "c4")], [unit("r", "c3")]), dice=[1, 6])
    blue_first(g)
    b, r = g.unit("b"), g.unit("r")
    assert g.fire_dice(b, r) == 3
    b.cv = 4  # lost 3 of 7: not more than half
    assert g.fire_dice(b, r) == 3 and not b.half_cv
    b.cv = 3  # lost 4 of 7
    assert b.half_cv and g.fire_dice(b, r) == 2 and g.fire_dice_reply(b) == 2
    why = g.check(g.parse_action("fire b r"))
    assert why is not None and "only reply" in why
    assert "charge b r c4" not in [a.text() for a in g.legal_actions()]


def test_tactical_zero_cv_retires_and_any_further_hit_routs() -> None:
    """Seed: at 0 CV the unit ceases to be effective and retires; any further hit routs."""
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)],
                          [unit("r", "c3", cv=1), unit("r2", "f1")]),
                 dice=[1, 6, 2, 6, 6, 6, 1, 6, 2, 2, 2])
    blue_first(g)
    g.apply_text("fire b r")           # 2: one Target hit, CV 1 -> 0
    r = g.unit("r")
    assert r.status == SPENT and r.cv == 0
    g.apply_text("end")                # red's move: the spent unit retires a square
    assert r.sq == (2, 1) and r.status == SPENT
    assert "fire" not in {a.text().split()[0] for a in g.legal_actions()}
    g.apply_text("end")                # turn 2: initiative 1, 6
    blue_first(g)
    g._take(r, 1, 0, g.unit("b").sq, [])
    assert r.status == ROUTED


@pytest.mark.parametrize("flags,q,effect", [
    (0, 3, D.FlagEffect.NONE), (1, 3, D.FlagEffect.FEWER), (2, 3, D.FlagEffect.HALT),
    (3, 3, D.FlagEffect.RETIRE), (4, 3, D.FlagEffect.ROUT), (2, 4, D.FlagEffect.HALT),
    (3, 4, D.FlagEffect.HALT), (2, 2, D.FlagEffect.RETIRE), (3, 2, D.FlagEffect.ROUT),
    (1, 2, D.FlagEffect.FEWER),
])
def test_tactical_flags_by_troop_quality(flags: int, q: int, effect: D.FlagEffect) -> None:
    """RULINGS: 1 Flag one die fewer; 2..Q-1 halt; exactly Q retire; more than Q rout."""
    assert D.flag_effect(flags, q) is effect


def test_tactical_one_flag_costs_a_die_this_turn() -> None:
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "d3")]),
                 dice=[1, 6, 4, 5, 5, 6])
    blue_first(g)
    g.apply_text("fire b r")
    r = g.unit("r")
    assert r.flags_turn == 1 and r.cv == 7
    assert g.fire_dice_reply(r) == 2
    assert not r.halted(g.turn)


def test_tactical_flags_equal_to_quality_halt_and_retire() -> None:
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "d3")]),
                 dice=[1, 6, 4, 4, 4, 6])
    blue_first(g)
    g.apply_text("fire b r")
    r = g.unit("r")
    assert r.sq == (3, 1) and r.halted(g.turn) and r.halted(g.turn + 1)
    assert "retire" in [e.kind for e in g.events]


def test_tactical_flags_above_quality_rout() -> None:
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)],
                          [unit("r", "d3", quality=Quality.CONSCRIPT)]),
                 dice=[1, 6, 4, 4, 4, 6])
    blue_first(g)
    g.apply_text("fire b r")
    assert g.unit("r").status == ROUTED


def test_tactical_retire_blocked_routs() -> None:
    """Ruling RETIRE_BLOCKED_ROUTS: a unit with every square back blocked routs."""
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)],
                          [unit("r", "d1")]), dice=[1, 6, 4, 4, 4, 6])
    blue_first(g)
    g.invalidate()
    g.unit("b").sq = (3, 1)  # next to r, south of it
    g.unit("r").sq = (3, 0)  # on red's baseline row: back is off the table
    g.invalidate()
    g.apply_text("fire b r")
    assert g.unit("r").status == ROUTED


# --- the turn ------------------------------------------------------------------


def test_tactical_initiative_lower_score_chooses_and_ties_reroll() -> None:
    """Seed: the lower score chooses to move first or second; RULINGS: re-roll ties."""
    g = new_game(scenario([unit("b", "a6")], [unit("r", "a1")]), dice=[3, 3, 5, 2])
    assert g.phase == "initiative" and g.side == "red"
    g.apply_text("second")
    assert g.phase == "first" and g.side == "blue"
    g.apply_text("end")
    assert g.phase == "second" and g.side == "red"


def test_tactical_initiative_catch_up_bonus() -> None:
    """RULINGS: a side that chose for the last N >= 2 turns adds N-1 to its roll."""
    g = new_game(scenario([unit("b", "a6")], [unit("r", "a1")]),
                 dice=[1, 6, 1, 6, 2, 3, 1, 6])
    for _turn in (1, 2):
        assert g.side == "blue"
        play(g, "first", "end", "end")
    # blue has chosen twice: 2 + 1 = 3 ties red's 3, so they roll again
    assert g.st.streak["blue"] == 3
    assert g.events[-1].data["rolls"] == {"blue": 2, "red": 6}


def test_tactical_artillery_fire_is_simultaneous() -> None:
    """Seed: an artillery unit that has been hit may still fire that turn."""
    g = new_game(scenario([unit("bg", "c6", FA)], [unit("rg", "c1", FA, cv=3)]),
                 dice=[5, 5, 5, 5, 5, 2, 1, 6])
    assert g.phase == "artillery" and g.side == "blue"
    g.apply_text("fire bg rg")          # three Fire hits: rg would be spent...
    assert g.unit("rg").cv == 7 and g.side == "red"
    g.apply_text("fire rg bg")          # ...but fires all the same
    bg, rg = g.unit("bg"), g.unit("rg")
    assert rg.cv == 4 and bg.cv == 5
    assert g.phase == "initiative"


def test_tactical_artillery_ranges() -> None:
    """Seed: foot canister 3 squares (Targets), effective 8 (Fire); horse 2 and 6."""
    g = new_game(scenario([unit("bg", "a8", FA), unit("bh", "b8", HA)],
                          [unit("r1", "a5"), unit("r2", "h1"), unit("r3", "c5"),
                           unit("r4", "b2")], width=60, depth=48))
    bg, bh = g.unit("bg"), g.unit("bh")
    assert g.hit_face(bg, g.unit("r1")) is Face.TARGET
    assert g.hit_face(bg, g.unit("r2")) is Face.FIRE
    assert g.why_not_fire(bg, g.unit("r2")) is None
    assert g.hit_face(bh, g.unit("r3")) is Face.FIRE   # 3 squares: beyond horse canister
    assert g.why_not_fire(bh, g.unit("r4")) is None     # 6 squares
    g.invalidate()
    g.unit("r4").sq = (1, 0)
    g.invalidate()
    assert "out of range" in (g.why_not_fire(bh, g.unit("r4")) or "")


def test_tactical_hill_extends_range_and_fires_over_friends() -> None:
    """Seed: artillery on a hill reaches a square further and fires over friends below."""
    hill = area("hill", TerrainType.HILL, "a6")
    g = new_game(scenario([unit("bg", "a6", FA), unit("f", "a5")],
                          [unit("r", "a1")], terrain=[hill], depth=36))
    assert g.fire_range(g.unit("bg")) == 9
    assert g.why_not_fire(g.unit("bg"), g.unit("r")) is None
    g2 = new_game(scenario([unit("bg", "a6", FA), unit("f", "a5")], [unit("r", "a1")]))
    assert not g2.sight(g2.unit("bg"), g2.unit("r"))


def test_tactical_foot_artillery_limbering() -> None:
    """Seed: foot guns move two squares limbered, or one and unlimber; limbering costs one."""
    g = new_game(scenario([unit("g", "c6", FA), unit("h", "e6", FA, formation=Formation.LIMBERED)],
                          [unit("r", "a1")]), dice=[1, 6])
    play(g, "end")
    blue_first(g)
    assert g.check(g.parse_action("move g c5")) is not None   # must limber first
    play(g, "limber g", "move g c5")
    assert g.check(g.parse_action("unlimber g")) is not None  # no movement left
    assert g.unit("g").formation == LIMBERED
    assert g.check(g.parse_action("move h e4")) is None
    play(g, "move h e5", "unlimber h")
    assert g.check(g.parse_action("fire h r")) is not None    # fires next turn


def test_tactical_horse_artillery_moves_unlimbers_and_fires() -> None:
    """Seed: horse guns move one square, unlimber and fire the same turn; not after two."""
    sc = scenario([unit("h", "c6", HA, formation=Formation.LIMBERED),
                   unit("k", "e6", HA, formation=Formation.LIMBERED)],
                  [unit("r", "c1"), unit("r2", "e1")])
    g = new_game(sc, dice=[1, 6])
    blue_first(g)
    play(g, "move h c5", "unlimber h")
    assert g.check(g.parse_action("fire h r")) is None
    play(g, "move k e4", "unlimber k")
    assert "after moving" in (g.check(g.parse_action("fire k r2")) or "")
    assert g.check(g.parse_action("move k e3")) is not None


def test_tactical_infantry_two_squares_without_firing() -> None:
    """Seed: formed infantry moves two squares without firing, or one and fires."""
    g = new_game(scenario([unit("a", "b6"), unit("b", "e6")], [unit("r", "c4")]),
                 dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("move a a5")) is None
    play(g, "move a b5")
    assert g.check(g.parse_action("fire a r")) is None       # diagonal: one square away
    assert g.check(g.parse_action("move b e3")) is not None  # three squares
    play(g, "move b e4")
    assert g.check(g.parse_action("move b e3")) is not None  # one move a turn


def test_tactical_moving_next_to_an_enemy_is_a_charge() -> None:
    """Ruling: a plain move may not end orthogonally next to an enemy (that is a charge)."""
    g = new_game(scenario([unit("a", "c6")], [unit("r", "c3")]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("move a c4")) is not None
    assert g.check(g.parse_action("charge a r c4")) is not None  # two squares: too far
    assert g.check(g.parse_action("move a c5")) is None


def test_tactical_cavalry_manoeuvres_three_squares() -> None:
    g = new_game(scenario([unit("k", "a6", CAV)], [unit("r", "f1")]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("move k b4")) is None
    assert g.check(g.parse_action("move k a2")) is not None


def test_tactical_cavalry_charge_four_squares_last_two_straight() -> None:
    """Seed: charge up to four squares, the last two in a straight line."""
    g = new_game(scenario([unit("k", "a6", CAV)], [unit("r", "c3")]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("charge k r c4")) is None
    why = g.check(g.parse_action("charge k r b3"))
    assert why is not None and "cannot charge" in why
    assert g.check(g.parse_action("charge k r c2")) is not None


# --- terrain ---------------------------------------------------------------------


def test_tactical_forest_only_skirmishers_and_roads() -> None:
    """Seed: formed units may not enter a forest except along a road; skirmishers one square."""
    wood = area("w", TerrainType.WOOD, "c4", 6, 6)
    wood2 = area("w2", TerrainType.WOOD, "e4", 6, 6)
    road = line("road", TerrainType.ROAD, [(27, 36), (27, 0)], 1.5)
    g = new_game(scenario([unit("a", "c5"), unit("s", "b5", SK), unit("e", "e5")],
                          [unit("r", "a1")], terrain=[wood, wood2, road]), dice=[1, 6])
    blue_first(g)
    assert "only along a road" in (g.check(g.parse_action("move a c4")) or "")
    assert g.check(g.parse_action("move e e4")) is None
    assert g.check(g.parse_action("move s c4")) is not None  # wood: one square a turn
    assert g.check(g.parse_action("move s b4")) is None


def test_tactical_built_up_area_rules() -> None:
    """Seed: infantry stops on entering a BUA; cavalry and artillery only by road."""
    town = area("t", TerrainType.TOWN, "c4")
    g = new_game(scenario([unit("a", "c5"), unit("k", "d5", CAV)], [unit("r", "f1")],
                          terrain=[town]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("move a c4")) is None
    assert g.check(g.parse_action("move a c3")) is not None
    assert g.check(g.parse_action("move k c4")) is not None


def test_tactical_fields_of_tall_crops_slow_movement() -> None:
    crops = area("f", TerrainType.CROPS, "c4")
    g = new_game(scenario([unit("a", "c5"), unit("k", "d4", CAV)], [unit("r", "f1")],
                          terrain=[crops]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("move a c3")) is not None
    assert g.check(g.parse_action("move a c4")) is None
    assert g.check(g.parse_action("move k b4")) is None       # two squares through crops
    assert g.check(g.parse_action("move k a4")) is not None


def test_tactical_fences_stop_formed_troops_not_skirmishers() -> None:
    fence = line("f", TerrainType.FENCE, [(0, 23.5), (36, 23.5)], 0.25)
    g = new_game(scenario([unit("a", "c5"), unit("s", "e5", SK)], [unit("r", "a1")],
                          terrain=[fence]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("move a c4")) is None
    assert g.check(g.parse_action("move a c3")) is not None
    assert g.check(g.parse_action("move s e3")) is None


def test_tactical_fire_on_a_bua_loses_two_dice() -> None:
    town = area("t", TerrainType.TOWN, "c3")
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "c3")],
                          terrain=[town]))
    assert g.fire_dice(g.unit("b"), g.unit("r")) == 2


def test_tactical_behind_a_fence_only_fire_hits() -> None:
    fence = line("f", TerrainType.LOW_WALL, [(0, 23.0), (36, 23.0)], 0.5)
    g = new_game(scenario([unit("b", "c5")], [unit("r", "c4"), unit("r2", "d6")],
                          terrain=[fence]))
    assert g.hit_face(g.unit("b"), g.unit("r")) is Face.FIRE
    assert g.hit_face(g.unit("r"), g.unit("b")) is Face.TARGET


def test_tactical_woods_and_hills_block_sight() -> None:
    wood = area("w", TerrainType.WOOD, "c4")
    g = new_game(scenario([unit("g", "c6", FA)], [unit("r", "c2")], terrain=[wood]))
    assert not g.sight(g.unit("g"), g.unit("r"))
    river = line("river", TerrainType.RIVER, [(0, 21), (36, 21)], 2.0)
    g2 = new_game(scenario([unit("g", "c6", FA)], [unit("r", "c2")], terrain=[river]))
    assert g2.sight(g2.unit("g"), g2.unit("r"))


# --- skirmishers ---------------------------------------------------------------------


def test_tactical_skirmish_screen_protects_formed_troops() -> None:
    """Seed: formed troops behind their skirmishers take no musketry hits."""
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("r", "c2"), unit("rs", "b3", SK)]),
                 dice=[1, 6])
    blue_first(g)
    assert "screened" in (g.check(g.parse_action("fire bs r")) or "")


def test_tactical_skirmishers_hit_unscreened_formed_troops_on_target() -> None:
    """RULINGS: skirmishers firing at unscreened formed troops hit on Target, one die."""
    g = new_game(scenario([unit("bs", "c4", SK, quality=Quality.ELITE)], [unit("r", "c2")]),
                 dice=[1, 6, 2])
    blue_first(g)
    assert g.fire_dice(g.unit("bs"), g.unit("r")) == 1
    g.apply_text("fire bs r")
    assert g.unit("r").cv == 6


def test_tactical_skirmishers_with_more_flags_fall_back() -> None:
    """Seed: only Fire and Flags count between skirmishers; more Flags falls back a square."""
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("rs", "c2", SK)]),
                 dice=[1, 6, 4, 2])
    blue_first(g)
    g.apply_text("fire bs rs")
    rs = g.unit("rs")
    assert rs.sq == (2, 0) and rs.cv == 7 and g.unit("bs").cv == 7


def test_tactical_skirmishers_driven_in_on_their_formed_troops() -> None:
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("rs", "c2", SK), unit("r", "c1")]),
                 dice=[1, 6, 4, 5])
    blue_first(g)
    g.apply_text("fire bs rs")
    assert g.unit("rs").status == "driven_in" and g.unit("bs").cv == 6


def test_tactical_skirmish_rules_are_an_option() -> None:
    """Issue 7: the optional skirmish rules can be switched off in the scenario."""
    sc = scenario([unit("bs", "c4", SK)], [unit("r", "c3")], options={"skirmish_fire": False})
    g = new_game(sc)
    assert not g.skirmish_rules and g.unit("bs").formation != SKIRMISH
    assert g.fire_dice(g.unit("bs"), g.unit("r")) == 3
    g2 = new_game(scenario([unit("bs", "c4", SK)], [unit("r", "c3")]))
    assert g2.skirmish_rules and g2.unit("bs").formation == SKIRMISH


def test_tactical_spent_units_count_as_lost_for_victory() -> None:
    """Ruling SPENT_COUNTS_AS_LOST: a side whose last effective unit is spent has lost."""
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "c3", cv=1)]),
                 dice=[1, 6, 2, 6, 6, 6])
    blue_first(g)
    g.apply_text("fire b r")
    assert g.unit("r").status == SPENT
    assert g.outcome is not None and g.outcome.winner == "blue"


def test_officers_are_loaded_in_their_squares() -> None:
    sc = scenario([unit("b", "c5")], [unit("r", "a1")],
                  blue_officers=[Officer("g", "g", Rank.GENERAL, (15.0, 27.0))])
    g = new_game(sc)
    assert g.officer("g").sq == (2, 4) and g.general_with(g.unit("b")) is not None


def test_tactical_snapshot_carries_what_a_window_needs() -> None:
    """Issue 7: each unit's square, CV, Flags and status; officers' wounds; the grid."""
    import json

    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "d3")],
                          red_officers=[Officer("g", "g", Rank.GENERAL, (21.0, 15.0))]),
                 dice=[1, 6, 2, 4, 6, 6])
    blue_first(g)
    g.apply_text("fire b r")
    snap = json.loads(json.dumps(g.snapshot()))
    r = next(u for u in snap["units"] if u["id"] == "r")
    assert (r["square"], r["col"], r["row"], r["x"], r["y"]) == ("d3", 3, 2, 21.0, 15.0)
    assert (r["cv"], r["start_cv"], r["status"], r["flags"]) == (6, 7, "active", 0)
    assert r["dice"] == 3 and r["halted"] is False and r["formation"] == "line"
    o = next(u for u in snap["units"] if u["id"] == "g")
    assert o["kind"] == "officer" and o["wound"] == "unharmed" and o["square"] == "d3"
    assert snap["counters"]["grid"] == {"square": 6.0, "origin": [0.0, 0.0], "cols": 6,
                                        "rows": 6}
    fire = next(e for e in g.events if e.kind == "fire")
    assert fire.data["dice"] == [2, 4, 6, 6] and fire.data["hits"] == 1
    hits = next(e for e in g.events if e.kind == "hits")
    assert hits.data == {"unit": "r", "hits": 1, "cv": 6}


def test_tactical_horse_guns_that_fired_in_the_artillery_phase_stay() -> None:
    """Seed: the side moves its horse artillery "that has not fired already"."""
    g = new_game(scenario([unit("h", "c6", HA)], [unit("r", "c2")]),
                 dice=[2, 2, 2, 1, 6])
    g.apply_text("fire h r")
    blue_first(g)
    assert "fired" in (g.check(g.parse_action("limber h")) or "")
    assert "already fired" in (g.check(g.parse_action("fire h r")) or "")


def test_tactical_skirmishers_shoot_out_of_a_forest_only_next_door() -> None:
    """Seed: skirmishers shoot inside a forest at skirmishers, or out into an adjacent
    open square; forests block sight."""
    woods = [area("w", TerrainType.WOOD, "c4"), area("w2", TerrainType.WOOD, "c5")]
    g = new_game(scenario([unit("s", "c5", SK)], [unit("r", "d4"), unit("r2", "c2"),
                                                  unit("rs", "c4", SK)], terrain=woods))
    s = g.unit("s")
    assert g.board.area(s.sq) == C.WOOD
    assert g.sight(s, g.unit("r")) and g.sight(s, g.unit("rs"))
    assert not g.sight(s, g.unit("r2"))
    assert not g.sight(g.unit("r"), g.unit("rs"))
