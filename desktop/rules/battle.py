"""A battle in a line: its ruleset, its size and its length, as a player reads them.

The Welcome list, the briefing card, `volley info` and the scenario card all say
what a battle is from here ("D3 · 12 turns · 48 × 36 in table · 6 against 7
units"), so they never differ.  The length is the referee's: the scenario's own
turn limit, else the ruleset's option as the scenario sets it (or its default).
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules import registry
from desktop.rules.engine import RulesError
from desktop.rules.options import scenario_turn_limit
from desktop.scenario import describe
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import LengthUnit


@dataclass(frozen=True)
class BattleFacts:
    ruleset: str
    #: The ruleset's name (its id when it is not installed).
    ruleset_name: str
    #: The last turn (None: the battle goes on until a side wins).
    turns: int | None
    table: str
    units: tuple[int, ...]
    figures: int

    def length_words(self) -> str:
        return "no turn limit" if self.turns is None else (
            f"{self.turns} turn" + ("" if self.turns == 1 else "s"))

    def size_words(self) -> str:
        if len(set(self.units)) == 1 and len(self.units) > 1:
            who = f"{self.units[0]} units a side"
        else:
            who = " against ".join(str(n) for n in self.units) + " units"
        return f"{self.table} table · {who}"

    def line(self) -> str:
        """"D3 · 12 turns · 48 × 36 in table · 6 against 7 units"."""
        return f"{self.ruleset_name} · {self.length_words()} · {self.size_words()}"


def turns_of(scenario: Scenario, ruleset: str | None = None) -> int | None:
    """The battle's last turn under `ruleset` (the scenario's own by default)."""
    own = scenario_turn_limit(scenario)
    if own:
        return own
    try:
        rs = registry.get(ruleset or scenario.ruleset or "")
        options = rs.resolve_options(scenario, None)
    except (LookupError, RulesError):
        return None
    value = options.get("turn_limit")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
        return int(value)
    return None


def facts(scenario: Scenario, ruleset: str | None = None) -> BattleFacts:
    rid = ruleset or scenario.ruleset or ""
    try:
        name = registry.get(rid).name
    except LookupError:
        name = rid or "No ruleset"
    t = scenario.table
    unit = "in" if t.unit is LengthUnit.INCH else "cm"
    table = f"{t.width:g} × {t.depth:g} {unit}"
    units = tuple(len(s.units) for s in scenario.sides)
    figures = sum(u.figures for s in scenario.sides for u in s.units)
    return BattleFacts(rid, name, turns_of(scenario, rid), table, units, figures)


def victory_sentences(scenario: Scenario, ruleset: str | None = None) -> list[str]:
    """How the battle is won, in sentences (desktop.scenario.describe), ending with
    the turn limit: the scenario's own, or the ruleset's where it sets none (the
    referee then calls the battle a draw at that limit)."""
    out = describe.victory_sentences(scenario)
    if scenario_turn_limit(scenario) is None:
        turns = turns_of(scenario, ruleset)
        if turns is not None:
            out.append(f"The battle ends after turn {turns}: if no "
                       f"side has won by then, it is a draw.")
    return out
