"""What the rulesets say about a scenario before anyone plays it.

The editor's checks (desktop.scenario.lint) know nothing of any ruleset; the
windows and ``volley validate`` add these answers through the registry:

- errors: a unit's starting state a ruleset cannot set up (its game would
  refuse to start), or one given for a ruleset Volley does not know;
- warnings: units where the scenario's ruleset forbids them to stand
  (:meth:`desktop.rules.engine.Ruleset.placement_problems`).  A scenario with
  no ruleset of its own may be played under any, so each ruleset is asked.
"""

from __future__ import annotations

from desktop.rules import registry
from desktop.rules.engine import Ruleset
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import Scenario


def _rulesets_for(scenario: Scenario) -> list[Ruleset]:
    if scenario.ruleset is None:
        return registry.all_rulesets()
    try:
        return [registry.get(scenario.ruleset)]
    except registry.UnknownRuleset:
        return []


def start_errors(scenario: Scenario) -> list[str]:
    """Every starting state that cannot be set up, one sentence each."""
    out: list[str] = []
    named = sorted({rid for _s, u in scenario.all_units() for rid in u.start})
    known = registry.ids()
    for rid in named:
        if rid not in known:
            units = [u.name for _s, u in scenario.all_units() if rid in u.start]
            out.append(f"{', '.join(units)}: starting state for '{rid}', which is no ruleset "
                       f"(known: {', '.join(known)})")
            continue
        out += registry.get(rid).start_problems(scenario)
    return out


def placement_warnings(scenario: Scenario) -> list[LintProblem]:
    """Units standing where the scenario's ruleset (or, with none set, any
    ruleset) forbids them, beyond what the editor's checks report."""
    out: list[LintProblem] = []
    for ruleset in _rulesets_for(scenario):
        out += ruleset.placement_problems(scenario)
    return out
