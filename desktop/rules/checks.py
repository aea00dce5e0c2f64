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
from desktop.rules.engine import RulesError, Ruleset
from desktop.rules.start import describe_state
from desktop.scenario.lint import Kind, LintProblem
from desktop.scenario.model import Scenario, Unit


def _rulesets_for(scenario: Scenario) -> list[Ruleset]:
    if scenario.ruleset is None:
        return registry.all_rulesets()
    try:
        return [registry.get(scenario.ruleset)]
    except registry.UnknownRuleset:
        return []


def start_problems(scenario: Scenario) -> list[LintProblem]:
    """start_errors as problems naming the unit, for the editor's Problems panel."""
    out: list[LintProblem] = []
    known = registry.ids()
    for _side, u in scenario.all_units():
        for rid in sorted(u.start):
            if rid not in known:
                out.append(LintProblem(Kind.START, f"{u.name}: starting state for '{rid}', "
                                       f"which is no ruleset (known: {', '.join(known)})",
                                       (u.id,)))
                continue
            try:
                registry.get(rid).start_state(u)
            except RulesError as e:
                out.append(LintProblem(Kind.START, str(e), (u.id,)))
    return out


def ruleset_problems(scenario: Scenario) -> list[LintProblem]:
    """Everything the rulesets say about `scenario`: starts, then placement."""
    return start_problems(scenario) + placement_warnings(scenario)


def placement_warnings(scenario: Scenario) -> list[LintProblem]:
    """Units standing where the scenario's ruleset (or, with none set, any
    ruleset) forbids them, beyond what the editor's checks report."""
    out: list[LintProblem] = []
    for ruleset in _rulesets_for(scenario):
        out += ruleset.placement_problems(scenario)
    return out


def start_rulesets(scenario: Scenario) -> list[Ruleset]:
    """The rulesets whose starting state a unit of `scenario` may be given: the
    scenario's own, or with none set every ruleset that has one."""
    return [r for r in _rulesets_for(scenario) if r.start_fields]


def start_words(scenario: Scenario, unit: Unit) -> str:
    """How `unit` starts, in words ("4 hits marked"; with no ruleset of the
    scenario's own, each ruleset's part by name); empty when fresh."""
    rulesets = start_rulesets(scenario)
    parts: list[str] = []
    for r in rulesets:
        words = describe_state(r.start_fields, dict(unit.start.get(r.id, {})))
        if words:
            parts.append(words if len(rulesets) == 1 else f"{r.name}: {words}")
    return "; ".join(parts)
