"""The engine API every ruleset implements.

A :class:`Ruleset` is registered by id (see :mod:`desktop.rules.registry`) and
makes :class:`Game` objects.  A game is a state machine driven by frozen
:class:`Action` values: ``check(action)`` says why an action would be illegal,
``apply(action)`` performs it and returns the :class:`Event` objects it caused.
Phases are declared as data (:class:`Phase`).  Dice and cards come from the
game's own :class:`~desktop.rules.chance.Chance`.  ``snapshot()`` gives a
JSON-able picture of the state (the format ``volley replay --json`` prints).

The shapes here follow python-chess (``Move.uci()``/``Move.from_uci``) for the
actions, boardgame.io for phases as data, and OpenSpiel for the registry.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias

from desktop.rules.chance import Chance
from desktop.rules.options import OptionSpec as OptionSpec
from desktop.rules.options import OptionValue as OptionValue
from desktop.rules.outcome import Outcome as Outcome
from desktop.rules.start import StartField, StartStateError, StartValue, checked_state
from desktop.rules.start import start_problems as _start_problems
from desktop.scenario.model import Scenario, Unit

if TYPE_CHECKING:
    from pathlib import Path

    from desktop.rules.action_odds import Odds
    from desktop.rules.officer_card import OfficerRules
    from desktop.rules.piece_view import PieceView
    from desktop.rules.reference_shapes import Reference
    from desktop.rules.roster_profile import RosterProfile
    from desktop.rules.victory import VictoryJudge
    from desktop.scenario.lint import LintProblem
    from desktop.table.terrain import TerrainIndex

#: A value that json.dumps accepts.
JSON: TypeAlias = Any



#: What an option of each type takes, in words (the option's default gives its type).
_KIND_WORDS: dict[type, str] = {bool: "on or off (true or false)", int: "a whole number",
                                float: "a number", str: "a word"}


def _shown(value: object) -> str:
    """A value as a file holds it, shortened: 'retreat' quoted, 31 bare."""
    return repr(value[:60]) if isinstance(value, str) else str(value)[:60]


class RulesError(Exception):
    """Base class for the engine's errors."""


class SetupError(RulesError):
    """What in the scenario a game cannot start with; `field` is its path in the
    scenario file (``("table", "grid", "square")``), so ``volley validate`` can
    give its line; () when no one field is to blame."""

    def __init__(self, message: str, field: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field


class OptionError(SetupError):
    """An option a game cannot start with; its `field` is the option's path
    (``("ruleset_options", "mayhem", "melee_loser")``) when the scenario set it."""


class IllegalAction(RulesError):
    """`apply` was given an action the rules forbid; `reason` says why in plain words."""

    def __init__(self, reason: str, action: Action | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class NotationError(RulesError, ValueError):
    """A text could not be read as an action of this ruleset."""


class GameOver(IllegalAction):
    """An action was applied after the game ended."""


class ScenarioTooLarge(RulesError):
    """The scenario is larger than the ruleset plays at a usable speed (see SizeLimits)."""


# --- values -------------------------------------------------------------------


class Action(ABC):
    """A move in the game: a frozen value with a text notation that round-trips.

    Subclasses are frozen dataclasses.  ``text()`` is canonical: for every
    action ``a`` of ruleset ``r``, ``r.parse_action(a.text()) == a``.
    """

    @abstractmethod
    def text(self) -> str:
        """The canonical notation of this action (one line, space separated)."""

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Event:
    """Something that happened: a roll, a move, hits, a removal, a phase change.

    ``kind`` is a short word from the ruleset's documented list (``roll``,
    ``move``, ``hits``, ``eliminated``, ``phase``, ``turn``, ``outcome``...),
    ``text`` a sentence for a log, ``data`` JSON-able details.
    """

    kind: str
    text: str
    data: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


@dataclass(frozen=True)
class Phase:
    """One step of the sequence of play, declared as data.

    ``interactive`` phases wait for the side to act; the others are resolved
    by the engine on its own (their events come back from the ``apply`` that
    reached them).
    """

    id: str
    name: str
    interactive: bool = True
    help: str = ""


@dataclass(frozen=True)
class SizeLimits:
    """The largest scenario a ruleset referees at a usable speed.

    Each ruleset declares its own (``Ruleset.limits``), measured with
    ``tests/benchmarks/bench_big.py`` so that a game starts within about two
    seconds and a random action takes well under one (docs/benchmarks.md,
    "Big tables").  None means no limit of the ruleset's own: the reader's
    caps (500 units, 500 terrain features) still hold.
    """

    #: Units of every side together.
    units: int | None = None
    #: Figures of every unit together (the scenario's ``figures``), for rulesets
    #: that move or simulate each figure.
    figures: int | None = None
    #: Terrain features.
    terrain: int | None = None

    def describe(self) -> str:
        """The limits in words, for ``volley rulesets`` and the start dialog."""
        parts = [f"{n:,} {what}" for n, what in ((self.units, "units"),
                                                  (self.figures, "figures"),
                                                  (self.terrain, "terrain features"))
                 if n is not None]
        return "at most " + ", ".join(parts) if parts else "no limit of its own"

    def problem(self, ruleset_name: str, scenario: Scenario) -> str | None:
        """None if `scenario` fits, else a sentence saying what is over and what to do."""
        units = [u for side in scenario.sides for u in side.units]
        counts = ((self.units, len(units), "units", "some units"),
                  (self.figures, sum(u.figures for u in units), "figures", "some units"),
                  (self.terrain, len(scenario.terrain), "terrain features",
                   "some terrain features"))
        for most, found, what, remove in counts:
            if most is not None and found > most:
                return (f"{ruleset_name} supports at most {most:,} {what}; this scenario "
                        f"has {found:,}. Remove {remove} or play it with another ruleset.")
        return None


# --- the game -----------------------------------------------------------------

#: The phase id of a game that has ended.
OVER = "over"


class Game(ABC):
    """One game in progress.  Subclasses implement the underscore methods.

    Public, ruleset-independent surface:

    - ``turn`` (1-based), ``phase`` (a phase id), ``phases`` (the data),
      ``side`` (id of the side to act, None once the game is over);
    - ``legal_actions()``: every legal action of the kinds that can be
      enumerated; ``free_action_kinds`` names the kinds that cannot (for
      example free-table moves), for which ``sample_actions(rng, n)`` offers
      sensible legal candidates and ``check(action)`` judges any proposal;
    - ``check(action) -> str | None`` and ``apply(action) -> list[Event]``;
    - ``outcome`` (None while the game goes on), ``clone()``, ``snapshot()``;
    - ``history`` (actions applied), ``events`` (everything that happened),
      ``chance`` (the dice and cards, with their log).

    And what the rest of Volley asks of every ruleset (declared below, each
    with a default where a ruleset may have nothing to say): ``odds(action)``
    (one :class:`~desktop.rules.action_odds.Odds` type for all),
    ``invariant_problems()``, ``initial_script``, ``judge`` with
    ``victory_pieces()``, ``terrain_index()`` and ``position_stamp()``;
    ``_finish`` is the hook a ruleset's own ``_apply`` ends the game through.  Nothing outside a
    ruleset's package reaches a game any other way (no ``getattr``).
    """

    #: The sequence of play, in order.
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: Action kinds (first word of the notation) that legal_actions() cannot list.
    free_action_kinds: ClassVar[frozenset[str]] = frozenset()

    def __init__(
        self,
        ruleset: Ruleset,
        scenario: Scenario,
        options: Mapping[str, OptionValue],
        seed: int,
        chance: Chance,
    ) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.options: dict[str, OptionValue] = dict(options)
        self.seed = seed
        self.chance = chance
        self.history: list[Action] = []
        self.events: list[Event] = []

    # -- state -----------------------------------------------------------------

    @property
    @abstractmethod
    def turn(self) -> int:
        """The game turn, counting from 1."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """Id of the current phase (one of ``phases``), or ``"over"``."""

    @property
    @abstractmethod
    def side(self) -> str | None:
        """Id of the side that must act now; None when the game is over."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def phase_info(self, phase_id: str | None = None) -> Phase:
        pid = self.phase if phase_id is None else phase_id
        for p in self.phases:
            if p.id == pid:
                return p
        return Phase(pid, pid.replace("_", " ").capitalize(), interactive=False)

    # -- actions -----------------------------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of an enumerable kind, in a stable order."""

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        """Up to `n` legal actions of the free kinds (moves), drawn from `rng`.

        These are sensible candidates for random play and the computer player
        (advance, wheel to face an enemy, make for an objective); they never
        use the game's own chance source.
        """
        return []

    def candidate_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        """legal_actions() plus sampled free actions: what a random player picks from."""
        return self.legal_actions() + self.sample_actions(rng, n)

    def check(self, action: Action) -> str | None:
        """None if `action` is legal now, else the reason in plain words."""
        if self.outcome is not None:
            return "the game is over"
        return self._check(action)

    def is_legal(self, action: Action) -> bool:
        return self.check(action) is None

    def apply(self, action: Action) -> list[Event]:
        """Perform `action`; return the events it caused.  Raises IllegalAction."""
        if self.outcome is not None:
            raise GameOver("the game is over", action)
        reason = self._check(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        events = self._apply(action)
        self.history.append(action)
        self.events.extend(events)
        return events

    def parse_action(self, text: str) -> Action:
        return self.ruleset.parse_action(text)

    def apply_text(self, text: str) -> list[Event]:
        return self.apply(self.parse_action(text))

    @abstractmethod
    def _check(self, action: Action) -> str | None: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply a checked action (the base class records history and events)."""

    # -- copies and pictures -------------------------------------------------------

    @abstractmethod
    def clone(self, seed: int | None = None) -> Game:
        """An independent copy.  With `seed`, the copy rolls fresh dice from that
        seed instead of the ones this game would roll (for look-ahead that must
        not peek at the future)."""

    @abstractmethod
    def units_json(self) -> list[dict[str, JSON]]:
        """One object per piece: id, side, type, x, y, facing, status and counters."""

    def counters_json(self) -> dict[str, JSON]:
        """The ruleset's game-level counters (per side and otherwise)."""
        return {}

    def snapshot(self) -> dict[str, JSON]:
        """The state as plain JSON-able data (the ``volley replay --json`` format)."""
        outcome = self.outcome
        return {
            "ruleset": self.ruleset.id,
            "turn": self.turn,
            "phase": self.phase,
            "side": self.side,
            "outcome": None if outcome is None else outcome.to_json(),
            "actions": len(self.history),
            "units": self.units_json(),
            "counters": self.counters_json(),
        }


    # -- what the rest of Volley asks of every ruleset ----------------------------

    #: The scripted draws the game was made with, (dice, cards), used before the
    #: seeded source: a record keeps them so that the game replays
    #: (desktop.rules.record.record_of).  A game made with scripted draws sets it.
    initial_script: tuple[tuple[int, ...], tuple[str, ...]] = ((), ())

    #: The referee's judge of the scenario's victory conditions, made by the game
    #: as it starts (with what its rules add: a turn limit of its own, a last
    #: unit standing): the game asks it after an action and at a turn's end,
    #: and the play view hands it `victory_pieces()` for the Victory panel
    #: (``VictoryJudge.report``) and the standing.  Every game sets it.
    judge: VictoryJudge

    def odds(self, action: Action) -> Odds | None:
        """The chances of `action`'s outcomes, exact (fractions worked out from
        the dice or cards, no draw made), in the engine's words: ids may stand
        for pieces, the play view puts names in their place.  None for an
        illegal action or one whose outcome is certain or not the dice's
        (a move), and by default."""
        return None

    def invariant_problems(self) -> list[str]:
        """States the rules can never produce, in words (empty when all is well):
        the conformance harness asks after every action, and the editor asks of
        a scenario's starting position (desktop.rules.checks.illegal_start)."""
        return []

    def victory_pieces(self) -> list[PieceView]:
        """The units as the victory judge (desktop.rules.victory.VictoryJudge)
        sees them now: the ruleset's view hands them to the judge for the
        Victory panel and the standing.  A ruleset that judges victory its own
        way need not give them."""
        raise NotImplementedError(
            f"{type(self).__name__} does not judge victory with desktop.rules.victory")

    def terrain_index(self) -> TerrainIndex | None:
        """The game's own index of the scenario's terrain, if it keeps one, so that
        its view reads the same one rather than build another (None: it keeps
        none)."""
        return None

    def position_stamp(self) -> int:
        """A number that names the position for caches of answers about it
        (desktop.rules.position_cache): it changes whenever the game moves on.
        By default the number of actions applied; a ruleset whose state may be
        changed otherwise (by hand, in tests and the editor) counts its own."""
        return len(self.history)

    def _finish(self, outcome: Outcome, events: list[Event]) -> None:
        """End the game with `outcome`, adding its event to `events`: the one
        place each ruleset's `_apply` ends a game through."""
        raise NotImplementedError(f"{type(self).__name__} does not end games")


class StateGame(Game):
    """A game whose mutable state is one `state` object with `turn`, `phase`,
    `side` and `outcome`: those accessors, and a clone that copies that one
    object deeply, are the same for every such ruleset."""

    state: Any

    @property
    def turn(self) -> int:
        return int(self.state.turn)

    @property
    def phase(self) -> str:
        return OVER if self.state.outcome is not None else str(self.state.phase)

    @property
    def side(self) -> str | None:
        return None if self.state.outcome is not None else self.state.side

    @property
    def outcome(self) -> Outcome | None:
        out: Outcome | None = self.state.outcome
        return out

    def clone(self, seed: int | None = None) -> Self:
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        other.chance = self.chance.clone(seed)
        other.history = list(self.history)
        other.events = list(self.events)
        other.options = dict(self.options)
        return other


class Ruleset(ABC):
    """A set of rules: makes games and reads action notation."""

    id: ClassVar[str]
    name: ClassVar[str]
    description: ClassVar[str] = ""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: The game `new_game` makes, called as
    #: ``game_class(ruleset, scenario, options, seed, chance, (dice, cards))``;
    #: a ruleset whose game is built otherwise overrides `new_game` instead.
    game_class: ClassVar[Callable[..., Game] | None] = None
    #: The largest scenario this ruleset plays at a usable speed; `new_game`
    #: refuses a larger one (ScenarioTooLarge) before building anything.
    limits: ClassVar[SizeLimits] = SizeLimits()
    #: The ruleset's play view (``desktop.rules.view.PlayView`` subclass), made
    #: as ``view_class(game)``; set by the ruleset's package, which holds both.
    #: None: the generic view (``desktop.rules.view.view_of``).
    view_class: ClassVar[Callable[[Game], object] | None] = None
    #: What a unit may start the battle with under this ruleset (already shaken,
    #: hits marked...), read from the unit's ``start`` entry under this id.
    start_fields: ClassVar[tuple[StartField, ...]] = ()

    # -- what the rest of Volley shows of it (docs/writing-a-ruleset.md) --------------
    #: A short label for lists ("D3"); empty: the name.
    label: ClassVar[str] = ""
    #: How it plays, in a few words ("activation, D3 hits"), after the label in lists.
    gist: ClassVar[str] = ""
    #: What a roster row shows under it; None: a plain Combat Value track.
    roster_profile: ClassVar[RosterProfile | None] = None
    #: Its quick reference (printed, and Help ▸ Quick reference); None: none.
    reference: ClassVar[Reference | None] = None
    #: What its officers do (the officer card, the reference's officers section
    #: and the roster's officers line); None: the plain wound card.
    officer_rules: ClassVar[OfficerRules | None] = None
    #: The kinds of its events in which a unit takes losses (hits, casualties,
    #: men killed...): a balance report counts every unit such an event names
    #: as having fought.
    loss_events: ClassVar[frozenset[str]] = frozenset()

    def listed_as(self) -> str:
        """How lists name it: "D3 (activation, D3 hits)"."""
        label = self.label or self.name
        return f"{label} ({self.gist})" if self.gist else label

    def scenarios(self) -> list[Path]:
        """Scenario files that come with the ruleset's own package (a plugin's
        examples; the conformance harness plays them).  Volley's own rulesets
        keep theirs in scenarios/, so the default is none."""
        return []

    def start_state(self, unit: Unit) -> dict[str, StartValue]:
        """The unit's starting state under this ruleset, every field filled in.

        Every game's set-up reads units through this, so a value the ruleset
        cannot set up (negative, more hits than a unit takes, a field it does
        not know) is refused with a RulesError naming the unit and the field.
        """
        try:
            return checked_state(self.start_fields, self.id, self.name, unit)
        except StartStateError as e:
            raise RulesError(str(e)) from None

    def start_problems(self, scenario: Scenario) -> list[str]:
        """Each unit's starting state this ruleset would refuse, in words."""
        return _start_problems(self.start_fields, self.id, self.name, scenario)

    def placement_problems(self, scenario: Scenario) -> list[LintProblem]:
        """Where this ruleset's rules forbid what the scenario sets up, beyond the
        editor's own checks (desktop.scenario.lint): a unit on ground its type
        may not enter under these rules, for one.  The default knows of
        nothing; a ruleset with such rules overrides it (usually through
        desktop.rules.placement.forbidden_ground).  These are warnings: the
        editor's Problems panel lists them, ``volley validate`` prints them and
        ``--strict`` fails on them."""
        return []

    def size_problem(self, scenario: Scenario) -> str | None:
        """None if `scenario` is within `limits`, else why not, in plain words."""
        return self.limits.problem(self.name, scenario)

    def check_size(self, scenario: Scenario) -> None:
        """Raise ScenarioTooLarge when `scenario` is above `limits`.

        Every `new_game` calls this first: a scenario that is too large is
        refused in a sentence before minutes are spent building it.
        """
        problem = self.size_problem(scenario)
        if problem is not None:
            raise ScenarioTooLarge(problem)

    def default_options(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def resolve_options(
        self, scenario: Scenario, options: Mapping[str, OptionValue] | None
    ) -> dict[str, OptionValue]:
        """Defaults, overridden by the scenario's options, overridden by `options`.

        Raises RulesError on an unknown option name, a value of the wrong type,
        or one the option does not take (a choice it does not offer, a number out
        of its range), naming the option and the ruleset.
        """
        specs = {o.name: o for o in self.options}
        out = self.default_options()
        layered: list[Mapping[str, OptionValue]] = [scenario.ruleset_options.get(self.id, {})]
        if options:
            layered.append(options)
        for n, layer in enumerate(layered):
            for key, value in layer.items():
                try:
                    out[key] = self._checked_option(specs, out, key, value, scenario)
                except RulesError as e:
                    raise OptionError(str(e), ("ruleset_options", self.id, key) if n == 0
                                      else ()) from None
        return out

    def _checked_option(self, specs: Mapping[str, OptionSpec], out: Mapping[str, OptionValue],
                        key: str, value: OptionValue, scenario: Scenario) -> OptionValue:
        """`value` if option `key` takes it, else RulesError saying why not."""
        if key not in out:
            known = ", ".join(sorted(out)) or "none"
            raise RulesError(f"ruleset '{self.id}' has no option '{key}' (known: {known})")
        default = out[key]
        if isinstance(default, bool) != isinstance(value, bool) or (
            not isinstance(default, bool)
            and not isinstance(value, type(default))
            and not (isinstance(default, float) and isinstance(value, int))
        ):
            raise RulesError(
                f"{self.name} option '{specs[key].title}' ({key}) expects "
                f"{_KIND_WORDS.get(type(default), type(default).__name__)}, "
                f"found {_shown(value)}"
            )
        problem = specs[key].problem(value, scenario)
        if problem is not None:
            raise RulesError(f"{self.name} option '{key}': {problem}")
        return value

    def new_game(
        self,
        scenario: Scenario,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        dice: Sequence[int] = (),
        cards: Sequence[str] = (),
    ) -> Game:
        """A game at its start.  `dice` (d6 results) and `cards` are scripted draws
        used before the seeded source.  Raises RulesError when the scenario does
        not suit the ruleset, ScenarioTooLarge when it is above `limits`."""
        if self.game_class is None:
            raise NotImplementedError(f"{type(self).__name__} sets no game_class")
        self.check_size(scenario)
        opts = self.resolve_options(scenario, options)
        chance = self.make_chance(seed, dice, cards)
        return self.game_class(self, scenario, opts, seed, chance, (tuple(dice), tuple(cards)))

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation; raises NotationError."""

    def make_chance(self, seed: int, dice: Sequence[int] = (), cards: Sequence[str] = ()) -> Chance:
        return Chance(seed, dice=dice, cards=cards)
