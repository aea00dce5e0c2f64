"""Kiddies (seed 000): individual figures, spans, hand to hand and flicked shots.

Importing this package registers the ruleset under the id ``kiddies``.
"""

from desktop.rules.kiddies.game import KiddiesGame, KiddiesRuleset
from desktop.rules.kiddies.view import KiddiesView
from desktop.rules.registry import register

#: The ruleset names its play view, which lives beside its engine.
KiddiesRuleset.view_class = KiddiesView
RULESET = register(KiddiesRuleset())

__all__ = ["RULESET", "KiddiesGame", "KiddiesRuleset", "KiddiesView"]
