"""Short plain-words lines about a scenario for sheet headers.

The wording of each victory condition comes from `desktop.scenario.describe`,
which the terminal's `volley info` uses too.
"""

from __future__ import annotations

from desktop.scenario.describe import game_text, victory_text
from desktop.scenario.model import Scenario
from printouts.ruleset_sheets import ruleset_name


def victory_line(s: Scenario) -> str:
    if not s.game.victory:
        return "Victory: agree it before the game"
    parts = [victory_text(v, s) for v in s.game.victory]
    text = "; ".join(parts)
    return "Victory: " + text[0].upper() + text[1:]


def header_line(s: Scenario, ruleset: str | None) -> str:
    """Ruleset, game type and victory conditions in one line."""
    return f"{ruleset_name(ruleset)}  ·  {game_text(s)}  ·  {victory_line(s)}"
