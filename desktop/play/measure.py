"""Measuring on the table: the ruler, snapping, units, and line-of-sight reports."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from desktop.scenario.model import Table
from desktop.scenario.vocabulary import CM_PER_INCH, LengthUnit, TerrainType
from desktop.table.sight import Sight, SightLine, sight_reasons
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]

#: Snap to a corner within this many inches, else to an edge within SNAP_EDGE.
SNAP_CORNER = 0.6
SNAP_EDGE = 0.4


class Units(StrEnum):
    """What the ruler reads in."""

    TABLE = "table"  # the table's own unit: inches or cm
    SPANS = "spans"
    SQUARES = "squares"


def fmt_distance(inches: float, table: Table, units: Units = Units.TABLE) -> str:
    """A length as people read it on this table: 12.5″, 31.8 cm, 1.8 spans, 2.1 squares."""
    if units is Units.SPANS and table.span > 0:
        return f"{inches / table.span:.1f} spans"
    if units is Units.SQUARES and table.grid is not None and table.grid.square > 0:
        return f"{inches / table.grid.square:.1f} squares"
    if table.unit is LengthUnit.CM:
        return f"{inches * CM_PER_INCH:.1f} cm"
    return f"{inches:.1f}″"


def available_units(table: Table) -> list[Units]:
    out = [Units.TABLE]
    if table.span > 0:
        out.append(Units.SPANS)
    if table.grid is not None:
        out.append(Units.SQUARES)
    return out


def squares_between(a: Point, b: Point, table: Table) -> int | None:
    """Squares moved between the cells of `a` and `b` (diagonals count one), or None."""
    g = table.grid
    if g is None or g.square <= 0:
        return None
    ca = (math.floor((a[0] - g.origin[0]) / g.square), math.floor((a[1] - g.origin[1]) / g.square))
    cb = (math.floor((b[0] - g.origin[0]) / g.square), math.floor((b[1] - g.origin[1]) / g.square))
    return max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]))


def square_centre(p: Point, table: Table) -> Point:
    """The centre of the grid square holding `p` (p itself on a table without a grid)."""
    g = table.grid
    if g is None or g.square <= 0:
        return p
    ox, oy = g.origin
    s = g.square
    return (ox + (math.floor((p[0] - ox) / s) + 0.5) * s,
            oy + (math.floor((p[1] - oy) / s) + 0.5) * s)


# --- the ruler --------------------------------------------------------------------


@dataclass(frozen=True)
class Snap:
    point: Point
    kind: str  # "corner", "edge" or "free"
    piece: str | None = None


def snap(p: Point, bases: Iterable[tuple[str, Polygon]], corner: float = SNAP_CORNER,
         edge: float = SNAP_EDGE) -> Snap:
    """`p` moved onto the nearest base corner, else base edge, when close enough."""
    best: Snap | None = None
    best_d = corner
    spt = SPoint(p)
    edges: list[tuple[float, Point, str]] = []
    for pid, poly in bases:
        for cx, cy in list(poly.exterior.coords)[:-1]:
            d = math.hypot(cx - p[0], cy - p[1])
            if d <= best_d:
                best, best_d = Snap((cx, cy), "corner", pid), d
        d_edge = float(poly.exterior.distance(spt))
        if d_edge <= edge:
            q = nearest_points(poly.exterior, spt)[0]
            edges.append((d_edge, (q.x, q.y), pid))
    if best is not None:
        return best
    if edges:
        _, q, pid = min(edges, key=lambda e: e[0])
        return Snap(q, "edge", pid)
    return Snap(p, "free")


def path_length(points: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


@dataclass(frozen=True)
class Gap:
    """The shortest distance between two bases and where it is measured."""

    distance: float
    a: Point
    b: Point


def edge_to_edge(a: BaseGeometry, b: BaseGeometry) -> Gap:
    pa, pb = nearest_points(a, b)
    return Gap(float(a.distance(b)), (pa.x, pa.y), (pb.x, pb.y))


# --- line of sight -----------------------------------------------------------------


@dataclass(frozen=True)
class SightReport:
    clear: bool
    lines: tuple[SightLine, ...]
    verdict: str


def sight_report(origin: Point, target: Polygon, terrain: TerrainIndex,
                 blocking: frozenset[TerrainType], bases: Sequence[tuple[str, Polygon]],
                 exclude: Iterable[str] = (), exempt_in: Sequence[BaseGeometry] = (),
                 engine_says: bool | None = None, names: dict[str, str] | None = None,
                 *, corners: bool = True) -> SightReport:
    """Lines from `origin` to the nearest point, the centre and (with `corners`)
    the corners of `target`; for each, whether and by what it is blocked and where.

    The lines and their reasons come from desktop.table.sight.sight_reasons,
    the test the engines' own sight uses.  Terrain the two ends stand in
    (`exempt_in`) does not block (a unit sees out of its own wood).
    `engine_says`, when given, is the ruleset's verdict and decides `clear`
    (a ruleset may let something see over what the lines cross).
    """
    exempt = {i for g in exempt_in for i in terrain.indices_hit(g)}
    sight = sight_reasons(origin, target, terrain, blocking, bases, exclude=exclude,
                          exempt_features=exempt, names=names, corners=corners)
    if engine_says is None or engine_says == sight.clear:
        return SightReport(sight.clear, sight.lines, sight.verdict)
    return SightReport(engine_says, sight.lines, Sight(engine_says, sight.lines).verdict)
