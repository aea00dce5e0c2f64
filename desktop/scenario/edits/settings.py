"""The scenario's words and ruleset: title, briefing, author, ruleset and its options."""

from __future__ import annotations

from dataclasses import replace

from desktop.scenario.edits.base import _ID, EditError
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import PropertyValue


def set_text(s: Scenario, *, title: str | None = None, briefing: str | None = None,
             author: str | None = None) -> Scenario:
    if title is not None and not title.strip():
        raise EditError("a scenario needs a title")
    return replace(
        s,
        title=s.title if title is None else title,
        briefing=s.briefing if briefing is None else briefing,
        author=s.author if author is None else author,
    )


def _known_ruleset(ruleset: str) -> None:
    """Refuse an id no installed ruleset has (desktop.scenario.rulesets)."""
    from desktop.scenario import rulesets

    if not rulesets.is_known(ruleset):
        raise EditError(f"unknown ruleset '{ruleset}'; "
                        f"known: {', '.join(rulesets.known_ids())}")


def set_ruleset(s: Scenario, ruleset: str | None) -> Scenario:
    if ruleset is not None:
        _known_ruleset(ruleset)
    return replace(s, ruleset=ruleset)


def set_ruleset_option(s: Scenario, ruleset: str, name: str,
                       value: PropertyValue | None) -> Scenario:
    """Set one option for one ruleset (None removes it, so the ruleset's default holds)."""
    _known_ruleset(ruleset)
    if not _ID.match(name):
        raise EditError(f"'{name}' is not an option name")
    from desktop.scenario.limits import MAX_NAME, MAX_OPTION_NUMBER, MAX_TURNS

    if isinstance(value, str) and len(value) > MAX_NAME:
        raise EditError(f"an option value may be at most {MAX_NAME} characters")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        top = MAX_TURNS if name == "turn_limit" else MAX_OPTION_NUMBER
        if not -top <= value <= top or (name == "turn_limit" and value < 0):
            raise EditError(f"{name.replace('_', ' ')} must lie between "
                            f"{0 if name == 'turn_limit' else -top:g} and {top:g}")
    options = {k: dict(v) for k, v in s.ruleset_options.items()}
    mine = options.setdefault(ruleset, {})
    if value is None:
        mine.pop(name, None)
    else:
        mine[name] = value
    if not mine:
        options.pop(ruleset)
    if options == s.ruleset_options:
        return s
    return replace(s, ruleset_options=options)
