"""Muskets & Mayhem by numbers: every figure the seed gives and every ruling we made.

Lengths are in the seed's *units of measurement*; the game converts them to
table inches (a unit is an inch, or a centimetre when the game is played in
centimetres).  Each ruling the seed leaves open is a named constant here and
is written up in docs/rulings.md, "Muskets & Mayhem".
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from desktop.scenario.vocabulary import Formation, Quality, TerrainType, UnitType

RULESET_ID: Final = "mayhem"


class Morale(StrEnum):
    """A unit's current morale state (not its troop quality)."""

    NORMAL = "normal"
    DISORGANISED = "disorganised"
    SHAKEN = "shaken"
    ROUTED = "routed"


#: One failed check moves a unit one step down this ladder; a Shaken unit that
#: fails again routs (RULINGS, M&M).
MORALE_LADDER: Final = (Morale.NORMAL, Morale.DISORGANISED, Morale.SHAKEN, Morale.ROUTED)

#: The number a fire or melee die must reach, by morale state (seed, "To Hit").
HIT_NUMBER: Final[dict[Morale, int]] = {
    Morale.NORMAL: 4,
    Morale.DISORGANISED: 5,
    Morale.SHAKEN: 6,
}

#: The number a save or morale die must reach, by troop quality.  The seed's
#: "Second Rate/Conscript" is the scenario format's `conscript`.
QUALITY_NUMBER: Final[dict[Quality, int]] = {
    Quality.ELITE: 3,
    Quality.VETERAN: 4,
    Quality.REGULAR: 5,
    Quality.CONSCRIPT: 6,
}

#: A morale check is due each time total casualties cross a multiple of this
#: (one stand of four figures).
CASUALTIES_PER_STAND: Final = 4

#: Ruling: a natural 1 always fails a save or a troop-quality check, whatever
#: the modifiers (so an Elite unit in a redoubt still needs 2+).
NATURAL_ONE_FAILS: Final = True

#: Prepared defences: +1 to saves and to troop-quality checks...
DEFENCE_SAVE_BONUS: Final = 1
DEFENCE_MORALE_BONUS: Final = 1
#: ...and +2 (instead of +1, not on top of it) to the check made when charged.
DEFENCE_CHARGED_BONUS: Final = 2

#: Ruling: the terrain types that count as prepared defences.  Redoubts and
#: trenches protect the units standing in them; walls protect the units
#: standing against them (within DEFENCE_WALL_REACH of the wall).
DEFENCE_AREAS: Final = frozenset({TerrainType.REDOUBT, TerrainType.TRENCH})
DEFENCE_WALLS: Final = frozenset({TerrainType.LOW_WALL, TerrainType.HIGH_WALL})
#: Ruling: a unit is behind a wall when its footprint comes within this many
#: inches of the wall (the wall is usually drawn along the unit's front edge).
DEFENCE_WALL_REACH: Final = 0.5

#: An attached commander cancels this many unsaved hits per resolution.
COMMANDER_CANCELS: Final = 1

#: Fire dice: one per this many figures (rounded down) for line infantry and
#: cavalry; light infantry throw one die per base of LIGHT_FIGURES_PER_BASE
#: figures, and a part-filled base still counts (rounded up); artillery throws
#: one per gunner.
FIGURES_PER_FIRE_DIE: Final = 2
LIGHT_FIGURES_PER_BASE: Final = 2

#: Melee: one die per figure; the winner must inflict at least this many more
#: casualties than it takes.
MELEE_MARGIN: Final = 2
#: Double dice multiplier (cavalry charging infantry in line; artillery that
#: passed its check when charged).
DOUBLE_DICE: Final = 2
#: Ruling: "infantry in line" for the cavalry double dice includes skirmish
#: order (open order is no better against horse than a line).
CAVALRY_DOUBLES_AGAINST: Final = frozenset({Formation.LINE, Formation.SKIRMISH})

#: Ranges in units of measurement (seed, "Shooting Ranges").
MUSKET_RANGE: Final = 6.0
ARTILLERY_CLOSE_RANGE: Final = 6.0
ARTILLERY_LONG_RANGE: Final = 20.0
#: Optional house rule (off by default): artillery firing beyond close range
#: hits on one worse (never worse than 6).  The seed's to-hit numbers depend on
#: morale alone (004, "To Hit Numbers", lines 44-51); the ruleset option
#: `long_range_penalty` turns this on for players who want range to matter.
LONG_RANGE_HIT_PENALTY: Final = 1

#: Movement allowances in units of measurement (seed, "Moving").
LINE_MOVE: Final = 12.0
LINE_FIRE_MOVE: Final = 8.0  # a unit that will fire moves at most this
COLUMN_MOVE: Final = 12.0
SQUARE_MOVE: Final = 0.0
ARTILLERY_MOVE: Final = 6.0  # guns unlimbered, manhandled
FOOT_LIMBERED_MOVE: Final = 12.0
#: Ruling: limbered horse artillery moves as cavalry.
HORSE_LIMBERED_MOVE: Final = 20.0
CAVALRY_MOVE: Final = 20.0
COMMANDER_MOVE: Final = 30.0
#: Ruling: light infantry (skirmish order) move as a line and, like a line,
#: may fire after moving at most LINE_FIRE_MOVE.
SKIRMISH_MOVE: Final = 12.0
#: Ruling: cavalry, too, may fire (carbines) after moving at most LINE_FIRE_MOVE.
CAVALRY_FIRE_MOVE: Final = 8.0


def move_allowance(unit_type: UnitType, formation: Formation) -> float:
    """The full move, in units of measurement, of a unit in a formation."""
    if unit_type is UnitType.CAVALRY:
        return CAVALRY_MOVE
    if unit_type in (UnitType.FOOT_ARTILLERY, UnitType.HORSE_ARTILLERY):
        if formation is Formation.LIMBERED:
            if unit_type is UnitType.HORSE_ARTILLERY:
                return HORSE_LIMBERED_MOVE
            return FOOT_LIMBERED_MOVE
        return ARTILLERY_MOVE
    if formation is Formation.SQUARE:
        return SQUARE_MOVE
    if formation is Formation.COLUMN:
        return COLUMN_MOVE
    if formation is Formation.SKIRMISH:
        return SKIRMISH_MOVE
    return LINE_MOVE


def fire_move_allowance(unit_type: UnitType, formation: Formation) -> float | None:
    """How far a unit may move and still fire this turn; None if it cannot fire at all.

    Artillery fires in its own phase whether or not it moved (unlimbered);
    the other types fire in the Stationary phase when they did not move and
    in the Moving phase when they moved no more than this.
    """
    if unit_type in (UnitType.FOOT_ARTILLERY, UnitType.HORSE_ARTILLERY):
        return None if formation is Formation.LIMBERED else ARTILLERY_MOVE
    if formation is Formation.COLUMN:
        return None  # ruling: an attack column does not fire
    if formation is Formation.SQUARE:
        return 0.0
    if unit_type is UnitType.CAVALRY:
        return CAVALRY_FIRE_MOVE
    return LINE_FIRE_MOVE


#: Ruling: which formations each type may take (the first is where it starts
#: when the scenario gives something it cannot take).
FORMATIONS: Final[dict[UnitType, tuple[Formation, ...]]] = {
    UnitType.LINE_INFANTRY: (Formation.LINE, Formation.COLUMN, Formation.SQUARE),
    UnitType.LIGHT_INFANTRY: (Formation.SKIRMISH,),
    UnitType.CAVALRY: (Formation.LINE,),
    UnitType.FOOT_ARTILLERY: (Formation.UNLIMBERED, Formation.LIMBERED),
    UnitType.HORSE_ARTILLERY: (Formation.UNLIMBERED, Formation.LIMBERED),
}

#: Ruling: the footprint of a column is half the line's frontage and twice its
#: depth; a square's side is half the line's frontage.
COLUMN_FRONTAGE_FACTOR: Final = 0.5
COLUMN_DEPTH_FACTOR: Final = 2.0
SQUARE_SIDE_FACTOR: Final = 0.5

#: Ruling: units that may declare a charge.
CAN_CHARGE: Final = frozenset({UnitType.LINE_INFANTRY, UnitType.LIGHT_INFANTRY, UnitType.CAVALRY})

#: Ruling: a game with no turn limit in its scenario ends after this many turns
#: (a draw unless another victory condition decided it).
DEFAULT_TURN_LIMIT: Final = 12

#: Centimetres per inch, for games played in centimetres.
CM_PER_INCH: Final = 2.54
