"""The rules engine: rulesets by id, games, actions, chance, records.

The rulesets themselves are loaded by the registry when it is first asked
(``registry.get``, ``registry.ids``...), from the ``volley.rulesets`` entry
points: importing this package imports none of them.
"""

from __future__ import annotations

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
