"""The records a Tactical Dice game keeps from one position to the next, and
shares with its look-ahead copies: where a unit may go from a square
(`_Paths`), what a unit of the side to act may do (`_UnitActions`) and the
legal list piece by piece (`_Kept`).  Plain records: the parts of the game
in the other modules of this package fill and read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from desktop.rules.engine import Action
from desktop.rules.tactical.grid import Square

Path = tuple[Square, ...]


@dataclass
class _Paths:
    """Where one unit may go from one square, with the ground and the pieces around
    it as they stand (see TacticalGame._find_paths).  The squares and the fewest
    steps to each are found by a search over (square, limit); the paths themselves
    are walked only when asked for (a move applied, a charge judged, a person
    looking): listing every simple path was two fifths of random play."""

    kind: str
    start: Square
    charge: bool
    #: Steps allowed from the start, its own ground counted.
    limit: int
    #: The pieces that can change these paths, coded as `_paths_of` codes them
    #: (see `_ground_codes`): any other piece may come and go.
    near: frozenset[int]
    occupied: frozenset[Square]
    #: Squares next to an enemy (a path ends there).
    touch: frozenset[Square]
    #: Every square a path may end at and the fewest steps to it, in the order found.
    ends: dict[Square, int]
    #: Plain moves: the first shortest path to each square, as asked for.
    moves: dict[Square, Path] = field(default_factory=dict)
    #: Every simple path and the paths ending at each square, once asked for.
    every: tuple[list[Path], dict[Square, list[Path]]] | None = None
    #: charge_path answers by (end, final step, cavalry).
    charges: dict[tuple[Square, Square, bool], Path | None] = field(default_factory=dict)
    #: The squares next to the start or an end (where a charge's target may stand).
    next_to: set[Square] | None = None
    #: The plain moves as actions, by unit.
    actions: dict[str, list[Action]] = field(default_factory=dict)


class _UnitActions(NamedTuple):
    """What one unit of the side to act may do, in the legal list's order, in four
    parts, each kept while nothing it depends on has changed.  (A named tuple: one
    is made for every unit at every new list, and a frozen dataclass's fields
    cost a call each to set.)"""

    fires: list[Action]
    moves: list[Action]
    charges: list[Action]
    limbers: list[Action]
    #: An enemy changing within this many squares (as a king steps) can change
    #: the fires (targets within range, their screens one more); a friend only
    #: by standing between (within range, and never between neighbours).
    fire_reach: int
    fire_friends: int
    #: The pieces whose change can change the moves and the charges, coded as
    #: `_paths_of` codes them (`_Paths.near`; empty when the unit may not move
    #: or charge whatever the others do).
    move_near: frozenset[int]
    charge_near: frozenset[int]
    #: Its paths (plain and charging) as they were when the lists were made.
    walk: _Paths | None
    charge: _Paths | None


@dataclass(frozen=True)
class _Kept:
    """The legal list of one position, piece by piece (TacticalGame._kept_actions).
    Never changed once made, so positions and their copies share it."""

    #: Turn, phase and side: any change of these starts the lists afresh.
    key: tuple[int, str, str | None]
    #: Each unit's and officer's stamp (state.Stamped) and square when the lists
    #: were made (and whether the unit was on the table).
    seen_units: dict[str, tuple[int, Square, bool]]
    seen_officers: dict[str, tuple[int, Square]]
    #: The side's units on the table and officers on the field, by id.
    mine: tuple[str, ...]
    leaders: tuple[str, ...]
    units: dict[str, _UnitActions]
    officers: dict[str, list[Action]]
