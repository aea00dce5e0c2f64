"""Kiddies geometry: movement areas, volley groups, crews and charge paths.

Everything here reads figures and terrain and changes nothing.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from desktop.rules.kiddies.constants import (
    CHARGE_IGNORES,
    CREW_RANGE,
    CREW_SIZE,
    CROSSINGS,
    GROUP_FACING_TOLERANCE,
    IMPASSABLE,
    LINE_OFFSET_FRACTION,
    OVERLAP_EPS,
    REGULAR,
    ROAD_TOLERANCE,
    SLOW_TERRAIN,
    SOLID_TERRAIN,
    VOLLEY_GROUP_SIZE,
    WATER,
)
from desktop.rules.kiddies.flick import Solid
from desktop.rules.kiddies.pieces import Figure
from desktop.rules.view_values import PieceInfo
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import TerrainType
from desktop.table.shapes import CONTACT_GAP, angle_diff, rect
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]
EMPTY: BaseGeometry = Polygon()


def forward(facing: float) -> Point:
    a = math.radians(facing)
    return (math.sin(a), -math.cos(a))


def right(facing: float) -> Point:
    a = math.radians(facing)
    return (math.cos(a), math.sin(a))


class KiddiesTable:
    """The scenario's terrain, prepared once for the Kiddies questions."""

    def __init__(self, scenario: Scenario) -> None:
        self.width = scenario.table.width
        self.depth = scenario.table.depth
        self.span = scenario.table.span
        self.index = TerrainIndex(scenario)
        self.table_area = shapely.box(0.0, 0.0, self.width, self.depth)
        crossings = self.index.union(CROSSINGS)
        water = self.index.union(WATER)
        self.water = water.difference(crossings) if not water.is_empty else EMPTY
        self.blocked = unary_union([self.index.union(IMPASSABLE), self.water])
        self.road = unary_union([self.index.union({TerrainType.ROAD, TerrainType.BRIDGE})]
                                ).buffer(ROAD_TOLERANCE) if self._has_road() else EMPTY
        stops = [a for a, t in zip(self.index.areas, self.index.types, strict=True)
                 if t not in CHARGE_IGNORES and t not in WATER]
        self.charge_stops = unary_union([*stops, self.water])
        self.solids = [Solid(f.id, a) for f, a in zip(self.index.features, self.index.areas,
                                                       strict=True) if f.type in SOLID_TERRAIN]
        slow = self.index.union(SLOW_TERRAIN)
        self.woods: BaseGeometry | None = None if slow.is_empty else slow
        #: Where figures get over the water (bridge and ford centres), for the random player.
        self.crossing_points: list[Point] = []
        for f, a in zip(self.index.features, self.index.areas, strict=True):
            if f.type in (TerrainType.BRIDGE, TerrainType.FORD):
                c = a.representative_point()
                self.crossing_points.append((float(c.x), float(c.y)))
        for g in (self.water, self.blocked, self.road, self.charge_stops, self.table_area):
            shapely.prepare(g)
        #: Unit names by id, and the play view's PieceInfo per figure and place
        #: (shared by every copy of a game on this table).
        self.unit_names = {u.id: u.name for _, u in scenario.all_units()}
        self.piece_infos: dict[tuple[object, ...], PieceInfo] = {}
        #: How far a charging trio may go, by the trio's bases (terrain never changes,
        #: so every copy of a game shares the answers): see KiddiesGame.charge_plan.
        self.charge_reach: dict[tuple[tuple[float, ...], ...],
                                tuple[float, float, BaseGeometry]] = {}

    def _has_road(self) -> bool:
        return any(t in (TerrainType.ROAD, TerrainType.BRIDGE) for t in self.index.types)

    # -- movement -----------------------------------------------------------------------

    def on_road(self, a: Point, b: Point) -> bool:
        """The whole straight path from a to b stays on a road (RULINGS: the road bonus)."""
        if self.road.is_empty:
            return False
        path = LineString([a, b]) if a != b else shapely.Point(a)
        return bool(self.road.covers(path))

    def path_problem(self, start: Polygon, a: Point, b: Point, end: Polygon) -> str | None:
        """Why a figure may not go from a to b (footprints `start` and `end`), or None."""
        if not self.table_area.covers(end):
            return "it would not be wholly on the table"
        # the prepared `blocked` first answers "nowhere near" for the whole line and
        # the whole base; only a path or base that meets it is cut and measured
        if a != b and not self.blocked.is_empty:
            line = LineString([a, b])
            if self.blocked.intersects(line):
                path = line.difference(start)
                if not path.is_empty and path.intersects(self.blocked):
                    return self._why_blocked(path)
        if self.overlaps_blocked(end):
            return self._why_blocked(end)
        return None

    def overlaps_blocked(self, fp: BaseGeometry) -> bool:
        """The base covers more than a sliver of impassable ground."""
        if self.blocked.is_empty or not self.blocked.intersects(fp):
            return False
        return bool(fp.intersection(self.blocked).area > OVERLAP_EPS)

    def exit_problem(self, start: Polygon, a: Point, edge: Point) -> str | None:
        """Why a figure may not leave the table along the straight path from its
        centre `a` to the edge point `edge` (seed: rivers are crossed only at a
        bridge or where a road crosses; nobody moves on hills), or None."""
        if a == edge or self.blocked.is_empty:
            return None
        line = LineString([a, edge])
        if not self.blocked.intersects(line):
            return None
        path = line.difference(start)
        if not path.is_empty and path.intersects(self.blocked):
            return self._why_blocked(path)
        return None

    def _why_blocked(self, geom: BaseGeometry) -> str:
        if not self.water.is_empty and geom.intersects(self.water):
            return "rivers are crossed only at a bridge or where a road crosses"
        return "hills are impassable (only a ridge may be crossed)"

    def in_types(self, geom: BaseGeometry, types: Iterable[TerrainType]) -> bool:
        return self.index.fraction_in(geom, types) > 0.0


# -- contact, lines and groups -------------------------------------------------------------


def touching(a: Figure, b: Figure) -> bool:
    # bases whose enclosing circles are farther apart than the gap cannot touch:
    # answered without building or measuring footprints (the exact test decides
    # every pair that might)
    dx, dy = a.x - b.x, a.y - b.y
    r = a.half_diagonal + b.half_diagonal + CONTACT_GAP + CUT_SLACK
    if dx * dx + dy * dy > r * r:
        return False
    return _touching_at(a.x, a.y, a.facing, a.frontage, a.depth,
                        b.x, b.y, b.facing, b.frontage, b.depth)


@functools.lru_cache(maxsize=1 << 16)
def _touching_at(ax: float, ay: float, af: float, aw: float, ad: float,
                 bx: float, by: float, bf: float, bw: float, bd: float) -> bool:
    """touching by the two bases' places, kept: the fights hand to hand are looked
    for again in every copy the computer tries, and most pairs have not moved."""
    return bool(rect(ax, ay, aw, ad, af).distance(rect(bx, by, bw, bd, bf)) <= CONTACT_GAP)


#: Inches added to the cheap cuts by enclosing circles: far above rounding, far below a base.
CUT_SLACK = 1e-6


def may_overlap(fp_x: float, fp_y: float, reach: float, o: Figure) -> bool:
    """False when a base of enclosing radius `reach` centred at (fp_x, fp_y) surely
    does not overlap figure `o` (their enclosing circles are apart)."""
    dx, dy = fp_x - o.x, fp_y - o.y
    r = reach + o.half_diagonal + CUT_SLACK
    return dx * dx + dy * dy <= r * r


def overlapping(fp: Polygon, others: Sequence[Figure]) -> Figure | None:
    for o in others:
        if fp.intersection(o.footprint()).area > OVERLAP_EPS:
            return o
    return None


def side_by_side(a: Figure, b: Figure) -> bool:
    """In contact, facing the same way (within tolerance), neither ahead of the other."""
    return _side_by_side_at(a.x, a.y, a.facing, a.frontage, a.depth,
                            b.x, b.y, b.facing, b.frontage, b.depth)


@functools.lru_cache(maxsize=1 << 17)
def _side_by_side_at(ax: float, ay: float, af: float, aw: float, ad: float,
                     bx: float, by: float, bf: float, bw: float, bd: float) -> bool:
    """side_by_side by the two bases' places, kept: the lines of a side are looked
    for again after every move, and only the moved figure's pairs are new."""
    if abs(angle_diff(af, bf)) > GROUP_FACING_TOLERANCE:
        return False
    f = forward(af)
    along = (bx - ax) * f[0] + (by - ay) * f[1]
    if abs(along) > LINE_OFFSET_FRACTION * max(ad, bd):
        return False
    dx, dy = ax - bx, ay - by
    r = math.hypot(aw, ad) / 2.0 + math.hypot(bw, bd) / 2.0 + CONTACT_GAP + CUT_SLACK
    if dx * dx + dy * dy > r * r:
        return False
    return bool(rect(ax, ay, aw, ad, af).distance(rect(bx, by, bw, bd, bf)) <= CONTACT_GAP)


def runs(figures: Sequence[Figure]) -> list[tuple[list[str], dict[str, Figure]]]:
    """Chains of figures side by side, each ordered left to right, with the figures.

    Components of the side-by-side relation are ordered along their first
    figure's right-hand direction and cut into consecutive runs of neighbours.
    """
    figs = sorted(figures, key=lambda f: f.id)
    by_id = {f.id: f for f in figs}
    adj = _adjacency(figs)
    seen: set[str] = set()
    out: list[tuple[list[str], dict[str, Figure]]] = []
    for f in figs:
        if f.id in seen or not adj[f.id]:
            continue
        comp: list[str] = []
        todo = [f.id]
        seen.add(f.id)
        while todo:
            c = todo.pop()
            comp.append(c)
            for n in adj[c]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        r = right(by_id[comp[0]].facing)
        comp.sort(key=lambda i: (by_id[i].x * r[0] + by_id[i].y * r[1], i))
        run: list[str] = [comp[0]]
        for nxt in comp[1:]:
            if nxt in adj[run[-1]]:
                run.append(nxt)
            else:
                out.append((run, by_id))
                run = [nxt]
        out.append((run, by_id))
    return out


#: The last pairs side by side worked out for a set of figures (by their ids),
#: with the places they stood in: after a move only the movers' pairs are asked
#: again.  Never changed once stored (a new answer is a new dict).
_ADJ: dict[tuple[str, ...], tuple[tuple[tuple[float, float, float, float, float], ...],
                                  dict[str, set[str]]]] = {}
_ADJ_MAX = 1024


def _adjacency(figs: Sequence[Figure]) -> dict[str, set[str]]:
    """Who stands side by side with whom among `figs` (sorted by id): the pairs
    within 3" across and down for which :func:`side_by_side` holds, asked with the
    lower id first, as the pairs were once enumerated."""
    ids = tuple(f.id for f in figs)
    places = tuple((f.x, f.y, f.facing, f.frontage, f.depth) for f in figs)
    last = _ADJ.get(ids)
    changed = ([] if last is None else
               [i for i, (p, q) in enumerate(zip(places, last[0], strict=True)) if p != q])
    adj: dict[str, set[str]]
    if last is not None and len(changed) * 4 <= len(figs):
        adj = {k: set(v) for k, v in last[1].items()}
        for i in changed:
            me = ids[i]
            for n in adj[me]:
                adj[n].discard(me)
            adj[me] = set()
        for i in changed:
            a = figs[i]
            for b in figs:
                if b is a or abs(a.x - b.x) > 3 or abs(a.y - b.y) > 3:
                    continue
                p, q = (a, b) if a.id < b.id else (b, a)
                if side_by_side(p, q):
                    adj[p.id].add(q.id)
                    adj[q.id].add(p.id)
    else:
        adj = {f.id: set() for f in figs}
        # a sweep along x
        xs = sorted(figs, key=lambda f: f.x)
        count = len(xs)
        for i in range(count):
            a = xs[i]
            for j in range(i + 1, count):
                b = xs[j]
                if b.x - a.x > 3:
                    break
                if abs(a.y - b.y) > 3:
                    continue
                p, q = (a, b) if a.id < b.id else (b, a)
                if side_by_side(p, q):
                    adj[p.id].add(q.id)
                    adj[q.id].add(p.id)
    if len(_ADJ) >= _ADJ_MAX:
        _ADJ.clear()
    _ADJ[ids] = (places, adj)
    return adj


def _same_way(chunk: Sequence[str], by_id: dict[str, Figure]) -> bool:
    facings = [by_id[i].facing for i in chunk]
    return all(abs(angle_diff(p, q)) <= GROUP_FACING_TOLERANCE for p in facings for q in facings)


def lines(figures: Sequence[Figure], size: int) -> list[tuple[str, ...]]:
    """Runs of `size` figures side by side in a line, left to right; each figure in one run.

    Each chain of neighbours (:func:`runs`) gives as many whole groups as it
    holds, from its left end.
    """
    key = (size, _places(figures))
    got = _LINES.get(key)
    if got is None:
        if len(_LINES) >= _KEPT_MAX:
            _LINES.clear()
        got = _LINES[key] = _lines(figures, size)
    return list(got)


def _lines(figures: Sequence[Figure], size: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for run, by_id in runs(figures):
        for k in range(0, len(run) - size + 1, size):
            chunk = run[k:k + size]
            if _same_way(chunk, by_id):
                out.append(tuple(chunk))
    return out


def windows(figures: Sequence[Figure], size: int) -> list[tuple[str, ...]]:
    """Every `size` consecutive figures side by side in a line, left to right: the
    groups a player may form (overlapping ones included), chain by chain."""
    out: list[tuple[str, ...]] = []
    for run, by_id in runs(figures):
        for k in range(0, len(run) - size + 1):
            chunk = run[k:k + size]
            if _same_way(chunk, by_id):
                out.append(tuple(chunk))
    return out


def volley_groups(figures: Sequence[Figure]) -> list[tuple[str, ...]]:
    """Volley groups among these figures (RULINGS: five regulars in contact, in a line),
    each line cut into fives from its left end: how the table shows them."""
    return lines([f for f in figures if f.active and f.kind == REGULAR], VOLLEY_GROUP_SIZE)


def volley_windows(figures: Sequence[Figure]) -> tuple[list[tuple[str, ...]],
                                                        list[tuple[str, ...]]]:
    """The volley groups as :func:`volley_groups` cuts them, and every five side-by-side
    regulars that could form a group (seed: a group is five regulars side by side;
    any five of a longer line may be chosen), from one look at the lines."""
    regs = [f for f in figures if f.active and f.kind == REGULAR]
    key = _places(regs)
    got = _WINDOWS.get(key)
    if got is None:
        if len(_WINDOWS) >= _KEPT_MAX:
            _WINDOWS.clear()
        got = _WINDOWS[key] = _volley_windows(regs)
    return got


_Places = tuple[tuple[str, float, float, float, float, float], ...]


def _places(figures: Sequence[Figure]) -> _Places:
    """What the lines among `figures` depend on: who stands where, facing which way,
    on which base."""
    return tuple((f.id, f.x, f.y, f.facing, f.frontage, f.depth) for f in figures)


#: The lines and volley windows by the places of the figures asked about: after a
#: move only the mover's side has new lines, and a game and its clones share the
#: answers (ids only, never a game's figures).
_WINDOWS: dict[_Places, tuple[list[tuple[str, ...]], list[tuple[str, ...]]]] = {}
_LINES: dict[tuple[int, _Places], list[tuple[str, ...]]] = {}
_KEPT_MAX = 4096


def _volley_windows(regs: Sequence[Figure]) -> tuple[list[tuple[str, ...]],
                                                     list[tuple[str, ...]]]:
    groups: list[tuple[str, ...]] = []
    wins: list[tuple[str, ...]] = []
    size = VOLLEY_GROUP_SIZE
    for run, by_id in runs(regs):
        for k in range(0, len(run) - size + 1):
            chunk = run[k:k + size]
            if _same_way(chunk, by_id):
                wins.append(tuple(chunk))
                if k % size == 0:
                    groups.append(tuple(chunk))
    return groups, wins


def crew_sides(cannon: Figure, figures: Sequence[Figure]) -> dict[str, int]:
    """Regulars of each side within CREW_RANGE of the cannon."""
    out: dict[str, int] = {}
    for f in figures:
        near = abs(f.x - cannon.x) < 4 and abs(f.y - cannon.y) < 4
        if near and f.active and f.kind == REGULAR and _crews(cannon, f):
            out[f.side] = out.get(f.side, 0) + 1
    return out


def _crews(cannon: Figure, f: Figure) -> bool:
    """Whether `f`'s base lies within CREW_RANGE of the cannon's."""
    return _crews_at(cannon.x, cannon.y, cannon.facing, cannon.frontage, cannon.depth,
                     f.x, f.y, f.facing, f.frontage, f.depth)


@functools.lru_cache(maxsize=1 << 16)
def _crews_at(cx: float, cy: float, cf: float, cw: float, cd: float,
              fx: float, fy: float, ff: float, fw: float, fd: float) -> bool:
    """_crews by the two bases' places, kept: every cannon's crew is counted again
    after every move, and only the mover's pairs are new."""
    return bool(rect(cx, cy, cw, cd, cf).distance(rect(fx, fy, fw, fd, ff)) <= CREW_RANGE)


def manning_side(cannon: Figure, figures: Sequence[Figure]) -> str | None:
    """The side manning the cannon: its holder if it has a crew, else the other side."""
    crews = crew_sides(cannon, figures)
    if crews.get(cannon.side, 0) >= CREW_SIZE:
        return cannon.side
    for s, n in sorted(crews.items()):
        if n >= CREW_SIZE:
            return s
    return None


def crew_of(cannon: Figure, figures: Sequence[Figure]) -> list[Figure]:
    return [f for f in figures if f.active and f.kind == REGULAR and _crews(cannon, f)]


# -- the cavalry charge ----------------------------------------------------------------------


@dataclass(frozen=True)
class ChargePlan:
    distance: float
    limit: float
    direction: float
    path: BaseGeometry
    ends: dict[str, tuple[float, float, float]]  # figure -> x, y, facing after the pivot
    victims: tuple[str, ...]


def swept(figs: Sequence[Figure], direction: float, d: float) -> BaseGeometry:
    f = forward(direction)
    parts = []
    for fig in figs:
        a = fig.footprint()
        b = fig.footprint(fig.x + f[0] * d, fig.y + f[1] * d)
        parts.append(a.union(b).convex_hull)
    return unary_union(parts)
