"""Fire in Tactical Dice (seed 001, "Firing", "Artillery", "Skirmishers";
RULINGS.md): who may fire at whom (range, line of sight, screens), the fire
itself, skirmishers' exchanges and falling back, and the artillery phase's
shots, which take effect together when it ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.rules.engine import Event
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.base import ARTILLERY_PHASE, BACK, FIRST, SECOND
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.counts import TacticalCounts
from desktop.rules.tactical.grid import Square, add, king_distance
from desktop.rules.tactical.losses import TacticalLosses
from desktop.rules.tactical.state import ACTIVE, DRIVEN_IN, SPENT, UNLIMBERED, Pending, TUnit
from desktop.rules.tactical.words import STATUS as STATUS_WORDS
from desktop.rules.tactical.words import counted
from desktop.scenario.vocabulary import ARTILLERY, UnitType


class TacticalFire(TacticalLosses, TacticalCounts):
    """Who may fire at whom, and fire resolved."""

    def fire_range(self, u: TUnit) -> int:
        if self.is_skirmisher(u):
            return C.SKIRMISH_RANGE
        if u.type in ARTILLERY:
            bonus = C.HILL_RANGE_BONUS if self.board.area(u.sq) == C.HILL else 0
            return C.EFFECTIVE_RANGE[u.type] + bonus
        return C.MUSKET_RANGE

    def _why_not_shooter(self, u: TUnit) -> str | None:
        st = self.st
        if u.side != st.side:
            return f"{u.id} is not on the side to act"
        if u.status != ACTIVE:
            return f"{u.id} is {STATUS_WORDS.get(u.status, u.status)}"
        if u.fired:
            return f"{u.id} has already fired this turn"
        if u.engaged is not None:
            return f"{u.id} is locked in close combat"
        if u.half_cv:
            return f"{u.id} has lost more than half its Combat Value: it may only reply"
        art = u.type in ARTILLERY
        if art:
            if u.formation != UNLIMBERED:
                return f"{u.id} is limbered"
            if u.silenced_until >= st.turn:
                return f"{u.id}'s gunners are sheltering from cavalry"
        if st.phase == ARTILLERY_PHASE:
            if not art:
                return "only artillery fires in the artillery phase"
            if u.unlimbered_turn >= st.turn:
                return f"{u.id} unlimbered this turn"
            return None
        if st.phase not in (FIRST, SECOND):
            return "no firing in this phase"
        if u.type is UnitType.CAVALRY:
            return "cavalry does not fire"
        if u.type is UnitType.FOOT_ARTILLERY:
            return "foot artillery fires only in the artillery phase"
        if u.type is UnitType.HORSE_ARTILLERY:
            if u.moved > C.HORSE_FIRE_AFTER_MOVE:
                return (f"horse artillery fires after moving at most "
                        f"{C.HORSE_FIRE_AFTER_MOVE} square")
            return None
        if self.is_infantry(u) and u.moved > C.INFANTRY_FIGHTING_MOVE:
            return f"{u.id} moved {u.moved} squares: formed infantry fires after one square at most"
        return None

    def why_not_shooter(self, u: TUnit) -> str | None:
        """Why `u` may fire at nothing now, whatever the target (None if it may fire)."""
        return self._why_not_shooter(u)

    def sight(self, u: TUnit, t: TUnit) -> bool:
        """Line of sight between square centres (seed: woods, hills, BUAs block; tall
        crops block infantry and artillery; units block, save that guns on a hill
        fire over friends on lower ground).  The quick verdict the rules ask for
        again and again; `hidden_by` gives the same verdict with its reason."""
        a, b = u.sq, t.sq
        facts = self._sights.get((a, b))
        if facts is None:
            facts = self._sight_facts(a, b)
        blocked, a_u, a_t, kd, on_hill, passed = facts
        if blocked:
            return False
        if a_u == C.WOOD and (kd != 1 or (a_t == C.WOOD and not self.is_skirmisher(t))):
            return False
        if a_t == C.WOOD and not (self.is_skirmisher(u) and self.is_skirmisher(t) and kd == 1):
            return False
        if passed:
            at = self.occupancy().get
            over = u.type in ARTILLERY and on_hill
            for sq, hill in passed:
                other = at(sq)
                if other is not None and not (over and other.side == u.side and not hill):
                    return False
        return True

    def hidden_by(self, u: TUnit, t: TUnit) -> tuple[str, Square | None] | None:
        """What hides `t` from `u` (None: `u` sees it): a short reason and the
        square it lies in (None for a wall across the line).  The reasons:
        ``wall`` (a high wall across the line), ``own_wood`` (`u` in a wood sees
        only next door, and not into another wood), ``wood_target`` (`t` in a
        wood is seen only from next door by skirmishers), ``wood``, ``town``,
        ``crops`` (in a square between), ``hill`` (a hill between, not below a
        gun on higher ground) and ``unit`` (a unit between)."""
        b = self.board
        if b.sight_barrier(u.sq, t.sq):
            return ("wall", None)
        a_u, a_t = b.area(u.sq), b.area(t.sq)
        if a_u == C.WOOD and (king_distance(u.sq, t.sq) != 1 or (
                a_t == C.WOOD and not self.is_skirmisher(t))):
            return ("own_wood", u.sq)
        if a_t == C.WOOD and not (self.is_skirmisher(u) and self.is_skirmisher(t)
                                  and king_distance(u.sq, t.sq) == 1):
            return ("wood_target", t.sq)
        on_hill = a_u == C.HILL
        for s in b.between(u.sq, t.sq):
            area = b.area(s)
            if area in (C.WOOD, C.TOWN, C.CROPS):
                return (area, s)
            if area == C.HILL and not (on_hill and b.terrain[u.sq].height
                                       >= b.terrain[s].height):
                return ("hill", s)
            other = self.unit_at(s)
            if other is not None:
                over = (u.type in ARTILLERY and on_hill and other.side == u.side
                        and area != C.HILL)
                if not over:
                    return ("unit", s)
        return None

    def _sight_facts(self, a: Square, b: Square) -> tuple[bool, str, str, int, bool,
                                                          tuple[tuple[Square, bool], ...]]:
        """What the ground alone says of a line from a to b, kept with the board:
        whether it blocks the line, the two squares' ground, their distance, whether
        a stands on a hill, and each square between with whether it is a hill."""
        bd = self.board
        on_hill = bd.area(a) == C.HILL
        blocked = bd.sight_barrier(a, b)
        passed: list[tuple[Square, bool]] = []
        for s in bd.between(a, b):
            area = bd.area(s)
            if area in (C.WOOD, C.TOWN, C.CROPS):
                blocked = True
            if area == C.HILL and not (on_hill and bd.terrain[a].height
                                       >= bd.terrain[s].height):
                blocked = True
            passed.append((s, area == C.HILL))
        got = (blocked, bd.area(a), bd.area(b), king_distance(a, b), on_hill, tuple(passed))
        self._sights[(a, b)] = got
        return got

    def screened(self, u: TUnit, t: TUnit) -> bool:
        """Formed troops with their skirmishers in front take no musketry hits."""
        if not self.skirmish_rules or u.type in ARTILLERY or self.is_skirmisher(t):
            return False
        d = king_distance(u.sq, t.sq)
        # Only the squares round the target can hold its screen (one unit a square).
        for n in self.board.around(t.sq):
            s = self.unit_at(n)
            if (s is not None and s.side == t.side and self.is_skirmisher(s)
                    and s.status == ACTIVE and king_distance(n, u.sq) < d):
                return True
        return False

    def why_not_fire(self, u: TUnit, t: TUnit) -> str | None:
        why = self._why_not_shooter(u)
        if why is not None:
            return why
        return self._why_not_target(u, t)

    def _why_not_target(self, u: TUnit, t: TUnit) -> str | None:
        """why_not_fire once `u` is known to be able to fire."""
        if t.side == u.side:
            return f"{t.id} is a friend"
        if not t.on_table:
            return f"{t.id} is {STATUS_WORDS.get(t.status, t.status)}"
        if t.engaged is not None:
            return f"{t.id} is locked in close combat"
        if king_distance(u.sq, t.sq) > self.fire_range(u):
            return f"{t.id} is out of range ({self.fire_range(u)} squares)"
        if not self.sight(u, t):
            return f"{u.id} cannot see {t.id}"
        if self.screened(u, t):
            return f"{t.id} is screened by its skirmishers"
        if self.fire_dice(u, t) <= 0:
            return f"{u.id} would throw no dice at {t.id}"
        return None

    def _could_fire(self, u: TUnit, enemies: Sequence[TUnit]) -> bool:
        """True when `u` may fire at one of `enemies` now; only targets in range are
        judged in full (the same answer as asking why_not_fire of every enemy)."""
        if self._why_not_shooter(u) is not None:
            return False
        reach = self.fire_range(u)
        return any(king_distance(u.sq, t.sq) <= reach and self._why_not_target(u, t) is None
                   for t in enemies)

    def _any_could_fire(self, side: str) -> bool:
        """Whether a unit of `side` may fire at an enemy now.  Asked in the middle of
        an apply, but nothing changes while it is asked, so the position's answers
        (who stands where) are kept for its length and forgotten after."""
        was = self._in_apply
        self._cache.clear()
        self._in_apply = False
        try:
            enemies = self.enemies_of(side)
            return any(self._could_fire(u, enemies) for u in self.units_on_table(side))
        finally:
            self._cache.clear()
            self._in_apply = was

    def _fire(self, u: TUnit, t: TUnit, ev: list[Event]) -> None:
        st = self.st
        n = self.fire_dice(u, t)
        face = self.hit_face(u, t)
        u.fired = True
        t.attacked = True
        thr = self._throw(n, face, f"{u.id} fires at {t.id}")
        self._throw_event("fire", u, t, thr, f"{u.id} fires at {t.id} with {counted(n, 'die')}: "
                          f"{counted(thr.hits, 'hit')}, {counted(thr.flags, 'Flag')}", ev,
                          dice_count=n,
                          range=king_distance(u.sq, t.sq))
        if st.phase == ARTILLERY_PHASE:
            st.pending.append(Pending(u.id, t.id, thr.hits, thr.flags,
                                      thr.officer_casualty_due()))
            if not self._any_could_fire(u.side):
                self._end_phase(ev)  # no gun of this side is left to fire
            return
        if self.is_skirmisher(u) and self.is_skirmisher(t):
            self._skirmish_exchange(u, t, thr, ev)
            return
        flags = self._cancel_flag(t, thr.flags, ev)
        if self.is_skirmisher(u):
            t.skirmish_flags += flags
        self._officer_check(t, thr, ev)
        self._take(t, thr.hits, flags, u.sq, ev)

    def _skirmish_exchange(self, u: TUnit, t: TUnit, thr: D.Throw, ev: list[Event]) -> None:
        """Skirmishers against skirmishers: the target replies at once; only Fire and
        Flags count; the side with more Flags falls back a square."""
        n = self.fire_dice(t, u) if t.status == ACTIVE else 0
        back = self._throw(n, Face.FIRE, f"{t.id} replies to {u.id}")
        self._throw_event("fire", t, u, back, f"{t.id} replies with {counted(n, 'die')}: "
                          f"{counted(back.hits, 'hit')}, {counted(back.flags, 'Flag')}", ev,
                          dice_count=n, reply=True)
        fu = self._cancel_flag(u, back.flags, ev)
        ft = self._cancel_flag(t, thr.flags, ev)
        self._officer_check(t, thr, ev)
        self._officer_check(u, back, ev)
        spent = {x.id for x in (u, t) if x.status == SPENT}
        self._take(t, thr.hits, 0, u.sq, ev)
        self._take(u, back.hits, 0, t.sq, ev)
        for x, flags in ((t, ft), (u, fu)):
            if x.on_table and flags > 0:
                x.flags_turn += flags
                if x.id in spent:  # seed: any further hit or Flag routs a spent unit
                    self._rout(x, ev, "takes a Flag with its Combat Value spent: it routs "
                               "and flees the field")
        if ft == fu:
            ev.append(Event("skirmish", "The skirmish goes on: no ground is gained",
                            {"units": [u.id, t.id]}))
            return
        loser, winner = (t, u) if ft > fu else (u, t)
        if loser.on_table:
            self._fall_back(loser, winner, ev)

    def _fall_back(self, s: TUnit, enemy: TUnit, ev: list[Event]) -> None:
        """Skirmishers fall back a square; into their own formed troops they are driven in."""
        back = BACK[self.baseline[s.side]]
        dest = add(s.sq, back)
        friend = self.unit_at(dest)
        if friend is not None and friend.side == s.side and not self.is_skirmisher(friend):
            s.status = DRIVEN_IN
            self._break_engagement(s)
            ev.append(Event("driven_in", f"{s.id} is driven in on {friend.id}",
                            {"unit": s.id, "onto": friend.id}))
            return
        if self.board.on_board(dest) and self.step_problem(s, s.sq, dest)[0] is None:
            self._place(s, dest, ev, "retire", "falls back from {a} to {b}")
            return
        s.status = DRIVEN_IN
        ev.append(Event("driven_in", f"{s.id} has no room to fall back and is driven in",
                        {"unit": s.id}))

    def _resolve_artillery(self, ev: list[Event]) -> None:
        """The artillery phase's shots take effect together (seed: simultaneous)."""
        st = self.st
        for p in st.pending:
            t = st.units[p.target]
            if not t.on_table:
                continue
            flags = self._cancel_flag(t, p.flags, ev)
            if p.officer_due:
                self._officer_check(t, D.Throw((1, 2), Face.TARGET), ev)
            self._take(t, p.hits, flags, st.units[p.shooter].sq, ev)
        st.pending = []
