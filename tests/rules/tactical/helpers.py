"""Small grid battlefields built in code, so each test sets up exactly what it checks.

The default table is 36" x 36" with 6" squares: columns a-f, rows 1-6 (row 1
at the top).  Blue's baseline is the south edge, red's the north edge.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.rules import registry
from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.grid import parse_square
from desktop.scenario.model import (
    Base,
    Game,
    Grid,
    LastManStanding,
    LineShape,
    Officer,
    RectShape,
    Scenario,
    Side,
    Table,
    TerrainFeature,
    TurnLimit,
    Unit,
)
from desktop.scenario.vocabulary import (
    DEFAULT_BASE,
    DEFAULT_CV,
    DEFAULT_FORMATION,
    Edge,
    Formation,
    Quality,
    Rank,
    TerrainType,
    UnitType,
)

SQUARE = 6.0

I = UnitType.LINE_INFANTRY  # noqa: E741
SK = UnitType.LIGHT_INFANTRY
CAV = UnitType.CAVALRY
FA = UnitType.FOOT_ARTILLERY
HA = UnitType.HORSE_ARTILLERY


def centre(name: str) -> tuple[float, float]:
    sq = parse_square(name)
    assert sq is not None
    return ((sq[0] + 0.5) * SQUARE, (sq[1] + 0.5) * SQUARE)


def unit(uid: str, at: str, type: UnitType = I, quality: Quality = Quality.REGULAR,
         cv: int | None = None, formation: Formation | None = None,
         facing: float = 0.0) -> Unit:
    f, d = DEFAULT_BASE[type]
    return Unit(
        id=uid, name=uid, type=type, quality=quality,
        cv=DEFAULT_CV[quality] if cv is None else cv, figures=6, base=Base(f, d),
        position=centre(at), facing=facing, formation=formation or DEFAULT_FORMATION[type],
    )


def officer(oid: str, at: str, rank: Rank = Rank.GENERAL) -> Officer:
    return Officer(oid, oid, rank, centre(at))


def area(fid: str, kind: TerrainType, at: str, w: float = SQUARE, d: float = SQUARE,
         **props: bool | int | float | str) -> TerrainFeature:
    return TerrainFeature(fid, kind, RectShape(centre(at), (w, d)), properties=dict(props))


def line(fid: str, kind: TerrainType, points: Sequence[tuple[float, float]],
         width: float = 0.5) -> TerrainFeature:
    return TerrainFeature(fid, kind, LineShape(tuple(points), width))


def scenario(blue: Sequence[Unit], red: Sequence[Unit], blue_officers: Sequence[Officer] = (),
             red_officers: Sequence[Officer] = (), terrain: Sequence[TerrainFeature] = (),
             width: float = 36.0, depth: float = 36.0, turns: int = 6,
             options: dict[str, bool | int | float | str] | None = None) -> Scenario:
    return Scenario(
        title="test",
        table=Table(width, depth, grid=Grid(SQUARE, (0.0, 0.0))),
        sides=(
            Side("blue", "Blue", "#0000ff", Edge.SOUTH, tuple(blue), tuple(blue_officers)),
            Side("red", "Red", "#ff0000", Edge.NORTH, tuple(red), tuple(red_officers)),
        ),
        terrain=tuple(terrain),
        game=Game(victory=(LastManStanding(), TurnLimit(turns))),
        ruleset="tactical",
        ruleset_options={"tactical": dict(options)} if options else {},
    )


def new_game(sc: Scenario, dice: Sequence[int] = (), seed: int = 1,
             **options: bool | int | str) -> TacticalGame:
    g = registry.get("tactical").new_game(sc, dict(options), seed, list(dice))
    assert isinstance(g, TacticalGame)
    return g


def play(g: TacticalGame, *texts: str) -> None:
    for t in texts:
        g.apply_text(t)


def blue_first(g: TacticalGame) -> None:
    """After the initiative dice [1, 6] (blue lower): blue moves first."""
    assert g.phase == "initiative" and g.side == "blue", (g.phase, g.side)
    g.apply_text("first")


def kinds(g: TacticalGame) -> list[str]:
    return [e.kind for e in g.events]


def scenario_path() -> str:
    """The bundled grid scenario, found from the repository root."""
    from pathlib import Path

    return str(Path(__file__).resolve().parents[3] / "scenarios" / "tactical_ridge.yaml")
