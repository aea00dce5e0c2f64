"""New scenarios: the table presets File > New offers."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.scenario.model import Game, Grid, Scenario, Side, Table
from desktop.scenario.vocabulary import DEFAULT_DEPLOYMENT_DEPTH, Edge


@dataclass(frozen=True)
class Preset:
    label: str
    width: float
    depth: float
    grid: Grid | None = None


#: Table presets offered by File > New (inches).
PRESETS: tuple[Preset, ...] = (
    Preset("6 x 4 ft table", 72, 48),
    Preset("8 x 4 ft table", 96, 48),
    Preset("4 x 4 ft table", 48, 48),
    Preset("4 x 3 ft table", 48, 36),
    Preset("Square grid (8 x 6 squares of 6\")", 48, 36, Grid(6.0)),
)


def new_scenario(preset: Preset = PRESETS[0], title: str = "Untitled battle") -> Scenario:
    """An empty two-sided encounter on the preset's table."""
    return Scenario(
        title=title,
        table=Table(width=preset.width, depth=preset.depth, grid=preset.grid),
        sides=(
            Side("red", "Red army", "#b22222", Edge.NORTH),
            Side("blue", "Blue army", "#1f4e9c", Edge.SOUTH),
        ),
        game=Game(deployment_depth=DEFAULT_DEPLOYMENT_DEPTH),
    )
