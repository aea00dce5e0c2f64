"""Blown Away (seed 003): men in ranks and running, one thing per turn, cards.

Importing this package registers the ruleset under the id ``blown_away``.
"""

from desktop.rules.blown_away.game import BlownAwayGame, BlownAwayRuleset
from desktop.rules.registry import register

RULESET = register(BlownAwayRuleset())

__all__ = ["RULESET", "BlownAwayGame", "BlownAwayRuleset"]
