"""Tactical Dice actions and their notation (which round-trips).

Squares are written by name (``c4``: column c, row 4 from the top).

    first | second        the side that chose the initiative moves first or second
    fire U T              unit U fires at enemy unit T
    move U SQ             unit U moves to square SQ (the shortest legal way)
    charge U T SQ         unit U charges enemy T, closing from square SQ
                          (orthogonally next to T; U's own square if it is already there)
    limber U | unlimber U artillery limbers up or unlimbers
    officer O SQ          General or ADC O rides to square SQ
    rally O U             officer O tries to rally unit U in his square (a 6)
    end                   the side has finished this phase
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass

from desktop.rules.engine import Action, NotationError
from desktop.rules.tactical.grid import Square, parse_square, square_name


class _Written(Action):
    """An action that keeps its text once written: the legal list is kept from one
    position to the next and every player reads the texts of all of it."""

    def text(self) -> str:
        d = self.__dict__
        got: str | None = d.get("_text")
        if got is None:
            got = d["_text"] = self._write()
        return got

    @abstractmethod
    def _write(self) -> str:
        """The text, written afresh."""


@dataclass(frozen=True)
class Choose(Action):
    first: bool

    def text(self) -> str:
        return "first" if self.first else "second"


@dataclass(frozen=True)
class Fire(_Written):
    unit: str
    target: str

    def _write(self) -> str:
        return f"fire {self.unit} {self.target}"


@dataclass(frozen=True)
class Move(_Written):
    unit: str
    to: Square

    def _write(self) -> str:
        return f"move {self.unit} {square_name(self.to)}"


@dataclass(frozen=True)
class Charge(_Written):
    unit: str
    target: str
    via: Square

    def _write(self) -> str:
        return f"charge {self.unit} {self.target} {square_name(self.via)}"


@dataclass(frozen=True)
class Limber(_Written):
    unit: str
    limber: bool

    def _write(self) -> str:
        return f"{'limber' if self.limber else 'unlimber'} {self.unit}"


@dataclass(frozen=True)
class OfficerMove(_Written):
    officer: str
    to: Square

    def _write(self) -> str:
        return f"officer {self.officer} {square_name(self.to)}"


@dataclass(frozen=True)
class Rally(_Written):
    officer: str
    unit: str

    def _write(self) -> str:
        return f"rally {self.officer} {self.unit}"


@dataclass(frozen=True)
class End(Action):
    def text(self) -> str:
        return "end"


def _square(text: str) -> Square:
    sq = parse_square(text)
    if sq is None:
        raise NotationError(f"'{text}' is not a square (write a column letter and a row "
                            f"number, e.g. c4)")
    return sq


_ARITY = {"first": 1, "second": 1, "end": 1, "fire": 3, "move": 3, "charge": 4,
          "limber": 2, "unlimber": 2, "officer": 3, "rally": 3}


def parse(text: str) -> Action:
    words = text.split(" ")
    if not words or words[0] not in _ARITY:
        kinds = ", ".join(sorted(_ARITY))
        raise NotationError(f"'{text}' is not a Tactical Dice action (kinds: {kinds})")
    kind = words[0]
    if len(words) != _ARITY[kind] or any(not w for w in words):
        n = _ARITY[kind] - 1
        raise NotationError(f"'{text}': '{kind}' takes {n} word{'' if n == 1 else 's'} after it")
    if kind in ("first", "second"):
        return Choose(kind == "first")
    if kind == "end":
        return End()
    if kind == "fire":
        return Fire(words[1], words[2])
    if kind == "move":
        return Move(words[1], _square(words[2]))
    if kind == "charge":
        return Charge(words[1], words[2], _square(words[3]))
    if kind in ("limber", "unlimber"):
        return Limber(words[1], kind == "limber")
    if kind == "officer":
        return OfficerMove(words[1], _square(words[2]))
    return Rally(words[1], words[2])
