"""Small battlefields built in code, so each test sets up exactly what it checks."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.rules import registry
from desktop.rules.mayhem.game import MayhemGame
from desktop.scenario.model import (
    Base,
    Game,
    LastManStanding,
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
    DEFAULT_FORMATION,
    Edge,
    Formation,
    LengthUnit,
    Quality,
    Rank,
    TerrainType,
    UnitType,
)

FIGURES = {
    UnitType.LINE_INFANTRY: 16,
    UnitType.LIGHT_INFANTRY: 8,
    UnitType.CAVALRY: 8,
    UnitType.FOOT_ARTILLERY: 4,
    UnitType.HORSE_ARTILLERY: 4,
}


def unit(
    uid: str,
    x: float,
    y: float,
    facing: float,
    type: UnitType = UnitType.LINE_INFANTRY,
    quality: Quality = Quality.VETERAN,
    figures: int | None = None,
    formation: Formation | None = None,
    frontage: float | None = None,
    depth: float | None = None,
) -> Unit:
    f, d = DEFAULT_BASE[type]
    return Unit(
        id=uid, name=uid, type=type, quality=quality, cv=7,
        figures=FIGURES[type] if figures is None else figures,
        base=Base(frontage or f, depth or d), position=(x, y), facing=facing,
        formation=formation or DEFAULT_FORMATION[type],
        guns=1 if type in (UnitType.FOOT_ARTILLERY, UnitType.HORSE_ARTILLERY) else 0,
    )


def officer(oid: str, x: float, y: float, attached_to: str | None = None) -> Officer:
    return Officer(oid, oid, Rank.GENERAL, (x, y), 0.0, attached_to)


def redoubt(fid: str, x: float, y: float, w: float, d: float) -> TerrainFeature:
    return TerrainFeature(fid, TerrainType.REDOUBT, RectShape((x, y), (w, d)))


def scenario(
    blue: Sequence[Unit],
    red: Sequence[Unit],
    blue_officers: Sequence[Officer] = (),
    red_officers: Sequence[Officer] = (),
    terrain: Sequence[TerrainFeature] = (),
    width: float = 48.0,
    depth: float = 48.0,
    unit_of_length: LengthUnit = LengthUnit.INCH,
    turns: int = 6,
) -> Scenario:
    return Scenario(
        title="test",
        table=Table(width, depth, unit_of_length),
        sides=(
            Side("blue", "Blue", "#0000ff", Edge.SOUTH, tuple(blue), tuple(blue_officers)),
            Side("red", "Red", "#ff0000", Edge.NORTH, tuple(red), tuple(red_officers)),
        ),
        terrain=tuple(terrain),
        game=Game(victory=(LastManStanding(), TurnLimit(turns))),
    )


def new_game(sc: Scenario, dice: Sequence[int] = (), seed: int = 1,
             **options: str | int) -> MayhemGame:
    g = registry.get("mayhem").new_game(sc, dict(options), seed, list(dice))
    assert isinstance(g, MayhemGame)
    return g


def play(g: MayhemGame, *texts: str) -> None:
    for t in texts:
        g.apply_text(t)


def fresh_legal(g: MayhemGame) -> list[str]:
    """The legal actions judged from scratch: no remembered table or verdicts."""
    keep = g._position_cache
    g._position_cache = None
    try:
        return [a.text() for a in g.legal_actions()]
    finally:
        g._position_cache = keep
