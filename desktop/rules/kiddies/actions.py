"""Kiddies actions and their text notation (which round-trips).

    first | second              the initiative winner moves first or second
    move F x,y FACING           figure F moves to x,y (inches) facing FACING
    group F,G,... dx,dy TURN    the figures move together by dx,dy, then the
                                formation turns TURN degrees clockwise about its centre
    charge C,D,E FACING         three cavalry in line charge straight ahead and
                                pivot to FACING at the end
    exit F                      figure F leaves by the enemy's baseline
    cannon G HEADING STRENGTH   cannon G flicks the large pellet
    volley F HEADING STRENGTH   the volley group with F at one end flicks the medium pellet
    skirmish F HEADING STRENGTH skirmisher F flicks the small pellet
    fell S F,G,...|none         tabletop mode: shooter S shot, and these figures fell
                                (a cannon listed was knocked off the table)
    end                         the side has finished this movement or shooting
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules.engine import Action, NotationError
from desktop.rules.notation import canonical_facing, fmt_num, fmt_point, parse_num, parse_point
from desktop.scenario.model import Point

#: Shooting kinds, in the order they are resolved.
SHOT_KINDS = ("cannon", "volley", "skirmish")


def fmt_ids(ids: tuple[str, ...]) -> str:
    return ",".join(ids) if ids else "none"


def parse_ids(text: str) -> tuple[str, ...]:
    if text == "none":
        return ()
    ids = tuple(text.split(","))
    if any(not i for i in ids):
        raise NotationError(f"'{text}' is not a list of figures (write a,b,c or none)")
    return ids


@dataclass(frozen=True)
class Choose(Action):
    first: bool

    def text(self) -> str:
        return "first" if self.first else "second"


@dataclass(frozen=True)
class Move(Action):
    figure: str
    to: Point
    facing: float

    def text(self) -> str:
        return f"move {self.figure} {fmt_point(self.to)} {fmt_num(self.facing)}"


@dataclass(frozen=True)
class GroupMove(Action):
    figures: tuple[str, ...]
    by: Point
    turn: float

    def text(self) -> str:
        return f"group {fmt_ids(self.figures)} {fmt_point(self.by)} {fmt_num(self.turn)}"


@dataclass(frozen=True)
class Charge(Action):
    figures: tuple[str, ...]
    facing: float

    def text(self) -> str:
        return f"charge {fmt_ids(self.figures)} {fmt_num(self.facing)}"


@dataclass(frozen=True)
class Exit(Action):
    figure: str

    def text(self) -> str:
        return f"exit {self.figure}"


@dataclass(frozen=True)
class Shoot(Action):
    kind: str  # "cannon", "volley" or "skirmish"
    shooter: str
    heading: float
    strength: float

    def text(self) -> str:
        return f"{self.kind} {self.shooter} {fmt_num(self.heading)} {fmt_num(self.strength)}"


@dataclass(frozen=True)
class Fell(Action):
    shooter: str
    figures: tuple[str, ...]

    def text(self) -> str:
        return f"fell {self.shooter} {fmt_ids(self.figures)}"


@dataclass(frozen=True)
class End(Action):
    def text(self) -> str:
        return "end"


KiddiesAction = Choose | Move | GroupMove | Charge | Exit | Shoot | Fell | End

USAGE = {
    "first": "first",
    "second": "second",
    "move": "move FIGURE x,y FACING",
    "group": "group FIGURE,FIGURE,... dx,dy TURN",
    "charge": "charge CAV,CAV,CAV FACING",
    "exit": "exit FIGURE",
    "cannon": "cannon CANNON HEADING STRENGTH",
    "volley": "volley END_FIGURE HEADING STRENGTH",
    "skirmish": "skirmish FIGURE HEADING STRENGTH",
    "fell": "fell SHOOTER FIGURE,FIGURE,...|none",
    "end": "end",
}
_ARITY = {"first": 0, "second": 0, "end": 0, "move": 3, "group": 3, "charge": 2, "exit": 1,
          "cannon": 3, "volley": 3, "skirmish": 3, "fell": 2}


def parse(text: str) -> KiddiesAction:
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    kind, args = words[0].lower(), words[1:]
    if kind not in _ARITY:
        known = ", ".join(sorted(_ARITY))
        raise NotationError(f"'{words[0]}' is not a Kiddies action (known: {known})")
    if len(args) != _ARITY[kind]:
        raise NotationError(f"'{text}' should read: {USAGE[kind]}")
    if kind in ("first", "second"):
        return Choose(kind == "first")
    if kind == "end":
        return End()
    if kind == "move":
        return Move(args[0], parse_point(args[1]), canonical_facing(parse_num(args[2], "facing")))
    if kind == "group":
        return GroupMove(parse_ids(args[0]), parse_point(args[1]),
                         canonical_facing(parse_num(args[2], "turn")))
    if kind == "charge":
        return Charge(parse_ids(args[0]), canonical_facing(parse_num(args[1], "facing")))
    if kind == "exit":
        return Exit(args[0])
    if kind == "fell":
        return Fell(args[0], parse_ids(args[1]))
    return Shoot(kind, args[0], canonical_facing(parse_num(args[1], "heading")),
                 parse_num(args[2], "strength"))
