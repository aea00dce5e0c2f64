"""Victory conditions: each checked against the scenario before it is set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from desktop.scenario.edits.base import EditError
from desktop.scenario.model import (
    HoldObjectives,
    OccupyFeature,
    Scenario,
    TurnLimit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import GameType


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
