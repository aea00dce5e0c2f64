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
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TypeVar

from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from desktop.rules.action_odds import Odds
from desktop.rules.chance import Chance
from desktop.rules.engine import (
    JSON,
    OVER,
    Action,
    Event,
    Game,
    OptionSpec,
    OptionValue,
    Outcome,
    Phase,
    RulesError,
    Ruleset,
    SizeLimits,
)
from desktop.rules.kiddies import flick
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
from desktop.rules.kiddies.constants import (
    CANNON,
    CAVALRY,
    CHARGE_PRECISION,
    CHARGE_ROAD_SPANS,
    CHARGE_SIZE,
    CHARGE_SPANS,
    DEFAULT_TURN_LIMIT,
    FRONT_ARC,
    IMPASSABLE,
    MAX_DOUBLE_UP,
    MAX_INFANTRY_ON_HORSE,
    MIN_STRENGTH,
    MOVE_SPANS,
    NO_VOLLEY_IN,
    OVERLAP_EPS,
    PELLET_OF,
    REGULAR,
    ROAD_BONUS_SPANS,
    RULESET_ID,
    SKIRMISHER,
    STRENGTH_DECIMALS,
)
from desktop.rules.kiddies.odds import FightOdds, Roll, fight_odds, rolls_for
from desktop.rules.kiddies.pieces import (
    ACTIVE,
    DESTROYED,
    EXITED,
    KILLED,
    Figure,
    expand,
    expand_unit,
)
from desktop.rules.kiddies.table import (
    CUT_SLACK,
    ChargePlan,
    KiddiesTable,
    crew_of,
    forward,
    lines,
    manning_side,
    may_overlap,
    overlapping,
    right,
    side_by_side,
    swept,
    touching,
    volley_windows,
)
from desktop.rules.notation import canonical_facing
from desktop.rules.options import Choice, turn_limit_option
from desktop.rules.piece_view import PieceView
from desktop.rules.placement import forbidden_ground
from desktop.rules.position_cache import PositionCache
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import (
    ExitUnits,
    LastManStanding,
    OccupyFeature,
    Point,
    Scenario,
    Unit,
)
from desktop.scenario.vocabulary import OPPOSITE_EDGE, Edge
from desktop.table.shapes import angle_diff, bearing, rounded

T = TypeVar("T")

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


_r = rounded  # records and snapshots round alike in every ruleset


#: What a shot of each category is, in the log ("g.gun fires its cannon: 2 fall").
SHOT_WORDS = {"cannon": "fires its cannon", "volley": "fires a volley",
              "skirmish": "takes the skirmisher shot"}


def _and(ids: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' (the log's way of listing figures)."""
    ids = list(ids)
    return ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} and {ids[-1]}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _spans(v: float) -> str:
    """A distance in spans as a player says it: '1 span', '0.71 spans', '2 spans'."""
    r = round(v, 2)
    return f"{r:g} span" + ("" if r == 1 else "s")


def _fell(n: int) -> str:
    return "none fall" if n == 0 else f"{n} fall" + ("s" if n == 1 else "")


def near_figures(geom: BaseGeometry, figures: Sequence[Figure]) -> list[Figure]:
    """The figures whose base may touch `geom`, in their order: a cheap cut by bounds
    (widened by each base's half diagonal) before the exact shapely tests, so that
    a check on a table of many figures builds only the footprints nearby."""
    x0, y0, x1, y1 = geom.bounds
    out = []
    for f in figures:
        r = math.hypot(f.frontage, f.depth) / 2 + NEAR_MARGIN
        if x0 - r <= f.x <= x1 + r and y0 - r <= f.y <= y1 + r:
            out.append(f)
    return out


#: Flight bodies by figure and place, shared by every position and every copy of a
#: game (a flight copies a body before it changes it, so these are never changed):
#: after a move only the mover's body is new.
_BODIES: dict[tuple[str, str, float, float, float, float, float], flick.Body] = {}
_BODIES_MAX = 1 << 15

#: Slack (inches) on near_figures' cut, far above rounding and far below a base.
NEAR_MARGIN = 1e-3
#: Side (inches) of the cells of the grid that finds the figures near a point.
GRID_CELL = 4.0


def _grid_of(figures: Sequence[Figure]) -> dict[tuple[int, int], list[int]]:
    """Positions in `figures` by the GRID_CELL cell of their centres."""
    cells: dict[tuple[int, int], list[int]] = {}
    for i, f in enumerate(figures):
        cells.setdefault((math.floor(f.x / GRID_CELL), math.floor(f.y / GRID_CELL)),
                         []).append(i)
    return cells


class KiddiesGame(Game):
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

    # -- the engine surface --------------------------------------------------------------------

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

    # -- pieces --------------------------------------------------------------------------------

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def _changed(self, place: bool = True, status: bool = False) -> None:
        """A figure moved, turned, fell, left or changed hands (`place`), or only
        fired or was readied for a new turn; `status`: it left the fight."""
        self._ver += 1
        if place or status:
            self._geo_ver += 1
        if status:
            self._status_ver += 1
            self._roster_ver += 1

    def _placed(self, key: object, make: Callable[[], T]) -> T:
        """`make()`, worked out once per placing of the figures (what does not read
        whether they have moved or fired this turn)."""
        return self._geo_memo.get(self._geo_ver, key, make)

    def _cached(self, key: object, make: Callable[[], T]) -> T:
        """`make()`, worked out once per state of the figures."""
        return self._memo.get(self._ver, key, make)

    def _active(self, side: str | None = None) -> tuple[Figure, ...]:
        if self._roster_memo_ver != self._roster_ver:
            self._roster = {}
            self._roster_memo_ver = self._roster_ver
        got = self._roster.get(side)
        if got is None:
            everyone = self._roster.get(None)
            if everyone is None:
                everyone = self._roster[None] = tuple(
                    f for f in self.figures.values() if f.status == ACTIVE)
            got = everyone if side is None else tuple(f for f in everyone if f.side == side)
            self._roster[side] = got
        return got

    def active(self, side: str | None = None) -> list[Figure]:
        return list(self._active(side))

    def _around(self, x: float, y: float, r: float) -> list[Figure]:
        """The active figures whose centres may lie within `r` of (x, y) across and down
        (a superset: a grid of GRID_CELL cells), in the order of :meth:`active`."""
        everyone = self._active()
        cells = self._placed(("grid",), lambda: self._regrid(everyone))
        found: list[int] = []
        for cx in range(math.floor((x - r) / GRID_CELL), math.floor((x + r) / GRID_CELL) + 1):
            for cy in range(math.floor((y - r) / GRID_CELL),
                            math.floor((y + r) / GRID_CELL) + 1):
                got = cells.get((cx, cy))
                if got:
                    found.extend(got)
        found.sort()
        return [everyone[i] for i in found]

    def _regrid(self, everyone: tuple[Figure, ...]) -> dict[tuple[int, int], list[int]]:
        """The grid of `everyone`, from the last one made for the same figures (or
        a clone's of them, the same ids in the same order) when there is one: only
        the figures that changed cell are moved (the last grid is left as it was:
        a clone may share it)."""
        last = self._last_grid
        now = [(f.x, f.y) for f in everyone]
        if last is None or (last[0] is not everyone
                            and last[3] != tuple([f.id for f in everyone])):
            cells = _grid_of(everyone)
            self._last_grid = (everyone, now, cells, tuple([f.id for f in everyone]))
            return cells
        _, places, old, ids = last
        cells = old
        if now == places:
            if last[0] is not everyone:
                self._last_grid = (everyone, now, cells, ids)
            return cells
        moved = [i for i, (p, q) in enumerate(zip(now, places, strict=True)) if p != q]
        floor = math.floor
        for i in moved:
            f = everyone[i]
            x, y = places[i]
            was = (floor(x / GRID_CELL), floor(y / GRID_CELL))
            key = (floor(f.x / GRID_CELL), floor(f.y / GRID_CELL))
            if key != was:
                if cells is old:
                    cells = dict(old)
                cells[was] = [j for j in cells[was] if j != i]
                if not cells[was]:
                    del cells[was]
                cells[key] = [*cells.get(key, ()), i]
        self._last_grid = (everyone, now, cells, ids)
        return cells

    def span(self) -> float:
        return self.table.span

    def allowance(self, f: Figure, on_road: bool = False) -> float:
        """How far (inches) the figure may move this turn (seed, "How to move")."""
        spans = MOVE_SPANS[f.kind] + (ROAD_BONUS_SPANS if on_road else 0.0)
        return spans * self.table.span

    def groups(self, side: str) -> list[tuple[str, ...]]:
        return list(self._volley_windows(side)[0])

    def _volley_windows(self, side: str) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
        return self._placed(("volley", side), lambda: volley_windows(self._active(side)))

    def _update_cannons(self) -> None:
        """A cannon belongs to the side manning it (RULINGS: either side may man it)."""
        for cid in self._cannon_ids:
            f = self.figures[cid]
            if f.status == ACTIVE:
                s = self._manning(f)
                if s is not None and s != f.side:
                    f.side = s
                    self._roster_ver += 1
                    self._changed()

    def manned(self, cannon: Figure) -> bool:
        return cannon.active and self._manning(cannon) == cannon.side

    def _manning(self, cannon: Figure) -> str | None:
        # crew_sides counts only figures within 4" across and down of the cannon
        return self._placed(("manning", cannon.id),
                            lambda: manning_side(cannon, self._around(cannon.x, cannon.y, 4.0)))

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None or self._side is None:
            return []
        if self._phase == "choose":
            return [Choose(True), Choose(False)]
        out: list[Action] = [End()]
        if self._phase == "move":
            for trio in self.charge_trios(self._side):
                mid = self.figures[trio[1]]
                a = Charge(trio, mid.facing)
                if self._check(a) is None:
                    out.append(a)
            out.extend(Exit(fid) for fid in self.exits(self._side))
        return out

    def _check(self, action: Action) -> str | None:
        side = self._side
        if side is None:
            return "nobody is to act"
        phase = self._phase
        if isinstance(action, Choose):
            return None if phase == "choose" else "the initiative has been chosen"
        if phase == "choose":
            return f"{self._name(side)} must choose to move first or second"
        if isinstance(action, End):
            return None
        if isinstance(action, Move | GroupMove | Charge | Exit):
            if phase != "move":
                return "figures move only in the movement phase"
            if isinstance(action, Move):
                return self._check_move(side, (action.figure,), (0.0, 0.0), 0.0, action)
            if isinstance(action, GroupMove):
                if len(action.figures) < 2:
                    return "a group is two figures or more"
                return self._check_move(side, action.figures, action.by, action.turn, None)
            if isinstance(action, Charge):
                plan = self._plan(side, action.figures, action.facing)
                return plan if isinstance(plan, str) else None
            return self._check_exit(side, action.figure)
        if isinstance(action, Shoot | Fell):
            if phase not in SHOT_KINDS:
                return "shots are taken in the shooting phases"
            if isinstance(action, Shoot):
                if self.tabletop:
                    return "this game is played with real flicks: record who fell on the table"
                if action.kind != phase:
                    return f"it is the {self.phase_info().name.lower()} phase"
                if not MIN_STRENGTH <= action.strength <= 1.0:
                    return f"strength runs from {MIN_STRENGTH} to 1"
                return self._check_shooter(side, phase, action.shooter, action.heading)
            if not self.tabletop:
                return "shots are simulated in this game (choose real flicks when starting one)"
            why = self._check_shooter(side, phase, action.shooter, None)
            if why:
                return why
            if len(set(action.figures)) != len(action.figures):
                return "a figure is listed twice"
            for fid in action.figures:
                f = self.figures.get(fid)
                if f is None or not f.active:
                    return f"there is no figure '{fid}' on the table"
            return None
        return f"'{action.text()}' is not a Kiddies action"

    def _own(self, side: str, fid: str) -> Figure | str:
        f = self.figures.get(fid)
        if f is None:
            return f"there is no figure '{fid}'"
        if not f.active:
            return f"{fid} is no longer on the table"
        if f.side != side:
            return f"{fid} is not yours"
        return f

    def _check_move(self, side: str, ids: Sequence[str], by: Point, turn: float,
                    single: Move | None) -> str | None:
        if len(set(ids)) != len(ids):
            return "a figure is listed twice"
        figs: list[Figure] = []
        for fid in ids:
            f = self._own(side, fid)
            if isinstance(f, str):
                return f
            if f.moved:
                return f"{fid} has already moved this turn"
            if f.kind == CANNON and self.manned_at_start.get(f.id) != side:
                return f"{fid} was not manned by two regulars at the start of the turn"
            figs.append(f)
        ends = self.move_ends(figs, by, turn) if single is None else {
            figs[0].id: (single.to[0], single.to[1], single.facing)}
        members = set(ids)
        for f in figs:
            x, y, facing = ends[f.id]
            end = f.footprint(x, y, facing)
            why = self.table.path_problem(f.footprint(), f.pos, (x, y), end)
            if why:
                return f"{f.id}: {why}"
            dist = math.hypot(x - f.x, y - f.y)
            road = self.table.on_road(f.pos, (x, y))
            if dist > self.allowance(f, road) + 1e-9:
                spans = dist / self.table.span
                return (f"{f.id} may move {_spans(self.allowance(f, road) / self.table.span)}"
                        f"{' on the road' if road else ''}, not {spans:.2f}")
            reach = f.half_diagonal
            hit = overlapping(end, [o for o in self._around(x, y, 4.0)
                                    if abs(o.x - x) < 4 and abs(o.y - y) < 4
                                    and o.id not in members and may_overlap(x, y, reach, o)])
            if hit is not None:
                return f"{f.id} would stand on {hit.id}"
        return None

    def move_ends(self, figs: Sequence[Figure], by: Point,
                  turn: float) -> dict[str, tuple[float, float, float]]:
        """Where a group moved by `by` and turned `turn` degrees about its centre ends."""
        cx = sum(f.x for f in figs) / len(figs) + by[0]
        cy = sum(f.y for f in figs) / len(figs) + by[1]
        a = math.radians(turn)
        c, s = math.cos(a), math.sin(a)
        out: dict[str, tuple[float, float, float]] = {}
        for f in figs:
            dx, dy = f.x + by[0] - cx, f.y + by[1] - cy
            out[f.id] = (cx + dx * c - dy * s, cy + dx * s + dy * c,
                         canonical_facing(f.facing + turn))
        return out

    def exit_edge(self, side: str) -> Edge:
        """The enemy's baseline, where an attacker's figure may leave the table."""
        return self.scenario.side(self.other(side)).baseline

    def _edge_distance(self, f: Figure, edge: Edge) -> float:
        return {Edge.NORTH: f.y, Edge.SOUTH: self.table.depth - f.y,
                Edge.WEST: f.x, Edge.EAST: self.table.width - f.x}[edge]

    def exits(self, side: str) -> list[str]:
        """The figures of `side` that may leave by the enemy's baseline now (``exit F``
        passes :meth:`check` in the movement phase), in the order of :meth:`active`."""
        return list(self._cached(("exits", side), lambda: self._exits(side)))

    def _exits(self, side: str) -> tuple[str, ...]:
        # A cheap cut first (the figures within a regular's move of the edge, with a
        # hair of slack: one comparison a figure), then _check_exit itself for the
        # few left, so that the list is exactly what check() allows.
        across, lo, hi = self._exit_band[side]
        figs = self._active(side)
        near = ([f for f in figs if lo <= f.x <= hi] if across
                else [f for f in figs if lo <= f.y <= hi])
        if not near:
            return ()
        return tuple(f.id for f in near if f.kind == REGULAR and not f.moved
                     and self._check_exit(side, f.id) is None)

    def _check_exit(self, side: str, fid: str) -> str | None:
        f = self._own(side, fid)
        if isinstance(f, str):
            return f
        if f.moved:
            return f"{fid} has already moved this turn"
        if f.kind != REGULAR:
            return "only a regular infantryman may leave by the enemy's baseline"
        edge = self.exit_edge(side)
        if self._edge_distance(f, edge) > self.allowance(f):
            return f"{fid} is more than its move from the {edge.value} edge"
        why = self.table.exit_problem(f.footprint(), f.pos, self._edge_point(f, edge))
        if why:
            return f"{fid}: {why}"
        return None

    def _edge_point(self, f: Figure, edge: Edge) -> Point:
        """Where the figure's centre crosses `edge`, leaving straight towards it."""
        return {Edge.NORTH: (f.x, 0.0), Edge.SOUTH: (f.x, self.table.depth),
                Edge.WEST: (0.0, f.y), Edge.EAST: (self.table.width, f.y)}[edge]

    # -- shooters ------------------------------------------------------------------------------

    def volley_group_of(self, side: str, fid: str) -> tuple[str, ...] | None:
        """The volley group a volley from `fid` fires with: `fid` at one end of five
        side-by-side regulars (seed: "FIVE Regular Infantry standing side-by-side";
        any five of a longer line, so the five in the open may fire when a sixth
        stands in a wood).  The group the table shows comes first, then any other
        five that may fire; failing both, a group that may not (to say why)."""
        return self._cached(("group of", side, fid), lambda: self._volley_group_of(side, fid))

    def _volley_group_of(self, side: str, fid: str) -> tuple[str, ...] | None:
        groups, wins = self._volley_windows(side)
        ends = [g for g in groups if fid in (g[0], g[-1])]
        others = [g for g in wins if fid in (g[0], g[-1]) and g not in ends]
        for g in (*ends, *others):
            if self._volley_problem(g) is None:
                return g
        fallback = ends or others
        return fallback[0] if fallback else None

    def _volley_problem(self, g: Sequence[str]) -> str | None:
        figs = [self.figures[i] for i in g]
        if any(f.fired for f in figs):
            return "this group (or one of its men) has already fired a volley this turn"
        if any(self._in_wood(f) for f in figs):
            return "a volley group may not fire with a man in a wood"
        return None

    def _in_wood(self, f: Figure) -> bool:
        return self._placed(("wood", f.id), lambda: self.table.in_types(f.footprint(),
                                                                        NO_VOLLEY_IN))

    def shooters(self, side: str, kind: str) -> list[str]:
        """Who may fire now in category `kind`: cannons, volley group ends, skirmishers."""
        return list(self._cached(("shooters", side, kind), lambda: self._shooters(side, kind)))

    def _shooters(self, side: str, kind: str) -> list[str]:
        if kind == "cannon":
            return [f.id for f in self._active(side)
                    if f.kind == CANNON and not f.fired and self.manned(f)]
        if kind == "volley":
            groups, wins = self._volley_windows(side)
            out: list[str] = []
            for g in (*groups, *wins):
                if (g[0] not in out or g[-1] not in out) and self._volley_problem(g) is None:
                    out.extend(i for i in (g[0], g[-1]) if i not in out)
            return out
        if side in self.skirmished:
            return []
        return [f.id for f in self._active(side) if f.kind == SKIRMISHER]

    def _check_shooter(self, side: str, kind: str, fid: str, heading: float | None) -> str | None:
        f = self._own(side, fid)
        if isinstance(f, str):
            return f
        if kind == "cannon":
            if f.kind != CANNON:
                return f"{fid} is not a cannon"
            if f.fired:
                return f"{fid} has already fired this turn"
            if not self.manned(f):
                return f"{fid} is not manned by two regulars"
        elif kind == "volley":
            g = self.volley_group_of(side, fid)
            if g is None:
                return f"{fid} is not at the end of a group of five regulars in line"
            why = self._volley_problem(g)
            if why:
                return why
        else:
            if f.kind != SKIRMISHER:
                return f"{fid} is not a skirmisher"
            if side in self.skirmished:
                return "each side takes one skirmisher shot a turn"
        if heading is not None and kind != "skirmish" and \
                abs(angle_diff(heading, f.facing)) > FRONT_ARC + 1e-9:
            return f"a {kind} shot must be flicked to the front (within {FRONT_ARC:g}° of facing)"
        return None

    # -- the cavalry charge --------------------------------------------------------------------

    def charge_trios(self, side: str) -> list[tuple[str, ...]]:
        return list(self._cached(("trios", side), lambda: lines(
            [f for f in self._active(side) if f.kind == CAVALRY and not f.moved], CHARGE_SIZE)))

    def _plan(self, side: str, ids: Sequence[str], facing: float) -> ChargePlan | str:
        """charge_plan, asked once per state of the table (check, then apply)."""
        return self._cached(("charge", side, tuple(ids), facing),
                            lambda: self.charge_plan(side, ids, facing))

    def charge_plan(self, side: str, ids: Sequence[str], facing: float) -> ChargePlan | str:
        """Where a charge goes and whom it kills, or why it may not be made (RULINGS)."""
        if len(ids) != CHARGE_SIZE or len(set(ids)) != CHARGE_SIZE:
            return "a charge is made by three cavalry"
        figs: list[Figure] = []
        for fid in ids:
            f = self._own(side, fid)
            if isinstance(f, str):
                return f
            if f.kind != CAVALRY:
                return f"{fid} is not cavalry"
            if f.moved:
                return f"{fid} has already moved this turn"
            figs.append(f)
        r = right(figs[0].facing)
        figs.sort(key=lambda f: f.x * r[0] + f.y * r[1])
        if not (side_by_side(figs[0], figs[1]) and side_by_side(figs[1], figs[2])
                and abs(angle_diff(figs[0].facing, figs[2].facing)) <= 10.0):
            return "the three must be in contact, side by side in a line, facing the same way"
        direction = figs[1].facing
        fw = forward(direction)
        key = tuple((f.x, f.y, f.facing, f.frontage, f.depth) for f in figs)
        reach = self.table.charge_reach.get(key)
        if reach is None:
            reach = self._charge_reach(figs, direction)
            if len(self.table.charge_reach) > 20_000:
                self.table.charge_reach.clear()
            self.table.charge_reach[key] = reach
        dist, limit, path = reach
        if dist < 2 * CHARGE_PRECISION:
            return "the charge cannot go forward (terrain or the table edge is in the way)"
        members = {f.id for f in figs}

        def others_near(geom: BaseGeometry, leave: Sequence[str] = ()) -> list[Figure]:
            """near_figures(geom, the others), the others taken from the grid."""
            x0, y0, x1, y1 = geom.bounds
            r = max(x1 - x0, y1 - y0) / 2 + self._widest + 1.0
            return near_figures(geom, [o for o in self._around((x0 + x1) / 2, (y0 + y1) / 2, r)
                                       if o.id not in members and o.id not in leave])

        near = others_near(path)
        for o in near:
            if o.kind == CAVALRY and o.side != side and path.distance(o.footprint()) <= 0.0:
                return f"the charge would meet enemy cavalry ({o.id})"
        victims: list[str] = []
        for o in near:
            if o.infantry and path.intersection(o.footprint()).area > OVERLAP_EPS:
                victims.append(o.id)
        for o in near:
            if o.kind == CANNON and path.intersection(o.footprint()).area > OVERLAP_EPS:
                for man in crew_of(o, [m for m in self._active() if m.id not in members]):
                    if man.id not in victims:
                        victims.append(man.id)
        # the pivot: the line turns about its centre to the new facing
        moved = [(f.x + fw[0] * dist, f.y + fw[1] * dist) for f in figs]
        cx = sum(p[0] for p in moved) / 3
        cy = sum(p[1] for p in moved) / 3
        a = math.radians(angle_diff(facing, direction))
        c, s = math.cos(a), math.sin(a)
        ends: dict[str, tuple[float, float, float]] = {}
        for f, (x, y) in zip(figs, moved, strict=True):
            dx, dy = x - cx, y - cy
            ex, ey = cx + dx * c - dy * s, cy + dx * s + dy * c
            fp = f.footprint(ex, ey, facing)
            if not self.table.table_area.covers(fp):
                return "after the pivot a horseman would be off the table"
            if self.table.overlaps_blocked(fp):
                return "after the pivot a horseman would stand in impassable terrain"
            hit = overlapping(fp, others_near(fp, victims))
            if hit is not None:
                return f"the charge would end on top of {hit.id}"
            ends[f.id] = (ex, ey, facing)
        return ChargePlan(dist, limit, direction, path, ends, tuple(victims))

    def _charge_reach(self, figs: Sequence[Figure],
                      direction: float) -> tuple[float, float, BaseGeometry]:
        """How far the trio `figs` (left to right) may charge, its limit and the ground
        it sweeps: a search over the terrain alone, so the answer is kept per trio's
        bases."""
        fw = forward(direction)
        road_limit = CHARGE_ROAD_SPANS * self.table.span
        mid = figs[1]
        on_road = self.table.on_road(mid.pos, (mid.x + fw[0] * road_limit,
                                               mid.y + fw[1] * road_limit))
        limit = road_limit if on_road else CHARGE_SPANS * self.table.span
        stops: list[BaseGeometry] = []

        def ok(d: float) -> bool:
            path = swept(figs, direction, d)
            if not self.table.table_area.covers(path):
                return False
            # a path that meets no stopping ground at all (the prepared union says
            # so at once) overlaps none of it; only one that does is measured
            if not self.table.charge_stops.intersects(path):
                return True
            if not stops:
                start = unary_union([f.footprint() for f in figs])
                stops.append(self.table.charge_stops.difference(start))
            return bool(path.intersection(stops[0]).area <= OVERLAP_EPS)

        if ok(limit):
            return limit, limit, swept(figs, direction, limit)
        lo, hi = 0.0, limit
        while hi - lo > CHARGE_PRECISION:
            m = (lo + hi) / 2
            if ok(m):
                lo = m
            else:
                hi = m
        return lo, limit, swept(figs, direction, lo)

    # -- apply ---------------------------------------------------------------------------------

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

    def _place(self, f: Figure, x: float, y: float, facing: float, ev: list[Event]) -> None:
        spans = math.hypot(x - f.x, y - f.y) / self.table.span
        turn = abs(angle_diff(facing, f.facing))
        words = (f"{f.id} moves {_spans(spans)}" if spans >= 0.005 else f"{f.id} turns on the spot"
                 if turn >= 0.5 else f"{f.id} stays where it is")
        if spans >= 0.005 and turn >= 0.5:
            words += f" and turns {turn:.0f}°"
        ev.append(Event("move", words,
                        {"figure": f.id, "from": [_r(f.x), _r(f.y)],
                         "to": [_r(x), _r(y)], "facing": _r(facing)}))
        f.x, f.y, f.facing = x, y, facing
        f.moved = True
        self._changed()

    def _kill(self, f: Figure, why: str, ev: list[Event]) -> None:
        self._changed(status=True)
        if f.kind == CANNON:
            f.status = DESTROYED
            ev.append(Event("destroyed", f"{f.id} is destroyed ({why})", {"figure": f.id}))
        else:
            f.status = KILLED
            ev.append(Event("killed", f"{f.id} is killed ({why})",
                            {"figure": f.id, "side": f.side, "unit": f.unit}))

    def _charge(self, side: str, action: Charge, ev: list[Event]) -> None:
        plan = self._plan(side, action.figures, action.facing)
        assert not isinstance(plan, str)
        ev.append(Event("charge", f"{_and(action.figures)} charge "
                        f"{_spans(plan.distance / self.table.span)}",
                        {"figures": list(action.figures), "distance": _r(plan.distance),
                         "limit": _r(plan.limit), "direction": _r(plan.direction),
                         "victims": list(plan.victims)}))
        for vid in plan.victims:
            self._kill(self.figures[vid], "ridden down by a cavalry charge", ev)
        for fid, (x, y, fc) in plan.ends.items():
            self._place(self.figures[fid], x, y, fc, ev)

    # -- shooting ------------------------------------------------------------------------------

    def _mark_fired(self, side: str, kind: str, shooter: str) -> list[str]:
        if kind == "volley":
            g = self.volley_group_of(side, shooter)
            assert g is not None
            for i in g:
                self.figures[i].fired = True
            self._changed(place=False)
            return list(g)
        if kind == "skirmish":
            self.skirmished.add(side)
        self.figures[shooter].fired = True
        self._changed(place=False)
        return [shooter]

    def flick_rng(self, purpose: str) -> random.Random:
        """A generator for one flight, seeded from the game's own source (and logged)."""
        return random.Random(self.chance.bits("flick", purpose))

    def bodies(self) -> list[flick.Body]:
        return [b.copy() for b in self._placed(("bodies",), self._bodies)]

    def _bodies(self) -> list[flick.Body]:
        out = []
        made = _BODIES
        for f in self._active():
            kind = "cannon" if f.kind == CANNON else ("cavalry" if f.kind == CAVALRY
                                                      else "infantry")
            key = (f.id, kind, f.x, f.y, f.facing, f.frontage, f.depth)
            b = made.get(key)
            if b is None:
                if len(made) >= _BODIES_MAX:
                    made.clear()
                b = made[key] = flick.Body(*key)
            out.append(b)
        return out

    def fly(self, action: Shoot, rng: random.Random, within: float | None = None,
            bodies: Sequence[flick.Body] | None = None) -> tuple[Point, flick.Flight]:
        """One flight of `action`'s pellet over the table as it stands: where it starts
        and what it does.  Changes nothing (a body is copied before it is struck), so the
        play view can try a flick many times on a copy of the game's chance.
        `within` leaves out figures farther than that from the start (for such
        tries: figures the pellet cannot reach change nothing but the time);
        `bodies`, from :meth:`bodies` once, spares rebuilding them for every try."""
        f = self.figures[action.shooter]
        pellet = flick.PELLETS[PELLET_OF[action.kind]]
        grid = None
        if bodies is None:
            # the bodies as the table stands, shared by every flight over it: the
            # simulation copies a body before it changes it (keep_bodies)
            mine = self._placed(("bodies",), self._bodies)
            grid = self._placed(("body grid",), lambda: flick.BodyGrid(mine))
            bodies = mine
        body = next(b for b in bodies if b.id == f.id)
        start = flick.start_point(f.x, f.y, body.reach, action.heading, pellet)
        if within is not None:
            bodies = [b for b in bodies
                      if math.hypot(b.x - start[0], b.y - start[1]) <= within + b.reach]
            grid = None
        flight = flick.simulate(pellet, start, action.heading, action.strength, bodies,
                                (self.table.width, self.table.depth), rng,
                                self.table.solids, self.table.woods, grid, keep_bodies=True)
        return start, flight

    def _shoot(self, side: str, action: Shoot, ev: list[Event]) -> None:
        kind = action.kind
        firers = self._mark_fired(side, kind, action.shooter)
        f = self.figures[action.shooter]
        self.flicks += 1
        rng = self.flick_rng(f"{kind} shot by {f.id}")
        start, flight = self.fly(action, rng)
        for fid, (x, y) in flight.moved.items():
            self.figures[fid].x, self.figures[fid].y = x, y
        if flight.moved:
            self._changed()
        destroyed = [b for b in flight.off_table if self.figures[b].kind == CANNON]
        ev.append(Event("shot", f"{f.id} {SHOT_WORDS[kind]}: {_fell(len(flight.fell))}",
                        {"kind": kind, "side": side, "shooter": f.id, "firers": firers,
                         "heading": action.heading, "strength": action.strength,
                         "start": [_r(start[0]), _r(start[1])],
                         "flight": flight.to_json()}))
        for fid in flight.fell:
            self._kill(self.figures[fid], "knocked over by a shot", ev)
        for cid in destroyed:
            self._kill(self.figures[cid], "knocked off the table", ev)

    def _tabletop(self, action: Fell, ev: list[Event]) -> None:
        ev.append(Event("shot", f"{action.shooter} {SHOT_WORDS[self._phase]} on the table: "
                        f"{_fell(len(action.figures))}",
                        {"kind": self._phase, "shooter": action.shooter,
                         "fell": list(action.figures), "tabletop": True}))
        for fid in action.figures:
            f = self.figures[fid]
            self._kill(f, "knocked off the table" if f.kind == CANNON
                       else "knocked over on the table", ev)

    # -- the sequence --------------------------------------------------------------------------

    def _name(self, side: str) -> str:
        return self.scenario.side(side).name or side

    def _phase_event(self) -> Event:
        p = self.phase_info()
        who = f": {self._name(self._side)}" if self._side else ""
        return Event("phase", p.name + who,
                     {"phase": self._phase, "side": self._side})

    def _start_turn(self) -> list[Event]:
        ev: list[Event] = []
        self._turn += 1
        for f in self.figures.values():
            f.moved = False
            f.fired = False
        self.skirmished = set()
        self._changed(place=False)
        self.categories = {}
        self.manned_at_start = {}
        for cid in self._cannon_ids:
            f = self.figures[cid]
            if f.status == ACTIVE:
                s = self._manning(f)
                if s is not None:
                    self.manned_at_start[f.id] = s
        ev.append(Event("turn", f"Turn {self._turn}", {"turn": self._turn}))
        a, b = self.sides
        while True:
            ra = self.chance.d6(f"initiative: {a}")
            rb = self.chance.d6(f"initiative: {b}")
            tie = ra == rb
            ev.append(Event("roll", f"Initiative: {self._name(a)} {ra}, {self._name(b)} {rb}"
                            + (" (a tie: roll again)" if tie else ""),
                            {"purpose": "initiative", a: ra, b: rb}))
            if not tie:
                break
        self.initiative = a if ra > rb else b
        self._phase = "choose"
        self._side = self.initiative
        ev.append(self._phase_event())
        return ev

    def _end(self, ev: list[Event]) -> None:
        if self._phase == "move":
            if self._side == self.first:
                self._side = self.other(self.first)
                ev.append(self._phase_event())
                return
            self._melee(ev)
            if self._check_immediate(ev):
                return
            self._enter_category(0, ev)
            return
        self.order_index += 1
        self._next_shooter(ev)

    def _enter_category(self, k: int, ev: list[Event]) -> None:
        while k < len(SHOT_KINDS):
            kind = SHOT_KINDS[k]
            able = {s: bool(self.shooters(s, kind)) for s in self.sides}
            name = self.phase_info(kind).name
            if not any(able.values()):
                self.categories[kind] = "none"
                ev.append(Event("skip", f"{name}: neither side can fire", {"phase": kind}))
                k += 1
                continue
            a, b = self.sides
            ra = self.chance.d6(f"{kind} roll-off: {a}")
            rb = self.chance.d6(f"{kind} roll-off: {b}")
            ev.append(Event("roll", f"{name} roll-off: {self._name(a)} {ra}, "
                            f"{self._name(b)} {rb}" + (" (a tie: no " + name.lower()
                                                        + " this turn)" if ra == rb else ""),
                            {"purpose": f"{kind} roll-off", a: ra, b: rb}))
            if ra == rb:
                self.categories[kind] = "tie"
                k += 1
                continue
            winner = a if ra > rb else b
            self.categories[kind] = winner
            self.order = (winner, self.other(winner))
            self.order_index = 0
            self._phase = kind
            if self._next_shooter(ev):
                return
            return
        self._end_turn(ev)

    def _next_shooter(self, ev: list[Event]) -> bool:
        """Hand the current category to the next side able to fire; True if someone is to act."""
        kind = self._phase
        while self.order_index < len(self.order):
            s = self.order[self.order_index]
            if self.shooters(s, kind):
                self._side = s
                ev.append(self._phase_event())
                return True
            self.order_index += 1
        k = SHOT_KINDS.index(kind) + 1
        self._enter_category(k, ev)
        return False

    def _end_turn(self, ev: list[Event]) -> None:
        out = self.judge.end_of_turn(self._turn, self.victory_pieces())
        if out is None and self.judge.turn_limit is None and 0 < self.turn_limit <= self._turn:
            out = Outcome(None, f"turn limit reached after turn {self._turn}: a draw")
        if out is not None:
            self._finish(out, ev)
            return
        ev.extend(self._start_turn())

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        self._outcome = outcome
        self._side = None
        ev.append(Event("outcome", outcome.reason, outcome.to_json()))

    def victory_pieces(self) -> list[PieceView]:
        return list(self._placed(("views",), self._views))

    def _views(self) -> list[PieceView]:
        bases = bool(self.scenario.game.objectives)  # only objectives look at bases
        return [PieceView(f.id, f.side, f.type, f.status == ACTIVE, 1, f.pos,
                          f.footprint() if bases else None, f.exited)
                for f in self.figures.values() if f.kind != CANNON]

    def _check_immediate(self, ev: list[Event]) -> bool:
        # the judge's immediate conditions read who is on the table, whose and of
        # what type, and who left by which edge: not where anyone stands (so no
        # bases), and the answer holds until a figure falls or leaves
        if self._immediate is not None and self._immediate[0] == self._status_ver:
            out = self._immediate[1]
        else:
            out = self.judge.immediate([
                PieceView(f.id, f.side, f.type, f.status == ACTIVE, 1, f.pos, None, f.exited)
                for f in self.figures.values() if f.kind != CANNON])
            self._immediate = (self._status_ver, out)
        if out is not None:
            self._finish(out, ev)
            return True
        return False

    # -- hand to hand --------------------------------------------------------------------------

    def fights(self) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """The fights of the hand-to-hand phase: (one side's figures, the other's).

        Rulings (docs/rulings.md, "Kiddies"): horse against foot is paired first,
        each horseman (in id order) taking up to three of the infantry touching it;
        then each remaining figure, those with most enemies in contact first, fights
        one enemy of its arm, or two if it touches two and is not in a volley group
        whose other members are not all attacked.  Cannons do not fight.
        """
        figs = [f for f in self.active() if f.kind != CANNON]
        contacts: dict[str, list[str]] = {f.id: [] for f in figs}
        # enemy pairs within 4" across and down, by a sweep along x, then taken in
        # the order of `figs` as they always were
        xs = sorted(range(len(figs)), key=lambda i: figs[i].x)
        pairs: list[tuple[int, int]] = []
        for k, i in enumerate(xs):
            a = figs[i]
            for j in xs[k + 1:]:
                b = figs[j]
                if b.x - a.x > 4:
                    break
                if a.side == b.side or abs(a.y - b.y) > 4:
                    continue
                if touching(a, b):
                    pairs.append((i, j) if i < j else (j, i))
        for i, j in sorted(pairs):
            contacts[figs[i].id].append(figs[j].id)
            contacts[figs[j].id].append(figs[i].id)
        taken: set[str] = set()
        out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        for f in sorted(figs, key=lambda f: f.id):
            if f.kind != CAVALRY or f.id in taken:
                continue
            foot = [i for i in contacts[f.id] if i not in taken and self.figures[i].infantry]
            if foot:
                foot = sorted(foot, key=lambda i: (self.figures[i].footprint().distance(
                    f.footprint()), i))[:MAX_INFANTRY_ON_HORSE]
                taken.add(f.id)
                taken.update(foot)
                out.append(((f.id,), tuple(foot)))
        in_group: dict[str, tuple[str, ...]] = {}
        for s in self.sides:
            for grp in self.groups(s):
                for member in grp:
                    in_group[member] = grp
        attacked = {i for i, c in contacts.items() if c}

        def free(fid: str) -> list[str]:
            me = self.figures[fid]
            return [i for i in contacts[fid]
                    if i not in taken
                    and (self.figures[i].kind == CAVALRY) == (me.kind == CAVALRY)]

        # (a figure with no enemy in contact has no foe to take: left out of the order)
        order = sorted((f for f in figs if f.id not in taken and contacts[f.id]),
                       key=lambda f: (-len(free(f.id)), f.id))
        for f in order:
            if f.id in taken:
                continue
            foes = free(f.id)
            if not foes:
                continue
            mine = in_group.get(f.id)
            may_double = mine is None or all(i in attacked for i in mine if i != f.id)
            n = MAX_DOUBLE_UP if may_double and len(foes) >= 2 else 1
            chosen = tuple(sorted(foes)[:n])
            taken.add(f.id)
            taken.update(chosen)
            out.append(((f.id,), chosen))
        return out

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

    def melee_odds(self) -> list[tuple[tuple[str, ...], tuple[str, ...], FightOdds]]:
        """Every fight hand to hand would bring now, with the exact odds of its first side.
        Kept per placing of the figures (the fights read where they stand and who
        is in the fight, nothing of this turn's moves or shots): the computer's
        score asks it twice for every candidate, and it was a quarter of a Kiddies
        decision."""
        return list(self._placed(("melee odds",), self._melee_odds))

    def _melee_odds(self) -> list[tuple[tuple[str, ...], tuple[str, ...], FightOdds]]:
        out = []
        for a, b in self.fights():
            fa, fb = self.figures[a[0]], self.figures[b[0]]
            ra, rb = rolls_for(fa.kind == CAVALRY, len(a), fb.kind == CAVALRY, len(b))
            out.append((a, b, fight_odds(ra, rb)))
        return out

    def _melee(self, ev: list[Event]) -> None:
        self._phase = "melee"
        fights = self.fights()
        ev.append(Event("phase", "Hand to hand: " + (_count(len(fights), "fight") if fights
                                                     else "no fights"),
                        {"phase": "melee", "fights": len(fights)}))
        for a, b in fights:
            fa, fb = self.figures[a[0]], self.figures[b[0]]
            ra, rb = rolls_for(fa.kind == CAVALRY, len(a), fb.kind == CAVALRY, len(b))
            ta = self._roll(ra, f"hand to hand: {_and(a)}")
            tb = self._roll(rb, f"hand to hand: {_and(b)}")
            dead = list(b) if ta > tb else list(a) if tb > ta else [*a, *b]
            ev.append(Event("melee", f"{_and(a)} {ta} against {_and(b)} {tb}: "
                            + ("a tie, all fall" if ta == tb else
                               f"{_and(dead)} {'falls' if len(dead) == 1 else 'fall'}"),
                            {"a": list(a), "b": list(b), "a_total": ta, "b_total": tb,
                             "killed": dead}))
            for fid in dead:
                self._kill(self.figures[fid], "hand to hand", ev)
        self._update_cannons()

    def _roll(self, roll: Roll, purpose: str) -> int:
        return sum(self.chance.roll(roll.dice, purpose)) + roll.bonus

    # -- random play ---------------------------------------------------------------------------

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        if self._outcome is not None or self._side is None or self._phase == "choose":
            return []
        side = self._side
        out: list[Action] = []
        enemies = self.active(self.other(side))
        if self._phase == "move":
            movers = [f for f in self.active(side) if not f.moved
                      and (f.kind != CANNON or self.manned_at_start.get(f.id) == side)]
            for _ in range(4 * n):
                if len(out) >= n or not movers:
                    break
                if rng.random() < 0.25:
                    a = self._sample_group(side, rng, enemies)
                else:
                    a = self._sample_move(rng.choice(movers), rng, enemies)
                if a is not None and self._check(a) is None:
                    out.append(a)
            return out
        if self.tabletop:
            return out
        kind = self._phase
        shooters = self.shooters(side, kind)
        for _ in range(3 * n):
            if len(out) >= n or not shooters or not enemies:
                break
            fid = rng.choice(shooters)
            f = self.figures[fid]
            target = min(rng.sample(enemies, min(3, len(enemies))),
                         key=lambda e: math.hypot(e.x - f.x, e.y - f.y))
            heading = bearing(f.pos, target.pos)
            if kind != "skirmish":
                d = angle_diff(heading, f.facing)
                heading = f.facing + max(-FRONT_ARC, min(FRONT_ARC, d))
            heading = round(canonical_facing(heading), 1) % 360.0
            dist = math.hypot(target.x - f.x, target.y - f.y)
            pellet = flick.PELLETS[PELLET_OF[kind]]
            strength = flick.strength_for(pellet, dist) * rng.uniform(0.7, 1.3)
            strength = round(min(1.0, max(MIN_STRENGTH, strength)), STRENGTH_DECIMALS)
            a = Shoot(kind, fid, heading, strength)
            if self._check(a) is None:
                out.append(a)
        return out

    def _goal(self, f: Figure, rng: random.Random, enemies: Sequence[Figure]) -> Point | None:
        """Where a random mover heads: the enemy, a crossing, a feature to occupy, anywhere."""
        r = rng.random()
        if r < 0.2 and self.table.crossing_points:
            return rng.choice(self.table.crossing_points)
        targets = self._occupy_targets.get(f.side, [])
        if r < 0.35 and targets:
            return rng.choice(targets)
        if r < 0.5 and f.kind == REGULAR and f.side in self._exit_sides:
            # straight for the enemy's baseline, to a place still on the table
            x, y = self._edge_point(f, self.exit_edge(f.side))
            return (min(max(x, 1.0), self.table.width - 1.0),
                    min(max(y, 1.0), self.table.depth - 1.0))
        if enemies and r < 0.85:
            near = sorted(enemies, key=lambda e: math.hypot(e.x - f.x, e.y - f.y))[:3]
            return rng.choice(near).pos
        return (rng.uniform(1.0, self.table.width - 1.0), rng.uniform(1.0, self.table.depth - 1.0))

    def _sample_move(self, f: Figure, rng: random.Random,
                     enemies: Sequence[Figure]) -> Action | None:
        if f.kind != CANNON and enemies and rng.random() < 0.3:
            attack = self._sample_attack(f, rng, enemies)
            if attack is not None:
                return attack
        goal = self._goal(f, rng, enemies)
        if goal is None:
            return None
        d = math.hypot(goal[0] - f.x, goal[1] - f.y)
        if d < 1e-6:
            return None
        step = min(d, self.allowance(f) * rng.uniform(0.3, 1.0))
        x = round(f.x + (goal[0] - f.x) / d * step, 2)
        y = round(f.y + (goal[1] - f.y) / d * step, 2)
        facing = round(canonical_facing(bearing((x, y), goal) if d > step else f.facing), 1)
        return Move(f.id, (x, y), facing % 360.0)

    def _sample_attack(self, f: Figure, rng: random.Random,
                       enemies: Sequence[Figure]) -> Action | None:
        """A move into contact with an enemy within reach (straight at it), if one is legal."""
        reach = self.allowance(f)
        near = [e for e in enemies if e.kind != CANNON
                and math.hypot(e.x - f.x, e.y - f.y) <= reach + 2.5]
        if not near:
            return None
        e = rng.choice(near)
        d = math.hypot(e.x - f.x, e.y - f.y)
        half_diag = math.hypot(e.frontage, e.depth) / 2
        for gap in (f.depth / 2 + e.depth / 2, f.depth / 2 + e.frontage / 2,
                    f.depth / 2 + half_diag):
            stand = gap + 0.02
            if d <= stand or d - stand > reach:
                continue
            x = round(f.x + (e.x - f.x) / d * (d - stand), 2)
            y = round(f.y + (e.y - f.y) / d * (d - stand), 2)
            a = Move(f.id, (x, y), round(canonical_facing(bearing((x, y), e.pos)), 1) % 360.0)
            if self._check(a) is None and touching(
                    Figure(f.id, f.unit, f.side, f.kind, f.type, x, y, a.facing,
                           f.frontage, f.depth), e):
                return a
        return None

    def _sample_group(self, side: str, rng: random.Random,
                      enemies: Sequence[Figure]) -> Action | None:
        groups = [g for g in self.groups(side) if not any(self.figures[i].moved for i in g)]
        if not groups:
            return None
        g = rng.choice(groups)
        lead = self.figures[g[len(g) // 2]]
        fw = forward(lead.facing)
        step = round(self.table.span * rng.uniform(0.2, 0.9), 2)
        turn = rng.choice([0.0, 0.0, 15.0, 345.0])
        return GroupMove(g, (round(fw[0] * step, 2) + 0.0, round(fw[1] * step, 2) + 0.0), turn)

    # -- checks and pictures -------------------------------------------------------------------

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

