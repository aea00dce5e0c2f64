"""D3 Horse and Musket (seed 002): activation tests, D3 hits, nine hits and a unit is gone."""

from desktop.rules.d3 import sheets
from desktop.rules.d3.game import D3Game, D3Ruleset
from desktop.rules.d3.view import D3View

# The package puts its Ruleset together: the engine names its play view and
# what the printouts, the editor and the balance report show of it, which live
# beside it (pyproject.toml's entry point "d3" names RULESET).
D3Ruleset.view_class = D3View
D3Ruleset.label = "D3"
D3Ruleset.gist = "activation, D3 hits"
D3Ruleset.roster_profile = sheets.ROSTER_PROFILE
D3Ruleset.reference = sheets.REFERENCE
D3Ruleset.officer_rules = sheets.OFFICER_RULES
#: Its events in which units take losses (the balance report's "fought").
D3Ruleset.loss_events = frozenset({"hits", "eliminated"})
RULESET = D3Ruleset()

__all__ = ["RULESET", "D3Game", "D3Ruleset", "D3View"]
