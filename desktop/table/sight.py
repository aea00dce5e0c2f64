"""Line of sight: blocked by terrain of the types a ruleset names, and by bases.

RULINGS ("Line of sight"): sight is blocked by any terrain feature whose type
blocks sight in the ruleset, and by units other than shooter and target whose
footprints the sight line crosses.  A target is seen when at least one sight
line from the origin reaches some point of it: the nearest point, its centre,
and its corners are tried (all at once, vectorised).
A line that only grazes a base or a feature's edge is not blocked.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points
from shapely.strtree import STRtree

from desktop.scenario.vocabulary import TerrainType
from desktop.table.shapes import nearest_on_convex
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]

#: A rectangle for single sight questions: its corners, then for each of its
#: two axes the axis (ux, uy) and the corners' largest and smallest projection
#: on it, less and plus the graze margin.
Span = tuple[tuple[Point, ...], float, float, float, float, float, float, float, float]


def rect_span(c: tuple[Point, ...]) -> Span:
    """The `Span` of a rectangle given by its four corners in order."""
    return (c, *_extent(c, 1), *_extent(c, 3))


def span_crossed(ax: float, ay: float, bx: float, by: float, span: Span) -> bool:
    """Does the segment (ax, ay)-(bx, by) cross the interior of the rectangle of
    `span`?  A separating-axis test on the rectangle's two axes and the
    segment's normal, in plain arithmetic (touching or grazing does not
    count)."""
    c, ux, uy, hi1, lo1, vx, vy, hi2, lo2 = span
    p1, p2 = ax * ux + ay * uy, bx * ux + by * uy
    if min(p1, p2) >= hi1 or max(p1, p2) <= lo1:
        return False
    p1, p2 = ax * vx + ay * vy, bx * vx + by * vy
    if min(p1, p2) >= hi2 or max(p1, p2) <= lo2:
        return False
    nx, ny = ay - by, bx - ax  # the segment's normal
    n_len = math.hypot(nx, ny) * 1e-9
    pa = ax * nx + ay * ny
    pr = [x * nx + y * ny for x, y in c]
    return min(pr) < pa - n_len and max(pr) > pa + n_len


def _extent(c: Sequence[Point], k: int) -> tuple[float, float, float, float]:
    """The axis from corner 0 to corner k, and the rectangle's extent along it
    shrunk by the graze margin (max - margin, min + margin)."""
    ux, uy = c[k][0] - c[0][0], c[k][1] - c[0][1]
    scale = math.hypot(ux, uy) * 1e-9
    pr = [x * ux + y * uy for x, y in c]
    return ux, uy, max(pr) - scale, min(pr) + scale


#: Interior of the line meets interior of the area: a real crossing, not a graze.
_CROSSES_INTERIOR = "T********"


class Obstacles:
    """Bases that block sight, indexed for many queries (build once per state)."""

    def __init__(self, polygons: Sequence[BaseGeometry], ids: Sequence[str] = (),
                 rects: Sequence[Sequence[Point]] | None = None) -> None:
        """`rects`, when given, are the polygons' four corners (they must be
        rectangles); otherwise rectangles are recognised from the polygons.
        With `rects`, `polygons` is read only when a test needs the geometry
        (a lazy sequence then spares building it)."""
        self._source = polygons
        self._polygons: NDArray[np.object_] | None = None
        self.ids = list(ids) if ids else [str(i) for i in range(len(polygons))]
        self.index = {k: i for i, k in enumerate(self.ids)}
        self._tree: STRtree | None = None
        #: Corners (m, 4, 2) when every obstacle is a rectangle (bases always are):
        #: then sight is tested with plain array arithmetic, no geometry calls.
        self.rects: NDArray[np.float64] | None = None
        self._bb: NDArray[np.float64] | None = None
        self._box_list: list[tuple[float, float, float, float]] | None = None
        self._spans: list[Span | None] = []
        self._axes: tuple[NDArray[np.float64], NDArray[np.float64]] = (
            np.zeros((0, 2)), np.zeros((0, 2)))
        self._proj: list[tuple[NDArray[np.float64], NDArray[np.float64]]] = []
        if rects is not None:
            self.rects = np.array([list(r) for r in rects], dtype=float).reshape(-1, 4, 2)
        elif len(self.polygons):
            counts = shapely.get_num_coordinates(self.polygons)
            if bool(np.all(counts == 5)):
                flat = shapely.get_coordinates(self.polygons)
                self.rects = flat.reshape(-1, 5, 2)[:, :4].astype(float)

    @property
    def polygons(self) -> NDArray[np.object_]:
        if self._polygons is None:
            self._polygons = np.array(list(self._source), dtype=object)
        return self._polygons

    @property
    def tree(self) -> STRtree | None:
        if self._tree is None and len(self.polygons):
            self._tree = STRtree(self.polygons)
        return self._tree

    def _boxes(self) -> list[tuple[float, float, float, float]]:
        """Each rectangle's bounding box (x0, y0, x1, y1), for :meth:`crosses_one`."""
        if self._box_list is None:
            assert self.rects is not None
            lo, hi = self.rects.min(axis=1), self.rects.max(axis=1)
            self._box_list = [(x0, y0, x1, y1) for x0, y0, x1, y1 in
                              np.concatenate([lo, hi], axis=1).tolist()]
            self._spans = [None] * len(self._box_list)
        return self._box_list

    def _span(self, j: int) -> Span:
        """Rectangle j's corners and, for each of its two axes, the axis and the
        corners' extent along it shrunk by the graze margin: worked out the first
        time a line comes near it, then kept for the other lines."""
        got = self._spans[j]
        if got is None:
            assert self.rects is not None
            c = tuple((x, y) for x, y in self.rects[j].tolist())
            got = self._spans[j] = rect_span(c)
        return got

    def crosses_one(self, ax: float, ay: float, bx: float, by: float,
                    skip: set[int]) -> bool:
        """Does the segment (ax, ay)-(bx, by) cross the interior of a rectangle
        other than those in `skip`?  Plain arithmetic, for single questions:
        boxes first, then a separating-axis test on each rectangle's two axes
        and the segment's normal (touching or grazing does not count)."""
        lo_x, hi_x = min(ax, bx), max(ax, bx)
        lo_y, hi_y = min(ay, by), max(ay, by)
        for j, (x0, y0, x1, y1) in enumerate(self._boxes()):
            if x1 <= lo_x or x0 >= hi_x or y1 <= lo_y or y0 >= hi_y or j in skip:
                continue
            if span_crossed(ax, ay, bx, by, self._span(j)):
                return True
        return False

    def crossing(self, a: NDArray[np.float64], b: NDArray[np.float64],
                 excluded: NDArray[np.bool_]) -> NDArray[np.bool_]:
        """For segments a[i]-b[i]: does each cross the interior of a rectangle
        (separating-axis test; touching or grazing does not count)?  `excluded`
        (n, m) marks pairs to ignore.  Needs `rects`."""
        assert self.rects is not None
        if self._bb is None:
            r = self.rects
            self._axes = (r[:, 1] - r[:, 0], r[:, 3] - r[:, 0])
            proj = [np.einsum("mkd,md->mk", r, ax) for ax in self._axes]
            self._proj = [(p.min(axis=1), p.max(axis=1)) for p in proj]
            self._bb = np.concatenate([r.min(axis=1), r.max(axis=1)], axis=1)  # (m, 4)
        n = len(a)
        out = np.zeros(n, dtype=bool)
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        bb = self._bb
        cand = ((lo[:, None, 0] < bb[None, :, 2]) & (hi[:, None, 0] > bb[None, :, 0])
                & (lo[:, None, 1] < bb[None, :, 3]) & (hi[:, None, 1] > bb[None, :, 1])
                & ~excluded)
        cols = np.flatnonzero(cand.any(axis=0))
        if not len(cols):
            return out
        hit = cand[:, cols]
        eps = 1e-9
        for ax, (rmin, rmax) in zip(self._axes, self._proj, strict=True):
            axis = ax[cols]
            pa = a @ axis.T  # (n, c)
            pb = b @ axis.T
            smin, smax = np.minimum(pa, pb), np.maximum(pa, pb)
            scale = np.hypot(axis[:, 0], axis[:, 1]) * eps
            hit = hit & (smin < rmax[cols] - scale) & (smax > rmin[cols] + scale)
        d = b - a
        w = np.stack([-d[:, 1], d[:, 0]], axis=1)  # the segment's normal (n, 2)
        pr = np.einsum("ckd,nd->nck", self.rects[cols], w)  # (n, c, 4)
        pa0 = (a[:, 0] * w[:, 0] + a[:, 1] * w[:, 1])[:, None]
        scale0 = (np.hypot(w[:, 0], w[:, 1]) * eps)[:, None]
        hit = hit & (pr.min(axis=2) < pa0 - scale0) & (pr.max(axis=2) > pa0 + scale0)
        out = np.asarray(hit.any(axis=1), dtype=bool)
        return out


def crosses_interior(areas: NDArray[np.object_], segs: NDArray[np.object_]) -> NDArray[
    np.bool_
]:
    """Pairwise: does each segment pass through the interior of its area (not just
    touch or run along the edge)?  Uses the areas' prepared geometry."""
    out = np.zeros(len(segs), dtype=bool)
    hit = np.flatnonzero(shapely.intersects(areas, segs))
    if len(hit):
        a, g = areas[hit], segs[hit]
        out[hit] = shapely.crosses(a, g) | shapely.contains(a, g)
    return out


#: Up to this many (segment, base) pairs, sight through bases is tested in plain
#: Python (numpy's per-call overhead costs more on small batches).
SMALL_BATCH = 400


def target_points(origin: Point, target: BaseGeometry) -> list[Point]:
    """Points of a target worth aiming at: nearest first, then centre and corners."""
    near = nearest_points(SPoint(origin), target)[1]
    pts: list[Point] = [(near.x, near.y)]
    c = target.centroid
    pts.append((c.x, c.y))
    ring = list(getattr(target, "exterior", target).coords)
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    for p in ring[:8]:
        pts.append((p[0], p[1]))
    return pts


@dataclass(frozen=True)
class SightRequest:
    """One question for :func:`line_of_sight_many`."""

    origin: Point
    #: The target: a geometry, or the vertices of a convex polygon (faster).
    target: BaseGeometry | tuple[Point, ...]
    #: Obstacle ids that never block this line (the shooter, the target).
    exclude: tuple[str, ...] = ()
    #: Terrain indices that do not block this line (features the ends stand in).
    exempt: tuple[int, ...] = ()
    #: Points to try first (for example the nearest point, already known); by
    #: default the target's nearest point and centre.
    first: tuple[Point, ...] = ()
    #: Try the target's corners when the first points are hidden (a ruleset
    #: whose sight runs only to the nearest point and the centre says False).
    corners: bool = True


def line_of_sight_many(
    requests: Sequence[SightRequest],
    terrain: TerrainIndex,
    blocking_types: frozenset[TerrainType],
    obstacles: Obstacles | None = None,
) -> list[bool]:
    """Answer many sight questions with a few vectorised queries.

    First pass: the line to the nearest point and the line to the centre of
    each target.  Only targets hidden on both are tried again at their corners.
    """
    if not requests:
        return []
    shapes = [_vertices(r.target) for r in requests]
    coords: list[list[Point]] = []
    owner: list[int] = []
    for i, r in enumerate(requests):
        first = r.first
        if not first:
            verts = shapes[i]
            near, _ = nearest_on_convex(r.origin, verts)
            cx = sum(v[0] for v in verts) / len(verts)
            cy = sum(v[1] for v in verts) / len(verts)
            first = (near, (cx, cy))
        for p in first:
            coords.append([r.origin, p])
            owner.append(i)
    seen = _any_clear(coords, owner, requests, terrain, blocking_types, obstacles)
    hidden = [i for i in range(len(requests)) if not seen[i] and requests[i].corners]
    if hidden:
        coords, owner = [], []
        for i in hidden:
            r = requests[i]
            for p in shapes[i][:8]:
                coords.append([r.origin, p])
                owner.append(i)
        if coords:
            again = _any_clear(coords, owner, requests, terrain, blocking_types, obstacles)
            for i in hidden:
                seen[i] = again[i]
    return [bool(v) for v in seen]


def _any_clear(
    coords: list[list[Point]],
    owner: list[int],
    requests: Sequence[SightRequest],
    terrain: TerrainIndex,
    blocking_types: frozenset[TerrainType],
    obstacles: Obstacles | None,
) -> NDArray[np.bool_]:
    """For each request: is at least one of its segments clear?"""
    arr = np.array(coords, dtype=float)  # (n, 2, 2)
    own = np.array(owner, dtype=np.int64)
    blocked = np.zeros(len(arr), dtype=bool)
    kinds = [i for i, t in enumerate(terrain.types) if t in blocking_types]
    if kinds:
        # bounding boxes first (plain arrays), geometry only for pairs that may meet
        fb = terrain.bounds[kinds]  # (k, 4)
        lo, hi = arr.min(axis=1), arr.max(axis=1)  # (n, 2)
        near = ((lo[:, None, 0] <= fb[None, :, 2]) & (hi[:, None, 0] >= fb[None, :, 0])
                & (lo[:, None, 1] <= fb[None, :, 3]) & (hi[:, None, 1] >= fb[None, :, 1]))
        s_idx, k_idx = np.nonzero(near)
        if len(s_idx):
            f_idx = np.array(kinds, dtype=np.int64)[k_idx]
            keep = np.array([int(f) not in requests[own[si]].exempt
                             for si, f in zip(s_idx, f_idx, strict=True)], dtype=bool)
            s_idx, f_idx = s_idx[keep], f_idx[keep]
            if len(s_idx):
                segs: NDArray[np.object_] = shapely.linestrings(arr[s_idx])
                geoms = np.array([terrain.areas[f] for f in f_idx], dtype=object)
                blocked[s_idx[crosses_interior(geoms, segs)]] = True
    if obstacles is not None and obstacles.rects is not None:
        open_idx = np.flatnonzero(~blocked)
        if len(open_idx) * len(obstacles.ids) <= SMALL_BATCH:
            for si in open_idx:
                skip = {obstacles.index.get(oid, -1) for oid in requests[own[si]].exclude}
                (ax, ay), (bx, by) = arr[si]
                if obstacles.crosses_one(float(ax), float(ay), float(bx), float(by), skip):
                    blocked[si] = True
        elif len(open_idx):
            pts = arr[open_idx]  # (k, 2, 2)
            excluded = np.zeros((len(open_idx), len(obstacles.ids)), dtype=bool)
            for row, si in enumerate(open_idx):
                for oid in requests[own[si]].exclude:
                    col = obstacles.index.get(oid)
                    if col is not None:
                        excluded[row, col] = True
            cross = obstacles.crossing(pts[:, 0], pts[:, 1], excluded)
            blocked[open_idx[cross]] = True
    elif obstacles is not None and obstacles.tree is not None:
        open_idx = np.flatnonzero(~blocked)
        if len(open_idx):
            segs_open: NDArray[np.object_] = shapely.linestrings(arr[open_idx])
            s_idx, o_idx = obstacles.tree.query(segs_open, predicate="intersects")
            if len(s_idx):
                keep = np.array(
                    [obstacles.ids[o] not in requests[own[open_idx[si]]].exclude
                     for si, o in zip(s_idx, o_idx, strict=True)], dtype=bool)
                s_idx, o_idx = s_idx[keep], o_idx[keep]
                if len(s_idx):
                    real = shapely.relate_pattern(segs_open[s_idx], obstacles.polygons[o_idx],
                                                  _CROSSES_INTERIOR)
                    blocked[open_idx[s_idx[real]]] = True
    seen = np.zeros(len(requests), dtype=bool)
    np.logical_or.at(seen, own, ~blocked)
    return seen


def _vertices(target: BaseGeometry | tuple[Point, ...]) -> list[Point]:
    if isinstance(target, tuple):
        return list(target)
    return _ring_points(target)


def _ring_points(geom: BaseGeometry) -> list[Point]:
    g = geom if geom.geom_type == "Polygon" else geom.convex_hull
    if g.geom_type != "Polygon":
        return [(float(x), float(y)) for x, y in shapely.get_coordinates(g)]
    ring = [(float(x), float(y)) for x, y in g.exterior.coords]
    return ring[:-1] if len(ring) > 1 else ring


def line_of_sight(
    origin: Point,
    target: BaseGeometry,
    terrain: TerrainIndex,
    blocking_types: frozenset[TerrainType],
    obstacles: Obstacles | None = None,
    *,
    exclude: Iterable[str] = (),
    exempt_features: Iterable[int] = (),
) -> bool:
    """Can `origin` see any part of `target`?

    `exclude`: obstacle ids that never block (the shooter, the target).
    `exempt_features`: terrain indices that do not block (for example the
    wood the shooter or the target stands in: a unit sees out of, and is seen
    in, the feature it occupies).
    """
    req = SightRequest(origin, target, tuple(exclude), tuple(exempt_features))
    return line_of_sight_many([req], terrain, blocking_types, obstacles)[0]


# --- sight with reasons ----------------------------------------------------------------


@dataclass(frozen=True)
class SightLine:
    """One line tried from the eye to a point of the target."""

    start: Point
    end: Point
    blocked_at: Point | None  # where the line first meets something that blocks it
    blockers: tuple[str, ...]  # what blocks it, by name, nearest first


@dataclass(frozen=True)
class Sight:
    """A verdict on sight and the reasons for it: the lines tried and what
    blocks each (features and units by name)."""

    clear: bool
    lines: tuple[SightLine, ...]
    #: The ruleset's own words for its verdict, when the lines alone do not
    #: say it ("hidden by the hill in g4"); empty to read it from the lines.
    reason: str = ""

    @property
    def blockers(self) -> tuple[str, ...]:
        """Everything that blocks some line, in name order."""
        return tuple(sorted({b for ln in self.lines for b in ln.blockers}))

    @property
    def verdict(self) -> str:
        """In words: "in sight", or "blocked by wood 'Fuchswald', IR 49" (or the
        ruleset's own `reason`)."""
        if self.reason:
            return self.reason
        if self.clear:
            return "in sight"
        return "blocked by " + (", ".join(self.blockers) if self.blockers else "the rules")


def feature_label(terrain: TerrainIndex, i: int) -> str:
    """A feature as a reader names it: its type, and its name when it has one."""
    f = terrain.features[i]
    kind = f.type.value.replace("_", " ")
    return f"{kind} '{f.name}'" if f.name else kind


def aim_points(origin: Point, target: BaseGeometry, corners: bool = True) -> list[Point]:
    """The points a sight line is drawn to: the nearest point, the centre and,
    when `corners`, the corners (the order :func:`line_of_sight_many` tries)."""
    pts = target_points(origin, target)
    return pts if corners else pts[:2]


def sight_reasons(
    origin: Point,
    target: BaseGeometry,
    terrain: TerrainIndex,
    blocking_types: frozenset[TerrainType],
    bases: Sequence[tuple[str, BaseGeometry]] = (),
    *,
    exclude: Iterable[str] = (),
    exempt_features: Iterable[int] = (),
    names: dict[str, str] | None = None,
    corners: bool = True,
) -> Sight:
    """Can `origin` see `target`, and why (not)?

    The same test as :func:`line_of_sight`: a line is blocked when it passes
    through the interior of a sight-blocking feature (other than those in
    `exempt_features`, which the ends stand in) or of a base in `bases`
    (other than those in `exclude`); grazing an edge does not block.  The
    target is seen when any line to its nearest point, its centre or (with
    `corners`) a corner is clear.  Each line says what blocks it, by name
    (`names` maps base ids to names; features are named from the scenario).
    """
    names = names or {}
    skip = set(exclude)
    exempt = set(exempt_features)
    o = SPoint(origin)
    lines: list[SightLine] = []
    for aim in aim_points(origin, target, corners):
        seg = shapely.linestrings([origin, aim])
        hits: list[tuple[float, str]] = []
        for i in terrain.indices_hit(seg):
            if terrain.types[i] not in blocking_types or i in exempt:
                continue
            area = terrain.areas[i]
            if shapely.relate_pattern(seg, area, _CROSSES_INTERIOR):
                hits.append((float(o.distance(seg.intersection(area))), feature_label(terrain, i)))
        for pid, poly in bases:
            if pid not in skip and shapely.relate_pattern(seg, poly, _CROSSES_INTERIOR):
                hits.append((float(o.distance(seg.intersection(poly))), names.get(pid, pid)))
        hits.sort()
        if hits:
            d = hits[0][0]
            dx, dy = aim[0] - origin[0], aim[1] - origin[1]
            length = math.hypot(dx, dy) or 1.0
            at = (origin[0] + dx * d / length, origin[1] + dy * d / length)
            lines.append(SightLine(origin, aim, at, tuple(dict.fromkeys(h[1] for h in hits))))
        else:
            lines.append(SightLine(origin, aim, None, ()))
    return Sight(any(ln.blocked_at is None for ln in lines), tuple(lines))
