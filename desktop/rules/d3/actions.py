"""D3 actions and their notation.

    end                      end the current phase
    move ID X,Y F            move a unit or general straight to X,Y, end facing F
                             (X,Y its own position: a pivot on the spot)
    charge ID TARGET TURN    cavalry turns TURN degrees (-45..45), then goes straight
                             ahead into contact with TARGET
    shoot ID TARGET          shoot at TARGET
    reroll GENERAL           a general re-rolls the activation that just failed
    accept                   let the failed activation stand
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules.engine import Action, NotationError
from desktop.rules.notation import (
    canonical_facing,
    fmt_num,
    fmt_point,
    parse_num,
    parse_point,
)


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
        object.__setattr__(self, "facing", canonical_facing(self.facing))
        object.__setattr__(self, "x", float(self.x) + 0.0)
        object.__setattr__(self, "y", float(self.y) + 0.0)

    def text(self) -> str:
        return f"move {self.unit} {fmt_point((self.x, self.y))} {fmt_num(self.facing)}"

    def __hash__(self) -> int:
        """The dataclass's hash of the fields, kept once made: the game remembers
        its checks by action, and the computer player checks and applies the same
        moves on copy after copy."""
        d = self.__dict__
        got: int | None = d.get("_hash")
        if got is None:
            got = d["_hash"] = hash((self.unit, self.x, self.y, self.facing))
        return got


@dataclass(frozen=True)
class Charge(Action):
    unit: str
    target: str
    turn: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "turn", float(self.turn) + 0.0)

    def text(self) -> str:
        return f"charge {self.unit} {self.target} {fmt_num(self.turn)}"


@dataclass(frozen=True)
class Shoot(Action):
    unit: str
    target: str

    def text(self) -> str:
        return f"shoot {self.unit} {self.target}"


@dataclass(frozen=True)
class Reroll(Action):
    general: str

    def text(self) -> str:
        return f"reroll {self.general}"


@dataclass(frozen=True)
class Accept(Action):
    def text(self) -> str:
        return "accept"


D3Action = End | Move | Charge | Shoot | Reroll | Accept

_USAGE = {
    "end": "end",
    "move": "move ID X,Y FACING",
    "charge": "charge ID TARGET TURN",
    "shoot": "shoot ID TARGET",
    "reroll": "reroll GENERAL",
    "accept": "accept",
}


def parse(text: str) -> D3Action:
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    kind, args = words[0].lower(), words[1:]
    if kind not in _USAGE:
        raise NotationError(f"unknown action '{words[0]}' (known: {', '.join(_USAGE)})")
    want = len(_USAGE[kind].split()) - 1
    if len(args) != want:
        raise NotationError(f"'{text}': write it as '{_USAGE[kind]}'")
    if kind == "end":
        return End()
    if kind == "accept":
        return Accept()
    if kind == "move":
        x, y = parse_point(args[1])
        return Move(args[0], x, y, parse_num(args[2], "facing"))
    if kind == "charge":
        return Charge(args[0], args[1], parse_num(args[2], "turn"))
    if kind == "shoot":
        return Shoot(args[0], args[1])
    return Reroll(args[0])
