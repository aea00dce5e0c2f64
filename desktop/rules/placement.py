"""Units set up on ground their ruleset forbids: the rules layer's placement warnings.

The editor's own checks (desktop.scenario.lint) know only what every ruleset
agrees on: no unit in a lake or a marsh, no artillery in a wood, nobody in a
river away from a crossing.  Each ruleset forbids more (D3 keeps line
infantry out of woods, Kiddies keeps everyone off hills), and only the
ruleset knows; :meth:`desktop.rules.engine.Ruleset.placement_problems` gives
those answers through :func:`forbidden_ground`, without repeating what the
editor's checks already say.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import shapely

from desktop.scenario.geometry import shape_area
from desktop.scenario.lint import (
    CROSSING_ONLY,
    IMPASSABLE,
    TOLERANCE,
    Kind,
    LintProblem,
    feature_words,
    footprints,
)
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import UNIT_LABELS, TerrainType, UnitType


def _already_checked(terrain: TerrainType, unit_type: UnitType) -> bool:
    """True when the editor's own checks report this unit in this ground."""
    if terrain in CROSSING_ONLY:
        return True
    if terrain not in IMPASSABLE:
        return False
    stops = IMPASSABLE[terrain]
    return stops is None or unit_type in stops


def forbidden_ground(
    scenario: Scenario,
    ruleset_name: str,
    forbidden: Callable[[UnitType], Collection[TerrainType]],
) -> list[LintProblem]:
    """Each unit standing in a feature its ruleset forbids to its type (`forbidden`),
    except where the editor's checks already say so; in a stable order."""
    pairs = scenario.all_units()
    if not pairs or not scenario.terrain:
        return []
    units = [u for _, u in pairs]
    feet = footprints(units)
    tree = shapely.STRtree(feet)
    out: list[LintProblem] = []
    for f in scenario.terrain:
        candidates = [i for i, u in enumerate(units)
                      if f.type in forbidden(u.type) and not _already_checked(f.type, u.type)]
        if not candidates:
            continue
        area = shape_area(f.shape).buffer(-TOLERANCE)
        hit = set(tree.query(area, predicate="intersects").tolist())
        for i in candidates:
            if i in hit:
                u = units[i]
                kind = UNIT_LABELS.get(u.type, u.type.value).lower()
                out.append(LintProblem(
                    Kind.IMPASSABLE,
                    f"{u.name} stands in {feature_words(f)} ({ruleset_name}: {kind} "
                    "may not stand there)",
                    (u.id, f.id),
                ))
    out.sort(key=lambda p: p.ids)
    return out
