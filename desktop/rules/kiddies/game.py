"""Kiddies as a game: figures, spans, hand to hand and flicked shots (seed 000).

The turn (seed, "Turn sequence"; RULINGS "Kiddies"):

1. initiative: both sides roll a d6, re-rolling ties; the winner chooses to
   move first or second (``choose``);
2. movement: the first side moves any of its figures (one at a time, a
   selected group together, or a cavalry charge), then the second side;
3. hand to hand, once, for every fight between enemy figures in contact;
4. shooting in three categories, cannon, volley, skirmisher: each has its own
   roll-off (skipped only when neither side can fire that category; a tie
   cancels it); the winner fires everything it may, then the loser.

Victory is judged by :class:`~desktop.rules.victory.VictoryJudge` from one
view per figure (cannons are not men).

This module holds the game's construction and the engine's entry points
(apply an action, odds, copies, self-checks, pictures) and the ruleset. The
rules live in the modules `KiddiesGame` is built from, each one concern:
`base` (the fields, the answers kept per state, who is where, cannons
manned), `movement` (moves and exits), `charge`, `shooting`, `melee`,
`judge` (victory), `turns` (the sequence of play), `legality` (checks and
the listed actions), `sampling` (random candidates) and `words`.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from desktop.rules.action_odds import Odds
from desktop.rules.chance import Chance
from desktop.rules.engine import (
    JSON,
    OVER,
    Action,
    Event,
    OptionSpec,
    OptionValue,
    Outcome,
    Phase,
    RulesError,
    Ruleset,
    SizeLimits,
)
from desktop.rules.kiddies.actions import (
    SHOT_KINDS,
    Charge,
    Choose,
    End,
    Exit,
    Fell,
    GroupMove,
    Move,
    Shoot,
    parse,
)

# `_grid_of` is imported from here by the tests
from desktop.rules.kiddies.base import _grid_of as _grid_of
from desktop.rules.kiddies.constants import (
    CANNON,
    DEFAULT_TURN_LIMIT,
    IMPASSABLE,
    MOVE_SPANS,
    REGULAR,
    RULESET_ID,
)
from desktop.rules.kiddies.pieces import (
    ACTIVE,
    DESTROYED,
    EXITED,
    KILLED,
    Figure,
    expand,
    expand_unit,
)
from desktop.rules.kiddies.sampling import KiddiesSampling
from desktop.rules.kiddies.table import CUT_SLACK, KiddiesTable
from desktop.rules.kiddies.turns import KiddiesTurns
from desktop.rules.kiddies.words import _r
from desktop.rules.options import Choice, turn_limit_option
from desktop.rules.placement import forbidden_ground
from desktop.rules.position_cache import PositionCache
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import ExitUnits, LastManStanding, OccupyFeature, Point, Scenario, Unit
from desktop.scenario.vocabulary import OPPOSITE_EDGE, Edge

PHASES = (
    Phase("choose", "Initiative", True,
          "Both roll a die (ties roll again); the winner moves first or second."),
    Phase("move", "Movement", True,
          "Move figures one at a time or as a group, up to their spans; three cavalry "
          "in line may charge."),
    Phase("melee", "Hand to hand", False,
          "Every fight between enemy figures in contact is rolled."),
    Phase("cannon", "Cannon fire", True,
          "The roll-off winner fires each manned cannon once, then the loser."),
    Phase("volley", "Volley fire", True,
          "The roll-off winner fires each volley group once, then the loser."),
    Phase("skirmish", "Skirmisher fire", True,
          "The roll-off winner takes one skirmisher shot, then the loser."),
)


SHOT_OPTIONS = ("simulated", "tabletop")


class KiddiesGame(KiddiesTurns, KiddiesSampling):
    phases = PHASES
    free_action_kinds = frozenset({"move", "group", "charge", "cannon", "volley", "skirmish",
                                   "fell"})

    def __init__(
        self,
        ruleset: Ruleset,
        scenario: Scenario,
        options: Mapping[str, OptionValue],
        seed: int,
        chance: Chance,
        script: tuple[tuple[int, ...], tuple[str, ...]] = ((), ()),
    ) -> None:
        super().__init__(ruleset, scenario, options, seed, chance)
        self.initial_script = script
        if len(scenario.sides) != 2:
            raise RulesError("Kiddies is played by exactly two sides")
        shots = str(self.options["shots"])
        if shots not in SHOT_OPTIONS:
            raise RulesError(f"option 'shots' must be one of {', '.join(SHOT_OPTIONS)}")
        self.tabletop = shots == "tabletop"
        self.table = KiddiesTable(scenario)
        victory = scenario.game.victory
        if not any(isinstance(v, LastManStanding) for v in victory):
            victory = (*victory, LastManStanding())
        #: Ruling: with no turn limit in the scenario, occupation is judged at the end
        #: of every turn and the option's limit ends the game in a draw.
        self.turn_limit = int(self.options["turn_limit"])
        self.judge = VictoryJudge(replace(scenario, game=replace(scenario.game, victory=victory)))
        self.sides = (scenario.sides[0].id, scenario.sides[1].id)
        self.figures: dict[str, Figure] = expand(scenario)
        self._fell_before(scenario)
        #: The largest half diagonal of any base (for cuts through the grid).
        self._widest = max((f.half_diagonal for f in self.figures.values()), default=0.0)
        #: The cannons, in the order of the figures (a figure's kind never changes).
        self._cannon_ids = tuple(fid for fid, f in self.figures.items() if f.kind == CANNON)
        #: Answers about the table as it stands (who is active, the lines, the
        #: shooters, the charges...), kept until a figure changes: `_changed` bumps
        #: `_ver` at every change, `_geo_ver` when one moves, falls, leaves or
        #: changes hands, `_status_ver` when one leaves the fight.
        self._ver = 0
        self._geo_ver = 0
        self._status_ver = 0
        #: Who is active on which side changes only when a figure leaves the fight
        #: or a cannon changes hands (not when one moves): those lists are kept
        #: per `_roster_ver`.
        self._roster_ver = 0
        self._roster: dict[str | None, tuple[Figure, ...]] = {}
        self._roster_memo_ver = 0
        #: The last grid made (for :meth:`_regrid`): the figures, their places, the
        #: grid, their ids.
        self._last_grid: tuple[tuple[Figure, ...], list[tuple[float, float]],
                               dict[tuple[int, int], list[int]], tuple[str, ...]] | None = None
        self._memo = PositionCache()  # per `_ver`
        self._geo_memo = PositionCache()  # per `_geo_ver`
        self._immediate: tuple[int, Outcome | None] | None = None
        self._turn = 0
        self._phase = "choose"
        self._side: str | None = None
        self._outcome: Outcome | None = None
        self.initiative = ""
        self.first = ""
        #: Shooting order of the current category and who of it is acting.
        self.order: tuple[str, ...] = ()
        self.order_index = 0
        #: Cannons manned at the start of the turn, by the side manning them.
        self.manned_at_start: dict[str, str] = {}
        #: Sides that took their skirmisher shot this turn.
        self.skirmished: set[str] = set()
        #: What became of each shooting category this turn ("fired", "tie", "none").
        self.categories: dict[str, str] = {}
        self.flicks = 0
        #: Centres of the features each side wins by occupying (for the random player).
        self._occupy_targets: dict[str, list[Point]] = {}
        for c in scenario.game.victory:
            if isinstance(c, OccupyFeature) and c.feature in self.table.index.by_id:
                area = self.table.index.areas[self.table.index.by_id[c.feature]]
                pt = area.representative_point()
                self._occupy_targets.setdefault(c.side, []).append((float(pt.x), float(pt.y)))
        #: Sides that win by leaving by the enemy's baseline (for the random player:
        #: only an edge the judge counts, seed "exiting a Regular Infantryman off his
        #: opponent's baseline").
        self._exit_sides = frozenset(
            c.side for c in scenario.game.victory if isinstance(c, ExitUnits)
            and c.side in self.sides and (c.edge or OPPOSITE_EDGE[scenario.side(c.side).baseline])
            is self.exit_edge(c.side))
        #: Where the centres of the figures that may leave lie, per side: whether
        #: the band runs across (x) or down (y), and its bounds (see `_exits`).
        reach = MOVE_SPANS[REGULAR] * self.table.span + CUT_SLACK
        w, d, inf = self.table.width, self.table.depth, math.inf
        self._exit_band: dict[str, tuple[bool, float, float]] = {
            s: {Edge.WEST: (True, -inf, reach), Edge.EAST: (True, w - reach, inf),
                Edge.NORTH: (False, -inf, reach), Edge.SOUTH: (False, d - reach, inf)}[
                self.exit_edge(s)] for s in self.sides}
        self._update_cannons()
        self.events.extend(self._start_turn())

    def _fell_before(self, scenario: Scenario) -> None:
        """Figures the scenario says fell before the battle (``start: kiddies:
        fallen``) lie killed from the start: the rear ones of their unit."""
        for _side, u in scenario.all_units():
            fallen = int(self.ruleset.start_state(u)["fallen"])
            if fallen:
                men = [f for f in self.figures.values() if f.unit == u.id and f.kind != CANNON]
                for f in men[len(men) - fallen:]:
                    f.status = KILLED

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return OVER if self._outcome is not None else self._phase

    @property
    def side(self) -> str | None:
        return None if self._outcome is not None else self._side

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self, seed: int | None = None) -> KiddiesGame:
        other = copy.copy(self)
        other.figures = {k: f.copy() for k, f in self.figures.items()}
        # the answers carry over, all but the lists of this game's own figures
        other._memo = self._memo.copy()
        other._geo_memo = self._geo_memo.copy()
        other._roster = {}  # lists of this game's own figures
        other.manned_at_start = dict(self.manned_at_start)
        other.skirmished = set(self.skirmished)
        other.categories = dict(self.categories)
        other.chance = self.chance.clone(seed)
        other.history = list(self.history)
        other.events = list(self.events)
        other.options = dict(self.options)
        return other

    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        side = self._side
        assert side is not None
        if isinstance(action, Choose):
            self.first = side if action.first else self.other(side)
            ev.append(Event("initiative", f"{self._name(side)} will move "
                            f"{'first' if action.first else 'second'}",
                            {"side": side, "first": self.first}))
            self._phase = "move"
            self._side = self.first
            ev.append(self._phase_event())
            return ev
        if isinstance(action, End):
            self._end(ev)
            return ev
        if isinstance(action, Move):
            self._place(self.figures[action.figure], action.to[0], action.to[1],
                        action.facing, ev)
        elif isinstance(action, GroupMove):
            figs = [self.figures[i] for i in action.figures]
            for fid, (x, y, fc) in self.move_ends(figs, action.by, action.turn).items():
                self._place(self.figures[fid], x, y, fc, ev)
        elif isinstance(action, Charge):
            self._charge(side, action, ev)
        elif isinstance(action, Exit):
            f = self.figures[action.figure]
            f.status = EXITED
            f.moved = True
            f.exited = self.exit_edge(side)
            self._changed(status=True)
            ev.append(Event("exit", f"{f.id} leaves by the {f.exited.value} edge",
                            {"figure": f.id, "edge": f.exited.value}))
        elif isinstance(action, Shoot):
            self._shoot(side, action, ev)
        elif isinstance(action, Fell):
            self._mark_fired(side, self._phase, action.shooter)
            self._tabletop(action, ev)
        self._update_cannons()
        if self._check_immediate(ev):
            return ev
        if isinstance(action, Shoot | Fell) and not self.shooters(side, self._phase):
            self.order_index += 1
            self._next_shooter(ev)
        return ev

    def odds(self, action: Action) -> Odds | None:
        """What a legal move or charge brings, in ids: a move that ends in contact,
        the exact odds of the hand-to-hand fight it makes; a charge, whom it rides
        down (certain).  None for a flick: its flight is a physics simulation with
        no exact chances, so the play view estimates them from simulated tries on
        a copy (``KiddiesView.odds``, with a margin)."""
        if not isinstance(action, Move | GroupMove | Charge) or self.check(action) is not None:
            return None
        if isinstance(action, Charge):
            plan = self.charge_plan(self.side or "", action.figures, action.facing)
            if isinstance(plan, str):
                return None
            n = len(plan.victims)
            who = ",".join(plan.victims) if plan.victims else "nobody"
            return Odds(f"Charge: {','.join(action.figures)} ride down {who}",
                        [(f"{n} ridden down" if n else "nobody in the path", Fraction(1))],
                        ["no dice: every infantryman in the path falls, of either side"])
        fight = self.contact_fight(action)
        if fight is None:
            return None
        mine, theirs, win, draw, loss = fight
        return Odds(f"Hand to hand: {','.join(mine)} against {','.join(theirs)}",
                    [("win", win), ("all fall", draw), ("lose", loss)],
                    ["if the fight stands when both sides have moved", "exact odds"])

    def contact_fight(self, action: Move | GroupMove) -> tuple[
            tuple[str, ...], tuple[str, ...], Fraction, Fraction, Fraction] | None:
        """The hand-to-hand fight a legal move would bring its movers into, if it
        ends in contact: (the movers' side of it, the other, the movers' exact
        chances to win, all fall, lose).  Tried on a copy; nothing is drawn."""
        movers = {action.figure} if isinstance(action, Move) else set(action.figures)
        after = self.clone(0)  # a move draws nothing; the copy's own source is never used
        after.apply(action)
        for a, b, o in after.melee_odds():
            if movers & set(a) or movers & set(b):
                mine, theirs = (a, b) if movers & set(a) else (b, a)
                win, loss = (o.win, o.loss) if mine == a else (o.loss, o.win)
                return mine, theirs, win, o.draw, loss
        return None

    def invariant_problems(self) -> list[str]:
        out: list[str] = []
        w, d = self.table.width, self.table.depth
        for f in self.figures.values():
            if f.active and not (0.0 <= f.x <= w and 0.0 <= f.y <= d):
                out.append(f"{f.id} is on the table but its centre is off it")
            if f.status not in (ACTIVE, KILLED, DESTROYED, EXITED):
                out.append(f"{f.id} has status {f.status}")
            if f.kind == CANNON and f.status == KILLED:
                out.append(f"cannon {f.id} was killed (cannons are only destroyed)")
            if not 0.0 <= f.facing < 360.0:
                out.append(f"{f.id} faces {f.facing}")
        if self._outcome is None and self._phase in SHOT_KINDS:
            s = self._side
            if s is None or not self.shooters(s, self._phase):
                out.append(f"{s} is to shoot in {self._phase} with nothing able to fire")
        return out

    def units_json(self) -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        for f in self.figures.values():
            item: dict[str, JSON] = {
                "id": f.id, "side": f.side, "kind": "unit", "type": f.type.value,
                "figure": f.kind, "unit": f.unit,
                "x": _r(f.x), "y": _r(f.y), "facing": _r(f.facing),
                "frontage": f.frontage, "depth": f.depth,
                "status": f.status, "moved": f.moved, "fired": f.fired,
            }
            if f.kind == CANNON:
                item["manned"] = self.manned(f)
            out.append(item)
        return out

    def counters_json(self) -> dict[str, JSON]:
        return {
            "initiative": self.initiative or None,
            "first": self.first or None,
            "shots": "tabletop" if self.tabletop else "simulated",
            "categories": dict(self.categories),
            "figures_left": {s: len([f for f in self.active(s) if f.kind != CANNON])
                             for s in self.sides},
            "volley_groups": {s: [list(g) for g in self.groups(s)] for s in self.sides},
        }


def _men_in(u: Unit) -> int:
    """The figures of a unit that can fall (a battery's crew, not its cannon)."""
    return sum(1 for f in expand_unit("", u) if f.kind != CANNON)


class KiddiesRuleset(Ruleset):
    id = RULESET_ID
    name = "Kiddies"
    description = ("Rules for children: every figure is a piece, moves are measured in spans "
                   "and shots are flicked pellets (simulated, or flicked on a real table).")
    #: The largest scenario it plays at a usable speed (tests/benchmarks/bench_big.py,
    #: docs/benchmarks.md "Big tables"): every figure is a piece; at 720 figures an
    #: action took up to 0.5 s and a flick 0.4 s, at 1,940 figures 4 s.
    limits = SizeLimits(figures=600)
    options = (
        OptionSpec("shots", "simulated",
                   "Who flicks the shots: the program, or you with real pellets on your "
                   "table, recording which figures fell.",
                   label="Shots", choices=(
                       Choice("simulated", "Flicked by the program"),
                       Choice("tabletop", "Flicked on your table"))),
        turn_limit_option(DEFAULT_TURN_LIMIT),
    )
    #: A unit may start with figures already fallen (a second day's battle);
    #: at least one figure (besides any cannon) stays standing.
    start_fields = (
        StartField("fallen", "Figures fallen",
                   "Figures already fallen when the battle starts (the rear ones).",
                   most=lambda u: _men_in(u) - 1, sheet="{n} figures fallen", sheet_mark="X"),
    )

    game_class = KiddiesGame

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def placement_problems(self, scenario: Scenario) -> list[LintProblem]:
        """Units standing on a hill or in a lake, which no Kiddies figure may
        enter (seed "Terrain")."""
        return forbidden_ground(scenario, self.name, lambda _t: IMPASSABLE)
