"""Straight-line moves with pivots: the geometry every ruleset's movement needs.

A move pivots on the base's centre at the start to face the way it travels,
goes straight to the destination, then pivots to its final facing.  The
ground it crosses is the base swept along that line (the convex hull of the
base at the start and at the end, both turned to the direction of travel).
Pivots cost no distance and sweep nothing (rulings in docs/rulings.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.scenario.model import Table, TerrainFeature
from desktop.scenario.vocabulary import TERRAIN_LABELS, TerrainType
from desktop.table.shapes import bearing, corners, distance, forward, rect
from desktop.table.terrain import AREA_EPS, TerrainIndex

Point = tuple[float, float]

#: Slack on an allowance: a measured move may overrun by this much (inches).
LENGTH_TOLERANCE: Final = 1e-6
#: Bases are shrunk by this much (each side) when testing what a path passes
#: through, so bases placed exactly side by side do not block each other.
SHRINK: Final = 0.005
#: Types that let a unit across a river.
CROSSING_TYPES: Final = frozenset({TerrainType.BRIDGE, TerrainType.FORD})


#: An oriented rectangle: centre x, y; unit vector (ux, uy) along the frontage;
#: half frontage; half depth.  The depth axis is (uy, -ux) (the facing).
OBB = tuple[float, float, float, float, float, float]


class Access(StrEnum):
    """How a kind of unit may treat a terrain type."""

    OPEN = "open"
    NO_ENTRY = "no_entry"  # the path may not touch it (impassable for this unit)
    NO_END = "no_end"  # may pass through, may not end the move in it
    CROSSING_ONLY = "crossing_only"  # only where a bridge or ford lies over it
    FULL_MOVE = "full_move"  # crossing takes the whole move (start at its bank)
    CROSSING_FULL_MOVE = "crossing_full_move"  # both of the above


@dataclass(frozen=True)
class Placement:
    x: float
    y: float
    facing: float

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True)
class MovePlan:
    """A base of `frontage` x `depth` moving from `start` to `end`."""

    start: Placement
    end: Placement
    frontage: float
    depth: float

    # Worked out once per plan and kept in the instance's own dict (as
    # functools.cached_property would, without its lock: a plan is made and
    # checked for every sampled move).

    @property
    def length(self) -> float:
        got: float | None = self.__dict__.get("_length")
        if got is None:
            got = self.__dict__["_length"] = distance(self.start.point, self.end.point)
        return got

    @property
    def travel_facing(self) -> float:
        got: float | None = self.__dict__.get("_travel_facing")
        if got is None:
            got = (self.start.facing if self.length < 1e-9
                   else bearing(self.start.point, self.end.point))
            self.__dict__["_travel_facing"] = got
        return got

    def end_footprint(self, shrink: float = 0.0) -> Polygon:
        if shrink == 0.0:
            return self._end
        e = self.end
        return rect(e.x, e.y, max(self.frontage - 2 * shrink, 1e-3),
                    max(self.depth - 2 * shrink, 1e-3), e.facing)

    @property
    def _end(self) -> Polygon:
        got: Polygon | None = self.__dict__.get("_end_fp")
        if got is None:
            e = self.end
            got = self.__dict__["_end_fp"] = rect(e.x, e.y, self.frontage, self.depth, e.facing)
        return got

    def start_footprint(self) -> Polygon:
        s = self.start
        return rect(s.x, s.y, self.frontage, self.depth, s.facing)

    def bbox(self) -> tuple[float, float, float, float]:
        """Bounds of everything the move covers (start and end bases, any facing)."""
        r = math.hypot(self.frontage, self.depth) / 2.0
        xs = (self.start.x, self.end.x)
        ys = (self.start.y, self.end.y)
        return (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)

    def lane(self, shrink: float = 0.0) -> Polygon:
        """The base swept straight along the line, turned to the direction of travel
        (a rectangle: frontage wide, depth + length long).  Without a length: the end."""
        f = max(self.frontage - 2 * shrink, 1e-3)
        d = max(self.depth - 2 * shrink, 1e-3)
        length = self.length
        if length < 1e-9:
            return rect(self.end.x, self.end.y, f, d, self.end.facing)
        mx = (self.start.x + self.end.x) / 2.0
        my = (self.start.y + self.end.y) / 2.0
        return rect(mx, my, f, d + length, self.travel_facing)

    def swept(self, shrink: float = 0.0) -> BaseGeometry:
        """The ground covered: the lane, plus the base where it ends (after its pivot)."""
        end = self.end_footprint(shrink)
        if self.length < 1e-9:
            return end
        return shapely.union(self.lane(shrink), end)


@dataclass(frozen=True)
class Blocker:
    """Something a move must respect: a base (or any area) by id."""

    id: str
    geom: BaseGeometry
    #: May the path pass through it?
    passable: bool = False
    #: The end footprint must stay at least this far from it (None: may touch).
    min_gap: float | None = 0.0
    label: str = ""


class Blockers:
    """Many blockers as arrays, for vectorised tests (build once per position)."""

    def __init__(
        self,
        ids: Sequence[str],
        geoms: Sequence[BaseGeometry] | NDArray[np.object_],
        passable: Sequence[bool],
        min_gap: Sequence[float | None],
        labels: Sequence[str] = (),
        obbs: Sequence[OBB] | None = None,
    ) -> None:
        self.ids = list(ids)
        #: When every blocker is a rectangle, as oriented rectangles (see `obb`):
        #: tests then use plain arithmetic (separating axes), no geometry objects.
        self.obbs = list(obbs) if obbs is not None else None
        self._geoms = geoms
        self.passable_list = [bool(v) for v in passable]
        #: None (may touch) is NaN here.
        self.gap_list = [math.nan if g is None else float(g) for g in min_gap]
        self.labels = list(labels) if labels else self.ids

    @property
    def geoms(self) -> NDArray[np.object_]:
        return np.array(list(self._geoms), dtype=object)

    @property
    def passable(self) -> NDArray[np.bool_]:
        return np.array(self.passable_list, dtype=bool)

    @property
    def min_gap(self) -> NDArray[np.float64]:
        return np.array(self.gap_list, dtype=float)

    @classmethod
    def of(cls, blockers: Sequence[Blocker]) -> Blockers:
        return cls([b.id for b in blockers], [b.geom for b in blockers],
                   [b.passable for b in blockers], [b.min_gap for b in blockers],
                   [b.label or b.id for b in blockers])

    def __len__(self) -> int:
        return len(self.ids)


def feature_label(f: TerrainFeature) -> str:
    kind = TERRAIN_LABELS.get(f.type, f.type.value).lower()
    return f"the {kind} '{f.name}'" if f.name else f"the {kind} ({f.id})"


#: Slack on a move's box when picking the features it may meet (the exact test follows).
_BOX_SLACK = 1e-6


def _overlap(area: BaseGeometry, parts: Sequence[BaseGeometry]) -> float:
    return float(sum(area.intersection(g).area for g in parts))


def terrain_problem(
    plan: MovePlan,
    terrain: TerrainIndex,
    access: Mapping[TerrainType, Access],
    *,
    crossing_slack: float = 2.0,
    full_move_start_gap: float = 1.0,
) -> str | None:
    """Why the terrain forbids this move, or None."""
    if terrain.tree is None:
        return None
    # Only features with a rule for this unit, and whose box meets the box of
    # the whole move (grown by a hair), can say anything: no geometry is built
    # until one does.
    x0, y0, x1, y1 = plan.bbox()
    near = [i for i in terrain.bbox_indices(x0 - _BOX_SLACK, y0 - _BOX_SLACK,
                                            x1 + _BOX_SLACK, y1 + _BOX_SLACK)
            if access.get(terrain.types[i], Access.OPEN) is not Access.OPEN]
    if not near:
        return None
    end = plan.end_footprint()
    parts: list[BaseGeometry] = [end] if plan.length < 1e-9 else [plan.lane(), end]
    start: Polygon | None = None
    for i in near:
        rule = access[terrain.types[i]]
        area = terrain.areas[i]
        if not any(area.intersects(g) for g in parts):
            continue
        if _overlap(area, parts) <= AREA_EPS:
            continue
        if start is None:
            start = plan.start_footprint()
        already_in = area.intersection(start).area > AREA_EPS
        label = feature_label(terrain.features[i])
        if rule is Access.NO_ENTRY:
            if already_in:
                continue  # leaving, or turning where it stands
            return f"cannot enter {label}"
        if rule is Access.NO_END:
            if area.intersection(end).area > AREA_EPS:
                return f"cannot end a move in {label}"
            continue
        if rule in (Access.CROSSING_ONLY, Access.CROSSING_FULL_MOVE):
            zone = terrain.crossing_zone(crossing_slack)
            outside = sum(area.intersection(g).difference(zone).area for g in parts)
            if outside > AREA_EPS:
                return f"can cross {label} only at a bridge or ford"
        if (rule in (Access.FULL_MOVE, Access.CROSSING_FULL_MOVE) and not already_in
                and float(area.distance(start)) > full_move_start_gap + 1e-9):
                return (f"crossing {label} takes a full move: start the move within "
                        f"{full_move_start_gap:g}\" of it")
    return None


def _axes(c: Sequence[Point]) -> list[Point]:
    out = []
    for i in (0, 1):
        ex, ey = c[i + 1][0] - c[i][0], c[i + 1][1] - c[i][1]
        n = math.hypot(ex, ey) or 1.0
        out.append((ex / n, ey / n))
    return out


def rect_overlap_depth(a: Sequence[Point], b: Sequence[Point]) -> float:
    """For two rectangles (corners): the smallest overlap of their projections over
    the four axes; negative when they are apart (a lower bound of the gap)."""
    best = math.inf
    for ax, ay in _axes(a) + _axes(b):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        depth = min(max(pa), max(pb)) - max(min(pa), min(pb))
        if depth < best:
            best = depth
    return best


def _seg_point(p: Point, a: Point, b: Point) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    wx, wy = p[0] - a[0], p[1] - a[1]
    ll = ex * ex + ey * ey
    t = 0.0 if ll == 0 else max(0.0, min(1.0, (wx * ex + wy * ey) / ll))
    return math.hypot(wx - t * ex, wy - t * ey)


def rect_gap(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Shortest distance between two rectangles given by their corners (0 if they meet)."""
    if rect_overlap_depth(a, b) >= 0.0:
        return 0.0
    best = math.inf
    for p, q in ((a, b), (b, a)):
        for v in p:
            for i in range(4):
                d = _seg_point(v, q[i], q[(i + 1) % 4])
                if d < best:
                    best = d
    return best


def obb(x: float, y: float, frontage: float, depth: float, facing: float) -> OBB:
    a = math.radians(facing)
    return (x, y, math.cos(a), math.sin(a), frontage / 2.0, depth / 2.0)


def obb_depth(a: OBB, b: OBB, stop: float = -math.inf) -> float:
    """Separating-axis overlap of two oriented rectangles: the smallest overlap of
    their projections on the four axes (negative: apart by at least that much).
    Stops early once it falls to `stop` or below."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    best = math.inf
    for ax, ay in ((a[2], a[3]), (a[3], -a[2]), (b[2], b[3]), (b[3], -b[2])):
        ra = a[4] * abs(a[2] * ax + a[3] * ay) + a[5] * abs(a[3] * ax - a[2] * ay)
        rb = b[4] * abs(b[2] * ax + b[3] * ay) + b[5] * abs(b[3] * ax - b[2] * ay)
        depth = ra + rb - abs(dx * ax + dy * ay)
        if depth < best:
            best = depth
            if best <= stop:
                return best
    return best


def obb_corners(o: OBB) -> list[Point]:
    x, y, ux, uy, hf, hd = o
    fx, fy = uy * hd, -ux * hd
    rx, ry = ux * hf, uy * hf
    return [(x - rx + fx, y - ry + fy), (x + rx + fx, y + ry + fy),
            (x + rx - fx, y + ry - fy), (x - rx - fx, y - ry - fy)]


def obb_closer_than(a: OBB, b: OBB, gap: float) -> bool:
    """Is the shortest distance between the two rectangles less than `gap`?"""
    depth = obb_depth(a, b, stop=-gap)
    if depth >= 0.0:
        return True
    if -depth >= gap:
        return False
    return rect_gap(obb_corners(a), obb_corners(b)) < gap


def blocker_problem(plan: MovePlan, blockers: Blockers | Sequence[Blocker]) -> str | None:
    """Bases the path would pass through, or the end would overlap or come too near.
    Bases that only touch (within `SHRINK`) neither block nor overlap."""
    bs = blockers if isinstance(blockers, Blockers) else Blockers.of(blockers)
    if not len(bs):
        return None
    if bs.obbs is not None:
        gl, pl = bs.gap_list, bs.passable_list
        e = plan.end
        end_o = obb(e.x, e.y, plan.frontage, plan.depth, e.facing)
        lane_o: OBB | None = None
        if plan.length >= 1e-9:
            lane_o = obb((plan.start.x + e.x) / 2.0, (plan.start.y + e.y) / 2.0,
                         plan.frontage, plan.depth + plan.length, plan.travel_facing)
        for k, o in enumerate(bs.obbs):
            g = gl[k]
            if g == g and obb_depth(end_o, o, stop=SHRINK) > SHRINK:  # g == g: not NaN
                return f"would end on top of {bs.labels[k]}"
            if (lane_o is not None and not pl[k]
                    and obb_depth(lane_o, o, stop=SHRINK) > SHRINK):
                return f"would pass through {bs.labels[k]}"
            if g > 0 and obb_closer_than(end_o, o, g - 1e-9):
                return f"would end within {g:.3g}\" of {bs.labels[k]}"
        return None
    gaps = bs.min_gap
    geoms = bs.geoms
    end_in = plan.end_footprint(SHRINK)
    on_top = shapely.intersects(end_in, geoms)
    if plan.length >= 1e-9:
        through = shapely.intersects(plan.lane(SHRINK), geoms) & ~bs.passable
    else:
        through = np.zeros(len(bs), dtype=bool)
    near = np.zeros(len(bs), dtype=bool)
    need = np.flatnonzero(gaps > 0)
    if len(need):
        d = shapely.distance(plan.end_footprint(), geoms[need])
        near[need] = d < gaps[need] - 1e-9
    for k in range(len(bs)):
        if on_top[k] and not np.isnan(gaps[k]):
            return f"would end on top of {bs.labels[k]}"
        if through[k]:
            return f"would pass through {bs.labels[k]}"
        if near[k]:
            return f"would end within {gaps[k]:.3g}\" of {bs.labels[k]}"
    return None


def check_move(
    plan: MovePlan,
    *,
    table: Table,
    terrain: TerrainIndex,
    allowance: float,
    access: Mapping[TerrainType, Access],
    blockers: Blockers | Sequence[Blocker] = (),
    crossing_slack: float = 2.0,
    full_move_start_gap: float = 1.0,
    stay_on_table: bool = True,
) -> str | None:
    """Everything a straight move must satisfy; the first problem in plain words."""
    length = plan.length
    if length > allowance + LENGTH_TOLERANCE:
        return f"moves {length:.2f}\" but may move at most {allowance:g}\""
    if stay_on_table:
        e = plan.end
        xs_ys = corners(e.x, e.y, plan.frontage, plan.depth, e.facing)
        tol = 1e-6
        t = table
        if any(x < -tol or y < -tol or x > t.width + tol or y > t.depth + tol for x, y in xs_ys):
            return "would leave the table"
    b = blocker_problem(plan, blockers)
    if b:
        return b
    return terrain_problem(plan, terrain, access, crossing_slack=crossing_slack,
                           full_move_start_gap=full_move_start_gap)


# --- charges --------------------------------------------------------------------


def _ray_segment(p: Point, d: Point, a: Point, b: Point) -> float | None:
    """Distance t >= 0 along ray p + t*d to segment ab, or None."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    den = d[0] * ey - d[1] * ex
    if abs(den) < 1e-12:
        return None
    wx, wy = a[0] - p[0], a[1] - p[1]
    t = (wx * ey - wy * ex) / den
    u = (wx * d[1] - wy * d[0]) / den
    if t >= -1e-9 and -1e-9 <= u <= 1.0 + 1e-9:
        return max(t, 0.0)
    return None


def _ring(geom: BaseGeometry) -> list[Point]:
    coords = list(geom.exterior.coords)
    return [(float(x), float(y)) for x, y in coords[:-1]]


def contact_distance(moving: BaseGeometry, facing: float, target: BaseGeometry) -> float | None:
    """How far `moving` can go straight ahead (along `facing`) before it touches
    `target`: 0 if already touching, None if it would never meet it."""
    if moving.intersects(target):
        return 0.0
    d = forward(facing)
    back = (-d[0], -d[1])
    a, b = _ring(moving), _ring(target)
    best: float | None = None
    for pts, other, ray in ((a, b, d), (b, a, back)):
        n = len(other)
        for p in pts:
            for k in range(n):
                t = _ray_segment(p, ray, other[k], other[(k + 1) % n])
                if t is not None and (best is None or t < best):
                    best = t
    return best
