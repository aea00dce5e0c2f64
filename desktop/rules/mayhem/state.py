"""The mutable state of a Muskets & Mayhem game: units, commanders, the clock.

A game deep-copies this for clone(); nothing here is shared with the scenario.
Every counter a piece holds is an immutable value, so that deep copy is one
shallow copy per piece (State.__deepcopy__): the steady player clones the game
for every candidate it weighs, and the generic deep copy was two thirds of its
thinking time (docs/speed.md, Muskets & Mayhem).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from shapely.geometry import Polygon

from desktop.rules.engine import Outcome
from desktop.rules.mayhem.constants import Morale
from desktop.rules.mayhem.geometry import Foot, base_size, foot, rect
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import ARTILLERY, Formation, Quality, Rank, UnitType

ACTIVE = "active"
ROUTED = "routed"  # failed a check while Shaken, or driven off the table
ELIMINATED = "eliminated"  # every figure lost
REMOVED = "removed"  # lost a melee under option B

STATUSES = (ACTIVE, ROUTED, ELIMINATED, REMOVED)


@dataclass
class Piece:
    """A unit on the table and its counters."""

    id: str
    side: str
    type: UnitType
    quality: Quality
    frontage: float
    depth: float
    start_figures: int
    figures: int
    position: Point
    facing: float
    formation: Formation
    morale: Morale = Morale.NORMAL
    status: str = ACTIVE
    # this turn
    done: bool = False  # has acted in the current interactive phase
    moved: float | None = None  # how far it moved this turn; None if it stood
    reformed: bool = False  # changed formation this turn
    fired: bool = False  # fired this turn (in a fire phase, or at a charger)
    charged: bool = False  # charged or counter-charged this turn
    stood_charge: bool = False  # passed its check when charged this turn
    # lasting
    engaged: str | None = None  # the enemy unit it is locked in melee with
    first_round: bool = False  # the melee it is in has not been fought yet
    checks_due: int = 0  # morale checks waiting for the morale phase
    pending: int = 0  # casualties waiting for the end of the fire phase
    #: Where the last footprint was worked out for (position, facing,
    #: formation) and that footprint: a look-up instead of a new key per call.
    _foot_key: tuple[Point, float, Formation] | None = field(
        default=None, repr=False, compare=False)
    _foot: Foot | None = field(default=None, repr=False, compare=False)

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def casualties(self) -> int:
        return self.start_figures - self.figures

    @property
    def is_artillery(self) -> bool:
        return self.type in ARTILLERY

    @property
    def size(self) -> tuple[float, float]:
        return self.foot().size

    def foot(self) -> Foot:
        """The footprint where the piece stands, with its bounds, centre and reach."""
        k = self._foot_key
        if k is None or k[0] is not self.position or k[1] != self.facing \
                or k[2] is not self.formation:
            self._foot = foot(self.position, base_size(self.frontage, self.depth,
                                                       self.formation), self.facing)
            self._foot_key = (self.position, self.facing, self.formation)
        f = self._foot
        assert f is not None
        return f

    def foot_at(self, position: Point | None = None, facing: float | None = None,
                formation: Formation | None = None) -> Foot:
        """The Foot the piece would have at `position`, `facing`, in `formation`."""
        if position is None and facing is None and formation is None:
            return self.foot()
        size = self.size if formation is None else base_size(
            self.frontage, self.depth, formation)
        return foot(self.position if position is None else position, size,
                    self.facing if facing is None else facing)

    def footprint(self, position: Point | None = None, facing: float | None = None,
                  formation: Formation | None = None) -> Polygon:
        if position is None and facing is None and formation is None:
            return self.foot().poly
        size = self.size if formation is None else base_size(
            self.frontage, self.depth, formation)
        return rect(self.position if position is None else position, size,
                    self.facing if facing is None else facing)


@dataclass
class Commander:
    id: str
    side: str
    rank: Rank
    position: Point
    attached: str | None = None
    done: bool = False


#: Versions handed out to states: every number once in a process.
_VERSIONS = itertools.count()


def new_version() -> int:
    """A version no state has had before."""
    return next(_VERSIONS)


@dataclass
class State:
    sides: tuple[str, str]
    units: dict[str, Piece]
    commanders: dict[str, Commander]
    turn: int = 1
    phase: str = "initiative"
    side: str | None = None
    initiative: str = ""  # the side that won the roll this turn
    first: str = ""  # the side that moves (and fires) first this turn
    outcome: Outcome | None = None
    #: Fire phases: each eligible unit's possible targets, fixed when the phase
    #: starts (nothing moves and casualties wait for the phase's end).
    targets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Melee phase: units whose melee has been fought this phase.
    fought: set[str] = field(default_factory=set)
    #: Changed (to a number never used before) whenever an action has been
    #: applied: two states of one version hold the same (a copy keeps its
    #: original's until either changes), so what was read from one holds for
    #: the other.  Whoever edits a state by hand gives it a new_version().
    version: int = field(default_factory=new_version, compare=False)

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.copy()

    def copy(self) -> State:
        """A copy sharing nothing mutable: pieces and commanders hold only
        immutable values, so each is copied shallowly."""
        new: State = _shallow(self)
        make = object.__new__
        units: dict[str, Piece] = {}
        for k, u in self.units.items():  # _shallow written out: once per piece per copy
            p = units[k] = make(Piece)
            p.__dict__ = u.__dict__.copy()
        new.units = units
        new.commanders = {k: _shallow(c) for k, c in self.commanders.items()}
        new.targets = dict(self.targets)
        new.fought = set(self.fought)
        return new


def _shallow(obj: Any) -> Any:
    new = object.__new__(type(obj))
    new.__dict__ = obj.__dict__.copy()
    return new
