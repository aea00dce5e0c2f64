"""Rulesets by id (the python-chess VARIANTS / OpenSpiel register_game pattern).

Rulesets register themselves when their module is imported; importing
``desktop.rules`` imports every built-in ruleset.
"""

from __future__ import annotations

from desktop.rules.engine import RulesError, Ruleset

_REGISTRY: dict[str, Ruleset] = {}


class UnknownRuleset(RulesError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown ruleset"


def register(ruleset: Ruleset, *, replace: bool = False) -> Ruleset:
    """Add `ruleset` under its id; a second registration of an id is an error."""
    if ruleset.id in _REGISTRY and not replace and _REGISTRY[ruleset.id] is not ruleset:
        raise RulesError(f"a ruleset with id '{ruleset.id}' is already registered")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset:
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownRuleset(f"unknown ruleset '{ruleset_id}' (known: {known})") from None


def ids() -> list[str]:
    return sorted(_REGISTRY)


def all_rulesets() -> list[Ruleset]:
    return [_REGISTRY[i] for i in ids()]
