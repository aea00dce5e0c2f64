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
==========  ==========================
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

from desktop.scenario.geometry import deployment_zone, shape_area
from desktop.scenario.model import Scenario, Unit
from desktop.scenario.vocabulary import ARTILLERY, TerrainType, UnitType

#: Terrain type -> the unit types it stops (None: every unit and officer).
IMPASSABLE: Final[dict[TerrainType, frozenset[UnitType] | None]] = {
    TerrainType.LAKE: None,
    TerrainType.MARSH: None,
    TerrainType.WOOD: ARTILLERY,
}

#: Overlaps smaller than this (square inches) are bases in contact, not overlapping.
OVERLAP_AREA: Final = 0.01
#: A base may overhang its deployment zone or touch bad ground by this much (inches).
TOLERANCE: Final = 0.01


class Kind(StrEnum):
    OUTSIDE_ZONE = "outside_zone"
    OVERLAP = "overlap"
    IMPASSABLE = "impassable"


@dataclass(frozen=True)
class LintProblem:
    kind: Kind
    message: str
    #: The units, officers and terrain features involved.
    ids: tuple[str, ...]


def _footprints(units: list[Unit]) -> np.ndarray:
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
    feet = _footprints(units)
    out: list[LintProblem] = []
    out += _outside_zones(s, feet)
    out += _overlaps(units, feet)
    out += _impassable(s, units, feet)
    return out


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


def _overlaps(units: list[Unit], feet: np.ndarray) -> list[LintProblem]:
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
                f"{units[i].name} and {units[j].name} overlap",
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
                f"{u.name} stands in {f.name or f.id} ({f.type.value}: {what} it)",
                (u.id, f.id),
            ))
        for side in s.sides:
            if stops is None:
                for o in side.officers:
                    if area.covers(SPoint(o.position)):
                        out.append(LintProblem(
                            Kind.IMPASSABLE,
                            f"{o.name} stands in {f.name or f.id} ({f.type.value})",
                            (o.id, f.id),
                        ))
    out.sort(key=lambda p: p.ids)
    return out


def problem_ids(problems: list[LintProblem]) -> set[str]:
    """Every id named by any problem (what the table highlights)."""
    return {i for p in problems for i in p.ids}
