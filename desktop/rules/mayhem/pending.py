"""What a Muskets & Mayhem game will still take off each side on its own
(`PlayView.pending_losses`), in the view's measure of strength: figures of the
units in the field.  Exact odds, no dice drawn: each probability is worked
out exactly (Fractions, as odds.py does) and rounded once to a float, and the
expectations over them are sums of floats; everything is remembered per set of
numbers, and each retreat per arrangement of the units near it, so that the
computer player's search pays for a melee once.

What is pending (seed 004, "Sequence"; turns.py follows it):

* **Fire casualties already rolled** (`Piece.pending`): "apply casualties at
  end of [the fire] phase".  The figures go at the phase's end (all of them, if
  that wipes the unit out), and every four casualties crossed owe a check.
* **Morale checks owed** (`Piece.checks_due`, and those the casualties above
  add): "Morale (conduct all morale checks as a result of stand loss through
  fire combat)".  A failed check drops one state; a Shaken unit that fails
  routs (RULINGS.md, M&M), and a routed unit's figures leave the field.
* **Melees of units in contact** not yet fought this turn: "Melee Combat
  (units in contact resolve melees at this time)".  Both sides' casualties
  (one die per figure, double dice as `melee_numbers` says, opposed saves, an
  attached commander's one hit), the loser by two (RULINGS.md: option A
  retreats a full move, through friends for one more casualty, routing where
  there is no room; option B is removed), and the checks for the stands lost,
  taken at once (`MayhemGame._fight`).  The order the initiative side fights
  several melees in is its choice, but each is fought whatever it chooses.

Nothing else waits: a charge's checks, defensive fire and a target giving way
are rolled when the charge is made.  The horizon is the current turn: a melee
neither side wins goes on next turn (counted again then).

Two approximations, both where the game's own outcome is decided by what
resolves: a retreat is judged on the table as it stands (not after the other
melees of the phase or the morale phase's routs have cleared the way), and an
immediate victory that would end the game part-way is not foreseen.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

from desktop.rules.mayhem import combat
from desktop.rules.mayhem.constants import COMMANDER_CANCELS, MELEE_MARGIN, Morale
from desktop.rules.mayhem.geometry import CONTACT
from desktop.rules.mayhem.odds import morale_after, p_success
from desktop.rules.mayhem.state import ACTIVE, ROUTED
from desktop.table.shapes import bearing, forward

if TYPE_CHECKING:
    from desktop.rules.engine import Event
    from desktop.rules.mayhem.game import MayhemGame
    from desktop.rules.mayhem.state import Piece

ZERO = Fraction(0)

#: What is remembered of each game's table, by the id of its Ground (which the
#: game's clones share; dropped with it): retreat verdicts, keyed by the units
#: near the loser's way, and which places are in prepared defences.
_KEPT: dict[int, dict[tuple[object, ...], object]] = {}
#: Start afresh past this many remembered answers for one game.
KEPT_MOST = 20000
#: Slack (inches) on the distance within which another unit can touch a retreat.
RETREAT_MARGIN = 0.5


@dataclass(frozen=True)
class Retreat:
    """What retreating after a lost melee (option A) does to a unit, by the
    table alone (no dice): it routs for want of room, or it ends somewhere,
    having passed through friends (one more casualty) or not, needing
    `check` for its checks there (prepared defences)."""

    routs: bool
    through: bool
    check: int


@dataclass(frozen=True)
class Fighter:
    """One side of a melee, as much as its losses depend on."""

    figures: int
    casualties: int
    morale: Morale
    check: int  # its check number where it stands
    retreat: Retreat | None  # as the loser under option A (None: option B)


@lru_cache(maxsize=4096)
def rout_chance(morale: Morale, checks: int, need: int) -> float:
    """The chance `checks` checks passing on `need`+ leave the unit routed."""
    if checks <= 0:
        return 0.0
    return float(morale_after(morale, checks, need).get(Morale.ROUTED, ZERO))


@lru_cache(maxsize=4096)
def casualty_chances(dice: int, need: int, save: int, commander: bool,
                     figures: int) -> tuple[float, ...]:
    """odds.casualties_distribution, each entry exact (a binomial: every die
    alone puts a casualty on or not) and then rounded once to a float."""
    p = p_success(need) * (1 - p_success(save))
    q = 1 - p
    dist = [comb(dice, k) * p ** k * q ** (dice - k) for k in range(dice + 1)]
    if commander:  # cancels COMMANDER_CANCELS unsaved hits
        k = COMMANDER_CANCELS
        dist = [sum(dist[: k + 1], ZERO), *dist[k + 1:]]
    if len(dist) > figures + 1:  # no more figures than it has
        dist = [*dist[:figures], sum(dist[figures:], ZERO)]
    return tuple(float(x) for x in dist)


@lru_cache(maxsize=4096)
def fire_loss(figures: int, pending: int, casualties: int, checks_due: int,
              morale: Morale, check: int) -> float:
    """Expected figures lost by a unit with `pending` casualties to take off at
    the fire phase's end and `checks_due` checks already owed, all rolled in the
    morale phase (MayhemGame._end_fire_phase, _take_casualties, _take_checks)."""
    lost = min(pending, figures)
    left = figures - lost
    if left == 0:
        return float(lost)  # wiped out
    k = checks_due + combat.checks_due(casualties, casualties + lost)
    return lost + rout_chance(morale, k, check) * left


def _losses(x: Fighter, removed: bool) -> tuple[list[float], list[float]]:
    """Per count of melee casualties c (fewer than its figures): the figures `x`
    expects to lose in all if it does not lose the melee, and if it does (the
    casualties, the checks for the stands they cross, taken at once; a loser
    removed, routed for want of room, or one casualty more through friends)."""
    f, cas, morale = x.figures, x.casualties, x.morale
    keep: list[float] = []
    lose: list[float] = []
    r = x.retreat
    for c in range(f):
        keep.append(c + rout_chance(morale, combat.checks_due(cas, cas + c), x.check)
                    * (f - c))
        if removed or r is None or r.routs:
            lose.append(float(f))
            continue
        c2 = c + 1 if r.through else c  # seed, "Interpenetration"
        if c2 >= f:
            lose.append(float(f))
        else:
            lose.append(c2 + rout_chance(morale, combat.checks_due(cas, cas + c2), r.check)
                        * (f - c2))
    return keep, lose


@lru_cache(maxsize=4096)
def melee_loss(sa: combat.MeleeSide, sb: combat.MeleeSide, a: Fighter, b: Fighter,
               removed: bool) -> tuple[float, float]:
    """Expected figures each side of one melee loses (MayhemGame._fight): the
    winner is the side inflicting two more casualties than it takes, both
    still standing (combat.melee_winner)."""
    on_a = casualty_chances(sb.dice, sb.need, sa.save_need, sa.commander, a.figures)
    on_b = casualty_chances(sa.dice, sa.need, sb.save_need, sb.commander, b.figures)
    return (_side_loss(a, on_a, on_b, b.figures, removed),
            _side_loss(b, on_b, on_a, a.figures, removed))


def _side_loss(x: Fighter, on_x: tuple[float, ...], on_y: tuple[float, ...],
               y_figures: int, removed: bool) -> float:
    """Expected loss of `x`, whose casualties are `on_x`, against an enemy of
    `y_figures` figures whose casualties are `on_y`."""
    keep, lose = _losses(x, removed)
    # below[j]: the chance the enemy takes fewer than j casualties and stands.
    below = [0.0]
    for j in range(y_figures):
        below.append(below[-1] + (on_y[j] if j < len(on_y) else 0.0))
    total = 0.0
    f = x.figures
    for c, p in enumerate(on_x):
        if p == 0.0:
            continue
        if c >= f:
            total += p * f
            continue
        beaten = below[max(0, min(c - MELEE_MARGIN + 1, y_figures))]
        total += p * (beaten * lose[c] + (1.0 - beaten) * keep[c])
    return total


def _kept(g: MayhemGame) -> dict[tuple[object, ...], object]:
    """What is remembered of `g`'s table (retreats, prepared defences)."""
    key = id(g.ground)
    kept = _KEPT.get(key)
    if kept is None:
        kept = _KEPT[key] = {}
        weakref.finalize(g.ground, _KEPT.pop, key, None)
    elif len(kept) > KEPT_MOST:
        kept.clear()
    return kept


def check_need(g: MayhemGame, u: Piece) -> int:
    """What `u`'s morale checks need where it stands (combat.check_number, its
    prepared defences remembered per unit, place, facing and formation)."""
    kept = _kept(g)
    key = ("defended", u.id, u.position, u.facing, u.formation)
    got = kept.get(key)
    if got is None:
        got = kept[key] = g.in_defences(u)
    return combat.check_number(u.quality, bool(got))


def retreat_of(g: MayhemGame, loser: Piece, winner: Piece) -> Retreat:
    """The retreat `loser` would make after losing its melee to `winner`, as
    MayhemGame._retreat makes it (on a copy of the game: it rolls no dice),
    remembered per arrangement of the units that could touch it."""
    kept = _kept(g)
    # The retreat runs straight away from the winner, a full move at most
    # (MayhemGame._retreat): only units whose bases come within CONTACT of the
    # loser's anywhere along that line can stop it, be passed through or touch it.
    full = g.retreat_distance(loser)
    fx, fy = forward(bearing(winner.position, loser.position))
    ex, ey = fx * full, fy * full
    sx, sy = loser.position
    span = loser.foot().reach + CONTACT + RETREAT_MARGIN
    near: list[tuple[object, ...]] = []
    for o in g.state.units.values():  # segment_distance, written out
        if o.status != ACTIVE or o is loser:
            continue
        ox, oy = o.position
        dx, dy = ox - sx, oy - sy
        t = (dx * ex + dy * ey) / (full * full)
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        px, py = dx - t * ex, dy - t * ey
        r = span + o.foot().reach
        if px * px + py * py <= r * r:
            near.append((o.id, o.position, o.facing, o.formation))
    key = (loser.id, loser.position, loser.facing, loser.formation, winner.position,
           tuple(near))
    got = kept.get(key)
    if not isinstance(got, Retreat):
        c = g.clone()
        u = c.state.units[loser.id]
        events: list[Event] = []
        c._retreat(u, winner.position, events, melee=True)
        through = any(e.kind == "retreat" and e.data.get("through") for e in events)
        routs = u.status == ROUTED
        check = 7 if routs else combat.check_number(u.quality, c.in_defences(u))
        got = kept[key] = Retreat(routs, through, check)
    return got


def melee_pairs(g: MayhemGame) -> list[tuple[Piece, Piece]]:
    """The melees the game will fight this turn: every pair of units in
    contact, less (in the melee phase) those already fought.  Charger first,
    as MayhemGame._melees orders them (outside the melee phase the state's
    `fought` still names last turn's melees: they fight again)."""
    from desktop.rules.mayhem.game import MELEE

    st = g.state
    fought = st.fought if st.phase == MELEE else ()
    out: list[tuple[Piece, Piece]] = []
    seen: set[str] = set()
    for u in st.units.values():
        if u.status != ACTIVE or u.engaged is None or u.id in seen or u.id in fought:
            continue
        t = st.units[u.engaged]
        seen.update((u.id, t.id))
        out.append((u, t) if (u.charged or not t.charged) else (t, u))
    return out


def pending_losses(g: MayhemGame) -> dict[str, float]:
    """Each side's expected figures lost to what is pending (module docstring);
    only sides with something pending appear, none when nothing is."""
    st = g.state
    if st.outcome is not None:
        return {}
    out: dict[str, float] = {}
    engaged = False
    for u in st.units.values():
        if u.status != ACTIVE:
            continue
        if u.engaged is not None:
            engaged = True
        if u.pending or u.checks_due:
            check = check_need(g, u)
            loss = fire_loss(u.figures, u.pending, u.casualties, u.checks_due, u.morale, check)
            out[u.side] = out.get(u.side, 0.0) + loss
    if engaged:
        removed = g.loser_removed
        for a, b in melee_pairs(g):
            sa, sb = g.melee_numbers(a, b)
            fa = _fighter(g, a, b, removed)
            fb = _fighter(g, b, a, removed)
            la, lb = melee_loss(sa, sb, fa, fb, removed)
            out[a.side] = out.get(a.side, 0.0) + la
            out[b.side] = out.get(b.side, 0.0) + lb
    return out


def _fighter(g: MayhemGame, x: Piece, enemy: Piece, removed: bool) -> Fighter:
    return Fighter(x.figures, x.casualties, x.morale,
                   check_need(g, x),
                   None if removed else retreat_of(g, x, enemy))


def pending_removals(g: MayhemGame) -> dict[str, float]:
    """Each unit's chance of leaving the table through the fire already on it:
    wiped out when its casualties to take off are all its figures, else routed
    by the morale checks they and earlier fire owe.  Melees are left out (the
    loser's fate turns on the option and the room behind it: `pending_losses`
    counts their figures)."""
    st = g.state
    if st.outcome is not None:
        return {}
    out: dict[str, float] = {}
    for u in st.units.values():
        if u.status != ACTIVE or not (u.pending or u.checks_due):
            continue
        if u.pending >= u.figures:
            out[u.id] = 1.0
            continue
        k = u.checks_due + combat.checks_due(u.casualties, u.casualties + u.pending)
        chance = rout_chance(u.morale, k, check_need(g, u))
        if chance > 0.0:
            out[u.id] = chance
    return out
