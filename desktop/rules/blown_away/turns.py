"""The Blown Away turn: a side's orders, artillery and combat phases (those
with nothing to do skipped), then the other side's; the game turn ends when
both have had theirs."""

from __future__ import annotations

from desktop.rules.blown_away.judge import BlownAwayJudge
from desktop.rules.blown_away.legality import BlownAwayLegality
from desktop.rules.blown_away.state import ARTILLERY_PHASE, COMBAT, ORDERS
from desktop.rules.engine import Event


class BlownAwayTurns(BlownAwayLegality, BlownAwayJudge):
    """Phases advanced and side turns ended."""

    def _advance(self, ev: list[Event]) -> None:
        """End the current phase; skip phases with nothing to do; end the turn."""
        st = self.state
        while st.outcome is None:
            if st.phase == ORDERS:
                st.phase = ARTILLERY_PHASE
            elif st.phase == ARTILLERY_PHASE:
                st.phase = COMBAT
            else:
                self._end_side_turn(ev)
                return
            if len(self.legal_actions()) > 1:
                ev.append(Event("phase", f"{self.phase_info().name}", {"phase": st.phase}))
                return

    def _end_side_turn(self, ev: list[Event]) -> None:
        st = self.state
        if st.side != st.first:
            if self._judge_end_of_turn(ev):
                return
            st.turn += 1
        st.side = st.enemy(st.side)
        st.phase = ORDERS
        st.acted = False
        st.commander_moved = False
        for p in st.pieces.values():
            p.fought = False
            p.shots = 0
        ev.append(self._turn_event())

    def _turn_event(self) -> Event:
        st = self.state
        return Event("turn", f"Turn {st.turn}: {self._name(st.side)}",
                     {"turn": st.turn, "side": st.side})
