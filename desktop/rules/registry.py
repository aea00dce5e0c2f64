"""Rulesets by id, loaded from the ``volley.rulesets`` entry points.

Every ruleset, Volley's five included, is a package that declares its
:class:`~desktop.rules.engine.Ruleset` in the entry-point group
``volley.rulesets`` (see :mod:`desktop.scenario.rulesets`, which lists them
without importing them, and docs/writing-a-ruleset.md).  The registry imports
them the first time it is asked a question, so that a start which needs no
ruleset pays for none.  A ruleset that fails to load (an import error, an
object that is not a Ruleset, an id that is not the one it is declared under)
is left out with a message naming it and its distribution (:func:`problems`,
also given as a :class:`RulesetPluginWarning`); the others stay.

The registration calls follow python-chess (VARIANTS) and OpenSpiel
(register_game): :func:`register` adds one by hand (tests, a script).
"""

from __future__ import annotations

import importlib
import warnings

from desktop.rules.engine import RulesError, Ruleset
from desktop.scenario import rulesets as declared
from desktop.scenario.rulesets import RulesetEntry

_REGISTRY: dict[str, Ruleset] = {}
_PROBLEMS: list[str] = []
_loaded = False


class UnknownRuleset(RulesError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown ruleset"


class RulesetPluginWarning(UserWarning):
    """A declared ruleset could not be loaded; Volley goes on without it."""


def register(ruleset: Ruleset, *, replace: bool = False) -> Ruleset:
    """Add `ruleset` under its id; a second registration of an id is an error."""
    if ruleset.id in _REGISTRY and not replace and _REGISTRY[ruleset.id] is not ruleset:
        raise RulesError(f"a ruleset with id '{ruleset.id}' is already registered")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def _resolve(entry: RulesetEntry) -> object:
    """The object an entry point names (``module:attr.attr``), as EntryPoint.load does."""
    module, _, attrs = entry.target.partition(":")
    obj: object = importlib.import_module(module.strip())
    for attr in filter(None, attrs.strip().split(".")):
        obj = getattr(obj, attr)
    return obj


def _load_one(entry: RulesetEntry) -> Ruleset | str:
    """The entry's Ruleset, or why it cannot be had, in a sentence naming it."""
    who = f"ruleset '{entry.id}' ({entry.target}, from {entry.source or 'an unknown package'})"
    try:
        obj = _resolve(entry)
    except Exception as exc:  # a third party's bug must not stop Volley
        return f"{who} could not be loaded: {type(exc).__name__}: {exc}"
    if isinstance(obj, type) and issubclass(obj, Ruleset):
        try:
            obj = obj()
        except Exception as exc:
            return f"{who} could not be made: {type(exc).__name__}: {exc}"
    if not isinstance(obj, Ruleset):
        return f"{who} is not a Ruleset but {type(obj).__name__}"
    if obj.id != entry.id:
        return f"{who} calls itself '{obj.id}': the entry point's name must be its id"
    return obj


def load() -> None:
    """Import every declared ruleset once (later calls do nothing)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for kept, ignored in declared.duplicates():
        _problem(f"ruleset '{ignored.id}' is declared by both {kept.source} and "
                 f"{ignored.source}; {ignored.source}'s ({ignored.target}) is left out")
    for entry in declared.entries():
        if entry.id in _REGISTRY:
            continue
        got = _load_one(entry)
        if isinstance(got, str):
            _problem(got)
        else:
            register(got)


def _problem(message: str) -> None:
    _PROBLEMS.append(message)
    warnings.warn(message, RulesetPluginWarning, stacklevel=3)


def problems() -> list[str]:
    """Why declared rulesets were left out, one sentence each (empty: none were)."""
    load()
    return list(_PROBLEMS)


def get(ruleset_id: str) -> Ruleset:
    load()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownRuleset(f"unknown ruleset '{ruleset_id}' (known: {known})") from None


def ids() -> list[str]:
    load()
    return sorted(_REGISTRY)


def all_rulesets() -> list[Ruleset]:
    """Every loaded ruleset, by id: the order every list shows them in."""
    return [_REGISTRY[i] for i in ids()]
