"""D3 Horse and Musket (seed 002): registered as ruleset id "d3"."""

from desktop.rules import registry
from desktop.rules.d3.game import D3Game, D3Ruleset
from desktop.rules.d3.view import D3View

#: The ruleset names its play view, which lives beside its engine.
D3Ruleset.view_class = D3View
RULESET = registry.register(D3Ruleset())

__all__ = ["RULESET", "D3Game", "D3Ruleset", "D3View"]
