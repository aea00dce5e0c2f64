"""Muskets & Mayhem's pending losses (PlayView.pending_losses): the figures each
side is expected to lose, in the measure of `strength` ("figures in the
field"), to what the game still resolves on its own, at exact odds.

Seed 004, "Sequence": fire casualties are applied "at end of [the fire]
phase"; the morale phase conducts "all morale checks as a result of stand loss
through fire combat"; "units in contact resolve melees" in the melee phase.
"Morale": a check every 4 casualties, failing drops a state, and RULINGS.md
(M&M): "A Shaken unit that fails again routs".  "Melee Sequence": one die per
figure, both sides save, the winner inflicts two more casualties than it
takes; option A the loser retreats a full move (docs/rulings.md: routing when
it has nowhere to go), option B it is removed; "Interpenetration": a loser
retreating through friends takes one more hit.

Dice are scripted: the first two are the initiative roll (blue, red).
"""

from __future__ import annotations

import math
import statistics
import time
from fractions import Fraction

import pytest

from desktop.rules import registry
from desktop.rules.mayhem.constants import Morale
from desktop.rules.mayhem.game import MayhemGame
from desktop.rules.mayhem.odds import casualties_distribution
from desktop.rules.mayhem.pending import casualty_chances
from desktop.rules.mayhem.state import new_version
from desktop.rules.view import view_of
from desktop.scenario.vocabulary import Formation, Quality, UnitType
from tests.play.bundled import first_bundled

from .helpers import new_game, play, scenario, unit

CAV = UnitType.CAVALRY
F = Fraction

# -- the melee by hand ---------------------------------------------------------------
# b1: blue Veteran cavalry of 2 figures (Normal: hits on 4+; saves on 4+) charges
# r1: red Regular infantry in attack column, 3 figures left of 6 (3 casualties
# already), Shaken (hits on 6; saves and checks on 5+).  A column neither fires
# at the charger nor is one that cavalry doubles against, so the first round is
# 2 dice against 3.
#
# Casualties on r1: each of b1's dice hits on 1/2 and is saved on 1/3: 1/3 a die.
ON_R1 = {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}
# Casualties on b1: each of r1's dice hits on 1/6, saved on 1/2: 1/12 a die, so
# (11/12)^3 none, 3 (1/12)(11/12)^2 one, the rest two (all it has).
ON_B1 = {0: F(1331, 1728), 1: F(363, 1728), 2: F(34, 1728)}
# b1 started with 2 figures: it never crosses 4 casualties, never checks, and it
# never loses (r1 would need two more casualties than b1 with b1 still standing).
B1_LOSS = sum((c * p for c, p in ON_B1.items()), F(0))
# r1: any casualty takes it across 4 (3 before): one check, failed (routing,
# Shaken) with chance 2/3.  It loses the melee only on 2 casualties to b1's 0.
ROUT = F(2, 3)
R1_KEPT = {0: F(0), 1: 1 + ROUT * 2, 2: 2 + ROUT * 1}  # expected loss, not losing
R1_BEATEN = F(1331, 1728)  # P(b1 takes none | r1 takes two)
# Option A on open ground: it retreats 12" and checks there alike: nothing more.
R1_RETREATS = sum((p * R1_KEPT[c] for c, p in ON_R1.items()), F(0))
# Removed (option B), retreating through a friend (its last figure) or off the
# table (routs): losing costs all 3 figures.
R1_GONE = (ON_R1[1] * R1_KEPT[1]
           + ON_R1[2] * (R1_BEATEN * 3 + (1 - R1_BEATEN) * R1_KEPT[2]))


def test_the_hand_numbers() -> None:
    b1, retreats, gone = B1_LOSS, R1_RETREATS, R1_GONE
    assert b1 == F(431, 1728)
    assert retreats == F(4, 3)
    assert gone == F(4, 9) * F(7, 3) + F(1, 9) * (F(1331, 1728) * 3 + F(397, 1728) * F(8, 3))


def _melee(loser: str = "retreat", friend_behind: bool = False, edge: bool = False
           ) -> MayhemGame:
    """b1 has charged r1 (pre-charge 6, r1 stands on 5) and they are in contact;
    the movement phase goes on (spares far off)."""
    y = 8.0 if edge else 24.0  # at y=8 a 12" retreat north leaves the table
    reds = [unit("r1", 24, y, 180, quality=Quality.REGULAR, figures=6,
                 formation=Formation.COLUMN), unit("r9", 4, 44, 180)]
    if friend_behind:
        reds.append(unit("r2", 24, y - 6, 180))
    sc = scenario([unit("b1", 24, y + 10, 0, CAV, figures=2), unit("b9", 44, 44, 0)], reds)
    g = new_game(sc, [6, 1, 6, 5], melee_loser=loser)
    r1 = g.unit("r1")
    r1.figures, r1.morale = 3, Morale.SHAKEN
    g.state.version = new_version()
    play(g, "first", "charge b1 r1")
    assert g.unit("b1").engaged == "r1" and g.phase == "movement"
    return g


def test_nothing_is_pending_at_the_start() -> None:
    """Before any fire or charge nothing waits for a phase's end."""
    game = registry.get("mayhem").new_game(first_bundled("mayhem"), seed=1)
    assert view_of(game).pending_losses() == {}
    g = new_game(scenario([unit("b1", 24, 30, 0)], [unit("r1", 24, 24, 180)]), [6, 1])
    assert view_of(g).pending_losses() == {}
    play(g, "first", "hold b1", "hold r1")  # stationary fire, nobody has fired yet
    assert g.phase == "stationary"
    assert view_of(g).pending_losses() == {}


def test_a_melee_in_contact_is_pending_at_its_exact_expectation() -> None:
    """Option A on open ground: r1 loses 4/3 figures, b1 431/1728."""
    got = view_of(_melee()).pending_losses()
    assert got == {"red": pytest.approx(float(R1_RETREATS), abs=1e-12),
                   "blue": pytest.approx(float(B1_LOSS), abs=1e-12)}


@pytest.mark.parametrize("case", ["removed", "through a friend", "off the table"])
def test_losing_the_melee_costs_the_loser_all_it_has(case: str) -> None:
    """Option B removes the loser; under option A a loser with one figure left
    dies passing through a friend ("Interpenetration"), and one with no room
    before the table's edge routs."""
    g = _melee(loser="removed" if case == "removed" else "retreat",
               friend_behind=case == "through a friend", edge=case == "off the table")
    got = view_of(g).pending_losses()
    assert got["red"] == pytest.approx(float(R1_GONE), abs=1e-12)
    assert got["blue"] == pytest.approx(float(B1_LOSS), abs=1e-12)


# -- fire, morale and a melee together ------------------------------------------------------


def _battle() -> MayhemGame:
    """The melee above, and in the stationary fire phase that follows:
    b2 has fired at r2 (6 figures, Veteran, Shaken): 4 hits, none saved;
    r2 held; b3 has fired at r3 (4 figures): 4 hits, none saved.  Red is to act.
    Spares far off (b9, r9) keep either side from losing its last unit (an
    immediate victory would end the game before the melee).
    By hand: r2 loses 4 at the phase's end, crosses 4 casualties, checks on 4+
    and routs on a failure (1/2): 4 + 2/2 = 5.  r3 is wiped out: 4."""
    sc = scenario(
        [unit("b1", 24, 34, 0, CAV, figures=2), unit("b2", 8, 30, 0), unit("b3", 40, 30, 0),
         unit("b9", 44, 4, 0)],
        [unit("r1", 24, 24, 180, quality=Quality.REGULAR, figures=6,
              formation=Formation.COLUMN),
         unit("r2", 8, 24, 180, figures=6), unit("r3", 40, 24, 180, figures=4),
         unit("r9", 4, 44, 180)])
    dice = [6, 1, 6, 5] + [6] * 4 + [1] * 4 + [1] * 4 + [6] * 4 + [1] * 4 + [1] * 4
    g = new_game(sc, dice)
    r1 = g.unit("r1")
    r1.figures, r1.morale = 3, Morale.SHAKEN
    g.unit("r2").morale = Morale.SHAKEN
    g.state.version = new_version()
    play(g, "first", "charge b1 r1", "end", "end")
    assert g.phase == "stationary" and g.side == "blue"
    play(g, "fire b2 r2", "hold r2", "fire b3 r3")
    assert g.side == "red"
    assert (g.unit("r2").pending, g.unit("r3").pending) == (4, 4)
    return g


R2 = {4: F(1, 2), 6: F(1, 2)}  # r2's loss: 4, or all 6 if its check fails
R1 = {0: ON_R1[0], 1: ON_R1[1] * (1 - ROUT), 3: (ON_R1[1] + ON_R1[2]) * ROUT,
      2: ON_R1[2] * (1 - ROUT)}  # r1's loss in the melee, option A in the open


def _mean(d: dict[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in d.items()), F(0))


def _variance(d: dict[int, Fraction]) -> Fraction:
    m = _mean(d)
    return sum(((v - m) ** 2 * p for v, p in d.items()), F(0))


def test_fire_casualties_checks_and_melee_add_up() -> None:
    assert sum(R1.values()) == 1 and _mean(R1) == R1_RETREATS
    got = view_of(_battle()).pending_losses()
    assert got["red"] == pytest.approx(float(_mean(R2) + 4 + R1_RETREATS), abs=1e-12)
    assert got["blue"] == pytest.approx(float(B1_LOSS), abs=1e-12)


def test_the_fire_on_a_unit_gives_its_chance_of_leaving_the_table() -> None:
    """pending_removals: r3's four casualties are all its figures (wiped out,
    certain); r2, Shaken, routs if its one check on 4+ fails (seed 004
    "Morale"; RULINGS.md M&M: a Shaken unit that fails routs): 1/2.  The melee's
    units are left to pending_losses."""
    got = view_of(_battle()).pending_removals()
    assert got == {"r3": 1.0, "r2": pytest.approx(0.5)}
    assert view_of(new_game(scenario([unit("b1", 24, 34, 0)], [unit("r1", 24, 4, 180)]),
                            [])).pending_removals() == {}


def _resolve(g: MayhemGame) -> None:
    """End every phase with no new fire or charge until the next turn's
    initiative choice (the melee phase fights the one melee on its own)."""
    for _ in range(12):
        if g.outcome is not None or (g.phase == "initiative" and g.turn == 2):
            return
        g.apply_text("end")
    raise AssertionError(f"still in {g.phase} of turn {g.turn}")


def test_the_mean_change_of_strength_matches() -> None:
    """Played on 400 times from `_battle` with fresh dice (every phase ended
    with no new fire), the mean fall of each side's strength is what
    pending_losses said.

    The tolerance is 4 standard errors of the mean from the exact variances
    of the independent parts (red: r2 1, r3 0, r1's melee 50/27; blue: b1's
    casualties 0.227): red 4 x sqrt(2.85 / 400) = 0.34 figures, blue 0.095.
    A wrong answer cannot pass by accident: leaving out the routs (red 8.67),
    the melee (red 9, blue 0), the fire phase's checks (red 9.33) or the
    wiped-out unit (red 6.33) all lie at least 1 figure off for red, and
    blue's 0.25 is 2.6 tolerances from 0."""
    g = _battle()
    view = view_of(g)
    _, start = view.strength()
    predicted = view.pending_losses()
    n = 400
    b1_var = _variance({c: p for c, p in ON_B1.items()})
    red_var = _variance(R2) + _variance(R1)
    assert red_var == 1 + F(50, 27)
    tol_red = 4 * math.sqrt(red_var / n)
    tol_blue = 4 * math.sqrt(b1_var / n)
    assert tol_red < 0.35 and tol_blue < 0.1
    red: list[float] = []
    blue: list[float] = []
    t0 = time.perf_counter()
    for k in range(n):
        c = g.clone(seed=k)
        _resolve(c)
        assert c.outcome is None
        if c.unit("r1").engaged == "b1":  # neither won: fought again next turn
            assert view_of(c).pending_losses().keys() == {"red", "blue"}
        _, after = view_of(c).strength()
        red.append(start["red"] - after["red"])
        blue.append(start["blue"] - after["blue"])
    assert time.perf_counter() - t0 < 5.0
    assert statistics.fmean(red) == pytest.approx(predicted["red"], abs=tol_red)
    assert statistics.fmean(blue) == pytest.approx(predicted["blue"], abs=tol_blue)
    assert len(set(red)) > 3  # the dice were fresh: the outcomes varied


def test_casualty_chances_are_the_odds_modules() -> None:
    """The binomial the pending losses use is odds.casualties_distribution."""
    for dice, need, save, cmd, figures in [(8, 4, 4, False, 16), (16, 5, 3, True, 8),
                                           (3, 6, 5, False, 2), (32, 4, 6, True, 16),
                                           (4, 7, 4, False, 4), (0, 4, 4, True, 3)]:
        exact = casualties_distribution(dice, need, save, cmd, figures)
        got = casualty_chances(dice, need, save, cmd, figures)
        assert got == pytest.approx([float(p) for p in exact], abs=1e-15)


def test_fast_enough_for_a_search() -> None:
    """Asked once per position weighed: well under a millisecond a call on a
    position with a melee and fire pending (remembered per set of numbers and
    per arrangement of the units near a retreat)."""
    g = _battle()
    view_of(g).pending_losses()
    copies = [g.clone() for _ in range(200)]
    t0 = time.perf_counter()
    for c in copies:
        view_of(c).pending_losses()
    per_call = (time.perf_counter() - t0) / len(copies)
    assert per_call < 1e-3
