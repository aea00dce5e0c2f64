"""What a Tactical Dice game will settle later on its own, at exact odds (the play
view's ``pending_losses`` and ``pending_removals``; seed 001, RULINGS.md).

Two things are on the table and resolve without a player's choice:

* the artillery phase's shots, thrown as they are ordered but taking effect
  together when the phase ends (seed 001, "Artillery fire is deemed to be
  simultaneous"; ``TacticalGame._resolve_artillery``).  Their dice are already
  thrown (``State.pending``), so what they do is read by letting the engine
  resolve them on a copy of the game; the only dice still to come are the
  officer casualty rolls (RULINGS: 1 killed, 2 wounded), which matter only
  where they take a General from a unit (his cancelled Flag, his extra die in
  close combat): those copies branch on the General's fate, at its odds;
* the next round of each close combat already locked (seed 001, "Close Combat
  continues next turn"; ``TacticalGame._melee_round``), fought at the start of
  the attackers' next move: both throw, Sabres hit, Flags by the table, and
  after the last round (``CLOSE_COMBAT_TURNS``) both retire.  Its odds are the
  exact distributions of the throws (``dice.throw_distribution``) with the
  units as they will stand after the artillery shots, and, when the round falls
  in the next turn, with this turn's Flags forgotten and a wounded General's
  turn-start roll (RULINGS: a 1 sends him off the field) weighed in.

Losses are in the measure of ``TacticalView.strength`` (Combat Value on the
table: a routed unit takes its remaining CV off, a spent one has none); a
removal is a unit that stops being active (spent, routed, driven in), as the
victory conditions count it (``SPENT_COUNTS_AS_LOST``).  Not weighed: what the
players do before a close combat's round (their moves and fire), and a game
that ends before it for another reason than the turn limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from desktop.rules.chance import Chance
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.base import BACK, FIRST, SECOND
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.grid import add
from desktop.rules.tactical.state import ACTIVE, CARRIED_OFF, SPENT, UNHARMED, WOUNDED, TUnit

ONE = Fraction(1)
ZERO = Fraction(0)

#: The officer casualty d6 a copy is given: "escapes unscathed", or killed.
_SPARED = 6
_GONE = C.OFFICER_KILLED_ON

#: Answers kept per board, by the state they were given for.
_KEPT = 20_000


@dataclass(frozen=True)
class Pending:
    """Each side's expected loss of Combat Value, and each active unit's chance
    of ceasing to be active (only units with a chance above 0)."""

    losses: dict[str, float]
    removals: dict[str, float]


NOTHING = Pending({}, {})


class _Fates(Chance):
    """The dice a copy resolving the pending shots throws: the officer casualty
    rolls only.  A General whose fate matters takes the scripted results in
    turn (then "spared", noting each roll past the script); anyone else is
    spared (his fate changes no Combat Value)."""

    def __init__(self, script: tuple[int, ...], matters: frozenset[str]) -> None:
        super().__init__(0)
        self.fixed = script
        self.matters = matters
        self.asked: list[str] = []

    def d6(self, purpose: str) -> int:
        oid = purpose.removeprefix("officer casualty ")
        if oid not in self.matters:
            return _SPARED
        i = len(self.asked)
        self.asked.append(oid)
        return self.fixed[i] if i < len(self.fixed) else _SPARED

    def roll(self, n: int, purpose: str) -> list[int]:  # pragma: no cover - never thrown
        raise AssertionError(f"no dice are thrown resolving the pending shots ({purpose})")


def pending(g: TacticalGame) -> Pending:
    """What `g` settles on its own later (see the module's words), remembered by
    the state it is asked of."""
    if g.outcome is not None:
        return NOTHING
    # The view asks twice a position (losses, removals): the answer is kept with
    # the position's other answers too, so the key is made once.
    mine: Pending | None = g._cached(("pending",))
    if mine is not None:
        return mine
    return g._store(("pending",), _pending(g))  # type: ignore[no-any-return]


def _pending(g: TacticalGame) -> Pending:
    """`pending` found by its key among the answers kept with the board."""
    st = g.st
    key: tuple[Any, ...]
    if not st.pending:
        key = _locked_key(g)
        if not key:
            return NOTHING
    else:
        key = (tuple([u._stamp for u in st.units.values()]),
               tuple([o._stamp for o in st.officers.values()]),
               tuple([(p.shooter, p.target, p.hits, p.flags, p.officer_due)
                      for p in st.pending]),
               st.turn, st.phase, st.order)
    kept: dict[Any, Pending] = g.board.memo.setdefault("pending", {})
    got = kept.get(key)
    if got is None:
        if len(kept) >= _KEPT:
            kept.clear()
        got = kept[key] = _work_out(g)
    return got


def _locked_key(g: TacticalGame) -> tuple[Any, ...]:
    """With no shot waiting, what decides the answer: the units locked in close
    combat (and their opponents) by their stamps, who stands next to each (where
    it may retire), the officers in their squares by their stamps, and the turn,
    phase and order (when the round falls).  A look-ahead copy that moves or
    fires elsewhere finds the answer of the position it was copied from.  Empty
    when no unit is locked."""
    st = g.st
    units = st.units
    involved: dict[str, TUnit] = {}
    for u in units.values():
        if u.engaged is not None:
            involved[u.id] = u
            t = units.get(u.engaged)
            if t is not None:
                involved[t.id] = t
    if not involved:
        return ()
    at = g.occupancy().get
    neighbours = g.board.neighbours
    parts = []
    for u in involved.values():
        sq = u.sq
        near = tuple([x.id if (x := at(n)) is not None else None for n in neighbours(sq)])
        led = tuple([(o.id, o._stamp) for o in st.officers.values() if o.sq == sq])
        parts.append((u.id, u._stamp, near, led))
    return ("locked", tuple(parts), st.turn, st.phase, st.order)


def _work_out(g: TacticalGame) -> Pending:
    active = [u.id for u in g.st.units.values() if u.status == ACTIVE]
    cv0 = _cv(g)
    losses: dict[str, Fraction] = {}
    gone: dict[str, Fraction] = {}
    for w, after in _after_shots(g):
        cv1 = _cv(after)
        for s in cv0:
            losses[s] = losses.get(s, ZERO) + w * (cv0[s] - cv1[s])
        m_loss, m_gone = _rounds(g, after)
        for s, v in m_loss.items():
            losses[s] = losses.get(s, ZERO) + w * v
        for uid in active:
            u = after.st.units[uid]
            p = ONE if u.status != ACTIVE else m_gone.get(uid, ZERO)
            if p:
                gone[uid] = gone.get(uid, ZERO) + w * p
    return Pending({s: float(v) for s, v in losses.items() if v},
                   {uid: float(p) for uid, p in gone.items() if p})


def _cv(g: TacticalGame) -> dict[str, int]:
    """Combat Value on the table by side (TacticalView.strength)."""
    out = dict.fromkeys(g.st.sides, 0)
    for u in g.st.units.values():
        if u.on_table:
            out[u.side] += u.cv
    return out


# -- the artillery phase's shots ---------------------------------------------------------

def _after_shots(g: TacticalGame) -> Iterator[tuple[Fraction, TacticalGame]]:
    """The game after the pending shots take effect, in each way the officer
    casualty rolls that matter may fall, with its chance (`g` itself, certain,
    when no shot waits)."""
    st = g.st
    if not st.pending:
        yield ONE, g
        return
    matters = _generals_that_matter(g)
    todo: list[tuple[tuple[int, ...], Fraction]] = [((), ONE)]
    while todo:
        script, w = todo.pop()
        c = g.clone()
        fates = _Fates(script, matters)
        c.chance = fates
        c._in_apply = True  # no answer is kept while the state moves
        try:
            c._resolve_artillery([])
        finally:
            c._in_apply = False
            c.invalidate()
        # Rolls past the script were spared; each could instead have taken the
        # General away (killed, or carried off with a second wound): a branch.
        here = w
        for i in range(len(script), len(fates.asked)):
            o = st.officers[fates.asked[i]]
            lost = Fraction(1 if o.wound == UNHARMED else 2, 6)
            todo.append(((*script, *([_SPARED] * (i - len(script))), _GONE), here * lost))
            here *= 1 - lost
        yield here, c


def _generals_that_matter(g: TacticalGame) -> frozenset[str]:
    """Generals with a unit a pending shot may bring an officer casualty on, whose
    fate could change what follows: a later shot's Flags he would cancel, or a
    close combat he adds a die to and cancels a Flag in."""
    st = g.st
    out: set[str] = set()
    for i, p in enumerate(st.pending):
        if not p.officer_due:
            continue
        t = st.units[p.target]
        flags_later = any(q.target == t.id and q.flags > 0 for q in st.pending[i + 1:])
        if flags_later or t.engaged is not None:
            out.update(o.id for o in g.officers_at(t.sq, t.side) if o.is_general)
    return frozenset(out)


# -- close combats -----------------------------------------------------------------------

def _rounds(now: TacticalGame, g: TacticalGame) -> tuple[dict[str, Fraction],
                                                        dict[str, Fraction]]:
    """The next round of each close combat locked in `g` (the game after the
    pending shots; `now` is the position asked about): each side's expected loss
    of CV and each active unit's chance of ceasing to be active."""
    losses: dict[str, Fraction] = {}
    gone: dict[str, Fraction] = {}
    st = now.st
    last_turn = (g.judge.turn_limit is not None and st.turn >= g.judge.turn_limit.turns)
    pairs = [u for u in g.st.units.values()
             if u.on_table and u.engaged is not None and u.attacker]
    if not pairs:
        return losses, gone
    copy: TacticalGame | None = None
    for u in sorted(pairs, key=lambda x: x.id):
        t = g.st.units[u.engaged]  # type: ignore[index]
        # Fought at the start of the attackers' move: this turn unless that move
        # has begun (the round of this turn is behind it), then the next turn.
        begun = st.phase == SECOND or (st.phase == FIRST and st.order is not None
                                       and st.order[0] == u.side)
        if not begun:
            lu, lt, gu, gt = _round(g, u, t)
        elif last_turn:
            continue  # the game ends with this turn
        else:
            if copy is None:
                copy = g if g is not now else g.clone()
            lu, lt, gu, gt = _next_turn_round(copy, copy.st.units[u.id], copy.st.units[t.id])
        losses[u.side] = losses.get(u.side, ZERO) + lu
        losses[t.side] = losses.get(t.side, ZERO) + lt
        for x, p in ((u, gu), (t, gt)):
            if p and x.status == ACTIVE:
                gone[x.id] = gone.get(x.id, ZERO) + p
    return losses, gone


def _next_turn_round(g: TacticalGame, u: TUnit, t: TUnit
                     ) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """The round as the next turn finds it (`g` is a copy of the game, changed
    here): this turn's Flags and the General's cancelled Flag forgotten
    (``_start_turn``), and each wounded General with either unit staying with
    it, or carried off on a 1 (RULINGS), at those odds."""
    for x in (u, t):
        x.flags_turn = 0
        x.flag_cancelled = False
    wounded = [o for x in (u, t) for o in g.officers_at(x.sq, x.side)
               if o.is_general and o.wound != UNHARMED]
    g.invalidate()
    total = [ZERO, ZERO, ZERO, ZERO]
    leaves = Fraction(1, 6)
    for mask in range(1 << len(wounded)):
        w = ONE
        for i, o in enumerate(wounded):
            off = mask >> i & 1
            o.wound = CARRIED_OFF if off else WOUNDED
            w *= leaves if off else 1 - leaves
        got = _round(g, u, t)
        for i in range(4):
            total[i] += w * got[i]
    for o in wounded:
        o.wound = WOUNDED
    return total[0], total[1], total[2], total[3]


def _round(g: TacticalGame, u: TUnit, t: TUnit) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """One round of the close combat attackers `u` fight with `t`
    (``TacticalGame._melee_round``): the CV each is expected to lose and each
    one's chance of ceasing to be active."""
    nu = g.combat_dice(u, t, u.sq, True)
    nt = g.combat_dice(t, u, t.sq, False)
    at_t = _receive(nu, t.q, t.cv, g._cancel_of(t), t.status == SPENT, _retire_routs(g, t))
    at_u = _receive(nt, u.q, u.cv, g._cancel_of(u), u.status == SPENT, _retire_routs(g, u))
    lu, gu = at_u.loss, at_u.gone
    lt, gt = at_t.loss, at_t.gone
    if u.rounds + 1 >= C.CLOSE_COMBAT_TURNS:
        # No decision: the attackers retire, and the defenders unless in a town;
        # a unit with nowhere to go routs, losing what CV it has left.
        both = at_u.stay * at_t.stay
        if both and _retire_routs(g, u):
            lu += at_t.stay * at_u.cv_staying
            gu += at_t.stay * at_u.active_staying
        if both and g.board.area(t.sq) != C.TOWN and _retire_routs(g, t):
            lt += at_u.stay * at_t.cv_staying
            gt += at_u.stay * at_t.active_staying
    return lu, lt, gu, gt


@dataclass(frozen=True)
class _Received:
    """What one throw of Sabres does to the unit it is thrown at."""

    #: The CV it is expected to lose, and its chance of ceasing to be active.
    loss: Fraction
    gone: Fraction
    #: The chance it is still on the table and in the combat afterwards, and the
    #: expected CV (and chance of being active) it is left with in those cases.
    stay: Fraction
    cv_staying: Fraction
    active_staying: Fraction


@cache
def _receive(n: int, q: int, cv: int, cancel: int, spent: bool, routs_back: bool) -> _Received:
    """`n` dice thrown at a unit of troop quality `q` with `cv` left, Sabres
    hitting (``TacticalGame._take``): a spent unit routs at any hit or Flag;
    otherwise the hits come off its CV (0: spent), and the Flags left after a
    General's cancelled one go through the table (RULINGS): more than Q routs
    it, exactly Q retires it (breaking off the combat; with nowhere to go,
    `routs_back`, it routs)."""
    loss = gone = stay = cv_staying = active_staying = ZERO
    for (_h, f, s, _o), p in D.throw_distribution(n, Face.SABRE).items():
        fl = max(0, f - cancel)
        if spent:
            if not (s or fl):
                stay += p
            continue
        left = max(0, cv - s)
        effect = D.flag_effect(fl, q)
        routed = effect is D.FlagEffect.ROUT or (effect is D.FlagEffect.RETIRE and routs_back)
        if routed:
            loss += p * cv
            gone += p
            continue
        loss += p * (cv - left)
        if left == 0:
            gone += p
        if effect is not D.FlagEffect.RETIRE:
            stay += p
            cv_staying += p * left
            if left:
                active_staying += p
    return _Received(loss, gone, stay, cv_staying, active_staying)


def _retire_routs(g: TacticalGame, u: TUnit) -> bool:
    """Whether `u` would rout rather than retire now (``TacticalGame._retire``:
    back towards its baseline, else to either side; off the table, or with none
    of those open, it routs)."""
    back = BACK[g.baseline[u.side]]
    first = add(u.sq, back)
    if not g.board.on_board(first):
        return True
    for c in (first, add(u.sq, (back[1], back[0])), add(u.sq, (-back[1], -back[0]))):
        if g.board.on_board(c) and g.step_problem(u, u.sq, c)[0] is None:
            return False
    return C.RETIRE_BLOCKED_ROUTS


# -- a shot at a target already hit this phase --------------------------------------------

def target_after_shots(g: TacticalGame, target: str) -> tuple[TacticalGame, TUnit] | None:
    """The game after the artillery shots already thrown this phase take effect
    (the officer casualty rolls spared), and `target` in it; None when no shot
    is thrown at `target`."""
    if not any(p.target == target for p in g.st.pending):
        return None
    for _w, after in _after_shots(g):
        return after, after.st.units[target]
    return None  # pragma: no cover - _after_shots always yields


__all__ = ["NOTHING", "Pending", "pending", "target_after_shots"]
