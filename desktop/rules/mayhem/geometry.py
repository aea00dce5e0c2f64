"""The table as Muskets & Mayhem sees it: footprints by formation, reach,
arcs, sight, contact, prepared defences and the ground nobody may cross.

Built once per game from the scenario's terrain (shapely 2, prepared
geometries), then queried with the units' current footprints.  Lengths are
table inches; the game converts the seed's units of measurement before
asking.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from desktop.rules.mayhem.constants import (
    COLUMN_DEPTH_FACTOR,
    COLUMN_FRONTAGE_FACTOR,
    DEFENCE_AREAS,
    DEFENCE_WALL_REACH,
    DEFENCE_WALLS,
    SQUARE_SIDE_FACTOR,
)
from desktop.scenario.geometry import forward, rect_corners, shape_area, table_polygon
from desktop.scenario.model import Point, Scenario
from desktop.scenario.vocabulary import Formation, TerrainType

#: RULINGS, "Contact": bases are in contact when at most this far apart.
CONTACT: float = 0.1
#: Where a charger stops: just short of touching, well within CONTACT.
CONTACT_GAP: float = 0.05
#: RULINGS, "Front arc": 45 degrees either side of the facing.
FRONT_ARC: float = 45.0
#: Ruling: movement and sight are blocked by these (a river only where no
#: bridge or ford crosses it).
IMPASSABLE: frozenset[TerrainType] = frozenset(
    {TerrainType.LAKE, TerrainType.RIVER, TerrainType.BUILDING}
)
CROSSINGS: frozenset[TerrainType] = frozenset({TerrainType.BRIDGE, TerrainType.FORD})
BLOCKS_SIGHT: frozenset[TerrainType] = frozenset(
    {TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING, TerrainType.HIGH_WALL}
)
#: How much area (square inches) two footprints must share to count as overlapping.
OVERLAP_AREA: float = 1e-3


@lru_cache(maxsize=1024)
def base_size(frontage: float, depth: float, formation: Formation) -> tuple[float, float]:
    """The footprint (frontage, depth) of a unit whose line base is frontage x depth."""
    if formation is Formation.COLUMN:
        return frontage * COLUMN_FRONTAGE_FACTOR, depth * COLUMN_DEPTH_FACTOR
    if formation is Formation.SQUARE:
        side = frontage * SQUARE_SIDE_FACTOR
        return side, side
    return frontage, depth


@lru_cache(maxsize=16384)
def rect(centre: Point, size: tuple[float, float], facing: float) -> Polygon:
    """A base's footprint (cached: shapely geometries are immutable)."""
    poly = Polygon(rect_corners(centre, size[0], size[1], facing))
    shapely.prepare(poly)
    return poly


@lru_cache(maxsize=1024)
def reach(size: tuple[float, float]) -> float:
    """Half the diagonal: no part of a base is further than this from its centre."""
    return math.hypot(size[0], size[1]) / 2.0


def near(a: Point, a_size: tuple[float, float], b: Point, b_size: tuple[float, float],
         margin: float = 0.0) -> bool:
    """Cheap pre-test: could two bases be within `margin` of each other?"""
    return math.dist(a, b) <= reach(a_size) + reach(b_size) + margin


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def corners(centre: Point, size: tuple[float, float], facing: float) -> list[Point]:
    return rect_corners(centre, size[0], size[1], facing)


def move_distance(a_centre: Point, a_facing: float, b_centre: Point, b_facing: float,
                  size: tuple[float, float]) -> float:
    """Ruling: a move is measured by the corner of the base that travels furthest
    (straight, from where it started to where it ends), so a pivot costs what
    its outer corner moves."""
    ca = corners(a_centre, size, a_facing)
    cb = corners(b_centre, size, b_facing)
    return max(math.hypot(p[0] - q[0], p[1] - q[1]) for p, q in zip(ca, cb, strict=True))


def bearing(a: Point, b: Point) -> float:
    """Compass bearing from a to b (0 = towards the top edge, y down)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def angle_between(a: float, b: float) -> float:
    """The smaller angle between two bearings, 0..180."""
    d = abs(a - b) % 360.0
    return 360.0 - d if d > 180.0 else d


def front_centre(centre: Point, size: tuple[float, float], facing: float) -> Point:
    fx, fy = forward(facing)
    return (centre[0] + fx * size[1] / 2.0, centre[1] + fy * size[1] / 2.0)


def wedge(apex: Point, facing: float, radius: float, half_angle: float = FRONT_ARC) -> Polygon:
    """The arc `half_angle` either side of `facing`, out to `radius`."""
    pts = [apex]
    steps = 8
    for i in range(steps + 1):
        a = math.radians(facing - half_angle + 2 * half_angle * i / steps)
        pts.append((apex[0] + radius * math.sin(a), apex[1] - radius * math.cos(a)))
    return Polygon(pts)


def face_of(target_centre: Point, target_facing: float, other: Point) -> str:
    """Which face of the target `other` is against: front, rear, left or right.

    RULINGS, "Front arc": within 45 degrees of the facing is the front; the
    same about the back is the rear; the rest are the flanks.
    """
    b = bearing(target_centre, other)
    rel = (b - target_facing) % 360.0
    if rel <= FRONT_ARC or rel >= 360.0 - FRONT_ARC:
        return "front"
    if abs(rel - 180.0) <= FRONT_ARC:
        return "rear"
    return "right" if rel < 180.0 else "left"


def contact_placement(target_centre: Point, target_size: tuple[float, float],
                      target_facing: float, face: str,
                      size: tuple[float, float]) -> tuple[Point, float]:
    """Where a unit of `size` stands, facing in, centred on the target's `face`."""
    if face == "front":
        normal, half = target_facing, target_size[1] / 2.0
    elif face == "rear":
        normal, half = target_facing + 180.0, target_size[1] / 2.0
    elif face == "right":
        normal, half = target_facing + 90.0, target_size[0] / 2.0
    else:
        normal, half = target_facing - 90.0, target_size[0] / 2.0
    nx, ny = forward(normal)
    off = half + CONTACT_GAP + size[1] / 2.0
    centre = (target_centre[0] + nx * off, target_centre[1] + ny * off)
    return centre, (normal + 180.0) % 360.0


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Two bases overlap when they share more than a sliver (touching is fine).

    Symmetric, so a move check and a later audit of the table always agree.
    """
    return bool(a.intersects(b)) and float(a.intersection(b).area) > OVERLAP_AREA


def swept(a: Polygon, b: Polygon) -> BaseGeometry:
    """The ground a base covers moving straight from footprint a to footprint b."""
    return shapely.convex_hull(shapely.union(a, b))


@dataclass
class Terrain:
    """The scenario's terrain, prepared once for the game's queries."""

    table: Polygon
    impassable: BaseGeometry | None
    sight: list[BaseGeometry]
    defences: list[BaseGeometry]

    @classmethod
    def of(cls, scenario: Scenario) -> Terrain:
        blocked: list[BaseGeometry] = []
        crossings: list[BaseGeometry] = []
        sight: list[BaseGeometry] = []
        defences: list[BaseGeometry] = []
        for f in scenario.terrain:
            area = shape_area(f.shape)
            if f.type in IMPASSABLE:
                blocked.append(area)
            if f.type in CROSSINGS:
                crossings.append(area)
            if f.type in BLOCKS_SIGHT:
                sight.append(area)
            if f.type in DEFENCE_AREAS:
                defences.append(area)
            elif f.type in DEFENCE_WALLS:
                defences.append(area.buffer(DEFENCE_WALL_REACH))
        impassable: BaseGeometry | None = None
        if blocked:
            impassable = shapely.union_all(blocked)
            if crossings:
                impassable = impassable.difference(shapely.union_all(crossings))
            if impassable.is_empty:
                impassable = None
            else:
                shapely.prepare(impassable)
        for g in (*sight, *defences):
            shapely.prepare(g)
        return cls(table_polygon(scenario.table), impassable, sight, defences)

    def on_table(self, geom: BaseGeometry) -> bool:
        minx, miny, maxx, maxy = geom.bounds
        tx0, ty0, tx1, ty1 = self.table.bounds
        eps = 1e-6
        inside = minx >= tx0 - eps and miny >= ty0 - eps
        return bool(inside and maxx <= tx1 + eps and maxy <= ty1 + eps)

    def passable(self, geom: BaseGeometry) -> bool:
        return self.impassable is None or not self.impassable.intersects(geom)

    def in_defences(self, footprint: BaseGeometry) -> bool:
        return any(d.intersects(footprint) for d in self.defences)

    def sight_clear(self, line: LineString, exempt: Iterable[BaseGeometry]) -> bool:
        """No sight-blocking feature crosses the line, except features the shooter
        or the target stands in (they see out of, and are seen in, their own)."""
        ex = list(exempt)
        for g in self.sight:
            if g.intersects(line) and not any(g.intersects(e) for e in ex):
                return False
        return True
