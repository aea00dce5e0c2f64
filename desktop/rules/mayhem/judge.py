"""How a Muskets & Mayhem game ends: the units as the victory judge sees
them (desktop.rules.victory), its immediate verdict (remembered per set of
units still in the field) and the outcome recorded."""

from __future__ import annotations

from desktop.rules.engine import Event, Outcome
from desktop.rules.mayhem.base import MayhemBase
from desktop.rules.mayhem.state import ACTIVE
from desktop.rules.piece_view import PieceView
from desktop.table.terrain import TerrainIndex


class MayhemJudge(MayhemBase):
    """The victory judge's view of the table, and the game's end."""

    #: The victory judge's immediate verdict per tuple of units still in the
    #: field (shared with clones: a verdict never changes).
    _verdicts: dict[tuple[bool, ...], Outcome | None]

    def terrain_index(self) -> TerrainIndex:
        return self.terrain

    def victory_pieces(self) -> list[PieceView]:
        return [
            PieceView(u.id, u.side, u.type, u.active, u.figures, u.position,
                      u.footprint() if u.active else None)
            for u in self.state.units.values()
        ]

    def _check_immediate_victory(self, ev: list[Event]) -> bool:
        st = self.state
        if st.outcome is not None:
            return True
        # The immediate verdict reads only which units are still in the field
        # (their sides and types are fixed): remembered per set of survivors.
        key = tuple([u.status == ACTIVE for u in st.units.values()])
        if key in self._verdicts:
            result = self._verdicts[key]
        else:
            result = self._verdicts[key] = self.judge.immediate(self.victory_pieces())
        if result is None:
            return False
        self._finish(result, ev)
        return True

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        st = self.state
        st.outcome = outcome
        st.side = None
        ev.append(Event("outcome", outcome.reason, outcome.to_json()))
