"""How a Tactical Dice game ends: the units as the victory judge sees them
(desktop.rules.victory; a spent unit counts as lost), its immediate verdict
(remembered by the units' statuses and Combat Value) and the outcome
recorded.
"""

from __future__ import annotations

from typing import Any

from desktop.rules.engine import Event, Outcome
from desktop.rules.piece_view import PieceView
from desktop.rules.tactical import constants as C
from desktop.rules.tactical.base import _PATHS_KEPT, TacticalBase
from desktop.rules.tactical.state import ACTIVE


class TacticalJudge(TacticalBase):
    """The victory judge's view of the table, and the game's end."""

    def victory_pieces(self) -> list[PieceView]:
        """Ruling (SPENT_COUNTS_AS_LOST): a spent unit has ceased to be effective, so
        for victory it is lost (army break) and holds nothing."""
        out = []
        made: dict[tuple[Any, ...], PieceView] = self.board.memo.setdefault("views", {})
        if len(made) > 100_000:
            made.clear()
        for u in self.st.units.values():
            present = u.status == ACTIVE if C.SPENT_COUNTS_AS_LOST else u.on_table
            key = (u.id, u.side, u.type, present, u.cv, u.sq)
            got = made.get(key)
            if got is None:
                got = made[key] = PieceView(
                    u.id, u.side, u.type, present, max(u.cv, 0), self.board.centre(u.sq),
                    self.board.polygon(u.sq, shrink=0.5) if present else None)
            out.append(got)
        return out

    def _check_immediate(self, ev: list[Event]) -> None:
        # The judge's verdict depends on the pieces alone: remembered by every value
        # the views are made of (shared with look-ahead copies, which share the judge).
        # The immediate conditions (units left, army break, regulars lost; no exits
        # here) read whether each piece is present, so squares are left out of the key.
        key = tuple([(u.status, u.cv) for u in self.st.units.values()])
        judged = self._judged
        if key in judged:
            out = judged[key]
        else:
            if len(judged) >= _PATHS_KEPT:
                judged.clear()
            out = judged[key] = self.judge.immediate(self.victory_pieces())
        if out is not None:
            self._finish(out, ev)

    def _finish(self, out: Outcome, ev: list[Event]) -> None:
        if self._outcome is None:
            self._outcome = out
            self.st.side = None
            ev.append(Event("outcome", out.reason, out.to_json()))
