"""Moves in Tactical Dice (seed 001, "Movement", "Artillery"): who may move or
limber now and where to, and a unit put on a new square with the officers
it carries along and the enemy officers it displaces.
"""

from __future__ import annotations

from desktop.rules.engine import Action, Event
from desktop.rules.tactical import constants as C
from desktop.rules.tactical.actions import Move, OfficerMove
from desktop.rules.tactical.base import FIRST, SECOND
from desktop.rules.tactical.grid import STEP_BEARING, Square, orthogonal, square_name, step_between
from desktop.rules.tactical.kept import Path
from desktop.rules.tactical.officers import TacticalOfficers
from desktop.rules.tactical.paths import TacticalPaths
from desktop.rules.tactical.state import ACTIVE, LIMBERED, UNLIMBERED, TUnit
from desktop.rules.tactical.words import STATUS as STATUS_WORDS
from desktop.scenario.vocabulary import ARTILLERY


class TacticalMovement(TacticalPaths, TacticalOfficers):
    """Who may move where, and units placed."""

    def move_paths(self, u: TUnit) -> dict[Square, Path]:
        got: dict[Square, Path] | None = self._cached(("moves", u.id))
        if got is not None:
            return got
        found = self._paths_of(u, False)
        out = {end: self._path_to(found, end) for end in found.ends}
        return dict(self._store(("moves", u.id), out))

    def _move_actions(self, u: TUnit) -> list[Action]:
        """The plain moves `u`'s paths allow, in square order (made once per paths)."""
        found = self._paths_of(u, False)
        got = found.actions.get(u.id)
        if got is None:
            uid, made = u.id, self._moves_made
            got = found.actions[uid] = [made.get((uid, sq)) or made.setdefault((uid, sq),
                                                                               Move(uid, sq))
                                        for sq in sorted(found.ends)]
        return got

    def why_not_mover(self, u: TUnit) -> str | None:
        if u.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return f"{u.id} cannot move now"
        if u.status != ACTIVE:
            return f"{u.id} is {STATUS_WORDS.get(u.status, u.status)}"
        if u.acted:
            return f"{u.id} has already moved this turn"
        if u.engaged is not None:
            return f"{u.id} is locked in close combat"
        if u.halted(self.st.turn):
            return f"{u.id} is halted"
        return None

    def why_not_move(self, u: TUnit, to: Square) -> str | None:
        why = self.why_not_walk(u)
        if why is not None:
            return why
        if to not in self._paths_of(u, False).ends:
            if orthogonal(u.sq, to):
                why, _ = self.step_problem(u, u.sq, to)
                if why is not None:
                    return why
                if self._enemy_next_to(u.side, to):
                    return "a move may not end next to an enemy: charge it instead"
            return f"{u.id} cannot reach {square_name(to)} this turn"
        return None

    def why_not_limber(self, u: TUnit, limber: bool) -> str | None:
        if u.type not in ARTILLERY:
            return f"{u.id} is not artillery"
        if u.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return f"{u.id} cannot limber or unlimber now"
        if u.status != ACTIVE or u.engaged is not None:
            return f"{u.id} cannot limber or unlimber now"
        if u.halted(self.st.turn):
            return f"{u.id} is halted"
        want = LIMBERED if limber else UNLIMBERED
        if u.formation == want:
            return f"{u.id} is already {want}"
        cost = C.LIMBER_COST if limber else C.UNLIMBER_COST
        if u.points + cost > C.ARTILLERY_POINTS[u.type]:
            return f"{u.id} has no movement left to {'limber' if limber else 'unlimber'}"
        if limber and u.fired:
            return f"{u.id} has fired this turn"
        return None

    def why_not_walk(self, u: TUnit) -> str | None:
        """Why `u` may make no plain move now (None if it may): the mover's rules and
        the unit's own (guns limber first; infantry that fired stays)."""
        why = self.why_not_mover(u)
        if why is not None:
            return why
        if u.type in ARTILLERY and u.formation != LIMBERED:
            return f"{u.id} must limber up before it moves"
        if u.fired and self.is_infantry(u):
            return f"{u.id} has fired: formed infantry fires after moving, not before"
        return None

    def destinations(self, pid: str) -> list[Square]:
        """The squares the unit or officer `pid` may move to now, in order: exactly
        the plain moves :meth:`legal_actions` offers it."""
        if self._outcome is not None:
            return []
        if pid in self.st.units:
            u = self.st.units[pid]
            return [] if self.why_not_walk(u) is not None else sorted(self._paths_of(u, False).ends)
        o = self.st.officers.get(pid)
        if o is None or self.why_not_officer_mover(o) is not None:
            return []
        return sorted(self.officer_paths(o))

    def move_to(self, pid: str, sq: Square) -> Move | OfficerMove | None:
        """The action moving the unit or officer `pid` to `sq` (judged by `check`)."""
        if pid in self.st.units:
            return Move(pid, sq)
        if pid in self.st.officers:
            return OfficerMove(pid, sq)
        return None

    def _walk(self, u: TUnit, path: Path, ev: list[Event], kind: str) -> None:
        if not path:
            return
        start = u.sq
        prev = (u.sq, *path)[-2]
        u.facing = STEP_BEARING[step_between(prev, path[-1])]
        u.sq = path[-1]
        u.moved += len(path)
        ev.append(Event(kind, f"{u.id} moves from {square_name(start)} to {square_name(u.sq)}",
                        self._where(u.sq, {"unit": u.id, "from": square_name(start),
                                           "path": [square_name(s) for s in path],
                                           "facing": u.facing})))
        self._carry_officers(u, start, ev, voluntary=True)
        self._displace_officers(u, ev)

    def _place(self, u: TUnit, sq: Square, ev: list[Event], kind: str, why: str) -> None:
        """Put `u` on `sq`; `why` says it with {a} for the square left, {b} the new one."""
        start = u.sq
        u.sq = sq
        said = why.format(a=square_name(start), b=square_name(sq))
        ev.append(Event(kind, f"{u.id} {said}",
                        self._where(sq, {"unit": u.id, "from": square_name(start)})))
        self._carry_officers(u, start, ev)
        self._displace_officers(u, ev)
