"""What a Blown Away game holds: the phases, the units on the table (a
`Piece` and its men), the commanders and the turn's counters (`State`).

A piece's geometry is cached on it and named by a stamp that every change of
its placement renews (`Piece.__setattr__`), so that the game's answers kept by
stamps (`desktop.rules.blown_away.base`) can never outlive a placement.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.blown_away.men import EDITS, Edits, Men
from desktop.rules.engine import Outcome, Phase
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import ARTILLERY, Formation, Trait, UnitType
from desktop.table.shapes import corners, front_centre_of, rect

ORDERS = "orders"


ARTILLERY_PHASE = "artillery"


COMBAT = "combat"


OVER = "over"

PHASES: tuple[Phase, ...] = (
    Phase(ORDERS, "Move or rally", True,
          "Move one unit, or rally one unit, or change one unit's formation; "
          "the commander may also move any distance."),
    Phase(ARTILLERY_PHASE, "Long-range artillery", True,
          "Guns with cannonballs left may fire at enemies 4\" to 36\" away in their bore arc."),
    Phase(COMBAT, "Combat", True,
          "Engaged units (or units less than 4\" from an enemy, one facing the other) "
          "may fight: each side turns a card."),
)

#: Statuses in the snapshot: men in ranks; a mob with no men in ranks; gone.
ACTIVE = "active"


MOB = "disordered"


ELIMINATED = "eliminated"

#: Fields whose change moves a footprint or removes an obstacle from the table.
_GEOMETRY_FIELDS = frozenset({"pos", "facing", "formation", "eliminated", "frontage", "depth"})


#: Bumped whenever any piece's geometry changes (in any game); the new value
#: becomes that piece's `_stamp`, so a stamp names one placement of one piece
#: and geometry cached under stamps can never outlive the placement.
_EPOCH = [0]


@dataclass
class Piece:
    """One unit on the table (for artillery: its gunners, and its cannon at `gun`).

    Setting a field in `_GEOMETRY_FIELDS` forgets the cached footprint and bumps
    `_EPOCH`, so geometry cached per position can never outlive the position,
    whoever moves the piece (the engine, the play window or a test); setting
    any field to a new value renews `rev`."""

    id: str
    side: str
    name: str
    type: UnitType
    frontage: float
    depth: float
    formation: Formation
    pos: Point
    facing: float
    men: Men
    traits: frozenset[Trait] = frozenset()
    #: Artillery: where the cannon stands (x, y, facing); None for other units.
    gun: tuple[float, float, float] | None = None
    markers: int = 0
    #: Artillery: how many cannon the battery has (each fires once a turn).
    guns: int = 0
    eliminated: bool = False
    fought: bool = False
    shots: int = 0

    @property
    def is_artillery(self) -> bool:
        return self.type in ARTILLERY

    @property
    def ranks(self) -> int:
        return self.men.ranks

    @property
    def running(self) -> int:
        return self.men.running

    @property
    def formed(self) -> bool:
        """Has men in ranks (and is on the table)."""
        return not self.eliminated and self.men.ranks > 0

    @property
    def mob(self) -> bool:
        return not self.eliminated and self.men.ranks == 0 and self.men.running > 0

    @property
    def at_gun(self) -> bool:
        return self.gun is not None and math.dist(self.pos, self.gun[:2]) < 1e-6

    @property
    def status(self) -> str:
        if self.eliminated:
            return ELIMINATED
        return ACTIVE if self.men.ranks > 0 else MOB

    def __setattr__(self, name: str, value: object) -> None:
        d = self.__dict__
        old = d.get(name, _MISSING)
        if old is _MISSING or old != value:
            n = d["_rev"] = next(EDITS)
            owner = d.get("_edits")
            if owner is not None:
                owner.n = n
        if name == "men":
            value.__dict__["_edits"] = d.get("_edits")
        object.__setattr__(self, name, value)
        if name in _GEOMETRY_FIELDS:
            d["_fp"] = None
            d["_box"] = None
            _EPOCH[0] += 1
            d["_stamp"] = _EPOCH[0]

    @property
    def rev(self) -> int:
        """Names this state of the piece's own fields (not its men's: `Men.rev`):
        renewed by every edit that changes a value, whoever makes it; a copy
        keeps it until either changes."""
        rev: int = self.__dict__["_rev"]
        return rev

    @property
    def stamp(self) -> int:
        """Names this placement of this piece (changes whenever it moves)."""
        stamp: int = self.__dict__["_stamp"]
        return stamp

    def size(self, formation: Formation | None = None) -> tuple[float, float]:
        f = self.formation if formation is None else formation
        if f is Formation.COLUMN:
            return (self.depth, self.frontage)
        return (self.frontage, self.depth)

    def fp(self, pos: Point | None = None, facing: float | None = None,
           formation: Formation | None = None) -> BaseGeometry:
        if pos is None and facing is None and formation is None:
            here: BaseGeometry | None = self.__dict__["_fp"]
            if here is None:
                w, d = self.size()
                here = self.__dict__["_fp"] = _rect(self.pos[0], self.pos[1], w, d, self.facing)
            return here
        x, y = self.pos if pos is None else pos
        w, d = self.size(formation)
        return _rect(x, y, w, d, self.facing if facing is None else facing)

    def corners(self) -> list[Point]:
        """The footprint's corners (the very numbers of its polygon)."""
        w, d = self.size()
        return corners(self.pos[0], self.pos[1], w, d, self.facing)

    def box(self) -> tuple[float, float, float, float]:
        """The footprint's bounding box (min x, min y, max x, max y), from its corners."""
        got: tuple[float, float, float, float] | None = self.__dict__["_box"]
        if got is None:
            cs = self.corners()
            xs, ys = [c[0] for c in cs], [c[1] for c in cs]
            got = self.__dict__["_box"] = (min(xs), min(ys), max(xs), max(ys))
        return got

    def copy(self) -> Piece:
        """An independent copy (its men copied; the footprint, immutable, shared)."""
        q = Piece.__new__(Piece)
        d = q.__dict__
        d.update(self.__dict__)
        d["men"] = self.men.copy()
        return q

    @property
    def radius(self) -> float:
        """Half the diagonal of its footprint: nothing of it lies further from its centre."""
        w, d = self.size()
        return math.hypot(w, d) / 2.0

    def front_centre(self) -> Point:
        return front_centre_of(self.pos[0], self.pos[1], self.size()[1], self.facing)


@dataclass
class Commander:
    id: str
    side: str
    name: str
    pos: Point
    facing: float = 0.0


@dataclass
class State:
    sides: tuple[str, str]
    first: str
    pieces: dict[str, Piece]
    commanders: dict[str, Commander]
    objectives: dict[str, str | None]
    turn: int = 1
    side: str = ""
    phase: str = ORDERS
    #: The one thing of the turn (move, rally or formation change) is done.
    acted: bool = False
    commander_moved: bool = False
    #: Pairs of units engaged with each other (sorted ids).
    engaged: set[tuple[str, str]] = field(default_factory=set)
    #: The cards turned in the latest combat, by side.
    last_cards: dict[str, str] = field(default_factory=dict)
    outcome: Outcome | None = None
    #: Renewed by every edit of a piece or its men (`Piece.rev`, `Men.rev`).
    edits: Edits = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        e = self.edits = Edits(next(EDITS))
        for p in self.pieces.values():
            p.__dict__["_edits"] = e
            p.men.__dict__["_edits"] = e

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]


@functools.lru_cache(maxsize=8192)
def _rect(x: float, y: float, w: float, d: float, facing: float) -> BaseGeometry:
    """Footprints are immutable shapely polygons: built once per placement."""
    g = rect(x, y, w, d, facing)
    shapely.prepare(g)
    return g


#: A memo's "not asked yet" (None is an answer).
_MISSING = object()
