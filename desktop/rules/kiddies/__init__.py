"""Kiddies (seed 000): individual figures, spans, hand to hand and flicked shots.

Everything Volley knows of it hangs on RULESET, which the entry point names.
"""

from desktop.rules.kiddies import sheets
from desktop.rules.kiddies.game import KiddiesGame, KiddiesRuleset
from desktop.rules.kiddies.view import KiddiesView

# The package puts its Ruleset together: the engine names its play view and
# what the printouts, the editor and the balance report show of it, which live
# beside it (pyproject.toml's entry point "kiddies" names RULESET).
KiddiesRuleset.view_class = KiddiesView
KiddiesRuleset.label = "Kiddies"
KiddiesRuleset.gist = "figures, spans, flicked shots"
KiddiesRuleset.roster_profile = sheets.ROSTER_PROFILE
KiddiesRuleset.reference = sheets.REFERENCE
KiddiesRuleset.officer_rules = sheets.OFFICER_RULES
#: Its events in which units take losses (the balance report's "fought").
KiddiesRuleset.loss_events = frozenset({"killed", "destroyed"})
RULESET = KiddiesRuleset()

__all__ = ["RULESET", "KiddiesGame", "KiddiesRuleset", "KiddiesView"]
