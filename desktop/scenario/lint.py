"""Checks while editing: things a designer probably did not mean.

Unlike the loader's checks these never stop a file from saving; a scenario
may well start with a unit outside its zone.  The editor lists them in its
problems panel, highlights the pieces involved and warns on save.

What counts as impassable is kept small and deliberate (RULINGS vary by
ruleset; these are the cases every ruleset agrees on):

==========  ==========================
terrain     impassable for
==========  ==========================
lake        every unit and officer
marsh       every unit and officer
wood        artillery (foot and horse)
river       every unit and officer, away from a bridge or ford
==========  ==========================

Beyond where pieces stand, two checks catch a scenario nobody can win as
written: an objective no unit can ever stand on (off the table, under a lake)
and a victory condition no side can meet within the turn limit.  The second is
deliberately generous: it measures as the crow flies, ignores terrain and
lets every unit move `FASTEST_MOVE` inches a turn (more than any ruleset
allows), so a warning there is a certainty, not a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import numpy as np
import shapely
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.scenario.geometry import circle, deployment_zone, shape_area, table_polygon
from desktop.scenario.model import (
    ExitUnits,
    HoldObjectives,
    OccupyFeature,
    Scenario,
    TerrainFeature,
    TurnLimit,
    Unit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import ARTILLERY, TERRAIN_LABELS, Edge, TerrainType, UnitType

#: Terrain type -> the unit types it stops (None: every unit and officer).
IMPASSABLE: Final[dict[TerrainType, frozenset[UnitType] | None]] = {
    TerrainType.LAKE: None,
    TerrainType.MARSH: None,
    TerrainType.WOOD: ARTILLERY,
}

#: Water no piece may stand in except where a bridge or ford lies over it.
CROSSING_ONLY: Final = frozenset({TerrainType.RIVER})
#: Types that carry pieces over a river.
CROSSINGS: Final = frozenset({TerrainType.BRIDGE, TerrainType.FORD})
#: A base on a bridge or ford may overhang it by this much (inches): the same
#: slack the rulesets' moves allow (desktop.table.movement's crossing_slack).
CROSSING_SLACK: Final = 2.0
#: The fastest any piece is assumed to move in one turn (inches), for the
#: turn-limit check: above every ruleset's fastest move (Muskets & Mayhem
#: cavalry 20", a Kiddies charge on a road 3 spans), so the check never
#: warns about a condition that a real game could meet.
FASTEST_MOVE: Final = 36.0

#: Overlaps smaller than this (square inches) are bases in contact, not overlapping.
OVERLAP_AREA: Final = 0.01
#: A base may overhang its deployment zone or touch bad ground by this much (inches).
TOLERANCE: Final = 0.01


class Kind(StrEnum):
    OUTSIDE_ZONE = "outside_zone"
    OVERLAP = "overlap"
    IMPASSABLE = "impassable"
    UNREACHABLE = "unreachable"
    UNWINNABLE = "unwinnable"
    #: A unit's starting state its ruleset cannot set up (desktop.rules.checks).
    START = "start"
    #: A reason the ruleset cannot start the game at all (desktop.rules.checks).
    GAME = "game"
    #: The scenario names no ruleset of its own (desktop.rules.checks).
    RULESET = "ruleset"


@dataclass(frozen=True)
class LintProblem:
    kind: Kind
    message: str
    #: The units, officers and terrain features involved.
    ids: tuple[str, ...]
    #: Where in the file the problem lies, as a field path ("ruleset_options",
    #: "mayhem", "melee_loser"), for `volley validate` to give its line; empty
    #: when the problem is about pieces (`ids`) rather than one field.
    field: tuple[str | int, ...] = ()


def footprints(units: list[Unit]) -> np.ndarray:
    """Every base as a shapely polygon, built in one vectorised call."""
    if not units:
        return np.array([], dtype=object)
    arr = np.array([(*u.position, u.base.frontage / 2, u.base.depth / 2, u.facing)
                    for u in units], dtype=float)
    a = np.radians(arr[:, 4])
    fx, fy = np.sin(a), -np.cos(a)
    rx, ry = np.cos(a), np.sin(a)
    hf, hd = arr[:, 2], arr[:, 3]
    cx, cy = arr[:, 0], arr[:, 1]
    corners = np.stack([
        np.stack([cx - rx * hf + fx * hd, cy - ry * hf + fy * hd], axis=1),
        np.stack([cx + rx * hf + fx * hd, cy + ry * hf + fy * hd], axis=1),
        np.stack([cx + rx * hf - fx * hd, cy + ry * hf - fy * hd], axis=1),
        np.stack([cx - rx * hf - fx * hd, cy - ry * hf - fy * hd], axis=1),
    ], axis=1)
    return np.asarray(shapely.polygons(corners))


def lint(s: Scenario) -> list[LintProblem]:
    """Every editing problem in `s`, in a stable order (zones, overlaps, terrain)."""
    pairs = s.all_units()
    units = [u for _, u in pairs]
    feet = footprints(units)
    out: list[LintProblem] = []
    out += _outside_zones(s, feet)
    out += _overlaps(s, units, feet)
    out += _impassable(s, units, feet)
    out += _in_river(s, units, feet)
    out += _unreachable_objectives(s)
    out += _unwinnable(s)
    return out


def who(s: Scenario, ident: str) -> str:
    """A unit or officer as a report names it: its name and its side
    ("Light infantry 1 (Prussian column)"), so that two sides' units of one
    name are never mistaken for each other."""
    for side in s.sides:
        for u in side.units:
            if u.id == ident:
                return f"{u.name or u.id} ({side.name or side.id})"
        for o in side.officers:
            if o.id == ident:
                return f"{o.name or o.id} ({side.name or side.id})"
    return ident


def feature_words(f: TerrainFeature) -> str:
    """A feature as a person names it: 'the lake Mill Pond', or 'a lake' when unnamed."""
    kind = TERRAIN_LABELS.get(f.type, f.type.value).lower()
    if not f.name:
        return f"a {kind}"
    return f.name if f.type.value in f.name.lower() else f"the {kind} {f.name}"


def _outside_zones(s: Scenario, feet: np.ndarray) -> list[LintProblem]:
    out: list[LintProblem] = []
    k = 0
    for side in s.sides:
        zone: BaseGeometry = Polygon(deployment_zone(s, side.id)).buffer(TOLERANCE)
        shapely.prepare(zone)
        n = len(side.units)
        if n:
            inside = shapely.covers(zone, feet[k : k + n])
            for u, ok in zip(side.units, inside, strict=True):
                if not ok:
                    out.append(LintProblem(
                        Kind.OUTSIDE_ZONE,
                        f"{u.name} ({side.name}) stands outside its side's deployment zone",
                        (u.id,),
                    ))
        k += n
        for o in side.officers:
            if not zone.covers(SPoint(o.position)):
                out.append(LintProblem(
                    Kind.OUTSIDE_ZONE,
                    f"{o.name} ({side.name}) stands outside its side's deployment zone",
                    (o.id,),
                ))
    return out


def _overlaps(s: Scenario, units: list[Unit], feet: np.ndarray) -> list[LintProblem]:
    if len(units) < 2:
        return []
    tree = shapely.STRtree(feet)
    left, right = tree.query(feet, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    if not len(left):
        return []
    areas = shapely.area(shapely.intersection(feet[left], feet[right]))
    out = []
    for i, j, a in zip(left.tolist(), right.tolist(), areas.tolist(), strict=True):
        if a > OVERLAP_AREA:
            out.append(LintProblem(
                Kind.OVERLAP,
                f"{who(s, units[i].id)} and {who(s, units[j].id)} overlap",
                (units[i].id, units[j].id),
            ))
    return out


def _impassable(s: Scenario, units: list[Unit], feet: np.ndarray) -> list[LintProblem]:
    bad = [f for f in s.terrain if f.type in IMPASSABLE]
    if not bad or not units:
        return []
    areas = [shape_area(f.shape).buffer(-TOLERANCE) for f in bad]
    tree = shapely.STRtree(feet)
    out = []
    for f, area in zip(bad, areas, strict=True):
        stops = IMPASSABLE[f.type]
        for i in tree.query(area, predicate="intersects").tolist():
            u = units[i]
            if stops is not None and u.type not in stops:
                continue
            what = "artillery cannot enter" if stops is ARTILLERY else "no unit can enter"
            out.append(LintProblem(
                Kind.IMPASSABLE,
                f"{who(s, u.id)} stands in {feature_words(f)} ({what} it)",
                (u.id, f.id),
            ))
        for side in s.sides:
            if stops is None:
                for o in side.officers:
                    if area.covers(SPoint(o.position)):
                        out.append(LintProblem(
                            Kind.IMPASSABLE,
                            f"{who(s, o.id)} stands in {feature_words(f)} (no one can "
                            "enter it)",
                            (o.id, f.id),
                        ))
    out.sort(key=lambda p: p.ids)
    return out


def problem_ids(problems: list[LintProblem]) -> set[str]:
    """Every id named by any problem (what the table highlights)."""
    return {i for p in problems for i in p.ids}


def _union(s: Scenario, types: frozenset[TerrainType]) -> BaseGeometry:
    parts = [shape_area(f.shape) for f in s.terrain if f.type in types]
    return shapely.union_all(parts) if parts else Polygon()


@dataclass
class _Ground:
    """Terrain geometry the checks need, kept while the terrain value is the same
    object (the model shares it, so dragging units never rebuilds it)."""

    terrain: tuple[TerrainFeature, ...]
    #: Each river with its crossings cut out.
    wet: list[tuple[TerrainFeature, BaseGeometry]]
    #: Ground no unit may stand on.
    barred: BaseGeometry


_ground_cache: list[_Ground] = []


def _ground(s: Scenario) -> _Ground:
    if _ground_cache and _ground_cache[0].terrain is s.terrain:
        return _ground_cache[0]
    dry = _union(s, CROSSINGS).buffer(CROSSING_SLACK)
    wet = []
    for f in s.terrain:
        if f.type in CROSSING_ONLY:
            area = shape_area(f.shape).difference(dry)
            if not area.is_empty:
                shapely.prepare(area)
                wet.append((f, area))
    stop_all = frozenset(t for t, who in IMPASSABLE.items() if who is None)
    barred = shapely.union_all([_union(s, stop_all), *[a for _, a in wet]])
    shapely.prepare(barred)
    got = _Ground(s.terrain, wet, barred)
    _ground_cache[:] = [got]
    return got


def _in_river(s: Scenario, units: list[Unit], feet: np.ndarray) -> list[LintProblem]:
    """Pieces standing in a river away from any bridge or ford."""
    rivers = _ground(s).wet
    if not rivers:
        return []
    out: list[LintProblem] = []
    tree = shapely.STRtree(feet) if units else None
    for f, wet in rivers:
        if tree is not None:
            for i in tree.query(wet, predicate="intersects").tolist():
                if wet.intersection(feet[i]).area > OVERLAP_AREA:
                    u = units[i]
                    out.append(LintProblem(
                        Kind.IMPASSABLE,
                        f"{who(s, u.id)} stands in {feature_words(f)} away from any bridge or "
                        "ford (a river is crossed only there)",
                        (u.id, f.id),
                    ))
        for side in s.sides:
            for o in side.officers:
                if wet.buffer(-TOLERANCE).covers(SPoint(o.position)):
                    out.append(LintProblem(
                        Kind.IMPASSABLE,
                        f"{who(s, o.id)} stands in {feature_words(f)} away from any bridge "
                        "or ford",
                        (o.id, f.id),
                    ))
    return out


def _unreachable_objectives(s: Scenario) -> list[LintProblem]:
    if not s.game.objectives:
        return []
    board = table_polygon(s.table)
    barred = _ground(s).barred
    out = []
    for ob in s.game.objectives:
        disc = circle(ob.position, max(ob.radius, TOLERANCE))
        if disc.intersection(board).area <= OVERLAP_AREA:
            why = "it lies off the table"
        elif disc.intersection(board).difference(barred).area <= OVERLAP_AREA:
            under = [f for f in s.terrain if shape_area(f.shape).intersects(disc)
                     and (f.type in CROSSING_ONLY or IMPASSABLE.get(f.type, ()) is None)]
            where = " and ".join(feature_words(f) for f in under[:2]) or "impassable ground"
            why = f"it lies in {where}, where no unit may stand"
        else:
            continue
        out.append(LintProblem(Kind.UNREACHABLE, f"No unit can reach {ob.name}: {why}",
                               (ob.id,)))
    return out


def _turn_limit(s: Scenario) -> int | None:
    turns = [v.turns for v in s.game.victory if isinstance(v, TurnLimit)]
    return min(turns) if turns else None


def _edge_distance(s: Scenario, p: tuple[float, float], edge: Edge) -> float:
    t = s.table
    return {Edge.NORTH: p[1], Edge.SOUTH: t.depth - p[1],
            Edge.WEST: p[0], Edge.EAST: t.width - p[0]}[edge]


def _opposite(edge: Edge) -> Edge:
    return {Edge.NORTH: Edge.SOUTH, Edge.SOUTH: Edge.NORTH,
            Edge.WEST: Edge.EAST, Edge.EAST: Edge.WEST}[edge]


def _reachable_count(s: Scenario, v: VictoryCondition, side_id: str, reach: float) -> int:
    """How many of what `v` asks for the side's units could get to in time (at best)."""
    side = s.side(side_id)
    units = side.units
    if isinstance(v, HoldObjectives):
        wanted = set(v.objectives) if v.objectives else None
        obs = [o for o in s.game.objectives if wanted is None or o.id in wanted]
        return sum(1 for o in obs
                   if any(_dist(u.position, o.position) - o.radius <= reach for u in units))
    if isinstance(v, ExitUnits):
        edge = v.edge
        if edge is None:
            enemies = [x for x in s.sides if x.id != side_id]
            edge = enemies[0].baseline if enemies else _opposite(side.baseline)
        return sum(1 for u in units if _edge_distance(s, u.position, edge) <= reach)
    if isinstance(v, OccupyFeature):
        try:
            area = shape_area(s.feature(v.feature).shape)
        except KeyError:
            return 0
        near = [u for u in units if area.distance(SPoint(u.position)) <= reach]
        return sum(u.figures for u in near)
    return 0


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(np.hypot(a[0] - b[0], a[1] - b[1]))


def _need(v: VictoryCondition) -> int:
    if isinstance(v, (HoldObjectives, ExitUnits)):
        return v.count
    if isinstance(v, OccupyFeature):
        return v.figures
    return 0


def _goal_words(s: Scenario, v: VictoryCondition) -> tuple[str, str]:
    """What the condition asks, and the noun its count counts."""
    if isinstance(v, HoldObjectives):
        wanted = set(v.objectives) if v.objectives else None
        names = [o.name for o in s.game.objectives if wanted is None or o.id in wanted]
        if len(names) == 1 and v.count == 1:
            return f"holding {names[0]}", "objectives"
        return f"holding {v.count} of {', '.join(names)}", "objectives"
    if isinstance(v, ExitUnits):
        return f"moving {v.count} units off the table", "units"
    if isinstance(v, OccupyFeature):
        try:
            f = s.feature(v.feature)
            where = feature_words(f)
        except KeyError:
            where = "a missing feature"
        return f"getting {v.figures} figures into {where}", "figures"
    return "", ""


def _goal_ids(s: Scenario, v: VictoryCondition) -> tuple[str, ...]:
    """What clicking the problem selects: the objectives or the feature it asks for."""
    if isinstance(v, HoldObjectives):
        return tuple(o.id for o in s.game.objectives
                     if not v.objectives or o.id in v.objectives)
    if isinstance(v, OccupyFeature) and any(f.id == v.feature for f in s.terrain):
        return (v.feature,)
    return ()


def _unwinnable(s: Scenario) -> list[LintProblem]:
    """Victory conditions no side could meet before the turn limit, even at best."""
    turns = _turn_limit(s)
    if turns is None or not s.sides:
        return []
    reach = turns * FASTEST_MOVE
    out = []
    for v in s.game.victory:
        if not isinstance(v, (HoldObjectives, ExitUnits, OccupyFeature)):
            continue
        who = [v.side] if v.side else [x.id for x in s.sides]
        best = {sid: _reachable_count(s, v, sid, reach) for sid in who
                if any(x.id == sid for x in s.sides)}
        need = _need(v)
        if not best or max(best.values()) >= need:
            continue
        goal, noun = _goal_words(s, v)
        names = " or ".join(s.side(sid).name for sid in best)
        top = max(best.values())
        out.append(LintProblem(
            Kind.UNWINNABLE,
            f"{names} cannot win by {goal} within {turns} turn{'' if turns == 1 else 's'}: "
            "even moving "
            f"{FASTEST_MOVE:g}\" a turn in a straight line (faster than any ruleset "
            f"allows), at most {top} of the {need} {noun} needed are within reach",
            _goal_ids(s, v),
        ))
    return out
