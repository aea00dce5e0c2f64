"""Turn loaded YAML data into a Scenario, collecting every problem on the way.

The reader is strict (unknown keys, wrong types and unknown words are all
reported) because a silently ignored typo in a scenario is a wrong battle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.scenario.fields import Invalid, Reader, TooManyProblems, close_matches
from desktop.scenario.limits import (
    MAX_CV,
    MAX_FEATURES,
    MAX_FIGURES,
    MAX_GUNS,
    MAX_NAME,
    MAX_OBJECTIVES,
    MAX_OFFICERS,
    MAX_OPTION_NUMBER,
    MAX_OPTIONS,
    MAX_PROPERTY,
    MAX_TABLE,
    MAX_TITLE,
    MAX_TURNS,
    MAX_UNITS,
    MAX_VICTORY,
    MIN_STEP,
    MIN_TABLE,
)
from desktop.scenario.model import (
    VICTORY_KINDS,
    AllRegularsLost,
    ArmyBreak,
    Base,
    EllipseShape,
    ExitUnits,
    Game,
    Grid,
    HoldObjectives,
    LastManStanding,
    LineShape,
    Objective,
    OccupyFeature,
    Officer,
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
    DEFAULT_OBJECTIVE_RADIUS,
    LINEAR_TERRAIN,
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
from desktop.scenario.wording import describe, inches, number_text, shown
from desktop.scenario.yamlmarks import FieldPath, HugeNumber

__all__ = ["Reader", "TooManyProblems", "read_scenario"]


# --- sections ------------------------------------------------------------------

_TOP_KEYS = (
    "format_version",
    "title",
    "table",
    "sides",
)
_TOP_OPTIONAL = ("author", "briefing", "terrain", "game", "ruleset", "ruleset_options")


def read_scenario(data: Any, r: Reader) -> Scenario | None:
    """Build a Scenario from migrated data; None when problems were recorded."""
    try:
        top = r.mapping(data, (), _TOP_KEYS, _TOP_OPTIONAL, what="a scenario mapping")
    except Invalid:
        return None
    line = lambda x, q: r.name(x, q, MAX_TITLE)  # noqa: E731
    title = r.field(top, (), "title", line)
    author = r.field(top, (), "author", line, "") or ""
    briefing = r.field(top, (), "briefing", r.prose, "") or ""
    table = r.field(top, (), "table", _table(r))
    terrain = r.many(top, (), "terrain", _feature(r), (MAX_FEATURES, "terrain features")) or []
    sides = r.field(top, (), "sides", _sides(r))
    game = r.field(top, (), "game", _game(r), Game())
    ruleset = r.field(top, (), "ruleset", r.ident)
    no_options: dict[str, dict[str, PropertyValue]] = {}
    options = r.field(top, (), "ruleset_options", _ruleset_options(r), no_options)
    if r.problems or title is None or table is None or sides is None or game is None:
        return None
    return Scenario(
        title=title,
        author=author,
        briefing=briefing,
        table=table,
        terrain=tuple(terrain),
        sides=tuple(sides),
        game=game,
        ruleset=ruleset,
        ruleset_options=options or {},
    )


def _table(r: Reader) -> Callable[[Any, FieldPath], Table]:
    def read(v: Any, p: FieldPath) -> Table:
        m = r.mapping(v, p, ("width", "depth"), ("unit", "span", "grid"))
        width = r.field(m, p, "width", lambda x, q: _table_side(r, x, q))
        depth = r.field(m, p, "depth", lambda x, q: _table_side(r, x, q))
        if width is not None and depth is not None:
            r.table_size = (width, depth)
        unit = r.field(m, p, "unit", lambda x, q: r.word(LengthUnit, x, q), LengthUnit.INCH)
        span = r.field(m, p, "span", lambda x, q: r.size(x, q, MIN_STEP, "span"), 7.0)
        grid = r.field(m, p, "grid", _grid(r))
        if width is None or depth is None or unit is None or span is None:
            raise Invalid()
        return Table(width=width, depth=depth, unit=unit, span=span, grid=grid)

    return read


def _table_side(r: Reader, value: Any, path: FieldPath) -> float:
    v = r.finite(value, path)
    if not MIN_TABLE <= v <= MAX_TABLE:
        which = "shortest" if v < MIN_TABLE else "longest"
        bound = MIN_TABLE if v < MIN_TABLE else MAX_TABLE
        raise r.fail(path, f"{number_text(v)} is {'less' if v < MIN_TABLE else 'more'} than "
                     f"{inches(bound)}, the {which} table side Volley allows")
    return v


def _grid(r: Reader) -> Callable[[Any, FieldPath], Grid]:
    def read(v: Any, p: FieldPath) -> Grid:
        m = r.mapping(v, p, ("square",), ("origin",))
        square = r.field(m, p, "square", lambda x, q: r.size(x, q, MIN_STEP, "grid square"))
        origin = r.field(m, p, "origin", r.point, (0.0, 0.0))
        if square is None or origin is None:
            raise Invalid()
        return Grid(square=square, origin=origin)

    return read


_SHAPE_KEYS = ("polygon", "line", "rectangle", "ellipse")


def _feature(r: Reader) -> Callable[[Any, FieldPath], TerrainFeature]:
    def read(v: Any, p: FieldPath) -> TerrainFeature:
        m = r.mapping(v, p, ("id", "type"), ("name", "properties", "width", "smooth", *_SHAPE_KEYS))
        fid = r.field(m, p, "id", r.ident)
        ftype = r.field(m, p, "type", lambda x, q: r.word(TerrainType, x, q))
        name = r.field(m, p, "name", r.name, "") or ""
        if fid is None or ftype is None:
            raise Invalid()
        shape = _shape(r, m, p, ftype)
        no_props: dict[str, PropertyValue] = {}
        props = r.field(m, p, "properties", _properties(r, ftype), no_props)
        if shape is None or props is None:
            raise Invalid()
        return TerrainFeature(id=fid, type=ftype, shape=shape, name=name, properties=props)

    return read


def _shape(r: Reader, m: dict[str, Any], p: FieldPath, ftype: TerrainType) -> Shape | None:
    given = [k for k in _SHAPE_KEYS if k in m]
    linear = ftype in LINEAR_TERRAIN
    if len(given) != 1:
        want = "line" if linear else "polygon, rectangle or ellipse"
        if not given:
            r.problem(p, f"a {ftype.value} needs a geometry: give '{want}'")
        else:
            r.problem(p, f"give only one geometry, found {', '.join(given)}")
        return None
    kind = given[0]
    if linear and kind != "line":
        r.problem((*p, kind), f"a {ftype.value} is drawn as a 'line' with a width, not a {kind}")
        return None
    if not linear and kind == "line":
        r.problem((*p, kind), f"a {ftype.value} is an area: give a polygon, rectangle or ellipse")
        return None
    if not linear:
        for k in ("width", "smooth"):
            if k in m:
                r.problem((*p, k), f"'{k}' applies only to line features", key=True)
                return None
    try:
        if kind == "polygon":
            return PolygonShape(points=r.points(m[kind], (*p, kind), 3))
        if kind == "line":
            pts = r.points(m[kind], (*p, kind), 2)
            width = r.field(m, p, "width", r.size, DEFAULT_LINE_WIDTH[ftype])
            smooth = r.field(m, p, "smooth", r.boolean, False)
            if width is None or smooth is None:
                return None
            return LineShape(points=pts, width=width, smooth=smooth)
        q = (*p, kind)
        if kind == "rectangle":
            rm = r.mapping(m[kind], q, ("centre", "size"), ("rotation",))
            centre = r.field(rm, q, "centre", r.point)
            size = r.field(rm, q, "size", r.pair)
            rot = r.field(rm, q, "rotation", r.finite, 0.0)
            if centre is None or size is None or rot is None:
                return None
            return RectShape(centre=centre, size=size, rotation=rot)
        em = r.mapping(m[kind], q, ("centre", "radii"), ("rotation",))
        centre = r.field(em, q, "centre", r.point)
        radii = r.field(em, q, "radii", r.pair)
        rot = r.field(em, q, "rotation", r.finite, 0.0)
        if centre is None or radii is None or rot is None:
            return None
        return EllipseShape(centre=centre, radii=radii, rotation=rot)
    except Invalid:
        return None


def _properties(
    r: Reader, ftype: TerrainType
) -> Callable[[Any, FieldPath], dict[str, PropertyValue]]:
    schema = TERRAIN_PROPERTIES[ftype]

    def read(v: Any, p: FieldPath) -> dict[str, PropertyValue]:
        if v is None:
            return {}
        m = r.mapping(v, p, (), tuple(schema))
        out: dict[str, PropertyValue] = {}
        for k, default in schema.items():
            if k not in m:
                continue
            val = m[k]
            q = (*p, k)
            try:
                if isinstance(default, bool):
                    out[k] = r.boolean(val, q)
                elif isinstance(default, int):
                    out[k] = r.integer(val, q, minimum=0, maximum=MAX_PROPERTY)
                elif isinstance(default, float):
                    out[k] = r.number(val, q, minimum=0, maximum=MAX_PROPERTY)
                else:
                    out[k] = r.name(val, q)
            except Invalid:
                continue
        if not schema and m:
            raise Invalid()
        return out

    return read


def _sides(r: Reader) -> Callable[[Any, FieldPath], list[Side]]:
    def read(v: Any, p: FieldPath) -> list[Side]:
        if v is None:  # `sides: null` or `sides:` (issue 37: it was refused in silence)
            raise r.fail(p, "a scenario has exactly two sides, and 'sides' lists none")
        if isinstance(v, list) and len(v) != 2:
            raise r.fail(p, f"a scenario has exactly two sides, found {len(v):,}")
        for key, most, what in (("units", MAX_UNITS, "units"),
                                ("officers", MAX_OFFICERS, "officers")):
            found = _count(v, key)
            if found > most:
                raise r.fail(p, f"the two sides have {found:,} {what} between them; "
                             f"a scenario may have at most {most:,}")
        sides = r.items(v, p, _side(r))
        if len(sides) != 2:
            raise Invalid()
        return sides

    return read


def _side(r: Reader) -> Callable[[Any, FieldPath], Side]:
    def read(v: Any, p: FieldPath) -> Side:
        m = r.mapping(v, p, ("id", "name", "colour", "baseline"),
                      ("units", "officers", "plural"))
        sid = r.field(m, p, "id", r.ident)
        name = r.field(m, p, "name", r.name)
        colour = r.field(m, p, "colour", r.colour)
        baseline = r.field(m, p, "baseline", lambda x, q: r.word(Edge, x, q))
        said = m.get("plural") is not None  # `plural:` with no value: as guessed
        plural = r.field(m, p, "plural", r.boolean) if said else None
        units = r.many(m, p, "units", _unit(r)) or []
        officers = r.many(m, p, "officers", _officer(r)) or []
        if sid is None or name is None or colour is None or baseline is None:
            raise Invalid()
        if said and plural is None:
            raise Invalid()  # (the message is given)
        return Side(
            id=sid, name=name, colour=colour, baseline=baseline,
            units=tuple(units), officers=tuple(officers), plural=plural,
        )

    return read


_UNIT_OPTIONAL = (
    "quality", "cv", "figures", "command", "traits", "base", "facing", "formation", "guns",
    "start",
)


def _unit(r: Reader) -> Callable[[Any, FieldPath], Unit]:
    def read(v: Any, p: FieldPath) -> Unit:
        m = r.mapping(v, p, ("id", "name", "type", "position"), _UNIT_OPTIONAL)
        uid = r.field(m, p, "id", r.ident)
        name = r.field(m, p, "name", r.name)
        utype = r.field(m, p, "type", lambda x, q: r.word(UnitType, x, q))
        position = r.field(m, p, "position", r.point)
        quality = r.field(m, p, "quality", lambda x, q: r.word(Quality, x, q), Quality.REGULAR)
        if uid is None or name is None or utype is None or position is None or quality is None:
            raise Invalid()
        cv = r.field(
            m, p, "cv", lambda x, q: r.integer(x, q, minimum=0, maximum=MAX_CV,
                                               most="a Combat Value may be"),
            DEFAULT_CV[quality],
        )
        figures = r.field(
            m, p, "figures", lambda x, q: r.integer(x, q, minimum=1, maximum=MAX_FIGURES,
                                                    most="figures a unit may have"),
            DEFAULT_FIGURES[utype],
        )
        command = r.many(m, p, "command", lambda y, s: r.word(CommandRole, y, s),
                         (len(CommandRole), "command figures"))
        traits = r.many(m, p, "traits", lambda y, s: r.word(Trait, y, s),
                        (len(Trait), "traits"))
        base = r.field(m, p, "base", _base(r), Base(*DEFAULT_BASE[utype]))
        facing = r.field(m, p, "facing", r.finite, 0.0)
        formation = r.field(
            m, p, "formation", lambda x, q: r.word(Formation, x, q), DEFAULT_FORMATION[utype]
        )
        default_guns = 1 if utype in ARTILLERY else 0
        guns = r.field(
            m, p, "guns", lambda x, q: r.integer(x, q, minimum=0, maximum=MAX_GUNS,
                                                 most="guns a battery may have"),
            default_guns,
        )
        no_start: dict[str, dict[str, int | bool]] = {}
        start = r.field(m, p, "start", _start(r), no_start)
        if (
            cv is None or figures is None or command is None or traits is None or base is None
            or facing is None or formation is None or guns is None or start is None
        ):
            raise Invalid()
        if len(set(command)) != len(command):
            raise r.fail((*p, "command"), "each command role may appear only once")
        if len(set(traits)) != len(traits):
            raise r.fail((*p, "traits"), "each trait may appear only once")
        if len(command) > figures:
            raise r.fail(
                (*p, "command"),
                f"{len(command)} command figures but only {figures} figures in the unit",
            )
        if guns and utype not in ARTILLERY:
            raise r.fail((*p, "guns"), f"only artillery has guns, not {utype.value}")
        return Unit(
            id=uid, name=name, type=utype, quality=quality, cv=cv, figures=figures,
            base=base, position=position, facing=facing % 360.0, formation=formation,
            command=tuple(command), traits=tuple(traits), guns=guns, start=start,
        )

    return read


def _start(r: Reader) -> Callable[[Any, FieldPath], dict[str, dict[str, int | bool]]]:
    """A unit's ``start``: ruleset id -> field -> a whole number (0 or more) or
    true/false.  Which fields a ruleset knows, and their largest values, are the
    ruleset's to judge (desktop.rules.start); here only the shape is read."""

    def read(v: Any, p: FieldPath) -> dict[str, dict[str, int | bool]]:
        if v is None:
            return {}
        if not isinstance(v, dict):
            raise r.fail(p, "expected a mapping of ruleset id to starting state, "
                         f"found {describe(v)}")
        out: dict[str, dict[str, int | bool]] = {}
        for rid, fields in v.items():
            q = (*p, str(rid))
            rid_text = r.ident(rid, q)
            if fields is None:
                continue
            if not isinstance(fields, dict):
                raise r.fail(q, f"expected a mapping of field to value, found {describe(fields)}")
            if len(fields) > MAX_OPTIONS:
                raise r.fail(q, f"{len(fields):,} fields is more than the {MAX_OPTIONS} "
                             "a starting state may have")
            clean: dict[str, int | bool] = {}
            for k, val in fields.items():
                key = r.ident(k, (*q, str(k)))
                if isinstance(val, bool):
                    clean[key] = val
                else:
                    clean[key] = r.integer(val, (*q, key), minimum=0, maximum=MAX_FIGURES,
                                           most="a starting count may be")
            if clean:
                out[rid_text] = clean
        return out

    return read


def _base(r: Reader) -> Callable[[Any, FieldPath], Base]:
    def read(v: Any, p: FieldPath) -> Base:
        m = r.mapping(v, p, ("frontage", "depth"))
        f = r.field(m, p, "frontage", r.size)
        d = r.field(m, p, "depth", r.size)
        if f is None or d is None:
            raise Invalid()
        return Base(frontage=f, depth=d)

    return read


def _officer(r: Reader) -> Callable[[Any, FieldPath], Officer]:
    def read(v: Any, p: FieldPath) -> Officer:
        m = r.mapping(v, p, ("id", "name", "rank", "position"), ("facing", "attached_to"))
        oid = r.field(m, p, "id", r.ident)
        name = r.field(m, p, "name", r.name)
        rank = r.field(m, p, "rank", lambda x, q: r.word(Rank, x, q))
        position = r.field(m, p, "position", r.point)
        facing = r.field(m, p, "facing", r.finite, 0.0)
        attached = r.field(m, p, "attached_to", r.ident)
        if oid is None or name is None or rank is None or position is None or facing is None:
            raise Invalid()
        return Officer(
            id=oid, name=name, rank=rank, position=position, facing=facing % 360.0,
            attached_to=attached,
        )

    return read


def _game(r: Reader) -> Callable[[Any, FieldPath], Game]:
    def read(v: Any, p: FieldPath) -> Game:
        m = r.mapping(
            v, p, (),
            ("type", "defender", "deployment_depth", "deployment", "objectives", "victory"),
        )
        gtype = r.field(m, p, "type", lambda x, q: r.word(GameType, x, q), GameType.ENCOUNTER)
        defender = r.field(m, p, "defender", r.ident)
        depth = r.field(m, p, "deployment_depth", r.size, DEFAULT_DEPLOYMENT_DEPTH)
        no_zones: dict[str, PolygonShape] = {}
        deployment = r.field(m, p, "deployment", _deployment(r), no_zones)
        objectives = r.many(m, p, "objectives", _objective(r), (MAX_OBJECTIVES, "objectives"))
        victory = r.many(m, p, "victory", _victory(r), (MAX_VICTORY, "victory conditions"))
        if (
            gtype is None or depth is None or deployment is None or objectives is None
            or victory is None
        ):
            raise Invalid()
        return Game(
            type=gtype, defender=defender, deployment_depth=depth, deployment=deployment,
            objectives=tuple(objectives), victory=tuple(victory),
        )

    return read


def _deployment(r: Reader) -> Callable[[Any, FieldPath], dict[str, PolygonShape]]:
    def read(v: Any, p: FieldPath) -> dict[str, PolygonShape]:
        if not isinstance(v, dict):
            raise r.fail(p, f"expected a mapping of side id to polygon, found {describe(v)}")
        out: dict[str, PolygonShape] = {}
        for k, pts in v.items():
            q = (*p, str(k))
            try:
                sid = r.ident(k, q)
                out[sid] = PolygonShape(points=r.points(pts, q, 3))
            except Invalid:
                continue
        return out

    return read


def _objective(r: Reader) -> Callable[[Any, FieldPath], Objective]:
    def read(v: Any, p: FieldPath) -> Objective:
        m = r.mapping(v, p, ("id", "position"), ("name", "radius"))
        oid = r.field(m, p, "id", r.ident)
        name = r.field(m, p, "name", r.name, "") or ""
        pos = r.field(m, p, "position", r.point)
        radius = r.field(m, p, "radius", r.size, DEFAULT_OBJECTIVE_RADIUS)
        if oid is None or pos is None or radius is None:
            raise Invalid()
        return Objective(id=oid, name=name or oid, position=pos, radius=radius)

    return read


def _victory(r: Reader) -> Callable[[Any, FieldPath], VictoryCondition]:
    def read(v: Any, p: FieldPath) -> VictoryCondition:
        if not isinstance(v, dict) or "type" not in v:
            raise r.fail(p, "each victory condition is a mapping with a 'type'")
        kind = r.text(v["type"], (*p, "type"))
        if kind not in VICTORY_KINDS:
            options = ", ".join(VICTORY_KINDS)
            hint = close_matches(kind, list(VICTORY_KINDS), n=1) if len(kind) <= MAX_NAME else []
            extra = f" (did you mean '{hint[0]}'?)" if hint else ""
            raise r.fail((*p, "type"), f"'{shown(kind)}' is not one of: {options}{extra}")

        def pos_int(most: int, what: str) -> Callable[[Any, FieldPath], int]:
            return lambda x, q: r.integer(x, q, minimum=1, maximum=most, most=what)

        if kind == LastManStanding.kind:
            r.mapping(v, p, ("type",))
            return LastManStanding()
        if kind == AllRegularsLost.kind:
            m = r.mapping(v, p, ("type",), ("side",))
            return AllRegularsLost(side=r.field(m, p, "side", r.ident))
        if kind == ExitUnits.kind:
            m = r.mapping(v, p, ("type", "side", "count"), ("edge",))
            side = r.field(m, p, "side", r.ident)
            count = r.field(m, p, "count", pos_int(MAX_UNITS, "units a scenario may have"))
            edge = r.field(m, p, "edge", lambda x, q: r.word(Edge, x, q))
            if side is None or count is None:
                raise Invalid()
            return ExitUnits(side=side, count=count, edge=edge)
        if kind == OccupyFeature.kind:
            m = r.mapping(v, p, ("type", "side", "feature"), ("figures",))
            side = r.field(m, p, "side", r.ident)
            feature = r.field(m, p, "feature", r.ident)
            figures = r.field(
                m, p, "figures", pos_int(MAX_UNITS * MAX_FIGURES, "figures a scenario may have"), 1
            )
            if side is None or feature is None or figures is None:
                raise Invalid()
            return OccupyFeature(side=side, feature=feature, figures=figures)
        if kind == HoldObjectives.kind:
            m = r.mapping(v, p, ("type", "count"), ("objectives", "side"))
            count = r.field(
                m, p, "count", pos_int(MAX_OBJECTIVES, "objectives a scenario may have")
            )
            objs = r.many(m, p, "objectives", r.ident, (MAX_OBJECTIVES, "objectives"))
            side = r.field(m, p, "side", r.ident)
            if count is None or objs is None:
                raise Invalid()
            return HoldObjectives(count=count, objectives=tuple(objs), side=side)
        if kind == TurnLimit.kind:
            m = r.mapping(v, p, ("type", "turns"), ("fallback",))
            turns = r.field(m, p, "turns", pos_int(MAX_TURNS, "turns a game may last"))
            fallback = r.field(m, p, "fallback", r.ident, "draw")
            if turns is None or fallback is None:
                raise Invalid()
            return TurnLimit(turns=turns, fallback=fallback)
        m = r.mapping(v, p, ("type",), ("fraction", "side"))
        fraction = r.field(m, p, "fraction", lambda x, q: r.number(x, q, positive=True), 0.5)
        side = r.field(m, p, "side", r.ident)
        if fraction is None:
            raise Invalid()
        if fraction > 1:
            raise r.fail((*p, "fraction"),
                         f"a fraction is at most 1, found {number_text(fraction)}")
        return ArmyBreak(fraction=fraction, side=side)

    return read


def _option(r: Reader, key: str, value: Any, path: FieldPath) -> PropertyValue:
    """One ruleset setting: true/false, a short text or a modest finite number."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return r.name(value, path)
    if key == "turn_limit":  # every ruleset has it; 0 means no limit
        return r.integer(value, path, minimum=0, maximum=MAX_TURNS, most="turns a game may last")
    if isinstance(value, (int, float, HugeNumber)):
        v = r.number(value, path, minimum=-MAX_OPTION_NUMBER, maximum=MAX_OPTION_NUMBER)
        return value if isinstance(value, int) else v
    raise r.fail(path, f"an option value is a number, text or true/false, "
                 f"found {describe(value)}")


def _count(sides: Any, key: str) -> int:
    """How many items both sides list under `key`, before any is read."""
    if not isinstance(sides, list):
        return 0
    return sum(
        len(side[key]) for side in sides
        if isinstance(side, dict) and isinstance(side.get(key), list)
    )


def _ruleset_options(
    r: Reader,
) -> Callable[[Any, FieldPath], dict[str, dict[str, PropertyValue]]]:
    def read(v: Any, p: FieldPath) -> dict[str, dict[str, PropertyValue]]:
        if v is None:
            return {}
        if not isinstance(v, dict):
            raise r.fail(p, f"expected a mapping of ruleset id to options, found {describe(v)}")
        out: dict[str, dict[str, PropertyValue]] = {}
        for rid, opts in v.items():
            q = (*p, str(rid))
            try:
                rid_text = r.ident(rid, q)
            except Invalid:
                continue
            if opts is None:
                out[rid_text] = {}
                continue
            if not isinstance(opts, dict):
                r.problem(q, f"expected a mapping of option to value, found {describe(opts)}")
                continue
            if len(opts) > MAX_OPTIONS:
                r.problem(q, f"{len(opts):,} options is more than the {MAX_OPTIONS} "
                          "a ruleset may be given")
                continue
            clean: dict[str, PropertyValue] = {}
            for k, val in opts.items():
                try:
                    key = r.ident(k, (*q, str(k)))
                    clean[key] = _option(r, key, val, (*q, key))
                except Invalid:
                    continue
            out[rid_text] = clean
        return out

    return read
