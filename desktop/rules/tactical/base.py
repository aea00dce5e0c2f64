"""What a Tactical Dice game holds, and what every part of it reads straight
off its state: the phases, the grid of a scenario, the pieces and where they
stand, and the answers kept until the state changes.

`TacticalBase` lists the game's fields
(`desktop.rules.tactical.game.TacticalGame`'s constructor fills them), so
that the parts of the game in the other modules of this package, each a
`TacticalBase`, are typed against one list and never import the game itself.
"""

from __future__ import annotations

from typing import Any

from desktop.rules.engine import JSON, Action, Event, Game, Outcome, Phase
from desktop.rules.tactical.grid import Board, Square, square_name
from desktop.rules.tactical.kept import Path, _Kept, _Paths
from desktop.rules.tactical.state import ACTIVE, SPENT, State, TOfficer, TUnit
from desktop.rules.victory import VictoryJudge
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import ARTILLERY, Edge, UnitType

ARTILLERY_PHASE = "artillery"
INITIATIVE = "initiative"
FIRST = "first"
SECOND = "second"

PHASES: tuple[Phase, ...] = (
    Phase(ARTILLERY_PHASE, "Artillery fire", True,
          "Both sides fire their unlimbered guns; the shots take effect together at the end."),
    Phase(INITIATIVE, "Initiative", True,
          "Both roll a die (ties roll again); the lower score chooses to move first or second."),
    Phase(FIRST, "First side moves", True,
          "Move, fire in close support and charge; routs and pursuits happen at once."),
    Phase(SECOND, "Second side moves", True,
          "The other side moves, fires and charges."),
)

#: Step towards each side's own baseline (retiring, routing).
BACK: dict[Edge, Square] = {Edge.NORTH: (0, -1), Edge.SOUTH: (0, 1),
                            Edge.EAST: (1, 0), Edge.WEST: (-1, 0)}

#: Boards kept for the scenarios played last (a balance report or a test run plays
#: many games on one scenario: the ground is read and measured once).
_BOARDS: list[tuple[Scenario, Board]] = []
_BOARDS_KEPT = 2
#: Path answers kept per board before they are forgotten (bounds the memory: about
#: 6 KB an answer on the 12 v 12 field, so some 60 MB at most).
_PATHS_KEPT = 10_000
#: The statuses of a unit on the table.
_ON_TABLE = frozenset({ACTIVE, SPENT})


def board_for(scenario: Scenario) -> Board:
    """The grid of `scenario`, shared by every game on that very scenario object
    (scenarios are immutable; the board only fills caches as it is asked)."""
    for sc, board in _BOARDS:
        if sc is scenario:
            return board
    board = Board(scenario)
    _BOARDS.append((scenario, board))
    del _BOARDS[:-_BOARDS_KEPT]
    return board


class TacticalBase(Game):
    """The fields of a Tactical Dice game and the answers read straight off them
    (the constructor says what each field holds)."""

    skirmish_rules: bool
    _kinds: dict[UnitType, str]
    board: Board
    baseline: dict[str, Edge]
    judge: VictoryJudge
    _outcome: Outcome | None
    _judged: dict[tuple[tuple[str, int], ...], Outcome | None]
    _cache: dict[tuple[Any, ...], Any]
    _in_apply: bool
    _kept: _Kept | None
    _kept_ok: bool
    _steps: dict[tuple[str, Square, Square], tuple[str | None, bool]]
    _path_memo: dict[tuple[Any, ...], _Paths]
    _officer_memo: dict[tuple[Square, frozenset[Square]], dict[Square, Path]]
    _sights: dict[tuple[Square, Square], Any]
    _fires_made: dict[tuple[str, str], Action]
    _moves_made: dict[tuple[str, Square], Action]
    _charges_made: dict[tuple[str, str, Square], Action]
    st: State
    _ids: tuple[str, ...]

    def invalidate(self) -> None:
        """Forget cached answers (call after changing the state by hand, as tests do)."""
        self._cache.clear()
        self._kept, self._kept_ok = None, False

    def _cached(self, key: tuple[Any, ...]) -> Any:
        return None if self._in_apply else self._cache.get(key)

    def _store(self, key: tuple[Any, ...], value: Any) -> Any:
        if not self._in_apply:
            self._cache[key] = value
        return value

    def unit(self, uid: str) -> TUnit:
        return self.st.units[uid]

    def officer(self, oid: str) -> TOfficer:
        return self.st.officers[oid]

    def is_unit(self, pid: str) -> bool:
        return pid in self.st.units

    def is_officer(self, pid: str) -> bool:
        return pid in self.st.officers

    def units_on_table(self, side: str | None = None) -> list[TUnit]:
        # Kept for the position: the legal list asks for each side's units many times.
        got: list[TUnit] | None = self._cached(("table", side))
        if got is None:
            got = self._store(("table", side), [
                u for u in self.st.units.values()
                if u.on_table and (side is None or u.side == side)])
        return list(got)

    def occupancy(self) -> dict[Square, TUnit]:
        got: dict[Square, TUnit] | None = self._cached(("occ", ""))
        if got is None:
            got = {u.sq: u for u in self.st.units.values() if u.on_table}
            self._store(("occ", ""), got)
        return got

    def unit_at(self, sq: Square) -> TUnit | None:
        return self.occupancy().get(sq)

    def officers_at(self, sq: Square, side: str) -> list[TOfficer]:
        return [o for o in self.st.officers.values()
                if o.present and o.sq == sq and o.side == side]

    def general_with(self, u: TUnit) -> TOfficer | None:
        for o in self.officers_at(u.sq, u.side):
            if o.is_general:
                return o
        return None

    def is_skirmisher(self, u: TUnit) -> bool:
        return u.type is UnitType.LIGHT_INFANTRY and self.skirmish_rules

    def is_infantry(self, u: TUnit) -> bool:
        """Formed infantry (light infantry too when the skirmish rules are off)."""
        return u.type is UnitType.LINE_INFANTRY or (
            u.type is UnitType.LIGHT_INFANTRY and not self.skirmish_rules)

    def kind(self, u: TUnit) -> str:
        return self._kinds[u.type]

    def _kind_of(self, t: UnitType) -> str:
        """How a unit of type `t` moves and fights (read through `_kinds`)."""
        if t is UnitType.LIGHT_INFANTRY and self.skirmish_rules:
            return "skirmish"
        if t is UnitType.CAVALRY:
            return "cavalry"
        if t in ARTILLERY:
            return "artillery"
        return "infantry"

    def enemies_of(self, side: str) -> list[TUnit]:
        return self.units_on_table(self.st.enemy(side))

    def _where(self, sq: Square, data: dict[str, JSON]) -> dict[str, JSON]:
        x, y = self.board.centre(sq)
        data.update({"square": square_name(sq), "col": sq[0], "row": sq[1], "x": x, "y": y})
        return data

    def _end_phase(self, ev: list[Event]) -> None:
        """The side to act has done in this phase: hand on to the next
        (desktop.rules.tactical.turns; a fire can end the artillery phase)."""
        raise NotImplementedError
