"""Geometry of the things a scenario holds: terrain shapes and bases.

Facing is a compass bearing with y growing down the screen, so a unit facing
0 looks at the top edge and one facing 90 looks at the right edge (RULINGS,
"Axes and facing").

Reading and checking a scenario needs only plain arithmetic, so shapely (and
numpy under it, together as long to import as Qt itself) is imported only by
the functions that return shapely geometry.  That keeps `volley validate` and
the window's start quick.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from desktop.scenario.model import (
    EllipseShape,
    LineShape,
    Point,
    PolygonShape,
    RectShape,
    Scenario,
    Shape,
    Table,
    Unit,
)
from desktop.scenario.vocabulary import Edge, GameType

if TYPE_CHECKING:
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry

#: How many straight segments approximate an ellipse.
ELLIPSE_SEGMENTS = 48


def rounded(v: float, places: int = 4) -> float:
    """A length or angle as records and snapshots write it: `places` decimals,
    never a negative zero (Volley's one rounding helper)."""
    return round(v, places) + 0.0


def forward(facing: float) -> Point:
    """Unit vector the way a base faces."""
    a = math.radians(facing)
    return (math.sin(a), -math.cos(a))


def right(facing: float) -> Point:
    """Unit vector to a base's right, along its frontage."""
    a = math.radians(facing)
    return (math.cos(a), math.sin(a))


def rect_corners(centre: Point, frontage: float, depth: float, facing: float) -> list[Point]:
    """Corners front-left, front-right, rear-right, rear-left."""
    fx, fy = forward(facing)
    rx, ry = right(facing)
    hf, hd = frontage / 2.0, depth / 2.0
    cx, cy = centre
    return [
        (cx - rx * hf + fx * hd, cy - ry * hf + fy * hd),
        (cx + rx * hf + fx * hd, cy + ry * hf + fy * hd),
        (cx + rx * hf - fx * hd, cy + ry * hf - fy * hd),
        (cx - rx * hf - fx * hd, cy - ry * hf - fy * hd),
    ]


def footprint(unit: Unit) -> Polygon:
    from shapely.geometry import Polygon

    return Polygon(rect_corners(unit.position, unit.base.frontage, unit.base.depth, unit.facing))


def front_centre(unit: Unit) -> Point:
    fx, fy = forward(unit.facing)
    hd = unit.base.depth / 2.0
    return (unit.position[0] + fx * hd, unit.position[1] + fy * hd)


def ellipse_points(shape: EllipseShape, segments: int = ELLIPSE_SEGMENTS) -> list[Point]:
    rot = math.radians(shape.rotation)
    c, s = math.cos(rot), math.sin(rot)
    out: list[Point] = []
    for i in range(segments):
        t = 2 * math.pi * i / segments
        x, y = shape.radii[0] * math.cos(t), shape.radii[1] * math.sin(t)
        out.append((shape.centre[0] + x * c - y * s, shape.centre[1] + x * s + y * c))
    return out


def rect_points(shape: RectShape) -> list[Point]:
    rot = math.radians(shape.rotation)
    c, s = math.cos(rot), math.sin(rot)
    hw, hd = shape.size[0] / 2.0, shape.size[1] / 2.0
    out: list[Point] = []
    for x, y in ((-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)):
        out.append((shape.centre[0] + x * c - y * s, shape.centre[1] + x * s + y * c))
    return out


def outline(shape: Shape) -> list[Point]:
    """The vertices of an area shape, or the centre line of a line shape."""
    if isinstance(shape, (PolygonShape, LineShape)):
        return list(shape.points)
    if isinstance(shape, RectShape):
        return rect_points(shape)
    return ellipse_points(shape)


def shape_area(shape: Shape) -> BaseGeometry:
    """The ground a feature covers (a line is buffered to its width)."""
    from shapely.geometry import LineString, Polygon

    if isinstance(shape, LineShape):
        return LineString(shape.points).buffer(shape.width / 2.0, cap_style="flat")
    return Polygon(outline(shape))


#: Polygons with more vertices than this are checked by shapely (vectorised)
#: rather than by the plain pairwise test, which grows with the square.
PAIRWISE_LIMIT = 64


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(
        a[1], b[1]
    )


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Do segments ab and cd share any point (crossing or touching)?"""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
        return True
    return (
        (o1 == 0 and _on_segment(a, b, c))
        or (o2 == 0 and _on_segment(a, b, d))
        or (o3 == 0 and _on_segment(c, d, a))
        or (o4 == 0 and _on_segment(c, d, b))
    )


def signed_area(points: list[Point]) -> float:
    n = len(points)
    return 0.5 * sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
        for i in range(n)
    )


def _ring_crossing(points: list[Point]) -> Point | None:
    """A point where a closed ring meets itself away from shared corners, or None."""
    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    boxes = [
        (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in edges
    ]
    for i in range(n):
        a, b = edges[i]
        c = edges[(i + 1) % n][1]
        if _orient(a, b, c) == 0 and (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (
            c[1] - b[1]
        ) < 0:
            return b  # the next edge doubles back along this one: a spike
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue  # neighbours share a corner
            bi, bj = boxes[i], boxes[j]
            if bi[0] > bj[2] or bj[0] > bi[2] or bi[1] > bj[3] or bj[1] > bi[3]:
                continue
            if segments_meet(*edges[i], *edges[j]):
                return edges[j][0]
    return None


def shape_problem(shape: Shape) -> str | None:
    """Why a shape cannot be used (self-crossing, degenerate), or None.

    Rectangles and ellipses with positive sizes (the reader insists on them)
    are valid by construction; free polygons get an exact crossing test.
    """
    if isinstance(shape, LineShape):
        pts = shape.points
        length = sum(distance(pts[i], pts[i + 1]) for i in range(len(pts) - 1))
        return "the line has no length" if length <= 0 else None
    if isinstance(shape, (RectShape, EllipseShape)):
        sizes = shape.size if isinstance(shape, RectShape) else shape.radii
        return None if min(sizes) > 0 else "the shape has no area"
    points = list(shape.points)
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]  # a closing point repeated is harmless
    if len(points) < 3:
        return "a polygon needs at least 3 distinct points"
    if any(points[i] == points[(i + 1) % len(points)] for i in range(len(points))):
        return "the polygon repeats a point twice in a row"
    if len(points) > PAIRWISE_LIMIT:
        return _shapely_polygon_problem(points)
    at = _ring_crossing(points)
    if at is not None:
        return f"the polygon crosses itself near ({at[0]:g}, {at[1]:g})"
    if abs(signed_area(points)) <= 1e-9:
        return "the polygon has no area"
    return None


def _shapely_polygon_problem(points: list[Point]) -> str | None:
    import shapely
    from shapely.geometry import Polygon

    poly = Polygon(points)
    if not poly.is_valid:
        reason = shapely.is_valid_reason(poly)
        if "Self-intersection" in reason:
            at = reason.split("[", 1)[-1].rstrip("]").split()
            where = f" near ({float(at[0]):g}, {float(at[1]):g})" if len(at) == 2 else ""
            return f"the polygon crosses itself{where}"
        return f"the polygon is not valid ({reason})"
    if poly.area <= 1e-9:
        return "the polygon has no area"
    return None


def bounds(points: list[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def shape_bounds(shape: Shape) -> tuple[float, float, float, float]:
    """Bounding box of the ground a shape covers (lines widened by half their width)."""
    x0, y0, x1, y1 = bounds(outline(shape))
    pad = shape.width / 2.0 if isinstance(shape, LineShape) else 0.0
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def touches_table(table: Table, shape: Shape) -> bool:
    """Does any of the shape's ground lie on the table?"""
    x0, y0, x1, y1 = shape_bounds(shape)
    if x1 < 0 or y1 < 0 or x0 > table.width or y0 > table.depth:
        return False
    if any(point_in_table(table, p) for p in outline(shape)):
        return True
    return bool(shape_area(shape).intersects(table_polygon(table)))


def table_polygon(table: Table) -> Polygon:
    from shapely.geometry import Polygon

    return Polygon([(0, 0), (table.width, 0), (table.width, table.depth), (0, table.depth)])


def edge_strip(table: Table, edge: Edge, depth: float) -> list[Point]:
    w, d = table.width, table.depth
    if edge is Edge.NORTH:
        return [(0, 0), (w, 0), (w, depth), (0, depth)]
    if edge is Edge.SOUTH:
        return [(0, d - depth), (w, d - depth), (w, d), (0, d)]
    if edge is Edge.WEST:
        return [(0, 0), (depth, 0), (depth, d), (0, d)]
    return [(w - depth, 0), (w, 0), (w, d), (w - depth, d)]


def deployment_zone(scenario: Scenario, side_id: str) -> list[Point]:
    """A side's zone: drawn by hand if the file has one, else the game type's default.

    Encounter: a strip from each baseline.  Attack/defend: the defender may use
    up to half the table from its baseline, the attacker a strip.
    """
    game = scenario.game
    if side_id in game.deployment:
        return list(game.deployment[side_id].points)
    side = scenario.side(side_id)
    table = scenario.table
    depth = game.deployment_depth
    if game.type is GameType.ATTACK_DEFEND and game.defender == side_id:
        half = table.depth if side.baseline in (Edge.NORTH, Edge.SOUTH) else table.width
        depth = half / 2.0
    return edge_strip(table, side.baseline, depth)


def point_in_table(table: Table, p: Point) -> bool:
    return 0.0 <= p[0] <= table.width and 0.0 <= p[1] <= table.depth


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def circle(centre: Point, radius: float) -> BaseGeometry:
    from shapely.geometry import Point as SPoint

    return SPoint(centre).buffer(radius)
