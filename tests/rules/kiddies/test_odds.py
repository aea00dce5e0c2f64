"""Exact hand-to-hand odds (seed 000, "Hand to hand fighting"; RULINGS "Kiddies").

Every expected fraction here is counted by hand over the 36 (or 216) equally
likely throws, and written with the count so the arithmetic can be checked.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from desktop.rules.kiddies.odds import (
    Roll,
    fight_odds,
    horse_against_foot,
    one_against_one,
    rolls_for,
    totals,
    two_against_one,
)


def test_one_against_one_is_d6_against_d6_tie_kills_both() -> None:
    # seed: "highest score killing his opponent ... equal then BOTH men are killed"
    o = one_against_one()
    assert (o.win, o.draw, o.loss) == (F(15, 36), F(6, 36), F(15, 36))


def test_two_against_one_the_pair_adds_one() -> None:
    # pair wins when a + 1 > b, i.e. a >= b: 21 of 36; a + 1 == b: b in 2..6, 5 of 36;
    # the lone man wins when b > a + 1: 10 of 36
    o = two_against_one()
    assert (o.win, o.draw, o.loss) == (F(21, 36), F(5, 36), F(10, 36))


@pytest.mark.parametrize(("infantry", "win", "draw", "loss"), [
    # 2d6 = S against d6 + k.  Ways for S (of 36): 2:1 3:2 4:3 5:4 6:5 7:6 8:5 ...
    # one man, k = 0: ties sum P(S=b) for b 1..6 = 0+1+2+3+4+5 = 15; horse loses when
    # S < b: 0+0+1+3+6+10 = 20 (of 216)
    (1, F(181, 216), F(15, 216), F(20, 216)),
    # two men, k = 1: b+1 in 2..7: ties 1+2+3+4+5+6 = 21; S < b+1: 0+1+3+6+10+15 = 35
    (2, F(160, 216), F(21, 216), F(35, 216)),
    # three men, k = 2: b+2 in 3..8: ties 2+3+4+5+6+5 = 25; S < b+2: 1+3+6+10+15+21 = 56
    (3, F(135, 216), F(25, 216), F(56, 216)),
])
def test_cavalry_against_one_two_three_infantry(infantry: int, win: F, draw: F, loss: F) -> None:
    # seed: "the cavalryman will roll TWO dice ... two infantry ... +1 ... three ... +2"
    o = horse_against_foot(infantry)
    assert (o.win, o.draw, o.loss) == (win, draw, loss)
    assert o.win + o.draw + o.loss == 1


def test_no_fourth_infantryman_on_a_horse() -> None:
    with pytest.raises(ValueError):
        horse_against_foot(4)


def test_cavalry_against_cavalry_is_the_infantry_table() -> None:
    # seed: "CAVALRY VERSUS CAVALRY: The rules are identical for infantry v infantry"
    assert rolls_for(True, 1, True, 1) == (Roll(1), Roll(1))
    assert rolls_for(True, 2, True, 1) == (Roll(1, 1), Roll(1))
    assert fight_odds(*rolls_for(True, 1, True, 2)).loss == two_against_one().win


def test_rolls_for_horse_and_foot_either_way_round() -> None:
    assert rolls_for(True, 1, False, 3) == (Roll(2), Roll(1, 2))
    assert rolls_for(False, 2, True, 1) == (Roll(1, 1), Roll(2))


def test_totals_are_distributions() -> None:
    for r in (Roll(1), Roll(2), Roll(1, 2)):
        assert sum(totals(r).values()) == 1
