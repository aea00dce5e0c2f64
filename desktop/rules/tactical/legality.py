"""What a Tactical Dice player may do now: each action's check in plain words,
and the legal list, kept from position to position piece by piece (a
piece's actions are made again only when something within their reach
changed).
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.rules.engine import Action
from desktop.rules.tactical import constants as C
from desktop.rules.tactical.actions import (
    Charge,
    Choose,
    End,
    Fire,
    Limber,
    Move,
    OfficerMove,
    Rally,
)
from desktop.rules.tactical.base import _ON_TABLE, FIRST, INITIATIVE, SECOND
from desktop.rules.tactical.charges import TacticalCharges
from desktop.rules.tactical.fire import TacticalFire
from desktop.rules.tactical.grid import Square, square_name
from desktop.rules.tactical.kept import _Kept, _Paths, _UnitActions
from desktop.rules.tactical.state import LIMBERED, TOfficer, TUnit
from desktop.scenario.vocabulary import ARTILLERY

_END = End()
_NOBODY: frozenset[int] = frozenset()
#: A changed unit's place as the kept lists read it (TacticalLegality._units_changed).
_Moved = tuple[int, int, bool, int, int]


class TacticalLegality(TacticalFire, TacticalCharges):
    """Checks and the listed actions."""

    def legal_actions(self) -> list[Action]:
        st = self.st
        if self._outcome is not None or st.side is None:
            return []
        if st.phase == INITIATIVE:
            return [Choose(True), Choose(False)]
        kept = self._kept_actions()
        blocks = kept.units
        out: list[Action] = []
        for uid in kept.mine:
            out.extend(blocks[uid].fires)
        if st.phase in (FIRST, SECOND):
            for uid in kept.mine:
                block = blocks[uid]
                out.extend(block.moves)
                out.extend(block.charges)
            for uid in kept.mine:
                out.extend(blocks[uid].limbers)
            for oid in kept.leaders:
                out.extend(kept.officers[oid])
        out.append(_END)
        return out

    def _kept_actions(self) -> _Kept:
        """The legal list of this position, piece by piece, brought up to date from
        the last position's: a piece's actions are made again only when it changed,
        or a unit changed (moved, was hit, routed...) within the reach of what it
        may do, or an officer in its square changed; a new phase, side or turn
        starts afresh.  Whether a piece changed is read from its stamp, which any
        new value of any of its fields renews, so no rule has to announce what it
        touched.  The answer is never changed once
        made: look-ahead copies share it with the position they were copied from."""
        kept = self._kept
        if kept is not None and self._kept_ok:
            return kept
        st = self.st
        key = (st.turn, st.phase, st.side)
        # Each piece's stamp and square when the lists were made.
        seen_u: dict[str, tuple[int, Square, bool]]
        seen_o: dict[str, tuple[int, Square]]
        units: dict[str, _UnitActions] = {}
        #: Units whose lists are partly kept: the old lists and which parts still hold.
        parts: dict[str, tuple[_UnitActions, bool, bool, bool]] = {}
        officers: dict[str, list[Action]] = {}
        if kept is not None and kept.key == key:
            seen_u, moved, changed = self._units_changed(kept)
            seen_o, led, changed_o = self._officers_changed(kept)
            if not changed and not changed_o:
                self._kept_ok = True
                return kept
            self._units_still_holding(kept, moved, led, changed, units, parts)
            self._officers_still_holding(kept, moved, changed_o, officers)
            if not changed:
                mine, leaders = kept.mine, kept.leaders
            else:
                mine = self._mine(st.side)
                leaders = kept.leaders if not changed_o else self._leaders(st.side)
        else:
            seen_u = {uid: (u._stamp, u.sq, u.status in _ON_TABLE)
                      for uid, u in st.units.items()}
            seen_o = {oid: (o._stamp, o.sq) for oid, o in st.officers.items()}
            mine = self._mine(st.side)
            leaders = self._leaders(st.side)
        self._make_missing(mine, leaders, units, parts, officers)
        kept = _Kept(key, seen_u, seen_o, mine, leaders, units, officers)
        self._kept, self._kept_ok = kept, True
        return kept

    def _units_changed(self, kept: _Kept) -> tuple[dict[str, tuple[int, Square, bool]],
                                                   list[_Moved], set[str]]:
        """The units changed since `kept` was made (read from their stamps): each
        unit's stamp, square and whether it is on the table, where the changed
        units stood and stand, and their ids."""
        st = self.st
        # Where changed units stood and stand, whether friends, the same coded
        # as _paths_of codes pieces, and that code again if the unit came, went
        # or left the table (-1 if it stayed where it was: paths read only
        # where units stand).
        moved: list[_Moved] = []
        changed: set[str] = set()
        rows = self.board.rows
        seen_u = dict(kept.seen_units)
        for uid, u in st.units.items():
            was = seen_u.get(uid)
            if was is None or was[0] != u._stamp:
                changed.add(uid)
                friend = u.side == st.side
                on = u.status in _ON_TABLE
                placed = was is None or was[1] != u.sq or was[2] != on
                if was is not None:
                    c, r = was[1]
                    code = (c * rows + r) * 2 + (not friend)
                    moved.append((c, r, friend, code, code if placed else -1))
                c, r = u.sq
                code = (c * rows + r) * 2 + (not friend)
                moved.append((c, r, friend, code, code if placed else -1))
                seen_u[uid] = (u._stamp, u.sq, on)
        return seen_u, moved, changed

    def _officers_changed(self, kept: _Kept) -> tuple[dict[str, tuple[int, Square]],
                                                      set[Square], set[str]]:
        """The officers changed since `kept` was made (read from their stamps):
        each officer's stamp and square, the squares where the changed ones stood
        and stand, and their ids."""
        led: set[Square] = set()  # where changed officers stood and stand
        changed_o: set[str] = set()
        seen_o = dict(kept.seen_officers)
        for oid, o in self.st.officers.items():
            seen = seen_o.get(oid)
            if seen is None or seen[0] != o._stamp:
                changed_o.add(oid)
                if seen is not None:
                    led.add(seen[1])
                led.add(o.sq)
                seen_o[oid] = (o._stamp, o.sq)
        return seen_o, led, changed_o

    def _units_still_holding(self, kept: _Kept, moved: Sequence[_Moved], led: set[Square],
                             changed: set[str], units: dict[str, _UnitActions],
                             parts: dict[str, tuple[_UnitActions, bool, bool, bool]]) -> None:
        """Sort the unchanged units' kept lists: into `units` those no change
        reaches, into `parts` the others with which of their parts (fire, moves,
        charges) still hold."""
        st = self.st
        for uid, block in kept.units.items():
            if uid in changed:
                continue
            c0, r0 = st.units[uid].sq
            fire_ok = move_ok = charge_ok = True
            move_near, charge_near = block.move_near, block.charge_near
            for c, r, friend, code, placed_code in moved:
                fr = block.fire_friends if friend else block.fire_reach
                if fire_ok and abs(c - c0) <= fr and abs(r - r0) <= fr:
                    fire_ok = False
                if move_ok and placed_code in move_near:
                    move_ok = False
                if charge_ok and code in charge_near:
                    charge_ok = False
            if (c0, r0) in led:  # a General's die in close combat
                charge_ok = False
            if fire_ok and move_ok and charge_ok:
                units[uid] = block
            else:
                parts[uid] = (block, fire_ok, move_ok, charge_ok)

    def _officers_still_holding(self, kept: _Kept, moved: Sequence[_Moved],
                                changed_o: set[str], officers: dict[str, list[Action]]
                                ) -> None:
        """Keep in `officers` the lists of the unchanged officers that no changed
        unit stood or stands within an officer's move of."""
        st = self.st
        for oid, acts in kept.officers.items():
            if oid in changed_o:
                continue
            c0, r0 = st.officers[oid].sq
            if all(abs(c - c0) > C.OFFICER_MOVE or abs(r - r0) > C.OFFICER_MOVE
                   for c, r, _, _, _ in moved):
                officers[oid] = acts

    def _make_missing(self, mine: tuple[str, ...], leaders: tuple[str, ...],
                      units: dict[str, _UnitActions],
                      parts: dict[str, tuple[_UnitActions, bool, bool, bool]],
                      officers: dict[str, list[Action]]) -> None:
        """Make the lists of the side's pieces that `units` and `officers` lack
        (`parts`: what still holds of a unit's old lists)."""
        st = self.st
        if any(uid not in units for uid in mine) or any(oid not in officers for oid in leaders):
            side = st.side
            assert side is not None
            enemies = sorted(self.enemies_of(side), key=lambda x: x.id)
            moving = st.phase in (FIRST, SECOND)
            for uid in mine:
                if uid not in units:
                    units[uid] = self._unit_actions(st.units[uid], enemies, moving,
                                                    parts.get(uid))
            own = [st.units[uid] for uid in mine]
            for oid in leaders:
                if oid not in officers:
                    officers[oid] = self._officer_actions(st.officers[oid], own)

    def _mine(self, side: str | None) -> tuple[str, ...]:
        """The ids of `side`'s units on the table, in order."""
        units = self.st.units
        return tuple([uid for uid in self._ids
                      if (u := units[uid]).side == side and u.status in _ON_TABLE])

    def _leaders(self, side: str | None) -> tuple[str, ...]:
        """The ids of `side`'s officers still on the field, in order."""
        return tuple(sorted(oid for oid, o in self.st.officers.items()
                            if o.side == side and o.present))

    def _unit_actions(self, u: TUnit, enemies: Sequence[TUnit], moving: bool,
                      old: tuple[_UnitActions, bool, bool, bool] | None = None
                      ) -> _UnitActions:
        """What unit `u` of the side to act may do now (the same checks, in the same
        order, as asking every action of it); `old` gives the parts of its last lists
        that still hold."""
        was, fire_ok, move_ok, charge_ok = old if old is not None else (None, False, False, False)
        if was is not None and fire_ok:
            fires = was.fires
        else:
            fires = []
            if self._why_not_shooter(u) is None:
                # _why_not_target's checks for enemies on the table: the range as a
                # box (a king's distance), then what is left of them in its order.
                reach = self.fire_range(u)
                c0, r0 = u.sq
                made = self._fires_made
                uid = u.id
                sight, screened, dice = self.sight, self.screened, self.fire_dice
                for t in enemies:
                    c, r = t.sq
                    if (abs(c - c0) > reach or abs(r - r0) > reach or t.engaged is not None
                            or not sight(u, t) or screened(u, t) or dice(u, t) <= 0):
                        continue
                    shot = made.get((uid, t.id))
                    if shot is None:
                        shot = made[(uid, t.id)] = Fire(uid, t.id)
                    fires.append(shot)
        moves: list[Action] = []
        charges: list[Action] = []
        limbers: list[Action] = []
        walk: _Paths | None = None
        charge: _Paths | None = None
        charge_near = _NOBODY
        if moving:
            if was is not None:
                limbers = was.limbers
            else:
                for lim in (True, False):
                    if self.why_not_limber(u, lim) is None:
                        limbers.append(Limber(u.id, lim))
            if self.why_not_mover(u) is None:
                if was is not None and move_ok:
                    moves, walk = was.moves, was.walk
                elif not (u.type in ARTILLERY and u.formation != LIMBERED) and not (
                        u.fired and self.is_infantry(u)):
                    walk = self._paths_of(u, False)
                    moves = self._move_actions(u)
                if was is not None and charge_ok:
                    charges, charge, charge_near = was.charges, was.charge, was.charge_near
                elif self._why_not_charger(u) is not None:
                    pass  # (whatever the others do)
                elif not self._enemy_within(u, enemies, self.allowance(u, True) + 1):
                    # A target stands next to where a charge path ends: no enemy
                    # within a step more than the allowance, no charge, and only an
                    # enemy coming that near can change it.
                    charge_near = self._enemy_codes(u.sq, self.allowance(u, True) + 1)
                else:
                    # A charge ends where it stands or where one of its paths ends,
                    # next to its target.
                    found = charge = self._paths_of(u, True)
                    charge_near = found.near
                    ends = found.ends
                    if found.next_to is None:
                        found.next_to = {n for e in (u.sq, *ends)
                                         for n in self.board.neighbours(e)}
                    for t in enemies:
                        if t.sq not in found.next_to:
                            continue
                        for via in self.board.neighbours(t.sq):
                            if via != u.sq and via not in ends:
                                continue
                            if self._why_not_charge_at(u, t, via) is None:
                                key = (u.id, t.id, via)
                                rush = self._charges_made.get(key)
                                if rush is None:
                                    rush = self._charges_made[key] = Charge(*key)
                                charges.append(rush)
        move_near = walk.near if walk is not None else _NOBODY
        if was is not None:
            return _UnitActions(fires, moves, charges, limbers, was.fire_reach,
                                was.fire_friends, move_near, charge_near, walk, charge)
        fire = self.fire_range(u)
        # Nothing stands between squares a king's step apart (Board.between).
        friends = fire if fire > 1 else 0
        return _UnitActions(fires, moves, charges, limbers, fire + 1, friends, move_near,
                            charge_near, walk, charge)

    def _officer_actions(self, o: TOfficer, own: Sequence[TUnit]) -> list[Action]:
        """Where officer `o` may ride and whom he may rally (only units in his square
        can be rallied)."""
        out: list[Action] = []
        if not o.moved:
            out.extend(self._officer_moves(o))
        for u in own:
            if u.sq == o.sq and self.why_not_rally(o, u) is None:
                out.append(Rally(o.id, u.id))
        return out

    def _check(self, action: Action) -> str | None:
        st = self.st
        if st.side is None:
            return "no side is to act"
        if isinstance(action, Choose):
            return None if st.phase == INITIATIVE else "the initiative is not being chosen now"
        if st.phase == INITIATIVE:
            return f"{st.side} must choose to move first or second"
        if isinstance(action, End):
            return None
        if isinstance(action, Fire):
            u, t = st.units.get(action.unit), st.units.get(action.target)
            if u is None or t is None:
                return f"no unit {action.unit if u is None else action.target}"
            return self.why_not_fire(u, t)
        if isinstance(action, (Move, Charge, Limber)):
            u = st.units.get(action.unit)
            if u is None:
                return f"no unit {action.unit}"
            if isinstance(action, Move):
                if not self.board.on_board(action.to):
                    return f"{square_name(action.to)} is off the grid"
                return self.why_not_move(u, action.to)
            if isinstance(action, Limber):
                return self.why_not_limber(u, action.limber)
            t = st.units.get(action.target)
            if t is None:
                return f"no unit {action.target}"
            return self.why_not_charge(u, t, action.via)
        if isinstance(action, (OfficerMove, Rally)):
            o = st.officers.get(action.officer)
            if o is None:
                return f"no officer {action.officer}"
            if isinstance(action, OfficerMove):
                return self.why_not_officer(o, action.to)
            u = st.units.get(action.unit)
            if u is None:
                return f"no unit {action.unit}"
            return self.why_not_rally(o, u)
        return f"'{action}' is not a Tactical Dice action"
