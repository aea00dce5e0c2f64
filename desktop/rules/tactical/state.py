"""The mutable state of a Tactical Dice game (copied by clone: :meth:`State.copy`)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TypeVar

from desktop.rules.tactical.grid import Square
from desktop.scenario.vocabulary import Quality, Rank, UnitType

#: Unit statuses.
ACTIVE = "active"
#: At 0 CV: ceases to be effective and retires; any further hit or Flag routs it.
SPENT = "spent"
ROUTED = "routed"
#: Skirmishers pushed back into the formed troops they screened.
DRIVEN_IN = "driven_in"
STATUSES = (ACTIVE, SPENT, ROUTED, DRIVEN_IN)
ON_TABLE = (ACTIVE, SPENT)

#: Officer wound states (shown on the wound card).
UNHARMED = "unharmed"
WOUNDED = "wounded"
KILLED = "killed"
CARRIED_OFF = "carried_off"
CAPTURED = "captured"
WOUNDS = (UNHARMED, WOUNDED, KILLED, CARRIED_OFF, CAPTURED)

#: Formations a window may show.
LINE = "line"
SQUARE_FORMATION = "square"
SKIRMISH = "skirmish"
LIMBERED = "limbered"
UNLIMBERED = "unlimbered"


#: Stamps for changed pieces: every change anywhere takes the next number, so a
#: copy and its original never mark different states alike.
_STAMPS = itertools.count(1)
_UNSET = object()


class Stamped:
    """A piece that notes when it changes: setting a field to a new value gives it
    a fresh stamp, so the engine can tell which pieces changed since it last
    looked by comparing stamps, whatever rule changed them (the kept legal list,
    TacticalGame._kept_actions).  Setting a field to the value it has is no change."""

    _stamp: int

    def __setattr__(self, name: str, value: object) -> None:
        d = self.__dict__
        if d.get(name, _UNSET) != value:
            d[name] = value
            d["_stamp"] = next(_STAMPS)


@dataclass
class TUnit(Stamped):
    id: str
    side: str
    type: UnitType
    quality: Quality
    #: Troop quality: the number of Tactical Dice.
    q: int
    start_cv: int
    cv: int
    sq: Square
    facing: float
    formation: str
    status: str = ACTIVE
    # -- this turn ---------------------------------------------------------------
    #: Squares moved this turn.
    moved: int = 0
    #: Artillery movement points spent this turn (squares, limbering, unlimbering).
    points: int = 0
    #: Has made its move or charge (or been rallied) this turn.
    acted: bool = False
    fired: bool = False
    charged: bool = False
    #: Flags suffered this turn (one or more: one die fewer this turn).
    flags_turn: int = 0
    #: A General in its square has cancelled its first Flag this turn.
    flag_cancelled: bool = False
    #: Charged or fired upon this turn (no rally then).
    attacked: bool = False
    #: Flags scored on it by enemy skirmishers this turn (added to a charge).
    skirmish_flags: int = 0
    # -- lasting -----------------------------------------------------------------
    #: Halted up to and including this turn (0: not halted).
    halted_until: int = 0
    #: The turn the guns were unlimbered (foot artillery fires from the next turn).
    unlimbered_turn: int = 0
    #: The enemy it is locked in close combat with, who charged, and the rounds fought.
    engaged: str | None = None
    attacker: bool = False
    rounds: int = 0
    #: Cavalry: turns of close combat in a row, the last one, and where it started.
    cc_turns: int = 0
    cc_last: int = 0
    origin: Square | None = None
    #: Blown horses may not charge up to and including this turn.
    blown_until: int = 0
    #: Gunners sheltering: the guns are silent up to and including this turn.
    silenced_until: int = 0

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

    @property
    def half_cv(self) -> bool:
        """Has lost more than half its starting CV (RULINGS)."""
        return (self.start_cv - self.cv) * 2 > self.start_cv

    def halted(self, turn: int) -> bool:
        return self.halted_until >= turn


@dataclass
class TOfficer(Stamped):
    id: str
    side: str
    rank: Rank
    sq: Square
    wound: str = UNHARMED
    moved: bool = False
    rallied: bool = False

    @property
    def present(self) -> bool:
        return self.wound in (UNHARMED, WOUNDED)

    @property
    def is_general(self) -> bool:
        """Generals (and the commander) add a die and cancel a Flag; ADCs do not."""
        return self.rank is not Rank.ADC


@dataclass
class Pending:
    """An artillery phase shot, rolled at once and applied when the phase ends."""

    shooter: str
    target: str
    hits: int
    flags: int
    officer_due: bool


@dataclass
class State:
    sides: tuple[str, str]
    units: dict[str, TUnit]
    officers: dict[str, TOfficer]
    turn: int = 1
    phase: str = "artillery"
    side: str | None = None
    #: Side order this turn (first mover first), set by the initiative.
    order: tuple[str, str] | None = None
    chooser: str | None = None
    #: Turns in a row each side has had the initiative choice.
    streak: dict[str, int] = field(default_factory=dict)
    rolls: dict[str, int] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    #: Sides done with the artillery phase this turn.
    art_done: list[str] = field(default_factory=list)

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def copy(self) -> State:
        """An independent copy.  Every field of a unit or officer is an immutable
        value (numbers, words, squares, enums), so copying each one's fields is as
        good as a deep copy, at a fraction of the cost; the pending shots are never
        changed once made, only the list is."""
        return State(self.sides, {k: _fields_copy(u) for k, u in self.units.items()},
                     {k: _fields_copy(o) for k, o in self.officers.items()},
                     self.turn, self.phase, self.side, self.order, self.chooser,
                     dict(self.streak), dict(self.rolls), list(self.pending),
                     list(self.art_done))


_T = TypeVar("_T")


def _fields_copy(x: _T) -> _T:
    new: _T = object.__new__(type(x))
    object.__setattr__(new, "__dict__", x.__dict__.copy())  # the stamp goes with it
    return new
