"""Tactical Dice numbers and rulings, each one named (seed 001; RULINGS.md).

Every case the seed leaves open and RULINGS.md does not settle is decided
here by a named constant and written down in docs/rulings.md ("Tactical
Dice").
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from desktop.scenario.vocabulary import Quality, TerrainType, UnitType

RULESET_ID: Final = "tactical"


class Face(IntEnum):
    """What a Tactical Die shows (RULINGS: 1 Officer, 2-3 Target, 4 Flag, 5 Fire, 6 Sabre)."""

    OFFICER = 1
    TARGET = 2
    FLAG = 4
    FIRE = 5
    SABRE = 6


#: The face each d6 result stands for.
FACE_OF: Final[dict[int, Face]] = {
    1: Face.OFFICER, 2: Face.TARGET, 3: Face.TARGET, 4: Face.FLAG, 5: Face.FIRE, 6: Face.SABRE,
}

# --- troop quality and Combat Value ----------------------------------------------

#: Troop quality is the number of Tactical Dice a unit throws (RULINGS).
QUALITY_DICE: Final[dict[Quality, int]] = {
    Quality.ELITE: 4, Quality.VETERAN: 4, Quality.REGULAR: 3, Quality.CONSCRIPT: 2,
}
#: Artillery is always Trained, with a CV of 7 (RULINGS), whatever the file says.
ARTILLERY_QUALITY: Final = Quality.REGULAR
ARTILLERY_CV: Final = 7
#: Never fewer dice than this after modifiers; a throw of 0 dice is no throw.
MIN_DICE: Final = 0

# --- the grid --------------------------------------------------------------------

#: Ruling: a square takes an area terrain type only if that type covers more
#: than this share of it ("the terrain covering most of it"); otherwise open.
TERRAIN_MAJORITY: Final = 0.5
#: Ruling: a road, river, fence or wall counts in a square when it covers more
#: than this many square inches of it.
LINEAR_MIN_AREA: Final = 0.05
#: Ruling: lines of sight are traced between square centres; the squares the
#: line crosses (not merely grazing a corner) are the intervening squares.

# --- movement (squares) ----------------------------------------------------------------

#: Formed infantry: two squares without fighting, or one square and fight.
INFANTRY_MOVE: Final = 2
INFANTRY_FIGHTING_MOVE: Final = 1
SKIRMISH_MOVE: Final = 2
CAVALRY_MOVE: Final = 3
CAVALRY_CHARGE: Final = 4
#: The last squares of a cavalry charge that must be in a straight line.
CHARGE_STRAIGHT: Final = 2
OFFICER_MOVE: Final = 3
#: Artillery movement points: a square costs 1, limbering 1 and unlimbering 1
#: (seed: foot "two squares, or one and unlimber"; horse "three, or two and
#: unlimber, or one, unlimber and fire").
ARTILLERY_POINTS: Final[dict[UnitType, int]] = {
    UnitType.FOOT_ARTILLERY: 2, UnitType.HORSE_ARTILLERY: 3,
}
LIMBER_COST: Final = 1
UNLIMBER_COST: Final = 1
#: Horse artillery may unlimber and fire in the same turn after this many squares.
HORSE_FIRE_AFTER_MOVE: Final = 1
#: Fields of tall crops (and difficult ground): the most squares a move may
#: cover when any square of it is such ground.
CROPS_MOVE: Final[dict[str, int]] = {"infantry": 1, "skirmish": 1, "cavalry": 2, "artillery": 1}
#: Skirmishers in woods (and marsh) move one square a turn.
WOOD_SKIRMISH_MOVE: Final = 1

# --- ranges (squares, counted the way a king moves) ----------------------------------

MUSKET_RANGE: Final = 1
#: Ruling: skirmishers reach two squares, so that they can fire past their own
#: screen and at a formed unit behind an enemy screen.
SKIRMISH_RANGE: Final = 2
CANISTER_RANGE: Final[dict[UnitType, int]] = {
    UnitType.FOOT_ARTILLERY: 3, UnitType.HORSE_ARTILLERY: 2,
}
EFFECTIVE_RANGE: Final[dict[UnitType, int]] = {
    UnitType.FOOT_ARTILLERY: 8, UnitType.HORSE_ARTILLERY: 6,
}
#: A gun on a hill reaches one square further at effective range.
HILL_RANGE_BONUS: Final = 1

# --- dice modifiers ------------------------------------------------------------------

#: Firing on a unit in a built-up area.
BUA_FIRE_DICE: Final = -2
#: Ruling (docs/rulings.md, "Skirmishers"): the seed lets skirmishers skirmish in a
#: built-up area, so in a skirmish exchange in or into one the penalty above
#: leaves a line that had dice at least this many.
BUA_SKIRMISH_MIN_DICE: Final = 1
#: Close combat against a unit in tall crops.
CROPS_COMBAT_DICE: Final = -1
#: Infantry attacking across a fence or wall.
FENCE_COMBAT_DICE: Final = -1
#: A General (or the commander) in the unit's square, close combat only.
GENERAL_COMBAT_DICE: Final = 1
#: One Flag this turn, or more than half the CV lost: one die fewer each.
FLAGGED_DICE: Final = -1
HALF_CV_DICE: Final = -1
#: Skirmishers throw one die a skirmish line (one unit is one line).
SKIRMISH_DICE: Final = 1
#: A square formed late fires with this many dice.
LATE_SQUARE_DICE: Final = 1

# --- rulings on effects ------------------------------------------------------------------

#: Ruling: for victory a spent unit (0 CV, "ceased to be effective") counts as
#: lost and holds no objective, though it stays on the table until it routs.
SPENT_COUNTS_AS_LOST: Final = True
#: Ruling: a halt lasts to the end of the next turn (the unit loses its next
#: move) unless an officer rallies it first.
HALT_TURNS: Final = 1
#: Ruling: a unit that must retire but finds every square back blocked routs.
RETIRE_BLOCKED_ROUTS: Final = True
#: Ruling: skirmishers, dispersed, are hit only by Fire faces, from anyone.
SKIRMISHERS_HIT_BY_FIRE_ONLY: Final = True
#: Ruling: artillery at canister range hits on Targets only (not Fire as well).
CANISTER_ALSO_FIRE: Final = False
#: Ruling: close combat continues for at most this many turns; then both sides
#: retire (only the attackers if the defenders hold a built-up area).
CLOSE_COMBAT_TURNS: Final = 2
#: Cavalry is blown after this many turns of close combat in a row.
BLOWN_AFTER: Final = 2
#: Ruling: blown cavalry may not charge until the end of the next turn.
BLOWN_REST_TURNS: Final = 1
#: Ruling: gunners who shelter from a late-formed charge leave their guns
#: silent until the end of the next turn.
SHELTER_TURNS: Final = 1
#: Defensive fire that inflicts this many Flags halts the attackers (RULINGS).
HALTING_FLAGS: Final = 2
#: Cavalry pursuing broken infantry or gunners throws this many extra dice.
PURSUIT_EXTRA_DICE: Final = 1
#: The officer casualty roll (RULINGS): 1 killed, 2 wounded, 3-6 unharmed.
OFFICER_KILLED_ON: Final = 1
OFFICER_WOUNDED_ON: Final = 2
#: A wounded officer rolls each turn; on this he is carried off the field.
WOUND_LEAVES_ON: Final = 1
#: A rally succeeds on this roll.
RALLY_ON: Final = 6
#: Ruling: Generals and ADCs in a unit's square go with it when it moves,
#: charges, retires or pursues (on its own move, that is their move too).
OFFICERS_RIDE_ALONG: Final = True
#: Turns played when the scenario sets no turn limit.
DEFAULT_TURN_LIMIT: Final = 10

# --- terrain groups --------------------------------------------------------------------

OPEN: Final = "open"
WOOD: Final = "wood"
TOWN: Final = "town"
HILL: Final = "hill"
CROPS: Final = "crops"
LAKE: Final = "lake"
MARSH: Final = "marsh"
ROUGH: Final = "rough"

#: Area terrain read per square, by the name a square shows.
AREA_GROUPS: Final[dict[str, frozenset[TerrainType]]] = {
    WOOD: frozenset({TerrainType.WOOD}),
    TOWN: frozenset({TerrainType.TOWN, TerrainType.BUILDING}),
    HILL: frozenset({TerrainType.HILL, TerrainType.RIDGE}),
    CROPS: frozenset({TerrainType.CROPS}),
    LAKE: frozenset({TerrainType.LAKE}),
    MARSH: frozenset({TerrainType.MARSH}),
    ROUGH: frozenset({TerrainType.DIFFICULT}),
}
WATER: Final = frozenset({TerrainType.RIVER, TerrainType.STREAM})
CROSSINGS: Final = frozenset({TerrainType.BRIDGE, TerrainType.FORD})
#: Fences and walls: formed troops stop on crossing, fire counts only Fire hits.
BARRIERS: Final = frozenset({
    TerrainType.FENCE, TerrainType.LOW_WALL, TerrainType.HIGH_WALL,
    TerrainType.REDOUBT, TerrainType.TRENCH,
})
#: Ruling: high walls (an estate's) keep out cavalry and artillery; infantry and
#: officers pass by the gates (formed infantry stops there); they block sight.
IMPASSABLE_BARRIERS: Final = frozenset({TerrainType.HIGH_WALL})
SIGHT_BARRIERS: Final = frozenset({TerrainType.HIGH_WALL})
