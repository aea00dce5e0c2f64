"""Muskets & Mayhem (seed 004): the pure mechanics, exact odds and the game.

Importing this package registers the ruleset under the id ``mayhem``.
"""

from desktop.rules.mayhem.game import MayhemGame, MayhemRuleset
from desktop.rules.mayhem.view import MayhemView
from desktop.rules.registry import register

#: The ruleset names its play view, which lives beside its engine.
MayhemRuleset.view_class = MayhemView
RULESET = register(MayhemRuleset())

__all__ = ["RULESET", "MayhemGame", "MayhemRuleset", "MayhemView"]
