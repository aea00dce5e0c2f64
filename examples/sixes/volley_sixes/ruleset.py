"""The Sixes ruleset: its id, name, options and the game it makes."""

from __future__ import annotations

from pathlib import Path

from desktop.rules.engine import Action, OptionSpec, Ruleset, SizeLimits
from desktop.rules.options import Choice, side_choices, turn_limit_option
from volley_sixes import constants as C
from volley_sixes.actions import parse
from volley_sixes.game import SixesGame


class SixesRuleset(Ruleset):
    id = C.RULESET_ID
    name = "Sixes"
    label = "Sixes"
    gist = "an example: six hits, d6s"
    description = ("An example ruleset written as its own package: every unit takes six "
                   "hits, shoots and charges with a handful of d6.")
    options = (
        OptionSpec("first_side", "", "The side that moves first each turn.",
                   label="First side",
                   choices=side_choices(Choice("", "The side listed first"))),
        OptionSpec("cover", True, "Shots at a unit in a wood, town or building need one more "
                   "to hit.", label="Cover"),
        turn_limit_option(C.DEFAULT_TURN_LIMIT),
    )
    limits = SizeLimits(units=200)
    game_class = SixesGame
    #: A unit takes losses only by being removed (its hits ride on fire and charges,
    #: which name their target).
    loss_events = frozenset({"eliminated"})

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def scenarios(self) -> list[Path]:
        """The scenario that comes with the package."""
        return sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
