"""Exact odds for D3 fire and charges (seed 002: "Activation Test", "Shooting",
"Hand-to-Hand Combat"), enumerated from the dice, never sampled.

Everything is a :class:`fractions.Fraction`; distributions are mappings from
a number of hits to its probability and sum to exactly 1.  The game's
``odds(action)`` answers with :func:`odds_chart`, drawn from :func:`action_odds`;
the play view shows that chart with names in place of ids.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from desktop.rules.action_odds import LASTING, Odds, pct
from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Charge, Shoot
from desktop.rules.d3.dice import activation_passes, charge_hits, shooting_hits
from desktop.rules.d3.pieces import Piece
from desktop.rules.engine import Action
from desktop.scenario.vocabulary import UnitType
from desktop.table.shapes import Aspect, aspect

Point = tuple[float, float]


class OddsGame(Protocol):
    """What the odds ask of a D3 game (desktop.rules.d3.game.D3Game answers):
    the odds take the game as a parameter and never import it."""

    @property
    def pieces(self) -> dict[str, Piece]: ...

    def check(self, action: Action) -> str | None: ...

    def generals_able_to_reroll(self, u: Piece) -> tuple[str, ...]: ...

    def in_cover(self, target: Piece, origin: Point | None = None) -> bool: ...

    def charge_geometry(self, cav: Piece, target: Piece,
                        turn: float) -> tuple[Point, float] | str: ...

    def on_hill(self, p: Piece) -> bool: ...


SIXTH = Fraction(1, 6)
#: A D3 from a d6: each of 1, 2, 3 has probability 1/3.
D3_FACES: Mapping[int, Fraction] = {
    k: sum((SIXTH for d in range(1, 7) if math.ceil(d / 2) == k), Fraction(0)) for k in (1, 2, 3)
}


def activation_chance(hits: int, reroll: bool = False) -> Fraction:
    """P(2 x d6 > hits), or with a general's re-roll of a failure."""
    p = sum((SIXTH for d in range(1, 7) if activation_passes(d, hits)), Fraction(0))
    return 1 - (1 - p) ** 2 if reroll else p


def shot_hits(shooter: UnitType, cover: bool) -> dict[int, Fraction]:
    """Hits a shot inflicts once the shooter has activated."""
    out: dict[int, Fraction] = {}
    for face, p in D3_FACES.items():
        h = shooting_hits(face, R.SHOOTING_MODIFIER[shooter], cover)
        out[h] = out.get(h, Fraction(0)) + p
    return dict(sorted(out.items()))


def charge_result(on_hill: bool, defender_cavalry: bool, side_on: Aspect) -> dict[int, Fraction]:
    """Hits a charge inflicts in the hand-to-hand phase."""
    out: dict[int, Fraction] = {}
    for face, p in D3_FACES.items():
        h = charge_hits(face, on_hill, defender_cavalry, side_on)
        out[h] = out.get(h, Fraction(0)) + p
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class HitOdds:
    """What an action may do: `activation` is the chance it happens at all;
    `hits` the distribution of hits inflicted (0 includes a failed activation);
    `eliminated` the chance the target reaches the elimination threshold."""

    activation: Fraction
    hits: dict[int, Fraction]
    eliminated: Fraction
    #: Hits distribution given the action goes ahead.
    hits_if_activated: dict[int, Fraction]

    def mean_hits(self) -> Fraction:
        return sum((h * p for h, p in self.hits.items()), Fraction(0))


def combine(activation: Fraction, given: Mapping[int, Fraction], target_hits: int) -> HitOdds:
    hits = {h: p * activation for h, p in given.items()}
    hits[0] = hits.get(0, Fraction(0)) + (1 - activation)
    elim = sum((p for h, p in hits.items() if target_hits + h >= R.ELIMINATION_HITS),
               Fraction(0))
    return HitOdds(activation, dict(sorted(hits.items())), elim, dict(given))


def reroll_available(game: OddsGame, unit_id: str) -> bool:
    """Could a general re-roll this unit's activation if it failed now?"""
    return bool(game.generals_able_to_reroll(game.pieces[unit_id]))


def shoot_odds(game: OddsGame, action: Shoot, use_reroll: bool = True) -> HitOdds:
    """The odds of a shot in this game, as it stands (raises ValueError if illegal)."""
    why = game.check(action)
    if why is not None:
        raise ValueError(why)
    u, t = game.pieces[action.unit], game.pieces[action.target]
    assert u.type is not None
    act = activation_chance(u.hits, use_reroll and reroll_available(game, u.id))
    given = shot_hits(u.type, game.in_cover(t, u.front_centre()))
    return combine(act, given, t.hits)


def charge_odds(game: OddsGame, action: Charge, use_reroll: bool = True) -> HitOdds:
    """The odds of a charge: activation now, hits in the hand-to-hand phase."""
    why = game.check(action)
    if why is not None:
        raise ValueError(why)
    c, t = game.pieces[action.unit], game.pieces[action.target]
    geo = game.charge_geometry(c, t, action.turn)
    assert not isinstance(geo, str)
    (x, y), _ = geo
    side_on = aspect(t.pos, t.facing, (x, y))
    act = activation_chance(c.hits, use_reroll and reroll_available(game, c.id))
    given = charge_result(game.on_hill(t), t.type is UnitType.CAVALRY, side_on)
    return combine(act, given, t.hits)


def action_odds(game: OddsGame, action: Action) -> HitOdds | None:
    """The exact odds of a legal shot or charge; None for any other action."""
    if not isinstance(action, (Shoot, Charge)) or game.check(action) is not None:
        return None
    return shoot_odds(game, action) if isinstance(action, Shoot) else charge_odds(game, action)


def hits_words(n: int) -> str:
    """A bar's outcome in words: "no hits", "1 hit", "3 hits"."""
    return "no hits" if n == 0 else f"{n} hit" + ("" if n == 1 else "s")


def odds_chart(game: OddsGame, action: Action) -> Odds | None:
    """The engine's answer to ``odds(action)``, in ids, the one chart the play
    window shows (its view only puts names in): the hits a legal shot or charge
    inflicts (a failed activation counts as none), the activation test (with a
    general's re-roll where one may be had), when the hits land, the chance of
    eliminating the target, and the lasting cost of a first shot by artillery
    not yet deployed; None for any other action."""
    o = action_odds(game, action)
    if o is None or not isinstance(action, (Shoot, Charge)):
        return None
    u = game.pieces[action.unit]
    helped = o.activation != activation_chance(u.hits)
    notes = [f"passes its activation test {pct(o.activation)}"
             + (" (with a general's re-roll)" if helped else ""),
             f"{float(o.mean_hits()):.1f} hits on average",
             f"eliminates {action.target} {pct(o.eliminated)}"]
    if isinstance(action, Charge):
        notes.insert(1, "the hits land in the hand-to-hand phase")
        verb = "charges"
    else:
        verb = "fires at"
        if u.type in R.ARTILLERY and not u.deployed:  # RULINGS: deployed for good
            notes.insert(0, f"{LASTING}Once it passes its activation test, {action.unit} is "
                         "deployed for the rest of the game: it may then only pivot "
                         "where it stands, never move.")
    return Odds(f"{action.unit} {verb} {action.target}: hits",
                [(hits_words(h), p) for h, p in o.hits.items()], notes)
