"""Victory in Kiddies: the victory judge's view of the figures (cannons are
not men), its immediate verdict kept until a figure falls or leaves, and the
game's end."""

from __future__ import annotations

from desktop.rules.engine import Event, Outcome
from desktop.rules.kiddies.base import KiddiesBase
from desktop.rules.kiddies.constants import CANNON
from desktop.rules.kiddies.pieces import ACTIVE
from desktop.rules.piece_view import PieceView


class KiddiesJudge(KiddiesBase):
    """The judge's view, its verdicts and the game's end."""

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        self._outcome = outcome
        self._side = None
        ev.append(Event("outcome", outcome.reason, outcome.to_json()))

    def victory_pieces(self) -> list[PieceView]:
        return list(self._placed(("views",), self._views))

    def _views(self) -> list[PieceView]:
        bases = bool(self.scenario.game.objectives)  # only objectives look at bases
        return [PieceView(f.id, f.side, f.type, f.status == ACTIVE, 1, f.pos,
                          f.footprint() if bases else None, f.exited)
                for f in self.figures.values() if f.kind != CANNON]

    def _check_immediate(self, ev: list[Event]) -> bool:
        # the judge's immediate conditions read who is on the table, whose and of
        # what type, and who left by which edge: not where anyone stands (so no
        # bases), and the answer holds until a figure falls or leaves
        if self._immediate is not None and self._immediate[0] == self._status_ver:
            out = self._immediate[1]
        else:
            out = self.judge.immediate([
                PieceView(f.id, f.side, f.type, f.status == ACTIVE, 1, f.pos, None, f.exited)
                for f in self.figures.values() if f.kind != CANNON])
            self._immediate = (self._status_ver, out)
        if out is not None:
            self._finish(out, ev)
            return True
        return False
