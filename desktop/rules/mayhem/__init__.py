"""Muskets & Mayhem (seed 004): the pure mechanics, exact odds and the game.

Importing this package registers the ruleset under the id ``mayhem``.
"""

from desktop.rules.mayhem.game import MayhemGame, MayhemRuleset
from desktop.rules.registry import register

RULESET = register(MayhemRuleset())

__all__ = ["RULESET", "MayhemGame", "MayhemRuleset"]
