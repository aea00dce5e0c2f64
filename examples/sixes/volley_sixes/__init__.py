"""Sixes: an example ruleset for Volley, written as its own package.

Volley finds it through the entry point this package declares in its
pyproject.toml (``[project.entry-points."volley.rulesets"] sixes =
"volley_sixes:RULESET"``): once it is installed, the scenario editor, the
play window, the printouts, ``volley rulesets`` and ``volley balance`` offer it,
and the conformance harness plays it (docs/writing-a-ruleset.md).
"""

from volley_sixes import sheets
from volley_sixes.game import SixesGame
from volley_sixes.ruleset import SixesRuleset
from volley_sixes.view import SixesView

# Everything Volley shows of the ruleset hangs on it: its play view and its sheets.
SixesRuleset.view_class = SixesView
SixesRuleset.roster_profile = sheets.ROSTER_PROFILE
SixesRuleset.reference = sheets.REFERENCE
SixesRuleset.officer_rules = sheets.OFFICER_RULES
RULESET = SixesRuleset()

__all__ = ["RULESET", "SixesGame", "SixesRuleset", "SixesView"]
