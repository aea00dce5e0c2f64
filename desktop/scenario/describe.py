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
from desktop.scenario.wording import its, plural_name, side_does, verb_for


def side_name(s: Scenario, side_id: str | None) -> str:
    if side_id is None:
        return "Either side"
    for side in s.sides:
        if side.id == side_id:
            return side.name
    return side_id


def side_number(s: Scenario, side_id: str | None) -> bool | None:
    """What the scenario says of the side's number (its `plural` field; None: guess)."""
    return next((x.plural for x in s.sides if x.id == side_id), None)


def victory_text(v: VictoryCondition, s: Scenario) -> str:
    if isinstance(v, LastManStanding):
        return "a side with no units left loses"
    n = side_number(s, getattr(v, "side", None))
    if isinstance(v, AllRegularsLost):
        who = side_name(s, v.side) if v.side else "a side"
        return f"{side_does(who, 'loses', n)} when all {its(who, n)} line infantry are gone"
    if isinstance(v, ExitUnits):
        where = f"the {v.edge.value} edge" if v.edge else "the enemy baseline"
        return (f"{side_does(side_name(s, v.side), 'wins', n)} by taking {v.count} units "
                f"off {where}")
    if isinstance(v, OccupyFeature):
        feat = next((f.name or f.id for f in s.terrain if f.id == v.feature), v.feature)
        return (f"{side_does(side_name(s, v.side), 'wins', n)} by holding {feat} "
                f"with {v.figures} figures")
    if isinstance(v, HoldObjectives):
        ids = v.objectives or tuple(o.id for o in s.game.objectives)
        names = [next((o.name or o.id for o in s.game.objectives if o.id == i), i) for i in ids]
        who = side_name(s, v.side) if v.side else "a side"
        if names and v.count >= len(names):
            return f"{side_does(who, 'wins', n)} by holding {_and(names)}"
        listed = f" ({', '.join(names)})" if names else ""
        return (f"{side_does(who, 'wins', n)} by holding {v.count} of the {len(names)} "
                f"objectives{listed}")
    if isinstance(v, TurnLimit):
        if v.fallback == "draw":
            then = "it is a draw"
        elif v.fallback == "defender":
            d = s.game.defender
            then = side_does(side_name(s, d), "wins", side_number(s, d)) if d else \
                "the defender wins"
        else:
            then = side_does(side_name(s, v.fallback), "wins", side_number(s, v.fallback))
        return f"the battle ends after turn {v.turns}: if no side has won by then, {then}"
    assert isinstance(v, ArmyBreak)
    who = side_name(s, v.side) if v.side else "a side"
    part = "half" if abs(v.fraction - 0.5) < 1e-9 else f"{v.fraction:.0%}"
    if not v.side:
        return f"{who} that loses {part} of its units breaks and loses at once"
    they = "they have" if plural_name(who, n) else "it has"
    return (f"{side_does(who, 'breaks', n)} and {verb_for(who, 'loses', n)} at once when "
            f"{they} lost {part} of {its(who, n)} units")


def victory_sentences(s: Scenario) -> list[str]:
    """The victory conditions as sentences, the turn limit last (the briefing card,
    the printed scenario card)."""
    firsts = [v for v in s.game.victory if not isinstance(v, TurnLimit)]
    lasts = [v for v in s.game.victory if isinstance(v, TurnLimit)]
    out = []
    for v in (*firsts, *lasts):
        text = victory_text(v, s)
        out.append(text[:1].upper() + text[1:] + ".")
    return out


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    both = "both " if len(names) == 2 else ""
    return both + ", ".join(names[:-1]) + " and " + names[-1]


def game_text(s: Scenario) -> str:
    if s.game.type is GameType.ENCOUNTER:
        return "Encounter"
    if s.game.defender:
        d = s.game.defender
        return f"Attack/defend ({side_does(side_name(s, d), 'defends', side_number(s, d))})"
    return "Attack/defend"
