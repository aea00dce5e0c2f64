"""Exact odds for every fire and charge (docs/architecture.md, "Dice, odds and records";
issue 7, item 8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from desktop.rules.action_odds import pct
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.game import charge_odds_json, fire_odds_json
from desktop.rules.tactical.odds import ChargeOdds, fire_odds
from desktop.scenario.vocabulary import Quality
from tests.rules.tactical.helpers import CAV, blue_first, new_game, officer, scenario, unit


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("face", [Face.TARGET, Face.FIRE, Face.SABRE])
def test_tactical_distributions_sum_to_one(n: int, face: Face) -> None:
    dist = D.throw_distribution(n, face)
    assert D.total(dist.values()) == 1
    assert max(h for h, _f, _s, _o in dist) <= n


def test_tactical_target_hits_are_exact() -> None:
    """Three dice hitting on Target (2 or 3 of 6): P(0) = (2/3)^3, P(3) = (1/3)^3."""
    hits = D.marginal(D.throw_distribution(3, Face.TARGET), 0)
    assert hits == {0: Fraction(8, 27), 1: Fraction(12, 27), 2: Fraction(6, 27),
                    3: Fraction(1, 27)}
    flags = D.marginal(D.throw_distribution(2, Face.FIRE), 1)
    assert flags[0] == Fraction(25, 36) and flags[2] == Fraction(1, 36)


def test_tactical_joint_counts_agree_with_enumeration() -> None:
    import itertools

    dist = D.throw_distribution(3, Face.SABRE)
    counts: dict[tuple[int, int, int, bool], int] = {}
    for roll in itertools.product(range(1, 7), repeat=3):
        t = D.Throw(roll, Face.SABRE)
        key = (t.hits, t.flags, t.sabres, t.officers > 0)
        counts[key] = counts.get(key, 0) + 1
    assert {k: Fraction(v, 216) for k, v in counts.items()} == dist


def test_tactical_fire_odds_effects() -> None:
    o = fire_odds_json(3, Face.TARGET, quality=3, cv=7)
    assert sum(o["hits"]) == pytest.approx(1.0)
    assert o["hits"][0] == pytest.approx(8 / 27)
    assert o["effects"]["rout"] == 0.0            # three dice cannot show four Flags
    assert o["effects"]["retire"] == pytest.approx(1 / 216)
    helped = fire_odds_json(3, Face.TARGET, quality=3, cv=7, cancel=1)
    assert helped["effects"]["retire"] == 0.0
    assert fire_odds_json(1, Face.TARGET, 3, 1)["spent"] == pytest.approx(2 / 6)
    assert fire_odds_json(1, Face.TARGET, 3, 0, spent=True)["rout"] == pytest.approx(3 / 6)


def test_tactical_charge_odds_cases() -> None:
    b = charge_odds_json(3, "bayonet", quality=3, cv=7)
    assert sum(b["cases"].values()) == pytest.approx(1.0)
    assert b["cases"]["flee"] == pytest.approx(1 / 27)          # every die a 4 or a 6
    c = charge_odds_json(3, "cavalry", quality=3, cv=7)
    assert c["cases"]["broken"] == pytest.approx(1 / 216)
    assert c["cases"]["counter"] == pytest.approx(125 / 216)
    sq = charge_odds_json(4, "square", quality=2, cv=4)
    assert sq["cases"]["broken"] == pytest.approx(
        float(D.total(p for (_h, f, _s, _o), p in D.throw_distribution(4, Face.SABRE).items()
                      if f >= 2)))


def test_tactical_game_offers_odds_for_fire_and_charges() -> None:
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE), unit("k", "e6", CAV)],
                          [unit("r", "d3"), unit("r2", "e2")],
                          red_officers=[officer("g", "d3")]), dice=[1, 6])
    blue_first(g)
    fo = g.odds(g.parse_action("fire b r"))
    assert fo is not None and fo.title == "b fires at r: 4 dice, hitting on Target"
    want = fire_odds(4, Face.TARGET, 3, 7, cancel=1)
    assert [p for _, p in fo.bars] == list(want.hits)
    assert f"routs {pct(want.rout)}" in fo.notes
    co = g.odds(g.parse_action("charge k r2 e3"))
    charge = g.chances(g.parse_action("charge k r2 e3"))
    assert isinstance(charge, ChargeOdds) and charge.against == "formed" and charge.dice == 3
    assert co is not None and [p for _, p in co.bars] == list(charge.cases.values())
    assert g.odds(g.parse_action("move b b4")) is None
    assert g.odds(g.parse_action("fire b r2")) is None  # illegal: no odds


def test_tactical_close_combat_odds_for_a_combat_that_goes_on() -> None:
    g = new_game(scenario([unit("b", "c5")], [unit("r", "c3")]),
                 dice=[1, 6, 6, 2, 2, 2, 3, 5])
    blue_first(g)
    g.apply_text("charge b r c4")
    o = g.close_combat_odds("r")
    assert o["attacker"] == "b" and o["round"] == 2
    assert o["by_attacker"] == fire_odds_json(3, Face.SABRE, 3, 6)
    assert o["by_defender"] == fire_odds_json(3, Face.SABRE, 3, 5)
