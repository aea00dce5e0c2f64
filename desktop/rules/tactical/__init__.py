"""Tactical Dice (seed 001, "Simple Horse and Musket Engagements") on a square grid.

Importing this package registers the ruleset under the id ``tactical``.
"""

from desktop.rules.registry import register
from desktop.rules.tactical.game import TacticalGame, TacticalRuleset
from desktop.rules.tactical.view import TacticalView

#: The ruleset names its play view, which lives beside its engine.
TacticalRuleset.view_class = TacticalView
RULESET = register(TacticalRuleset())

__all__ = ["RULESET", "TacticalGame", "TacticalRuleset", "TacticalView"]
