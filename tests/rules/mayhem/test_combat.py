"""The pure mechanics of Muskets & Mayhem, each test citing the seed (004) or
RULINGS.md ("Muskets & Mayhem") or docs/rulings.md for our own rulings."""

from __future__ import annotations

import pytest

from desktop.rules.mayhem import combat
from desktop.rules.mayhem.combat import (
    MeleeSide,
    check_number,
    checks_due,
    fire_dice,
    hit_number,
    melee_winner,
    morale_checks,
    resolve_fire,
    resolve_melee,
    save_number,
    scripted,
)
from desktop.rules.mayhem.constants import Morale
from desktop.scenario.vocabulary import Formation, Quality, UnitType


def test_seed_worked_example_eight_dice_against_veterans_leaves_two_casualties() -> None:
    """Seed 004, "Shooting": 8 dice 1,1,2,3,4,4,5,6 at Normal morale score 4
    hits; the Veteran target saves with 2,3,4,5 and takes 2 casualties."""
    roll = scripted([1, 1, 2, 3, 4, 4, 5, 6, 2, 3, 4, 5])
    dice = fire_dice(UnitType.LINE_INFANTRY, 16)
    assert dice == 8
    r = resolve_fire(roll, dice, hit_number(Morale.NORMAL), save_number(Quality.VETERAN, False))
    assert r.hits == 4
    assert r.saves == (2, 3, 4, 5)
    assert r.saved == 2
    assert r.casualties == 2


@pytest.mark.parametrize(
    ("unit_type", "figures", "dice"),
    [
        (UnitType.LINE_INFANTRY, 16, 8),  # seed: a full battalion gets 8D6
        (UnitType.LINE_INFANTRY, 15, 7),  # RULINGS: rounded down
        (UnitType.LINE_INFANTRY, 1, 0),  # RULINGS: a lone figure throws none
        (UnitType.CAVALRY, 10, 5),
        (UnitType.CAVALRY, 9, 4),
        (UnitType.LIGHT_INFANTRY, 8, 4),  # seed: one die per base of two
        (UnitType.LIGHT_INFANTRY, 7, 4),  # ruling: a part base still fires
        (UnitType.FOOT_ARTILLERY, 4, 4),  # seed: 4 gunners = 4 fire dice
        (UnitType.HORSE_ARTILLERY, 3, 3),
        (UnitType.LINE_INFANTRY, 0, 0),
    ],
)
def test_fire_dice_per_rulings(unit_type: UnitType, figures: int, dice: int) -> None:
    assert fire_dice(unit_type, figures) == dice


def test_hit_numbers_by_morale_state() -> None:
    """Seed 004, "To Hit Numbers": Normal 4+, Disorganised 5+, Shaken 6."""
    assert hit_number(Morale.NORMAL) == 4
    assert hit_number(Morale.DISORGANISED) == 5
    assert hit_number(Morale.SHAKEN) == 6


def test_long_range_house_rule_hits_one_worse_never_beyond_six() -> None:
    """House rule LONG_RANGE_HIT_PENALTY (option long_range_penalty, off by default)."""
    assert hit_number(Morale.NORMAL, long_range=True) == 5
    assert hit_number(Morale.SHAKEN, long_range=True) == 6


def test_saves_by_troop_quality() -> None:
    """Seed 004, "Troop Quality": Elite 3+, Veteran 4+, Regular 5+, Second Rate 6."""
    assert [save_number(q, False) for q in Quality] == [3, 4, 5, 6]


def test_prepared_defences_add_one_to_saves_and_checks_two_when_charged() -> None:
    """Seed 004, "Prepared Defenses"; ruling: +2 replaces +1, and a natural 1 fails."""
    assert [save_number(q, True) for q in Quality] == [2, 3, 4, 5]
    assert [check_number(q, True) for q in Quality] == [2, 3, 4, 5]
    assert [check_number(q, True, charged=True) for q in Quality] == [2, 2, 3, 4]
    assert [check_number(q, False, charged=True) for q in Quality] == [3, 4, 5, 6]


def test_attached_commander_cancels_one_unsaved_hit() -> None:
    """Seed 004, "Attached Commanders": he can remove a single hit."""
    roll = scripted([1, 1, 2, 3, 4, 4, 5, 6, 2, 3, 4, 5])
    r = resolve_fire(roll, 8, 4, 4, commander=True)
    assert r.cancelled == 1
    assert r.casualties == 1


def test_commander_cancels_nothing_when_everything_is_saved() -> None:
    r = resolve_fire(scripted([6, 6, 6, 6]), 2, 4, 4, commander=True)
    assert (r.hits, r.saved, r.cancelled, r.casualties) == (2, 2, 0, 0)


def test_no_save_dice_are_rolled_without_hits() -> None:
    r = resolve_fire(scripted([1, 2, 3]), 3, 4, 4)
    assert r.saves == ()
    assert r.casualties == 0


def test_check_due_each_time_casualties_cross_a_multiple_of_four() -> None:
    """RULINGS: a check each time total casualties cross a multiple of 4."""
    assert checks_due(0, 3) == 0
    assert checks_due(3, 4) == 1
    assert checks_due(4, 7) == 0
    assert checks_due(3, 9) == 2
    assert checks_due(0, 16) == 4


def test_failed_checks_walk_down_normal_disorganised_shaken_rout() -> None:
    """Seed 004, "Morale": failing drops one level; RULINGS: Shaken failing routs."""
    r = morale_checks(scripted([3, 1, 2]), 3, 4, Morale.NORMAL)
    assert r.after is Morale.ROUTED
    assert r.failures == 3
    r = morale_checks(scripted([4]), 1, 4, Morale.SHAKEN)
    assert r.after is Morale.SHAKEN


def test_a_routed_unit_rolls_no_more_checks() -> None:
    r = morale_checks(scripted([1]), 3, 5, Morale.SHAKEN)
    assert r.rolls == (1,)
    assert r.after is Morale.ROUTED


def test_melee_winner_needs_two_more_casualties() -> None:
    """Seed 004, "Melee": Prussians score 4, Austrians 2 -> Prussians win."""
    # A = Prussians inflict 4 on B; B = Austrians inflict 2 on A.
    assert melee_winner(casualties_on_a=2, casualties_on_b=4) == "a"
    assert melee_winner(casualties_on_a=3, casualties_on_b=4) is None
    assert melee_winner(casualties_on_a=5, casualties_on_b=3) == "b"
    assert melee_winner(0, 0) is None


def test_melee_rolls_one_die_per_figure_and_both_save() -> None:
    """Seed 004, "Melee Sequence" 5: a die per figure; both sides save."""
    assert combat.melee_dice(6, doubled=False) == 6
    # A: 3 dice at 4+ vs B saving 5+; B: 2 dice at 5+ vs A saving 4+.
    roll = scripted([4, 5, 6, 1, 5, 6, 1, 5, 3])
    r = resolve_melee(
        roll,
        MeleeSide(3, 4, 4, commander=False),
        MeleeSide(2, 5, 5, commander=False),
    )
    assert r.a_strikes.rolls == (4, 5, 6)
    assert r.a_strikes.saves == (1, 5, 6)
    assert r.casualties_on_b == 1
    assert r.b_strikes.rolls == (1, 5)
    assert r.b_strikes.saves == (3,)
    assert r.casualties_on_a == 1
    assert r.winner is None


def test_cavalry_charging_infantry_in_line_doubles() -> None:
    """Seed 004, "Combat Dice Additions"; ruling: skirmish order counts as line."""
    f = combat.cavalry_doubles
    assert f(UnitType.CAVALRY, True, UnitType.LINE_INFANTRY, Formation.LINE)
    assert f(UnitType.CAVALRY, True, UnitType.LIGHT_INFANTRY, Formation.SKIRMISH)
    assert not f(UnitType.CAVALRY, True, UnitType.LINE_INFANTRY, Formation.SQUARE)
    assert not f(UnitType.CAVALRY, True, UnitType.LINE_INFANTRY, Formation.COLUMN)
    assert not f(UnitType.CAVALRY, False, UnitType.LINE_INFANTRY, Formation.LINE)
    assert not f(UnitType.CAVALRY, True, UnitType.CAVALRY, Formation.LINE)
    assert combat.melee_dice(8, doubled=True) == 16


def test_artillery_that_passed_its_check_doubles_against_foot_and_horse() -> None:
    """Seed 004: artillery charged by infantry or cavalry doubles if it passed."""
    f = combat.artillery_doubles
    assert f(UnitType.FOOT_ARTILLERY, True, UnitType.LINE_INFANTRY)
    assert f(UnitType.HORSE_ARTILLERY, True, UnitType.CAVALRY)
    assert not f(UnitType.FOOT_ARTILLERY, False, UnitType.CAVALRY)
    assert not f(UnitType.LINE_INFANTRY, True, UnitType.CAVALRY)


def test_scripted_dice_say_what_ran_out() -> None:
    with pytest.raises(LookupError, match="save"):
        resolve_fire(scripted([6]), 1, 4, 4)
