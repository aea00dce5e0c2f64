"""Copy and paste: what Copy puts aside, and fresh copies of it pasted on the table."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from desktop.scenario.edits.base import _rp, new_id
from desktop.scenario.edits.objectives import add_objective
from desktop.scenario.edits.pieces import add_officer, add_unit
from desktop.scenario.edits.placing import _clamp_unit
from desktop.scenario.edits.shapes import _map_points
from desktop.scenario.edits.terrain import add_feature
from desktop.scenario.model import Objective, Officer, Point, Scenario, TerrainFeature, Unit


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
