"""The rules engine: rulesets by id, games, actions, chance, records.

Importing this package registers every built-in ruleset (see BUILTIN).
"""

from __future__ import annotations

import importlib

from desktop.rules import registry
from desktop.rules.chance import Chance, Draw
from desktop.rules.engine import (
    Action,
    Event,
    Game,
    GameOver,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    Phase,
    RulesError,
    Ruleset,
)

#: Modules of the built-in rulesets; each registers itself when imported.
#: A listed module that does not exist yet is skipped.
BUILTIN = ("desktop.rules.d3", "desktop.rules.mayhem", "desktop.rules.tactical",
           "desktop.rules.blown_away", "desktop.rules.kiddies")

for _name in BUILTIN:
    try:
        importlib.import_module(_name)
    except ModuleNotFoundError as _e:
        if _e.name != _name:
            raise

__all__ = [
    "Action",
    "Chance",
    "Draw",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "NotationError",
    "OptionSpec",
    "Outcome",
    "Phase",
    "RulesError",
    "Ruleset",
    "registry",
]
