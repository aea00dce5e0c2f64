"""Muskets & Mayhem actions and their text notation (which round-trips).

    first | second           the initiative winner goes first or second
    move U x,y F             move unit U to x,y (inches), facing F degrees
    form U FORMATION         unit U changes formation (line, column, square,
                             limbered, unlimbered)
    charge U T               unit U charges enemy unit T
    officer O x,y            commander O moves to x,y (and leaves his unit)
    attach O U               commander O joins friendly unit U
    hold P                   unit or commander P stays (movement) or holds fire
    fire U T                 unit U fires at enemy unit T
    melee U                  the initiative side picks the melee U is in next
    end                      every piece of the side still to act this phase holds
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules.engine import Action, NotationError
from desktop.rules.notation import canonical_facing, fmt_num, fmt_point, parse_num, parse_point
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation


@dataclass(frozen=True)
class Choose(Action):
    first: bool

    def text(self) -> str:
        return "first" if self.first else "second"


@dataclass(frozen=True)
class Move(Action):
    unit: str
    to: Point
    facing: float

    def text(self) -> str:
        return f"move {self.unit} {fmt_point(self.to)} {fmt_num(self.facing)}"


@dataclass(frozen=True)
class Form(Action):
    unit: str
    formation: Formation

    def text(self) -> str:
        return f"form {self.unit} {self.formation.value}"


@dataclass(frozen=True)
class Charge(Action):
    unit: str
    target: str

    def text(self) -> str:
        return f"charge {self.unit} {self.target}"


@dataclass(frozen=True)
class OfficerMove(Action):
    officer: str
    to: Point

    def text(self) -> str:
        return f"officer {self.officer} {fmt_point(self.to)}"


@dataclass(frozen=True)
class Attach(Action):
    officer: str
    unit: str

    def text(self) -> str:
        return f"attach {self.officer} {self.unit}"


@dataclass(frozen=True)
class Hold(Action):
    piece: str

    def text(self) -> str:
        return f"hold {self.piece}"


@dataclass(frozen=True)
class Fire(Action):
    unit: str
    target: str

    def text(self) -> str:
        return f"fire {self.unit} {self.target}"


@dataclass(frozen=True)
class Melee(Action):
    unit: str

    def text(self) -> str:
        return f"melee {self.unit}"


@dataclass(frozen=True)
class End(Action):
    """The side ends its part of the phase: its remaining pieces hold."""

    def text(self) -> str:
        return "end"


MayhemAction = Choose | Move | Form | Charge | OfficerMove | Attach | Hold | Fire | Melee | End
#: The action classes themselves: `type(a) in ACTION_TYPES` answers what
#: isinstance(a, MayhemAction) does for them without ten abstract-class checks.
ACTION_TYPES: frozenset[type] = frozenset(
    {Choose, Move, Form, Charge, OfficerMove, Attach, Hold, Fire, Melee, End})

USAGE = {
    "first": "first",
    "second": "second",
    "move": "move UNIT x,y FACING",
    "form": "form UNIT " + "|".join(f.value for f in Formation if f is not Formation.SKIRMISH),
    "charge": "charge UNIT TARGET",
    "officer": "officer OFFICER x,y",
    "attach": "attach OFFICER UNIT",
    "hold": "hold UNIT_OR_OFFICER",
    "fire": "fire UNIT TARGET",
    "melee": "melee UNIT",
    "end": "end",
}

_ARITY = {"first": 0, "second": 0, "end": 0, "move": 3, "form": 2, "charge": 2,
          "officer": 2, "attach": 2, "hold": 1, "fire": 2, "melee": 1}


def parse(text: str) -> MayhemAction:
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    kind, args = words[0].lower(), words[1:]
    if kind not in _ARITY:
        known = ", ".join(sorted(_ARITY))
        raise NotationError(f"'{words[0]}' is not a Muskets & Mayhem action (known: {known})")
    if len(args) != _ARITY[kind]:
        raise NotationError(f"'{text}' should read: {USAGE[kind]}")
    if kind == "first":
        return Choose(True)
    if kind == "second":
        return Choose(False)
    if kind == "end":
        return End()
    if kind == "move":
        return Move(args[0], parse_point(args[1]),
                    canonical_facing(parse_num(args[2], "facing")))
    if kind == "form":
        try:
            formation = Formation(args[1].lower())
        except ValueError:
            raise NotationError(f"'{args[1]}' is not a formation; {USAGE['form']}") from None
        return Form(args[0], formation)
    if kind == "charge":
        return Charge(args[0], args[1])
    if kind == "officer":
        return OfficerMove(args[0], parse_point(args[1]))
    if kind == "attach":
        return Attach(args[0], args[1])
    if kind == "hold":
        return Hold(args[0])
    if kind == "fire":
        return Fire(args[0], args[1])
    return Melee(args[0])
