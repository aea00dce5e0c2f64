"""Terrain features: add, remove, retype, rename, move, turn and scale them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from desktop.scenario.edits.base import EditError, check_id, new_id
from desktop.scenario.edits.shapes import _check_shape, _map_points, _rotate_point, _round_shape
from desktop.scenario.geometry import outline, shape_area
from desktop.scenario.model import (
    LineShape,
    OccupyFeature,
    Point,
    PolygonShape,
    Scenario,
    Shape,
    TerrainFeature,
)
from desktop.scenario.vocabulary import (
    DEFAULT_LINE_WIDTH,
    LINEAR_TERRAIN,
    TERRAIN_LABELS,
    TERRAIN_PROPERTIES,
    PropertyValue,
    TerrainType,
)


def _feature_index(s: Scenario, fid: str) -> int:
    for i, f in enumerate(s.terrain):
        if f.id == fid:
            return i
    raise EditError(f"no terrain feature has the id '{fid}'")


def make_feature(
    s: Scenario, ftype: TerrainType, shape: Shape, name: str = "", fid: str | None = None
) -> TerrainFeature:
    """A new feature with a fresh id (not yet added)."""
    ftype = TerrainType(ftype)
    return TerrainFeature(fid or new_id(s, ftype.value), ftype, _round_shape(shape), name)


def add_feature(s: Scenario, feature: TerrainFeature, index: int | None = None) -> Scenario:
    check_id(s, feature.id)
    _check_feature(s, feature)
    feature = replace(feature, shape=_round_shape(feature.shape))
    terrain = list(s.terrain)
    terrain.insert(len(terrain) if index is None else index, feature)
    return replace(s, terrain=tuple(terrain))


def _check_feature(s: Scenario, f: TerrainFeature) -> None:
    label = f"'{f.name}'" if f.name else f"the {TERRAIN_LABELS[f.type].lower()}"
    linear = f.type in LINEAR_TERRAIN
    if linear and not isinstance(f.shape, LineShape):
        raise EditError(f"{label}: a {f.type.value} is drawn as a line, not an area")
    if not linear and isinstance(f.shape, LineShape):
        raise EditError(f"{label}: a {f.type.value} is an area, not a line")
    allowed = TERRAIN_PROPERTIES[f.type]
    for key, value in f.properties.items():
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise EditError(f"{label}: a {f.type.value} has no property '{key}' (known: {known})")
        want = type(allowed[key])
        ok = isinstance(value, want) or (want is float and isinstance(value, int))
        if not ok or (want is not bool and isinstance(value, bool)):
            raise EditError(f"{label}: property '{key}' must be a {want.__name__}")
    _check_shape(f.shape, s.table, label)


def remove_features(s: Scenario, ids: Iterable[str]) -> Scenario:
    gone = set(ids)
    for fid in gone:
        _feature_index(s, fid)
    for v in s.game.victory:
        if isinstance(v, OccupyFeature) and v.feature in gone:
            f = s.feature(v.feature)
            raise EditError(
                f"'{f.name or f.id}' is named by a victory condition (occupy feature); "
                "change or remove that condition first"
            )
    return replace(s, terrain=tuple(f for f in s.terrain if f.id not in gone))


def replace_feature(s: Scenario, feature: TerrainFeature, old_id: str | None = None) -> Scenario:
    """Put `feature` in the place of the feature `old_id` (default: its own id)."""
    old_id = old_id or feature.id
    i = _feature_index(s, old_id)
    if feature.id != old_id:
        check_id(s, feature.id)
        for v in s.game.victory:
            if isinstance(v, OccupyFeature) and v.feature == old_id:
                raise EditError(f"'{old_id}' is named by a victory condition; it keeps its id")
    _check_feature(s, feature)
    feature = replace(feature, shape=_round_shape(feature.shape))
    return replace(s, terrain=(*s.terrain[:i], feature, *s.terrain[i + 1 :]))


def update_feature(s: Scenario, fid: str, **changes: Any) -> Scenario:
    """Change fields of one feature (name, type, shape, properties)."""
    f = s.terrain[_feature_index(s, fid)]
    if "type" in changes:
        changes["type"] = TerrainType(changes["type"])
    if "type" in changes and "properties" not in changes:
        # keep only the properties the new type knows
        known = TERRAIN_PROPERTIES[TerrainType(changes["type"])]
        changes["properties"] = {k: v for k, v in f.properties.items() if k in known}
    return replace_feature(s, replace(f, **changes), fid)


def set_feature_type(s: Scenario, fid: str, ftype: TerrainType) -> Scenario:
    """Change a feature's type, turning a line into an area or back when needed."""
    ftype = TerrainType(ftype)
    f = s.terrain[_feature_index(s, fid)]
    shape = f.shape
    if ftype in LINEAR_TERRAIN and not isinstance(shape, LineShape):
        pts = outline(shape)
        shape = LineShape(tuple(pts), DEFAULT_LINE_WIDTH[ftype])
    elif ftype not in LINEAR_TERRAIN and isinstance(shape, LineShape):
        area = shape_area(shape)
        ring = list(area.exterior.coords)[:-1]
        shape = PolygonShape(tuple(ring))
    new = update_feature(s, fid, type=ftype, shape=shape)
    if ftype is f.type or not auto_feature_id(f):
        return new  # an id the designer chose is theirs to keep
    return rename_feature(new, fid, new_id(new, ftype.value))


def auto_feature_id(f: TerrainFeature) -> bool:
    """Is the feature's id one the editor made from its type ('wood-3')?"""
    return re.fullmatch(rf"{re.escape(f.type.value)}-\d+", f.id) is not None


def type_changed_id(s: Scenario, fid: str, ftype: TerrainType) -> str:
    """The id feature `fid` will have after `set_feature_type(s, fid, ftype)`."""
    f = s.terrain[_feature_index(s, fid)]
    if TerrainType(ftype) is f.type or not auto_feature_id(f):
        return fid
    return new_id(s, TerrainType(ftype).value)


def rename_feature(s: Scenario, old: str, new: str) -> Scenario:
    """Give a feature a new id, and the victory conditions that name it too."""
    i = _feature_index(s, old)
    if new == old:
        return s
    check_id(s, new)
    victory = tuple(replace(v, feature=new) if isinstance(v, OccupyFeature) and v.feature == old
                    else v for v in s.game.victory)
    terrain = (*s.terrain[:i], replace(s.terrain[i], id=new), *s.terrain[i + 1:])
    return replace(s, terrain=terrain, game=replace(s.game, victory=victory))


def set_feature_property(s: Scenario, fid: str, key: str, value: PropertyValue | None) -> Scenario:
    """Set a type-specific property (None returns it to the default)."""
    f = s.terrain[_feature_index(s, fid)]
    props = dict(f.properties)
    if value is None:
        props.pop(key, None)
    else:
        props[key] = value
    return replace_feature(s, replace(f, properties=props))


def _transform_features(s: Scenario, ids: Iterable[str],
                        fn: Callable[[TerrainFeature], TerrainFeature]) -> Scenario:
    wanted = set(ids)
    terrain = list(s.terrain)
    seen = set()
    for i, f in enumerate(terrain):
        if f.id in wanted:
            nf = fn(f)
            nf = replace(nf, shape=_round_shape(nf.shape))
            _check_feature(s, nf)
            terrain[i] = nf
            seen.add(f.id)
    missing = wanted - seen
    if missing:
        raise EditError(f"no terrain feature has the id '{sorted(missing)[0]}'")
    return replace(s, terrain=tuple(terrain))


def move_features(s: Scenario, ids: Iterable[str], dx: float, dy: float) -> Scenario:
    return _transform_features(
        s, ids, lambda f: replace(f, shape=_map_points(f.shape, lambda p: (p[0] + dx, p[1] + dy)))
    )


def feature_centre(f: TerrainFeature) -> Point:
    c = shape_area(f.shape).centroid
    return (float(c.x), float(c.y))


def rotate_features(s: Scenario, ids: Iterable[str], degrees: float,
                    pivot: Point | None = None) -> Scenario:
    """Rotate features clockwise by `degrees` about `pivot` (default: each one's centre)."""

    def fn(f: TerrainFeature) -> TerrainFeature:
        c = pivot or feature_centre(f)
        return replace(f, shape=_map_points(f.shape, lambda p: _rotate_point(p, c, degrees),
                                            rot=degrees))

    return _transform_features(s, ids, fn)


def scale_features(s: Scenario, ids: Iterable[str], sx: float, sy: float | None = None,
                   pivot: Point | None = None) -> Scenario:
    """Scale features by (sx, sy) about `pivot` (default: each one's centre).

    Rectangles and ellipses scale along their own axes; polygons and lines
    along the table's.
    """
    sy = sx if sy is None else sy
    if sx <= 0 or sy <= 0:
        raise EditError("a scale factor must be more than 0")

    def fn(f: TerrainFeature) -> TerrainFeature:
        c = pivot or feature_centre(f)

        def pt(p: Point) -> Point:
            return (c[0] + (p[0] - c[0]) * sx, c[1] + (p[1] - c[1]) * sy)

        return replace(f, shape=_map_points(f.shape, pt, scale=(sx, sy)))

    return _transform_features(s, ids, fn)


def set_line_width(s: Scenario, fid: str, width: float, smooth: bool | None = None) -> Scenario:
    f = s.terrain[_feature_index(s, fid)]
    if not isinstance(f.shape, LineShape):
        raise EditError(f"'{f.name or f.id}' is not a line")
    shape = replace(f.shape, width=width, smooth=f.shape.smooth if smooth is None else smooth)
    return replace_feature(s, replace(f, shape=shape))
