"""Kiddies numbers and the project's rulings on it, each with a name.

Seed: ``000_…txt``; RULINGS.md "Kiddies"; the project's own decisions are
documented in docs/rulings.md ("Kiddies").
"""

from __future__ import annotations

from typing import Final

from desktop.scenario.vocabulary import TerrainType

RULESET_ID: Final = "kiddies"

# -- pieces -------------------------------------------------------------------------

#: Figure kinds (the snapshot's "type" stays a UnitType value).
REGULAR: Final = "regular"
SKIRMISHER: Final = "skirmisher"
CAVALRY: Final = "cavalry"
CANNON: Final = "cannon"

#: Depth of one rank of figures, by kind, when a unit's base is split into
#: figures (docs/scenario-format.md: infantry on 1" bases, cavalry 1 x 2").
RANK_DEPTH: Final = {REGULAR: 1.0, SKIRMISHER: 1.0, CAVALRY: 2.0}
#: A cannon's own base (frontage, depth), and its crew's figure base.
CANNON_BASE: Final = (1.5, 2.0)
CREW_BASE: Final = (1.0, 1.0)

# -- movement (seed, "How to move") -----------------------------------------------------

#: Spans per turn by kind; a cannon only when manned at the start of the turn.
MOVE_SPANS: Final = {REGULAR: 1.0, SKIRMISHER: 1.0, CAVALRY: 2.0, CANNON: 1.0}
#: Extra spans when the whole move stays on a road.
ROAD_BONUS_SPANS: Final = 1.0
#: Ruling: a move is "on the road" when the centre's straight path stays within
#: the road (or a bridge over it) widened by this much.
ROAD_TOLERANCE: Final = 0.3
#: Terrain nobody enters (RULINGS: hills impassable, ridges passable).
IMPASSABLE: Final = frozenset({TerrainType.HILL, TerrainType.LAKE})
#: Water crossed only at a bridge, a ford or where a road crosses it.
WATER: Final = frozenset({TerrainType.RIVER})
CROSSINGS: Final = frozenset({TerrainType.BRIDGE, TerrainType.FORD, TerrainType.ROAD})
#: Overlaps of bases smaller than this (square inches) are contact, not overlap.
OVERLAP_EPS: Final = 0.01

# -- groups and crews (RULINGS) ------------------------------------------------------------

VOLLEY_GROUP_SIZE: Final = 5
#: Facings of a volley group (and a charging trio) within this many degrees.
GROUP_FACING_TOLERANCE: Final = 10.0
#: Ruling: neighbours in a line stand side by side: the offset between their
#: centres along their facing is at most this fraction of a base's depth.
LINE_OFFSET_FRACTION: Final = 0.5
#: A cannon is manned by this many regulars of one side within CREW_RANGE.
CREW_SIZE: Final = 2
CREW_RANGE: Final = 1.0
#: Volley groups may not fire with a member in one of these (seed: "in a wood").
NO_VOLLEY_IN: Final = frozenset({TerrainType.WOOD})

# -- shooting -------------------------------------------------------------------------

#: Half-angle of "to the front" for cannon and volley (RULINGS "Front arc").
FRONT_ARC: Final = 45.0
#: Pellet by shooting category (seed, "Projectiles").
PELLET_OF: Final = {"cannon": "large", "volley": "medium", "skirmish": "small"}
#: Strength is written with at most this many decimals (0 < strength <= 1).
STRENGTH_DECIMALS: Final = 2
MIN_STRENGTH: Final = 0.05
#: Terrain the pellet bounces off ("Leggo" buildings, stepped blocks for hills, walls).
SOLID_TERRAIN: Final = frozenset({TerrainType.BUILDING, TerrainType.TOWN, TerrainType.HILL,
                                  TerrainType.HIGH_WALL, TerrainType.LOW_WALL})
#: Terrain that slows the pellet (trees of bricks with gaps between them).
SLOW_TERRAIN: Final = frozenset({TerrainType.WOOD})

# -- cavalry charge (RULINGS) ------------------------------------------------------------

CHARGE_SIZE: Final = 3
CHARGE_SPANS: Final = 2.0
CHARGE_ROAD_SPANS: Final = 3.0
#: Terrain a charge does not stop at: the passable ridge, and (ruling) the chalk
#: lines of roads with their bridges and fords, which are not "features" on a table.
CHARGE_IGNORES: Final = frozenset({TerrainType.RIDGE, TerrainType.ROAD, TerrainType.BRIDGE,
                                   TerrainType.FORD})
#: Precision (inches) of the search for where a charge stops.
CHARGE_PRECISION: Final = 0.02

# -- hand to hand (seed, "Hand to hand fighting") ------------------------------------------------

#: Most infantry against one enemy of the same arm; most infantry against one horseman.
MAX_DOUBLE_UP: Final = 2
MAX_INFANTRY_ON_HORSE: Final = 3

# -- the game ------------------------------------------------------------------------------

#: Ruling: turns played when the scenario sets no turn limit (0 = none).
DEFAULT_TURN_LIMIT: Final = 15
