"""The table as Muskets & Mayhem sees it, built on the shared kit (desktop.table).

Only what is Muskets & Mayhem's own lives here: footprints by formation, the
furthest-corner move measure, which face of a target a charger meets and
where it then stands, overlap, and the ground (impassable water and
buildings, prepared defences, what blocks sight).  Rectangles, bearings,
arcs, contact, the terrain's spatial index and line of sight come from
desktop.table.  Lengths are table inches; the game converts the seed's
units of measurement before asking.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.rules.mayhem.constants import (
    COLUMN_DEPTH_FACTOR,
    COLUMN_FRONTAGE_FACTOR,
    DEFENCE_AREAS,
    DEFENCE_WALL_REACH,
    DEFENCE_WALLS,
    SQUARE_SIDE_FACTOR,
)
from desktop.scenario.geometry import table_polygon
from desktop.scenario.model import Point, Scenario
from desktop.scenario.vocabulary import Formation, TerrainType
from desktop.table.shapes import (
    CONTACT_GAP,
    FRONT_HALF_ANGLE,
    bearing,
    corners,
    forward,
    front_centre_of,
)
from desktop.table.shapes import rect as table_rect
from desktop.table.terrain import TerrainIndex

#: RULINGS, "Contact": bases are in contact when at most this far apart
#: (Volley's one contact gap, desktop.table.shapes.CONTACT_GAP).
CONTACT: Final = CONTACT_GAP
#: Where a charger (or each of two counter-chargers) stops: halfway into the
#: contact gap, so the pair are in contact however the placement rounds.
#: Seed 004 says only that units end "in contact"; this is not a second gap.
CHARGE_STAND_OFF: Final = CONTACT_GAP / 2.0
#: RULINGS, "Front arc": 45 degrees either side of the facing.
FRONT_ARC: Final = FRONT_HALF_ANGLE
#: Ruling: movement and sight are blocked by these (a river only where no
#: bridge or ford crosses it).
IMPASSABLE: Final = frozenset({TerrainType.LAKE, TerrainType.RIVER, TerrainType.BUILDING})
CROSSINGS: Final = frozenset({TerrainType.BRIDGE, TerrainType.FORD})
BLOCKS_SIGHT: Final = frozenset(
    {TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING, TerrainType.HIGH_WALL}
)
#: How much area (square inches) two footprints must share to count as overlapping.
OVERLAP_AREA: Final = 1e-3


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
    """A base's footprint: the shared kit's rectangle, prepared once for the
    many intersection tests a turn makes (cached here too, so a footprint
    asked for again costs one dictionary look-up)."""
    poly = table_rect(centre[0], centre[1], size[0], size[1], facing)
    shapely.prepare(poly)
    return poly


class Foot:
    """A footprint with what the rules ask of it again and again, worked out
    once per position: its corners and bounds in plain numbers (the very
    coordinates and bounds shapely would give), its reach (half the diagonal),
    and the prepared polygon, built only when an exact test needs it."""

    __slots__ = ("_poly", "bounds", "centre", "corners", "facing", "reach", "size", "turn")

    def __init__(self, centre: Point, size: tuple[float, float], facing: float) -> None:
        self.centre = centre
        self.size = size
        self.facing = facing
        a = math.radians(facing)
        s, c = math.sin(a), math.cos(a)
        #: The sine and cosine of the facing: the base's sides run along
        #: (cos, sin) and (sin, -cos).
        self.turn: tuple[float, float] = (s, c)
        # desktop.table.shapes.corners, the same sums in the same order (so the
        # very same numbers), written out here so that one sine serves both.
        x, y = centre
        hf, hd = size[0] / 2.0, size[1] / 2.0
        fx, fy = s * hd, -c * hd
        rx, ry = c * hf, s * hf
        x0, y0 = x - rx + fx, y - ry + fy
        x1, y1 = x + rx + fx, y + ry + fy
        x2, y2 = x + rx - fx, y + ry - fy
        x3, y3 = x - rx - fx, y - ry - fy
        self.corners: list[Point] = [(x0, y0), (x1, y1), (x2, y2), (x3, y3)]
        self.bounds: tuple[float, float, float, float] = (
            min(x0, x1, x2, x3), min(y0, y1, y2, y3), max(x0, x1, x2, x3), max(y0, y1, y2, y3))
        self.reach: float = reach(size)
        self._poly: Polygon | None = None

    @property
    def poly(self) -> Polygon:
        if self._poly is None:
            self._poly = rect(self.centre, self.size, self.facing)
        return self._poly


@lru_cache(maxsize=16384)
def foot(centre: Point, size: tuple[float, float], facing: float) -> Foot:
    """The Foot of a base of `size` at `centre` facing `facing` (cached)."""
    return Foot(centre, size, facing)


@lru_cache(maxsize=1024)
def reach(size: tuple[float, float]) -> float:
    """Half the diagonal: no part of a base is further than this from its centre."""
    return math.hypot(size[0], size[1]) / 2.0


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def move_distance(a_centre: Point, a_facing: float, b_centre: Point, b_facing: float,
                  size: tuple[float, float]) -> float:
    """Ruling: a move is measured by the corner of the base that travels furthest
    (straight, from where it started to where it ends), so a pivot costs what
    its outer corner moves."""
    ca = corners(a_centre[0], a_centre[1], size[0], size[1], a_facing)
    cb = corners(b_centre[0], b_centre[1], size[0], size[1], b_facing)
    return corner_travel(ca, cb)


def corner_travel(ca: list[Point], cb: list[Point]) -> float:
    """move_distance from the base's corners before and after (a Foot's corners
    are the same numbers, so the measure costs no new corners)."""
    (a0, a1), (a2, a3), (a4, a5), (a6, a7) = ca
    (b0, b1), (b2, b3), (b4, b5), (b6, b7) = cb
    return max(math.hypot(a0 - b0, a1 - b1), math.hypot(a2 - b2, a3 - b3),
               math.hypot(a4 - b4, a5 - b5), math.hypot(a6 - b6, a7 - b7))


def front_centre(centre: Point, size: tuple[float, float], facing: float) -> Point:
    return front_centre_of(centre[0], centre[1], size[1], facing)


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
    off = half + CHARGE_STAND_OFF + size[1] / 2.0
    centre = (target_centre[0] + nx * off, target_centre[1] + ny * off)
    return centre, (normal + 180.0) % 360.0


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Two bases overlap when they share more than a sliver (touching is fine).

    Symmetric, so a move check and a later audit of the table always agree.
    """
    return bool(a.intersects(b)) and float(a.intersection(b).area) > OVERLAP_AREA


#: Shared area (square inches) computed in plain arithmetic that settles
#: overlaps_feet without shapely: below the first, or above the second, the
#: rounding of either computation cannot carry it across OVERLAP_AREA.
SURE_APART: Final = OVERLAP_AREA / 10.0
SURE_OVERLAP: Final = OVERLAP_AREA * 10.0


#: How far (inches) from a threshold a gap worked out in plain arithmetic must
#: lie to settle a test without shapely: far above the rounding of either.
SURE_GAP: Final = 1e-7


def separation(a: Foot, b: Foot) -> float:
    """The widest gap between two footprints measured across the directions of
    their sides (the separating-axis test for two rectangles): no more than
    the distance between them when positive; when it is negative they overlap."""
    (ax, ay), (bx, by) = a.centre, b.centre
    dx, dy = bx - ax, by - ay
    sa, ca = a.turn
    sb, cb = b.turn
    hfa, hda = a.size[0] / 2.0, a.size[1] / 2.0
    hfb, hdb = b.size[0] / 2.0, b.size[1] / 2.0
    # Each base's sides run along right = (cos, sin) and forward = (sin, -cos).
    rr = abs(ca * cb + sa * sb)  # |right_a . right_b| = |forward_a . forward_b|
    rf = abs(ca * sb - sa * cb)  # |right_a . forward_b| = |forward_a . right_b|
    return max(
        abs(dx * ca + dy * sa) - hfa - hfb * rr - hdb * rf,
        abs(dx * sa - dy * ca) - hda - hfb * rf - hdb * rr,
        abs(dx * cb + dy * sb) - hfb - hfa * rr - hda * rf,
        abs(dx * sb - dy * cb) - hdb - hfa * rf - hda * rr,
    )


def within_feet(a: Foot, b: Foot, gap: float) -> bool:
    """Whether two footprints are at most `gap` apart, as shapely's distance
    between their polygons says; settled by `separation` unless the bases are
    apart by about `gap` or less (then shapely measures)."""
    g = separation(a, b)
    if g > gap + SURE_GAP:
        return False
    if g < -SURE_GAP:
        return True
    return bool(a.poly.distance(b.poly) <= gap)


def overlaps_feet(a: Foot, b: Foot) -> bool:
    """overlaps() for two footprints, with the shared area clipped in plain
    arithmetic (two convex quadrilaterals); shapely decides only the rare
    case within a factor of ten of OVERLAP_AREA.  Side-by-side bases in line
    touch, and shapely's intersection took a tenth of a millisecond each.
    Bases apart along a side's direction share nothing (the clipping would
    find no area either)."""
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    if ax0 > bx1 or bx0 > ax1 or ay0 > by1 or by0 > ay1:
        return False
    if separation(a, b) > SURE_GAP:
        return False
    square = _square_area(a, b)
    if square is not None:
        if square < SURE_APART / 2.0:
            return False
        if square > SURE_OVERLAP * 2.0:
            return True
    area = _clipped_area(a.corners, b.corners)
    if area < SURE_APART:
        return False
    if area > SURE_OVERLAP:
        return True
    return overlaps(a.poly, b.poly)


#: How far from square (the sine of the angle) two bases may be for
#: _square_area: its product then differs from the true area by far less
#: than the margins overlaps_feet leaves around its thresholds.
SQUARE: Final = 1e-12


def _square_area(a: Foot, b: Foot) -> float | None:
    """The area two footprints share when their sides run the same ways (facing
    alike, opposite or at right angles, as bases side by side in line do):
    the product of their overlaps along a's two sides.  None otherwise."""
    sa, ca = a.turn
    sb, cb = b.turn
    rr = abs(ca * cb + sa * sb)
    rf = abs(ca * sb - sa * cb)
    if rf <= SQUARE:
        eb_r, eb_f = b.size[0] / 2.0, b.size[1] / 2.0
    elif rr <= SQUARE:
        eb_r, eb_f = b.size[1] / 2.0, b.size[0] / 2.0
    else:
        return None
    (ax, ay), (bx, by) = a.centre, b.centre
    dx, dy = bx - ax, by - ay
    ea_r, ea_f = a.size[0] / 2.0, a.size[1] / 2.0
    along_r = min(ea_r + eb_r - abs(dx * ca + dy * sa), 2.0 * ea_r, 2.0 * eb_r)
    along_f = min(ea_f + eb_f - abs(dx * sa - dy * ca), 2.0 * ea_f, 2.0 * eb_f)
    if along_r <= 0.0 or along_f <= 0.0:
        return 0.0
    return along_r * along_f


def _clipped_area(subject: list[Point], clip: list[Point]) -> float:
    """Area of the intersection of two convex polygons (Sutherland-Hodgman)."""
    sign = 1.0 if _signed_area(clip) > 0 else -1.0
    out = list(subject)
    n = len(clip)
    for i in range(n):
        if not out:
            return 0.0
        (px, py), (qx, qy) = clip[i], clip[(i + 1) % n]
        ex, ey = (qx - px) * sign, (qy - py) * sign
        src, out = out, []
        m = len(src)
        sides = [ex * (pt[1] - py) - ey * (pt[0] - px) for pt in src]
        for j in range(m):
            cur, nxt = src[j], src[(j + 1) % m]
            sc, sn = sides[j], sides[(j + 1) % m]
            if sc >= 0:
                out.append(cur)
            if (sc >= 0) != (sn >= 0):
                t = sc / (sc - sn)
                out.append((cur[0] + t * (nxt[0] - cur[0]), cur[1] + t * (nxt[1] - cur[1])))
    return abs(_signed_area(out)) if len(out) >= 3 else 0.0


def _signed_area(pts: list[Point]) -> float:
    s = 0.0
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2.0


def swept(a: Polygon, b: Polygon) -> BaseGeometry:
    """The ground a base covers moving straight from footprint a to footprint b."""
    return shapely.convex_hull(shapely.union(a, b))


class Swept:
    """The ground a base covers moving from Foot a to Foot b, built (as swept()
    builds it) only when a box test cannot answer: most paths meet nothing."""

    __slots__ = ("_geom", "a", "b", "bounds")

    def __init__(self, a: Foot, b: Foot) -> None:
        self.a, self.b = a, b
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.bounds, b.bounds
        self.bounds = (min(ax0, bx0), min(ay0, by0), max(ax1, bx1), max(ay1, by1))
        self._geom: BaseGeometry | None = None

    @property
    def geom(self) -> BaseGeometry:
        if self._geom is None:
            self._geom = swept(self.a.poly, self.b.poly)
        return self._geom

    def meets(self, f: Foot) -> bool:
        """Whether the path intersects footprint `f`."""
        x0, y0, x1, y1 = self.bounds
        fx0, fy0, fx1, fy1 = f.bounds
        if fx0 > x1 or x0 > fx1 or fy0 > y1 or y0 > fy1:
            return False
        return bool(self.geom.intersects(f.poly))


@dataclass
class Ground:
    """The scenario's terrain as Muskets & Mayhem's rules ask about it, over the
    shared spatial index (desktop.table.terrain.TerrainIndex, an STRtree)."""

    index: TerrainIndex
    table: Polygon
    impassable: BaseGeometry | None
    #: Indices of the features that are prepared defences (area, or wall).
    defence_areas: tuple[int, ...] = ()
    defence_walls: tuple[int, ...] = ()
    #: Indices of the features that block sight.
    sight: tuple[int, ...] = ()

    @classmethod
    def of(cls, scenario: Scenario) -> Ground:
        index = TerrainIndex(scenario)
        impassable: BaseGeometry | None = None
        if any(t in IMPASSABLE for t in index.types):
            impassable = index.union(IMPASSABLE)
            if any(t in CROSSINGS for t in index.types):
                impassable = impassable.difference(index.union(CROSSINGS))
            if impassable.is_empty:
                impassable = None
            else:
                shapely.prepare(impassable)

        def kinds(types: frozenset[TerrainType]) -> tuple[int, ...]:
            return tuple(i for i, t in enumerate(index.types) if t in types)

        return cls(index, table_polygon(scenario.table), impassable,
                   kinds(DEFENCE_AREAS), kinds(DEFENCE_WALLS), kinds(BLOCKS_SIGHT))

    def __post_init__(self) -> None:
        eps = 1e-6
        tx0, ty0, tx1, ty1 = (float(v) for v in self.table.bounds)
        #: The table's bounds widened by the tolerance (on_table_box).
        self._limits = (tx0 - eps, ty0 - eps, tx1 + eps, ty1 + eps)
        #: Each impassable part's bounds: ground whose box misses them all is clear
        #: without asking shapely.
        self._blocked_boxes: tuple[tuple[float, float, float, float], ...] = ()
        if self.impassable is not None:
            parts = getattr(self.impassable, "geoms", None) or [self.impassable]
            self._blocked_boxes = tuple(
                tuple(float(v) for v in p.bounds) for p in parts)  # type: ignore[misc]

    def on_table(self, geom: BaseGeometry) -> bool:
        return self.on_table_box(geom.bounds)

    def on_table_box(self, bounds: tuple[float, float, float, float]) -> bool:
        """on_table for a shape whose bounds are known."""
        minx, miny, maxx, maxy = bounds
        x0, y0, x1, y1 = self._limits
        return minx >= x0 and miny >= y0 and maxx <= x1 and maxy <= y1

    def passable(self, geom: BaseGeometry) -> bool:
        return self.impassable is None or not self.impassable.intersects(geom)

    def passable_box(self, geom: BaseGeometry | Swept | Foot,
                     bounds: tuple[float, float, float, float]) -> bool:
        """passable, answered from the boxes alone when they do not meet (a
        swept path, or a footprint's polygon, is then never built)."""
        if self.impassable is None:
            return True
        minx, miny, maxx, maxy = bounds
        for bx0, by0, bx1, by1 in self._blocked_boxes:
            if minx <= bx1 and bx0 <= maxx and miny <= by1 and by0 <= maxy:
                g = geom.geom if isinstance(geom, Swept) else \
                    geom.poly if isinstance(geom, Foot) else geom
                return not self.impassable.intersects(g)
        return True

    def in_defences(self, footprint: BaseGeometry) -> bool:
        """In a redoubt or trench, or within DEFENCE_WALL_REACH of a wall."""
        areas = self.index.areas
        return (any(areas[i].intersects(footprint) for i in self.defence_areas)
                or any(bool(shapely.dwithin(areas[i], footprint, DEFENCE_WALL_REACH))
                       for i in self.defence_walls))

    def sight_exempt(self, footprints: Iterable[BaseGeometry]) -> tuple[int, ...]:
        """Sight-blocking features the ends stand in (they see out of, and are
        seen in, their own wood or town)."""
        if not self.sight:
            return ()
        fps = list(footprints)
        areas = self.index.areas
        return tuple(i for i in self.sight if any(areas[i].intersects(fp) for fp in fps))


def near(a: Point, a_size: tuple[float, float], b: Point, b_size: tuple[float, float],
         margin: float = 0.0) -> bool:
    """Cheap pre-test: could two bases be within `margin` of each other?"""
    return math.dist(a, b) <= reach(a_size) + reach(b_size) + margin


def corners_of(footprint: Polygon) -> list[Point]:
    """A base's four corners, from its footprint."""
    return [(float(x), float(y)) for x, y in list(footprint.exterior.coords)[:4]]
