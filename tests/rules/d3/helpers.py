"""Small D3 scenarios built in code, so each test shows exactly what it sets up."""

from __future__ import annotations

from collections.abc import Sequence

import desktop.rules  # noqa: F401  (registers d3)
from desktop.rules import registry
from desktop.rules.d3.game import D3Game
from desktop.scenario.model import (
    Base,
    Game,
    LineShape,
    Objective,
    Officer,
    RectShape,
    Scenario,
    Side,
    Table,
    TerrainFeature,
    Unit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import (
    DEFAULT_BASE,
    DEFAULT_FIGURES,
    Edge,
    Quality,
    Rank,
    TerrainType,
    UnitType,
)

INF = UnitType.LINE_INFANTRY
SKIRM = UnitType.LIGHT_INFANTRY
CAV = UnitType.CAVALRY
ART = UnitType.FOOT_ARTILLERY


def unit(uid: str, utype: UnitType, x: float, y: float, facing: float = 0.0) -> Unit:
    return Unit(uid, uid, utype, Quality.REGULAR, 7, DEFAULT_FIGURES[utype],
                Base(*DEFAULT_BASE[utype]), (x, y), facing)


def general(gid: str, x: float, y: float) -> Officer:
    return Officer(gid, gid, Rank.GENERAL, (x, y))


def rect(fid: str, ttype: TerrainType, cx: float, cy: float, w: float, h: float,
         ) -> TerrainFeature:
    return TerrainFeature(fid, ttype, RectShape((cx, cy), (w, h)))


def line(fid: str, ttype: TerrainType, pts: Sequence[tuple[float, float]], width: float,
         ) -> TerrainFeature:
    return TerrainFeature(fid, ttype, LineShape(tuple(pts), width))


def scenario(
    blue: Sequence[Unit] = (),
    red: Sequence[Unit] = (),
    terrain: Sequence[TerrainFeature] = (),
    victory: Sequence[VictoryCondition] = (),
    blue_officers: Sequence[Officer] = (),
    red_officers: Sequence[Officer] = (),
    objectives: Sequence[Objective] = (),
    width: float = 72.0,
    depth: float = 48.0,
) -> Scenario:
    """Blue (baseline south) moves first; red's baseline is north."""
    return Scenario(
        title="test", table=Table(width, depth),
        sides=(
            Side("blue", "Blue", "#0000ff", Edge.SOUTH, tuple(blue), tuple(blue_officers)),
            Side("red", "Red", "#ff0000", Edge.NORTH, tuple(red), tuple(red_officers)),
        ),
        terrain=tuple(terrain),
        game=Game(objectives=tuple(objectives), victory=tuple(victory)),
        ruleset="d3",
    )


def far_red() -> list[Unit]:
    """A red unit far away in a corner, so red is never wiped out by accident."""
    return [unit("r_far", INF, 68, 3, 180)]


def new_game(sc: Scenario, dice: Sequence[int] = (), seed: int = 1, **options: object) -> D3Game:
    g = registry.get("d3").new_game(sc, options or None, seed, dice)  # type: ignore[arg-type]
    assert isinstance(g, D3Game)
    return g


def to_shooting(g: D3Game) -> None:
    assert g.phase == "movement"
    g.apply_text("end")
    assert g.phase == "shooting"
