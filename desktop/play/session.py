"""A game being played (or replayed) in the window, as plain data.

A :class:`Session` wraps one engine game.  Each applied action becomes a
:class:`Step` that keeps its events and the dice or cards it drew (with their
purpose), so the log and the dice tray need nothing else.  The session keeps
each side's strength after every step (the chart), can take back the last
action when it drew no dice (undoing it cannot change any later roll: the
game is replayed from its record without it), and writes and reads records
(``desktop.rules.record``): saving, loading and replaying are one code path.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from desktop.play.levels import Computer
from desktop.play.veteran import StopFlag
from desktop.rules import registry
from desktop.rules.chance import Draw
from desktop.rules.engine import Action, Event, Game, OptionValue
from desktop.rules.record import Record, RecordError, record_of, replay, step_error
from desktop.rules.view import PlayView, view_of
from desktop.scenario.model import Scenario


@dataclass
class Setup:
    """Everything a game starts from (the start dialog fills it in)."""

    scenario: Scenario
    ruleset: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    dice: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    #: The computer's seats: side id -> its level and style; a side not here is
    #: played by a person.
    seats: dict[str, Computer] = field(default_factory=dict)
    scenario_path: Path | None = None

    def computer(self, side: str | None) -> Computer | None:
        """The computer seat that plays `side`, or None when a person does."""
        return None if side is None else self.seats.get(side)


def seats_of(record: Record) -> dict[str, Computer]:
    """The computer seats a record names; a word no level or style has gives a
    RecordError naming the file and the field."""
    where = f"{record.source}: " if record.source else ""
    out: dict[str, Computer] = {}
    for side, data in record.seats.items():
        try:
            out[side] = Computer.from_json(dict(data))
        except ValueError as e:
            raise RecordError(f"{where}seats.{side}: {e}") from None
    return out


def default_ruleset(scenario: Scenario) -> str:
    """The scenario's own ruleset if it is registered, else the first registered one
    that can start the game on it, else the first registered one."""
    from desktop.rules.checks import playable_under  # shapely: only when asked

    ids = registry.ids()
    if scenario.ruleset in ids:
        return str(scenario.ruleset)
    if not ids:
        raise LookupError("no rulesets are registered")
    playable = playable_under(scenario)
    return playable[0].id if playable else ids[0]


@dataclass(frozen=True)
class Step:
    """One applied action and what it caused."""

    index: int  # 0-based position in the game's history
    action: str
    side: str | None  # who took it
    turn: int
    phase: str
    events: tuple[Event, ...]
    draws: tuple[Draw, ...]
    #: The action in words, as the view described it before it was applied.
    said: str = ""


@dataclass(frozen=True)
class StrengthPoint:
    step: int  # number of actions applied
    turn: int
    values: Mapping[str, float]


class Session:
    """One game and its steps.  Build with :meth:`start` or :meth:`from_record`."""

    def __init__(self, game: Game, setup: Setup, steps: list[Step] | None = None) -> None:
        self.game = game
        self.setup = setup
        self.play_view: PlayView = view_of(game)
        self.steps: list[Step] = list(steps or [])
        self.opening: tuple[Event, ...] = tuple(game.events[: len(game.events)])
        label, values = self.play_view.strength()
        self.strength_label = label
        self.series: list[StrengthPoint] = [StrengthPoint(0, game.turn, values)]
        self.rng = random.Random(setup.seed + 1)

    @classmethod
    def start(cls, setup: Setup) -> Session:
        rs = registry.get(setup.ruleset)
        game = rs.new_game(setup.scenario, setup.options, setup.seed, setup.dice, setup.cards)
        return cls(game, setup)

    @classmethod
    def from_record(cls, record: Record, path: Path | None = None) -> Session:
        """A session that has replayed every action of `record`, step by step."""
        setup = Setup(record.scenario, record.ruleset, dict(record.options), record.seed,
                      list(record.dice), list(record.cards), seats_of(record),
                      _scenario_file(record, path))
        game = replay(record, until=0)  # set-up faults become a RecordError naming the file
        s = cls(game, setup)
        for i, text in enumerate(record.actions):
            try:
                s.apply(game.parse_action(text))
            except Exception as e:
                raise step_error(record, i, text, e) from None
        return s

    # -- state ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.outcome is not None

    def computer_to_act(self) -> Computer | None:
        """The computer seat whose side acts now (None: a person's turn, or over)."""
        return None if self.over else self.setup.computer(self.game.side)

    def person_to_act(self) -> bool:
        """Is it a person's turn (the game not over)?"""
        return not self.over and self.game.side is not None and self.computer_to_act() is None

    def side_name(self, side: str | None) -> str:
        if side is None:
            return "nobody"
        for s in self.game.scenario.sides:
            if s.id == side:
                return s.name
        return side

    def side_plural(self, side: str | None) -> bool | None:
        """Whether the scenario says the side's name takes a plural verb (None: it
        does not say; the wording guesses from the name)."""
        return next((s.plural for s in self.game.scenario.sides if s.id == side), None)

    # -- acting -----------------------------------------------------------------------

    def check(self, action: Action) -> str | None:
        return self.game.check(action)

    def apply(self, action: Action) -> Step:
        """Apply `action` (raises IllegalAction) and keep the step."""
        g = self.game
        side, turn, phase = g.side, g.turn, g.phase
        n_draws = len(g.chance.log)
        said = self.play_view.describe(action)  # before: the pieces are where they were
        events = g.apply(action)
        step = Step(len(g.history) - 1, action.text(), side, turn, phase, tuple(events),
                    tuple(g.chance.log[n_draws:]), said)
        self.steps.append(step)
        self.play_view = view_of(g)
        _, values = self.play_view.strength()
        self.series.append(StrengthPoint(len(self.steps), g.turn, values))
        return step

    def apply_text(self, text: str) -> Step:
        return self.apply(self.game.parse_action(text))

    def computer_action(self, stop: StopFlag | None = None,
                        passes: int | None = None) -> Action:
        """What the seat of the side to act would do now (the game is not changed;
        `stop` cancels a Veteran's thinking, `passes` caps it for repeatable play)."""
        seat = self.computer_to_act()
        if seat is None:
            raise ValueError("no computer seat is to act")
        return seat.choose(self.game, self.rng, stop, passes)

    def can_undo(self) -> bool:
        """The last action can be taken back when it rolled nothing."""
        return bool(self.steps) and not self.steps[-1].draws

    def undo(self) -> Step:
        """Take back the last action (it drew no dice): replay the record without it."""
        if not self.can_undo():
            raise ValueError("the last action rolled dice: it cannot be taken back")
        rec = self.record()
        last = self.steps.pop()
        self.series.pop()
        self.game = replay(rec, len(rec.actions) - 1)
        self.play_view = view_of(self.game)
        return last

    # -- records ---------------------------------------------------------------------

    def record(self, save_to: Path | None = None) -> Record:
        """The game as a record.  With `save_to`, an unchanged scenario file is
        written as a path relative to it; otherwise the scenario is inlined."""
        path: str | None = None
        sp = self.setup.scenario_path
        if save_to is not None and sp is not None and self.game.scenario == _load_quiet(sp):
            path = _relative(sp, save_to.parent)
        rec = record_of(self.game, path)
        rec.seats = {side: {k: v for k, v in seat.to_json().items()
                            if isinstance(v, (str, float))}
                     for side, seat in self.setup.seats.items()}
        return rec

    def replay_game(self, until: int) -> Game:
        """The game as it stood after the first `until` actions."""
        return replay(self.record(), until)


# --- strength over the turns -----------------------------------------------------------


def series_by_turn(points: list[StrengthPoint]) -> tuple[list[float], dict[str, list[float]]]:
    """x = 0 for the start, then t for the state at the end of turn t (the turn in
    progress gives its latest value); y per side."""
    if not points:
        return [], {}
    xs: list[float] = [0.0]
    ys: dict[str, list[float]] = {k: [float(v)] for k, v in points[0].values.items()}
    last = max(p.turn for p in points)
    for t in range(1, last + 1):
        after = next((p for p in points if p.turn > t), None)
        if after is None:
            during = [p for p in points[1:] if p.turn == t]
            if not during:
                break
            after = during[-1]
        xs.append(float(t))
        for k in ys:
            ys[k].append(float(after.values.get(k, 0.0)))
    return xs, ys


# --- deployment ------------------------------------------------------------------------


def deploy_problem(scenario: Scenario, pid: str, pos: tuple[float, float],
                   facing: float) -> str | None:
    """Why a unit may not stand at `pos` before the first turn (None: it may).

    It must lie inside its side's deployment zone (docs/scenario-format.md) and
    not overlap another unit.  Officers must stand inside the zone too.
    """
    from shapely.geometry import Point as SPoint
    from shapely.geometry import Polygon

    from desktop.scenario.geometry import deployment_zone, rect_corners

    side = scenario.side_of(pid)
    zone = Polygon(deployment_zone(scenario, side.id)).buffer(1e-6)
    unit = next((u for u in side.units if u.id == pid), None)
    if unit is None:
        return None if zone.covers(SPoint(pos)) else "it must stay inside its side's zone"
    fp = Polygon(rect_corners(pos, unit.base.frontage, unit.base.depth, facing))
    if not zone.covers(fp):
        return "it must stay inside its side's deployment zone"
    for _, other in scenario.all_units():
        if other.id == pid:
            continue
        ofp = Polygon(rect_corners(other.position, other.base.frontage, other.base.depth,
                                   other.facing))
        if fp.intersection(ofp).area > 1e-3:
            return f"it would overlap {other.name}"
    return None


def deploy(scenario: Scenario, pid: str, pos: tuple[float, float], facing: float) -> Scenario:
    """The scenario with piece `pid` placed at `pos` facing `facing`."""
    sides = []
    for s in scenario.sides:
        units = tuple(u.moved(pos, facing) if u.id == pid else u for u in s.units)
        officers = tuple(replace(o, position=pos, facing=facing) if o.id == pid else o
                         for o in s.officers)
        sides.append(replace(s, units=units, officers=officers))
    return replace(scenario, sides=tuple(sides))


# --- helpers ---------------------------------------------------------------------------


def _scenario_file(record: Record, path: Path | None) -> Path | None:
    if record.scenario_path is None:
        return None
    p = Path(record.scenario_path)
    return p if p.is_absolute() or path is None else path.parent / p


def _load_quiet(path: Path) -> Scenario | None:
    from desktop.scenario import ScenarioError, load

    try:
        return load(path)
    except (ScenarioError, OSError):
        return None


def _relative(path: Path, base: Path) -> str:
    import os

    try:
        return os.path.relpath(path.resolve(), base.resolve())
    except ValueError:  # another drive on Windows
        return str(path.resolve())
