"""The Muskets & Mayhem clock (seed 004, "Sequence"): initiative, movement
one unit at a time with sides alternating, the three fire phases, morale,
melee; who acts next, the automatic phases run through, and the end of the
turn."""

from __future__ import annotations

from desktop.rules.engine import Event
from desktop.rules.mayhem.base import (
    FIRE_PHASES,
    INITIATIVE,
    MELEE,
    MORALE,
    MOVEMENT,
    ORDER,
)
from desktop.rules.mayhem.fire import MayhemFire
from desktop.rules.mayhem.melee import MayhemMelee


class MayhemTurns(MayhemMelee, MayhemFire):
    """Phases and turns, from one to the next."""

    def _after_activation(self, side: str, ev: list[Event]) -> None:
        st = self.state
        if self._check_immediate_victory(ev):
            return
        other = st.enemy(side)
        if self._can_act(other):
            st.side = other
        elif self._can_act(side):
            st.side = side
        else:
            self._leave(st.phase, ev)

    def _can_act(self, side: str) -> bool:
        st = self.state
        if st.phase == MOVEMENT:
            return bool(self._movers(side) or self._free_commanders(side))
        if st.phase in FIRE_PHASES:
            return bool(self._shooters(side))
        return False

    def _start_turn(self) -> list[Event]:
        ev: list[Event] = []
        self._enter(INITIATIVE, ev)
        return ev

    def _enter(self, phase: str, ev: list[Event]) -> None:
        """Start `phase`; automatic phases run and hand on until a side must act."""
        st = self.state
        while st.outcome is None:
            st.phase = phase
            ev.append(Event("phase", f"Turn {st.turn}: {self.phase_info(phase).name}",
                            {"turn": st.turn, "phase": phase}))
            if phase == INITIATIVE:
                self._roll_initiative(ev)
                return
            if phase == MOVEMENT:
                for u in st.units.values():
                    u.done, u.moved, u.reformed = False, None, False
                    u.fired, u.charged, u.stood_charge = False, False, False
                for c in st.commanders.values():
                    c.done = False
                if self._open_alternation():
                    return
            elif phase in FIRE_PHASES:
                st.targets = {}
                self._scoped = None
                self._scoped = self._position()
                try:
                    for u in self.active_units():
                        u.done = False
                        if self.can_fire_now(u, phase):
                            ts = self.targets_of(u)
                            if ts:
                                st.targets[u.id] = tuple(ts)
                finally:
                    self._scoped = None
                if self._open_alternation():
                    return
                self._end_fire_phase(phase, ev)
            elif phase == MORALE:
                self._morale_phase(ev)
            elif phase == MELEE:
                st.fought = set()
                if self._melee_step(ev):
                    return
            if st.outcome is not None or self._check_immediate_victory(ev):
                return
            i = ORDER.index(phase)
            if i + 1 < len(ORDER):
                phase = ORDER[i + 1]
            else:
                if self._end_turn(ev):
                    return
                phase = INITIATIVE

    def _open_alternation(self) -> bool:
        st = self.state
        for s in (st.first, st.enemy(st.first)):
            if self._can_act(s):
                st.side = s
                return True
        return False

    def _leave(self, phase: str, ev: list[Event]) -> None:
        """The interactive part of `phase` is over: finish it and go on."""
        st = self.state
        if phase in FIRE_PHASES:
            self._end_fire_phase(phase, ev)
            st.targets = {}
        if st.outcome is not None or self._check_immediate_victory(ev):
            return
        i = ORDER.index(phase)
        if i + 1 < len(ORDER):
            self._enter(ORDER[i + 1], ev)
        elif not self._end_turn(ev):
            self._enter(INITIATIVE, ev)

    def _roll_initiative(self, ev: list[Event]) -> None:
        st = self.state
        a, b = st.sides
        while True:
            ra = self.chance.d6(f"initiative: {a}")
            rb = self.chance.d6(f"initiative: {b}")
            if ra != rb:
                break
            ev.append(Event("roll", f"initiative: both sides roll {ra}, so roll again",
                            {"rolls": {a: ra, b: rb}}))
        winner = a if ra > rb else b
        st.initiative = winner
        st.side = winner
        ev.append(Event("roll", f"initiative: {a} rolls {ra}, {b} rolls {rb}; {winner} chooses",
                        {"rolls": {a: ra, b: rb}, "winner": winner}))

    def _end_turn(self, ev: list[Event]) -> bool:
        """Victory at the end of the turn; True if the game ended."""
        st = self.state
        if self._check_immediate_victory(ev):
            return True
        result = self.judge.end_of_turn(st.turn, self.victory_pieces())
        if result is not None:
            self._finish(result, ev)
            return True
        st.turn += 1
        ev.append(Event("turn", f"Turn {st.turn} begins", {"turn": st.turn}))
        return False
