"""Small Blown Away battlefields built in code, so each test sets up what it checks."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.rules import registry
from desktop.rules.blown_away.game import BlownAwayGame
from desktop.scenario.model import (
    Base,
    Game,
    HoldObjectives,
    LastManStanding,
    Objective,
    Officer,
    RectShape,
    Scenario,
    Side,
    Table,
    TerrainFeature,
    Unit,
)
from desktop.scenario.vocabulary import (
    CommandRole,
    Edge,
    Formation,
    LengthUnit,
    Quality,
    Rank,
    TerrainType,
    Trait,
    UnitType,
)

COMMAND = (CommandRole.OFFICER, CommandRole.DRUMMER, CommandRole.FLAG)


def foot(uid: str, x: float, y: float, facing: float, figures: int = 13,
         traits: Sequence[Trait] = (), command: Sequence[CommandRole] = COMMAND,
         formation: Formation = Formation.LINE) -> Unit:
    return Unit(uid, uid, UnitType.LINE_INFANTRY, Quality.REGULAR, 7, figures, Base(7, 2),
                (x, y), facing, formation, tuple(command), tuple(traits))


def horse(uid: str, x: float, y: float, facing: float, figures: int = 10) -> Unit:
    return Unit(uid, uid, UnitType.CAVALRY, Quality.REGULAR, 7, figures, Base(5, 4), (x, y),
                facing, Formation.LINE, (CommandRole.OFFICER, CommandRole.FLAG))


def gun(uid: str, x: float, y: float, facing: float, figures: int = 4) -> Unit:
    return Unit(uid, uid, UnitType.FOOT_ARTILLERY, Quality.REGULAR, 7, figures, Base(3, 4),
                (x, y), facing, Formation.UNLIMBERED, guns=1)


def feature(fid: str, ttype: TerrainType, x: float, y: float, w: float, d: float
            ) -> TerrainFeature:
    return TerrainFeature(fid, ttype, RectShape((x, y), (w, d)))


def scenario(blue: Sequence[Unit], red: Sequence[Unit],
             terrain: Sequence[TerrainFeature] = (),
             blue_cinc: tuple[float, float] = (5.0, 70.0),
             red_cinc: tuple[float, float] = (5.0, 2.0),
             objectives: Sequence[Objective] = (),
             width: float = 96.0, depth: float = 72.0) -> Scenario:
    victory: tuple[HoldObjectives | LastManStanding, ...] = (LastManStanding(),)
    if objectives:
        victory = (HoldObjectives(3, tuple(o.id for o in objectives)), LastManStanding())
    return Scenario(
        title="test",
        table=Table(width, depth, LengthUnit.INCH),
        sides=(
            Side("blue", "Blue", "#0000ff", Edge.SOUTH, tuple(blue),
                 (Officer("b_cinc", "Blue commander", Rank.COMMANDER, blue_cinc),)),
            Side("red", "Red", "#ff0000", Edge.NORTH, tuple(red),
                 (Officer("r_cinc", "Red commander", Rank.COMMANDER, red_cinc),)),
        ),
        terrain=tuple(terrain),
        game=Game(objectives=tuple(objectives), victory=victory),
        ruleset="blown_away",
    )


def new_game(sc: Scenario, cards: Sequence[str] = (), seed: int = 1,
             first: str = "blue", **options: str | int | bool) -> BlownAwayGame:
    opts: dict[str, str | int | bool] = {"first_side": first, **options}
    g = registry.get("blown_away").new_game(sc, opts, seed, (), list(cards))
    assert isinstance(g, BlownAwayGame)
    return g


def play(g: BlownAwayGame, *texts: str) -> None:
    for t in texts:
        g.apply_text(t)


def to_combat(g: BlownAwayGame) -> None:
    """End the orders and artillery phases of the side to act (whatever is left)."""
    while g.phase != "combat":
        g.apply_text("end")
