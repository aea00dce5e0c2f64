"""The table as a Muskets & Mayhem game last read it: every active unit's
base as plain numbers, and the move, formation, charge and sight verdicts
already given in that arrangement.  A verdict reads nothing but the units'
places, formations, statuses and melees, so it holds as long as they do;
a move re-judges only its neighbours (docs/speed.md)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from desktop.rules.mayhem.base import MayhemBase
from desktop.rules.mayhem.constants import FORMATIONS
from desktop.rules.mayhem.geometry import CONTACT, Foot, base_size, reach
from desktop.rules.mayhem.state import ACTIVE, Piece


class TablePosition:
    """One arrangement of the table: each active unit's base as plain numbers
    (id, side, centre, reach, footprint) for the placement tests, and the
    move, formation and charge verdicts already given in it.  A verdict reads
    nothing but the units' places, formations, statuses and melees (the key),
    so it holds as long as they do."""

    __slots__ = ("board", "ids", "key", "sights", "verdicts", "version")

    def __init__(self, key: tuple[tuple[Any, ...], ...], units: Iterable[Piece]) -> None:
        self.key = key
        #: The last State.version found to hold this arrangement (-1: none yet).
        self.version = -1
        self.ids: list[str] = []
        self.board: list[tuple[str, str, float, float, float, Foot]] = []
        for u in units:
            self.ids.append(u.id)
            if u.status == ACTIVE:
                f = u.foot()
                self.board.append((u.id, u.side, u.position[0], u.position[1], f.reach, f))
        #: Per unit, its verdicts: ("move", to, facing), ("form", formation),
        #: ("charge", target) and ("mover",), the list of its own actions.
        self.verdicts: dict[str, dict[tuple[object, ...], Any]] = {}
        #: Per unit, the enemies it could fire at (MayhemGame.targets_of).
        self.sights: dict[str, tuple[str, ...]] = {}

    def of(self, uid: str) -> dict[tuple[object, ...], Any]:
        v = self.verdicts.get(uid)
        if v is None:
            v = self.verdicts[uid] = {}
        return v

    def inherit(self, old: TablePosition, reach_out: dict[str, float]) -> None:
        """Keep the verdicts of `old` that the change since cannot touch: those
        of units that stayed as they were and lie further than `reach_out`
        from where every changed unit was and is, less any charge at a changed
        unit.  A move or a formation change then re-judges only its neighbours."""
        if len(old.key) != len(self.key) or old.ids != self.ids:
            return
        changed = [i for i, (a, b) in enumerate(zip(old.key, self.key, strict=True))
                   if a != b]
        if len(changed) > 4:
            return
        gone = {self.ids[i] for i in changed}
        spots = [old.key[i][0] for i in changed] + [self.key[i][0] for i in changed]
        where = dict(zip(self.ids, self.key, strict=True))
        for uid, entries in old.verdicts.items():
            if uid in gone:
                continue
            p, far = where[uid][0], reach_out[uid]
            if any(math.dist(p, q) <= far for q in spots):
                continue
            self.verdicts[uid] = {k: v for k, v in entries.items()
                                  if not (k[0] == "charge" and k[1] in gone)}


class MayhemPositions(MayhemBase):
    """The arrangement of the table, read again only when it changed.

    Not a :class:`~desktop.rules.position_cache.PositionCache`, which forgets
    everything at a new position: here the verdicts of the units a change
    cannot touch carry over to the next arrangement (``TablePosition.inherit``),
    and one arrangement holds across versions of the state (a volley that
    moves nobody keeps every verdict).  Starting afresh at each arrangement
    doubles the formation judgments of random play."""

    #: The last table position's bases and movement verdicts (_position), and
    #: the one a legal-action listing works in throughout.
    _position_cache: TablePosition | None
    _scoped: TablePosition | None
    _reach_cache: dict[str, float] | None

    def _position(self) -> TablePosition:
        """The table as it stands (bases and verdicts), worked out again only
        when a unit has moved, turned, re-formed, left or joined a melee."""
        scoped = self._scoped
        if scoped is not None:
            return scoped
        st = self.state
        pos = self._position_cache
        # Between actions the state's version says whether anything changed
        # since the table was last read (State.version); while one is applied,
        # only the units' own places can.
        if pos is not None and pos.version == st.version and not self._applying:
            return pos
        key = tuple([(u.position, u.facing, u.formation, u.status, u.engaged)
                     for u in st.units.values()])
        if pos is None or pos.key != key:
            new = TablePosition(key, st.units.values())
            if pos is not None:
                new.inherit(pos, self._reach_out())
            pos = self._position_cache = new
        if not self._applying:
            pos.version = st.version
        return pos

    def _reach_out(self) -> dict[str, float]:
        """Per unit, how far (table inches) from its centre anything its move,
        formation and charge verdicts read can lie: its full move (or charge),
        its own reach three times (the base at both ends and the contact spot
        beyond its target), the largest reach three times (the target, twice,
        and a unit in the way), the contact gap twice, and half an inch."""
        if self._reach_cache is None:
            pieces = list(self.state.units.values())

            def largest(u: Piece) -> float:
                return max(reach(base_size(u.frontage, u.depth, f)) for f in FORMATIONS[u.type])

            most = max(largest(u) for u in pieces)
            self._reach_cache = {
                u.id: max(self.allowance(u, f) for f in FORMATIONS[u.type])
                + 3.0 * largest(u) + 3.0 * most + 2.0 * CONTACT + 0.5
                for u in pieces}
        return self._reach_cache
