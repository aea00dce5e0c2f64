"""What a ruleset's options are: their kind, plain names, choices, ranges and help.

A ruleset declares each option it accepts as an :class:`OptionSpec`.  The
windows build their widgets from these specs alone (combo boxes for choices,
check boxes for flags, spin boxes for numbers and measures), so nothing
outside a ruleset knows what its options mean.  Choices may depend on the
scenario (a "first side" option offers the scenario's sides by name), and an
option may be settled by the scenario itself: a scenario whose victory
conditions end the game after 12 turns plays 12 turns whatever the ruleset's
own turn limit says, so the windows show 12 and do not offer to change it.

Values in scenario files and game records keep their old spelling (the
choice's ``value``); :meth:`OptionSpec.problem` says in words why a value is
not one the option takes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from desktop.scenario.limits import MAX_OPTION_NUMBER, MAX_TURNS
from desktop.scenario.model import Scenario, TurnLimit

#: Option values a ruleset accepts (the scenario format's property values).
OptionValue: TypeAlias = bool | int | float | str


class OptionKind(Enum):
    """How an option is chosen, and so which widget edits it."""

    #: One of a list of named values (a text in files).
    CHOICE = "choice"
    #: On or off.
    FLAG = "flag"
    #: A number within a range (whole when the default is an int).
    NUMBER = "number"
    #: A distance on the table, in the table's unit of length.
    MEASURE = "measure"


@dataclass(frozen=True)
class Choice:
    """One value a choice option may take: its spelling in files and its plain name."""

    value: str
    label: str
    help: str = ""


#: Choices fixed by the ruleset, or made for a scenario (the sides by name).
Choices: TypeAlias = tuple[Choice, ...] | Callable[[Scenario], Sequence[Choice]]


@dataclass(frozen=True)
class OptionSpec:
    """An option a ruleset accepts: its default, what it does, and how it is chosen.

    ``kind`` is worked out from the default when not given (a bool is a flag,
    a number a number, a text with choices a choice).  ``scenario_value``,
    when set, gives the value a scenario itself fixes (or None when it fixes
    none); the option then has no effect on that scenario.
    """

    name: str
    default: OptionValue
    help: str = ""
    label: str = ""
    kind: OptionKind | None = None
    choices: Choices = ()
    minimum: float | None = None
    maximum: float | None = None
    #: A word after a number: "turns".
    unit: str = ""
    #: What 0 means, shown instead of it ("No limit"); empty when 0 is just 0.
    zero: str = ""
    scenario_value: Callable[[Scenario], OptionValue | None] | None = None

    @property
    def title(self) -> str:
        """The plain name: the label, else 'melee_loser' -> 'Melee loser'."""
        if self.label:
            return self.label
        words = self.name.replace("_", " ")
        return words[:1].upper() + words[1:]

    @property
    def option_kind(self) -> OptionKind:
        if self.kind is not None:
            return self.kind
        if isinstance(self.default, bool):
            return OptionKind.FLAG
        if isinstance(self.default, (int, float)):
            return OptionKind.NUMBER
        return OptionKind.CHOICE

    def choices_for(self, scenario: Scenario) -> tuple[Choice, ...]:
        """The values a choice option may take in `scenario`, in the order offered."""
        made = self.choices(scenario) if callable(self.choices) else self.choices
        return tuple(made)

    def settled_value(self, scenario: Scenario) -> OptionValue | None:
        """The value `scenario` itself fixes for this option, or None."""
        return None if self.scenario_value is None else self.scenario_value(scenario)

    def default_for(self, scenario: Scenario) -> OptionValue:
        """The value `scenario` settles, else the ruleset's default (a value the
        scenario's ruleset options set is layered on top by resolve_options)."""
        settled = self.settled_value(scenario)
        return self.default if settled is None else settled

    def bounds(self) -> tuple[float, float]:
        """The smallest and largest number or measure this option accepts."""
        top = MAX_TURNS if self.name == "turn_limit" else MAX_OPTION_NUMBER
        low = self.minimum if self.minimum is not None else (
            0 if self.option_kind is OptionKind.MEASURE else -top)
        return low, self.maximum if self.maximum is not None else top

    def value_label(self, value: OptionValue, scenario: Scenario) -> str:
        """`value` in words: a choice's name, 'on'/'off', a number with its unit."""
        kind = self.option_kind
        if kind is OptionKind.CHOICE:
            for c in self.choices_for(scenario):
                if c.value == value:
                    return c.label
            return str(value)
        if kind is OptionKind.FLAG:
            return "on" if value else "off"
        if value == 0 and self.zero:
            return self.zero
        number = f"{value:g}" if isinstance(value, float) else str(value)
        return f"{number} {self.unit}".strip()

    def problem(self, value: OptionValue, scenario: Scenario) -> str | None:
        """None if `value` is one this option takes in `scenario`, else why not."""
        kind = self.option_kind
        if kind is OptionKind.CHOICE:
            offered = self.choices_for(scenario)
            if offered and str(value) not in {c.value for c in offered}:
                listed = "; ".join(f"'{c.value}' ({c.label})" for c in offered)
                return f"{self.title} may be {listed}; found {str(value)[:60]!r}"
            return None
        if kind in (OptionKind.NUMBER, OptionKind.MEASURE) and isinstance(value, (int, float)):
            low, high = self.bounds()
            if not low <= value <= high:
                return f"{self.title} must lie between {low:g} and {high:g}; found {value:g}"
        return None


def scenario_turn_limit(scenario: Scenario) -> int | None:
    """The turns the scenario's victory conditions allow, or None when they set none."""
    for condition in scenario.game.victory:
        if isinstance(condition, TurnLimit):
            return condition.turns
    return None


def turn_limit_option(default: int) -> OptionSpec:
    """Every ruleset's turn limit: used only when the scenario's victory conditions
    set none (desktop.rules.victory.VictoryJudge takes the scenario's first)."""
    return OptionSpec(
        "turn_limit", default,
        "Turns played when the scenario sets no turn limit of its own (0: no limit).",
        label="Turn limit", kind=OptionKind.NUMBER, minimum=0, maximum=MAX_TURNS,
        unit="turns", zero="No limit", scenario_value=scenario_turn_limit)


def side_choices(*first: Choice) -> Callable[[Scenario], tuple[Choice, ...]]:
    """Choices that name the scenario's sides (after `first`, e.g. a coin toss)."""

    def make(scenario: Scenario) -> tuple[Choice, ...]:
        return (*first, *(Choice(s.id, s.name) for s in scenario.sides))

    return make
