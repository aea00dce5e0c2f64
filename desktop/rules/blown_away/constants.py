"""Blown Away (seed 003): the numbers of the rules and the project's rulings.

Every case the seed and RULINGS.md leave open is decided here as a named
constant (docs/rulings.md, "Blown Away", explains each one).
"""

from __future__ import annotations

from typing import Final

from desktop.scenario.vocabulary import Formation, TerrainType, UnitType

RULESET_ID: Final = "blown_away"

# --- movement (seed "Moving") -------------------------------------------------------

#: Inches a unit with all its remaining men in ranks may move, by type.
MOVE_ALLOWANCE: Final[dict[UnitType, float]] = {
    UnitType.LINE_INFANTRY: 6.0,
    UnitType.LIGHT_INFANTRY: 6.0,
    UnitType.CAVALRY: 12.0,
    UnitType.FOOT_ARTILLERY: 6.0,
    UnitType.HORSE_ARTILLERY: 6.0,
}
#: A mob (no men in ranks) moves up to this far, in any direction.
MOB_MOVE: Final = 18.0
#: ... and may not pass or end closer than this to enemy troops.
MOB_CLEARANCE: Final = 6.0
#: A move may go obliquely up to this many degrees off the unit's (new) facing.
OBLIQUE_LIMIT: Final = 45.0
#: The stop rule: a move ends once a man is less than this from an enemy that
#: it faces or that faces it (RULINGS: facing = any enemy footprint in the front arc).
STOP_DISTANCE: Final = 4.0
#: Ruling: the stop rule is tested at points this far apart along a move.
STOP_STEP: Final = 0.25
#: Ruling: a swept-away mob is pushed the full mob move, straight away from the
#: unit that met it, or failing that along one of these turns off that line
#: (degrees, tried in order); when none is clear it is eliminated.
SWEEP_TURNS: Final = (0.0, 20.0, -20.0, 40.0, -40.0, 60.0, -60.0, 90.0, -90.0)
#: Formations a unit may take, by type ("form" changes formation and facing).
FORMATIONS: Final[dict[UnitType, tuple[Formation, ...]]] = {
    UnitType.LINE_INFANTRY: (Formation.LINE, Formation.COLUMN),
    UnitType.LIGHT_INFANTRY: (Formation.LINE, Formation.COLUMN),
    UnitType.CAVALRY: (Formation.LINE, Formation.COLUMN),
    UnitType.FOOT_ARTILLERY: (Formation.UNLIMBERED,),
    UnitType.HORSE_ARTILLERY: (Formation.UNLIMBERED,),
}
#: Ruling: terrain that stops a move (the seed names none): what nobody can
#: walk into; rivers only at a bridge or ford; a building may be passed, not held.
IMPASSABLE: Final = frozenset({TerrainType.LAKE})
CROSSING_ONLY: Final = frozenset({TerrainType.RIVER})
NO_END: Final = frozenset({TerrainType.BUILDING})

# --- running and rallying (seed "Combat", "Rallying") -----------------------------------

#: Men made to run go this far to the rear; a unit left with no men in ranks
#: runs this far as a mob (stopping short at the table edge or a unit).
RUN_DISTANCE: Final = 6.0
#: Rally case 1 is barred by enemy men in ranks this close that face the unit.
RALLY_THREAT: Final = 6.0
#: Rally case 2 needs every running man this far from all enemy men in ranks.
RALLY_SAFE: Final = 24.0
#: ... and the commander "next to the unit": within this distance of its footprint.
COMMANDER_NEXT_TO: Final = 1.0
#: Gunners this close to their cannon when they rally go straight back to it.
GUN_RETURN: Final = 6.0
#: Gunners further away walk back this far per turn ("rejoin", their one thing).
GUN_WALK: Final = 6.0
#: Ruling: running command figures are the first to be rallied back to ranks.
RALLY_COMMAND_FIRST: Final = True
#: Ruling: gunners may walk back to their cannon while some men still run.
REJOIN_WHILE_RUNNING: Final = True

# --- long-range artillery (seed "Long-range artillery") ---------------------------------

CANNONBALLS: Final = 4
ARTILLERY_MIN_RANGE: Final = 4.0
ARTILLERY_MAX_RANGE: Final = 36.0
BORE_HALF_ANGLE: Final = 45.0
#: Markers a shot costs, by the target's cover.
COST_OPEN: Final = 1
COST_WALL: Final = 2
COST_WORKS: Final = 3
#: Ruling: what blocks a gun's line of sight (besides other units' bodies).
BLOCKS_SIGHT: Final = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING,
                                 TerrainType.HILL})
#: Ruling: each gun fires at most this many times in its side's turn.
SHOTS_PER_TURN: Final = 1

# --- cover (seed "Combat") -----------------------------------------------------------

#: Works: a unit whose footprint overlaps one is "behind a redoubt or in a trench".
WORKS: Final = frozenset({TerrainType.REDOUBT, TerrainType.TRENCH})
#: Walls: a unit is behind one when it lies between the unit and the enemy
#: and within WALL_REACH of the unit's footprint (fences are soft cover).
WALLS: Final = frozenset({TerrainType.LOW_WALL, TerrainType.HIGH_WALL})
WALL_REACH: Final = 2.0
#: Cavalry may not fight a unit behind a wall, in works, or in these.
CAVALRY_BARRED: Final = frozenset({TerrainType.WOOD})

# --- combat (seed "Combat", "Special combat situations") --------------------------------

#: Combat needs the units less than this far apart (one facing the other).
COMBAT_DISTANCE: Final = 4.0
#: An infantry or artillery unit defending a wall, redoubt or trench adds this.
DEFENCE_BONUS: Final = 3
#: Ruling: the +3 goes to any such unit in the fight, whichever side began it.
DEFENCE_BONUS_EITHER_SIDE: Final = True
CAVALRY_WIN_RUNS: Final = 1
PIKE_OR_GUARD_RUNS: Final = -1
MILITIA_RUNS: Final = 2
FLANK_OR_REAR_RUNS: Final = 4
#: Artillery's face-value runs: Jack, Queen and King make this many run.
COURT_CARD_RUNS: Final = 4
#: Ruling: artillery's face value replaces the count and its modifiers.
ARTILLERY_RUNS_IGNORE_MODIFIERS: Final = True
#: Ruling: gunners away from their cannon fight like infantry and cannot fire.
#: Ruling: a unit left with no men in ranks drops out of its engagement at once.

# --- the game ---------------------------------------------------------------------

#: Ruling: with no turn limit in the scenario the game stops after this many
#: game turns (each side has had one turn) as a draw (option turn_limit; 0 plays on).
DEFAULT_TURN_LIMIT: Final = 40
#: Objectives a side needs when the scenario does not say (seed: three of four).
OBJECTIVES_TO_WIN: Final = 3
