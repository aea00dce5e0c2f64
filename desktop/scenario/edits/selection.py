"""Edits on a mixed selection (features, pieces and objectives together)."""

from __future__ import annotations

from collections.abc import Iterable

from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.objectives import remove_objectives, update_objective
from desktop.scenario.edits.pieces import is_piece, remove_pieces
from desktop.scenario.edits.placing import move_pieces
from desktop.scenario.edits.terrain import move_features, remove_features
from desktop.scenario.model import Scenario


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
