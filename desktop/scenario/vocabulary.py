"""The fixed words of the scenario format, with the defaults that hang off them.

Keeping every vocabulary in one place lets the reader, the editor's combo
boxes, the docs and the printouts agree on spelling.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class LengthUnit(StrEnum):
    INCH = "inch"
    CM = "cm"


CM_PER_INCH: Final = 2.54


class Edge(StrEnum):
    """A table edge; north is the top of the screen (y = 0)."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


OPPOSITE_EDGE: Final[dict[Edge, Edge]] = {
    Edge.NORTH: Edge.SOUTH,
    Edge.SOUTH: Edge.NORTH,
    Edge.EAST: Edge.WEST,
    Edge.WEST: Edge.EAST,
}


class TerrainType(StrEnum):
    HILL = "hill"
    RIDGE = "ridge"  # a passable ridge
    WOOD = "wood"
    TOWN = "town"
    BUILDING = "building"
    RIVER = "river"
    STREAM = "stream"
    ROAD = "road"
    BRIDGE = "bridge"
    FORD = "ford"
    MARSH = "marsh"
    LAKE = "lake"
    CROPS = "crops"  # a field of tall crops
    FENCE = "fence"
    LOW_WALL = "low_wall"
    HIGH_WALL = "high_wall"
    REDOUBT = "redoubt"
    TRENCH = "trench"
    DIFFICULT = "difficult"


#: Types drawn as a line with a width; every other type is an area.
LINEAR_TERRAIN: Final = frozenset(
    {
        TerrainType.RIVER,
        TerrainType.STREAM,
        TerrainType.ROAD,
        TerrainType.FENCE,
        TerrainType.LOW_WALL,
        TerrainType.HIGH_WALL,
        TerrainType.TRENCH,
    }
)

#: Default width (inches) of a linear feature when a file leaves it out.
DEFAULT_LINE_WIDTH: Final[dict[TerrainType, float]] = {
    TerrainType.RIVER: 3.0,
    TerrainType.STREAM: 1.0,
    TerrainType.ROAD: 1.5,
    TerrainType.FENCE: 0.25,
    TerrainType.LOW_WALL: 0.5,
    TerrainType.HIGH_WALL: 0.6,
    TerrainType.TRENCH: 1.0,
}

TERRAIN_LABELS: Final[dict[TerrainType, str]] = {
    TerrainType.HILL: "Hill",
    TerrainType.RIDGE: "Passable ridge",
    TerrainType.WOOD: "Wood",
    TerrainType.TOWN: "Town / built-up area",
    TerrainType.BUILDING: "Building",
    TerrainType.RIVER: "River",
    TerrainType.STREAM: "Stream",
    TerrainType.ROAD: "Road",
    TerrainType.BRIDGE: "Bridge",
    TerrainType.FORD: "Ford",
    TerrainType.MARSH: "Marsh",
    TerrainType.LAKE: "Lake",
    TerrainType.CROPS: "Field of tall crops",
    TerrainType.FENCE: "Fence",
    TerrainType.LOW_WALL: "Low wall",
    TerrainType.HIGH_WALL: "High wall",
    TerrainType.REDOUBT: "Redoubt",
    TerrainType.TRENCH: "Trench",
    TerrainType.DIFFICULT: "Difficult ground",
}

PropertyValue = bool | int | float | str

#: Type-specific properties: name -> default (its type is the default's type).
TERRAIN_PROPERTIES: Final[dict[TerrainType, dict[str, PropertyValue]]] = {
    TerrainType.HILL: {"height": 1},
    TerrainType.RIDGE: {"height": 1},
    TerrainType.WOOD: {"dense": False},
    TerrainType.TOWN: {},
    TerrainType.BUILDING: {"storeys": 1},
    TerrainType.RIVER: {},
    TerrainType.STREAM: {},
    TerrainType.ROAD: {"track": False},
    TerrainType.BRIDGE: {},
    TerrainType.FORD: {},
    TerrainType.MARSH: {},
    TerrainType.LAKE: {},
    TerrainType.CROPS: {"tall": True},
    TerrainType.FENCE: {"height": 0.5},
    TerrainType.LOW_WALL: {"height": 0.5},
    TerrainType.HIGH_WALL: {"height": 1.0},
    TerrainType.REDOUBT: {},
    TerrainType.TRENCH: {},
    TerrainType.DIFFICULT: {},
}


class UnitType(StrEnum):
    LINE_INFANTRY = "line_infantry"
    LIGHT_INFANTRY = "light_infantry"  # skirmishers
    CAVALRY = "cavalry"
    FOOT_ARTILLERY = "foot_artillery"
    HORSE_ARTILLERY = "horse_artillery"


ARTILLERY: Final = frozenset({UnitType.FOOT_ARTILLERY, UnitType.HORSE_ARTILLERY})

UNIT_LABELS: Final[dict[UnitType, str]] = {
    UnitType.LINE_INFANTRY: "Line infantry",
    UnitType.LIGHT_INFANTRY: "Light infantry",
    UnitType.CAVALRY: "Cavalry",
    UnitType.FOOT_ARTILLERY: "Foot artillery",
    UnitType.HORSE_ARTILLERY: "Horse artillery",
}

#: Base (frontage, depth) in inches when a file leaves it out (RULINGS, D3).
DEFAULT_BASE: Final[dict[UnitType, tuple[float, float]]] = {
    UnitType.LINE_INFANTRY: (4.0, 2.0),
    UnitType.LIGHT_INFANTRY: (4.0, 2.0),
    UnitType.CAVALRY: (4.0, 2.0),
    UnitType.FOOT_ARTILLERY: (2.0, 2.0),
    UnitType.HORSE_ARTILLERY: (2.0, 2.0),
}

#: Figures (rank and file plus command; gunners for artillery) by default.
DEFAULT_FIGURES: Final[dict[UnitType, int]] = {
    UnitType.LINE_INFANTRY: 12,
    UnitType.LIGHT_INFANTRY: 6,
    UnitType.CAVALRY: 6,
    UnitType.FOOT_ARTILLERY: 3,
    UnitType.HORSE_ARTILLERY: 3,
}


class Quality(StrEnum):
    ELITE = "elite"
    VETERAN = "veteran"
    REGULAR = "regular"
    CONSCRIPT = "conscript"


QUALITY_LABELS: Final[dict[Quality, str]] = {
    Quality.ELITE: "Elite / Guard",
    Quality.VETERAN: "Veteran",
    Quality.REGULAR: "Regular / Trained",
    Quality.CONSCRIPT: "Conscript / Militia / Raw",
}

#: Starting Combat Value by quality (RULINGS, Tactical Dice), editable per unit.
DEFAULT_CV: Final[dict[Quality, int]] = {
    Quality.ELITE: 10,
    Quality.VETERAN: 10,
    Quality.REGULAR: 7,
    Quality.CONSCRIPT: 4,
}


class Trait(StrEnum):
    GUARD = "guard"
    GRENADIER = "grenadier"
    PIKEMEN = "pikemen"
    MILITIA = "militia"
    RIFLES = "rifles"


class CommandRole(StrEnum):
    """Command figures inside a unit; the flag bearer is the last to go."""

    OFFICER = "officer"
    DRUMMER = "drummer"
    FLAG = "flag"


class Formation(StrEnum):
    LINE = "line"
    COLUMN = "column"
    SQUARE = "square"
    SKIRMISH = "skirmish"
    LIMBERED = "limbered"
    UNLIMBERED = "unlimbered"


DEFAULT_FORMATION: Final[dict[UnitType, Formation]] = {
    UnitType.LINE_INFANTRY: Formation.LINE,
    UnitType.LIGHT_INFANTRY: Formation.SKIRMISH,
    UnitType.CAVALRY: Formation.LINE,
    UnitType.FOOT_ARTILLERY: Formation.UNLIMBERED,
    UnitType.HORSE_ARTILLERY: Formation.UNLIMBERED,
}


class Rank(StrEnum):
    COMMANDER = "commander"
    GENERAL = "general"
    ADC = "adc"


RANK_LABELS: Final[dict[Rank, str]] = {
    Rank.COMMANDER: "Commander-in-chief",
    Rank.GENERAL: "General",
    Rank.ADC: "Aide-de-camp",
}


class GameType(StrEnum):
    ENCOUNTER = "encounter"
    ATTACK_DEFEND = "attack_defend"


#: Depth (inches) of the deployment strip from a baseline, by default.
DEFAULT_DEPLOYMENT_DEPTH: Final = 6.0
#: Radius (inches) of an objective marker, by default.
DEFAULT_OBJECTIVE_RADIUS: Final = 3.0

