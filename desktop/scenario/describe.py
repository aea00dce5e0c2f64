"""Plain-words descriptions of a scenario's game, shared by the terminal and the sheets."""

from __future__ import annotations

from desktop.scenario.model import (
    AllRegularsLost,
    ArmyBreak,
    ExitUnits,
    HoldObjectives,
    LastManStanding,
    OccupyFeature,
    Scenario,
    TurnLimit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import GameType


def side_name(s: Scenario, side_id: str | None) -> str:
    if side_id is None:
        return "Either side"
    for side in s.sides:
        if side.id == side_id:
            return side.name
    return side_id


def victory_text(v: VictoryCondition, s: Scenario) -> str:
    if isinstance(v, LastManStanding):
        return "a side with no units left loses"
    if isinstance(v, AllRegularsLost):
        who = side_name(s, v.side) if v.side else "a side"
        return f"{who} loses when all its line infantry are gone"
    if isinstance(v, ExitUnits):
        where = f"the {v.edge.value} edge" if v.edge else "the enemy baseline"
        return f"{side_name(s, v.side)} wins by taking {v.count} units off {where}"
    if isinstance(v, OccupyFeature):
        feat = next((f.name or f.id for f in s.terrain if f.id == v.feature), v.feature)
        return f"{side_name(s, v.side)} wins by holding {feat} with {v.figures} figures"
    if isinstance(v, HoldObjectives):
        n = len(v.objectives) or len(s.game.objectives)
        who = side_name(s, v.side) if v.side else "a side"
        return f"{who} wins by holding {v.count} of {n} objectives"
    if isinstance(v, TurnLimit):
        if v.fallback == "draw":
            then = "a draw"
        elif v.fallback == "defender":
            then = f"{side_name(s, s.game.defender)} wins" if s.game.defender else \
                "the defender wins"
        else:
            then = f"{side_name(s, v.fallback)} wins"
        return f"after turn {v.turns}, {then}"
    assert isinstance(v, ArmyBreak)
    who = side_name(s, v.side) if v.side else "a side"
    return f"{who} breaks at {v.fraction:.0%} of its units lost"


def game_text(s: Scenario) -> str:
    if s.game.type is GameType.ENCOUNTER:
        return "Encounter"
    if s.game.defender:
        return f"Attack/defend ({side_name(s, s.game.defender)} defends)"
    return "Attack/defend"
