"""One unit as the victory judge sees it (desktop.rules.victory).

Its own module, below the engine and the judge alike, so that the engine's
protocol (``Game.victory_pieces``) can name it without importing the judge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from desktop.scenario.vocabulary import Edge, UnitType


@dataclass(frozen=True)
class PieceView:
    """What the judge needs to know about one unit (officers are not pieces here)."""

    id: str
    side: str
    type: UnitType
    #: On the table and in the fight (not eliminated, routed off, or exited).
    present: bool
    figures: int
    position: tuple[float, float]
    footprint: BaseGeometry | None = None
    #: The edge it left the table by, if it did.
    exited: Edge | None = None
