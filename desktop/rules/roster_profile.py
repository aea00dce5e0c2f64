"""What a roster row shows under a ruleset: the shapes of a roster profile.

A *profile* turns a scenario unit into the few things a player needs at the
table under one ruleset: what its quality means (dice thrown, save or hit
numbers), what it starts with (CV, figures, men, hits it can take), a track of
tick boxes sized to that, with the break points marked, and the state boxes
the ruleset uses.  A ruleset gives its own as ``Ruleset.roster_profile``, made
from its engine's constants; the roster sheet (printouts.roster) lays out
whatever it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import Quality


@dataclass(frozen=True)
class Track:
    """A row of tick boxes: one per CV point, figure, man or hit."""

    boxes: int
    #: Box number (1-based) -> a short mark printed above it ("½", "M", "9").
    marks: dict[int, str] = field(default_factory=dict)
    #: Box numbers drawn heavy: the break points.
    heavy: frozenset[int] = frozenset()
    #: Box number -> a small note printed under it (D3: the activation roll).
    under: dict[int, str] = field(default_factory=dict)
    #: Boxes shaded grey from the start (a unit below full strength).
    shaded: int = 0
    #: Boxes already marked when the battle starts (a unit that starts worn),
    #: from the first, with `mark` ("X" a loss, "/" a man running).
    marked: int = 0
    mark: str = "X"


@dataclass(frozen=True)
class UnitSheet:
    quality: str  # short word: "Veteran"
    meaning: str  # what it means: "4 dice", "saves 4+"
    start: str  # "CV 10", "16 fig."
    start_value: int
    track: Track
    states: tuple[str, ...] = ()
    #: State boxes ticked from the start ("Shaken").
    ticked: frozenset[str] = frozenset()
    #: How the unit starts, in words ("4 hits marked"); empty when fresh.
    worn: str = ""


@dataclass(frozen=True)
class RosterProfile:
    start_heading: str
    track_heading: str
    states_heading: str
    #: Lines for the key printed under the roster (in our own words).
    key: tuple[str, ...]
    unit: Callable[[Unit], UnitSheet]
    #: What the totals line adds up ("CV", "figures", "men", "hits to remove").
    total_label: str = "CV"


def short_quality(q: Quality) -> str:
    """A troop quality in one word, as a roster row prints it."""
    return {
        Quality.ELITE: "Elite",
        Quality.VETERAN: "Veteran",
        Quality.REGULAR: "Regular",
        Quality.CONSCRIPT: "Conscript",
    }[q]
