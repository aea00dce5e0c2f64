"""Objectives: add, change and remove them (not while a victory condition names them)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from desktop.scenario.edits.base import EditError, T, _rp, check_id, new_id
from desktop.scenario.model import HoldObjectives, Objective, Point, Scenario


def _replace_in(items: tuple[T, ...], key: Callable[[T], str], ident: str, new: T) -> tuple[T, ...]:
    for i, item in enumerate(items):
        if key(item) == ident:
            return (*items[:i], new, *items[i + 1 :])
    raise KeyError(ident)


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
