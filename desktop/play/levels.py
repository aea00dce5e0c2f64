"""The computer's levels and styles: who a person can play against.

Three levels, from the easiest:

- Recruit: the steady player thinking less -- fewer candidates, one roll
  each -- and now and then taking its second or third thought;
- Steady: the steady player (desktop.play.opponent), one action ahead;
- Veteran: the search player (desktop.play.veteran), several actions ahead,
  its own and the enemy's, within a time budget.

The random legal player is a testing tool, not a level.

A style changes how every level weighs a position, that is how much risk it
takes: a bold computer values ground (the objectives, closing in) above its
own losses; a cautious one the other way round.  Balanced is the steady
player's own weighing.

A seat is a :class:`Computer` (level, style, budget); it is plain data with
a JSON form, so a saved game can say who plays each side.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from enum import Enum

from desktop.play.opponent import STEADY, Style, new_decision, steady_action, weigh
from desktop.play.scoring import Weights
from desktop.play.veteran import VETERAN, StopFlag, think
from desktop.rules.engine import JSON, Action, Game


class Level(Enum):
    RECRUIT = "recruit"
    STEADY = "steady"
    VETERAN = "veteran"


class Temper(Enum):
    """The style: how much risk the computer takes."""

    BOLD = "bold"
    BALANCED = "balanced"
    CAUTIOUS = "cautious"


@dataclass(frozen=True)
class Described:
    """A plain name and one line a person reads in the start dialog."""

    name: str
    description: str


LEVELS: dict[Level, Described] = {
    Level.RECRUIT: Described(
        "Recruit", "Looks one action ahead, not very hard, and sometimes gets it wrong."),
    Level.STEADY: Described(
        "Steady", "Tries each action it can take on fresh dice and takes the best."),
    Level.VETERAN: Described(
        "Veteran", "Thinks several actions ahead, yours as well as its own, before it acts."),
}

TEMPERS: dict[Temper, Described] = {
    Temper.BOLD: Described(
        "Bold", "Goes for the objectives and accepts losses to get there."),
    Temper.BALANCED: Described(
        "Balanced", "Weighs ground and losses evenly."),
    Temper.CAUTIOUS: Described(
        "Cautious", "Keeps its units whole and gives ground rather than lose them."),
}

_WEIGHTS: dict[Temper, Weights] = {
    Temper.BOLD: Weights(strength=70.0, objective=25.0, pull=0.8),
    Temper.BALANCED: Weights(),
    Temper.CAUTIOUS: Weights(strength=150.0, objective=10.0, pull=0.25),
}

#: The Recruit's thinking: a third of the steady player's candidates, one roll each.
RECRUIT = Style(candidates=8, moves=3, tries=1)
#: The longest a Veteran seat may think a decision (seconds).
MAX_SECONDS = 60.0

#: How often the Recruit takes one of its next two thoughts instead of its best.
RECRUIT_SLIP = 0.3


def weights_for(temper: Temper) -> Weights:
    """How a computer of this style weighs a position (see scoring.score)."""
    return _WEIGHTS[temper]


def recruit_action(game: Game, rng: random.Random, style: Style = RECRUIT) -> Action:
    """The Recruit's choice: the steady player's, thinking less and slipping now and then."""
    weighed = weigh(game, rng, style)
    if not weighed:
        raise RuntimeError(f"no candidate actions in phase {game.phase} for {game.side}")
    if len(weighed) > 1 and rng.random() < RECRUIT_SLIP:
        return rng.choice(weighed[1:3])[1]
    return weighed[0][1]


@dataclass(frozen=True)
class Computer:
    """A computer seat: its level, its style and (for the Veteran) its CPU seconds
    a decision."""

    level: Level = Level.STEADY
    temper: Temper = Temper.BALANCED
    seconds: float = VETERAN.seconds

    @property
    def label(self) -> str:
        """What a person reads: "Veteran, bold"."""
        return f"{LEVELS[self.level].name}, {TEMPERS[self.temper].name.lower()}"

    def choose(self, game: Game, rng: random.Random, stop: StopFlag | None = None,
               passes: int | None = None) -> Action:
        """This seat's action for the side to act in `game` (which it does not change).

        `stop` lets a caller cancel the Veteran's thinking (it then answers with
        its best so far); `passes` caps the Veteran's search for repeatable play.
        The other levels answer at once and ignore both.
        """
        weights = weights_for(self.temper)
        new_decision()
        if self.level is Level.RECRUIT:
            return recruit_action(game, rng, replace(RECRUIT, weights=weights))
        if self.level is Level.STEADY:
            return steady_action(game, rng, replace(STEADY, weights=weights))
        settings = replace(VETERAN, seconds=self.seconds, passes=passes, weights=weights)
        return think(game, rng, settings, stop).action

    def to_json(self) -> dict[str, JSON]:
        return {"level": self.level.value, "style": self.temper.value, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Computer:
        """The seat a saved game names; a word it does not know or a budget out
        of range raises ValueError naming the field and what it may be."""
        level = data.get("level", Level.STEADY.value)
        temper = data.get("style", Temper.BALANCED.value)
        seconds = data.get("seconds", VETERAN.seconds)
        levels = [lv.value for lv in Level]
        if level not in levels:
            raise ValueError(f"level {str(level)[:40]!r} is not one of {', '.join(levels)}")
        styles = [t.value for t in Temper]
        if temper not in styles:
            raise ValueError(f"style {str(temper)[:40]!r} is not one of {', '.join(styles)}")
        if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                or not math.isfinite(seconds) or not 0 < seconds <= MAX_SECONDS):
            raise ValueError(f"seconds {str(seconds)[:40]!r} is not a number of seconds "
                             f"above 0 and at most {MAX_SECONDS:g}")
        return cls(Level(level), Temper(temper), float(seconds))
