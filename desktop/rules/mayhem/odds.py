"""Exact odds for Muskets & Mayhem fire and melee, by convolution (never sampled).

Every fire die that hits is met by one save die, so each die on its own
either puts a casualty on the target or not; the casualties of a resolution
are the convolution of those per-die distributions.  The attached commander
then shifts the distribution down by one, and the figures left cap it.  From
casualties follow the morale checks due (one per multiple of four crossed)
and, through them, the chance of each morale state afterwards.

All probabilities are `fractions.Fraction`, so tests compare them exactly with
hand-computed values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from desktop.rules.mayhem.combat import checks_due, drop, melee_winner
from desktop.rules.mayhem.constants import COMMANDER_CANCELS, MORALE_LADDER, Morale

#: A distribution over 0, 1, 2, ...: entry i is the probability of i.
Dist = tuple[Fraction, ...]

ONE = Fraction(1)
ZERO = Fraction(0)


def p_success(need: int) -> Fraction:
    """The chance one d6 shows `need` or more (need 7 or more: impossible)."""
    return Fraction(max(0, min(6, 7 - need)), 6)


def convolve(a: Sequence[Fraction], b: Sequence[Fraction]) -> Dist:
    out = [ZERO] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa == 0:
            continue
        for j, pb in enumerate(b):
            out[i + j] += pa * pb
    return tuple(out)


def sum_of(per_die: Sequence[Fraction], dice: int) -> Dist:
    """The distribution of the sum of `dice` independent copies of `per_die`."""
    dist: Dist = (ONE,)
    for _ in range(dice):
        dist = convolve(dist, per_die)
    return dist


def hits_distribution(dice: int, need: int) -> Dist:
    p = p_success(need)
    return sum_of((1 - p, p), dice)


def casualties_distribution(
    dice: int,
    need: int,
    save_need: int,
    commander: bool = False,
    figures: int | None = None,
) -> Dist:
    """Casualties one resolution inflicts: hits not saved, less the commander's one.

    `figures` caps the result (a unit cannot lose more figures than it has).
    """
    p = p_success(need) * (1 - p_success(save_need))
    dist = list(sum_of((1 - p, p), dice))
    if commander:
        k = COMMANDER_CANCELS
        head = sum(dist[: k + 1], ZERO)
        dist = [head, *dist[k + 1:]]
    if figures is not None and len(dist) > figures + 1:
        tail = sum(dist[figures:], ZERO)
        dist = [*dist[:figures], tail]
    return tuple(dist)


def mean(dist: Sequence[Fraction]) -> Fraction:
    return sum((i * p for i, p in enumerate(dist)), ZERO)


def morale_after(state: Morale, checks: int, need: int) -> dict[Morale, Fraction]:
    """The morale state after `checks` checks (each passing on `need`+).

    A routed unit takes no more checks.
    """
    fail = 1 - p_success(need)
    now: dict[Morale, Fraction] = {state: ONE}
    for _ in range(checks):
        nxt: dict[Morale, Fraction] = {}
        for s, p in now.items():
            if s is Morale.ROUTED:
                nxt[s] = nxt.get(s, ZERO) + p
                continue
            nxt[s] = nxt.get(s, ZERO) + p * (1 - fail)
            d = drop(s)
            nxt[d] = nxt.get(d, ZERO) + p * fail
        now = nxt
    return {s: now[s] for s in MORALE_LADDER if s in now and now[s] != 0}


@dataclass(frozen=True)
class FireOdds:
    """What one fire resolution may do to its target."""

    hits: Dist
    casualties: Dist
    eliminated: Fraction  # every figure lost
    morale: dict[Morale, Fraction]  # state afterwards, for a unit not eliminated
    state_before: Morale

    @property
    def expected_casualties(self) -> Fraction:
        return mean(self.casualties)

    @property
    def morale_drop(self) -> Fraction:
        """The chance the target survives but ends at least one state lower."""
        return sum((p for s, p in self.morale.items() if s is not self.state_before), ZERO)

    @property
    def routed(self) -> Fraction:
        return self.morale.get(Morale.ROUTED, ZERO)


def fire_odds(
    dice: int,
    need: int,
    save_need: int,
    check_need: int,
    figures: int,
    casualties_so_far: int = 0,
    morale: Morale = Morale.NORMAL,
    commander: bool = False,
) -> FireOdds:
    """Exact odds of one resolution against a target of `figures` figures.

    `casualties_so_far` is the target's total before this resolution; each
    multiple of four crossed brings a check passing on `check_need`.
    """
    cas = casualties_distribution(dice, need, save_need, commander, figures)
    eliminated = cas[figures] if len(cas) > figures else ZERO
    states: dict[Morale, Fraction] = {}
    for c, p in enumerate(cas):
        if p == 0 or c >= figures:
            continue
        k = checks_due(casualties_so_far, casualties_so_far + c)
        for s, q in morale_after(morale, k, check_need).items():
            states[s] = states.get(s, ZERO) + p * q
    ordered = {s: states[s] for s in MORALE_LADDER if s in states}
    return FireOdds(hits_distribution(dice, need), cas, eliminated, ordered, morale)


@dataclass(frozen=True)
class MeleeOdds:
    on_a: Dist  # casualties A takes
    on_b: Dist
    a_wins: Fraction
    b_wins: Fraction

    @property
    def undecided(self) -> Fraction:
        return 1 - self.a_wins - self.b_wins


def melee_odds(
    a_dice: int, a_need: int, a_save: int, a_commander: bool, a_figures: int,
    b_dice: int, b_need: int, b_save: int, b_commander: bool, b_figures: int,
) -> MeleeOdds:
    """Exact melee odds: both sides' casualties and who wins by the margin of two."""
    on_b = casualties_distribution(a_dice, a_need, b_save, b_commander, b_figures)
    on_a = casualties_distribution(b_dice, b_need, a_save, a_commander, a_figures)
    a_wins = ZERO
    b_wins = ZERO
    for ca, pa in enumerate(on_a):
        for cb, pb in enumerate(on_b):
            w = melee_winner(ca, cb)
            if w == "a":
                a_wins += pa * pb
            elif w == "b":
                b_wins += pa * pb
    return MeleeOdds(on_a, on_b, a_wins, b_wins)


@dataclass(frozen=True)
class ChargeOdds:
    """The checks a charge makes before contact (seed 004, "Movement" and
    "Melee Sequence"): the charger's pre-charge check (failing, it halts),
    then the target's check when charged (failing, it gives way)."""

    charger_need: int
    target_need: int
    halts: Fraction
    gives_way: Fraction
    stands: Fraction


def charge_odds(charger_need: int, target_need: int) -> ChargeOdds:
    """Exact odds of a charge's two checks, each passing on its number or more
    (a natural 1 failing is already in the numbers, combat.modified_need)."""
    go = p_success(charger_need)
    stand = p_success(target_need)
    return ChargeOdds(charger_need, target_need, 1 - go, go * (1 - stand), go * stand)
