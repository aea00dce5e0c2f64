"""Shapely geometry of the things a scenario holds: terrain shapes and bases.

Facing is a compass bearing with y growing down the screen, so a unit facing
0 looks at the top edge and one facing 90 looks at the right edge (RULINGS,
"Axes and facing").
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

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

#: How many straight segments approximate an ellipse.
ELLIPSE_SEGMENTS = 48


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
    if isinstance(shape, LineShape):
        return LineString(shape.points).buffer(shape.width / 2.0, cap_style="flat")
    return Polygon(outline(shape))


def shape_problem(shape: Shape) -> str | None:
    """Why a shape cannot be used (self-crossing, degenerate), or None."""
    if isinstance(shape, LineShape):
        line = LineString(shape.points)
        if line.length <= 0:
            return "the line has no length"
        return None
    poly = Polygon(outline(shape))
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


def table_polygon(table: Table) -> Polygon:
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


def within_table(table: Table, geom: BaseGeometry, tolerance: float = 1e-6) -> bool:
    return bool(table_polygon(table).buffer(tolerance).covers(geom))


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def circle(centre: Point, radius: float) -> BaseGeometry:
    return SPoint(centre).buffer(radius)
