"""Bridges and fords: a crossing placed across the river or stream under the pointer."""

from __future__ import annotations

import math

from desktop.scenario.edits.base import EditError, _norm_angle, _r
from desktop.scenario.edits.terrain import _feature_index, add_feature, make_feature
from desktop.scenario.model import LineShape, Point, RectShape, Scenario
from desktop.scenario.vocabulary import TerrainType

CROSSING_TYPES = frozenset({TerrainType.BRIDGE, TerrainType.FORD})


WATER_TYPES = frozenset({TerrainType.RIVER, TerrainType.STREAM})


#: How wide (along the river) a new bridge or ford is, in inches.
CROSSING_WIDTH = 2.5


#: How far a new crossing reaches past each bank, in inches.
CROSSING_OVERHANG = 1.0


def crossing_shape(s: Scenario, river_id: str, near: Point,
                   width: float = CROSSING_WIDTH) -> RectShape:
    """A bridge or ford rectangle across the river `river_id` at the point nearest `near`."""
    f = s.terrain[_feature_index(s, river_id)]
    if f.type not in WATER_TYPES or not isinstance(f.shape, LineShape):
        raise EditError(f"'{f.name or f.id}' is not a river or stream")
    from shapely.geometry import LineString
    from shapely.geometry import Point as SPoint  # shapely only when a crossing is placed

    line = LineString(f.shape.points)
    at = line.project(SPoint(near))
    c = line.interpolate(at)
    a = line.interpolate(max(0.0, at - 0.25))
    b = line.interpolate(min(line.length, at + 0.25))
    angle = math.degrees(math.atan2(b.y - a.y, b.x - a.x))
    span = f.shape.width + 2 * CROSSING_OVERHANG
    return RectShape((_r(c.x), _r(c.y)), (width, _r(span)), _norm_angle(angle))


def river_at(s: Scenario, p: Point, tolerance: float = 1.0) -> str | None:
    """The id of the river or stream under `p` (within `tolerance` of its banks)."""
    from shapely.geometry import LineString
    from shapely.geometry import Point as SPoint  # shapely only when asked

    best: tuple[float, str] | None = None
    for f in s.terrain:
        if f.type in WATER_TYPES and isinstance(f.shape, LineShape):
            d = LineString(f.shape.points).distance(SPoint(p)) - f.shape.width / 2
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, f.id)
    return best[1] if best else None


def place_crossing(s: Scenario, ftype: TerrainType, p: Point, name: str = "") -> Scenario:
    """Add a bridge or ford across the river or stream under `p`."""
    if ftype not in CROSSING_TYPES:
        raise EditError(f"a {ftype.value} is not a crossing")
    rid = river_at(s, p)
    if rid is None:
        raise EditError(f"a {ftype.value} must be placed on a river or stream")
    f = make_feature(s, ftype, crossing_shape(s, rid, p), name)
    return add_feature(s, f)
