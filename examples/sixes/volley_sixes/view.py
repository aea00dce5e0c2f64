"""The Sixes play view: what the window and the computer players ask of the game.

The base view (desktop.rules.view.PlayView) already works from the engine's
public API; this one adds what Sixes knows beyond it: how far a piece may
still move, each unit's hits, strength as hits still to take, and, from the
referee's own judge, the Victory panel (each side's conditions and where they
stand) and the standing (what the end would say, which the computer player
reads to see it coming).
"""

from __future__ import annotations

from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView
from desktop.rules.view_values import Allowance, Losses, Standing
from volley_sixes import constants as C
from volley_sixes.game import SixesGame


class SixesView(PlayView):
    game: SixesGame

    def allowance(self, pid: str) -> Allowance | None:
        p = self.game.piece(pid)
        if p is None or p.moved or p.charged or not p.present:
            return None
        return Allowance(self.game.allowance(p))

    def badge(self, pid: str) -> tuple[str, bool] | None:
        p = self.game.piece(pid)
        if p is None or p.is_general or not p.hits:
            return None
        return f"{p.hits}/{C.STRENGTH}", p.hits >= C.STRENGTH - C.HITS_PER_DIE_LOST

    def victory(self) -> VictoryState | None:
        """The Victory panel, from the referee's own judge."""
        g = self.game
        return g.judge.report(g.turn, g.victory_pieces(), outcome=g.outcome)

    def standing(self) -> Standing | None:
        """What the turn limit would say with the pieces as they stand, from the
        same judge (the computer player weighs the end of the game by it)."""
        g = self.game
        return g.judge.standing(g.turn, g.victory_pieces())

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s.id: 0.0 for s in self.game.scenario.sides}
        for p in self.game.units():
            out[p.side] += C.STRENGTH - p.hits
        return "hits still to take", out

    def losses(self) -> dict[str, Losses]:
        out = super().losses()
        for p in self.game.state.pieces.values():
            if p.hits and not p.is_general:
                out[p.id] = Losses(lost=p.hits, note=out.get(p.id, Losses()).note)
        return out
