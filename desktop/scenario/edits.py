"""Every change the editor makes to a scenario, as a pure function.

Each function takes a Scenario and returns a new one (the model is frozen:
values are replaced, never mutated), sharing every part it did not touch.
That makes an undo command a swap of two values and keeps a drag cheap: moving
one unit of a thousand rebuilds one side's tuple of units, nothing else.

A change that would make the scenario invalid (a self-crossing polygon, an id
used twice, a victory condition left pointing at nothing) raises EditError
with a sentence for the user; nothing is half-applied.

Lengths are table inches, angles compass degrees (0 faces the top edge,
clockwise), y grows down the table, as in the rest of the core.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

from desktop.scenario.crossings import Crossing, crossing_words, ring_crossings
from desktop.scenario.geometry import (
    forward,
    outline,
    rect_corners,
    right,
    rounded,
    shape_area,
    shape_problem,
    table_polygon,
)
from desktop.scenario.model import (
    Base,
    EllipseShape,
    Game,
    Grid,
    HoldObjectives,
    LineShape,
    Objective,
    OccupyFeature,
    Officer,
    Point,
    PolygonShape,
    RectShape,
    Scenario,
    Shape,
    Side,
    Table,
    TerrainFeature,
    TurnLimit,
    Unit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import (
    ARTILLERY,
    DEFAULT_BASE,
    DEFAULT_CV,
    DEFAULT_DEPLOYMENT_DEPTH,
    DEFAULT_FIGURES,
    DEFAULT_FORMATION,
    DEFAULT_LINE_WIDTH,
    LINEAR_TERRAIN,
    TERRAIN_LABELS,
    TERRAIN_PROPERTIES,
    CommandRole,
    Edge,
    Formation,
    GameType,
    LengthUnit,
    PropertyValue,
    Quality,
    Rank,
    TerrainType,
    Trait,
    UnitType,
)

#: Decimal places kept for coordinates written by the editor (1/1000 inch).
PLACES = 3

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

Piece = Unit | Officer
T = TypeVar("T")


class EditError(ValueError):
    """A change the editor refuses, with a sentence saying why."""


class CrossingError(EditError):
    """A polygon that would cross itself: where, so the editor can mark it."""

    def __init__(self, message: str, crossings: Sequence[Crossing],
                 outline: Sequence[Point]) -> None:
        super().__init__(message)
        self.crossings = tuple(crossings)
        #: The refused outline (table inches), to draw with the marks.
        self.outline = tuple(outline)


def _r(v: float) -> float:
    return rounded(v, PLACES)


def _rp(p: Point) -> Point:
    return (_r(p[0]), _r(p[1]))


def _norm_angle(a: float) -> float:
    out = _r(a % 360.0)
    return 0.0 if out >= 360.0 else out


# --- ids ----------------------------------------------------------------------------


def all_ids(s: Scenario) -> set[str]:
    """Every id in use: sides, units, officers, terrain, objectives."""
    ids = {side.id for side in s.sides}
    for side in s.sides:
        ids.update(u.id for u in side.units)
        ids.update(o.id for o in side.officers)
    ids.update(f.id for f in s.terrain)
    ids.update(o.id for o in s.game.objectives)
    return ids


def new_id(s: Scenario, prefix: str, taken: Iterable[str] = ()) -> str:
    """The first free `prefix-N` (N from 1), free among every id in the scenario."""
    stem = re.sub(r"[^A-Za-z0-9_.\-]+", "_", prefix.strip()).strip("_.-") or "id"
    if not stem[0].isalnum():
        stem = "x" + stem
    used = all_ids(s) | set(taken)
    n = 1
    while f"{stem}-{n}" in used:
        n += 1
    return f"{stem}-{n}"


def new_name(s: Scenario, label: str) -> str:
    """The first "LABEL N" (N from 1) that no unit or officer of any side is
    called: a new unit's name is unique across the scenario, so that reports
    and the log never leave two "Light infantry 1" to tell apart."""
    used = {u.name for side in s.sides for u in side.units}
    used |= {o.name for side in s.sides for o in side.officers}
    n = 1
    while f"{label} {n}" in used:
        n += 1
    return f"{label} {n}"


def new_ids(s: Scenario, prefix: str, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count):
        out.append(new_id(s, prefix, out))
    return out


def check_id(s: Scenario, ident: str, *, allow: str | None = None) -> None:
    """Refuse an id that is malformed or already used (other than by `allow`)."""
    if not _ID.match(ident):
        raise EditError(
            f"'{ident}' is not a valid id (letters, digits, '_', '.', '-'; "
            "starting with a letter or digit)"
        )
    if ident != allow and ident in all_ids(s):
        raise EditError(f"the id '{ident}' is already used")


# --- small helpers ---------------------------------------------------------------------


def _replace_in(items: tuple[T, ...], key: Callable[[T], str], ident: str, new: T) -> tuple[T, ...]:
    for i, item in enumerate(items):
        if key(item) == ident:
            return (*items[:i], new, *items[i + 1 :])
    raise KeyError(ident)


def _feature_index(s: Scenario, fid: str) -> int:
    for i, f in enumerate(s.terrain):
        if f.id == fid:
            return i
    raise EditError(f"no terrain feature has the id '{fid}'")


def _check_shape(shape: Shape, table: Table, what: str = "the shape") -> None:
    why = shape_problem(shape)
    if why:
        if isinstance(shape, PolygonShape) and "crosses itself" in why:
            found = ring_crossings(shape.points)
            if found:
                raise CrossingError(
                    f"{what} cannot be used: it crosses itself "
                    f"({crossing_words(found, table.unit, len(shape.points))})",
                    found, shape.points)
        raise EditError(f"{what} cannot be used: {why}")
    if isinstance(shape, LineShape) and shape.width <= 0:
        raise EditError(f"{what} cannot be used: the width must be more than 0")
    if isinstance(shape, RectShape) and min(shape.size) <= 0:
        raise EditError(f"{what} cannot be used: the rectangle has no area")
    if isinstance(shape, EllipseShape) and min(shape.radii) <= 0:
        raise EditError(f"{what} cannot be used: the ellipse has no area")
    if not shape_area(shape).intersects(table_polygon(table)):
        raise EditError(f"{what} lies wholly off the table")


def _round_shape(shape: Shape) -> Shape:
    if isinstance(shape, PolygonShape):
        return PolygonShape(tuple(_rp(p) for p in shape.points))
    if isinstance(shape, LineShape):
        return replace(shape, points=tuple(_rp(p) for p in shape.points), width=_r(shape.width))
    if isinstance(shape, RectShape):
        return RectShape(_rp(shape.centre), _rp(shape.size), _r(shape.rotation))
    return EllipseShape(_rp(shape.centre), _rp(shape.radii), _r(shape.rotation))


# --- terrain ----------------------------------------------------------------------------


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


def _map_points(shape: Shape, fn: Callable[[Point], Point], rot: float = 0.0,
                scale: tuple[float, float] = (1.0, 1.0)) -> Shape:
    if isinstance(shape, PolygonShape):
        return PolygonShape(tuple(fn(p) for p in shape.points))
    if isinstance(shape, LineShape):
        return replace(shape, points=tuple(fn(p) for p in shape.points))
    if isinstance(shape, RectShape):
        size = (shape.size[0] * scale[0], shape.size[1] * scale[1])
        return RectShape(fn(shape.centre), size, _norm_angle(shape.rotation + rot))
    radii = (shape.radii[0] * scale[0], shape.radii[1] * scale[1])
    return EllipseShape(fn(shape.centre), radii, _norm_angle(shape.rotation + rot))


def _rotate_point(p: Point, pivot: Point, degrees: float) -> Point:
    """Rotate clockwise on screen (y down) by `degrees` about `pivot`."""
    a = math.radians(degrees)
    c, sn = math.cos(a), math.sin(a)
    x, y = p[0] - pivot[0], p[1] - pivot[1]
    return (pivot[0] + x * c - y * sn, pivot[1] + x * sn + y * c)


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


# --- vertices ---------------------------------------------------------------------------


def vertices(shape: Shape) -> list[Point]:
    """The points a vertex tool edits (a rectangle's or ellipse's outline)."""
    return outline(shape)


def _as_editable(shape: Shape) -> PolygonShape | LineShape:
    """Rectangles and ellipses become polygons once their vertices are edited."""
    if isinstance(shape, (PolygonShape, LineShape)):
        return shape
    return PolygonShape(tuple(outline(shape)))


def _with_points(shape: PolygonShape | LineShape, pts: Sequence[Point]) -> Shape:
    if isinstance(shape, LineShape):
        return replace(shape, points=tuple(pts))
    return PolygonShape(tuple(pts))


def move_vertex(s: Scenario, fid: str, index: int, point: Point) -> Scenario:
    f = s.terrain[_feature_index(s, fid)]
    shape = _as_editable(f.shape)
    pts = list(shape.points)
    if not 0 <= index < len(pts):
        raise EditError(f"'{f.name or f.id}' has no vertex {index}")
    pts[index] = point
    return replace_feature(s, replace(f, shape=_with_points(shape, pts)))


def insert_vertex(s: Scenario, fid: str, index: int, point: Point) -> Scenario:
    """Insert `point` so that it becomes vertex `index`."""
    f = s.terrain[_feature_index(s, fid)]
    shape = _as_editable(f.shape)
    pts = list(shape.points)
    if not 0 <= index <= len(pts):
        raise EditError(f"'{f.name or f.id}' has no place for vertex {index}")
    pts.insert(index, point)
    return replace_feature(s, replace(f, shape=_with_points(shape, pts)))


def delete_vertex(s: Scenario, fid: str, index: int) -> Scenario:
    f = s.terrain[_feature_index(s, fid)]
    shape = _as_editable(f.shape)
    pts = list(shape.points)
    least = 2 if isinstance(shape, LineShape) else 3
    if len(pts) <= least:
        what = "a line" if least == 2 else "an area"
        raise EditError(f"{what} needs at least {least} points; delete the feature instead")
    if not 0 <= index < len(pts):
        raise EditError(f"'{f.name or f.id}' has no vertex {index}")
    del pts[index]
    return replace_feature(s, replace(f, shape=_with_points(shape, pts)))


def nearest_edge(shape: Shape, p: Point) -> tuple[int, Point, float]:
    """(insert index, nearest point on the outline, distance) for inserting a vertex."""
    pts = vertices(shape)
    closed = not isinstance(shape, LineShape)
    n = len(pts)
    best = (1, pts[0], math.inf)
    segs = n if closed else n - 1
    for i in range(segs):
        a, b = pts[i], pts[(i + 1) % n]
        q, d = _project(p, a, b)
        if d < best[2]:
            best = (i + 1, q, d)
    return best


def _project(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    ax, ay = a
    bx, by = b
    vx, vy = bx - ax, by - ay
    ll = vx * vx + vy * vy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / ll))
    q = (ax + t * vx, ay + t * vy)
    return q, math.hypot(p[0] - q[0], p[1] - q[1])


# --- bridges and fords --------------------------------------------------------------------

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


# --- units and officers ------------------------------------------------------------------


def make_unit(s: Scenario, utype: UnitType, position: Point, facing: float = 0.0,
              quality: Quality = Quality.REGULAR, name: str = "",
              uid: str | None = None) -> Unit:
    """A new unit with the vocabulary's defaults and a fresh id (not yet added)."""
    front, depth = DEFAULT_BASE[utype]
    uid = uid or new_id(s, utype.value)
    return Unit(
        id=uid,
        name=name or uid.replace("_", " ").capitalize(),
        type=utype,
        quality=quality,
        cv=DEFAULT_CV[quality],
        figures=DEFAULT_FIGURES[utype],
        base=Base(front, depth),
        position=_rp(position),
        facing=_norm_angle(facing),
        formation=DEFAULT_FORMATION[utype],
        # skirmishers and gunners carry no colours (as in the bundled scenarios)
        command=(() if utype in ARTILLERY or utype is UnitType.LIGHT_INFANTRY
                 else (CommandRole.OFFICER, CommandRole.FLAG)),
        guns=1 if utype in ARTILLERY else 0,
    )


def make_officer(s: Scenario, rank: Rank, position: Point, facing: float = 0.0,
                 name: str = "", oid: str | None = None) -> Officer:
    oid = oid or new_id(s, rank.value)
    return Officer(oid, name or oid.replace("_", " ").capitalize(), rank, _rp(position),
                   _norm_angle(facing))


def _side_index(s: Scenario, side_id: str) -> int:
    for i, side in enumerate(s.sides):
        if side.id == side_id:
            return i
    raise EditError(f"no side has the id '{side_id}'")


def _with_side(s: Scenario, i: int, side: Side) -> Scenario:
    return replace(s, sides=(*s.sides[:i], side, *s.sides[i + 1 :]))


def _check_on_table(s: Scenario, piece: Piece) -> None:
    t = s.table
    if isinstance(piece, Unit):
        for x, y in rect_corners(piece.position, piece.base.frontage, piece.base.depth,
                                 piece.facing):
            if x < -0.01 or y < -0.01 or x > t.width + 0.01 or y > t.depth + 0.01:
                raise EditError(f"'{piece.name}' would stand off the table")
    else:
        x, y = piece.position
        if not (0 <= x <= t.width and 0 <= y <= t.depth):
            raise EditError(f"'{piece.name}' would stand off the table")


def _check_unit(u: Unit) -> None:
    if u.base.frontage <= 0 or u.base.depth <= 0:
        raise EditError(f"'{u.name}': a base must have a frontage and a depth above 0")
    if u.figures < 0 or u.cv < 0 or u.guns < 0:
        raise EditError(f"'{u.name}': figures, CV and guns cannot be negative")
    if not u.name.strip():
        raise EditError("a unit needs a name")


def add_unit(s: Scenario, side_id: str, unit: Unit, index: int | None = None) -> Scenario:
    i = _side_index(s, side_id)
    check_id(s, unit.id)
    _check_unit(unit)
    _check_on_table(s, unit)
    side = s.sides[i]
    units = list(side.units)
    units.insert(len(units) if index is None else index, unit)
    return _with_side(s, i, replace(side, units=tuple(units)))


def add_officer(s: Scenario, side_id: str, officer: Officer, index: int | None = None
                ) -> Scenario:
    i = _side_index(s, side_id)
    check_id(s, officer.id)
    _check_on_table(s, officer)
    if officer.attached_to is not None:
        _check_attachment(s, side_id, officer.attached_to)
    side = s.sides[i]
    officers = list(side.officers)
    officers.insert(len(officers) if index is None else index, officer)
    return _with_side(s, i, replace(side, officers=tuple(officers)))


def _check_attachment(s: Scenario, side_id: str, unit_id: str) -> None:
    side = s.side(side_id)
    if not any(u.id == unit_id for u in side.units):
        raise EditError(f"an officer can only be attached to a unit of its own side "
                        f"('{unit_id}' is not one)")


def piece(s: Scenario, pid: str) -> Piece:
    """The unit or officer with id `pid`."""
    for side in s.sides:
        for u in side.units:
            if u.id == pid:
                return u
        for o in side.officers:
            if o.id == pid:
                return o
    raise EditError(f"no unit or officer has the id '{pid}'")


def is_piece(s: Scenario, pid: str) -> bool:
    return any(
        any(u.id == pid for u in side.units) or any(o.id == pid for o in side.officers)
        for side in s.sides
    )


def remove_pieces(s: Scenario, ids: Iterable[str]) -> Scenario:
    """Remove units and officers; officers attached to a removed unit are detached."""
    gone = set(ids)
    for pid in gone:
        piece(s, pid)
    sides = []
    for side in s.sides:
        units = tuple(u for u in side.units if u.id not in gone)
        officers = tuple(
            o if o.attached_to not in gone else replace(o, attached_to=None)
            for o in side.officers
            if o.id not in gone
        )
        if len(units) == len(side.units) and officers == side.officers:
            sides.append(side)
        else:
            sides.append(replace(side, units=units, officers=officers))
    return replace(s, sides=tuple(sides))


def replace_pieces(s: Scenario, new: Mapping[str, Piece]) -> Scenario:
    """Put each piece in the place of the piece with the given (old) id, checked."""
    if not new:
        return s
    todo = dict(new)
    sides = list(s.sides)
    for i, side in enumerate(sides):
        units = side.units
        officers = side.officers
        if any(u.id in todo for u in units):
            units = tuple(todo.pop(u.id) if u.id in todo else u for u in units)  # type: ignore[misc]
        if any(o.id in todo for o in officers):
            officers = tuple(todo.pop(o.id) if o.id in todo else o  # type: ignore[misc]
                             for o in officers)
        if units is not side.units or officers is not side.officers:
            for u in units:
                if not isinstance(u, Unit):
                    raise EditError("a unit can only be replaced by a unit")
            for o in officers:
                if not isinstance(o, Officer):
                    raise EditError("an officer can only be replaced by an officer")
            sides[i] = replace(side, units=units, officers=officers)
    if todo:
        raise EditError(f"no unit or officer has the id '{sorted(todo)[0]}'")
    for old_id, p in new.items():
        if p.id != old_id:
            check_id(s, p.id)
        if isinstance(p, Unit):
            _check_unit(p)
        _check_on_table(s, p)
    out = replace(s, sides=tuple(sides))
    for old_id, p in new.items():
        if p.id != old_id:
            out = _rename_piece_refs(out, old_id, p.id)
    return out


def _rename_piece_refs(s: Scenario, old: str, new: str) -> Scenario:
    sides = []
    for side in s.sides:
        if any(o.attached_to == old for o in side.officers):
            side = replace(side, officers=tuple(
                replace(o, attached_to=new) if o.attached_to == old else o
                for o in side.officers))
        sides.append(side)
    return replace(s, sides=tuple(sides))


_ENUM_FIELDS: dict[str, Callable[[Any], Any]] = {
    "type": UnitType, "quality": Quality, "formation": Formation, "rank": Rank,
}


def update_piece(s: Scenario, pid: str, **changes: Any) -> Scenario:
    """Change fields of one unit or officer (any side), e.g. name=, quality=, cv=."""
    p = piece(s, pid)
    for key, enum in _ENUM_FIELDS.items():  # a combo box hands back plain strings
        if key in changes and changes[key] is not None:
            try:
                changes[key] = enum(changes[key])
            except ValueError:
                raise EditError(f"'{changes[key]}' is not a {key}") from None
    if "traits" in changes:
        changes["traits"] = tuple(Trait(x) for x in changes["traits"])
    if "command" in changes:
        changes["command"] = tuple(CommandRole(x) for x in changes["command"])
    if isinstance(p, Officer) and changes.get("attached_to") is not None:
        _check_attachment(s, s.side_of(pid).id, changes["attached_to"])
    if "position" in changes:
        changes["position"] = _rp(changes["position"])
    if "facing" in changes:
        changes["facing"] = _norm_angle(changes["facing"])
    return replace_pieces(s, {pid: replace(p, **changes)})


def set_unit_start(
    s: Scenario, uid: str, ruleset_id: str, fields: Mapping[str, int | bool]
) -> Scenario:
    """Set how a unit starts the battle under one ruleset (``start`` in the file).

    Fields at their fresh value (0, false) are left out, and a ruleset with
    none left leaves the unit's ``start``: a fresh unit writes no ``start``.
    Which fields exist and their ranges are the ruleset's to judge
    (desktop.rules.start); only a negative count is refused here.
    """
    u = piece(s, uid)
    if not isinstance(u, Unit):
        raise EditError(f"{u.name} is an officer; only units start the battle worn")
    kept: dict[str, int | bool] = {}
    for key, value in fields.items():
        if not isinstance(value, bool) and value < 0:
            raise EditError(f"{u.name}: starting {key} cannot be negative ({value})")
        if value:
            kept[key] = value
    start = {rid: dict(v) for rid, v in u.start.items() if rid != ruleset_id}
    if kept:
        start[ruleset_id] = kept
    return replace_pieces(s, {uid: replace(u, start=start)})


def set_unit_quality(s: Scenario, uid: str, quality: Quality, reset_cv: bool = True) -> Scenario:
    """Change quality; the CV follows the quality's default unless `reset_cv` is False."""
    quality = Quality(quality)
    p = piece(s, uid)
    if not isinstance(p, Unit):
        raise EditError(f"'{uid}' is an officer, not a unit")
    cv = DEFAULT_CV[quality] if reset_cv else p.cv
    return replace_pieces(s, {uid: replace(p, quality=quality, cv=cv)})


def set_unit_type(s: Scenario, uid: str, utype: UnitType) -> Scenario:
    """Change a unit's type; base, figures, formation and guns take the type's defaults."""
    utype = UnitType(utype)
    p = piece(s, uid)
    if not isinstance(p, Unit):
        raise EditError(f"'{uid}' is an officer, not a unit")
    front, depth = DEFAULT_BASE[utype]
    new = replace(
        p, type=utype, base=Base(front, depth), figures=DEFAULT_FIGURES[utype],
        formation=DEFAULT_FORMATION[utype], guns=1 if utype in ARTILLERY else 0,
        command=p.command if utype not in ARTILLERY else (),
    )
    return replace_pieces(s, {uid: new})


def move_piece_to_side(s: Scenario, pid: str, side_id: str) -> Scenario:
    """Hand a unit or officer to another side (attachments are dropped)."""
    p = piece(s, pid)
    if s.side_of(pid).id == side_id:
        return s
    out = remove_pieces(s, [pid])
    if isinstance(p, Unit):
        return add_unit(out, side_id, p)
    return add_officer(out, side_id, replace(p, attached_to=None))


def set_placements(s: Scenario, placements: Mapping[str, tuple[Point, float]]) -> Scenario:
    """Set (position, facing) of many pieces at once: the core of every drag."""
    new: dict[str, Piece] = {}
    for pid, (pos, facing) in placements.items():
        p = piece(s, pid)
        new[pid] = replace(p, position=_rp(pos), facing=_norm_angle(facing))
    return replace_pieces(s, new)


def placements(s: Scenario, ids: Iterable[str]) -> dict[str, tuple[Point, float]]:
    out: dict[str, tuple[Point, float]] = {}
    for pid in ids:
        p = piece(s, pid)
        out[pid] = (p.position, p.facing)
    return out


def move_pieces(s: Scenario, ids: Iterable[str], dx: float, dy: float) -> Scenario:
    return set_placements(s, {
        pid: ((pos[0] + dx, pos[1] + dy), facing)
        for pid, (pos, facing) in placements(s, ids).items()
    })


def rotate_pieces(s: Scenario, ids: Iterable[str], degrees: float,
                  pivot: Point | None = None) -> Scenario:
    """Turn pieces clockwise by `degrees`.

    Without a pivot each piece turns on its own centre; with one, the group
    wheels as a body about it (positions swing round, facings turn with them).
    """
    out = {}
    for pid, (pos, facing) in placements(s, ids).items():
        npos = pos if pivot is None else _rotate_point(pos, pivot, degrees)
        out[pid] = (npos, facing + degrees)
    return set_placements(s, out)


def group_facing(s: Scenario, ids: Sequence[str]) -> float:
    """The facing a group is dressed on: that of its first piece."""
    return piece(s, ids[0]).facing if ids else 0.0


def wheel_pivot(s: Scenario, ids: Sequence[str], corner: Literal["left", "right"]) -> Point:
    """The front-left (or front-right) corner of a group, seen along its facing.

    A line wheels about the outer corner of its end base, as on the table.
    """
    if not ids:
        raise EditError("select the units to wheel first")
    f = group_facing(s, ids)
    rx, ry = right(f)
    fx, fy = forward(f)
    best: tuple[float, Point] | None = None
    for pid in ids:
        p = piece(s, pid)
        if isinstance(p, Unit):
            corners = rect_corners(p.position, p.base.frontage, p.base.depth, p.facing)
            cand = [corners[0], corners[1]]
        else:
            cand = [p.position]
        for c in cand:
            side = c[0] * rx + c[1] * ry
            front = c[0] * fx + c[1] * fy
            key = -side if corner == "left" else side
            score = key * 1000.0 + front  # outermost, then foremost
            if best is None or score > best[0]:
                best = (score, c)
    assert best is not None
    return best[1]


def _unit_list(s: Scenario, ids: Sequence[str]) -> list[Unit]:
    units = []
    for pid in ids:
        p = piece(s, pid)
        if isinstance(p, Unit):
            units.append(p)
    if not units:
        raise EditError("select some units first")
    return units


def arrange_line(s: Scenario, ids: Sequence[str], gap: float = 0.0) -> Scenario:
    """Dress the selected units into a line, shoulder to shoulder.

    The line faces the way the first unit faces; the leftmost unit (along that
    facing) stays where it is, the others keep their left-to-right order and
    line up on its front edge, `gap` inches apart.
    """
    units = _unit_list(s, ids)
    f = units[0].facing
    rx, ry = right(f)
    fx, fy = forward(f)
    order = sorted(units, key=lambda u: u.position[0] * rx + u.position[1] * ry)
    anchor = order[0]
    front_x = anchor.position[0] + fx * anchor.base.depth / 2
    front_y = anchor.position[1] + fy * anchor.base.depth / 2
    out: dict[str, tuple[Point, float]] = {anchor.id: (anchor.position, f)}
    along = -anchor.base.frontage / 2
    for k, u in enumerate(order):
        if k:
            along += gap
        cx_along = along + u.base.frontage / 2
        along += u.base.frontage
        if u is anchor:
            continue
        pos = (front_x + rx * cx_along - fx * u.base.depth / 2,
               front_y + ry * cx_along - fy * u.base.depth / 2)
        out[u.id] = (pos, f)
    return set_placements(s, out)


def arrange_column(s: Scenario, ids: Sequence[str], gap: float = 0.0) -> Scenario:
    """Form the selected units into a column, one behind another.

    The column faces the way the first unit faces; the foremost unit stays
    where it is and the others follow on its centre line, `gap` inches apart.
    """
    units = _unit_list(s, ids)
    f = units[0].facing
    fx, fy = forward(f)
    order = sorted(units, key=lambda u: -(u.position[0] * fx + u.position[1] * fy))
    head = order[0]
    out: dict[str, tuple[Point, float]] = {head.id: (head.position, f)}
    back = -head.base.depth / 2  # distance of the current rear edge ahead of head's centre
    for u in order[1:]:
        back -= gap
        c = back - u.base.depth / 2
        back -= u.base.depth
        out[u.id] = ((head.position[0] + fx * c, head.position[1] + fy * c), f)
    return set_placements(s, out)


def clamp_move(s: Scenario, ids: Iterable[str], dx: float, dy: float) -> tuple[float, float]:
    """Shorten a move so no base or officer of the group leaves the table."""
    xs: list[float] = []
    ys: list[float] = []
    for pid in ids:
        p = piece(s, pid)
        if isinstance(p, Unit):
            pts = rect_corners(p.position, p.base.frontage, p.base.depth, p.facing)
        else:
            pts = [p.position]
        xs += [q[0] for q in pts]
        ys += [q[1] for q in pts]
    if not xs:
        return dx, dy
    w, d = s.table.width, s.table.depth
    dx = min(max(dx, -min(xs)), w - max(xs))
    dy = min(max(dy, -min(ys)), d - max(ys))
    return dx, dy


# --- snapping ----------------------------------------------------------------------------------


def snap_to_grid(p: Point, grid: Grid | None, step: float | None = None) -> Point:
    """The nearest grid point (the grid's square, or `step` inches without a grid)."""
    sq = step if step is not None else (grid.square if grid else 1.0)
    ox, oy = grid.origin if grid else (0.0, 0.0)
    if sq <= 0:
        return p
    return (_r(ox + round((p[0] - ox) / sq) * sq), _r(oy + round((p[1] - oy) / sq) * sq))


def snap_base_to_base(s: Scenario, unit: Unit, position: Point, threshold: float = 1.0,
                      exclude: Iterable[str] = ()) -> tuple[Point, float] | None:
    """Where `unit`, dropped at `position`, snaps into contact with a neighbour.

    Candidates for each neighbour within reach: shoulder to shoulder on its
    left or right (same facing, fronts aligned), directly behind or in front
    (same facing), and front to front (facing it).  The candidate nearest the
    drop point wins if it is within `threshold` inches; None if none is.
    """
    skip = set(exclude) | {unit.id}
    reach = threshold + max(unit.base.frontage, unit.base.depth) * 2
    best: tuple[float, Point, float] | None = None
    for _, n in s.all_units():
        if n.id in skip:
            continue
        if abs(n.position[0] - position[0]) > reach + n.base.frontage:
            continue
        if abs(n.position[1] - position[1]) > reach + n.base.frontage:
            continue
        f = n.facing
        rx, ry = right(f)
        fx, fy = forward(f)
        nx, ny = n.position
        side_off = (n.base.frontage + unit.base.frontage) / 2
        front_adj = (n.base.depth - unit.base.depth) / 2  # align front edges
        back_off = (n.base.depth + unit.base.depth) / 2
        cands: list[tuple[Point, float]] = [
            ((nx + rx * side_off + fx * front_adj, ny + ry * side_off + fy * front_adj), f),
            ((nx - rx * side_off + fx * front_adj, ny - ry * side_off + fy * front_adj), f),
            ((nx - fx * back_off, ny - fy * back_off), f),
            ((nx + fx * back_off, ny + fy * back_off), f),
            ((nx + fx * back_off, ny + fy * back_off), (f + 180.0) % 360.0),
        ]
        for pos, facing in cands:
            d = math.hypot(pos[0] - position[0], pos[1] - position[1])
            # the front-to-front candidate only when the unit already roughly faces it
            if facing != f and _angle_diff(unit.facing, facing) > 45:
                continue
            if facing == f and pos == cands[3][0] and _angle_diff(unit.facing, f) > 45:
                continue
            if d <= threshold and (best is None or d < best[0]):
                best = (d, pos, facing)
    if best is None:
        return None
    return (_rp(best[1]), _norm_angle(best[2]))


def _angle_diff(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


# --- sides ------------------------------------------------------------------------------------


def update_side(s: Scenario, side_id: str, *, name: str | None = None,
                colour: str | None = None, baseline: Edge | None = None) -> Scenario:
    i = _side_index(s, side_id)
    side = s.sides[i]
    if name is not None and not name.strip():
        raise EditError("a side needs a name")
    if colour is not None and not _COLOUR.match(colour):
        raise EditError(f"'{colour}' is not a colour like #1f4e9c")
    new = replace(
        side,
        name=side.name if name is None else name,
        colour=side.colour if colour is None else colour.lower(),
        baseline=side.baseline if baseline is None else Edge(baseline),
    )
    return _with_side(s, i, new)


def _edge_frame(table: Table, edge: Edge, p: Point) -> Point:
    """A table point as (share of the way along `edge`, inches in from it)."""
    w, d = table.width, table.depth
    if edge is Edge.NORTH:
        return (p[0] / w, p[1])
    if edge is Edge.SOUTH:
        return (1 - p[0] / w, d - p[1])
    if edge is Edge.WEST:
        return (1 - p[1] / d, p[0])
    return (p[1] / d, w - p[0])


def _from_edge_frame(table: Table, edge: Edge, q: Point) -> Point:
    w, d = table.width, table.depth
    along, depth = q
    if edge is Edge.NORTH:
        x, y = along * w, depth
    elif edge is Edge.SOUTH:
        x, y = (1 - along) * w, d - depth
    elif edge is Edge.WEST:
        x, y = depth, (1 - along) * d
    else:
        x, y = w - depth, along * d
    return (min(max(x, 0.0), w), min(max(y, 0.0), d))


def set_side_baseline(s: Scenario, side_id: str, edge: Edge) -> Scenario:
    """Move a side to another table edge; a zone drawn by hand goes with it.

    The zone keeps its shape relative to the edge (as far along it, as deep in
    from it), so a zone drawn along the north edge turns into the same zone
    along the south edge.  A default zone follows by itself.
    """
    edge = Edge(edge)
    i = _side_index(s, side_id)
    side = s.sides[i]
    if side.baseline is edge:
        return s
    out = _with_side(s, i, replace(side, baseline=edge))
    zone = s.game.deployment.get(side_id)
    if zone is not None:
        pts = [_from_edge_frame(s.table, edge, _edge_frame(s.table, side.baseline, p))
               for p in zone.points]
        shape = PolygonShape(tuple(_rp(p) for p in pts))
        _check_shape(shape, s.table, "the deployment zone")
        deployment = {**s.game.deployment, side_id: shape}
        out = replace(out, game=replace(out.game, deployment=deployment))
    return out


def rename_side(s: Scenario, old: str, new: str) -> Scenario:
    """Give a side a new id, and every reference to it (defender, zones, victory) too."""
    i = _side_index(s, old)
    if new == old:
        return s
    check_id(s, new)
    g = s.game

    def fix(v: VictoryCondition) -> VictoryCondition:
        if getattr(v, "side", None) == old:
            v = replace(v, side=new)  # type: ignore[arg-type]
        if isinstance(v, TurnLimit) and v.fallback == old:
            v = replace(v, fallback=new)
        return v

    game = replace(
        g,
        defender=new if g.defender == old else g.defender,
        deployment={(new if k == old else k): z for k, z in g.deployment.items()},
        victory=tuple(fix(v) for v in g.victory),
    )
    # an option whose value names the side (D3's or Blown Away's first side)
    options = {rid: {k: (new if v == old else v) for k, v in opts.items()}
               for rid, opts in s.ruleset_options.items()}
    return replace(_with_side(s, i, replace(s.sides[i], id=new)), game=game,
                   ruleset_options=options)


def clear_side(s: Scenario, side_id: str) -> Scenario:
    """Take every unit and officer of a side off the table; the side stays."""
    side = s.sides[_side_index(s, side_id)]
    if not side.units and not side.officers:
        raise EditError(f"{side.name} has no units or officers to clear")
    return remove_pieces(s, [*(u.id for u in side.units), *(o.id for o in side.officers)])


def replace_side(s: Scenario, side_id: str, name: str, colour: str | None = None,
                 baseline: Edge | None = None) -> Scenario:
    """Put a new, empty side in the place of `side_id`.

    A scenario has exactly two sides (the rulesets are two-player games), so
    "remove a side and add another" is one step: the old side's units,
    officers and hand-drawn zone go; the new side gets an id made from its
    name, its own colour, and the old baseline unless `baseline` is given.
    What named the old side (defender, victory conditions, ruleset options
    such as the first side) names the new one: it takes the old side's part
    in the battle.
    """
    i = _side_index(s, side_id)
    old = s.sides[i]
    if not name.strip():
        raise EditError("a side needs a name")
    out = clear_side(s, side_id) if old.units or old.officers else s
    out = replace(out, game=replace(out.game, deployment={
        k: z for k, z in out.game.deployment.items() if k != side_id}))
    new_sid = new_id(out, re.sub(r"\s+", "_", name.strip().lower())[:24] or "side")
    out = rename_side(out, side_id, new_sid)
    out = update_side(out, new_sid, name=name.strip(), colour=colour or old.colour)
    if baseline is not None:
        out = set_side_baseline(out, new_sid, Edge(baseline))
    return out


# --- table, game, text -----------------------------------------------------------------------


def set_table(s: Scenario, *, width: float | None = None, depth: float | None = None,
              unit: LengthUnit | None = None, span: float | None = None,
              grid: Grid | Literal["keep"] | None = "keep") -> Scenario:
    """Change the table; refused if anything would be left off it."""
    t = s.table
    new = Table(
        width=t.width if width is None else float(width),
        depth=t.depth if depth is None else float(depth),
        unit=t.unit if unit is None else LengthUnit(unit),
        span=t.span if span is None else float(span),
        grid=t.grid if grid == "keep" else grid,
    )
    if new.width <= 0 or new.depth <= 0:
        raise EditError("the table must have a width and a depth above 0")
    if new.span <= 0:
        raise EditError("the span must be more than 0")
    if new.grid is not None and new.grid.square <= 0:
        raise EditError("a grid square must be more than 0")
    out = replace(s, table=new)
    if (new.width, new.depth) != (t.width, t.depth):
        off = []
        for side in s.sides:
            side_pieces: list[Piece] = [*side.units, *side.officers]
            for p in side_pieces:
                try:
                    _check_on_table(out, p)
                except EditError:
                    off.append(p.name)
        for o in s.game.objectives:
            if not (0 <= o.position[0] <= new.width and 0 <= o.position[1] <= new.depth):
                off.append(o.name)
        tp = table_polygon(new)
        off += [f.name or f.id for f in s.terrain if not shape_area(f.shape).intersects(tp)]
        if off:
            more = f" and {len(off) - 3} more" if len(off) > 3 else ""
            raise EditError(
                f"a {new.width:g} x {new.depth:g} table would leave "
                f"{', '.join(off[:3])}{more} off it; move them first"
            )
    return out


def default_zones(s: Scenario) -> dict[str, list[Point]]:
    """Each side's default deployment zone for the current game settings."""
    from desktop.scenario.geometry import deployment_zone

    bare = replace(s, game=replace(s.game, deployment={}))
    return {side.id: deployment_zone(bare, side.id) for side in s.sides}


def set_game_type(s: Scenario, game_type: GameType, defender: str | None = None,
                  keep_zones: bool = False) -> Scenario:
    """Set encounter or attack/defend (with its defender).

    Hand-drawn deployment zones are dropped (so each side gets the game
    type's default zone) unless `keep_zones`.  A turn limit whose fallback is
    'defender' is pointed at that side by name when the game stops having one.
    """
    game_type = GameType(game_type)
    g = s.game
    victory = g.victory
    if game_type is GameType.ATTACK_DEFEND:
        if defender is None:
            defender = g.defender or (s.sides[0].id if s.sides else None)
        if defender is None:
            raise EditError("an attack/defend game needs a defending side")
        _side_index(s, defender)
    else:
        if defender is not None:
            raise EditError("only an attack/defend game has a defender")
        if g.defender is not None:
            victory = tuple(
                replace(v, fallback=g.defender)
                if isinstance(v, TurnLimit) and v.fallback == "defender" else v
                for v in victory
            )
        else:
            victory = tuple(
                replace(v, fallback="draw")
                if isinstance(v, TurnLimit) and v.fallback == "defender" else v
                for v in victory
            )
    game = replace(
        g, type=game_type, defender=defender, victory=victory,
        deployment=g.deployment if keep_zones else {},
    )
    return replace(s, game=game)


def set_deployment_depth(s: Scenario, depth: float) -> Scenario:
    if depth <= 0:
        raise EditError("the deployment depth must be more than 0")
    half = min(s.table.width, s.table.depth)
    if depth > half:
        raise EditError(f"a deployment strip {depth:g} deep does not fit: "
                        f"the table is only {half:g} across")
    return replace(s, game=replace(s.game, deployment_depth=float(depth)))


def set_deployment_zone(s: Scenario, side_id: str, zone: Sequence[Point] | None) -> Scenario:
    """Draw a side's deployment zone by hand (None returns it to the default)."""
    _side_index(s, side_id)
    deployment = dict(s.game.deployment)
    if zone is None:
        deployment.pop(side_id, None)
    else:
        shape = PolygonShape(tuple(_rp(p) for p in zone))
        _check_shape(shape, s.table, "the deployment zone")
        deployment[side_id] = shape
    return replace(s, game=replace(s.game, deployment=deployment))


def edit_deployment_zone(s: Scenario, side_id: str) -> list[Point]:
    """The zone's points as they stand (the default if none is drawn)."""
    from desktop.scenario.geometry import deployment_zone

    return deployment_zone(s, side_id)


def add_objective(s: Scenario, objective: Objective) -> Scenario:
    check_id(s, objective.id)
    _check_objective(s, objective)
    return replace(s, game=replace(s.game, objectives=(*s.game.objectives, objective)))


def make_objective(s: Scenario, position: Point, name: str = "", radius: float | None = None
                   ) -> Objective:
    oid = new_id(s, "objective")
    o = Objective(oid, name or f"Objective {len(s.game.objectives) + 1}", _rp(position))
    return o if radius is None else replace(o, radius=radius)


def _check_objective(s: Scenario, o: Objective) -> None:
    x, y = o.position
    if not (0 <= x <= s.table.width and 0 <= y <= s.table.depth):
        raise EditError(f"objective '{o.name}' would be off the table")
    if o.radius <= 0:
        raise EditError("an objective's radius must be more than 0")
    if not o.name.strip():
        raise EditError("an objective needs a name")


def update_objective(s: Scenario, oid: str, **changes: Any) -> Scenario:
    objs = s.game.objectives
    for o in objs:
        if o.id == oid:
            if "position" in changes:
                changes["position"] = _rp(changes["position"])
            new = replace(o, **changes)
            if new.id != oid:
                raise EditError("an objective keeps its id")
            _check_objective(s, new)
            game = replace(s.game, objectives=_replace_in(objs, lambda x: x.id, oid, new))
            return replace(s, game=game)
    raise EditError(f"no objective has the id '{oid}'")


def remove_objectives(s: Scenario, ids: Iterable[str]) -> Scenario:
    gone = set(ids)
    known = {o.id for o in s.game.objectives}
    if gone - known:
        raise EditError(f"no objective has the id '{sorted(gone - known)[0]}'")
    remaining = len(known - gone)
    for v in s.game.victory:
        if isinstance(v, HoldObjectives):
            if gone & set(v.objectives):
                raise EditError("a victory condition (hold objectives) names this objective; "
                                "change or remove that condition first")
            if not v.objectives and v.count > remaining:
                raise EditError(f"a victory condition asks to hold {v.count} objectives; "
                                "lower its count first")
    objectives = tuple(o for o in s.game.objectives if o.id not in gone)
    return replace(s, game=replace(s.game, objectives=objectives))


def victory_problem(s: Scenario, v: VictoryCondition) -> str | None:
    """Why a victory condition cannot stand in this scenario, or None."""
    side_ids = {side.id for side in s.sides}
    side = getattr(v, "side", None)
    if isinstance(side, str) and side not in side_ids:
        return f"no side has the id '{side}'"
    if isinstance(v, OccupyFeature):
        if v.feature not in {f.id for f in s.terrain}:
            return f"no terrain feature has the id '{v.feature}'"
        if v.figures < 1:
            return "the number of figures must be at least 1"
    if isinstance(v, HoldObjectives):
        objectives = {o.id for o in s.game.objectives}
        for oid in v.objectives:
            if oid not in objectives:
                return f"no objective has the id '{oid}'"
        named = len(v.objectives or objectives)
        if v.count < 1:
            return "the count must be at least 1"
        if v.count > named:
            return f"asks to hold {v.count} objectives but only {named} exist"
    if isinstance(v, TurnLimit):
        ok = {"draw", *side_ids}
        if s.game.type is GameType.ATTACK_DEFEND:
            ok.add("defender")
        if v.fallback not in ok:
            return f"the fallback must be one of: {', '.join(sorted(ok))}"
        if v.turns < 1:
            return "the number of turns must be at least 1"
    if getattr(v, "count", 1) < 1:
        return "the count must be at least 1"
    fraction = getattr(v, "fraction", None)
    if fraction is not None and not 0 < fraction <= 1:
        return "the fraction must be above 0 and at most 1"
    return None


def set_victory(s: Scenario, conditions: Sequence[VictoryCondition]) -> Scenario:
    for v in conditions:
        why = victory_problem(s, v)
        if why:
            raise EditError(f"victory condition '{v.kind}': {why}")
    return replace(s, game=replace(s.game, victory=tuple(conditions)))


def add_victory(s: Scenario, v: VictoryCondition) -> Scenario:
    return set_victory(s, (*s.game.victory, v))


def replace_victory(s: Scenario, index: int, v: VictoryCondition) -> Scenario:
    conds = list(s.game.victory)
    conds[index] = v
    return set_victory(s, conds)


def remove_victory(s: Scenario, index: int) -> Scenario:
    conds = list(s.game.victory)
    del conds[index]
    return set_victory(s, conds)


def set_text(s: Scenario, *, title: str | None = None, briefing: str | None = None,
             author: str | None = None) -> Scenario:
    if title is not None and not title.strip():
        raise EditError("a scenario needs a title")
    return replace(
        s,
        title=s.title if title is None else title,
        briefing=s.briefing if briefing is None else briefing,
        author=s.author if author is None else author,
    )


def _known_ruleset(ruleset: str) -> None:
    """Refuse an id no installed ruleset has (desktop.scenario.rulesets)."""
    from desktop.scenario import rulesets

    if not rulesets.is_known(ruleset):
        raise EditError(f"unknown ruleset '{ruleset}'; "
                        f"known: {', '.join(rulesets.known_ids())}")


def set_ruleset(s: Scenario, ruleset: str | None) -> Scenario:
    if ruleset is not None:
        _known_ruleset(ruleset)
    return replace(s, ruleset=ruleset)


def set_ruleset_option(s: Scenario, ruleset: str, name: str,
                       value: PropertyValue | None) -> Scenario:
    """Set one option for one ruleset (None removes it, so the ruleset's default holds)."""
    _known_ruleset(ruleset)
    if not _ID.match(name):
        raise EditError(f"'{name}' is not an option name")
    from desktop.scenario.limits import MAX_NAME, MAX_OPTION_NUMBER, MAX_TURNS

    if isinstance(value, str) and len(value) > MAX_NAME:
        raise EditError(f"an option value may be at most {MAX_NAME} characters")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        top = MAX_TURNS if name == "turn_limit" else MAX_OPTION_NUMBER
        if not -top <= value <= top or (name == "turn_limit" and value < 0):
            raise EditError(f"{name.replace('_', ' ')} must lie between "
                            f"{0 if name == 'turn_limit' else -top:g} and {top:g}")
    options = {k: dict(v) for k, v in s.ruleset_options.items()}
    mine = options.setdefault(ruleset, {})
    if value is None:
        mine.pop(name, None)
    else:
        mine[name] = value
    if not mine:
        options.pop(ruleset)
    if options == s.ruleset_options:
        return s
    return replace(s, ruleset_options=options)


# --- new scenarios ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Preset:
    label: str
    width: float
    depth: float
    grid: Grid | None = None


#: Table presets offered by File > New (inches).
PRESETS: tuple[Preset, ...] = (
    Preset("6 x 4 ft table", 72, 48),
    Preset("8 x 4 ft table", 96, 48),
    Preset("4 x 4 ft table", 48, 48),
    Preset("4 x 3 ft table", 48, 36),
    Preset("Square grid (8 x 6 squares of 6\")", 48, 36, Grid(6.0)),
)


def new_scenario(preset: Preset = PRESETS[0], title: str = "Untitled battle") -> Scenario:
    """An empty two-sided encounter on the preset's table."""
    return Scenario(
        title=title,
        table=Table(width=preset.width, depth=preset.depth, grid=preset.grid),
        sides=(
            Side("red", "Red army", "#b22222", Edge.NORTH),
            Side("blue", "Blue army", "#1f4e9c", Edge.SOUTH),
        ),
        game=Game(deployment_depth=DEFAULT_DEPLOYMENT_DEPTH),
    )


# --- copy and paste ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clip:
    """What Copy puts aside: features and pieces (with the side each came from)."""

    features: tuple[TerrainFeature, ...] = ()
    units: tuple[tuple[str, Unit], ...] = ()
    officers: tuple[tuple[str, Officer], ...] = ()
    objectives: tuple[Objective, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.features or self.units or self.officers or self.objectives)


def copy(s: Scenario, ids: Iterable[str]) -> Clip:
    wanted = set(ids)
    return Clip(
        features=tuple(f for f in s.terrain if f.id in wanted),
        units=tuple((side.id, u) for side in s.sides for u in side.units if u.id in wanted),
        officers=tuple((side.id, o) for side in s.sides for o in side.officers
                       if o.id in wanted),
        objectives=tuple(o for o in s.game.objectives if o.id in wanted),
    )


def paste(s: Scenario, clip: Clip, offset: Point = (2.0, 2.0)) -> tuple[Scenario, list[str]]:
    """Add copies of the clip's contents with fresh ids, shifted by `offset`.

    Shifts are shortened so pasted pieces stay on the table.  Returns the new
    scenario and the new ids.
    """
    dx, dy = offset
    taken: list[str] = []

    def fresh(prefix: str) -> str:
        out = new_id(s, re.sub(r"-\d+$", "", prefix), taken)
        taken.append(out)
        return out

    out = s
    id_map: dict[str, str] = {}
    for f in clip.features:
        nid = fresh(f.id)
        id_map[f.id] = nid
        shape = _map_points(f.shape, lambda p: (p[0] + dx, p[1] + dy))
        out = add_feature(out, replace(f, id=nid, shape=shape))
    for side_id, u in clip.units:
        nid = fresh(u.id)
        id_map[u.id] = nid
        nu = replace(u, id=nid, position=_rp((u.position[0] + dx, u.position[1] + dy)))
        ddx, ddy = _clamp_unit(out, nu)
        nu = replace(nu, position=_rp((nu.position[0] + ddx, nu.position[1] + ddy)))
        out = add_unit(out, side_id if _has_side(out, side_id) else out.sides[0].id, nu)
    for side_id, o in clip.officers:
        nid = fresh(o.id)
        id_map[o.id] = nid
        x = min(max(o.position[0] + dx, 0.0), out.table.width)
        y = min(max(o.position[1] + dy, 0.0), out.table.depth)
        attached = id_map.get(o.attached_to) if o.attached_to else None
        out = add_officer(out, side_id if _has_side(out, side_id) else out.sides[0].id,
                          replace(o, id=nid, position=_rp((x, y)), attached_to=attached))
    for ob in clip.objectives:
        nid = fresh(ob.id)
        id_map[ob.id] = nid
        x = min(max(ob.position[0] + dx, 0.0), out.table.width)
        y = min(max(ob.position[1] + dy, 0.0), out.table.depth)
        out = add_objective(out, replace(ob, id=nid, position=_rp((x, y))))
    return out, list(id_map.values())


def _has_side(s: Scenario, side_id: str) -> bool:
    return any(side.id == side_id for side in s.sides)


def clamp_unit(s: Scenario, u: Unit) -> Unit:
    """`u` shifted just enough to stand wholly on the table."""
    dx, dy = _clamp_unit(s, u)
    if not dx and not dy:
        return u
    return replace(u, position=_rp((u.position[0] + dx, u.position[1] + dy)))


def _clamp_unit(s: Scenario, u: Unit) -> tuple[float, float]:
    pts = rect_corners(u.position, u.base.frontage, u.base.depth, u.facing)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    dx = max(0.0, -min(xs)) - max(0.0, max(xs) - s.table.width)
    dy = max(0.0, -min(ys)) - max(0.0, max(ys) - s.table.depth)
    return dx, dy


def remove(s: Scenario, ids: Iterable[str]) -> Scenario:
    """Delete whatever the ids name: features, units, officers, objectives."""
    wanted = set(ids)
    features = {f.id for f in s.terrain} & wanted
    objectives = {o.id for o in s.game.objectives} & wanted
    pieces = {pid for pid in wanted - features - objectives if is_piece(s, pid)}
    unknown = wanted - features - objectives - pieces
    if unknown:
        raise EditError(f"nothing has the id '{sorted(unknown)[0]}'")
    out = s
    if objectives:
        out = remove_objectives(out, objectives)
    if features:
        out = remove_features(out, features)
    if pieces:
        out = remove_pieces(out, pieces)
    return out


def move_items(s: Scenario, ids: Iterable[str], dx: float, dy: float) -> Scenario:
    """Move a mixed selection (features, pieces, objectives) by (dx, dy)."""
    wanted = list(dict.fromkeys(ids))
    features = [i for i in wanted if any(f.id == i for f in s.terrain)]
    objectives = [i for i in wanted if any(o.id == i for o in s.game.objectives)]
    pieces = [i for i in wanted if i not in features and i not in objectives]
    out = s
    if features:
        out = move_features(out, features, dx, dy)
    if pieces:
        out = move_pieces(out, pieces, dx, dy)
    for oid in objectives:
        o = next(o for o in out.game.objectives if o.id == oid)
        out = update_objective(out, oid, position=(o.position[0] + dx, o.position[1] + dy))
    return out


# --- what changed ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Changes:
    """What differs between two scenarios, by id; views refresh only that."""

    table: bool = False
    terrain: frozenset[str] = frozenset()
    pieces: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    game: bool = False
    text: bool = False
    #: Set when the whole scenario was swapped (New, Open): refresh everything.
    everything: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __bool__(self) -> bool:
        return bool(self.table or self.terrain or self.pieces or self.sides or self.game
                    or self.text or self.everything)

    @property
    def ids(self) -> frozenset[str]:
        return self.terrain | self.pieces | self.sides


def _diff_by_id(old: Sequence[Any], new: Sequence[Any]) -> set[str]:
    if old is new:
        return set()
    a = {x.id: x for x in old}
    b = {x.id: x for x in new}
    out = set(a.keys() ^ b.keys())
    for k in a.keys() & b.keys():
        if a[k] is not b[k] and a[k] != b[k]:
            out.add(k)
    return out


def diff(old: Scenario, new: Scenario) -> Changes:
    """What changed from `old` to `new`; cheap thanks to shared, unchanged parts."""
    if old is new:
        return Changes()
    terrain = _diff_by_id(old.terrain, new.terrain)
    pieces: set[str] = set()
    sides: set[str] = set()
    if old.sides is not new.sides:
        a = {side.id: side for side in old.sides}
        b = {side.id: side for side in new.sides}
        sides |= a.keys() ^ b.keys()
        for sid in a.keys() | b.keys():
            sa, sb = a.get(sid), b.get(sid)
            if sa is sb:
                continue
            if sa is None or sb is None:
                side = sa or sb
                assert side is not None
                pieces |= {u.id for u in side.units} | {o.id for o in side.officers}
                continue
            if (sa.name, sa.colour, sa.baseline) != (sb.name, sb.colour, sb.baseline):
                sides.add(sid)
                pieces |= {u.id for u in sb.units} | {o.id for o in sb.officers}
            pieces |= _diff_by_id(sa.units, sb.units)
            pieces |= _diff_by_id(sa.officers, sb.officers)
            if sa.units != sb.units and [u.id for u in sa.units] != [u.id for u in sb.units]:
                sides.add(sid)  # roster order or membership changed
    return Changes(
        table=old.table != new.table,
        terrain=frozenset(terrain),
        pieces=frozenset(pieces),
        sides=frozenset(sides),
        game=old.game is not new.game and old.game != new.game,
        text=(old.title, old.briefing, old.author, old.ruleset, old.ruleset_options)
        != (new.title, new.briefing, new.author, new.ruleset, new.ruleset_options),
    )
