"""The Tactical Dice turn (seed 001, "Sequence of Play"): its start (a wounded
officer rolls to stay on the field), the artillery phase side by side, the
initiative, each side's move with the retreats of its spent units and the
close combats it began, and the turn's end with the judge's verdict.
"""

from __future__ import annotations

from desktop.rules.engine import Event
from desktop.rules.tactical import constants as C
from desktop.rules.tactical.base import ARTILLERY_PHASE, FIRST, INITIATIVE, SECOND
from desktop.rules.tactical.charges import TacticalCharges
from desktop.rules.tactical.fire import TacticalFire
from desktop.rules.tactical.judge import TacticalJudge
from desktop.rules.tactical.state import CARRIED_OFF, SPENT, WOUNDED
from desktop.scenario.vocabulary import UnitType


class TacticalTurns(TacticalFire, TacticalCharges, TacticalJudge):
    """Phases and turns, from one to the next."""

    def _start_turn(self, ev: list[Event]) -> None:
        st = self.st
        for u in st.units.values():
            u.moved = u.points = 0
            u.acted = u.fired = u.charged = u.attacked = u.flag_cancelled = False
            u.flags_turn = u.skirmish_flags = 0
        for o in st.officers.values():
            o.moved = o.rallied = False
        st.order = None
        st.chooser = None
        st.pending = []
        st.art_done = []
        ev.append(Event("turn", f"Turn {st.turn} begins", {"turn": st.turn}))
        for o in sorted(st.officers.values(), key=lambda x: x.id):
            if o.wound == WOUNDED:
                roll = self.chance.d6(f"wounded {o.id} stays on the field")
                if roll == C.WOUND_LEAVES_ON:
                    o.wound = CARRIED_OFF
                fate = ("is carried off the field" if o.wound == CARRIED_OFF
                        else "stays on the field")
                ev.append(Event("wound", f"{o.id}, wounded, rolls {roll} and {fate}",
                                {"officer": o.id, "roll": roll, "wound": o.wound}))
        self._enter(ARTILLERY_PHASE, ev)

    def _enter(self, phase: str, ev: list[Event]) -> None:
        st = self.st
        again = phase == ARTILLERY_PHASE and st.phase == ARTILLERY_PHASE and bool(st.art_done)
        st.phase = phase
        if not again:  # the second side's turn to fire is the same phase
            ev.append(Event("phase", f"{self.phase_info(phase).name}", {"phase": phase}))
        if phase == ARTILLERY_PHASE:
            for s in st.sides:
                if s in st.art_done:
                    continue
                st.side = s
                if self._any_could_fire(s):
                    return
                st.art_done.append(s)
            self._resolve_artillery(ev)
            if self._outcome is None:
                self._enter(INITIATIVE, ev)
        elif phase == INITIATIVE:
            self._roll_initiative(ev)
        elif phase in (FIRST, SECOND):
            assert st.order is not None
            st.side = st.order[0 if phase == FIRST else 1]
            ev.append(Event("side", f"{st.side} moves", {"side": st.side}))
            self._start_of_move(st.side, ev)

    def _end_phase(self, ev: list[Event]) -> None:
        st = self.st
        if st.phase == ARTILLERY_PHASE:
            assert st.side is not None
            st.art_done.append(st.side)
            self._enter(ARTILLERY_PHASE, ev)
        elif st.phase == FIRST:
            self._enter(SECOND, ev)
        elif st.phase == SECOND:
            self._end_turn(ev)

    def _roll_initiative(self, ev: list[Event]) -> None:
        st = self.st
        a, b = st.sides
        while True:
            rolls = {}
            for s in (a, b):
                bonus = st.streak[s] - 1 if st.streak[s] >= 2 else 0
                d = self.chance.d6(f"initiative: {s}")
                rolls[s] = d + bonus
            tie = ": a tie, both roll again" if rolls[a] == rolls[b] else ""
            ev.append(Event("roll", f"Initiative: {a} scores {rolls[a]}, {b} {rolls[b]}{tie}",
                            {"purpose": "initiative", "rolls": dict(rolls)}))
            if rolls[a] != rolls[b]:
                break
        chooser = a if rolls[a] < rolls[b] else b
        st.rolls = rolls
        st.chooser = chooser
        st.streak[chooser] += 1
        st.streak[st.enemy(chooser)] = 0
        st.side = chooser
        ev.append(Event("initiative", f"{chooser} scored lower and chooses to move first or "
                        "second",
                        {"chooser": chooser, "rolls": dict(rolls)}))

    def _end_turn(self, ev: list[Event]) -> None:
        st = self.st
        for u in st.units.values():
            if u.type is UnitType.CAVALRY and u.cc_last < st.turn:
                u.cc_turns = 0
        out = self.judge.end_of_turn(st.turn, self.victory_pieces())
        if out is not None:
            self._finish(out, ev)
            return
        st.turn += 1
        self._start_turn(ev)

    def _start_of_move(self, side: str, ev: list[Event]) -> None:
        """Spent units retire a square; close combats this side began go on."""
        for u in sorted(self.units_on_table(side), key=lambda x: x.id):
            if u.status == SPENT and u.engaged is None:
                self._retire(u, None, ev, "retires from {a} to {b}, its Combat Value spent")
        for u in sorted(self.units_on_table(side), key=lambda x: x.id):
            if u.on_table and u.engaged is not None and u.attacker:
                t = self.st.units[u.engaged]
                self._melee_round(u, t, ev)
            if self._outcome is not None:
                return
