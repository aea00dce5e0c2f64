"""How a D3 game ends: the units as the victory judge sees them
(desktop.rules.victory), its verdicts now and at the end of a turn, and the
outcome recorded."""

from __future__ import annotations

from desktop.rules.d3.pieces import EXITED
from desktop.rules.d3.state import D3State
from desktop.rules.engine import Event, Outcome
from desktop.rules.piece_view import PieceView
from desktop.table.terrain import TerrainIndex


class D3Judge(D3State):
    """The victory judge's view of the table, and the game's end."""

    def terrain_index(self) -> TerrainIndex:
        return self.terrain

    def victory_pieces(self, shapes: bool = True) -> list[PieceView]:
        """The units as the victory judge sees them; without `shapes`, no
        footprints (only holding objectives reads them: VictoryJudge.holder)."""
        out = []
        for p in self.pieces.values():
            if p.type is None:
                continue
            out.append(PieceView(
                p.id, p.side, p.type, p.present, p.figures, p.pos,
                p.fp() if shapes and p.present else None,
                self.exit_edges.get(p.side) if p.status == EXITED else None,
            ))
        return out

    def _judge_immediate(self, ev: list[Event]) -> None:
        if self._outcome is None:
            out = self.judge.immediate(self.victory_pieces(shapes=False))  # counts and exits only
            if out is not None:
                self._finish(out, ev)

    def _finish(self, out: Outcome, ev: list[Event]) -> None:
        self._outcome = out
        self.pending = None
        who = f"{out.winner} wins" if out.winner else "a draw"
        ev.append(Event("outcome", f"The game is over: {who} ({out.reason})",
                        {"winner": out.winner, "reason": out.reason}))
