"""The values a ruleset's play view hands the window: pieces, reach, odds, cards.

They are plain frozen data, Qt-free, so the window, the computer players and the
tests read the same answers (docs/engine.md, "The play view").
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.table.shapes import rect, sector

Point = tuple[float, float]

#: Size (inches) of a piece that has no base of its own (a general, a commander).
OFFICER_BASE = 1.5
#: Statuses of pieces still on the table (every ruleset uses these words).
PRESENT = frozenset({"active", "disordered"})


@dataclass(frozen=True)
class PieceInfo:
    """One piece as the window shows it."""

    id: str
    side: str
    kind: str  # "unit" or "officer"
    type: str  # a UnitType value, or the officer's rank
    x: float
    y: float
    facing: float
    frontage: float
    depth: float
    status: str
    name: str = ""
    formation: str = ""

    @property
    def present(self) -> bool:
        return self.status in PRESENT

    @property
    def is_officer(self) -> bool:
        return self.kind == "officer"

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    def footprint(self, x: float | None = None, y: float | None = None,
                  facing: float | None = None) -> Polygon:
        return rect(self.x if x is None else x, self.y if y is None else y,
                    self.frontage, self.depth, self.facing if facing is None else facing)

#: A piece no longer in the fight, in words (a sheet's note), by its status.
GONE_WORDS = {"eliminated": "Eliminated", "routed": "Routed", "exited": "Left the table",
              "removed": "Removed", "spent": "Spent", "driven_in": "Driven in",
              "killed": "Killed", "carried_off": "Carried off", "captured": "Captured",
              "wounded": "Wounded"}


@dataclass(frozen=True)
class Standing:
    """What the end of the game would say if the pieces stood as they do now."""

    #: The side the victory conditions would name (None: a draw).
    winner: str | None
    #: Full turns still to play, after this one, before that verdict is given.
    turns_left: int
    #: The ground (objectives, areas to fill) is judged at every turn's end, not
    #: only at the turn limit: a side holding it wins at the end of this turn.
    every_turn: bool = False


@dataclass(frozen=True)
class Losses:
    """What a unit or officer has lost so far, for sheets printed in mid-game.

    ``lost`` counts the boxes of its roster track to cross off (hits carried,
    casualties, Combat Value lost, men killed, figures fallen: whatever the
    ruleset's roster tracks); ``states`` names the state boxes to tick, in
    plain words ("Disordered", "Shaken", "Ball" once per cannonball used);
    ``note`` says anything else ("Eliminated", "Wounded"); ``struck`` counts
    the boxes after the crossed ones to mark with a single stroke (Blown Away's
    men running: out of the ranks, not yet lost), as the window draws them.
    """

    lost: int = 0
    states: tuple[str, ...] = ()
    note: str = ""
    struck: int = 0


@dataclass(frozen=True)
class Allowance:
    """How far a piece may move now, in table inches (centre travel, facing kept).

    Up to `free` the move costs nothing more; from `free` to `full` it costs
    something (`costly_label`: for example the unit may no longer fire).
    """

    full: float
    free: float | None = None
    free_label: str = "full move"
    costly_label: str = ""
    #: How the ruleset measures a move, for the cursor label.
    measured: str = "centre to centre"


@dataclass(frozen=True)
class Weapon:
    """A range band and its arc, for the range-and-arc overlay."""

    name: str
    apex: Point
    facing: float
    half_angle: float
    range: float

    def area(self) -> BaseGeometry:
        return sector(self.apex, self.facing, self.half_angle, self.range)


@dataclass(frozen=True)
class Card:
    """What the unit card shows."""

    title: str
    subtitle: str
    rows: list[tuple[str, str]]
    may: list[str]
    chances: list[tuple[str, Fraction]] = field(default_factory=list)


@dataclass(frozen=True)
class CardAction:
    """A button on a unit card: what it says, what it does, and a line of help."""

    label: str
    action: object
    tip: str = ""


class Markup(str):
    """A string of rich text made by Volley's own code (never from a file).

    The window escapes every other string on a unit card (names come from the
    scenario and may look like markup); a `Markup` value is drawn as it is.
    """

    __slots__ = ()

@dataclass(frozen=True)
class Aim:
    """A flick being aimed: who, which way, how hard, and what the engine says."""

    kind: str
    shooter: str
    heading: float
    strength: float
    reason: str | None
    #: How far the pellet would slide on open table (wobble aside).
    reach: float


@dataclass(frozen=True)
class Flight:
    """A flick's flight as the window animates it (from the shot event's data)."""

    shooter: str
    pellet: str
    radius: float
    path: list[tuple[float, float, float]]  # (t, x, y)
    impacts: list[dict[str, object]]
    fell: list[str]
    off_table: list[str]
    moved_paths: dict[str, list[tuple[float, float, float]]]

    @property
    def duration(self) -> float:
        ends = [self.path[-1][0]] if self.path else [0.0]
        ends += [p[-1][0] for p in self.moved_paths.values() if p]
        return max(ends)

    def pellet_at(self, t: float) -> tuple[float, float]:
        return _along(self.path, t)

    def figure_at(self, fid: str, t: float) -> tuple[float, float] | None:
        p = self.moved_paths.get(fid)
        return _along(p, t) if p else None

    def fall_time(self, fid: str) -> float | None:
        for i in self.impacts:
            if i.get("target") == fid and i.get("fell"):
                return float(i["t"])  # type: ignore[arg-type]
        return None


def _along(path: list[tuple[float, float, float]], t: float) -> tuple[float, float]:
    if not path:
        return (0.0, 0.0)
    if t <= path[0][0]:
        return (path[0][1], path[0][2])
    for (t0, x0, y0), (t1, x1, y1) in itertools.pairwise(path):
        if t0 <= t <= t1:
            k = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
            return (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)
    return (path[-1][1], path[-1][2])


