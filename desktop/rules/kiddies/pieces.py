"""Kiddies pieces: every figure of a scenario unit becomes its own piece.

A unit's base is its figures side by side (docs/scenario-format.md,
"Individual figures"): the base is cut into ranks of the figure depth of its
kind (1" for infantry, 2" for cavalry) and each rank into equal files.  An
artillery unit becomes one cannon per gun with its gunners (regular infantry)
standing beside it, within reach to man it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from shapely.geometry import Polygon

from desktop.rules.kiddies.constants import (
    CANNON,
    CANNON_BASE,
    CAVALRY,
    CREW_BASE,
    RANK_DEPTH,
    REGULAR,
    SKIRMISHER,
)
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Scenario, Unit
from desktop.scenario.vocabulary import ARTILLERY, Edge, UnitType
from desktop.table.shapes import rect

ACTIVE = "active"
KILLED = "killed"
DESTROYED = "destroyed"
EXITED = "exited"

KIND_OF_TYPE = {
    UnitType.LINE_INFANTRY: REGULAR,
    UnitType.LIGHT_INFANTRY: SKIRMISHER,
    UnitType.CAVALRY: CAVALRY,
}


@dataclass
class Figure:
    """One piece on the table (mutable game state)."""

    id: str
    unit: str
    side: str
    kind: str  # REGULAR, SKIRMISHER, CAVALRY or CANNON
    type: UnitType
    x: float
    y: float
    facing: float
    frontage: float
    depth: float
    status: str = ACTIVE
    moved: bool = False
    fired: bool = False
    exited: Edge | None = None

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def infantry(self) -> bool:
        return self.kind in (REGULAR, SKIRMISHER)

    @property
    def half_diagonal(self) -> float:
        """Radius of the circle round the centre that holds the whole base: a cheap
        first answer to "can these two touch?" before any shapely call."""
        return _half_diagonal(self.frontage, self.depth)

    def copy(self) -> Figure:
        """An independent copy (every field is immutable): `clone` copies a table of
        figures this way, far cheaper than a deep copy."""
        other = object.__new__(Figure)
        other.__dict__.update(self.__dict__)
        return other

    def footprint(self, x: float | None = None, y: float | None = None,
                  facing: float | None = None) -> Polygon:
        return rect(self.x if x is None else x, self.y if y is None else y,
                    self.frontage, self.depth, self.facing if facing is None else facing)


@functools.lru_cache(maxsize=256)
def _half_diagonal(frontage: float, depth: float) -> float:
    return math.hypot(frontage, depth) / 2.0


def _offset(x: float, y: float, facing: float, right: float, ahead: float) -> tuple[float, float]:
    a = math.radians(facing)
    s, c = math.sin(a), math.cos(a)
    return (x + c * right + s * ahead, y + s * right - c * ahead)


def expand_unit(side: str, u: Unit) -> list[Figure]:
    """The figures of one scenario unit, front rank first, left to right."""
    facing = canonical_facing(u.facing)
    x, y = u.position
    out: list[Figure] = []
    if u.type in ARTILLERY:
        guns = max(1, u.guns)
        gf, gd = CANNON_BASE
        cf, cd = CREW_BASE
        crew_left = u.figures
        for g in range(guns):
            right = (g - (guns - 1) / 2.0) * (gf + 2 * cf + 0.4)
            gx, gy = _offset(x, y, facing, right, 0.0)
            gid = f"{u.id}.gun" if guns == 1 else f"{u.id}.gun{g + 1}"
            out.append(Figure(gid, u.id, side, CANNON, u.type, gx, gy, facing, gf, gd))
            n = crew_left if g == guns - 1 else min(crew_left, 2)
            crew_left -= n
            for k in range(n):
                sign = -1.0 if k % 2 == 0 else 1.0
                lateral = sign * (gf / 2 + cf / 2 + 0.05 + (k // 2) * (cf + 0.05))
                cx, cy = _offset(gx, gy, facing, lateral, -(gd - cd) / 2)
                out.append(Figure(f"{u.id}.{len(out)}", u.id, side, REGULAR,
                                  UnitType.LINE_INFANTRY, cx, cy, facing, cf, cd))
        return out
    kind = KIND_OF_TYPE[u.type]
    ranks = max(1, round(u.base.depth / RANK_DEPTH[kind]))
    ranks = min(ranks, u.figures)
    per_rank = math.ceil(u.figures / ranks)
    fw = u.base.frontage / per_rank
    fd = u.base.depth / ranks
    left = u.figures
    for r in range(ranks):
        n = min(per_rank, left)
        left -= n
        ahead = u.base.depth / 2 - fd / 2 - r * fd
        for k in range(n):
            right = (k - (n - 1) / 2.0) * fw
            fx, fy = _offset(x, y, facing, right, ahead)
            out.append(Figure(f"{u.id}.{len(out) + 1}", u.id, side, kind, u.type,
                              fx, fy, facing, fw, fd))
    return out


def expand(scenario: Scenario) -> dict[str, Figure]:
    """Every figure of every unit, in the scenario's order."""
    out: dict[str, Figure] = {}
    for side in scenario.sides:
        for u in side.units:
            for f in expand_unit(side.id, u):
                out[f.id] = f
    return out
