"""A ruleset-independent view of what stands on the table."""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Polygon

from desktop.table.shapes import rect

#: Size (inches) of a piece that has no base of its own (a general, a commander).
OFFICER_BASE = 1.5
#: Statuses of pieces still on the table (every ruleset uses these words).
PRESENT = frozenset({"active", "disordered"})


@dataclass(frozen=True)
class PieceInfo:
    """One piece as the window shows it."""

    id: str
    side: str
    kind: str  # "unit" or "officer"
    type: str  # a UnitType value, or the officer's rank
    x: float
    y: float
    facing: float
    frontage: float
    depth: float
    status: str
    name: str = ""
    formation: str = ""

    @property
    def present(self) -> bool:
        return self.status in PRESENT

    @property
    def is_officer(self) -> bool:
        return self.kind == "officer"

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    def footprint(self, x: float | None = None, y: float | None = None,
                  facing: float | None = None) -> Polygon:
        return rect(self.x if x is None else x, self.y if y is None else y,
                    self.frontage, self.depth, self.facing if facing is None else facing)
