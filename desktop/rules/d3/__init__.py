"""D3 Horse and Musket (seed 002): registered as ruleset id "d3"."""

from desktop.rules import registry
from desktop.rules.d3.game import D3Game, D3Ruleset

RULESET = registry.register(D3Ruleset())

__all__ = ["RULESET", "D3Game", "D3Ruleset"]
