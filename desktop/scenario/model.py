"""The scenario as immutable values.

Frozen dataclasses make undo trivial and safe: an editor command swaps one
value for another, and structural sharing keeps that cheap.  Lengths are in
inches, angles in degrees (a compass bearing: 0 faces the top edge).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, ClassVar, TypeVar

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

_T = TypeVar("_T")


def _key(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The tuple of `names`' values, as the generated methods build it."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


def _value(cls: type[_T]) -> type[_T]:
    """Give a dataclass the `__eq__`, `__hash__` and `__repr__` that
    `@dataclass(frozen=True)` would generate, shared instead of compiled.

    Python 3.11 compiles each generated method on its own (`exec`, ≈ 0.2 ms),
    which the model's 21 classes paid at every start before the first frame
    (126 methods).  The classes are declared `eq=False, repr=False` and get
    these closures, which compare, hash and show the same fields the same way
    (tests/scenario/test_model_values.py holds them to the generated ones);
    `__init__` and the frozen `__setattr__`/`__delattr__` are still generated.
    """
    every = fields(cls)  # type: ignore[arg-type]
    compared = _key(tuple(f.name for f in every if f.compare))
    hashed = _key(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)))
    shown = tuple(f.name for f in every if f.repr)

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: object) -> int:
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self: object) -> str:
        return self.__class__.__qualname__ + "(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in shown) + ")"

    for method in (__eq__, __hash__, __repr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    return cls



@_value
@dataclass(frozen=True, eq=False, repr=False)
class Grid:
    """A square grid over the table: the square's side and where its first corner lies."""

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


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Table:
    """The table's size, the unit its lengths are shown in, and its grid if it has one."""

    width: float
    depth: float
    unit: LengthUnit = LengthUnit.INCH
    span: float = 7.0
    grid: Grid | None = None


# --- terrain geometry -------------------------------------------------------


@_value
@dataclass(frozen=True, eq=False, repr=False)
class PolygonShape:
    """An area bounded by its corner points, in order."""

    points: tuple[Point, ...]
    kind: ClassVar[str] = "polygon"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class LineShape:
    """A river, road, wall or the like: a line of points with a width."""

    points: tuple[Point, ...]
    width: float
    smooth: bool = False
    kind: ClassVar[str] = "line"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class RectShape:
    """A rectangle by its centre, its size and its rotation."""

    centre: Point
    size: tuple[float, float]
    rotation: float = 0.0
    kind: ClassVar[str] = "rectangle"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class EllipseShape:
    """An ellipse by its centre, its two radii and its rotation."""

    centre: Point
    radii: tuple[float, float]
    rotation: float = 0.0
    kind: ClassVar[str] = "ellipse"


Shape = PolygonShape | LineShape | RectShape | EllipseShape


@_value
@dataclass(frozen=True, eq=False, repr=False)
class TerrainFeature:
    """One piece of terrain: its type, shape, name and type-specific properties."""

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


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Base:
    """The size of a unit's base (frontage across, depth back)."""

    frontage: float
    depth: float


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Unit:
    """A unit on the table: what it is, how good, how strong and where it stands."""

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


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Officer:
    """A commander, general or ADC, where he stands and whom he rides with."""

    id: str
    name: str
    rank: Rank
    position: Point
    facing: float = 0.0
    attached_to: str | None = None


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Side:
    """One army: its name, colour, home edge, units and officers."""

    id: str
    name: str
    colour: str
    baseline: Edge
    units: tuple[Unit, ...] = ()
    officers: tuple[Officer, ...] = ()
    #: Whether the name takes a plural verb ("Anglo-Allied win"); None: as
    #: guessed from the name (desktop.scenario.wording.plural_name).
    plural: bool | None = None


# --- the game -----------------------------------------------------------------


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Objective:
    """A place worth holding, by position and radius."""

    id: str
    name: str
    position: Point
    radius: float = DEFAULT_OBJECTIVE_RADIUS


@_value
@dataclass(frozen=True, eq=False, repr=False)
class LastManStanding:
    """A side with no units left on the table loses."""

    kind: ClassVar[str] = "last_man_standing"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class AllRegularsLost:
    """A side that has lost all its line infantry loses (Kiddies)."""

    side: str | None = None
    kind: ClassVar[str] = "all_regulars_lost"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class ExitUnits:
    """`side` wins by moving `count` units off `edge` (default: the enemy baseline)."""

    side: str
    count: int
    edge: Edge | None = None
    kind: ClassVar[str] = "exit_units"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class OccupyFeature:
    """`side` wins by having `figures` figures inside terrain feature `feature`."""

    side: str
    feature: str
    figures: int = 1
    kind: ClassVar[str] = "occupy_feature"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class HoldObjectives:
    """A side (or `side` only) wins by holding `count` of the listed objectives."""

    count: int
    objectives: tuple[str, ...] = ()
    side: str | None = None
    kind: ClassVar[str] = "hold_objectives"


@_value
@dataclass(frozen=True, eq=False, repr=False)
class TurnLimit:
    """After `turns` turns the game ends; `fallback` is 'draw', a side id or 'defender'."""

    turns: int
    fallback: str = "draw"
    kind: ClassVar[str] = "turn_limit"


@_value
@dataclass(frozen=True, eq=False, repr=False)
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


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Game:
    """How the battle is fought and won: its type, defender, deployment and victory."""

    type: GameType = GameType.ENCOUNTER
    defender: str | None = None
    deployment_depth: float = DEFAULT_DEPLOYMENT_DEPTH
    #: Deployment zones drawn by hand, by side id; other sides get the default.
    deployment: dict[str, PolygonShape] = field(default_factory=dict)
    objectives: tuple[Objective, ...] = ()
    victory: tuple[VictoryCondition, ...] = ()


@_value
@dataclass(frozen=True, eq=False, repr=False)
class Scenario:
    """A whole scenario: the table, its terrain, both sides and the game."""

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
