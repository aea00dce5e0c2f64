"""What every sheet needs while it draws: the canvas, fonts, paper and scenario."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from desktop.rules.roster_profile import RosterProfile
from desktop.scenario.model import Scenario, Side
from printouts.fonts import FontSet
from printouts.game_marks import GameMarks
from printouts.style import Canvas


@dataclass
class Context:
    canvas: Canvas
    fonts: FontSet
    scenario: Scenario
    paper: str
    ruleset: str | None
    profile: RosterProfile
    sides: tuple[Side, ...]
    tiles: bool = False
    #: Unit bases and officers on the full-size tiles too (off: a mat for real figures).
    tile_units: bool = False
    pages: int = 0
    #: A game in progress: its losses are marked on the rosters (None: a fresh game).
    game: GameMarks | None = None
    #: Told (tiles drawn, tiles in all) before each full-size tile: the tiles of a
    #: big table run to thousands of pages.  It may raise to stop the printing.
    tick: Callable[[int, int], None] | None = None

    def new_page(self, size: tuple[float, float]) -> None:
        """Finish the current page (if any) and start one of `size`."""
        if self.pages:
            self.canvas.showPage()
        self.canvas.setPageSize(size)
        self.pages += 1
