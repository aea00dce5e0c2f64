"""Muskets & Mayhem (seed 004): the pure mechanics, exact odds and the game.

Everything Volley knows of it hangs on RULESET, which the entry point names.
"""

from desktop.rules.mayhem import sheets
from desktop.rules.mayhem.game import MayhemGame, MayhemRuleset
from desktop.rules.mayhem.view import MayhemView

# The package puts its Ruleset together: the engine names its play view and
# what the printouts, the editor and the balance report show of it, which live
# beside it (pyproject.toml's entry point "mayhem" names RULESET).
MayhemRuleset.view_class = MayhemView
MayhemRuleset.label = "Muskets & Mayhem"
MayhemRuleset.gist = "buckets of d6"
MayhemRuleset.roster_profile = sheets.ROSTER_PROFILE
MayhemRuleset.reference = sheets.REFERENCE
MayhemRuleset.officer_rules = sheets.OFFICER_RULES
#: Its events in which units take losses (the balance report's "fought").
MayhemRuleset.loss_events = frozenset({"casualties", "eliminated"})
RULESET = MayhemRuleset()

__all__ = ["RULESET", "MayhemGame", "MayhemRuleset", "MayhemView"]
