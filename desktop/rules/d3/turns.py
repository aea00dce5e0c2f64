"""The D3 sequence of play: each side's movement and shooting phases, then
hand-to-hand combat and elimination, then the other side; at the end of the
turn, the judge's verdict and a fresh turn (seed 002 "Sequence of Play")."""

from __future__ import annotations

from desktop.rules.d3 import rules as R
from desktop.rules.d3.judge import D3Judge
from desktop.rules.d3.melee import D3Melee
from desktop.rules.d3.pieces import ACTIVE, DISORDERED
from desktop.rules.d3.state import ELIMINATION, HAND_TO_HAND, MOVEMENT, SHOOTING
from desktop.rules.engine import Event


class D3Turns(D3Melee, D3Judge):
    """Phases and turns, from one to the next."""

    def _start_player_turn(self) -> list[Event]:
        side = self.order[self._side_index]
        ev = [Event("phase", f"Turn {self._turn}: {side} to move",
                    {"turn": self._turn, "side": side, "phase": MOVEMENT})]
        for g in self.generals(side):
            if g.must_evade:
                self._evade(g, ev)
        return ev

    def _end_phase(self, ev: list[Event]) -> None:
        side = self.order[self._side_index]
        if self._phase == MOVEMENT:
            self._phase = SHOOTING
            self._shots = None
            ev.append(Event("phase", f"Turn {self._turn}: {side} to shoot",
                            {"turn": self._turn, "side": side, "phase": SHOOTING}))
            return
        ev.append(Event("phase", f"Turn {self._turn}: hand-to-hand combat",
                        {"turn": self._turn, "side": side, "phase": HAND_TO_HAND}))
        self._hand_to_hand(ev)
        ev.append(Event("phase", f"Turn {self._turn}: units with {R.ELIMINATION_HITS} hits or more "
                        "are eliminated",
                        {"turn": self._turn, "side": side, "phase": ELIMINATION}))
        removed = self._eliminate(ev)
        self.charges = []
        for p in self.pieces.values():
            p.charging = None
        if removed:  # only a removal can end the game here (exits are judged as they happen)
            self._judge_immediate(ev)
        if self._outcome is not None:
            return
        if self._side_index + 1 < len(self.order):
            self._side_index += 1
        else:
            # the judge reads where units stand (holding objectives) only when
            # there is no turn limit or at its last turn
            limit = self.judge.turn_limit
            out = self.judge.end_of_turn(self._turn, self.victory_pieces(
                shapes=limit is None or self._turn >= limit.turns))
            if out is not None:
                self._finish(out, ev)
                return
            self._turn += 1
            self._side_index = 0
            for p in self.pieces.values():
                p.moved = p.shot = p.tested = False
                p.rerolls_used = 0
                if p.status == DISORDERED:
                    p.status = ACTIVE
            ev.append(Event("turn", f"Turn {self._turn} begins", {"turn": self._turn}))
        self._phase = MOVEMENT
        self._shots = None
        ev.extend(self._start_player_turn())
