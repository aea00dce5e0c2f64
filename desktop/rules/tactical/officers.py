"""Generals and ADCs in Tactical Dice (seed 001, "Officers"; RULINGS.md): where
an officer may ride and whom he may rally, officers riding along with the
unit in their square, and enemy officers in a square a unit enters riding
clear or captured.
"""

from __future__ import annotations

from typing import Any

from desktop.rules.engine import Action, Event
from desktop.rules.tactical import constants as C
from desktop.rules.tactical.actions import OfficerMove
from desktop.rules.tactical.base import _PATHS_KEPT, BACK, FIRST, SECOND, TacticalBase
from desktop.rules.tactical.grid import Square, add, square_name
from desktop.rules.tactical.kept import Path
from desktop.rules.tactical.state import ACTIVE, CAPTURED, TOfficer, TUnit


class TacticalOfficers(TacticalBase):
    """Officers' rides and rallies, and officers carried or displaced by units."""

    def officer_paths(self, o: TOfficer) -> dict[Square, Path]:
        """Where officer `o` may ride (breadth first, round enemy units, lakes and
        unbridged water), worked out once for his square and the enemies in reach."""
        return dict(self._officer_ways(o)[1])

    def _officer_ways(self, o: TOfficer) -> tuple[tuple[Square, frozenset[Square]],
                                                  dict[Square, Path]]:
        c0, r0 = o.sq
        enemy_sqs = {e.sq for e in self.enemies_of(o.side)
                     if abs(e.sq[0] - c0) + abs(e.sq[1] - r0) <= C.OFFICER_MOVE}
        key = (o.sq, frozenset(enemy_sqs))
        got = self._officer_memo.get(key)
        if got is None:
            if len(self._officer_memo) >= _PATHS_KEPT:
                self._officer_memo.clear()
            got = self._officer_memo[key] = self._officer_paths(o.sq, enemy_sqs)
        return key, got

    def _officer_moves(self, o: TOfficer) -> list[Action]:
        """The rides officer `o` may make, in square order (made once for his
        square and the enemies in reach)."""
        key, ways = self._officer_ways(o)
        made: dict[tuple[str, Any], list[Action]] = self.board.memo.setdefault("rides", {})
        got = made.get((o.id, key))
        if got is None:
            if len(made) >= _PATHS_KEPT:
                made.clear()
            got = made[(o.id, key)] = [OfficerMove(o.id, sq) for sq in sorted(ways)]
        return got

    def _officer_paths(self, start: Square, enemy_sqs: set[Square]) -> dict[Square, Path]:
        bd = self.board
        out: dict[Square, Path] = {}
        frontier: list[Path] = [()]
        while frontier:
            nxt: list[Path] = []
            for p in frontier:
                here = p[-1] if p else start
                for b in bd.neighbours(here):
                    if b == start or b in out or b in enemy_sqs or bd.area(b) == C.LAKE:
                        continue
                    if not bd.water_crossing_ok(here, b):
                        continue
                    np = (*p, b)
                    out[b] = np
                    if len(np) < C.OFFICER_MOVE:
                        nxt.append(np)
            frontier = nxt
        return out

    def why_not_officer_mover(self, o: TOfficer) -> str | None:
        """Why officer `o` may not ride anywhere now (None if he may)."""
        if o.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return f"{o.id} cannot move now"
        if not o.present:
            return f"{o.id} is {o.wound.replace('_', ' ')}"
        if o.moved:
            return f"{o.id} has already moved this turn"
        return None

    def why_not_officer(self, o: TOfficer, to: Square) -> str | None:
        why = self.why_not_officer_mover(o)
        if why is not None:
            return why
        if to not in self.officer_paths(o):
            return f"{o.id} cannot reach {square_name(to)} this turn"
        return None

    def why_not_rally(self, o: TOfficer, u: TUnit) -> str | None:
        if o.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return "no rallying now"
        if not o.present:
            return f"{o.id} is {o.wound.replace('_', ' ')}"
        if o.rallied:
            return f"{o.id} has already tried to rally this turn"
        if u.side != o.side or u.status != ACTIVE:
            return f"{u.id} cannot be rallied"
        if u.sq != o.sq:
            return f"{o.id} must join {u.id} in its square first"
        if not (u.halted(self.st.turn) or u.flags_turn > 0):
            return f"{u.id} has no Falling Flag to rally from"
        if u.moved or u.charged or u.engaged is not None:
            return f"{u.id} is not stationary"
        if u.attacked:
            return f"{u.id} has been charged or fired upon this turn"
        return None

    def _carry_officers(self, u: TUnit, start: Square, ev: list[Event],
                        voluntary: bool = False) -> None:
        """Ruling (OFFICERS_RIDE_ALONG): officers in a unit's square go where it goes;
        on the unit's own move that is their move for the turn."""
        if not C.OFFICERS_RIDE_ALONG or start == u.sq:
            return
        for o in sorted(self.officers_at(start, u.side), key=lambda x: x.id):
            o.sq = u.sq
            if voluntary:
                o.moved = True
            ev.append(Event("officer", f"{o.id} rides with {u.id} to {square_name(u.sq)}",
                            self._where(u.sq, {"officer": o.id, "with": u.id})))

    def _displace_officers(self, u: TUnit, ev: list[Event]) -> None:
        """Ruling: enemy officers in a square a unit enters ride back one square
        (towards their baseline, else aside); with nowhere to go they are captured."""
        for o in self.st.officers.values():
            if not o.present or o.side == u.side or o.sq != u.sq:
                continue
            back = BACK[self.baseline[o.side]]
            cands = [add(o.sq, back), add(o.sq, (back[1], back[0])),
                     add(o.sq, (-back[1], -back[0]))]
            enemy_sqs = {e.sq for e in self.enemies_of(o.side)}
            dest = next((c for c in cands if self.board.on_board(c) and c not in enemy_sqs
                         and self.board.area(c) != C.LAKE), None)
            if dest is None:
                o.wound = CAPTURED
                ev.append(Event("officer_casualty", f"{o.id} is captured",
                                {"officer": o.id, "wound": o.wound}))
            else:
                o.sq = dest
                ev.append(Event("officer", f"{o.id} rides clear to {square_name(dest)}",
                                self._where(dest, {"officer": o.id})))
