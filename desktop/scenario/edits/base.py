"""What every edit shares: the refusal it raises, how it rounds, fresh ids, finding a side.

The names with a leading underscore are the edits package's own helpers,
shared by its modules and used nowhere else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from desktop.scenario.crossings import Crossing
from desktop.scenario.geometry import rounded
from desktop.scenario.model import Officer, Point, Scenario, Side, Unit

#: Decimal places kept for coordinates written by the editor (1/1000 inch).
PLACES = 3


_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


Piece = Unit | Officer


T = TypeVar("T")


class EditError(ValueError):
    """A change the editor refuses, with a sentence saying why."""


class CrossingError(EditError):
    """A polygon that would cross itself: where, so the editor can mark it."""

    def __init__(self, message: str, crossings: Sequence[Crossing],
                 outline: Sequence[Point]) -> None:
        super().__init__(message)
        self.crossings = tuple(crossings)
        #: The refused outline (table inches), to draw with the marks.
        self.outline = tuple(outline)


def _r(v: float) -> float:
    return rounded(v, PLACES)


def _rp(p: Point) -> Point:
    return (_r(p[0]), _r(p[1]))


def _norm_angle(a: float) -> float:
    out = _r(a % 360.0)
    return 0.0 if out >= 360.0 else out


def all_ids(s: Scenario) -> set[str]:
    """Every id in use: sides, units, officers, terrain, objectives."""
    ids = {side.id for side in s.sides}
    for side in s.sides:
        ids.update(u.id for u in side.units)
        ids.update(o.id for o in side.officers)
    ids.update(f.id for f in s.terrain)
    ids.update(o.id for o in s.game.objectives)
    return ids


def new_id(s: Scenario, prefix: str, taken: Iterable[str] = ()) -> str:
    """The first free `prefix-N` (N from 1), free among every id in the scenario."""
    stem = re.sub(r"[^A-Za-z0-9_.\-]+", "_", prefix.strip()).strip("_.-") or "id"
    if not stem[0].isalnum():
        stem = "x" + stem
    used = all_ids(s) | set(taken)
    n = 1
    while f"{stem}-{n}" in used:
        n += 1
    return f"{stem}-{n}"


def new_name(s: Scenario, label: str) -> str:
    """The first "LABEL N" (N from 1) that no unit or officer of any side is
    called: a new unit's name is unique across the scenario, so that reports
    and the log never leave two "Light infantry 1" to tell apart."""
    used = {u.name for side in s.sides for u in side.units}
    used |= {o.name for side in s.sides for o in side.officers}
    n = 1
    while f"{label} {n}" in used:
        n += 1
    return f"{label} {n}"


def new_ids(s: Scenario, prefix: str, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count):
        out.append(new_id(s, prefix, out))
    return out


def check_id(s: Scenario, ident: str, *, allow: str | None = None) -> None:
    """Refuse an id that is malformed or already used (other than by `allow`)."""
    if not _ID.match(ident):
        raise EditError(
            f"'{ident}' is not a valid id (letters, digits, '_', '.', '-'; "
            "starting with a letter or digit)"
        )
    if ident != allow and ident in all_ids(s):
        raise EditError(f"the id '{ident}' is already used")


def _side_index(s: Scenario, side_id: str) -> int:
    for i, side in enumerate(s.sides):
        if side.id == side_id:
            return i
    raise EditError(f"no side has the id '{side_id}'")


def _with_side(s: Scenario, i: int, side: Side) -> Scenario:
    return replace(s, sides=(*s.sides[:i], side, *s.sides[i + 1 :]))
