"""Generate large valid scenarios for benchmarks and stress tests.

Seeded, so every run measures the same table; valid by construction, so a
benchmark never times an error path.
"""

from __future__ import annotations

import math
import random

from desktop.scenario.model import (
    Base,
    EllipseShape,
    Game,
    HoldObjectives,
    LastManStanding,
    LineShape,
    Objective,
    Officer,
    PolygonShape,
    RectShape,
    Scenario,
    Side,
    Table,
    TerrainFeature,
    TurnLimit,
    Unit,
)
from desktop.scenario.vocabulary import (
    DEFAULT_CV,
    DEFAULT_FIGURES,
    DEFAULT_FORMATION,
    LINEAR_TERRAIN,
    CommandRole,
    Edge,
    Quality,
    Rank,
    TerrainType,
    UnitType,
)

_UNIT_MIX = (
    UnitType.LINE_INFANTRY,
    UnitType.LINE_INFANTRY,
    UnitType.LINE_INFANTRY,
    UnitType.LIGHT_INFANTRY,
    UnitType.CAVALRY,
    UnitType.FOOT_ARTILLERY,
    UnitType.HORSE_ARTILLERY,
)


def _feature(rng: random.Random, i: int, ftype: TerrainType, w: float, d: float) -> TerrainFeature:
    cx, cy = rng.uniform(8, w - 8), rng.uniform(d * 0.3, d * 0.7)
    if ftype in LINEAR_TERRAIN:
        n = rng.randint(2, 6)
        ang = rng.uniform(0, math.pi)
        length = rng.uniform(10, 60)
        pts = tuple(
            (
                cx + math.cos(ang) * length * (k / (n - 1) - 0.5) + rng.uniform(-2, 2),
                cy + math.sin(ang) * length * (k / (n - 1) - 0.5) + rng.uniform(-2, 2),
            )
            for k in range(n)
        )
        return TerrainFeature(f"t{i}", ftype, LineShape(pts, width=rng.uniform(0.5, 3.0)),
                              name=f"{ftype.value} {i}")
    kind = i % 3
    if kind == 0:
        shape: PolygonShape | RectShape | EllipseShape = EllipseShape(
            (cx, cy), (rng.uniform(2, 10), rng.uniform(2, 8)), rng.uniform(0, 180)
        )
    elif kind == 1:
        shape = RectShape((cx, cy), (rng.uniform(2, 12), rng.uniform(2, 8)), rng.uniform(0, 90))
    else:
        n = rng.randint(5, 12)
        r = rng.uniform(3, 9)
        pts = tuple(
            (cx + math.cos(2 * math.pi * k / n) * r * rng.uniform(0.7, 1.0),
             cy + math.sin(2 * math.pi * k / n) * r * rng.uniform(0.7, 1.0))
            for k in range(n)
        )
        shape = PolygonShape(pts)
    return TerrainFeature(f"t{i}", ftype, shape, name=f"{ftype.value} {i}")


def _units(side: str, count: int, y0: float, facing: float, w: float, rng: random.Random,
           step: float) -> tuple[Unit, ...]:
    per_row = max(1, int((w - 4) // 5))
    out = []
    for k in range(count):
        utype = _UNIT_MIX[k % len(_UNIT_MIX)]
        quality = (Quality.ELITE, Quality.VETERAN, Quality.REGULAR, Quality.CONSCRIPT)[k % 4]
        row, col = divmod(k, per_row)
        x = 4 + col * 5
        y = y0 + row * step
        out.append(Unit(
            id=f"{side}-{k}", name=f"{side.title()} unit {k}", type=utype, quality=quality,
            cv=DEFAULT_CV[quality], figures=DEFAULT_FIGURES[utype],
            base=Base(4.0, 2.0) if utype not in (UnitType.FOOT_ARTILLERY,
                                                 UnitType.HORSE_ARTILLERY) else Base(2.0, 2.0),
            position=(x, y), facing=facing, formation=DEFAULT_FORMATION[utype],
            command=(CommandRole.OFFICER,) if utype is UnitType.LINE_INFANTRY else (),
            guns=1 if utype in (UnitType.FOOT_ARTILLERY, UnitType.HORSE_ARTILLERY) else 0,
        ))
        _ = rng
    return tuple(out)


def large_scenario(units: int = 1000, features: int = 300, seed: int = 1,
                   ruleset: str | None = None) -> Scenario:
    """A valid scenario with `units` units (split between two sides) and `features`
    terrain, naming `ruleset` as its default (the tests and benchmarks name D3)."""
    rng = random.Random(seed)
    per_side = units // 2
    per_row = 0
    width = 240.0
    per_row = int((width - 4) // 5)
    rows = math.ceil(max(per_side, units - per_side) / per_row)
    band = rows * 3.0 + 2
    depth = max(120.0, band * 2 + 60)
    types = list(TerrainType)
    terrain = tuple(_feature(rng, i, types[i % len(types)], width, depth) for i in range(features))
    north = Side(
        "north", "Army of the North", "#1f4e9c", Edge.NORTH,
        units=_units("north", per_side, 2.0, 180.0, width, rng, 3.0),
        officers=(Officer("north-c", "General North", Rank.COMMANDER, (width / 2, 1.0)),),
    )
    south = Side(
        "south", "Army of the South", "#b22222", Edge.SOUTH,
        units=_units("south", units - per_side, depth - band, 0.0, width, rng, 3.0),
        officers=(Officer("south-c", "General South", Rank.COMMANDER, (width / 2, depth - 1.0)),),
    )
    game = Game(
        deployment_depth=band + 1,
        objectives=(
            Objective("o1", "Mill", (width * 0.25, depth / 2)),
            Objective("o2", "Church", (width * 0.5, depth / 2)),
            Objective("o3", "Farm", (width * 0.75, depth / 2)),
        ),
        victory=(LastManStanding(), HoldObjectives(count=2), TurnLimit(turns=12)),
    )
    return Scenario(
        title=f"Generated battle ({units} units, {features} features)",
        table=Table(width=width, depth=depth),
        sides=(north, south),
        terrain=terrain,
        game=game,
        briefing="A generated table for benchmarks and stress tests.",
        ruleset=ruleset,
    )
