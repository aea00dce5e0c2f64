"""Exact odds of a Tactical Dice fire or charge, as fractions (seed 001; RULINGS).

The distributions come from :func:`~desktop.rules.tactical.dice.throw_distribution`
by convolution over the dice, so every chance here is an exact `Fraction`; the
game's plain-data ``odds()`` and the play view's charts are both read from these.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from desktop.rules.engine import JSON
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.constants import Face

ZERO = Fraction(0)

#: What a charge is made against: its table (seed 001, "Close combat").
AGAINST = ("bayonet", "formed", "square", "cavalry")


@dataclass(frozen=True)
class FireOdds:
    """One fire resolution: hits and Flags, what the Flags do, and what follows."""

    dice: int
    hit_face: Face
    #: Entry i is the chance of i hits (of i Flags).
    hits: tuple[Fraction, ...]
    flags: tuple[Fraction, ...]
    #: The Flag table's verdict (after a General's cancelled Flag).
    effects: dict[D.FlagEffect, Fraction]
    #: The target brought to 0 CV by the hits.
    spent: Fraction
    #: The target routed (by the Flags, or hit again at 0 CV).
    rout: Fraction
    #: A hit and an Officer on another die: the officers with it roll.
    officer_risk: Fraction

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": "fire", "dice": self.dice, "hit_face": self.hit_face.name.lower(),
            "hits": [float(p) for p in self.hits], "flags": [float(p) for p in self.flags],
            "effects": {e.name.lower(): float(p) for e, p in self.effects.items()},
            "spent": float(self.spent), "rout": float(self.rout),
            "officer_risk": float(self.officer_risk),
        }


@dataclass(frozen=True)
class ChargeOdds:
    """A charge's throw: its Sabres and Flags and which case of the table follows."""

    against: str
    dice: int
    sabres: tuple[Fraction, ...]
    flags: tuple[Fraction, ...]
    #: Each case of the charge table (a BayonetCase, CavalryCase or MeleeCase).
    cases: dict[D.BayonetCase | D.CavalryCase | D.MeleeCase, Fraction]
    officer_risk: Fraction
    defender_cv: int

    def to_json(self) -> dict[str, JSON]:
        cases = sorted(((c.name.lower(), p) for c, p in self.cases.items()))
        return {
            "kind": "charge", "against": self.against, "dice": self.dice,
            "sabres": [float(p) for p in self.sabres], "flags": [float(p) for p in self.flags],
            "cases": {k: float(p) for k, p in cases},
            "officer_risk": float(self.officer_risk), "defender_cv": self.defender_cv,
        }


def fire_odds(n: int, face: Face, quality: int, cv: int, cancel: int = 0,
              spent: bool = False) -> FireOdds:
    """`n` dice hitting on `face` at a unit of troop quality `quality` with `cv`
    left; `cancel` Flags are ignored (a General in the square); a `spent` target
    routs on any hit or Flag."""
    dist = D.throw_distribution(n, face)
    eff: dict[D.FlagEffect, Fraction] = {e: ZERO for e in D.FlagEffect}
    spent_p = rout_p = ZERO
    for (h, f, _s, _o), p in dist.items():
        fl = max(0, f - cancel)
        e = D.flag_effect(fl, quality)
        eff[e] += p
        if spent:
            if h or fl:
                rout_p += p
        else:
            if h >= cv:
                spent_p += p
            if e is D.FlagEffect.ROUT:
                rout_p += p
    return FireOdds(n, face, tuple(D.as_list(D.marginal(dist, 0))),
                    tuple(D.as_list(D.marginal(dist, 1))), eff, spent_p, rout_p,
                    D.prob(dist, lambda h, f, s, o: h >= 1 and o))


def charge_odds(n: int, against: str, quality: int, cv: int, cancel: int = 0,
                extra_flags: int = 0, guns: bool = False) -> ChargeOdds:
    """A charge of `n` dice `against` a unit (AGAINST) of troop quality `quality`;
    `extra_flags` from skirmishers this turn; `guns`: the target is artillery,
    which suffers the Sabres even when the gunners stand (seed 001:162)."""
    dist = D.throw_distribution(n, Face.SABRE)
    cases: dict[D.BayonetCase | D.CavalryCase | D.MeleeCase, Fraction] = {}
    risk = ZERO
    for (_h, f, s, o), p in dist.items():
        fl = max(0, f + extra_flags - cancel)
        case: D.BayonetCase | D.CavalryCase | D.MeleeCase
        if against == "bayonet":
            case = D.bayonet_case(s, fl, quality)
        elif against in ("formed", "square"):
            case = D.cavalry_v_formed(s, fl, quality, against == "square")
        else:
            case = D.cavalry_v_cavalry(fl, quality)
        cases[case] = cases.get(case, ZERO) + p
        ignored = case is D.CavalryCase.SQUARE_IN_TIME and not guns
        if s >= 1 and o and not ignored:
            risk += p
    return ChargeOdds(against, n, tuple(D.as_list(D.marginal(dist, 2))),
                      tuple(D.as_list(D.marginal(dist, 1))), cases, risk, cv)
