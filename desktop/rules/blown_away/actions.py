"""Blown Away actions and their text notation (which round-trips).

    move P x,y F        unit P pivots to face F, then moves to x,y (its centre);
                        a mob moves anywhere; the commander P moves any distance
    form U FORMATION F  unit U changes formation and/or facing where it stands
    rally U             unit U returns running men to ranks
    rejoin U            gunners away from their cannon walk back towards it
    fire G T            gun G fires long-range at enemy unit T
    combat U T          unit U fights enemy unit T (each side turns a card)
    end                 end this part of the turn
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules.engine import Action, NotationError
from desktop.rules.notation import canonical_facing, fmt_num, fmt_point, parse_num, parse_point
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation


@dataclass(frozen=True)
class Move(Action):
    piece: str
    to: Point
    facing: float

    def text(self) -> str:
        return f"move {self.piece} {fmt_point(self.to)} {fmt_num(self.facing)}"


@dataclass(frozen=True)
class Form(Action):
    unit: str
    formation: Formation
    facing: float

    def text(self) -> str:
        return f"form {self.unit} {self.formation.value} {fmt_num(self.facing)}"


@dataclass(frozen=True)
class Rally(Action):
    unit: str

    def text(self) -> str:
        return f"rally {self.unit}"


@dataclass(frozen=True)
class Rejoin(Action):
    unit: str

    def text(self) -> str:
        return f"rejoin {self.unit}"


@dataclass(frozen=True)
class Fire(Action):
    gun: str
    target: str

    def text(self) -> str:
        return f"fire {self.gun} {self.target}"


@dataclass(frozen=True)
class Combat(Action):
    unit: str
    target: str

    def text(self) -> str:
        return f"combat {self.unit} {self.target}"


@dataclass(frozen=True)
class End(Action):
    def text(self) -> str:
        return "end"


BlownAwayAction = Move | Form | Rally | Rejoin | Fire | Combat | End

USAGE = {
    "move": "move PIECE x,y FACING",
    "form": "form UNIT line|column|unlimbered FACING",
    "rally": "rally UNIT",
    "rejoin": "rejoin UNIT",
    "fire": "fire GUN TARGET",
    "combat": "combat UNIT TARGET",
    "end": "end",
}
_ARITY = {"move": 3, "form": 3, "rally": 1, "rejoin": 1, "fire": 2, "combat": 2, "end": 0}


def parse(text: str) -> BlownAwayAction:
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    kind, args = words[0].lower(), words[1:]
    if kind not in _ARITY:
        known = ", ".join(sorted(_ARITY))
        raise NotationError(f"'{words[0]}' is not a Blown Away action (known: {known})")
    if len(args) != _ARITY[kind]:
        raise NotationError(f"'{text}' should read: {USAGE[kind]}")
    if kind == "move":
        return Move(args[0], parse_point(args[1]), canonical_facing(parse_num(args[2], "facing")))
    if kind == "form":
        try:
            formation = Formation(args[1].lower())
        except ValueError:
            raise NotationError(f"'{args[1]}' is not a formation; {USAGE['form']}") from None
        return Form(args[0], formation, canonical_facing(parse_num(args[2], "facing")))
    if kind == "rally":
        return Rally(args[0])
    if kind == "rejoin":
        return Rejoin(args[0])
    if kind == "fire":
        return Fire(args[0], args[1])
    if kind == "combat":
        return Combat(args[0], args[1])
    return End()
