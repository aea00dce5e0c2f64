"""Artillery range and the to-hit number (issue 17, item 4).

Seed 004, "To Hit Numbers" (004_c9f6c088d19cb00e.txt:44-51): "Normal 4+,
Disorganized 5+, Shaken 6" -- morale alone sets the number, with no modifier
for range ("Shooting Ranges", lines 52-56, gives only the reaches).  A range
penalty is kept as the off-by-default house rule `long_range_penalty`.
"""

from __future__ import annotations

from fractions import Fraction

from desktop.rules import registry
from desktop.rules.mayhem.actions import parse
from desktop.rules.mayhem.game import MayhemGame
from desktop.scenario.vocabulary import UnitType

from .helpers import new_game, play, scenario, unit

GUN = UnitType.FOOT_ARTILLERY


def _gun_at_eight_inches(dice: list[int], **options: str | int) -> MayhemGame:
    """A gun 8" (beyond close range, within long range) from a red line."""
    sc = scenario([unit("b1", 24, 40, 0, type=GUN)], [unit("r1", 24, 30, 180)])
    g = new_game(sc, dice, **options)
    play(g, "first", "hold b1", "hold r1")
    assert g.unit("b1").footprint().distance(g.unit("r1").footprint()) > 6.0
    return g


def test_artillery_beyond_close_range_hits_on_four_as_written() -> None:
    """004:44-51: a Normal gun hits on 4+ at any range (the old code needed 5+)."""
    g = _gun_at_eight_inches([6, 1] + [4] * 4 + [1] * 4)
    play(g, "fire b1 r1")
    fire = [e for e in g.events if e.kind == "fire"][-1]
    assert fire.data["need"] == 4
    assert fire.data["hits"] == 4


def test_artillery_odds_beyond_close_range_use_four_up() -> None:
    """004:44-51: the odds the player is shown agree with the dice (4+: one in two)."""
    g = _gun_at_eight_inches([6, 1])
    o = g.fire_odds("b1", "r1")
    assert o.hits[4] == Fraction(1, 16)  # four dice, each 1/2 (5+ would be 1/81)
    shown = g.odds(parse("fire b1 r1"))
    assert shown is not None and [p for _, p in shown.bars] == list(o.casualties)


def test_range_penalty_is_an_option_off_by_default() -> None:
    spec = {o.name: o for o in registry.get("mayhem").options}["long_range_penalty"]
    assert spec.default is False
    assert "not in the rules as written" in spec.help


def test_range_penalty_option_makes_long_range_artillery_hit_one_worse() -> None:
    """House rule `long_range_penalty`: beyond 6 units artillery needs one more."""
    g = _gun_at_eight_inches([6, 1] + [4] * 4 + [1] * 4, long_range_penalty=True)
    play(g, "fire b1 r1")
    fire = [e for e in g.events if e.kind == "fire"][-1]
    assert fire.data["need"] == 5 and fire.data["hits"] == 0
