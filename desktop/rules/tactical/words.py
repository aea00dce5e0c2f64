"""Tactical Dice's states and results in plain wargamer English.

The engine keeps short values (``driven_in``, ``town``, ``square_in_time``) in its
state, snapshots and records; whatever a player reads (event texts, refusals,
the unit card) says them with these words instead.
"""

from __future__ import annotations

from typing import Final

from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.constants import Face

#: A square's area terrain (constants, "terrain groups").
AREA: Final[dict[str, str]] = {
    C.OPEN: "open ground", C.WOOD: "a wood", C.TOWN: "a built-up area", C.HILL: "a hill",
    C.CROPS: "tall crops", C.LAKE: "a lake", C.MARSH: "a marsh", C.ROUGH: "difficult ground",
}

#: A unit's status (state.STATUSES).
STATUS: Final[dict[str, str]] = {
    "active": "in good order", "spent": "spent", "routed": "routed",
    "driven_in": "driven in",
}

#: An officer's wound state (state.WOUNDS).
WOUND: Final[dict[str, str]] = {
    "unharmed": "unharmed", "wounded": "wounded", "killed": "killed",
    "carried_off": "carried off the field", "captured": "captured",
}

#: A unit's formation.
FORMATION: Final[dict[str, str]] = {
    "line": "line", "square": "square", "skirmish": "skirmish line",
    "limbered": "limbered", "unlimbered": "unlimbered",
}

#: What each Tactical Die face is called (RULINGS, "Tactical Dice").
FACE: Final[dict[Face, str]] = {
    Face.OFFICER: "Officer", Face.TARGET: "Target", Face.FLAG: "Flag", Face.FIRE: "Fire",
    Face.SABRE: "Sabre",
}

#: What Flags do to a unit (the Flag table).
FLAG_EFFECT: Final[dict[D.FlagEffect, str]] = {
    D.FlagEffect.NONE: "no effect", D.FlagEffect.FEWER: "one die fewer this turn",
    D.FlagEffect.HALT: "halts", D.FlagEffect.RETIRE: "halts and retires",
    D.FlagEffect.ROUT: "routs",
}

Case = D.BayonetCase | D.CavalryCase | D.MeleeCase

#: The defenders' answer to a charge, by case of the table.
CASE: Final[dict[Case, str]] = {
    D.BayonetCase.FLEE: "flees without firing",
    D.BayonetCase.STAND: "stands and fires with all its dice",
    D.BayonetCase.STAND_FEWER: "stands and fires one die fewer",
    D.BayonetCase.FIRE_THEN_RETIRE: "fires one die fewer, then retires unless the attackers halt",
    D.CavalryCase.BROKEN: "fails to form square and routs",
    D.CavalryCase.SQUARE_IN_TIME: "forms square in good time",
    D.CavalryCase.SQUARE_LATE: "forms square late",
    D.MeleeCase.COUNTER: "counter-charges with all its dice",
    D.MeleeCase.DISADVANTAGE: "counter-charges one die fewer",
    D.MeleeCase.BROKEN: "retires or routs at once",
}

#: The same cases in a few words, for the odds chart's bars (the chart's title
#: names the charged unit; long names on every bar collided, issue 34).
CASE_SHORT: Final[dict[Case, str]] = {
    D.BayonetCase.FLEE: "Flees", D.BayonetCase.STAND: "Stands, fires all",
    D.BayonetCase.STAND_FEWER: "Stands, 1 die fewer",
    D.BayonetCase.FIRE_THEN_RETIRE: "Fires, then retires",
    D.CavalryCase.BROKEN: "No square: routs", D.CavalryCase.SQUARE_IN_TIME: "Square in time",
    D.CavalryCase.SQUARE_LATE: "Square too late", D.MeleeCase.COUNTER: "Counter-charges",
    D.MeleeCase.DISADVANTAGE: "Counters, 1 die fewer", D.MeleeCase.BROKEN: "Retires or routs",
}
GUNNERS_SHORT: Final[dict[D.CavalryCase, str]] = {
    D.CavalryCase.BROKEN: "Gunners rout", D.CavalryCase.SQUARE_IN_TIME: "Canister",
    D.CavalryCase.SQUARE_LATE: "Hasty fire, 1 die fewer",
}


#: Gunners charged by cavalry (seed 001:160-162).
GUNNERS_CASE: Final[dict[D.CavalryCase, str]] = {
    D.CavalryCase.BROKEN: "panic and rout",
    D.CavalryCase.SQUARE_IN_TIME: "stand to their guns and fire canister",
    D.CavalryCase.SQUARE_LATE: "fire hastily, one die fewer",
}


def counted(n: int, word: str) -> str:
    """'no hits', '1 hit', '2 hits' ('Sabre' -> 'Sabres', 'Tactical Die' -> 'Tactical Dice')."""
    many = word[:-1] + "ce" if word.lower().endswith("die") else word + "s"
    if n == 0:
        return f"no {many}"
    return f"1 {word}" if n == 1 else f"{n} {many}"


def case_words(case: Case, guns: bool = False, short: bool = False) -> str:
    """How the charged unit answers (gunners in their own words); `short`: in a
    few words, capitalised, for a chart's bar."""
    if guns and isinstance(case, D.CavalryCase):
        return (GUNNERS_SHORT if short else GUNNERS_CASE)[case]
    return (CASE_SHORT if short else CASE)[case]


def area(name: str) -> str:
    return AREA.get(name, name.replace("_", " "))
