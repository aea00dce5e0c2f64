"""What the rulesets say about a scenario before anyone plays it.

The editor's checks (desktop.scenario.lint) know nothing of any ruleset; the
windows and ``volley validate`` add these answers through the registry:

- errors: a unit's starting state a ruleset cannot set up (its game would
  refuse to start), or one given for a ruleset Volley does not know;
- errors: every reason the scenario's ruleset (or each ruleset asked for)
  cannot start the game at all: the sides, room on its grid, its options'
  types and values, its size limits.  These are found by starting the game
  (:func:`game_problems`), so what validation accepts for a ruleset is what
  that ruleset's game, the play window and the balance batch start with
  (issue 37);
- warnings: units where the scenario's ruleset forbids them to stand
  (:meth:`desktop.rules.engine.Ruleset.placement_problems`).  A scenario with
  no ruleset of its own may be played under any, so each ruleset is asked,
  and it is told to choose one (:func:`choose_ruleset`), naming those that
  can play it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from desktop.rules import registry
from desktop.rules.engine import Game, RulesError, Ruleset, ScenarioTooLarge, SetupError
from desktop.rules.start import describe_state
from desktop.rules.view import view_of
from desktop.scenario.lint import Kind, LintProblem, lint
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
    """Everything the rulesets say about `scenario` (the editor's Problems panel):
    starts, games that cannot start or the missing ruleset, then placement."""
    return start_problems(scenario) + game_problems(scenario) + placement_warnings(scenario)


def validation(scenario: Scenario, asked: Sequence[str] = ()
               ) -> tuple[list[LintProblem], list[LintProblem]]:
    """What `volley validate` says of `scenario` under `asked` (or its own ruleset):
    the errors (the game cannot start: nothing else is said then) and the
    warnings (the missing ruleset, the editor's checks, ground a ruleset forbids)."""
    errors = start_problems(scenario)
    said = game_problems(scenario, asked)
    errors += [p for p in said if p.kind is not Kind.RULESET]
    if errors:
        return errors, []
    placed = ([p for r in rulesets_asked(scenario, asked) for p in r.placement_problems(scenario)]
              if asked else placement_warnings(scenario))
    return [], [p for p in said if p.kind is Kind.RULESET] + lint(scenario) + placed


def game_problem(ruleset: Ruleset, scenario: Scenario) -> LintProblem | None:
    """None if `ruleset` starts a game on `scenario`, else why not (issue 37).

    The game is really started (a few milliseconds; about two seconds at a
    ruleset's size limits), so nothing the set-up refuses can pass: sides, the
    grid's room, options of the wrong type or value, the size limits.
    """
    try:
        game = ruleset.new_game(scenario, seed=0)
    except ScenarioTooLarge as e:
        return LintProblem(Kind.GAME, str(e), (), ("sides",))
    except RulesError as e:
        said = str(e)
        if not said.startswith(ruleset.name):
            said = f"{ruleset.name} cannot start this game: {said}"
        field = e.field if isinstance(e, SetupError) and e.field else ("ruleset",)
        return LintProblem(Kind.GAME, said, (), field)
    return illegal_start(game)


def illegal_start(game: Game) -> LintProblem | None:
    """None if `game` starts in a legal position, else what is wrong, by name.

    A scenario set up for one ruleset may not fit another: under Muskets &
    Mayhem, whose column bases are deeper, the Crossroads' grenadiers start
    off the table and over the battery (issue 37).  The engine's own checks
    (``invariant_problems``, the conformance harness's hook) say so.
    """
    found = [str(p) for p in game.invariant_problems()]
    if found:
        found = _not_set_up_so(found, game.scenario)
    if not found:
        return None
    view = view_of(game)
    said = "; ".join(view.names_in(p) for p in found[:5])
    more = f" (and {len(found) - 5} more)" if len(found) > 5 else ""
    return LintProblem(
        Kind.GAME, f"{game.ruleset.name} would start this game in an illegal position: "
        f"{said}{more}. Move those units, or play it with another ruleset.", (), ("sides",))


def rulesets_asked(scenario: Scenario, asked: Sequence[str] = ()) -> list[Ruleset]:
    """The rulesets to check: those `asked` for by id, else the scenario's own,
    else (it has none) every registered ruleset.  Raises UnknownRuleset."""
    if asked:
        return [registry.get(rid) for rid in asked]
    return _rulesets_for(scenario)


def game_problems(scenario: Scenario, asked: Sequence[str] = ()) -> list[LintProblem]:
    """Why each ruleset checked cannot start the game (see rulesets_asked).

    With no ruleset asked for and none of the scenario's own, one problem: a
    warning (Kind.RULESET) to choose one, naming those that can play it, or
    an error when none can.  A ruleset whose starting states start_problems
    already refuses is not started again (the same sentence twice helps nobody).
    """
    if not asked and scenario.ruleset is None:
        playable = playable_under(scenario)
        if not playable:
            return [_none_can_play(scenario)]
        return [LintProblem(Kind.RULESET, _choose(playable), (), ())]
    out: list[LintProblem] = []
    for ruleset in rulesets_asked(scenario, asked):
        if ruleset.start_problems(scenario):
            continue
        problem = game_problem(ruleset, scenario)
        if problem is not None:
            out.append(problem)
    return out


def playable_under(scenario: Scenario) -> list[Ruleset]:
    """The registered rulesets that start a game on `scenario`."""
    return [r for r in registry.all_rulesets()
            if not r.start_problems(scenario) and game_problem(r, scenario) is None]


def choose_ruleset(scenario: Scenario) -> str:
    """The plain sentence for a scenario with no ruleset of its own: choose one,
    and which can play it (the same words from validate, balance, print, play)."""
    playable = playable_under(scenario)
    return _choose(playable) if playable else _none_can_play(scenario).message


def _choose(playable: Sequence[Ruleset]) -> str:
    names = [f"{r.name} ({r.id})" for r in playable]
    return ("the scenario names no ruleset: choose the one to play it with (`ruleset:` "
            "in the file, Settings in the editor, or --ruleset ID); it can be played "
            f"with {_listed(names)}")


def _none_can_play(scenario: Scenario) -> LintProblem:
    reasons = [game_problem(r, scenario) for r in registry.all_rulesets()]
    said = "; ".join(p.message for p in reasons if p is not None)
    return LintProblem(Kind.GAME, f"no ruleset can start this game: {said}", (), ("sides",))


def _not_set_up_so(found: list[str], scenario: Scenario) -> list[str]:
    """`found` without the overlaps the scenario itself sets up: the editor's checks
    warn of those (bases in contact may be meant); only what the ruleset's own
    placement makes illegal is refused."""
    pairs = {frozenset(p.ids) for p in lint(scenario) if p.kind is Kind.OVERLAP}
    return [f for f in found
            if not any(all(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", f) for i in pair)
                       and "overlap" in f for pair in pairs)]


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


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
