"""Short plain-words lines about a scenario for sheet headers.

`desktop.cli.scenario_cmds.describe_victory` says the same for the terminal;
printouts sit in the core and may not import the command line, so the
wording lives here too, tuned for a one-line header.
"""

from __future__ import annotations

from typing import Final

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

RULESET_NAMES: Final[dict[str, str]] = {
    "kiddies": "Kiddies Horse and Musket",
    "tactical": "Tactical Dice",
    "d3": "D3 Horse and Musket",
    "blown_away": "Blown Away",
    "mayhem": "Muskets & Mayhem",
}


def ruleset_name(ruleset: str | None) -> str:
    if ruleset is None:
        return "no ruleset chosen"
    return RULESET_NAMES.get(ruleset, ruleset)


def _side_name(s: Scenario, side_id: str | None) -> str:
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
        who = _side_name(s, v.side) if v.side else "a side"
        return f"{who} loses when all its line infantry are gone"
    if isinstance(v, ExitUnits):
        where = f"the {v.edge.value} edge" if v.edge else "the enemy baseline"
        return f"{_side_name(s, v.side)} wins by taking {v.count} units off {where}"
    if isinstance(v, OccupyFeature):
        feat = next((f.name or f.id for f in s.terrain if f.id == v.feature), v.feature)
        return f"{_side_name(s, v.side)} wins by holding {feat} with {v.figures} figures"
    if isinstance(v, HoldObjectives):
        n = len(v.objectives) or len(s.game.objectives)
        who = _side_name(s, v.side) if v.side else "a side"
        return f"{who} wins by holding {v.count} of {n} objectives"
    if isinstance(v, TurnLimit):
        if v.fallback == "draw":
            then = "a draw"
        elif v.fallback == "defender":
            then = f"{_side_name(s, s.game.defender)} wins" if s.game.defender else \
                "the defender wins"
        else:
            then = f"{_side_name(s, v.fallback)} wins"
        return f"after turn {v.turns}, {then}"
    assert isinstance(v, ArmyBreak)
    who = _side_name(s, v.side) if v.side else "a side"
    return f"{who} breaks at {v.fraction:.0%} of its units lost"


def game_text(s: Scenario) -> str:
    if s.game.type is GameType.ENCOUNTER:
        return "Encounter"
    if s.game.defender:
        return f"Attack/defend ({_side_name(s, s.game.defender)} defends)"
    return "Attack/defend"


def victory_line(s: Scenario) -> str:
    if not s.game.victory:
        return "Victory: agree it before the game"
    parts = [victory_text(v, s) for v in s.game.victory]
    text = "; ".join(parts)
    return "Victory: " + text[0].upper() + text[1:]


def header_line(s: Scenario, ruleset: str | None) -> str:
    """Ruleset, game type and victory conditions in one line."""
    return f"{ruleset_name(ruleset)}  ·  {game_text(s)}  ·  {victory_line(s)}"
