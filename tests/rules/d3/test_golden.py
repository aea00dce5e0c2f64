"""What D3's golden records show (their byte-for-byte replay: tests/rules/test_golden.py).

tests/rules/golden/d3_scripted_duel.yaml scripts the dice: a charge into cavalry
on a hill (D3+1 -1 -1), skirmishers shooting into a town (D3-1 -1 cover),
artillery deploying as it fires, a general's re-roll of a failed activation.
The other two are seeded random games on the crossroads (the Austrians break)
and on the 12-against-12 field.
"""

from __future__ import annotations

from desktop.rules.d3.game import D3Game
from desktop.rules.record import load_game
from tests.rules.regen_golden import GOLDEN


def test_d3_scripted_duel_shows_the_rules_at_work() -> None:
    g = load_game(GOLDEN / "d3_scripted_duel.yaml")
    assert isinstance(g, D3Game)
    hits = {p.id: p.hits for p in g.pieces.values() if not p.is_general}
    assert hits["r_cav"] == 2  # D3 3 + 1, -1 hill, -1 cavalry
    assert hits["r_town"] == 2  # twice D3 3 - 1 skirmisher - 1 cover
    assert hits["r_inf"] == 1 and g.pieces["b_gun"].deployed
    assert g.pieces["b_inf"].pos == (30, 37)  # moved after the general's re-roll
    assert g.pieces["b_gen"].rerolls_used == 0  # a new turn began since


def test_d3_crossroads_record_ends_with_the_austrians_broken() -> None:
    out = load_game(GOLDEN / "d3_crossroads_seed13.yaml").outcome
    assert out is not None and out.winner == "fra"
