"""A D3 piece: a unit or a general as it stands on the table, with the facts
that depend only on where it stands cached until it moves.

Kept apart from the game so that the helpers the game uses (the move sampler,
the odds) can name it without importing the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from shapely.geometry import Polygon

from desktop.rules.d3 import rules as R
from desktop.scenario.vocabulary import UnitType
from desktop.table.movement import OBB, Access, obb
from desktop.table.shapes import corners, front_centre_of, rect

Point = tuple[float, float]

ACTIVE = "active"
DISORDERED = "disordered"
ELIMINATED = "eliminated"
EXITED = "exited"


@dataclass(slots=True)
class Piece:
    """A unit or a general on the table (mutable; cloned by `copy`)."""

    id: str
    side: str
    name: str
    type: UnitType | None  # None for a general
    rank: str
    frontage: float
    depth: float
    x: float
    y: float
    facing: float
    figures: int = 0
    hits: int = 0
    status: str = ACTIVE
    deployed: bool = False
    moved: bool = False
    shot: bool = False
    tested: bool = False  # took its activation test this turn
    charging: str | None = None
    rerolls_used: int = 0
    must_evade: bool = False
    _fp: Polygon | None = field(default=None, repr=False)
    #: Facts that depend only on where the piece stands (town, sight exemptions).
    _here: dict[str, Any] = field(default_factory=dict, repr=False)

    def copy(self) -> Piece:
        """A copy sharing the facts about where it stands (they are only ever
        replaced, never changed, when a piece moves).  What copy.copy does, at a
        fifth of its cost: the computer player clones the game some fifty times
        a decision."""
        return Piece(self.id, self.side, self.name, self.type, self.rank, self.frontage,
                     self.depth, self.x, self.y, self.facing, self.figures, self.hits,
                     self.status, self.deployed, self.moved, self.shot, self.tested,
                     self.charging, self.rerolls_used, self.must_evade, self._fp, self._here)

    @property
    def is_general(self) -> bool:
        return self.type is None

    @property
    def present(self) -> bool:
        return self.status in (ACTIVE, DISORDERED)

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def place(self, x: float, y: float, facing: float) -> None:
        self.x, self.y, self.facing = x, y, facing % 360.0
        self._fp = None
        self._here = {}

    def fp(self) -> Polygon:
        if self._fp is None:
            self._fp = rect(self.x, self.y, self.frontage, self.depth, self.facing)
        return self._fp

    def front_centre(self) -> Point:
        return front_centre_of(self.x, self.y, self.depth, self.facing)

    def obb(self) -> OBB:
        got = self._here.get("obb")
        if got is None:
            got = self._here["obb"] = obb(self.x, self.y, self.frontage, self.depth, self.facing)
        return got

    def corners(self) -> list[Point]:
        got = self._here.get("corners")
        if got is None:
            got = self._here["corners"] = corners(
                self.x, self.y, self.frontage, self.depth, self.facing)
        return list(got)

    @property
    def allowance(self) -> float:
        if self.type is None:
            return R.GENERAL_ALLOWANCE
        return R.MOVE_ALLOWANCE[self.type]

    def access(self) -> Mapping[Any, Access]:
        if self.type is None:
            return R.GENERAL_ACCESS
        return R.TERRAIN_ACCESS[self.type]


class Footprints(Sequence[Polygon]):
    """The footprints of some pieces as they stand now, each built only when
    read: sight and move tests on bases use their corners, and most never need
    the polygon.  Where each piece stood is noted at once, so a piece that
    moves later (in this game or the one it was cloned from) does not change
    the answer."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self._pieces = list(pieces)
        self._at = [(p.x, p.y, p.frontage, p.depth, p.facing) for p in self._pieces]

    def __len__(self) -> int:
        return len(self._pieces)

    def _built(self, i: int) -> Polygon:
        p, at = self._pieces[i], self._at[i]
        if (p.x, p.y, p.frontage, p.depth, p.facing) == at:
            return p.fp()
        return rect(*at)

    @overload
    def __getitem__(self, i: int) -> Polygon: ...

    @overload
    def __getitem__(self, i: slice) -> list[Polygon]: ...

    def __getitem__(self, i: int | slice) -> Polygon | list[Polygon]:
        if isinstance(i, slice):
            return [self._built(k) for k in range(len(self))[i]]
        return self._built(range(len(self))[i])

    def __iter__(self) -> Iterator[Polygon]:
        return (self._built(k) for k in range(len(self)))
