"""Tactical Dice (seed 001, "Simple Horse and Musket Engagements") on a square grid.

Everything Volley knows of it hangs on RULESET, which the entry point names.
"""

from desktop.rules.tactical import sheets
from desktop.rules.tactical.game import TacticalGame, TacticalRuleset
from desktop.rules.tactical.view import TacticalView

# The package puts its Ruleset together: the engine names its play view and
# what the printouts, the editor and the balance report show of it, which live
# beside it (pyproject.toml's entry point "tactical" names RULESET).
TacticalRuleset.view_class = TacticalView
TacticalRuleset.label = "Tactical Dice"
TacticalRuleset.gist = "square grid, CV"
TacticalRuleset.roster_profile = sheets.ROSTER_PROFILE
TacticalRuleset.reference = sheets.REFERENCE
TacticalRuleset.officer_rules = sheets.OFFICER_RULES
#: Its events in which units take losses (the balance report's "fought").
TacticalRuleset.loss_events = frozenset({"hits", "flags", "spent", "rout"})
RULESET = TacticalRuleset()

__all__ = ["RULESET", "TacticalGame", "TacticalRuleset", "TacticalView"]
