"""Charges and close combat (seed 001: bayonet charges, cavalry; RULINGS order)."""

from __future__ import annotations

import pytest

from desktop.rules.tactical import dice as D
from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.state import ROUTED, SQUARE_FORMATION
from desktop.scenario.model import TerrainFeature
from desktop.scenario.vocabulary import Formation, Quality, TerrainType
from tests.rules.tactical.helpers import (
    CAV,
    FA,
    SK,
    area,
    blue_first,
    line,
    new_game,
    officer,
    play,
    scenario,
    unit,
)

# --- the charge tables, pure -------------------------------------------------------


@pytest.mark.parametrize("sabres,flags,q,case", [
    (2, 1, 3, D.BayonetCase.FLEE), (0, 3, 3, D.BayonetCase.FLEE),
    (2, 0, 3, D.BayonetCase.STAND), (1, 1, 3, D.BayonetCase.STAND_FEWER),
    (0, 2, 3, D.BayonetCase.FIRE_THEN_RETIRE), (1, 2, 4, D.BayonetCase.FIRE_THEN_RETIRE),
    (1, 1, 2, D.BayonetCase.FLEE),
])
def test_tactical_bayonet_order(sabres: int, flags: int, q: int, case: D.BayonetCase) -> None:
    """RULINGS: >= Q flee; 0 Flags stand; 1 Flag one die fewer; 2..Q-1 fire then retire."""
    assert D.bayonet_case(sabres, flags, q) is case


@pytest.mark.parametrize("sabres,flags,q,square,case", [
    (2, 1, 3, False, D.CavalryCase.BROKEN), (3, 0, 3, False, D.CavalryCase.BROKEN),
    (2, 0, 3, False, D.CavalryCase.SQUARE_IN_TIME), (1, 1, 3, False, D.CavalryCase.SQUARE_LATE),
    (3, 0, 3, True, D.CavalryCase.SQUARE_IN_TIME), (0, 3, 3, True, D.CavalryCase.BROKEN),
])
def test_tactical_cavalry_v_infantry_order(sabres: int, flags: int, q: int, square: bool,
                                           case: D.CavalryCase) -> None:
    """RULINGS: Sabres + Flags >= defender's Q first, then no Flags, then the late square;
    seed: a square already formed breaks only on Flags >= Q."""
    assert D.cavalry_v_formed(sabres, flags, q, square) is case


@pytest.mark.parametrize("flags,q,case", [
    (0, 3, D.MeleeCase.COUNTER), (1, 3, D.MeleeCase.DISADVANTAGE),
    (2, 3, D.MeleeCase.DISADVANTAGE), (3, 3, D.MeleeCase.BROKEN), (4, 3, D.MeleeCase.BROKEN),
])
def test_tactical_cavalry_v_cavalry_table(flags: int, q: int, case: D.MeleeCase) -> None:
    assert D.cavalry_v_cavalry(flags, q) is case


# --- bayonet charges ----------------------------------------------------------------


def bayonet(*dice: int, terrain: tuple[TerrainFeature, ...] = ()) -> TacticalGame:
    g = new_game(scenario([unit("b", "c5")], [unit("r", "c3")], terrain=terrain),
                 dice=[1, 6, *dice])
    blue_first(g)
    g.apply_text("charge b r c4")
    return g


def test_tactical_bayonet_defenders_flee() -> None:
    """Seed: Flags (or Sabres and Flags) >= defenders' Q: they flee; attackers occupy."""
    g = bayonet(6, 6, 4)
    assert g.unit("r").status == ROUTED and g.unit("b").sq == (2, 2)


def test_tactical_bayonet_no_flags_stand_and_fire_all_dice() -> None:
    """Seed: no Flags: stand and fire with all their dice; close combat goes on."""
    g = bayonet(6, 2, 2, 2, 3, 5)
    b, r = g.unit("b"), g.unit("r")
    assert r.cv == 6 and b.cv == 5
    assert b.engaged == "r" and r.engaged == "b" and b.sq == (2, 3)
    reply = next(e for e in g.events if e.kind == "reply")
    assert reply.data["dice_count"] == 3


def test_tactical_bayonet_one_flag_fire_one_die_fewer() -> None:
    g = bayonet(4, 2, 2, 2, 2)
    b = g.unit("b")
    reply = next(e for e in g.events if e.kind == "reply")
    assert reply.data["dice_count"] == 2 and b.cv == 5 and b.engaged == "r"


def test_tactical_bayonet_two_flags_fire_then_retire() -> None:
    """RULINGS: 2..Q-1 Flags: fire one die fewer, then retire unless the attackers halt."""
    g = bayonet(4, 4, 1, 1, 1)
    b, r = g.unit("b"), g.unit("r")
    assert r.sq == (2, 1) and b.sq == (2, 2) and b.engaged is None


def test_tactical_defensive_fire_with_two_flags_halts_the_attackers() -> None:
    """RULINGS: fire halts attackers when it inflicts two or more Flags."""
    g = bayonet(4, 4, 1, 4, 4)
    b, r = g.unit("b"), g.unit("r")
    assert r.sq == (2, 2) and b.sq == (2, 3) and b.halted(1) and b.engaged is None


def test_tactical_close_combat_two_turn_limit_both_retire() -> None:
    """Seed: no decision after two turns of close combat: both sides retire to rally."""
    g = bayonet(6, 2, 2, 2, 3, 5, 1, 6, 2, 2, 2, 2, 2, 2)
    play(g, "end", "end")
    blue_first(g)
    b, r = g.unit("b"), g.unit("r")
    assert b.sq == (2, 4) and r.sq == (2, 1) and b.engaged is None and r.engaged is None


def test_tactical_close_combat_two_turn_limit_bua_defenders_stay() -> None:
    """Seed: unless the defenders hold a BUA, when only the attackers retire."""
    town = area("t", TerrainType.TOWN, "c3")
    g = bayonet(6, 2, 2, 2, 3, 5, 1, 6, 2, 2, 2, 2, 2, 2, terrain=(town,))
    play(g, "end", "end")
    blue_first(g)
    b, r = g.unit("b"), g.unit("r")
    assert b.sq == (2, 4) and r.sq == (2, 2)


def test_tactical_continued_close_combat_decides() -> None:
    g = bayonet(6, 2, 2, 2, 3, 5, 1, 6, 4, 4, 4, 2, 2, 2)
    play(g, "end", "end")
    blue_first(g)
    b, r = g.unit("b"), g.unit("r")
    assert r.sq == (2, 1) and b.sq == (2, 2)  # three Flags of three: r retires, b follows


# --- cavalry against infantry and guns ---------------------------------------------------


def cav_charge(*dice: int, target_formation: Formation | None = None) -> TacticalGame:
    g = new_game(scenario([unit("k", "c6", CAV)], [unit("r", "c2", formation=target_formation)]),
                 dice=[1, 6, *dice])
    blue_first(g)
    g.apply_text("charge k r c3")
    return g


def test_tactical_infantry_fails_to_form_square_and_routs() -> None:
    """Seed: Sabres and Flags >= Q: fail to form square, rout; cavalry pursues with a die more."""
    g = cav_charge(6, 6, 4, 2, 2, 2, 2)
    assert g.unit("r").status == ROUTED and g.unit("k").sq == (2, 1)
    pursuit = next(e for e in g.events if e.kind == "pursuit")
    assert pursuit.data["dice_count"] == 4


def test_tactical_square_in_good_time_ignores_sabres_fires_half() -> None:
    """Seed: no Flags: square in good time, Sabres ignored, fires half its dice rounded up."""
    g = cav_charge(6, 6, 2, 2, 3)
    k, r = g.unit("k"), g.unit("r")
    assert r.cv == 7 and r.formation == SQUARE_FORMATION and k.cv == 5
    assert k.sq == (2, 5)  # flows past and returns


def test_tactical_square_formed_late_takes_sabres_fires_one_die() -> None:
    g = cav_charge(6, 4, 2, 2)
    k, r = g.unit("k"), g.unit("r")
    reply = next(e for e in g.events if e.kind == "reply")
    assert r.cv == 6 and reply.data["dice_count"] == 1 and k.cv == 6


def test_tactical_cavalry_against_a_square_needs_flags() -> None:
    g = cav_charge(6, 6, 6, 2, 2, target_formation=Formation.SQUARE)
    assert g.unit("r").cv == 7 and g.unit("r").on_table


def test_tactical_gunners_late_fire_hastily_and_shelter() -> None:
    """Seed: gunners fire one die fewer, suffer Sabres and retire from their guns."""
    g = new_game(scenario([unit("k", "c6", CAV)], [unit("rg", "c2", FA)]),
                 dice=[1, 6, 6, 4, 2, 2, 2])
    play(g, "end")  # red's artillery holds fire
    blue_first(g)
    g.apply_text("charge k rg c3")
    rg = g.unit("rg")
    assert rg.cv == 6 and g.unit("k").cv == 5 and rg.silenced_until == 2
    reply = next(e for e in g.events if e.kind == "reply")
    assert reply.data["dice_count"] == 2


# --- cavalry against cavalry -------------------------------------------------------------


def cav_v_cav(*dice: int) -> TacticalGame:
    g = new_game(scenario([unit("k", "c6", CAV)], [unit("rc", "c2", CAV)]), dice=[1, 6, *dice])
    blue_first(g)
    g.apply_text("charge k rc c3")
    return g


def test_tactical_counter_charge_and_pass_through() -> None:
    """Seed: no Flags: the enemy counter-charges; if neither breaks they pass through."""
    g = cav_v_cav(6, 2, 2, 2, 2, 2)
    k, rc = g.unit("k"), g.unit("rc")
    assert rc.cv == 6 and k.cv == 7
    assert k.sq == (2, 0) and rc.sq == (2, 3)


def test_tactical_cavalry_fights_one_die_fewer_after_a_flag() -> None:
    g = cav_v_cav(4, 2, 2, 6, 6)
    reply = next(e for e in g.events if e.kind == "reply")
    assert reply.data["dice_count"] == 2 and g.unit("k").cv == 5


def test_tactical_cavalry_broken_retires_and_is_pursued() -> None:
    """Seed: Flags >= Q: the enemy retires or routs at once, hit again in pursuit."""
    g = cav_v_cav(4, 4, 4, 6, 2, 2)
    k, rc = g.unit("k"), g.unit("rc")
    assert rc.sq == (2, 0) and rc.cv == 6 and k.sq == (2, 1)


def test_tactical_blown_horses_after_two_turns() -> None:
    """Seed: after two turns of close combat the horses are blown and fall back."""
    g = cav_v_cav(6, 2, 2, 2, 2, 2, 1, 6, 6, 2, 2, 2, 2, 2)
    play(g, "end", "end")
    blue_first(g)
    k = g.unit("k")
    assert k.sq == (2, 0)
    g.apply_text("charge k rc c3")
    assert k.sq == (2, 5) and k.blown_until == 3
    assert "blown" in [e.kind for e in g.events]


# --- terrain in close combat ----------------------------------------------------------------


def test_tactical_cavalry_cannot_engage_behind_a_fence() -> None:
    fence = line("f", TerrainType.FENCE, [(0, 11.5), (36, 11.5)], 0.25)
    g = new_game(scenario([unit("k", "c6", CAV), unit("b", "d4")], [unit("r", "c2"),
                                                                    unit("r2", "d2")],
                          terrain=[fence]), dice=[1, 6])
    blue_first(g)
    assert "fence" in (g.check(g.parse_action("charge k r c3")) or "")
    assert g.check(g.parse_action("charge b r2 d3")) is None
    assert g.combat_dice(g.unit("b"), g.unit("r2"), (3, 2), True) == 2


def test_tactical_only_infantry_fights_in_a_bua() -> None:
    town = area("t", TerrainType.TOWN, "c2")
    g = new_game(scenario([unit("k", "c6", CAV)], [unit("r", "c2")], terrain=[town]),
                 dice=[1, 6])
    blue_first(g)
    assert "built-up" in (g.check(g.parse_action("charge k r c3")) or "")


def test_tactical_tall_crops_cost_the_attacker_a_die() -> None:
    crops = area("f", TerrainType.CROPS, "c3")
    g = new_game(scenario([unit("b", "c4")], [unit("r", "c3")], terrain=[crops]))
    assert g.combat_dice(g.unit("b"), g.unit("r"), (2, 3), True) == 2
    assert g.combat_dice(g.unit("r"), g.unit("b"), (2, 2), True) == 3


def test_tactical_general_adds_a_die_in_close_combat_not_fire() -> None:
    """Seed: add one die to units under a General's personal command in close combat."""
    g = new_game(scenario([unit("b", "c4", quality=Quality.VETERAN)], [unit("r", "c3")],
                          blue_officers=[officer("g", "c4")]))
    b, r = g.unit("b"), g.unit("r")
    assert g.combat_dice(b, r, b.sq, True) == 5 and g.fire_dice(b, r) == 4


def test_tactical_infantry_does_not_charge_cavalry_and_guns_do_not_charge() -> None:
    g = new_game(scenario([unit("b", "c5"), unit("g", "e5", FA)],
                          [unit("rc", "c3", CAV), unit("r", "e3")]), dice=[1, 6])
    play(g, "end")
    blue_first(g)
    assert g.check(g.parse_action("charge b rc c4")) is not None
    assert g.check(g.parse_action("charge g r e4")) is not None


def test_tactical_skirmish_flags_add_to_a_charge_the_same_turn() -> None:
    """Seed: a Flag scored by skirmishers may be added to the Flags of their side's
    formed troops charging the same unit that turn."""
    g = new_game(scenario([unit("bs", "b5", SK), unit("b", "c5")], [unit("r", "c3")]),
                 dice=[1, 6, 4, 6, 2, 2, 2])
    blue_first(g)
    play(g, "fire bs r", "charge b r c4")
    charge = next(e for e in g.events if e.kind == "charge")
    bay = next(e for e in g.events if e.kind == "bayonet")
    assert charge.data["skirmish_flags"] == 1 and bay.data["case"] == "stand_fewer"
    assert g.unit("r").skirmish_flags == 0


def test_tactical_spent_unit_retiring_off_its_baseline_is_lost() -> None:
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "c1", cv=1)]),
                 dice=[1, 6])
    blue_first(g)
    g.unit("b").sq = (2, 1)
    g.invalidate()
    g.unit("r").cv = 0
    g.unit("r").status = "spent"
    g.apply_text("end")  # red's move begins: the spent unit retires off the table
    assert g.unit("r").status == ROUTED
