"""The numbers of Sixes, named once: the engine plays by them and the sheets
print them (volley_sixes.sheets), so the two cannot disagree."""

from __future__ import annotations

from typing import Final

from desktop.scenario.vocabulary import Quality, TerrainType, UnitType

RULESET_ID: Final = "sixes"

#: Hits that remove a unit: six, hence the name.
STRENGTH: Final = 6

#: How far each kind of piece moves in its movement phase (inches).
MOVE: Final[dict[UnitType, float]] = {
    UnitType.LINE_INFANTRY: 6.0,
    UnitType.LIGHT_INFANTRY: 8.0,
    UnitType.CAVALRY: 12.0,
    UnitType.FOOT_ARTILLERY: 4.0,
    UnitType.HORSE_ARTILLERY: 8.0,
}
#: How far a general rides (inches).
GENERAL_MOVE: Final = 12.0

#: How far each kind of unit shoots (inches); cavalry does not shoot.
RANGE: Final[dict[UnitType, float]] = {
    UnitType.LINE_INFANTRY: 12.0,
    UnitType.LIGHT_INFANTRY: 12.0,
    UnitType.FOOT_ARTILLERY: 24.0,
    UnitType.HORSE_ARTILLERY: 18.0,
}
#: A target must lie within this many degrees either side of straight ahead.
ARC: Final = 45.0

#: Dice a unit throws when it shoots or charges, by troop quality.
DICE: Final[dict[Quality, int]] = {
    Quality.ELITE: 4,
    Quality.VETERAN: 3,
    Quality.REGULAR: 3,
    Quality.CONSCRIPT: 2,
}
#: One die more for cavalry that charges.
CAVALRY_CHARGE_DICE: Final = 1
#: One die fewer for every this many hits a unit carries.
HITS_PER_DIE_LOST: Final = 2
#: A shot hits on this or more.
HIT_ON: Final = 4
#: ... one more against a target standing in cover.
COVER: Final = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING})
#: Ground no unit may end its move in.
IMPASSABLE: Final = frozenset({TerrainType.LAKE, TerrainType.RIVER, TerrainType.MARSH})

#: A charge reaches an enemy whose centre is at most this far away (inches).
CHARGE_REACH: Final = 6.0
#: The defender of a charge strikes back with this many dice, hitting on 5+.
DEFENDER_DICE: Final = 2
DEFENDER_HIT_ON: Final = 5

#: A general adds a die to the fire of a friendly unit within this distance.
COMMAND_RANGE: Final = 6.0
GENERAL_DICE: Final = 1

#: Turns played when the scenario sets no limit of its own (an option).
DEFAULT_TURN_LIMIT: Final = 8
#: A general's base (the scenario gives officers none).
GENERAL_BASE: Final = 1.5
