"""Exact odds, compared with distributions worked out by hand (docs/architecture.md,
"Dice, odds and records"; issue 3 item 7)."""

from __future__ import annotations

from fractions import Fraction as F

from desktop.rules.mayhem.constants import Morale
from desktop.rules.mayhem.odds import (
    casualties_distribution,
    fire_odds,
    hits_distribution,
    mean,
    melee_odds,
    morale_after,
    p_success,
)


def test_single_die_chances() -> None:
    assert [p_success(n) for n in (2, 3, 4, 5, 6, 7)] == [
        F(5, 6), F(2, 3), F(1, 2), F(1, 3), F(1, 6), F(0)
    ]


def test_two_dice_at_four_against_veterans_by_hand() -> None:
    # Each die: hit 1/2, then unsaved 1/2 -> a casualty with 1/4.
    # 0: (3/4)^2 = 9/16; 1: 2 * 1/4 * 3/4 = 6/16; 2: 1/16.
    assert casualties_distribution(2, 4, 4) == (F(9, 16), F(6, 16), F(1, 16))


def test_commander_folds_one_casualty_into_none() -> None:
    # Seed: an attached commander removes a single hit.
    assert casualties_distribution(2, 4, 4, commander=True) == (F(15, 16), F(1, 16))


def test_figures_cap_the_casualties() -> None:
    # 3 dice at 4+ vs conscripts (6 saves): a casualty with 1/2 * 5/6 = 5/12.
    p = F(5, 12)
    full = casualties_distribution(3, 4, 6)
    assert full == ((1 - p) ** 3, 3 * p * (1 - p) ** 2, 3 * p**2 * (1 - p), p**3)
    capped = casualties_distribution(3, 4, 6, figures=1)
    assert capped == ((1 - p) ** 3, 1 - (1 - p) ** 3)


def test_seed_example_odds_eight_dice_at_four_hits() -> None:
    # Seed 004 worked example setting: 8 dice needing 4+; exactly 4 hits has
    # probability C(8,4)/2^8 = 70/256.
    d = hits_distribution(8, 4)
    assert d[4] == F(70, 256)
    assert sum(d) == 1
    # Against Veterans each die is a casualty with 1/4: mean 2 casualties.
    assert mean(casualties_distribution(8, 4, 4)) == 2


def test_morale_after_by_hand() -> None:
    # Two Regular checks (5+, fail 2/3) from Normal.
    m = morale_after(Morale.NORMAL, 2, 5)
    assert m == {
        Morale.NORMAL: F(1, 9),
        Morale.DISORGANISED: F(4, 9),
        Morale.SHAKEN: F(4, 9),
    }
    # A Shaken Veteran failing once routs: 1/2.
    assert morale_after(Morale.SHAKEN, 3, 4) == {Morale.SHAKEN: F(1, 8), Morale.ROUTED: F(7, 8)}


def test_fire_odds_morale_drop_by_hand() -> None:
    # Target Veteran with 3 casualties already: any casualty brings one check
    # (4+, fails 1/2); two or more casualties never reach 8.
    # 2 dice at 4+ vs 4+ saves: P(>=1 casualty) = 7/16; P(drop) = 7/32.
    o = fire_odds(dice=2, need=4, save_need=4, check_need=4, figures=13, casualties_so_far=3)
    assert o.morale_drop == F(7, 32)
    assert o.morale == {Morale.NORMAL: F(25, 32), Morale.DISORGANISED: F(7, 32)}
    assert o.eliminated == 0


def test_fire_odds_elimination_by_hand() -> None:
    # One gunner left; 2 dice at 4+ vs Regulars (5+): casualty chance per die
    # 1/2 * 2/3 = 1/3; elimination = 1 - (2/3)^2 = 5/9.
    o = fire_odds(dice=2, need=4, save_need=5, check_need=5, figures=1, casualties_so_far=3)
    assert o.eliminated == F(5, 9)
    assert o.morale == {Morale.NORMAL: F(4, 9)}
    assert sum(o.morale.values()) + o.eliminated == 1


def test_melee_odds_by_hand() -> None:
    # A: 2 dice at 4+ vs B saving 4+: casualties on B (9/16, 6/16, 1/16).
    # B: 1 die at 4+ vs A saving 4+: casualties on A (3/4, 1/4).
    # A wins only with 2 on B and 0 on A: 1/16 * 3/4 = 3/64; B never wins.
    o = melee_odds(2, 4, 4, False, 10, 1, 4, 4, False, 10)
    assert o.on_b == (F(9, 16), F(6, 16), F(1, 16))
    assert o.on_a == (F(3, 4), F(1, 4))
    assert o.a_wins == F(3, 64)
    assert o.b_wins == 0
    assert o.undecided == F(61, 64)


def test_one_die_each_never_decides_a_melee() -> None:
    # The margin of two cannot be reached with one die a side.
    o = melee_odds(1, 4, 4, False, 1, 1, 4, 4, False, 1)
    assert o.a_wins == 0 and o.b_wins == 0
