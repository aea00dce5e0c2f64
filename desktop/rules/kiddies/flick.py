"""A flicked pellet, simulated (Kiddies, RULINGS "Flicked shots").

The pellet is a disc of foil sliding across the table.  It starts beside the
firer with a speed set by the flick's strength, loses speed to friction,
wanders off line because it is lumpy (a steady curl drawn once per flick plus
a random jitter every step), bounces off figures and off solid terrain, and
stops.  Every figure it strikes falls (is killed) with a probability that
grows with the speed of the blow; a figure that stays up is shoved, slides a
little, and may knock over figures it runs into in turn.  A cannon never
falls but can be shoved; one that ends off the table is destroyed, and a
figure shoved off the table falls.

Everything random comes from the ``random.Random`` passed in, which the game
seeds from its own chance source: the same seed gives the same flight.

The module is pure (no game state): :func:`simulate` takes the bodies on the
table and returns a :class:`Flight` with a sampled path for animation.  The
numbers are tuned in ``tests/benchmarks/bench_flick.py``; docs/kiddies-flick.md
gives the measured kill distributions.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.table.shapes import rounded

Point = tuple[float, float]


@dataclass(frozen=True)
class Pellet:
    """One of the three projectiles (seed, "Projectiles")."""

    size: str
    radius: float  # inches
    mass: float  # relative to an infantry figure
    top_speed: float  # inches per second at strength 1


#: The three sizes: cannon large, volley medium, skirmisher small.
PELLETS: Final[dict[str, Pellet]] = {
    "large": Pellet("large", 0.4, 1.3, 64.0),
    "medium": Pellet("medium", 0.28, 0.8, 50.0),
    "small": Pellet("small", 0.18, 0.4, 44.0),
}

#: Simulation step (seconds) and the longest flight simulated.
DT: Final = 1.0 / 240.0
#: random.Random.gauss's constant (the same number: 2 pi).
_TWOPI: Final = 2.0 * math.pi
_hypot, _radians, _degrees, _cos, _sin = math.hypot, math.radians, math.degrees, math.cos, math.sin
_log, _sqrt = math.log, math.sqrt
#: Steps between looks for the figures the pellet may reach (a speed-up only).
NEAR_EVERY: Final = 12
#: Inches added to that look, for the pellet pushed clear of a figure it strikes.
NEAR_SLACK: Final = 2.0
MAX_TIME: Final = 6.0
#: A path point is kept every this many steps (and at every impact).
SAMPLE_EVERY: Final = 6
#: Sliding friction of the pellet (inches per second squared).
PELLET_FRICTION: Final = 30.0
#: Extra slowing per second inside a wood (a fraction of the speed).
WOOD_DRAG: Final = 2.5
#: Friction of a shoved figure (they stop quickly).
FIGURE_FRICTION: Final = 90.0
#: Aim error of the flick itself: standard deviation in degrees.
AIM_SIGMA: Final = 3.0
#: Strength error of the flick: standard deviation, a fraction of the speed.
STRENGTH_SIGMA: Final = 0.06
#: The curl of a lumpy pellet: standard deviation of its turn rate (degrees per second).
CURL_SIGMA: Final = 20.0
#: The jitter: standard deviation of the turn per square root of a second (degrees).
JITTER_SIGMA: Final = 10.0
#: Bounciness of pellet against figure, figure against figure, and against terrain.
RESTITUTION: Final = 0.45
TERRAIN_RESTITUTION: Final = 0.5
#: Below this speed (inches per second) a body is at rest.
REST_SPEED: Final = 0.4
#: Fall probability is 1 - exp(-(m * v / FALL_IMPULSE[kind]) ** 2), m the striker's
#: mass and v the closing speed along the line of centres.
FALL_IMPULSE: Final[dict[str, float]] = {"infantry": 9.0, "cavalry": 15.0}
#: Masses of the figures, relative to an infantry figure.
FIGURE_MASS: Final[dict[str, float]] = {"infantry": 1.0, "cavalry": 2.5, "cannon": 8.0}


@dataclass
class Body:
    """A figure or a cannon on the table, as discs along its base's long axis."""

    id: str
    kind: str  # "infantry", "cavalry" or "cannon"
    x: float
    y: float
    facing: float
    frontage: float
    depth: float
    vx: float = 0.0
    vy: float = 0.0
    fallen: bool = False
    off: bool = False
    moved: bool = False
    offsets: list[Point] = field(default_factory=list)
    radius: float = 0.5
    #: Radius of a circle round the centre that holds every disc.
    reach: float = 0.5

    def __post_init__(self) -> None:
        self.radius, offsets, self.reach = _discs_of(self.frontage, self.depth, self.facing)
        self.offsets = list(offsets)

    @property
    def mass(self) -> float:
        return FIGURE_MASS[self.kind]

    def copy(self) -> Body:
        """An independent copy for one flight (a flight never changes `offsets`)."""
        other = object.__new__(Body)
        other.__dict__.update(self.__dict__)
        return other

    def discs(self) -> list[Point]:
        return [(self.x + ox, self.y + oy) for ox, oy in self.offsets]


@functools.lru_cache(maxsize=4096)
def _discs_of(frontage: float, depth: float,
              facing: float) -> tuple[float, tuple[Point, ...], float]:
    """A base's discs: radius, offsets of their centres, reach (kept per shape:
    a game builds the same few bodies for every flick)."""
    short, long = sorted((frontage, depth))
    n = max(1, round(long / short))
    radius = short / 2.0
    # the long axis: along the facing if depth is the long side, else across it
    a = math.radians(facing)
    fwd = (math.sin(a), -math.cos(a))
    rgt = (math.cos(a), math.sin(a))
    axis = fwd if depth >= frontage else rgt
    step = (long - short) / (n - 1) if n > 1 else 0.0
    first = -(long - short) / 2.0
    offsets = tuple((axis[0] * (first + k * step), axis[1] * (first + k * step))
                    for k in range(n))
    reach = max(math.hypot(ox, oy) for ox, oy in offsets) + radius
    return radius, offsets, reach


@dataclass(frozen=True)
class Impact:
    t: float
    x: float
    y: float
    what: str  # "figure", "cannon", "terrain", "edge"
    target: str  # a body id, a feature id or "table"
    speed: float
    fell: bool = False
    by: str = "pellet"

    def to_json(self) -> dict[str, object]:
        return {"t": _r(self.t), "x": _r(self.x), "y": _r(self.y), "what": self.what,
                "target": self.target, "speed": _r(self.speed), "fell": self.fell,
                "by": self.by}


@dataclass(frozen=True)
class Flight:
    """What a flick did: the sampled path, the impacts and the figures' fates."""

    pellet: str
    path: tuple[tuple[float, float, float], ...]
    impacts: tuple[Impact, ...]
    fell: tuple[str, ...]  # figures knocked over (killed), in order
    off_table: tuple[str, ...]  # bodies that ended off the table
    moved: dict[str, Point]  # bodies shoved and still standing: their new centres
    moved_paths: dict[str, tuple[tuple[float, float, float], ...]]

    def to_json(self) -> dict[str, object]:
        return {
            "pellet": self.pellet,
            "path": [[_r(t), _r(x), _r(y)] for t, x, y in self.path],
            "impacts": [i.to_json() for i in self.impacts],
            "fell": list(self.fell),
            "off_table": list(self.off_table),
            "moved": {k: [_r(v[0]), _r(v[1])] for k, v in sorted(self.moved.items())},
            "moved_paths": {k: [[_r(t), _r(x), _r(y)] for t, x, y in p]
                            for k, p in sorted(self.moved_paths.items())},
        }


@dataclass(frozen=True)
class Solid:
    """A piece of terrain the pellet bounces off (a building, a hill's side, a wall)."""

    id: str
    area: BaseGeometry


def fall_chance(striker_mass: float, speed: float, kind: str) -> float:
    """Chance that a figure struck at `speed` (inches per second) falls."""
    if kind == "cannon":
        return 0.0
    return 1.0 - math.exp(-((striker_mass * speed / FALL_IMPULSE[kind]) ** 2))


def start_point(x: float, y: float, reach: float, heading: float, pellet: Pellet) -> Point:
    """Where the pellet is put down: beside the firer, on the side it is flicked to."""
    a = math.radians(heading)
    d = reach + pellet.radius + 0.05
    return (x + math.sin(a) * d, y - math.cos(a) * d)


def _edge_normal(area: BaseGeometry, x: float, y: float) -> Point:
    """Outward normal of `area`'s boundary nearest to (x, y)."""
    polys = [area] if isinstance(area, Polygon) else list(getattr(area, "geoms", [area]))
    best = (math.inf, (0.0, -1.0))
    for poly in polys:
        if not isinstance(poly, Polygon):
            continue
        pts = list(poly.exterior.coords)
        for (ax, ay), (bx, by) in itertools.pairwise(pts):
            ex, ey = bx - ax, by - ay
            ll = ex * ex + ey * ey
            if ll == 0:
                continue
            u = max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / ll))
            px, py = ax + u * ex, ay + u * ey
            d = math.hypot(x - px, y - py)
            if d < best[0]:
                n = (ey, -ex)
                nl = math.hypot(*n)
                n = (n[0] / nl, n[1] / nl)
                # point outwards: away from the polygon's centroid
                c = poly.centroid
                if (px - c.x) * n[0] + (py - c.y) * n[1] < 0:
                    n = (-n[0], -n[1])
                best = (d, n)
    return best[1]


#: Side (inches, a power of two so that cells split floats exactly) of the cells
#: an area sorts into wholly inside, wholly outside, or on its edge.
AREA_CELL: Final = 0.5


class _Area:
    """An area asked "is this point inside?" at every step: its bounds answer most
    points (far outside), then the cell the point is in (wholly inside the area or
    wholly outside it, worked out once per cell); only a point in a cell its
    edge crosses is asked of shapely."""

    __slots__ = ("area", "cells", "x0", "x1", "y0", "y1")

    def __init__(self, area: BaseGeometry) -> None:
        self.area = area
        self.x0, self.y0, self.x1, self.y1 = area.bounds
        self.cells: dict[tuple[int, int], int] = {}

    def has(self, x: float, y: float) -> bool:
        if x < self.x0 or x > self.x1 or y < self.y0 or y > self.y1:
            return False
        key = (math.floor(x / AREA_CELL), math.floor(y / AREA_CELL))
        kind = self.cells.get(key)
        if kind is None:
            kind = self.cells[key] = self._sort(key)
        if kind != _EDGE:
            return kind == _INSIDE
        return bool(shapely.contains_xy(self.area, x, y))

    def _sort(self, key: tuple[int, int]) -> int:
        x0, y0 = key[0] * AREA_CELL, key[1] * AREA_CELL
        box = shapely.box(x0, y0, x0 + AREA_CELL, y0 + AREA_CELL)
        if shapely.contains_properly(self.area, box):
            return _INSIDE
        if not shapely.intersects(self.area, box):
            return _OUTSIDE
        return _EDGE


_OUTSIDE, _INSIDE, _EDGE = 0, 1, 2
#: The areas already sorted into cells, by the geometry's id (each kept with its
#: geometry, so an id is never taken by another while here).
_AREAS: dict[int, tuple[BaseGeometry, _Area]] = {}


def _area_of(geom: BaseGeometry) -> _Area:
    got = _AREAS.get(id(geom))
    if got is not None and got[0] is geom:
        return got[1]
    if len(_AREAS) > 256:
        _AREAS.clear()
    area = _Area(geom)
    _AREAS[id(geom)] = (geom, area)
    return area


#: Side (inches) of the cells of the grid that finds the bodies near a point, and
#: the fewest bodies for which the grid is used at all.
GRID_CELL: Final = 4.0
GRID_MIN: Final = 40


class BodyGrid:
    """Bodies by the cell of their place, by their position in a list: built once
    for a table as it stands, it serves every flight over copies of those bodies
    (in the same order, none fallen or off)."""

    def __init__(self, bodies: Sequence[Body]) -> None:
        self.ids = tuple(b.id for b in bodies)
        self.index = {b.id: i for i, b in enumerate(bodies)}
        self.cells: dict[tuple[int, int], list[int]] = {}
        for i, b in enumerate(bodies):
            self.cells.setdefault((math.floor(b.x / GRID_CELL),
                                   math.floor(b.y / GRID_CELL)), []).append(i)
        self.reach = max((b.reach for b in bodies), default=0.0)


class _Grid:
    """A BodyGrid over the bodies of one flight."""

    def __init__(self, bodies: Sequence[Body], prepared: BodyGrid | None) -> None:
        self.bodies = bodies
        ok = (prepared is not None and len(prepared.ids) == len(bodies)
              and all(i == b.id for i, b in zip(prepared.ids, bodies, strict=True)))
        g = prepared if ok and prepared is not None else BodyGrid(bodies)
        self.index = g.index
        self.cells = g.cells
        self.reach = g.reach

    def around(self, x: float, y: float, within: float, also: set[int]) -> Sequence[Body]:
        """In their order, every body that has not moved and whose centre may lie
        within `within` plus its reach of (x, y), and the bodies `also` (a few
        bodies: all of them, faster than the cells)."""
        if len(self.bodies) <= GRID_MIN:
            return self.bodies
        r = within + self.reach + 1e-6
        found = set(also)
        cells = self.cells
        for cx in range(math.floor((x - r) / GRID_CELL), math.floor((x + r) / GRID_CELL) + 1):
            for cy in range(math.floor((y - r) / GRID_CELL),
                            math.floor((y + r) / GRID_CELL) + 1):
                got = cells.get((cx, cy))
                if got:
                    found.update(got)
        bodies = self.bodies
        return [bodies[i] for i in sorted(found)]


def simulate(
    pellet: Pellet,
    start: Point,
    heading: float,
    strength: float,
    bodies: Sequence[Body],
    table: tuple[float, float],
    rng: random.Random,
    solids: Sequence[Solid] = (),
    woods: BaseGeometry | None = None,
    grid: BodyGrid | None = None,
    keep_bodies: bool = False,
) -> Flight:
    """Fly one pellet.  `bodies` are modified in place (positions, fallen, off),
    unless `keep_bodies`: then a body is copied before it is first struck and the
    bodies passed in are left as they were (a game's flight on its own bodies).
    `grid`, built from bodies in the same places (copies of these), spares
    building one for every flight; any other is ignored."""
    flight = _Flight(pellet, start, heading, strength, bodies, table, rng, solids, woods, grid,
                     keep_bodies)
    flight.run()
    return flight.result()


class _Flight:
    """One flight in progress, step by step (1/240 s): the pellet slides, wobbles,
    bounces off solids and strikes figures; struck figures slide and knock others.

    Speed-ups that change no flight: bodies start moving only when something
    strikes them, so the moving ones are looked for only after a strike (or
    while some still move); and the pellet is tested only against the figures
    it can reach before the next look (every NEAR_EVERY steps, or at once after
    any strike), in the order of `live`.  The figures are found through a grid
    of their starting places: a body that has been struck (the only way one
    moves) is kept in `touched` and always looked at, so the candidates from the
    grid plus those are every body that can pass the tests, which then run in
    the order of `live`.  `random.Random.gauss` is written out in the step (the
    same draws and sums, in the same order; its spare value carried in `spare`
    and handed back at the end): the call cost a tenth of a flight.  A
    generator with a gauss of its own is asked as it is."""

    __slots__ = ("areas", "body_paths", "curl", "depth", "fell", "impacts", "index", "inside",
                 "jitter", "keep_bodies", "live", "moving_bodies", "near", "near_left",
                 "own_gauss", "path", "pellet", "pellet_moving", "px", "py", "rng", "solid_box",
                 "spare", "step", "struck", "t", "touched", "vx", "vy", "width", "wood")

    def __init__(self, pellet: Pellet, start: Point, heading: float, strength: float,
                 bodies: Sequence[Body], table: tuple[float, float], rng: random.Random,
                 solids: Sequence[Solid], woods: BaseGeometry | None, grid: BodyGrid | None,
                 keep_bodies: bool) -> None:
        self.pellet = pellet
        self.width, self.depth = table
        self.rng = rng
        self.keep_bodies = keep_bodies
        speed = max(0.0, strength) * pellet.top_speed * max(
            0.2, 1.0 + rng.gauss(0.0, STRENGTH_SIGMA))
        aim = heading + rng.gauss(0.0, AIM_SIGMA)
        self.curl = rng.gauss(0.0, CURL_SIGMA)
        a = math.radians(aim)
        self.px, self.py = start
        self.vx, self.vy = math.sin(a) * speed, -math.cos(a) * speed
        self.live = live = [b for b in bodies if not b.fallen and not b.off]
        for s in solids:
            shapely.prepare(s.area)
        if woods is not None:
            shapely.prepare(woods)
        self.areas = areas = [(s, _area_of(s.area)) for s in solids]
        self.wood = _area_of(woods) if woods is not None and not woods.is_empty else None
        self.inside = {s.id for s, ar in areas if ar.has(self.px, self.py)}
        self.path: list[tuple[float, float, float]] = [(0.0, self.px, self.py)]
        self.impacts: list[Impact] = []
        self.fell: list[str] = []
        self.body_paths: dict[str, list[tuple[float, float, float]]] = {}
        self.t = 0.0
        self.pellet_moving = True
        self.jitter = math.radians(JITTER_SIGMA) * math.sqrt(DT)
        self.step = 0
        self.index = _Grid(live, grid if len(live) == len(bodies) else None)
        self.own_gauss = type(rng).gauss is random.Random.gauss
        self.spare: float | None = None
        if self.own_gauss:
            self.spare, rng.gauss_next = rng.gauss_next, None  # type: ignore[attr-defined]
        #: The bounds of all the solids: a pellet outside them and in none has no solid to mind.
        self.solid_box = (min((ar.x0 for _s, ar in areas), default=math.inf),
                          min((ar.y0 for _s, ar in areas), default=math.inf),
                          max((ar.x1 for _s, ar in areas), default=-math.inf),
                          max((ar.y1 for _s, ar in areas), default=-math.inf))
        self.touched = {i for i, b in enumerate(live) if b.vx != 0.0 or b.vy != 0.0}
        if keep_bodies:
            for i in self.touched:
                live[i] = live[i].copy()
        self.moving_bodies: list[Body] = []
        self.struck = True
        self.near: list[Body] = live
        self.near_left = 0

    def run(self) -> None:
        """Step until the pellet and every shoved figure are at rest (or MAX_TIME)."""
        t, step, moving = self.t, self.step, self.moving_bodies
        pellet_step, path = self._pellet_step, self.path
        while t < MAX_TIME:
            step += 1
            t += DT
            self.t, self.step = t, step
            if self.struck or moving:
                live = self.live
                moving = self.moving_bodies = [
                    live[i] for i in sorted(self.touched) if not live[i].fallen
                    and not live[i].off and (live[i].vx != 0.0 or live[i].vy != 0.0)]
            pellet_moving = self.pellet_moving
            if not pellet_moving and not moving:
                break
            if pellet_moving and (self.struck or self.near_left <= 0):
                self._look_near()
            self.near_left -= 1
            self.struck = False
            sampled = pellet_step() if pellet_moving else False
            for b in moving:
                self._shove_step(b)
            if sampled or (self.pellet_moving and step % SAMPLE_EVERY == 0):
                path.append((t, self.px, self.py))

    def _look_near(self) -> None:
        """The bodies the pellet may reach before the next look."""
        px, py = self.px, self.py
        ahead = math.hypot(self.vx, self.vy) * DT * NEAR_EVERY + self.pellet.radius + NEAR_SLACK
        self.near = [b for b in self.index.around(px, py, ahead, self.touched)
                     if not b.fallen and not b.off
                     and (b.vx != 0.0 or b.vy != 0.0
                          or math.hypot(px - b.x, py - b.y) <= b.reach + ahead)]
        self.near_left = NEAR_EVERY

    def _pellet_step(self) -> bool:
        """One step of the pellet: its wobble, friction, solids, the table's edge
        and the figures it strikes (a rotation and `_Area.has`,
        written out: this runs a few hundred times a flick).  Whether the step
        goes into the sampled path."""
        px, py, vx, vy = self.px, self.py, self.vx, self.vy
        cos, sin = _cos, _sin
        sp = _hypot(vx, vy)
        if not self.own_gauss:
            z = self.rng.gauss(0.0, self.jitter)
        else:
            spare = self.spare
            if spare is None:
                draw = self.rng.random
                x2pi = draw() * _TWOPI
                g2rad = _sqrt(-2.0 * _log(1.0 - draw()))
                z, self.spare = cos(x2pi) * g2rad, sin(x2pi) * g2rad
            else:
                z, self.spare = spare, None
            z = 0.0 + z * self.jitter
        ra = _radians(self.curl * DT + _degrees(z))
        c, sn = cos(ra), sin(ra)
        vx, vy = vx * c - vy * sn, vx * sn + vy * c
        drag = PELLET_FRICTION * DT
        wood = self.wood
        # (_Area.has says no outside the bounds: asked only inside them)
        if wood is not None and wood.x0 <= px <= wood.x1 and wood.y0 <= py <= wood.y1 \
                and wood.has(px, py):
            drag += WOOD_DRAG * sp * DT
        if sp <= drag or sp < REST_SPEED:
            vx = vy = 0.0
            self.pellet_moving = False
        else:
            k = (sp - drag) / sp
            vx, vy = vx * k, vy * k
        nx, ny = px + vx * DT, py + vy * DT
        sampled = False
        # away from every solid's bounds and inside none, no solid has a say
        sx0, sy0, sx1, sy1 = self.solid_box
        if self.inside or (sx0 <= nx <= sx1 and sy0 <= ny <= sy1):
            nx, ny, vx, vy, sampled = self._solids(px, py, nx, ny, vx, vy)
        self.px, self.py, self.vx, self.vy = nx, ny, vx, vy
        if not (0.0 <= nx <= self.width and 0.0 <= ny <= self.depth):
            self.impacts.append(Impact(self.t, nx, ny, "edge", "table", _hypot(vx, vy)))
            self.pellet_moving = False
            self.vx = self.vy = 0.0
            return True
        # the figures near it, in their order: each it meets takes the blow
        reach = self.pellet.radius
        for j, b in enumerate(self.near):
            if b.fallen or b.off or _hypot(nx - b.x, ny - b.y) > b.reach + reach:
                continue
            if self._strike(j, b):
                sampled = True
                nx, ny = self.px, self.py
        return sampled

    def _solids(self, px: float, py: float, nx: float, ny: float, vx: float, vy: float
                ) -> tuple[float, float, float, float, bool]:
        """The pellet from (px, py) towards (nx, ny) among the solids: it leaves
        those it was in, bounces off the first it would enter (and stays put).
        Where it goes, its velocity, and whether it bounced."""
        inside = self.inside
        for s, ar in self.areas:
            now_in = ar.has(nx, ny)
            if s.id in inside:
                if not now_in:
                    inside.discard(s.id)
                continue
            if now_in:
                n = _edge_normal(s.area, px, py)
                vn = vx * n[0] + vy * n[1]
                bounced = False
                if vn < 0:
                    vx -= (1.0 + TERRAIN_RESTITUTION) * vn * n[0]
                    vy -= (1.0 + TERRAIN_RESTITUTION) * vn * n[1]
                    self.impacts.append(Impact(self.t, px, py, "terrain", s.id, abs(vn)))
                    bounced = True
                return px, py, vx, vy, bounced
        return nx, ny, vx, vy, False

    def _strike(self, j: int, b: Body) -> bool:
        """The pellet against `b`, the `j`-th of the figures near it: if they
        meet, it takes the blow and falls or is shoved, the pellet bounces off
        (True)."""
        pellet, index = self.pellet, self.index
        i = index.index[b.id]
        fresh = self.keep_bodies and i not in self.touched
        target = b.copy() if fresh else b
        hit = _collide_point(self.px, self.py, self.vx, self.vy, pellet.radius, pellet.mass,
                             target)
        if hit is None:
            return False
        if fresh:
            b = self.live[i] = self.near[j] = target
        self.struck = True
        self.touched.add(i)
        (self.vx, self.vy), (px, py), closing = hit
        self.px, self.py = px, py
        self._blow(b, pellet.mass, closing, px, py, "pellet")
        return True

    def _blow(self, b: Body, mass: float, speed: float, x: float, y: float, by: str) -> None:
        """`b` struck by a striker of `mass` closing at `speed`: it falls, or it
        is shoved (its path starts)."""
        down = self.rng.random() < fall_chance(mass, speed, b.kind)
        self.impacts.append(Impact(self.t, x, y, b.kind if b.kind == "cannon" else "figure",
                                   b.id, speed, down, by=by))
        if down:
            b.fallen = True
            b.vx = b.vy = 0.0
            self.fell.append(b.id)
        else:
            b.moved = True
            self.body_paths.setdefault(b.id, [(self.t, b.x, b.y)])

    def _shove_step(self, b: Body) -> None:
        """One step of a shoved figure: friction, solids, the table's edge, and
        the figures it runs into."""
        if b.fallen or b.off:
            return
        t, paths = self.t, self.body_paths
        sp = math.hypot(b.vx, b.vy)
        drag = FIGURE_FRICTION * DT
        if sp <= drag or sp < REST_SPEED:
            b.vx = b.vy = 0.0
            paths.setdefault(b.id, [(t, b.x, b.y)]).append((t, b.x, b.y))
            return
        k = (sp - drag) / sp
        b.vx, b.vy = b.vx * k, b.vy * k
        nx, ny = b.x + b.vx * DT, b.y + b.vy * DT
        if any(ar.has(nx, ny) and not ar.has(b.x, b.y) for _s, ar in self.areas):
            # leaning against terrain: it stays up where it is
            b.vx = b.vy = 0.0
            paths.setdefault(b.id, [(t, b.x, b.y)]).append((t, b.x, b.y))
            return
        b.x, b.y = nx, ny
        if self.step % SAMPLE_EVERY == 0:
            paths.setdefault(b.id, []).append((t, b.x, b.y))
        if not (0.0 <= b.x <= self.width and 0.0 <= b.y <= self.depth):
            b.off = True
            b.vx = b.vy = 0.0
            paths.setdefault(b.id, []).append((t, b.x, b.y))
            self.impacts.append(Impact(t, b.x, b.y, "edge", "table", sp, b.kind != "cannon",
                                       by=b.id))
            if b.kind != "cannon":
                b.fallen = True
                self.fell.append(b.id)
            return
        self._knocks(b)

    def _knocks(self, b: Body) -> None:
        """Shoved `b` against the figures around it, in their order."""
        index = self.index
        for o in index.around(b.x, b.y, b.reach, self.touched):
            if o is b or o.fallen or o.off:
                continue
            if math.hypot(o.x - b.x, o.y - b.y) > o.reach + b.reach:
                continue
            i = index.index[o.id]
            fresh = self.keep_bodies and i not in self.touched
            other = o.copy() if fresh else o
            hit_speed = _collide_bodies(b, other)
            if hit_speed is None:
                continue
            if fresh:
                o = self.live[i] = other
            self.struck = True
            self.touched.add(i)
            self._blow(o, b.mass, hit_speed, o.x, o.y, b.id)

    def result(self) -> Flight:
        """The flight as flown (the generator's spare gauss handed back)."""
        if self.own_gauss:
            self.rng.gauss_next = self.spare  # type: ignore[attr-defined]
        px, py, path, live = self.px, self.py, self.path, self.live
        if path[-1][1:] != (px, py):
            path.append((self.t, px, py))
        moved = {b.id: (b.x, b.y) for b in live if b.moved and not b.fallen and not b.off}
        off = tuple(b.id for b in live if b.off)
        return Flight(self.pellet.size, tuple(path), tuple(self.impacts), tuple(self.fell), off,
                      moved, {k: tuple(v) for k, v in self.body_paths.items()})


def _collide_point(px: float, py: float, vx: float, vy: float, radius: float, mass: float,
                   b: Body) -> tuple[Point, Point, float] | None:
    """The pellet against body `b`: new pellet velocity and position, closing speed."""
    for cx, cy in b.discs():
        dx, dy = px - cx, py - cy
        d = math.hypot(dx, dy)
        if d >= radius + b.radius or d == 0.0:
            continue
        n = (dx / d, dy / d)
        rel = (vx - b.vx) * n[0] + (vy - b.vy) * n[1]
        if rel >= 0:
            continue
        j = -(1.0 + RESTITUTION) * rel / (1.0 / mass + 1.0 / b.mass)
        vx += j / mass * n[0]
        vy += j / mass * n[1]
        b.vx -= j / b.mass * n[0]
        b.vy -= j / b.mass * n[1]
        push = radius + b.radius - d
        return (vx, vy), (px + n[0] * push, py + n[1] * push), -rel
    return None


def _collide_bodies(b: Body, o: Body) -> float | None:
    """Moving body `b` runs into `o`: exchange momentum; the closing speed, or None."""
    for bx, by in b.discs():
        for ox, oy in o.discs():
            dx, dy = bx - ox, by - oy
            d = math.hypot(dx, dy)
            if d >= b.radius + o.radius or d == 0.0:
                continue
            n = (dx / d, dy / d)
            rel = (b.vx - o.vx) * n[0] + (b.vy - o.vy) * n[1]
            if rel >= 0:
                continue
            j = -(1.0 + RESTITUTION) * rel / (1.0 / b.mass + 1.0 / o.mass)
            b.vx += j / b.mass * n[0]
            b.vy += j / b.mass * n[1]
            o.vx -= j / o.mass * n[0]
            o.vy -= j / o.mass * n[1]
            return -rel
    return None


def _r(v: float) -> float:
    return rounded(v, 3)


# --- set pieces for tuning and tests ------------------------------------------------

def slide_distance(pellet: Pellet, strength: float) -> float:
    """How far (inches) a pellet flicked at `strength` slides on open table, wobble aside
    (for an aiming aid)."""
    v = max(0.0, strength) * pellet.top_speed
    return v * v / (2.0 * PELLET_FRICTION)


def strength_for(pellet: Pellet, distance: float) -> float:
    """Strength (0..1) at which the pellet would slide 2 x `distance` before stopping."""
    return min(1.0, math.sqrt(2.0 * PELLET_FRICTION * 2.0 * distance) / pellet.top_speed)


def _line(prefix: str, kind: str, x0: float, y: float, n: int, facing: float) -> list[Body]:
    return [Body(f"{prefix}{k + 1}", kind, x0 + k, y, facing, 1.0, 1.0) for k in range(n)]


def set_piece_flight(name: str, rng: random.Random) -> Flight:
    """One flick of a tuning set piece ("volley" or "cannon") on a 48 x 36 table."""
    if name == "volley":
        firers = _line("own", "infantry", 22.0, 30.0, 5, 0.0)
        target = _line("foe", "infantry", 22.0, 22.0, 5, 180.0)
        pellet = PELLETS["medium"]
        shooter = firers[0]
        aim = (24.0, 22.0)
        strength = strength_for(pellet, 8.0)
        bodies = firers + target
    elif name == "cannon":
        gun = Body("gun", "cannon", 24.0, 34.0, 0.0, 1.5, 2.0)
        crew = [Body("crew1", "infantry", 22.8, 35.0, 0.0, 1.0, 1.0),
                Body("crew2", "infantry", 25.2, 35.0, 0.0, 1.0, 1.0)]
        target = (_line("foe", "infantry", 22.0, 10.0, 5, 180.0)
                  + _line("foe2_", "infantry", 22.0, 9.0, 5, 180.0))
        pellet = PELLETS["large"]
        shooter = gun
        aim = (24.0, 9.5)
        strength = 1.0
        bodies = [gun, *crew, *target]
    else:
        raise ValueError(f"no set piece '{name}'")
    heading = math.degrees(math.atan2(aim[0] - shooter.x, -(aim[1] - shooter.y))) % 360.0
    start = start_point(shooter.x, shooter.y, shooter.reach, heading, pellet)
    return simulate(pellet, start, heading, strength, bodies, (48.0, 36.0), rng)
