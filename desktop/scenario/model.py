"""The scenario as immutable values.

Frozen dataclasses make undo trivial and safe: an editor command swaps one
value for another, and structural sharing keeps that cheap.  Lengths are in
inches, angles in degrees (a compass bearing: 0 faces the top edge).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from desktop.scenario.vocabulary import (
    DEFAULT_DEPLOYMENT_DEPTH,
    DEFAULT_OBJECTIVE_RADIUS,
    CommandRole,
    Edge,
    Formation,
    GameType,
    LengthUnit,
    PropertyValue,
    Quality,
    Rank,
    TerrainType,
    Trait,
    UnitType,
)

Point = tuple[float, float]

#: 2 added each unit's starting state per ruleset (``start``); see migrate.py.
FORMAT_VERSION = 2

#: A unit's starting state: ruleset id -> field -> value (``start`` in the file).
#: Each ruleset reads its own entry (desktop.rules.start); the others ignore it.
StartState = dict[str, dict[str, int | bool]]


@dataclass(frozen=True)
class Grid:
    square: float = 6.0
    origin: Point = (0.0, 0.0)


def column_name(col: int) -> str:
    """a, b, ... z, aa, ab ...: the column part of a square's name (0 is "a"), as the
    grid rulesets write it, the play window labels the edges and the map prints it."""
    out = ""
    n = col + 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a") + r) + out
    return out


@dataclass(frozen=True)
class Table:
    width: float
    depth: float
    unit: LengthUnit = LengthUnit.INCH
    span: float = 7.0
    grid: Grid | None = None


# --- terrain geometry -------------------------------------------------------


@dataclass(frozen=True)
class PolygonShape:
    points: tuple[Point, ...]
    kind: ClassVar[str] = "polygon"


@dataclass(frozen=True)
class LineShape:
    points: tuple[Point, ...]
    width: float
    smooth: bool = False
    kind: ClassVar[str] = "line"


@dataclass(frozen=True)
class RectShape:
    centre: Point
    size: tuple[float, float]
    rotation: float = 0.0
    kind: ClassVar[str] = "rectangle"


@dataclass(frozen=True)
class EllipseShape:
    centre: Point
    radii: tuple[float, float]
    rotation: float = 0.0
    kind: ClassVar[str] = "ellipse"


Shape = PolygonShape | LineShape | RectShape | EllipseShape


@dataclass(frozen=True)
class TerrainFeature:
    id: str
    type: TerrainType
    shape: Shape
    name: str = ""
    properties: dict[str, PropertyValue] = field(default_factory=dict)

    def prop(self, key: str) -> PropertyValue:
        """A type-specific property, falling back to the vocabulary default."""
        from desktop.scenario.vocabulary import TERRAIN_PROPERTIES

        if key in self.properties:
            return self.properties[key]
        return TERRAIN_PROPERTIES[self.type][key]


# --- forces -------------------------------------------------------------------


@dataclass(frozen=True)
class Base:
    frontage: float
    depth: float


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    type: UnitType
    quality: Quality
    cv: int
    figures: int
    base: Base
    position: Point
    facing: float = 0.0
    formation: Formation = Formation.LINE
    command: tuple[CommandRole, ...] = ()
    traits: tuple[Trait, ...] = ()
    guns: int = 0
    #: How the unit starts the battle under each ruleset (already shaken, hits
    #: marked, men running...); empty: fresh.  Left out of the hash (a dict).
    start: StartState = field(default_factory=dict, hash=False)

    def moved(self, position: Point, facing: float | None = None) -> Unit:
        return replace(self, position=position, facing=self.facing if facing is None else facing)


@dataclass(frozen=True)
class Officer:
    id: str
    name: str
    rank: Rank
    position: Point
    facing: float = 0.0
    attached_to: str | None = None


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    colour: str
    baseline: Edge
    units: tuple[Unit, ...] = ()
    officers: tuple[Officer, ...] = ()


# --- the game -----------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    position: Point
    radius: float = DEFAULT_OBJECTIVE_RADIUS


@dataclass(frozen=True)
class LastManStanding:
    """A side with no units left on the table loses."""

    kind: ClassVar[str] = "last_man_standing"


@dataclass(frozen=True)
class AllRegularsLost:
    """A side that has lost all its line infantry loses (Kiddies)."""

    side: str | None = None
    kind: ClassVar[str] = "all_regulars_lost"


@dataclass(frozen=True)
class ExitUnits:
    """`side` wins by moving `count` units off `edge` (default: the enemy baseline)."""

    side: str
    count: int
    edge: Edge | None = None
    kind: ClassVar[str] = "exit_units"


@dataclass(frozen=True)
class OccupyFeature:
    """`side` wins by having `figures` figures inside terrain feature `feature`."""

    side: str
    feature: str
    figures: int = 1
    kind: ClassVar[str] = "occupy_feature"


@dataclass(frozen=True)
class HoldObjectives:
    """A side (or `side` only) wins by holding `count` of the listed objectives."""

    count: int
    objectives: tuple[str, ...] = ()
    side: str | None = None
    kind: ClassVar[str] = "hold_objectives"


@dataclass(frozen=True)
class TurnLimit:
    """After `turns` turns the game ends; `fallback` is 'draw', a side id or 'defender'."""

    turns: int
    fallback: str = "draw"
    kind: ClassVar[str] = "turn_limit"


@dataclass(frozen=True)
class ArmyBreak:
    """A side that has lost `fraction` of its units loses."""

    fraction: float = 0.5
    side: str | None = None
    kind: ClassVar[str] = "army_break"


VictoryCondition = (
    LastManStanding
    | AllRegularsLost
    | ExitUnits
    | OccupyFeature
    | HoldObjectives
    | TurnLimit
    | ArmyBreak
)

VICTORY_KINDS: dict[str, type[VictoryCondition]] = {
    c.kind: c
    for c in (
        LastManStanding,
        AllRegularsLost,
        ExitUnits,
        OccupyFeature,
        HoldObjectives,
        TurnLimit,
        ArmyBreak,
    )
}


@dataclass(frozen=True)
class Game:
    type: GameType = GameType.ENCOUNTER
    defender: str | None = None
    deployment_depth: float = DEFAULT_DEPLOYMENT_DEPTH
    #: Deployment zones drawn by hand, by side id; other sides get the default.
    deployment: dict[str, PolygonShape] = field(default_factory=dict)
    objectives: tuple[Objective, ...] = ()
    victory: tuple[VictoryCondition, ...] = ()


@dataclass(frozen=True)
class Scenario:
    title: str
    table: Table
    sides: tuple[Side, ...]
    terrain: tuple[TerrainFeature, ...] = ()
    game: Game = field(default_factory=Game)
    briefing: str = ""
    author: str = ""
    ruleset: str | None = None
    ruleset_options: dict[str, dict[str, PropertyValue]] = field(default_factory=dict)
    format_version: int = FORMAT_VERSION

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def feature(self, feature_id: str) -> TerrainFeature:
        for f in self.terrain:
            if f.id == feature_id:
                return f
        raise KeyError(feature_id)

    def all_units(self) -> list[tuple[Side, Unit]]:
        return [(s, u) for s in self.sides for u in s.units]

    def unit(self, unit_id: str) -> Unit:
        for s in self.sides:
            for u in s.units:
                if u.id == unit_id:
                    return u
        raise KeyError(unit_id)

    def side_of(self, unit_id: str) -> Side:
        for s in self.sides:
            if any(u.id == unit_id for u in s.units) or any(
                o.id == unit_id for o in s.officers
            ):
                return s
        raise KeyError(unit_id)
