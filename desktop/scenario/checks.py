"""Checks that need the whole scenario: ids, references, geometry, the table edge.

These run after the field-by-field reader, so they can assume every value has
the right type, and they report with the same positions.
"""

from __future__ import annotations

from desktop.scenario import rulesets
from desktop.scenario.geometry import (
    distance,
    rect_corners,
    shape_problem,
    signed_area,
    touches_table,
)
from desktop.scenario.limits import MIN_AREA, MIN_SIZE
from desktop.scenario.model import (
    HoldObjectives,
    LineShape,
    OccupyFeature,
    PolygonShape,
    Scenario,
    Shape,
    TurnLimit,
)
from desktop.scenario.reader import Reader
from desktop.scenario.vocabulary import GameType
from desktop.scenario.yamlmarks import FieldPath

#: How far (inches) a base may overhang the table edge before it counts as off it.
EDGE_TOLERANCE = 0.01


def check_scenario(s: Scenario, r: Reader) -> None:
    side_ids = [side.id for side in s.sides]
    _unique(r, [(("sides", i, "id"), sid) for i, sid in enumerate(side_ids)], "side")
    pieces: list[tuple[FieldPath, str]] = []
    for i, side in enumerate(s.sides):
        pieces += [(("sides", i, "units", j, "id"), u.id) for j, u in enumerate(side.units)]
        pieces += [(("sides", i, "officers", j, "id"), o.id) for j, o in enumerate(side.officers)]
    _unique(r, pieces, "unit or officer")
    _unique(r, [(("terrain", i, "id"), f.id) for i, f in enumerate(s.terrain)], "terrain feature")
    _unique(
        r,
        [(("game", "objectives", i, "id"), o.id) for i, o in enumerate(s.game.objectives)],
        "objective",
    )
    _check_terrain(s, r)
    _check_forces(s, r)
    _check_game(s, r, set(side_ids))
    # A scenario names rulesets by the ids they are installed under (their
    # entry points); Volley's own are known without looking further.
    if s.ruleset is not None and not rulesets.is_known(s.ruleset):
        known = ", ".join(rulesets.known_ids())
        r.problem(("ruleset",), f"unknown ruleset '{s.ruleset}'; known: {known}")
    for rid in s.ruleset_options:
        if not rulesets.is_known(rid):
            r.problem(
                ("ruleset_options", rid),
                f"options for unknown ruleset '{rid}'; known: {', '.join(rulesets.known_ids())}",
                key=True,
            )


def _unique(r: Reader, entries: list[tuple[FieldPath, str]], what: str) -> None:
    first: dict[str, FieldPath] = {}
    for path, ident in entries:
        if ident in first:
            line = r.marks.at(first[ident])
            where = f" (first used on line {line[0]})" if line else ""
            r.problem(path, f"{what} id '{ident}' is used twice{where}")
        else:
            first[ident] = path


def _check_terrain(s: Scenario, r: Reader) -> None:
    for i, f in enumerate(s.terrain):
        key = f.shape.kind
        why = shape_problem(f.shape) or _too_small(f.shape)
        if why:
            r.problem(("terrain", i, key), why)
            continue
        if not touches_table(s.table, f.shape):
            r.problem(("terrain", i, key), f"'{f.id}' lies wholly off the table")


def _too_small(shape: Shape) -> str | None:
    """Why a valid shape is still too slight to draw, inset or fill, or None.

    Rectangles and ellipses have sizes of at least MIN_SIZE (the reader sees to
    it); a free polygon or line could still be a sliver.
    """
    if isinstance(shape, LineShape):
        pts = shape.points
        length = sum(distance(pts[i], pts[i + 1]) for i in range(len(pts) - 1))
        if length < MIN_SIZE:
            return f"the line is {length:.3g} inch long; a line is at least {MIN_SIZE:g} inch"
    elif isinstance(shape, PolygonShape):
        area = abs(signed_area(list(shape.points)))
        if area < MIN_AREA:
            return (f"the polygon covers {area:.3g} square inch; a polygon covers at least "
                    f"{MIN_AREA:g} (a {MIN_SIZE:g} by {MIN_SIZE:g} inch square)")
    return None


def _check_forces(s: Scenario, r: Reader) -> None:
    lo, hi_x, hi_y = -EDGE_TOLERANCE, s.table.width + EDGE_TOLERANCE, s.table.depth + EDGE_TOLERANCE
    for i, side in enumerate(s.sides):
        for j, u in enumerate(side.units):
            corners = rect_corners(u.position, u.base.frontage, u.base.depth, u.facing)
            if all(lo <= x <= hi_x and lo <= y <= hi_y for x, y in corners):
                continue
            x, y = u.position
            r.problem(
                ("sides", i, "units", j, "position"),
                f"the unit's base at ({x:g}, {y:g}) is off the table "
                f"({s.table.width:g} x {s.table.depth:g})",
            )
    unit_side = {u.id: side.id for side in s.sides for u in side.units}
    for i, side in enumerate(s.sides):
        for j, o in enumerate(side.officers):
            x, y = o.position
            if not (0 <= x <= s.table.width and 0 <= y <= s.table.depth):
                r.problem(("sides", i, "officers", j, "position"),
                          f"the officer at ({x:g}, {y:g}) is off the table")
            if o.attached_to is not None:
                owner = unit_side.get(o.attached_to)
                if owner is None:
                    r.problem(("sides", i, "officers", j, "attached_to"),
                              f"no unit has the id '{o.attached_to}'")
                elif owner != side.id:
                    r.problem(("sides", i, "officers", j, "attached_to"),
                              f"'{o.attached_to}' belongs to the other side")


def _check_game(s: Scenario, r: Reader, side_ids: set[str]) -> None:
    g = s.game
    if g.type is GameType.ATTACK_DEFEND:
        if g.defender is None:
            r.problem(("game",), "an attack/defend game must name its 'defender' side")
        elif g.defender not in side_ids:
            r.problem(("game", "defender"), _no_side(g.defender, side_ids))
    elif g.defender is not None:
        r.problem(("game", "defender"), "only an attack_defend game has a defender")
    for sid, zone in g.deployment.items():
        if sid not in side_ids:
            r.problem(("game", "deployment", sid), _no_side(sid, side_ids), key=True)
        why = shape_problem(PolygonShape(zone.points)) or _too_small(zone)
        if why:
            r.problem(("game", "deployment", sid), why)
    for i, o in enumerate(g.objectives):
        x, y = o.position
        if not (0 <= x <= s.table.width and 0 <= y <= s.table.depth):
            r.problem(("game", "objectives", i, "position"),
                      f"objective '{o.id}' at ({x:g}, {y:g}) is off the table")
    features = {f.id for f in s.terrain}
    objectives = {o.id for o in g.objectives}
    for i, v in enumerate(g.victory):
        p: FieldPath = ("game", "victory", i)
        side = getattr(v, "side", None)
        if isinstance(side, str) and side not in side_ids:
            r.problem((*p, "side"), _no_side(side, side_ids))
        if isinstance(v, OccupyFeature) and v.feature not in features:
            r.problem((*p, "feature"), f"no terrain feature has the id '{v.feature}'")
        if isinstance(v, HoldObjectives):
            named = v.objectives or tuple(objectives)
            for k, oid in enumerate(v.objectives):
                if oid not in objectives:
                    r.problem((*p, "objectives", k), f"no objective has the id '{oid}'")
                elif oid in v.objectives[:k]:
                    r.problem((*p, "objectives", k), f"objective '{oid}' is listed twice")
            if v.count > len(named):
                r.problem((*p, "count"),
                          f"asks to hold {v.count} objectives but only {len(named)} exist")
        if isinstance(v, TurnLimit):
            ok = {"draw", *side_ids} | ({"defender"} if g.type is GameType.ATTACK_DEFEND else set())
            if v.fallback not in ok:
                r.problem((*p, "fallback"),
                          f"fallback '{v.fallback}' must be one of: {', '.join(sorted(ok))}")


def _no_side(sid: str, side_ids: set[str]) -> str:
    return f"no side has the id '{sid}' (sides: {', '.join(sorted(side_ids))})"
