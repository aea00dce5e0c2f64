"""Issue 17, Tactical Dice items 1-3: places where play departed from seed 001."""

from __future__ import annotations

from desktop.rules.tactical.state import ROUTED, SPENT, UNHARMED, WOUNDED
from desktop.scenario.vocabulary import Rank, TerrainType
from tests.rules.tactical.helpers import (
    CAV,
    SK,
    area,
    blue_first,
    kinds,
    new_game,
    officer,
    play,
    scenario,
    unit,
)


def test_tactical_officer_safe_when_a_square_in_good_time_ignores_the_sabres() -> None:
    """Seed 001:96-100: an officer may fall only with a unit "that suffers at least one
    hit"; seed 001:162: a square formed in good time "ignores any Sabres".  Issue 17's
    reproduction: the charge throws 6, 1, 2 (a Sabre, an Officer, no Flag)."""
    g = new_game(scenario([unit("bc", "c5", CAV)], [unit("r1", "c3")],
                          red_officers=[officer("rg", "c3")]), dice=[1, 6, 6, 1, 2, 2, 1, 1])
    blue_first(g)
    play(g, "charge bc r1 c4")
    r1 = g.unit("r1")
    case = next(e for e in g.events if e.kind == "cavalry_charge")
    assert case.data["case"] == "square_in_time"
    assert r1.cv == r1.start_cv
    assert g.officer("rg").wound == UNHARMED
    assert "officer_casualty" not in kinds(g)


def test_tactical_officer_still_at_risk_when_the_square_forms_late() -> None:
    """Seed 001:96-100 and 001:161: a square formed late suffers the Sabre hits, so an
    Officer on another die puts the ADC at risk (6, 1, 4: a Sabre, an Officer, a Flag;
    his roll of 2 wounds him)."""
    g = new_game(scenario([unit("bc", "c5", CAV)], [unit("r1", "c3")],
                          red_officers=[officer("ra", "c3", Rank.ADC)]),
                 dice=[1, 6, 6, 1, 4, 2, 1, 1])
    blue_first(g)
    play(g, "charge bc r1 c4")
    case = next(e for e in g.events if e.kind == "cavalry_charge")
    assert case.data["case"] == "square_late"
    assert g.unit("r1").cv == g.unit("r1").start_cv - 1
    assert g.officer("ra").wound == WOUNDED


def test_tactical_skirmishers_skirmish_into_a_bua() -> None:
    """Seed 001:121: "skirmishers may skirmish inside a BUA"; 001:122: two dice fewer
    at a unit in a BUA.  Ruling (docs/rulings.md, "Skirmishers"): a skirmish exchange
    in or into a BUA throws at least one die."""
    town = area("t", TerrainType.TOWN, "c3")
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("rs", "c3", SK)], terrain=[town]),
                 dice=[1, 6, 5, 5])
    blue_first(g)
    bs, rs = g.unit("bs"), g.unit("rs")
    assert g.fire_dice(bs, rs) == 1
    assert g.check(g.parse_action("fire bs rs")) is None
    play(g, "fire bs rs")
    assert (rs.cv, bs.cv) == (rs.start_cv - 1, bs.start_cv - 1)


def test_tactical_skirmishers_skirmish_inside_a_bua() -> None:
    """Seed 001:121 and the ruling above: both lines inside the BUA."""
    town = area("t", TerrainType.TOWN, "c4", 6, 12)
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("rs", "c3", SK)], terrain=[town]),
                 dice=[1, 6])
    blue_first(g)
    assert g.fire_dice(g.unit("bs"), g.unit("rs")) == 1
    assert g.fire_dice(g.unit("rs"), g.unit("bs")) == 1
    assert g.check(g.parse_action("fire bs rs")) is None


def test_tactical_bua_still_costs_formed_targets_two_dice() -> None:
    """Seed 001:122: the ruling is for skirmish exchanges only; one skirmish die at
    formed troops in a BUA is still none."""
    town = area("t", TerrainType.TOWN, "c2")
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("r", "c2")], terrain=[town]),
                 dice=[1, 6])
    blue_first(g)
    assert g.fire_dice(g.unit("bs"), g.unit("r")) == 0
    assert g.check(g.parse_action("fire bs r")) is not None


def test_tactical_spent_skirmish_line_routs_on_a_flag() -> None:
    """Seed 001:39: at 0 CV "any further … hits or Flags will cause it to rout"
    (docs/rulings.md, "Tactical Dice results"); in a skirmish exchange a Flag alone
    routs a spent line rather than making it fall back (die 4: a Flag)."""
    g = new_game(scenario([unit("bs", "c4", SK)], [unit("rs", "c2", SK)]), dice=[1, 6, 4])
    blue_first(g)
    rs = g.unit("rs")
    rs.cv, rs.status = 0, SPENT
    g.invalidate()
    play(g, "fire bs rs")
    assert rs.status == ROUTED
    assert rs.sq == (2, 1)  # routed where it stood: no fall back
    assert "rout" in kinds(g) and "retire" not in kinds(g)
