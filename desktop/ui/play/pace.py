"""How fast the computer's actions play out, so a person can follow them.

Instant plays them as soon as they are chosen; Brisk and Slow wait between
actions; Step waits for a key (N) or a button before each one.  The choice
is remembered in the application's settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QSettings


class Pace(Enum):
    INSTANT = "instant"
    BRISK = "brisk"
    SLOW = "slow"
    STEP = "step"


@dataclass(frozen=True)
class PaceInfo:
    name: str
    #: Milliseconds before each computer action (None: wait for a key).
    wait: int | None
    description: str


PACES: dict[Pace, PaceInfo] = {
    Pace.INSTANT: PaceInfo("Instant", 0, "The computer acts as soon as it has chosen."),
    Pace.BRISK: PaceInfo("Brisk", 600, "A short pause before each of its actions."),
    Pace.SLOW: PaceInfo("Slow", 1800, "A long pause before each of its actions."),
    Pace.STEP: PaceInfo("Step", None, "Each of its actions waits for N or the Next button."),
}

DEFAULT = Pace.BRISK
KEY = "play/computer_pace"


def load_pace(settings: QSettings) -> Pace:
    """The remembered pace (Brisk if none, or if the setting is not a pace)."""
    value = settings.value(KEY, DEFAULT.value)
    try:
        return Pace(str(value))
    except ValueError:
        return DEFAULT


def save_pace(settings: QSettings, pace: Pace) -> None:
    settings.setValue(KEY, pace.value)
