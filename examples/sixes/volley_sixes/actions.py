"""Sixes actions and their notation (one line each, space separated).

    end                    end the current phase
    move ID X,Y FACING     move a unit or general straight to X,Y, ending facing FACING
    fire ID TARGET         shoot at an enemy unit in range and in the front arc
    charge ID TARGET       charge an enemy unit within reach and fight at once
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules.engine import Action, NotationError
from desktop.rules.notation import canonical_facing, fmt_num, fmt_point, parse_num, parse_point


@dataclass(frozen=True)
class End(Action):
    def text(self) -> str:
        return "end"


@dataclass(frozen=True)
class Move(Action):
    unit: str
    x: float
    y: float
    facing: float

    def __post_init__(self) -> None:
        # the notation's own rounding, so that text() reads back as this action
        object.__setattr__(self, "facing", canonical_facing(self.facing))
        object.__setattr__(self, "x", float(self.x) + 0.0)
        object.__setattr__(self, "y", float(self.y) + 0.0)

    def text(self) -> str:
        return f"move {self.unit} {fmt_point((self.x, self.y))} {fmt_num(self.facing)}"


@dataclass(frozen=True)
class Fire(Action):
    unit: str
    target: str

    def text(self) -> str:
        return f"fire {self.unit} {self.target}"


@dataclass(frozen=True)
class Charge(Action):
    unit: str
    target: str

    def text(self) -> str:
        return f"charge {self.unit} {self.target}"


SixesAction = End | Move | Fire | Charge

_USAGE = {"end": "end", "move": "move ID X,Y FACING", "fire": "fire ID TARGET",
          "charge": "charge ID TARGET"}


def parse(text: str) -> SixesAction:
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    kind, args = words[0].lower(), words[1:]
    if kind not in _USAGE:
        raise NotationError(f"unknown action '{words[0]}' (known: {', '.join(_USAGE)})")
    if len(args) != len(_USAGE[kind].split()) - 1:
        raise NotationError(f"'{text}': write it as '{_USAGE[kind]}'")
    if kind == "end":
        return End()
    if kind == "move":
        x, y = parse_point(args[1])
        return Move(args[0], x, y, parse_num(args[2], "facing"))
    if kind == "fire":
        return Fire(args[0], args[1])
    return Charge(args[0], args[1])
