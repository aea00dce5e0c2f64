"""What the play window asks of a Tactical Dice game (seed 001): a square grid."""

from __future__ import annotations

from typing import Any, ClassVar

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action, Game, NotationError
from desktop.rules.view import PlayView
from desktop.rules.view_values import Allowance, Capabilities


class TacticalView(PlayView):
    """Moves by square: a drop picks the square under the centre; the bands are
    the squares the engine says the piece can reach."""

    capabilities = Capabilities(grid=True)

    #: Rolls that are read as plain numbers; every other d6 is a Tactical Die.
    PLAIN_ROLLS = ("rally ", "wounded ", "initiative ", "officer casualty ")
    #: RULINGS, Tactical Dice faces.
    FACES: ClassVar[dict[int, str]] = {1: "Officer", 2: "Target", 3: "Target", 4: "Flag",
                                       5: "Fire", 6: "Sabre"}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.board: Any = getattr(game, "board", None)

    def die_face(self, kind: str, value: int | str, purpose: str) -> str | None:
        if kind != "d6" or not isinstance(value, int) or purpose.startswith(self.PLAIN_ROLLS):
            return None
        return self.FACES.get(value)

    def strength(self) -> tuple[str, dict[str, float]]:
        """Combat Value left on the table: what wears down in this ruleset."""
        out = {s.id: 0.0 for s in self.game.scenario.sides}
        for d in self.game.units_json():
            if d.get("kind") == "unit" and d.get("status") not in ("routed", "eliminated"):
                out[str(d["side"])] = out.get(str(d["side"]), 0.0) + float(d.get("cv") or 0)
        return "Combat Value on the table", out

    def _square(self, x: float, y: float) -> str:
        from desktop.rules.tactical.grid import square_name

        return str(square_name(self.board.square_of((x, y))))

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        if self.board is None:
            return None
        st: Any = getattr(self.game, "st", None)
        kind = "officer" if st is not None and pid in getattr(st, "officers", {}) else "move"
        try:
            return self.game.parse_action(f"{kind} {pid} {self._square(x, y)}")
        except NotationError:
            return None

    def can_move(self, pid: str) -> bool:
        return bool(self._reachable(pid))

    def _reachable(self, pid: str) -> list[Any]:
        st: Any = getattr(self.game, "st", None)
        g: Any = self.game
        if st is None or self.board is None:
            return []
        try:
            if pid in st.units:
                u = st.units[pid]
                if u.side != g.side or g.why_not_mover(u) is not None:
                    return []
                return list(g.move_paths(u))
            if pid in st.officers:
                o = st.officers[pid]
                return list(g.officer_paths(o)) if o.side == g.side else []
        except (AttributeError, KeyError, TypeError):
            return []
        return []

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        p = self.pieces()[pid]
        a, b = self.board.square_of(p.pos), self.board.square_of((x, y))
        return float(max(abs(a[0] - b[0]), abs(a[1] - b[1])) * self.board.size)

    def allowance(self, pid: str) -> Allowance | None:
        squares = self._reachable(pid)
        if self.board is None or not squares:
            return None
        p = self.pieces()[pid]
        here = self.board.square_of(p.pos)
        far = max(max(abs(sq[0] - here[0]), abs(sq[1] - here[1])) for sq in squares)
        return Allowance(float(far * self.board.size), None, "reachable squares", "",
                         "squares")

    def reach_area(self, pid: str) -> BaseGeometry | None:
        squares = self._reachable(pid)
        if not squares:
            return None
        return shapely.union_all([self.board.polygon(sq, 0.08) for sq in squares])
