"""How a unit may start a battle already worn: each ruleset's starting-state fields.

A designer recreating the second day of a battle gives a unit a ``start``
entry per ruleset (scenario format v2): ``{d3: {hits: 4}}``.  Each ruleset
declares the fields it reads as :class:`StartField` values; the editor builds
its widgets from them, the engines read a unit's checked values through
:meth:`desktop.rules.engine.Ruleset.start_state`, and ``volley validate``
reports values a ruleset would refuse.  The damage each ruleset records is of
its own kind (hits, lost Combat Value, men running), so one ruleset's entry
means nothing to another and is ignored by it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from desktop.scenario.model import Scenario, Unit

StartValue = int | bool


class StartStateError(ValueError):
    """A unit's starting state that its ruleset cannot set up, in words."""


@dataclass(frozen=True)
class StartField:
    """One thing a unit may start with: a count (0 up to `most`) or a flag.

    ``most`` gives the largest count a unit may start with (it depends on the
    unit: a 6-figure unit cannot have 8 men running); None for a flag.
    """

    name: str
    label: str
    help: str = ""
    most: Callable[[Unit], int] | None = None
    #: What the roster sheet prints for a non-zero value: "{n} hits marked".
    sheet: str = ""
    #: A count: the mark the roster sheet puts in that many boxes of the unit's
    #: track ("X" a loss, "/" a man running); empty when it marks none.
    sheet_mark: str = ""
    #: A flag: the state box the roster sheet ticks when it is on ("Shaken").
    sheet_state: str = ""

    @property
    def flag(self) -> bool:
        return self.most is None

    def default(self) -> StartValue:
        return False if self.flag else 0

    def problem(self, unit: Unit, value: object) -> str | None:
        """None if `unit` may start with `value`, else why not (naming unit and field)."""
        where = f"{unit.name}: starting {self.label.lower()}"
        if self.flag:
            if not isinstance(value, bool):
                return f"{where} is on or off (true or false), not {value!r}"
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{where} is a whole number, not {value!r}"
        if value < 0:
            return f"{where} cannot be negative ({value})"
        assert self.most is not None
        most = self.most(unit)
        if value > most:
            return f"{where} is {value}, more than the {most} this unit can start with"
        return None

    def describe(self, value: StartValue) -> str:
        """The value in words for a roster sheet or the editor: "Shaken", "4 hits"."""
        if self.flag:
            return self.label if value else ""
        if not value:
            return ""
        return self.sheet.format(n=value) if self.sheet else f"{self.label}: {value}"


def checked_state(
    fields: tuple[StartField, ...], ruleset_id: str, ruleset_name: str, unit: Unit
) -> dict[str, StartValue]:
    """Every field of the ruleset for `unit`, defaults filled in; raises
    StartStateError on an unknown field or a value the ruleset refuses."""
    given = unit.start.get(ruleset_id, {})
    known = {f.name: f for f in fields}
    out: dict[str, StartValue] = {f.name: f.default() for f in fields}
    for key, value in given.items():
        spec = known.get(key)
        if spec is None:
            names = ", ".join(sorted(known)) or "none"
            raise StartStateError(
                f"{unit.name}: {ruleset_name} has no starting state '{key}' (it knows: {names})")
        problem = spec.problem(unit, value)
        if problem is not None:
            raise StartStateError(f"{problem} under {ruleset_name}")
        out[key] = value
    return out


def start_problems(
    fields: tuple[StartField, ...], ruleset_id: str, ruleset_name: str, scenario: Scenario
) -> list[str]:
    """Every unit's starting state the ruleset would refuse, one sentence each."""
    out: list[str] = []
    for _side, unit in scenario.all_units():
        try:
            checked_state(fields, ruleset_id, ruleset_name, unit)
        except StartStateError as e:
            out.append(str(e))
    return out


@dataclass(frozen=True)
class SheetMarks:
    """What a roster sheet marks for a unit's starting state."""

    #: Track boxes marked from the first, and the mark ("X", "/").
    boxes: int = 0
    mark: str = "X"
    #: State boxes ticked ("Shaken").
    states: frozenset[str] = frozenset()
    #: The state in words ("Shaken, 2 figures lost"); empty when fresh.
    words: str = ""


def sheet_marks(fields: tuple[StartField, ...], state: dict[str, StartValue]) -> SheetMarks:
    """The marks a roster sheet makes for `state` (a checked state: every field)."""
    boxes, mark, states = 0, "X", set()
    for f in fields:
        value = state.get(f.name, f.default())
        if f.flag and value and f.sheet_state:
            states.add(f.sheet_state)
        elif not f.flag and f.sheet_mark and value:
            boxes, mark = int(value), f.sheet_mark
    return SheetMarks(boxes, mark, frozenset(states), describe_state(fields, state))


def describe_state(fields: tuple[StartField, ...], state: dict[str, StartValue]) -> str:
    """The non-default part of a unit's state in words ("Shaken, 2 men running")."""
    parts = [f.describe(state.get(f.name, f.default())) for f in fields]
    return ", ".join(p for p in parts if p)
