"""Tactical Dice as pure functions: reading a throw, the Flag table, the charge
tables, and exact odds by convolution (never sampled).

A throw is a list of d6 results; :data:`~desktop.rules.tactical.constants.FACE_OF`
says what each shows.  Which face *hits* depends on the context: Targets for
volleys and canister, Fire for artillery at effective range, skirmish fire
and shots at troops behind a fence or wall, Sabres in close combat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from desktop.rules.tactical.constants import FACE_OF, HALTING_FLAGS, Face


@dataclass(frozen=True)
class Throw:
    """What a throw of Tactical Dice shows, read in one context."""

    dice: tuple[int, ...]
    hit_face: Face

    @property
    def hits(self) -> int:
        return sum(1 for d in self.dice if FACE_OF[d] is self.hit_face)

    @property
    def flags(self) -> int:
        return sum(1 for d in self.dice if FACE_OF[d] is Face.FLAG)

    @property
    def sabres(self) -> int:
        return sum(1 for d in self.dice if FACE_OF[d] is Face.SABRE)

    @property
    def officers(self) -> int:
        return sum(1 for d in self.dice if FACE_OF[d] is Face.OFFICER)

    def officer_casualty_due(self) -> bool:
        """At least one hit and another die showing an Officer (RULINGS)."""
        return self.hits >= 1 and self.officers >= 1

    def faces(self) -> list[str]:
        return [FACE_OF[d].name.lower() for d in self.dice]


class FlagEffect(Enum):
    """What Flags do to a unit of troop quality Q (RULINGS, "Flags in one resolution")."""

    NONE = "none"
    FEWER = "one die fewer"
    HALT = "halts"
    RETIRE = "retires"
    ROUT = "routs"


def flag_effect(flags: int, quality: int) -> FlagEffect:
    """1 Flag: one die fewer; 2..Q-1: halt; exactly Q: halt and retire; more: rout."""
    if flags <= 0:
        return FlagEffect.NONE
    if flags > quality:
        return FlagEffect.ROUT
    if flags == quality:
        return FlagEffect.RETIRE
    if flags == 1:
        return FlagEffect.FEWER
    return FlagEffect.HALT


def halts_attackers(flags: int) -> bool:
    """Defensive fire halts attackers when it inflicts two or more Flags (RULINGS)."""
    return flags >= HALTING_FLAGS


class CavalryCase(Enum):
    """Cavalry charging infantry or artillery, checked in the RULINGS order."""

    BROKEN = "fails to form square and routs"
    SQUARE_IN_TIME = "forms square in good time"
    SQUARE_LATE = "forms square late"


def cavalry_v_formed(sabres: int, flags: int, defender_quality: int,
                     in_square: bool = False) -> CavalryCase:
    """Sabres + Flags >= defender's Q: broken; else no Flags: in time; else late.

    Against infantry already in square only Flags count towards breaking it,
    and a square that holds counts as formed in good time (seed).
    """
    if in_square:
        return CavalryCase.BROKEN if flags >= defender_quality else CavalryCase.SQUARE_IN_TIME
    if sabres + flags >= defender_quality:
        return CavalryCase.BROKEN
    if flags == 0:
        return CavalryCase.SQUARE_IN_TIME
    return CavalryCase.SQUARE_LATE


class BayonetCase(Enum):
    """Defenders against a bayonet charge, checked in the RULINGS order."""

    FLEE = "flee without firing"
    STAND = "stand and fire with all dice"
    STAND_FEWER = "stand and fire one die fewer"
    FIRE_THEN_RETIRE = "fire one die fewer, then retire unless the attackers halt"


def bayonet_case(sabres: int, flags: int, defender_quality: int) -> BayonetCase:
    if sabres + flags >= defender_quality:
        return BayonetCase.FLEE
    if flags == 0:
        return BayonetCase.STAND
    if flags == 1:
        return BayonetCase.STAND_FEWER
    return BayonetCase.FIRE_THEN_RETIRE


class MeleeCase(Enum):
    """Cavalry against cavalry: how the charged unit answers."""

    COUNTER = "counter-charges with all dice"
    DISADVANTAGE = "fights one die fewer"
    BROKEN = "retires or routs at once"


def cavalry_v_cavalry(flags: int, defender_quality: int) -> MeleeCase:
    if flags >= defender_quality:
        return MeleeCase.BROKEN
    if flags == 0:
        return MeleeCase.COUNTER
    return MeleeCase.DISADVANTAGE


# --- exact odds -----------------------------------------------------------------------

SIXTH = Fraction(1, 6)
ZERO = Fraction(0)

#: (hits, flags, sabres, officer shown) -> probability.
Outcomes = dict[tuple[int, int, int, bool], Fraction]


def throw_distribution(dice: int, hit_face: Face) -> Outcomes:
    """The exact joint distribution of hits, Flags, Sabres and "an Officer shows"."""
    dist: Outcomes = {(0, 0, 0, False): Fraction(1)}
    for _ in range(max(0, dice)):
        nxt: Outcomes = {}
        for (h, f, s, o), p in dist.items():
            for d in range(1, 7):
                face = FACE_OF[d]
                key = (h + (face is hit_face), f + (face is Face.FLAG),
                       s + (face is Face.SABRE), o or face is Face.OFFICER)
                nxt[key] = nxt.get(key, ZERO) + p * SIXTH
        dist = nxt
    return dist


def marginal(dist: Mapping[tuple[int, int, int, bool], Fraction],
             index: int) -> dict[int, Fraction]:
    """The distribution of one count (0 hits, 1 Flags, 2 Sabres)."""
    out: dict[int, Fraction] = {}
    for key, p in dist.items():
        k = int(key[index])
        out[k] = out.get(k, ZERO) + p
    return dict(sorted(out.items()))


def prob(dist: Mapping[tuple[int, int, int, bool], Fraction],
         pred: object) -> Fraction:
    """Total probability of the outcomes for which `pred(hits, flags, sabres, officer)` holds."""
    assert callable(pred)
    return sum((p for k, p in dist.items() if pred(*k)), ZERO)


def as_list(d: Mapping[int, Fraction]) -> list[Fraction]:
    """A distribution over 0..max as a list (missing counts are 0)."""
    if not d:
        return [Fraction(1)]
    return [d.get(i, ZERO) for i in range(max(d) + 1)]


def total(ps: Iterable[Fraction]) -> Fraction:
    return sum(ps, ZERO)
