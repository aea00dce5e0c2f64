"""Say in plain words why the reader would refuse what the editor was about to save.

The reader names a field by its place in the file (`sides[1].units[6].figures`);
a person editing thinks of "the unit Brunswick Hussars".  These helpers turn
the one into the other, so the message says which thing and which field.
"""

from __future__ import annotations

import re

from desktop.scenario import Problem, Scenario, ScenarioError

_PIECE = re.compile(r"sides\[(\d+)\]\.(units|officers)\[(\d+)\]\.?(.*)")
_SIDE = re.compile(r"sides\[(\d+)\]\.?(.*)")
_FEATURE = re.compile(r"terrain\[(\d+)\]\.?(.*)")
_OBJECTIVE = re.compile(r"game\.objectives\[(\d+)\]\.?(.*)")
#: At most this many problems are listed in one message.
SHOWN = 5


def plain_problem(scenario: Scenario, problem: Problem) -> str:
    """'the unit “Hussars”, figures: must be at least 1, found 0' (or the field path as is)."""
    where = problem.path
    try:
        if m := _PIECE.fullmatch(where):
            side = scenario.sides[int(m[1])]
            kind = "unit" if m[2] == "units" else "officer"
            pieces = side.units if kind == "unit" else side.officers
            where = _named(f"the {kind}", pieces[int(m[3])].name, m[4])
        elif m := _SIDE.fullmatch(where):
            where = _named("the side", scenario.sides[int(m[1])].name, m[2])
        elif m := _FEATURE.fullmatch(where):
            where = _named("the terrain feature", scenario.terrain[int(m[1])].name
                           or scenario.terrain[int(m[1])].id, m[2])
        elif m := _OBJECTIVE.fullmatch(where):
            where = _named("the objective", scenario.game.objectives[int(m[1])].name, m[2])
    except (IndexError, AttributeError):
        pass
    return f"{where}: {problem.message}" if where else problem.message


def refusal_text(scenario: Scenario, error: ScenarioError) -> str:
    """One line per problem (the first few), for a message box or the status bar."""
    lines = [_capital(plain_problem(scenario, p)) for p in error.problems[:SHOWN]]
    more = len(error.problems) - len(lines)
    if more > 0:
        lines.append(f"… and {more} more")
    return "\n".join(lines) or str(error)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _named(kind: str, name: str, field: str) -> str:
    field = field.replace("_", " ")
    return f"{kind} “{name}”" + (f", {field}" if field else "")
