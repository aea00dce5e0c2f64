"""D3's pending losses (PlayView.pending_losses): what the hand-to-hand phase
will take off each side's strength ("hits still to take") from the charges
already made, at exact odds.

Seed 002 "Charging": "Combat is resolved during the Hand-to-Hand combat
phase"; "Hand to Hand Combat": D3+1 hits, -1 on a hilltop, -1 against cavalry,
doubled on the flank or rear; "Elimination": removal at 9 hits.  RULINGS.md
"D3" and docs/rulings.md "Charges and hand to hand" (never below 0, doubled
after the modifiers, judged from the defender's centre).  Shots mark their hits
at once ("Shooting": "the number of hits the target acquires"), so nothing else
waits for the phase's end; removal takes off a unit that `strength` already
counts as nothing.
"""

from __future__ import annotations

import math
import statistics
import time
from fractions import Fraction

import pytest

from desktop.rules import registry
from desktop.rules.d3.actions import Charge, Shoot
from desktop.rules.d3.game import D3Game
from desktop.rules.view import view_of
from desktop.scenario.vocabulary import TerrainType as T
from tests.play.bundled import first_bundled
from tests.rules.d3.helpers import CAV, INF, far_red, general, new_game, rect, scenario, unit

# D3 faces 1, 2, 3 with chance 1/3 each.
THIRD = Fraction(1, 3)


def _capped_mean(hits: list[int], left: int) -> Fraction:
    return sum((THIRD * min(h, left) for h in hits), Fraction(0))


def _charged() -> D3Game:
    """Three blue cavalry charge three red units in the movement phase:
    r1 (line infantry, 7 hits, charged in front), r2 (line infantry, fresh,
    charged in the rear), r3 (cavalry on a hill, 4 hits, charged in front)."""
    sc = scenario(
        [unit("c1", CAV, 12, 40), unit("c2", CAV, 36, 40), unit("c3", CAV, 60, 40)],
        [unit("r1", INF, 12, 30, 180), unit("r2", INF, 36, 30, 0),
         unit("r3", CAV, 60, 30, 180), *far_red()],
        terrain=[rect("h", T.HILL, 60, 30, 10, 6)])
    g = new_game(sc, dice=[6, 6, 6])  # three activations passed
    g.pieces["r1"].hits = 7
    g.pieces["r3"].hits = 4
    for c, r in (("c1", "r1"), ("c2", "r2"), ("c3", "r3")):
        g.apply(Charge(c, r, 0))
    assert [(a, d) for a, d in g.charges] == [("c1", "r1"), ("c2", "r2"), ("c3", "r3")]
    return g


#: By hand from the rules:
#: r1: D3+1 = 2, 3, 4 hits, but only 9 - 7 = 2 left to take: 2 always.
#: r2: (D3+1) x 2 (rear) = 4, 6, 8, all under its 9: mean 6.
#: r3: D3+1-1 (hill)-1 (cavalry) = 0, 1, 2, under its 5 left: mean 1.
HAND = (_capped_mean([2, 3, 4], 2) + _capped_mean([4, 6, 8], 9)
        + _capped_mean([0, 1, 2], 5))


def test_nothing_is_pending_at_the_start_of_the_game() -> None:
    """Before any charge there is nothing for the hand-to-hand phase to roll."""
    game = registry.get("d3").new_game(first_bundled("d3"), seed=1)
    assert view_of(game).pending_losses() == {}


def test_shots_are_not_pending_they_count_at_once() -> None:
    """Seed "Shooting": a shot's hits are acquired when it is made, so strength
    already shows them and nothing waits for the phase's end."""
    sc = scenario([unit("b1", INF, 36, 40)], [unit("r1", INF, 36, 32, 180), *far_red()])
    g = new_game(sc, dice=[6, 6, 6])  # move phase skipped; activation 6, D3 3
    g.apply_text("end")
    before = view_of(g).strength()[1]["red"]
    g.apply(Shoot("b1", "r1"))
    view = view_of(g)
    assert view.strength()[1]["red"] == before - 3
    assert view.pending_losses() == {}


def test_charges_made_are_pending_at_the_exact_capped_mean_of_their_hits() -> None:
    g = _charged()
    assert HAND == 9  # 2 + 6 + 1
    got = view_of(g).pending_losses()
    assert got.keys() == {"red"}  # charges are one-sided: blue loses nothing
    assert got["red"] == pytest.approx(float(HAND), abs=1e-12)
    # still pending in the shooting phase; a shot on r2 caps its charge at what is left
    g.apply_text("end")
    g.pieces["r2"].hits = 4  # 5 left: 4, 5, 5 -> 14/3
    expect = 2 + _capped_mean([4, 6, 8], 5) + 1
    assert view_of(g).pending_losses()["red"] == pytest.approx(float(expect), abs=1e-12)
    # once the hand-to-hand phase has been rolled nothing waits
    g.apply_text("end")
    assert g.phase == "movement" and g.side == "red"
    assert view_of(g).pending_losses() == {}


def test_a_charge_waiting_for_a_generals_reroll_is_a_choice_not_pending() -> None:
    """RULINGS D3: a failed activation may be re-rolled by a general within 12":
    until someone chooses, no charge is on the table."""
    sc = scenario([unit("c1", CAV, 36, 40)], [unit("r1", INF, 36, 30, 180), *far_red()],
                  blue_officers=[general("bg", 36, 46)])
    g = new_game(sc, dice=[1, 6, 2])
    g.pieces["c1"].hits = 4  # 2 x 1 is not more than 4: it fails
    g.apply(Charge("c1", "r1", 0))
    assert g.pending is not None
    assert view_of(g).pending_losses() == {}
    g.apply_text("reroll bg")  # 2 x 6 > 4: the charge goes in
    assert g.charges == [("c1", "r1")]
    assert view_of(g).pending_losses() == {"red": pytest.approx(3.0)}  # D3+1: 2, 3, 4


def test_the_mean_change_of_strength_over_the_hand_to_hand_phase_matches() -> None:
    """Played on 400 times from the charged position with fresh dice (ending
    movement and shooting with no shot), the mean fall of red's strength is
    what pending_losses said, and blue's does not change.

    The tolerance is 4 standard errors of the mean, from the exact variance of
    the three capped charges (0 + 8/3 + 2/3 = 10/3): 4 x sqrt(10/3 / 400)
    = 0.37 hits.  A wrong answer cannot pass by accident: not capping r1
    (9.0 -> 10.0), not doubling for the rear (-> 6.0), dropping the hill or
    the cavalry modifier (-> 10.0) or counting nothing (0) all lie more than
    0.6 away."""
    g = _charged()
    view = view_of(g)
    _, start = view.strength()
    predicted = view.pending_losses()
    n = 400
    variance = 0.0 + float(_capped_mean([16, 36, 64], 81) - 36) + float(
        _capped_mean([0, 1, 4], 25) - 1)
    assert variance == pytest.approx(10 / 3)
    tolerance = 4 * math.sqrt(variance / n)
    assert tolerance < 0.4
    falls: list[float] = []
    blue: list[float] = []
    t0 = time.perf_counter()
    for k in range(n):
        c = g.clone(seed=k)
        c.apply_text("end")  # movement -> shooting
        c.apply_text("end")  # hand to hand and elimination, then red moves
        assert c.phase == "movement" and c.side == "red"
        _, after = view_of(c).strength()
        falls.append(start["red"] - after["red"])
        blue.append(start["blue"] - after["blue"])
    assert time.perf_counter() - t0 < 5.0
    assert statistics.fmean(blue) == 0.0
    assert statistics.fmean(falls) == pytest.approx(predicted["red"], abs=tolerance)
    # the dice were fresh: the outcomes varied
    assert len(set(falls)) > 3
