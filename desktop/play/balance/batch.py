"""One game of a balance batch: computer against computer, watched from outside.

A :class:`Batch` is what every game of a batch shares (the scenario, the
ruleset, the levels, the seed, a turn limit to play to); :func:`play_game`
plays game number `index` of it and returns a small :class:`GameResult`.
Game i is seeded from (seed, i) alone and the levels swap sides every game,
so a batch gives the same results whichever process, machine or order plays
its games.

Everything is read through the public engine and play-view API: the outcome,
the turn, the view's pieces (position and status) and the events, never a
ruleset's own code.  What counts as fighting is read from the events: an
event that names a `target`, or one of the kinds the ruleset declares as
losses (``Ruleset.loss_events``: hits, casualties, men killed...), involves
every unit it names.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as dataclasses_field

from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.play.levels import Computer, Level
from desktop.rules import registry
from desktop.rules.engine import JSON, Event, Game, OptionValue
from desktop.rules.view import view_of
from desktop.rules.view_values import PieceInfo
from desktop.scenario.model import Scenario, TurnLimit

#: Actions a game may take before it is given up as unfinished (a draw).
MAX_ACTIONS = 20_000
#: Veteran search passes a decision, so that its games repeat exactly (its
#: time budget would depend on the machine's speed and load).  About what its
#: default CPU second buys on the development machine: 190 to 260 passes on
#: the Crossroads, 470 to 500 on the Windmill Ridge; a Veteran-against-Steady
#: game of the Crossroads then costs 36 s CPU.
VETERAN_PASSES = 200
#: Event data keys that name the pieces an event is about.
PIECE_KEYS = ("unit", "target", "shooter", "piece", "figure")
#: Event data keys that list pieces.
PIECE_LIST_KEYS = ("victims", "firers")
#: How far (inches) a unit must be from where it started to have moved.
MOVED = 0.01


@dataclass(frozen=True)
class Batch:
    """What every game of a batch shares; plain data a worker process receives."""

    scenario: Scenario
    ruleset: str
    #: One level (it plays both sides) or two (they swap sides every game).
    levels: tuple[Level, ...]
    seed: int
    #: The turn limit to play to; None keeps the scenario's (and ruleset's) own.
    turn_limit: int | None = None

    def seats(self, index: int) -> dict[str, Level]:
        """Who plays each side in game `index`: the levels swap every game."""
        sides = [s.id for s in self.scenario.sides]
        levels = self.levels if len(self.levels) > 1 else self.levels * len(sides)
        shift = index % len(sides)
        return {side: levels[(i + shift) % len(levels)] for i, side in enumerate(sides)}

    def game_seed(self, index: int) -> int:
        """The seed of game `index`, from (seed, index) alone."""
        return random.Random(f"volley-balance:{self.seed}:{index}").getrandbits(31)


def current_turn_limit(scenario: Scenario, ruleset: str) -> int | None:
    """The turn limit a game of `scenario` is played to: the scenario's own, else
    the ruleset's ``turn_limit`` option (None when there is neither)."""
    for cond in scenario.game.victory:
        if isinstance(cond, TurnLimit):
            return cond.turns
    options = registry.get(ruleset).resolve_options(scenario, None)
    limit = options.get("turn_limit")
    return limit if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0 \
        else None


def with_turn_limit(scenario: Scenario, ruleset: str, turns: int
                    ) -> tuple[Scenario, dict[str, OptionValue]]:
    """`scenario` and ruleset options that play it to `turns` turns.

    A scenario with a turn limit gets it changed (its fallback kept); one
    without gets the ruleset's ``turn_limit`` option if it has one, and
    otherwise a turn limit that ends in a draw.
    """
    victory = scenario.game.victory
    if any(isinstance(c, TurnLimit) for c in victory):
        victory = tuple(replace(c, turns=turns) if isinstance(c, TurnLimit) else c
                        for c in victory)
        return replace(scenario, game=replace(scenario.game, victory=victory)), {}
    options = registry.get(ruleset).default_options()
    if isinstance(options.get("turn_limit"), int):
        return scenario, {"turn_limit": turns}
    victory = (*victory, TurnLimit(turns))
    return replace(scenario, game=replace(scenario.game, victory=victory)), {}


@dataclass(frozen=True)
class GameResult:
    """What one game of a batch came to: small, so that it travels between processes."""

    index: int
    #: The level word that played each side, by side id.
    seats: Mapping[str, str]
    #: The winning side's id, None for a draw or an unfinished game.
    winner: str | None
    #: The referee's reason, in its words.
    reason: str
    #: One of report.ENDING_KINDS.
    ending: str
    #: The turn the game ended in.
    turns: int
    #: At the end of each turn, the holder of each objective (side id or None),
    #: in the scenario's order of objectives.
    held: tuple[tuple[str | None, ...], ...]
    #: Units that ended the game off the table (not by leaving it as told).
    lost: frozenset[str]
    #: Units that moved from where the scenario put them.
    moved: frozenset[str]
    #: Units that fought: attacked, were attacked or took losses.
    fought: frozenset[str]
    #: The boxes each unit has crossed off its roster track at the end (hits,
    #: casualties, Combat Value, men or figures: the play view's losses), by
    #: unit id; units that lost nothing are left out.
    worn: Mapping[str, int] = dataclasses_field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"index": self.index, "seats": dict(self.seats), "winner": self.winner,
                "reason": self.reason, "ending": self.ending, "turns": self.turns,
                "held": [list(h) for h in self.held], "lost": sorted(self.lost),
                "moved": sorted(self.moved), "fought": sorted(self.fought),
                "worn": dict(sorted(self.worn.items()))}


def ending_kind(winner: str | None, reason: str, finished: bool) -> str:
    """Which kind of ending the referee's reason describes (see report.ENDING_KINDS)."""
    if not finished:
        return "unfinished"
    if reason.startswith("turn limit"):
        return "turn_limit"
    if " broke " in f" {reason} ":
        return "army_break"
    return "victory"


def holder(area: BaseGeometry, pieces: Iterable[PieceInfo]) -> str | None:
    """The side holding an objective: it alone has a unit touching the marker
    (the rule of desktop.rules.victory, read from the play view's pieces)."""
    there = {p.side for p in pieces
             if p.present and not p.is_officer and area.intersects(p.footprint())}
    return next(iter(there)) if len(there) == 1 else None


def _unit_of(word: object, units: frozenset[str]) -> str | None:
    if not isinstance(word, str):
        return None
    if word in units:
        return word
    base = word.rsplit(".", 1)[0]
    return base if base in units else None


def fighters(event: Event, units: frozenset[str],
             loss_events: frozenset[str]) -> set[str]:
    """The units an event shows fighting (none for a move, a phase, a roll...):
    those it names if it has a target or is one of the ruleset's `loss_events`."""
    data = event.data
    if "target" not in data and event.kind not in loss_events:
        return set()
    named: list[object] = [data.get(k) for k in PIECE_KEYS]
    for key in PIECE_LIST_KEYS:
        value = data.get(key)
        if isinstance(value, list | tuple):
            named.extend(value)
    return {u for u in (_unit_of(w, units) for w in named) if u is not None}


class Watcher:
    """Follows one game from outside and remembers what the report needs."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.view = view_of(game)
        sc = game.scenario
        self.units = frozenset(u.id for _, u in sc.all_units())
        self.areas = [SPoint(o.position).buffer(o.radius, 32) for o in sc.game.objectives]
        #: Each piece of a unit (a unit, or one figure of it) -> the unit's id.
        self.unit_of = {pid: u for pid in self.view.pieces()
                        if (u := _unit_of(pid, self.units)) is not None}
        self.start = {pid: p.pos for pid, p in self.view.pieces().items() if pid in self.unit_of}
        self.held: list[tuple[str | None, ...]] = []
        self.moved: set[str] = set()
        self.fought: set[str] = set()
        self.attacks = self.view.attack_kinds
        self.turn = game.turn

    def _look(self) -> None:
        pieces = self.view.pieces()
        self.held.append(tuple(holder(a, pieces.values()) for a in self.areas))
        for pid, p in pieces.items():
            start = self.start.get(pid)
            if start is not None and (abs(p.x - start[0]) > MOVED or abs(p.y - start[1]) > MOVED):
                self.moved.add(self.unit_of[pid])

    def after(self, action_text: str, events: list[Event]) -> None:
        """Note what one applied action did; look at the table when a turn ends."""
        words = action_text.split()
        if words and words[0] in self.attacks:
            for w in (words[1] if len(words) > 1 else None,
                      words[2] if len(words) > 2 and "," not in words[2] else None):
                u = _unit_of(w, self.units)
                if u is not None:
                    self.fought.add(u)
        for e in events:
            self.fought |= fighters(e, self.units, self.game.ruleset.loss_events)
        if self.game.over:
            self._look()
        else:
            while self.turn < self.game.turn:
                self._look()
                self.turn += 1

    def lost(self) -> frozenset[str]:
        """Units none of whose pieces is on the table, unless one left it as told."""
        present: set[str] = set()
        exited: set[str] = set()
        for pid, p in self.view.pieces().items():
            unit = self.unit_of.get(pid)
            if unit is None:
                continue
            if p.present:
                present.add(unit)
            elif p.status == "exited":
                exited.add(unit)
        return frozenset(set(self.unit_of.values()) - present - exited)

    def worn(self) -> dict[str, int]:
        """The boxes each unit has crossed off its roster track (units only)."""
        return {uid: loss.lost for uid, loss in self.view.losses().items()
                if uid in self.units and loss.lost > 0}


def play_game(batch: Batch, index: int, max_actions: int = MAX_ACTIONS) -> GameResult:
    """Play game `index` of `batch` to its end and say how it went."""
    scenario = batch.scenario
    options: dict[str, OptionValue] = {}
    if batch.turn_limit is not None:
        scenario, options = with_turn_limit(batch.scenario, batch.ruleset, batch.turn_limit)
    seed = batch.game_seed(index)
    game = registry.get(batch.ruleset).new_game(scenario, options, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    seats = batch.seats(index)
    # The Veteran's budget is its passes alone: a time budget would make its
    # games depend on the machine's speed and load.
    players = {side: Computer(level, seconds=math.inf) for side, level in seats.items()}
    watcher = Watcher(game)
    n = 0
    while game.outcome is None and n < max_actions:
        side = game.side
        assert side is not None
        action = players[side].choose(game, rng, passes=VETERAN_PASSES)
        events = game.apply(action)
        watcher.after(action.text(), events)
        n += 1
    if game.outcome is None:
        watcher._look()
    out = game.outcome
    winner = out.winner if out is not None else None
    # The referee's reason may name a feature by its id: a person reads names.
    reason = watcher.view.names_in(out.reason) if out is not None \
        else f"stopped after {max_actions} actions"
    fought = watcher.fought | watcher.lost()
    return GameResult(index, {s: lv.value for s, lv in seats.items()}, winner, reason,
                      ending_kind(winner, reason, out is not None), game.turn,
                      tuple(watcher.held), watcher.lost(), frozenset(watcher.moved),
                      frozenset(fought), watcher.worn())

