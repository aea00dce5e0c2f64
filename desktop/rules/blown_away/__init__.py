"""Blown Away (seed 003): men in ranks and running, one thing per turn, cards.

Importing this package registers the ruleset under the id ``blown_away``.
"""

from desktop.rules.blown_away.game import BlownAwayGame, BlownAwayRuleset
from desktop.rules.blown_away.view import BlownAwayView
from desktop.rules.registry import register

#: The ruleset names its play view, which lives beside its engine.
BlownAwayRuleset.view_class = BlownAwayView
RULESET = register(BlownAwayRuleset())

__all__ = ["RULESET", "BlownAwayGame", "BlownAwayRuleset", "BlownAwayView"]
