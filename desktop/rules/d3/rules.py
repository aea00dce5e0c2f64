"""D3 Horse and Musket: the numbers of the rules and the rulings that fill its gaps.

Every constant is cited in docs/rulings.md ("D3").  The seed is
``002_…txt``; RULINGS.md ("D3") settles some cases, the rest are decided here.
"""

from __future__ import annotations

from typing import Final

from desktop.scenario.vocabulary import TerrainType, UnitType
from desktop.table.movement import Access
from desktop.table.shapes import CONTACT_GAP

INF = UnitType.LINE_INFANTRY
SKIRM = UnitType.LIGHT_INFANTRY
CAV = UnitType.CAVALRY
FOOT_ART = UnitType.FOOT_ARTILLERY
HORSE_ART = UnitType.HORSE_ARTILLERY
ARTILLERY: Final = frozenset({FOOT_ART, HORSE_ART})

# --- activation (seed: "Activation Test") -----------------------------------------
#: A unit activates when the d6 times this is greater than its hits.
ACTIVATION_MULTIPLIER: Final = 2
#: A general may re-roll a failed activation of a unit this close (inches, from
#: the general's centre to the nearest point of the unit's base).
GENERAL_REROLL_RANGE: Final = 12.0
#: Re-rolls each general may make per game turn.
GENERAL_REROLLS_PER_TURN: Final = 1

# --- movement -------------------------------------------------------------------------
MOVE_ALLOWANCE: Final[dict[UnitType, float]] = {
    INF: 6.0, SKIRM: 9.0, CAV: 12.0, FOOT_ART: 6.0, HORSE_ART: 6.0,
}
GENERAL_ALLOWANCE: Final = 12.0
#: A general's base (frontage, depth): the scenario gives officers no base.
GENERAL_BASE: Final = (1.5, 1.5)
#: An ordinary move may not end in contact with an enemy (only charges may).
ENEMY_MIN_GAP: Final = CONTACT_GAP + 1e-6
#: Crossing a stream or river "takes a full move": the crossing move must start
#: with the base this close to the water.
CROSSING_START_GAP: Final = 1.0
#: A bridge or ford lets a base across the river this far either side of it.
CROSSING_SLACK: Final = 2.0

_WATER_AND_BOG: Final[dict[TerrainType, Access]] = {
    TerrainType.MARSH: Access.NO_ENTRY,
    TerrainType.LAKE: Access.NO_ENTRY,
    TerrainType.RIVER: Access.CROSSING_FULL_MOVE,
    TerrainType.STREAM: Access.FULL_MOVE,
}

#: How each unit type may treat each terrain type (seed: "Terrain").
TERRAIN_ACCESS: Final[dict[UnitType, dict[TerrainType, Access]]] = {
    INF: {**_WATER_AND_BOG, TerrainType.WOOD: Access.NO_ENTRY},
    SKIRM: {
        **_WATER_AND_BOG,
        TerrainType.TOWN: Access.NO_END,
        TerrainType.BUILDING: Access.NO_END,
    },
    CAV: {
        **_WATER_AND_BOG,
        TerrainType.WOOD: Access.NO_ENTRY,
        TerrainType.DIFFICULT: Access.NO_ENTRY,
    },
    FOOT_ART: {
        **_WATER_AND_BOG,
        TerrainType.STREAM: Access.NO_ENTRY,
        TerrainType.WOOD: Access.NO_ENTRY,
        TerrainType.DIFFICULT: Access.NO_ENTRY,
        TerrainType.TOWN: Access.NO_END,
        TerrainType.BUILDING: Access.NO_END,
    },
}
TERRAIN_ACCESS[HORSE_ART] = TERRAIN_ACCESS[FOOT_ART]
#: Generals ride where they like, but not into a marsh or a lake, and over a
#: river only at a bridge or ford.
GENERAL_ACCESS: Final[dict[TerrainType, Access]] = {
    TerrainType.MARSH: Access.NO_ENTRY,
    TerrainType.LAKE: Access.NO_ENTRY,
    TerrainType.RIVER: Access.CROSSING_ONLY,
}

# --- shooting ---------------------------------------------------------------------------
SHOOTING_RANGE: Final[dict[UnitType, float]] = {
    INF: 12.0, SKIRM: 12.0, FOOT_ART: 48.0, HORSE_ART: 48.0,
}
#: Hits are D3 plus this.
SHOOTING_MODIFIER: Final[dict[UnitType, int]] = {INF: 0, SKIRM: -1, FOOT_ART: -1, HORSE_ART: -1}
#: Field of fire: degrees either side of the facing, from the front centre.
FIELD_OF_FIRE: Final = 45.0
COVER_MODIFIER: Final = -1
#: A target is in cover when at least this share of its base is in these.
COVER_TYPES: Final = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING,
                                TerrainType.REDOUBT, TerrainType.TRENCH})
COVER_AREA_FRACTION: Final = 0.5
#: ... or a wall or fence crosses the line of fire this close to the target.
WALL_TYPES: Final = frozenset({TerrainType.FENCE, TerrainType.LOW_WALL, TerrainType.HIGH_WALL})
WALL_COVER_DISTANCE: Final = 1.0
#: A unit whose centre is in one of these fires all round.
TOWN_TYPES: Final = frozenset({TerrainType.TOWN, TerrainType.BUILDING})
#: Terrain that blocks sight through it (not into or out of the feature a unit is in).
SIGHT_BLOCKING: Final = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING})

# --- hand to hand ---------------------------------------------------------------------
CHARGE_MAX_TURN: Final = 45.0
CHARGE_BONUS: Final = 1  # D3 + 1
HILL_DEFENDER_MODIFIER: Final = -1
CAVALRY_DEFENDER_MODIFIER: Final = -1
FLANK_REAR_MULTIPLIER: Final = 2
HILL_TYPES: Final = frozenset({TerrainType.HILL, TerrainType.RIDGE})
#: Fall back this share of the cavalry allowance.
FALL_BACK_FRACTION: Final = 0.5
#: If the full fall back is blocked, try shorter ones in these steps (inches).
FALL_BACK_STEP: Final = 0.5

# --- elimination, generals, the game --------------------------------------------------------
ELIMINATION_HITS: Final = 9
GENERAL_THREAT_RANGE: Final = 6.0
GENERAL_EVADE_DISTANCE: Final = 12.0
#: Directions (degrees off straight away) an evading general tries, in order.
EVADE_TURNS: Final = (0.0, 20.0, -20.0, 40.0, -40.0, 60.0, -60.0, 90.0, -90.0, 120.0, -120.0)
#: Played to this many turns when the scenario sets no turn limit (then a draw).
DEFAULT_TURN_LIMIT: Final = 15
