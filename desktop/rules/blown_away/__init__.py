"""Blown Away (seed 003): men in ranks and running, one thing per turn, cards.

Everything Volley knows of it hangs on RULESET, which the entry point names.
"""

from desktop.rules.blown_away import sheets
from desktop.rules.blown_away.game import BlownAwayGame, BlownAwayRuleset
from desktop.rules.blown_away.view import BlownAwayView

# The package puts its Ruleset together: the engine names its play view and
# what the printouts, the editor and the balance report show of it, which live
# beside it (pyproject.toml's entry point "blown_away" names RULESET).
BlownAwayRuleset.view_class = BlownAwayView
BlownAwayRuleset.label = "Blown Away"
BlownAwayRuleset.gist = "cards"
BlownAwayRuleset.roster_profile = sheets.ROSTER_PROFILE
BlownAwayRuleset.reference = sheets.REFERENCE
BlownAwayRuleset.officer_rules = sheets.OFFICER_RULES
#: Its events in which units take losses (the balance report's "fought").
BlownAwayRuleset.loss_events = frozenset({"losses", "broken", "eliminated"})
RULESET = BlownAwayRuleset()

__all__ = ["RULESET", "BlownAwayGame", "BlownAwayRuleset", "BlownAwayView"]
