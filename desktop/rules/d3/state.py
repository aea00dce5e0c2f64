"""What a D3 game holds, and the questions every part of it asks: whose turn
and phase it is, which units are on the table, whether a unit may still act.

`D3State` lists the game's fields (`desktop.rules.d3.game.D3Game`'s
constructor fills them), so that the parts of the game in the other modules
of this package, each a `D3State`, are typed against one list and never
import the game itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Charge, Move, Shoot
from desktop.rules.d3.pieces import DISORDERED, ELIMINATED, EXITED, Footprints, Piece
from desktop.rules.engine import OVER, Game, Outcome
from desktop.rules.position_cache import PositionCache
from desktop.rules.victory import VictoryJudge
from desktop.scenario.vocabulary import Edge, TerrainType
from desktop.table.movement import OBB
from desktop.table.sight import Obstacles
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]

MOVEMENT = "movement"
SHOOTING = "shooting"
HAND_TO_HAND = "hand_to_hand"
ELIMINATION = "elimination"


@dataclass(frozen=True)
class UnitArrays:
    """The present units, with their bases, skirmisher flags, centres and radii."""

    units: list[Piece]
    skirm: list[bool]
    #: (x, y, radius of the circle round the base) for each unit.
    circles: list[tuple[float, float, float]]
    obbs: list[OBB]


@dataclass(frozen=True)
class Pending:
    """A failed activation that a general could re-roll: the action waits."""

    action: Move | Charge | Shoot
    unit: str
    generals: tuple[str, ...]


class D3State(Game):
    """The fields of a D3 game and the answers read straight off them."""

    terrain: TerrainIndex
    #: The sides in the order they move each turn.
    order: tuple[str, ...]
    pieces: dict[str, Piece]
    judge: VictoryJudge
    exit_edges: dict[str, Edge]
    _turn: int
    _side_index: int
    _phase: str
    _outcome: Outcome | None
    pending: Pending | None
    _exited: bool
    charges: list[tuple[str, str]]
    _obstacles: Obstacles | None
    _shots: dict[str, list[str]] | None
    _unit_arrays: UnitArrays | None
    _present: dict[str, list[Piece]]
    _features_of: dict[frozenset[TerrainType], list[int]]
    _boxes: list[tuple[float, float, float, float]] | None
    _terrain_lines: dict[tuple[float, float, float, float, tuple[int, ...]], bool]
    _checked: PositionCache
    _movers: PositionCache

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return OVER if self._outcome is not None else self._phase

    @property
    def side(self) -> str | None:
        return None if self._outcome is not None else self.order[self._side_index]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def units(self, side: str | None = None, present: bool = True) -> list[Piece]:
        """Units (not generals), of one side or all, on the table unless `present`
        is False.  The lists of units on the table are cached until something
        moves or leaves; do not change them."""
        if not present:
            return [p for p in self.pieces.values()
                    if not p.is_general and (side is None or p.side == side)]
        key = side or ""
        got = self._present.get(key)
        if got is None:
            got = self._present[key] = [
                p for p in self.pieces.values()
                if not p.is_general and (side is None or p.side == side) and p.present]
        return got

    def generals(self, side: str | None = None) -> list[Piece]:
        return [p for p in self.pieces.values()
                if p.is_general and (side is None or p.side == side)]

    def enemy_of(self, side: str) -> str:
        return self.order[1] if side == self.order[0] else self.order[0]

    def _moved(self, p: Piece | None = None) -> None:
        """Something moved (`p`, when only it did): forget what depends on where
        pieces stand (the lists of units on the table depend only on who is on
        it: see `_gone`).  Obstacles, the shot table and the units' arrays hold
        units only, so a general's move keeps them; a unit's move updates its
        own entries in the arrays."""
        if p is not None and p.is_general:
            return
        self._obstacles = None
        self._shots = None
        arr = self._unit_arrays
        if p is None or arr is None:
            self._unit_arrays = None
            return
        for i, q in enumerate(arr.units):
            if q is p:
                arr.circles[i] = (p.x, p.y, math.hypot(p.frontage, p.depth) / 2.0)
                arr.obbs[i] = p.obb()
                return
        self._unit_arrays = None

    def _gone(self) -> None:
        """A unit left the table (eliminated or exited)."""
        self._present = {}
        self._moved()

    def obstacles(self) -> Obstacles:
        if self._obstacles is None:
            us = self.units()
            self._obstacles = Obstacles(Footprints(us), [u.id for u in us],
                                        rects=[u.corners() for u in us])
        return self._obstacles

    def hits_left(self, u: Piece) -> int:
        """Hits a unit can still take before it is eliminated."""
        return max(0, R.ELIMINATION_HITS - u.hits)

    def _piece(self, pid: str) -> Piece | str:
        p = self.pieces.get(pid)
        if p is None:
            return f"there is no unit or general '{pid}'"
        return p

    def _unit_ready(self, p: Piece, doing: str) -> str | None:
        side = self.order[self._side_index]
        if p.side != side:
            return f"{p.id} is not on the side to act ({side})"
        if p.status == ELIMINATED:
            return f"{p.id} has been eliminated"
        if p.status == EXITED:
            return f"{p.id} has left the table"
        if p.status == DISORDERED:
            return f"{p.id} is disordered for the rest of the turn"
        if p.moved:
            return f"{p.id} has already moved this turn"
        if p.shot:
            return f"{p.id} has already shot this turn"
        if p.tested and not p.is_general:
            return f"{p.id} has already taken its activation test this turn"
        return None
