"""Blown Away (seed 003) as a game: one thing per turn, men running, cards.

A turn belongs to one side (RULINGS, "Blown Away"): in the *orders* phase it
may move one unit, or rally one unit, or change one unit's formation (the
"one thing"), and move its commander any distance; then its guns may fire
long-range (*artillery*); then its units may fight (*combat*), each turning
the top card of its side's deck.  Play alternates; a fair coin picks who
starts.  A game turn is over when both sides have had their turn.

The men are counted in :mod:`~desktop.rules.blown_away.men`; the numbers and
rulings are in :mod:`~desktop.rules.blown_away.constants`; exact odds in
:mod:`~desktop.rules.blown_away.odds`.
"""

from __future__ import annotations

import copy
import functools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Self

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds, pct
from desktop.rules.blown_away.actions import (
    BlownAwayAction,
    Combat,
    End,
    Fire,
    Form,
    Move,
    Rally,
    Rejoin,
    parse,
)
from desktop.rules.blown_away.constants import (
    ARTILLERY_MAX_RANGE,
    ARTILLERY_MIN_RANGE,
    ARTILLERY_RUNS_IGNORE_MODIFIERS,
    BLOCKS_SIGHT,
    BORE_HALF_ANGLE,
    CANNONBALLS,
    CAVALRY_BARRED,
    COMBAT_DISTANCE,
    COMMANDER_NEXT_TO,
    COST_OPEN,
    COST_WALL,
    COST_WORKS,
    CROSSING_ONLY,
    DEFAULT_TURN_LIMIT,
    DEFENCE_BONUS,
    DEFENCE_BONUS_EITHER_SIDE,
    FORMATIONS,
    GUN_RETURN,
    GUN_WALK,
    IMPASSABLE,
    MOB_CLEARANCE,
    MOB_MOVE,
    MOVE_ALLOWANCE,
    NO_END,
    OBJECTIVES_TO_WIN,
    OBLIQUE_LIMIT,
    RALLY_SAFE,
    RALLY_THREAT,
    REJOIN_WHILE_RUNNING,
    RUN_DISTANCE,
    SHOTS_PER_TURN,
    STOP_DISTANCE,
    STOP_STEP,
    SWEEP_TURNS,
    WALL_REACH,
    WALLS,
    WORKS,
)
from desktop.rules.blown_away.men import (
    EDITS,
    Edits,
    Men,
    artillery_runs,
    rally_count,
    runs_after_kill,
)
from desktop.rules.blown_away.odds import CombatOdds, combat_odds, pile_of
from desktop.rules.blown_away.sight import Line, Span, aim_lines, any_clear, ground_blocks, span
from desktop.rules.chance import Chance, card_name, card_value
from desktop.rules.engine import (
    JSON,
    Action,
    Event,
    OptionSpec,
    OptionValue,
    Outcome,
    Phase,
    RulesError,
    Ruleset,
    SizeLimits,
    StateGame,
)
from desktop.rules.notation import canonical_facing
from desktop.rules.options import Choice, side_choices, turn_limit_option
from desktop.rules.piece_view import PieceView
from desktop.rules.placement import forbidden_ground
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import (
    HoldObjectives,
    LastManStanding,
    OccupyFeature,
    Point,
    Scenario,
    Unit,
)
from desktop.scenario.vocabulary import (
    ARTILLERY,
    CommandRole,
    Formation,
    TerrainType,
    Trait,
    UnitType,
)
from desktop.table.movement import SHRINK, Access, Blocker, MovePlan, Placement, blocker_problem
from desktop.table.movement import terrain_problem as table_terrain_problem
from desktop.table.shapes import (
    Aspect,
    angle_diff,
    arc_part_coords,
    aspect,
    bearing,
    corners,
    forward,
    front_centre_of,
    nearest_on_convex,
    point_distance,
    rect,
    rounded,
    wedge,
)
from desktop.table.sight import (
    Sight,
    sight_reasons,
)
from desktop.table.terrain import AREA_EPS, TerrainIndex

ORDERS = "orders"
ARTILLERY_PHASE = "artillery"
COMBAT = "combat"
OVER = "over"

PHASES: tuple[Phase, ...] = (
    Phase(ORDERS, "Move or rally", True,
          "Move one unit, or rally one unit, or change one unit's formation; "
          "the commander may also move any distance."),
    Phase(ARTILLERY_PHASE, "Long-range artillery", True,
          "Guns with cannonballs left may fire at enemies 4\" to 36\" away in their bore arc."),
    Phase(COMBAT, "Combat", True,
          "Engaged units (or units less than 4\" from an enemy, one facing the other) "
          "may fight: each side turns a card."),
)

#: Statuses in the snapshot: men in ranks; a mob with no men in ranks; gone.
ACTIVE = "active"
MOB = "disordered"
ELIMINATED = "eliminated"

#: How far ahead (inches) the facing wedge reaches; every facing test is also
#: limited by a distance well inside this.
FACING_REACH = 60.0

ACCESS: dict[TerrainType, Access] = {
    **{t: Access.NO_ENTRY for t in IMPASSABLE},
    **{t: Access.CROSSING_ONLY for t in CROSSING_ONLY},
    **{t: Access.NO_END for t in NO_END},
}


#: Fields whose change moves a footprint or removes an obstacle from the table.
_GEOMETRY_FIELDS = frozenset({"pos", "facing", "formation", "eliminated", "frontage", "depth"})
#: Bumped whenever any piece's geometry changes (in any game); the new value
#: becomes that piece's `_stamp`, so a stamp names one placement of one piece
#: and geometry cached under stamps can never outlive the placement.
_EPOCH = [0]
#: Entries the geometry memo holds before it starts afresh.
MEMO_SIZE = 200_000
#: Slack (inches) around the box in which a unit may block a line of sight.
SIGHT_BOX_MARGIN = 1e-6


@dataclass
class Piece:
    """One unit on the table (for artillery: its gunners, and its cannon at `gun`).

    Setting a field in `_GEOMETRY_FIELDS` forgets the cached footprint and bumps
    `_EPOCH`, so geometry cached per position can never outlive the position,
    whoever moves the piece (the engine, the play window or a test); setting
    any field to a new value renews `rev`."""

    id: str
    side: str
    name: str
    type: UnitType
    frontage: float
    depth: float
    formation: Formation
    pos: Point
    facing: float
    men: Men
    traits: frozenset[Trait] = frozenset()
    #: Artillery: where the cannon stands (x, y, facing); None for other units.
    gun: tuple[float, float, float] | None = None
    markers: int = 0
    #: Artillery: how many cannon the battery has (each fires once a turn).
    guns: int = 0
    eliminated: bool = False
    fought: bool = False
    shots: int = 0

    @property
    def is_artillery(self) -> bool:
        return self.type in ARTILLERY

    @property
    def ranks(self) -> int:
        return self.men.ranks

    @property
    def running(self) -> int:
        return self.men.running

    @property
    def formed(self) -> bool:
        """Has men in ranks (and is on the table)."""
        return not self.eliminated and self.men.ranks > 0

    @property
    def mob(self) -> bool:
        return not self.eliminated and self.men.ranks == 0 and self.men.running > 0

    @property
    def at_gun(self) -> bool:
        return self.gun is not None and math.dist(self.pos, self.gun[:2]) < 1e-6

    @property
    def status(self) -> str:
        if self.eliminated:
            return ELIMINATED
        return ACTIVE if self.men.ranks > 0 else MOB

    def __setattr__(self, name: str, value: object) -> None:
        d = self.__dict__
        old = d.get(name, _MISSING)
        if old is _MISSING or old != value:
            n = d["_rev"] = next(EDITS)
            owner = d.get("_edits")
            if owner is not None:
                owner.n = n
        if name == "men":
            value.__dict__["_edits"] = d.get("_edits")
        object.__setattr__(self, name, value)
        if name in _GEOMETRY_FIELDS:
            d["_fp"] = None
            d["_box"] = None
            _EPOCH[0] += 1
            d["_stamp"] = _EPOCH[0]

    @property
    def rev(self) -> int:
        """Names this state of the piece's own fields (not its men's: `Men.rev`):
        renewed by every edit that changes a value, whoever makes it; a copy
        keeps it until either changes."""
        rev: int = self.__dict__["_rev"]
        return rev

    @property
    def stamp(self) -> int:
        """Names this placement of this piece (changes whenever it moves)."""
        stamp: int = self.__dict__["_stamp"]
        return stamp

    def size(self, formation: Formation | None = None) -> tuple[float, float]:
        f = self.formation if formation is None else formation
        if f is Formation.COLUMN:
            return (self.depth, self.frontage)
        return (self.frontage, self.depth)

    def fp(self, pos: Point | None = None, facing: float | None = None,
           formation: Formation | None = None) -> BaseGeometry:
        if pos is None and facing is None and formation is None:
            here: BaseGeometry | None = self.__dict__["_fp"]
            if here is None:
                w, d = self.size()
                here = self.__dict__["_fp"] = _rect(self.pos[0], self.pos[1], w, d, self.facing)
            return here
        x, y = self.pos if pos is None else pos
        w, d = self.size(formation)
        return _rect(x, y, w, d, self.facing if facing is None else facing)

    def corners(self) -> list[Point]:
        """The footprint's corners (the very numbers of its polygon)."""
        w, d = self.size()
        return corners(self.pos[0], self.pos[1], w, d, self.facing)

    def box(self) -> tuple[float, float, float, float]:
        """The footprint's bounding box (min x, min y, max x, max y), from its corners."""
        got: tuple[float, float, float, float] | None = self.__dict__["_box"]
        if got is None:
            cs = self.corners()
            xs, ys = [c[0] for c in cs], [c[1] for c in cs]
            got = self.__dict__["_box"] = (min(xs), min(ys), max(xs), max(ys))
        return got

    def copy(self) -> Piece:
        """An independent copy (its men copied; the footprint, immutable, shared)."""
        q = Piece.__new__(Piece)
        d = q.__dict__
        d.update(self.__dict__)
        d["men"] = self.men.copy()
        return q

    @property
    def radius(self) -> float:
        """Half the diagonal of its footprint: nothing of it lies further from its centre."""
        w, d = self.size()
        return math.hypot(w, d) / 2.0

    def front_centre(self) -> Point:
        return front_centre_of(self.pos[0], self.pos[1], self.size()[1], self.facing)


@dataclass
class Commander:
    id: str
    side: str
    name: str
    pos: Point
    facing: float = 0.0


@dataclass
class State:
    sides: tuple[str, str]
    first: str
    pieces: dict[str, Piece]
    commanders: dict[str, Commander]
    objectives: dict[str, str | None]
    turn: int = 1
    side: str = ""
    phase: str = ORDERS
    #: The one thing of the turn (move, rally or formation change) is done.
    acted: bool = False
    commander_moved: bool = False
    #: Pairs of units engaged with each other (sorted ids).
    engaged: set[tuple[str, str]] = field(default_factory=set)
    #: The cards turned in the latest combat, by side.
    last_cards: dict[str, str] = field(default_factory=dict)
    outcome: Outcome | None = None
    #: Renewed by every edit of a piece or its men (`Piece.rev`, `Men.rev`).
    edits: Edits = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        e = self.edits = Edits(next(EDITS))
        for p in self.pieces.values():
            p.__dict__["_edits"] = e
            p.men.__dict__["_edits"] = e

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]


@functools.lru_cache(maxsize=8192)
def _rect(x: float, y: float, w: float, d: float, facing: float) -> BaseGeometry:
    """Footprints are immutable shapely polygons: built once per placement."""
    g = rect(x, y, w, d, facing)
    shapely.prepare(g)
    return g


#: A memo's "not asked yet" (None is an answer).
_MISSING = object()


class _Path:
    """The ground a move covered, built only when something may lie on it (the
    union of lane and end is the dearest part of applying a move)."""

    __slots__ = ("_geom", "box", "plan")

    def __init__(self, plan: MovePlan) -> None:
        self.plan = plan
        #: Bounds of everything the move covers.
        self.box = plan.bbox()
        self._geom: BaseGeometry | None = None

    def geom(self) -> BaseGeometry:
        if self._geom is None:
            self._geom = self.plan.swept()
        return self._geom


_r = rounded  # records and snapshots round alike in every ruleset

#: The terrain index and objective circles of the last few scenarios played,
#: by the scenario object (a balance report or a benchmark starts many games
#: on one): both are only read once built.
_GROUNDS: dict[int, tuple[Scenario, TerrainIndex, dict[str, BaseGeometry]]] = {}


def _ground_of(scenario: Scenario) -> tuple[TerrainIndex, dict[str, BaseGeometry]]:
    got = _GROUNDS.get(id(scenario))
    if got is None or got[0] is not scenario:
        if len(_GROUNDS) >= 8:
            _GROUNDS.clear()
        areas = {o.id: SPoint(o.position).buffer(o.radius, 32) for o in scenario.game.objectives}
        got = _GROUNDS[id(scenario)] = (scenario, TerrainIndex(scenario), areas)
    return got[1], got[2]


class BlownAwayGame(StateGame):
    state: State

    phases = PHASES
    free_action_kinds = frozenset({"move", "form"})

    def __init__(self, ruleset: Ruleset, scenario: Scenario, options: Mapping[str, OptionValue],
                 seed: int, chance: Chance,
                 script: tuple[tuple[int, ...], tuple[str, ...]] = ((), ())) -> None:
        super().__init__(ruleset, scenario, options, seed, chance)
        #: Geometry answers by the stamps of the pieces they concern (issue 18):
        #: the same questions (is that enemy in range, does it face us, how far
        #: apart are two bases) come back for every legal-action list, check and
        #: look-ahead until one of the pieces moves.  Shared with clones (stamps
        #: name placements, whichever game holds them).
        self._memo: dict[tuple[object, ...], object] = {}
        #: Sight keys (`_sight_key`) of one position: its epoch, every unit on the
        #: table (its stamp and box), and the keys by the two stamps.
        self._sights: tuple[int, list[tuple[Piece, int, float, float, float, float]],
                            dict[tuple[int, int], tuple[tuple[object, ...], list[Piece]]]] = (
            -1, [], {})
        #: The legal actions, and the state (`_legal_key`) they were listed for.
        self._legal: tuple[tuple[object, ...], tuple[Action, ...]] | None = None
        #: The pieces (`State.edits`) and holders `_update_objectives` last saw.
        self._objectives_seen: tuple[int, tuple[str | None, ...]] | None = None
        #: Who was present at the judge's last immediate verdict, and it.
        self._immediate: tuple[tuple[bool, ...], object] | None = None
        #: Verdicts of `_check` in one state (`_legal_key`).
        self._verdicts: tuple[tuple[object, ...], dict[Action, str | None]] | None = None
        self.initial_script = script
        if len(scenario.sides) != 2:
            raise RulesError("Blown Away is played by exactly two sides")
        self.terrain, areas = _ground_of(scenario)
        self.immobile_guns = bool(self.options["artillery_immobile"])
        limit = int(self.options["turn_limit"])
        hold = [c for c in scenario.game.victory if isinstance(c, HoldObjectives)]
        self.objective_ids: tuple[str, ...] = (
            (hold[0].objectives or tuple(o.id for o in scenario.game.objectives))
            if hold else tuple(o.id for o in scenario.game.objectives))
        self.objectives_to_win = hold[0].count if hold else OBJECTIVES_TO_WIN
        self.objective_areas = {o.id: areas[o.id]
                                for o in scenario.game.objectives if o.id in self.objective_ids}
        #: Each objective's bounding box (its circle's: the polygon lies inside).
        self.objective_boxes = {o.id: (o.position[0] - o.radius, o.position[1] - o.radius,
                                       o.position[0] + o.radius, o.position[1] + o.radius)
                                for o in scenario.game.objectives if o.id in self.objective_ids}
        others = tuple(c for c in scenario.game.victory
                       if not isinstance(c, (HoldObjectives, OccupyFeature)))
        if not any(isinstance(c, LastManStanding) for c in others):
            others = (*others, LastManStanding())
        self.judge = VictoryJudge(replace(scenario, game=replace(scenario.game, victory=others)),
                                  default_turn_limit=limit if limit > 0 else None)
        pieces: dict[str, Piece] = {}
        commanders: dict[str, Commander] = {}
        for s in scenario.sides:
            for u in s.units:
                allowed = FORMATIONS[u.type]
                facing = canonical_facing(u.facing)
                artillery = u.type in ARTILLERY
                pieces[u.id] = Piece(
                    id=u.id, side=s.id, name=u.name, type=u.type, frontage=u.base.frontage,
                    depth=u.base.depth,
                    formation=u.formation if u.formation in allowed else allowed[0],
                    pos=u.position, facing=facing,
                    men=_start_men(u, int(ruleset.start_state(u)["running"])),
                    traits=frozenset(u.traits),
                    gun=(u.position[0], u.position[1], facing) if artillery else None,
                    markers=CANNONBALLS * max(u.guns, 1) if artillery else 0,
                    guns=max(u.guns, 1) if artillery else 0,
                )
            for o in s.officers:
                commanders[o.id] = Commander(o.id, s.id, o.name, o.position,
                                             canonical_facing(o.facing))
        sides = (scenario.sides[0].id, scenario.sides[1].id)
        choice = str(self.options["first_side"])
        if choice in sides:
            first = choice
        elif choice == "coin":
            first = sides[0] if chance.coin("which side moves first") else sides[1]
        else:
            raise RulesError(f"option 'first_side' must be 'coin' or a side id "
                             f"({', '.join(sides)})")
        self.state = State(sides, first, pieces, commanders,
                           dict.fromkeys(self.objective_ids), side=first)
        how = "A coin decides" if choice == "coin" else "By the game's options"
        ev = [Event("first", f"{how}: {self._name(first)} moves first",
                    {"side": first, "coin": choice == "coin"})]
        ev.append(self._turn_event())
        self._update_objectives(ev, None)
        self.events.extend(ev)

    # -- the engine surface --------------------------------------------------------------

    def _name(self, side: str) -> str:
        return self.scenario.side(side).name or side

    def clone(self, seed: int | None = None) -> Self:
        """An independent copy: the pieces and the state's containers copied one
        level down (a deep copy of the state cost 18 ms a look-ahead, issue 18);
        the geometry memo (keyed by placements) is shared."""
        other = copy.copy(self)
        st = self.state
        other.state = replace(
            st,
            pieces={k: p.copy() for k, p in st.pieces.items()},
            commanders={k: Commander(c.id, c.side, c.name, c.pos, c.facing)
                        for k, c in st.commanders.items()},
            objectives=dict(st.objectives),
            engaged=set(st.engaged),
            last_cards=dict(st.last_cards),
        )
        other.state.edits.n = st.edits.n  # the same pieces: the same answers
        other.chance = self.chance.clone(seed)
        other.history = list(self.history)
        other.events = list(self.events)
        other.options = dict(self.options)
        return other

    # -- pieces and geometry ------------------------------------------------------------

    def _memo_get(self, key: tuple[object, ...]) -> object:
        return self._memo.get(key, _MISSING)

    def _memo_put(self, key: tuple[object, ...], value: object) -> None:
        if len(self._memo) >= MEMO_SIZE:
            self._memo.clear()
        self._memo[key] = value

    def _hits(self, p: Piece) -> list[int]:
        """Terrain features the footprint of `p` touches (cached per placement)."""
        key = ("hits", p.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = self.terrain.indices_hit(p.fp())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def _gap(self, a: Piece, b: Piece) -> float:
        """Distance between two footprints (cached per placement)."""
        key = ("gap", a.stamp, b.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = float(a.fp().distance(b.fp()))
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def _faces_piece(self, a: Piece, b: Piece) -> bool:
        """`faces(a, b.fp())`, its geometry cached per position."""
        if a.ranks == 0 or a.eliminated:
            return False
        key = ("faces", a.stamp, b.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = self.faces(a, b.fp())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def piece(self, uid: str) -> Piece:
        return self.state.pieces[uid]

    def units(self, side: str | None = None) -> list[Piece]:
        """Units still in the game (formed or mobs)."""
        return [p for p in self.state.pieces.values()
                if not p.eliminated and (side is None or p.side == side)]

    def formed(self, side: str | None = None) -> list[Piece]:
        return [p for p in self.state.pieces.values()
                if not p.eliminated and (side is None or p.side == side) and p.men.ranks > 0]

    def faces(self, a: Piece, target: BaseGeometry, pos: Point | None = None,
              facing: float | None = None) -> bool:
        """RULINGS: a unit faces an enemy when any of the enemy's footprint lies in
        its front arc (45 degrees either side, from its front centre).  Only men in
        ranks face anything; a mob faces nobody."""
        if a.ranks == 0 or a.eliminated:
            return False
        x, y = a.pos if pos is None else pos
        f = a.facing if facing is None else facing
        apex = front_centre_of(x, y, a.size()[1], f)
        return bool(wedge(apex, f, 45.0, FACING_REACH).intersects(target))

    def facing_either(self, a: Piece, b: Piece) -> bool:
        return self._faces_piece(a, b) or self._faces_piece(b, a)

    def engaged_with(self, uid: str) -> list[str]:
        out = []
        for a, b in self.state.engaged:
            if a == uid:
                out.append(b)
            elif b == uid:
                out.append(a)
        return sorted(out)

    def is_engaged(self, uid: str) -> bool:
        return any(uid in pair for pair in self.state.engaged)

    def in_works(self, p: Piece) -> bool:
        return self.in_terrain(p, WORKS)

    def in_terrain(self, p: Piece, types: frozenset[TerrainType]) -> bool:
        key = ("within", p.stamp, types)
        got = self._memo_get(key)
        if got is _MISSING:
            fp = p.fp()
            got = any(self.terrain.areas[i].intersection(fp).area > AREA_EPS
                      for i in self._hits(p) if self.terrain.types[i] in types)
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def behind_wall(self, p: Piece, enemy: BaseGeometry) -> bool:
        """Ruling: a wall is between the unit and the enemy (it crosses the line
        between their centres), within WALL_REACH of the unit, and nearer the
        unit than the enemy."""
        fp = p.fp()
        zone = fp.buffer(WALL_REACH)
        line = LineString([p.pos, enemy.centroid])
        for i in self.terrain.indices_hit(zone):
            area = self.terrain.areas[i]
            if self.terrain.types[i] in WALLS and area.intersects(line) and \
                    float(area.distance(fp)) < float(area.distance(enemy)):
                return True
        return False

    def cover(self, p: Piece, enemy: BaseGeometry) -> str:
        """'works', 'wall' or 'open' (soft cover such as woods counts as open)."""
        if self.in_works(p):
            return "works"
        if self.behind_wall(p, enemy):
            return "wall"
        return "open"

    def _cover_from(self, p: Piece, enemy: Piece, gun: bool) -> str:
        """`cover(p, ...)` against `enemy`'s footprint, or against the front centre
        of its gun (`gun`), cached per position."""
        key = ("cover", p.stamp, enemy.stamp, gun)
        got = self._memo_get(key)
        if got is _MISSING:
            got = self.cover(p, SPoint(enemy.front_centre()) if gun else enemy.fp())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def defended(self, p: Piece, enemy: Piece) -> bool:
        """Infantry or artillery behind a redoubt, wall or in a trench (+3 to its card)."""
        return p.type is not UnitType.CAVALRY and self._cover_from(p, enemy, False) != "open"

    # -- legality --------------------------------------------------------------------

    def _legal_key(self) -> tuple[object, ...]:
        """Everything the legal-action list depends on: the turn and phase, and
        every piece and its men as they are (by their edit numbers, so whoever
        edits a piece, the engine, the play window or a test, renews the key)."""
        st = self.state
        return (st.turn, st.side, st.phase, st.acted, st.commander_moved, st.outcome is None,
                tuple(sorted(st.engaged)), st.edits.n,
                tuple([c.pos for c in st.commanders.values()]))

    def legal_actions(self) -> list[Action]:
        """Listed once per state (issue 18: a phase's end asks whether anything is
        left to do, then the player asks for the same list)."""
        key = self._legal_key()
        cached = self._legal
        if cached is None or cached[0] != key:
            cached = self._legal = (key, tuple(self._list_legal()))
        return list(cached[1])

    def _verdicts_for(self, key: tuple[object, ...]) -> dict[Action, str | None]:
        """Actions already judged in the state `key` names, with their verdicts."""
        got = self._verdicts
        if got is None or got[0] != key:
            got = self._verdicts = (key, {})
        return got[1]

    def _check(self, action: Action) -> str | None:
        """Moves and formation changes are judged once per state: a sampled move
        is checked when proposed, again by the sampler, and again when applied.
        (Everything else is cheap to judge: its geometry is memoised.)"""
        if not isinstance(action, (Move, Form)):
            return self._judge(action)
        verdicts = self._verdicts_for(self._legal_key())
        if action in verdicts:
            return verdicts[action]
        why = verdicts[action] = self._judge(action)
        return why

    def _list_legal(self) -> list[Action]:
        st = self.state
        if st.outcome is not None:
            return []
        side = st.side
        out: list[Action] = []
        if st.phase == ORDERS:
            if not st.acted:
                for p in self.units(side):
                    if self._check_rally(p) is None:
                        out.append(Rally(p.id))
                    if self._check_rejoin(p) is None:
                        out.append(Rejoin(p.id))
        elif st.phase == ARTILLERY_PHASE:
            guns = [g for g in self.units(side) if self._why_no_fire(g) is None]
            targets = self.formed(st.enemy(side))
            for g in guns:
                for t in targets:
                    if self._check_fire(g, t) is None:
                        out.append(Fire(g.id, t.id))
        elif st.phase == COMBAT:
            enemies = [(t, t.radius) for t in self.formed(st.enemy(side))]
            for u in self.formed(side):
                if u.fought:
                    continue
                ur = u.radius
                for t, tr in enemies:
                    # the first test of `_contact_problem`, before anything else:
                    # most pairs are far apart and not engaged
                    if math.dist(u.pos, t.pos) - ur - tr >= COMBAT_DISTANCE and \
                            _pair(u.id, t.id) not in st.engaged:
                        continue
                    if self._check_combat(u, t) is None:
                        out.append(Combat(u.id, t.id))
        out.append(End())
        return out

    def _judge(self, action: Action) -> str | None:
        if not isinstance(action, BlownAwayAction):
            return f"'{action}' is not a Blown Away action"
        st = self.state
        if isinstance(action, End):
            return None
        if isinstance(action, Move) and action.piece in st.commanders:
            c = st.commanders[action.piece]
            if c.side != st.side:
                return f"{c.id} is not yours"
            if st.phase != ORDERS:
                return "the commander moves in the orders phase"
            if st.commander_moved:
                return "the commander has already moved this turn"
            x, y = action.to
            tab = self.scenario.table
            if not (0 <= x <= tab.width and 0 <= y <= tab.depth):
                return "would leave the table"
            return None
        uid = _subject(action)
        p = st.pieces.get(uid)
        if p is None:
            return f"no unit '{uid}'"
        if p.side != st.side:
            return f"{uid} is not yours"
        if p.eliminated:
            return f"{uid} is no longer in the game"
        if isinstance(action, (Move, Form, Rally, Rejoin)):
            if st.phase != ORDERS:
                return "units move, rally or change formation in the orders phase"
            if st.acted:
                return "this turn's one thing (a move, a rally or a formation change) is done"
            if isinstance(action, Move):
                return self._check_move(p, action.to, action.facing)
            if isinstance(action, Form):
                return self._check_form(p, action.formation, action.facing)
            if isinstance(action, Rally):
                return self._check_rally(p)
            return self._check_rejoin(p)
        t = st.pieces.get(action.target)
        if t is None:
            return f"no unit '{action.target}'"
        if t.side == p.side:
            return f"{t.id} is not an enemy"
        if isinstance(action, Fire):
            if st.phase != ARTILLERY_PHASE:
                return "long-range artillery fires in the artillery phase"
            return self._why_no_fire(p) or self._check_fire(p, t)
        if st.phase != COMBAT:
            return "combats are conducted in the combat phase"
        return self._check_combat(p, t)

    # movement ---------------------------------------------------------------------

    def allowance(self, p: Piece) -> float:
        if p.mob:
            return MOB_MOVE
        if p.is_artillery and self.immobile_guns:
            return 0.0
        return MOVE_ALLOWANCE[p.type]

    def why_not_move(self, pid: str) -> str | None:
        """Why the unit or commander `pid` may not be moved now (None: it may), from
        the turn's rules alone, wherever it might go: the play window asks this
        rather than knowing the phases itself (issue 16)."""
        st = self.state
        if st.outcome is not None:
            return "the game is over"
        if st.phase != ORDERS:
            return "units and the commander move in the orders phase"
        c = st.commanders.get(pid)
        if c is not None:
            if c.side != st.side:
                return f"{c.id} is not yours"
            return "the commander has already moved this turn" if st.commander_moved else None
        p = st.pieces.get(pid)
        if p is None:
            return f"no unit '{pid}'"
        if p.side != st.side:
            return f"{pid} is not yours"
        if p.eliminated:
            return f"{pid} is no longer in the game"
        if st.acted:
            return "this turn's one thing (a move, a rally or a formation change) is done"
        return self.why_cannot_move(p)

    def why_cannot_move(self, p: Piece) -> str | None:
        if p.ranks > 0 and self.is_engaged(p.id):
            return f"{p.id} is engaged in combat"
        if p.is_artillery and p.ranks > 0 and not p.at_gun:
            return f"{p.id}'s gunners are away from their cannon: 'rejoin' walks them back"
        if p.ranks > 0 and p.running > 0:
            return f"{p.id} has men in ranks and men running: rally it first"
        return None

    def pivot_point(self, p: Piece, facing: float) -> Point:
        """Where the centre is after pivoting to `facing` on the centre man of the
        front rank (artillery on the cannon axle: its centre)."""
        if p.is_artillery:
            return p.pos
        d = p.size()[1]
        fc = front_centre_of(p.pos[0], p.pos[1], d, p.facing)
        fx, fy = forward(facing)
        return (fc[0] - fx * d / 2.0, fc[1] - fy * d / 2.0)

    def _table_problem(self, geom: BaseGeometry) -> str | None:
        return self._box_problem(geom.bounds)

    def _end_problem(self, plan: MovePlan) -> str | None:
        """`_table_problem` of the plan's end footprint, from its corners (the
        very numbers of the polygon, so the same bounds) without building it."""
        e = plan.end
        cs = corners(e.x, e.y, plan.frontage, plan.depth, e.facing)
        xs, ys = [c[0] for c in cs], [c[1] for c in cs]
        return self._box_problem((min(xs), min(ys), max(xs), max(ys)))

    def _box_problem(self, bounds: tuple[float, float, float, float]) -> str | None:
        minx, miny, maxx, maxy = bounds
        t = self.scenario.table
        tol = 1e-6
        if minx < -tol or miny < -tol or maxx > t.width + tol or maxy > t.depth + tol:
            return "would leave the table"
        return None

    def _check_move(self, p: Piece, to: Point, facing: float) -> str | None:
        why = self.why_cannot_move(p)
        if why:
            return why
        if p.mob:
            return self._check_mob_move(p, to, facing)
        start = self.pivot_point(p, facing)
        length = math.dist(start, to)
        allowance = self.allowance(p)
        if length > allowance + 1e-6:
            if allowance == 0:
                return f"{p.id} may not move (artillery before 1750), only turn"
            return f"moves {length:.2f}\" but may move at most {allowance:g}\""
        if length > 1e-9:
            off = abs(angle_diff(bearing(start, to), facing))
            if off > OBLIQUE_LIMIT + 1e-6:
                return (f"may move straight ahead or obliquely up to {OBLIQUE_LIMIT:g} "
                        f"degrees, not {off:.0f}")
        w, d = p.size()
        plan = MovePlan(Placement(start[0], start[1], facing), Placement(to[0], to[1], facing),
                        w, d)
        why = self._end_problem(plan)
        if why:
            return why
        why = self._blockers_problem(p, plan)
        if why:
            return why
        why = table_terrain_problem(plan, self.terrain, ACCESS)
        if why:
            return why
        stop = self.stop_length(p, start, facing, to)
        if stop is not None and length > stop + 1e-6:
            return (f"must stop after {stop:.2f}\": less than {STOP_DISTANCE:g}\" from an enemy "
                    f"it faces or that faces it")
        return None

    def _blockers_problem(self, p: Piece, plan: MovePlan) -> str | None:
        """`desktop.table.movement.blocker_problem` for the units whose boxes meet
        the move's (friends passable, enemy mobs swept away, no gap kept), with
        its geometry asked only of bases the corners cannot prove clear."""
        box = plan.bbox()
        e = plan.end
        f, d = max(plan.frontage - 2 * SHRINK, 1e-3), max(plan.depth - 2 * SHRINK, 1e-3)
        end_c = corners(e.x, e.y, f, d, e.facing)
        lane_c: list[Point] | None = None
        if plan.length >= 1e-9:
            lane_c = corners((plan.start.x + e.x) / 2.0, (plan.start.y + e.y) / 2.0, f,
                             d + plan.length, plan.travel_facing)
        for q in self.units():
            if q.id == p.id or not _boxes_meet(box, q.box()):
                continue  # (a base clear of everything the move covers never stops it)
            if q.side != p.side and q.mob:
                continue  # swept away
            qc = q.corners()
            if not _apart(end_c, qc) and plan.end_footprint(SHRINK).intersects(q.fp()):
                return f"would end on top of {q.name or q.id}"
            if lane_c is not None and q.side != p.side and not _apart(lane_c, qc) and \
                    plan.lane(SHRINK).intersects(q.fp()):
                return f"would pass through {q.name or q.id}"
        return None

    def stop_length(self, p: Piece, start: Point, facing: float, to: Point) -> float | None:
        """How far along the line from `start` (after the pivot) to `to` the unit may
        go before the stop rule halts it; None if it never does.

        The move stops at the first point where a man is less than STOP_DISTANCE
        from an enemy with men in ranks that it faces or that faces it, and
        nearer than it was at the start, after its pivot (a unit already close may
        turn about and draw off)."""
        length = math.dist(start, to)
        w, d = p.size()
        fx, fy = (0.0, 0.0) if length < 1e-9 else ((to[0] - start[0]) / length,
                                                  (to[1] - start[1]) / length)
        reach = math.hypot(w, d) / 2.0 + STOP_DISTANCE
        # (plain arithmetic with a hair of slack: an enemy let in by the slack is
        # still further than STOP_DISTANCE from every footprint, so never stops it)
        enemies = [e for e in self.formed(self.state.enemy(p.side))
                   if _segment_distance(start, to, e.pos)
                   <= reach + math.hypot(*e.size()) / 2 + 1e-6]
        if not enemies:
            return None
        # every STOP_STEP from the start, and the end: the same points whatever
        # the length asked for, so the stop does not move with the drag (issue 34)
        ts = np.append(np.arange(0.0, length - 1e-9, STOP_STEP), length) \
            if length > 1e-9 else np.zeros(1)
        base = np.array(corners(0.0, 0.0, w, d, facing))
        cx = start[0] + fx * ts
        cy = start[1] + fy * ts
        rings = base[None, :, :] + np.stack([cx, cy], axis=1)[:, None, :]
        fps = shapely.polygons(rings)
        hx, hy = forward(facing)
        apex_x, apex_y = cx + hx * d / 2.0, cy + hy * d / 2.0
        wbase = np.array(wedge((0.0, 0.0), facing, 45.0, FACING_REACH).exterior.coords)[:-1]
        wrings = wbase[None, :, :] + np.stack([apex_x, apex_y], axis=1)[:, None, :]
        wedges = shapely.polygons(wrings)
        hit = np.zeros(len(ts), dtype=bool)
        for e in enemies:
            efp = e.fp()
            limit = min(STOP_DISTANCE, float(shapely.distance(fps[0], efp)))
            gaps = shapely.distance(fps, efp)
            close = gaps < limit - 1e-6
            if not close.any():
                continue
            we = wedge(e.front_centre(), e.facing, 45.0, FACING_REACH)
            facing_rel = shapely.intersects(wedges, efp) | shapely.intersects(fps, we)
            hit |= close & facing_rel
        idx = np.flatnonzero(hit)
        if not len(idx):
            return None
        return float(ts[idx[0]])

    def _check_mob_move(self, p: Piece, to: Point, facing: float) -> str | None:
        length = math.dist(p.pos, to)
        if length > MOB_MOVE + 1e-6:
            return f"a mob moves at most {MOB_MOVE:g}\", not {length:.2f}\""
        w, d = p.size()
        plan = MovePlan(Placement(p.pos[0], p.pos[1], facing), Placement(to[0], to[1], facing),
                        w, d)
        why = self._end_problem(plan)
        if why:
            return why
        path = self.mob_path(p, to, facing)
        for e in self.units(self.state.enemy(p.side)):
            efp = e.fp()
            limit = min(MOB_CLEARANCE, float(p.fp().distance(efp)))
            if float(path.distance(efp)) < limit - 1e-6:
                return (f"a mob may not pass closer than {MOB_CLEARANCE:g}\" to enemy troops "
                        f"({e.name or e.id})")
        box = plan.bbox()
        bs = [Blocker(q.id, q.fp(), passable=True, min_gap=0.0, label=q.name or q.id)
              for q in self.units(p.side) if q.id != p.id and _boxes_meet(box, q.box())]
        why = blocker_problem(plan, bs)
        if why:
            return why
        return table_terrain_problem(plan, self.terrain, ACCESS)

    def mob_stop_length(self, p: Piece, to: Point, facing: float) -> float | None:
        """How far along the line from a mob to `to` it may run with its path
        (``mob_path``) still clear of enemy troops by MOB_CLEARANCE, as
        ``_check_mob_move`` measures it; None if the path to `to` is clear.

        Tried every STOP_STEP from the start, as ``stop_length`` is, so the
        answer is the same whatever length is asked and whatever the angle
        (issue 34: a mob's 6" clearance snaps a drag as the 4" stop does).
        The answer is the last point tried that is clear (0 when none is)."""
        length = math.dist(p.pos, to)
        if length < 1e-9:
            return None
        enemies = self.units(self.state.enemy(p.side))
        if not enemies:
            return None
        ux, uy = (to[0] - p.pos[0]) / length, (to[1] - p.pos[1]) / length
        ts = np.append(np.arange(0.0, length - 1e-9, STOP_STEP), length)
        here = np.array(p.fp().exterior.coords)[:-1]
        shift = np.stack([ux * ts, uy * ts], axis=1)[:, None, :]
        carried = shapely.convex_hull(shapely.multipoints(
            np.concatenate([np.broadcast_to(here, (len(ts), *here.shape)), here + shift],
                           axis=1)))
        turned = np.array(p.fp(facing=facing).exterior.coords)[:-1]
        ends = shapely.polygons(turned[None, :, :] + shift)
        near = np.zeros(len(ts), dtype=bool)
        for e in enemies:
            efp = e.fp()
            limit = min(MOB_CLEARANCE, float(p.fp().distance(efp)))
            gaps = np.minimum(shapely.distance(carried, efp), shapely.distance(ends, efp))
            near |= gaps < limit - 1e-6
        idx = np.flatnonzero(near)
        if not len(idx):
            return None
        return float(ts[idx[0] - 1]) if idx[0] > 0 else 0.0

    def mob_path(self, p: Piece, to: Point, facing: float) -> BaseGeometry:
        """The ground a mob's men cover running to `to` (issue 17, seed 003: a mob "may
        not pass closer than 6 inches from enemy troops"): its base as it stands,
        carried straight along the line (not turned to the way it runs: a mob has
        no front to turn), then its base where it ends, facing `facing`."""
        here = p.fp()
        there = p.fp(pos=to)
        return shapely.union(shapely.convex_hull(shapely.union(here, there)),
                             p.fp(pos=to, facing=facing))

    def _check_form(self, p: Piece, formation: Formation, facing: float) -> str | None:
        why = self.why_cannot_move(p)
        if why:
            return why
        if p.mob:
            return f"{p.id} has no men in ranks to form"
        if formation not in FORMATIONS[p.type]:
            return (f"{p.type.value.replace('_', ' ')} may be in "
                    f"{', '.join(f.value for f in FORMATIONS[p.type])}")
        if formation is p.formation and abs(angle_diff(facing, p.facing)) < 1e-9:
            return f"{p.id} is already in {formation.value} facing {facing:g}"
        fp = p.fp(facing=facing, formation=formation)
        why = self._table_problem(fp)
        if why:
            return why
        for q in self.units():
            if q.id != p.id and q.fp().intersection(fp).area > AREA_EPS:
                return f"would overlap {q.name or q.id}"
        w, d = p.size(formation)
        plan = MovePlan(Placement(p.pos[0], p.pos[1], facing),
                        Placement(p.pos[0], p.pos[1], facing), w, d)
        return table_terrain_problem(plan, self.terrain, ACCESS)

    # rallying ---------------------------------------------------------------------

    def rally_case(self, p: Piece) -> int:
        return 1 if p.ranks > 0 else 2

    def _check_rally(self, p: Piece) -> str | None:
        if p.eliminated:
            return f"{p.id} is no longer in the game"
        if p.running == 0:
            return f"{p.id} has no men running"
        fp = p.fp()
        enemies = self.formed(self.state.enemy(p.side))
        if p.ranks > 0:
            for e in enemies:
                if self._gap(e, p) <= RALLY_THREAT + 1e-9 and self._faces_piece(e, p):
                    return (f"{e.name or e.id} faces {p.id} from {RALLY_THREAT:g}\" or less")
            return None
        c = [c for c in self.state.commanders.values() if c.side == p.side]
        if not any(point_distance(x.pos, fp) <= COMMANDER_NEXT_TO + 1e-9 for x in c):
            return (f"a unit with no men in ranks rallies only with the commander next to it "
                    f"(within {COMMANDER_NEXT_TO:g}\")")
        for e in enemies:
            if self._gap(e, p) < RALLY_SAFE - 1e-9:
                return (f"its running men are less than {RALLY_SAFE:g}\" from "
                        f"{e.name or e.id}")
        return None

    def _check_rejoin(self, p: Piece) -> str | None:
        if not p.is_artillery or p.eliminated:
            return f"{p.id} has no cannon to walk back to"
        if p.ranks == 0:
            return f"{p.id} has no gunners in ranks: rally them first"
        if p.at_gun:
            return f"{p.id}'s gunners are at their cannon"
        if p.running > 0 and not REJOIN_WHILE_RUNNING:
            return f"{p.id} has men running"
        return None

    # long-range artillery ----------------------------------------------------------------

    def _why_no_fire(self, g: Piece) -> str | None:
        if not g.is_artillery:
            return f"{g.id} is not artillery"
        if g.ranks == 0 or g.eliminated:
            return f"{g.id} has no gunner in ranks"
        if not g.at_gun:
            return f"{g.id}'s gunners are away from their cannon"
        if self.is_engaged(g.id):
            return f"{g.id} is engaged in combat"
        if g.shots >= self.shots_per_turn(g):
            if g.guns > 1:
                return f"all {g.guns} guns of {g.id} have fired this turn"
            return f"{g.id} has fired this turn"
        if g.markers <= 0:
            return f"{g.id} has no cannonballs left"
        return None

    @staticmethod
    def shots_per_turn(g: Piece) -> int:
        """Issue 17 (seed 003 "Each artillery piece gets 4 cannon balls"; docs/rulings.md):
        every gun of a battery fires once in its side's turn."""
        return SHOTS_PER_TURN * max(g.guns, 1)

    def shot_cost(self, g: Piece, t: Piece) -> int:
        c = self._cover_from(t, g, True)
        return COST_WORKS if c == "works" else COST_WALL if c == "wall" else COST_OPEN

    def _check_fire(self, g: Piece, t: Piece) -> str | None:
        if t.ranks == 0 or t.eliminated:
            return f"{t.id} has no men in ranks"
        key = ("fire", g.stamp, t.stamp)
        why = self._memo_get(key)
        if why is _MISSING:
            why = self._fire_geometry(g, t)
            self._memo_put(key, why)
        if why is not None:
            return why  # type: ignore[return-value]
        if not self.sees(g, t):
            return f"{g.id} has no clear line of sight to {t.id}"
        cost = self.shot_cost(g, t)
        if g.markers < cost:
            return f"the shot costs {cost} cannonballs; {g.id} has {g.markers}"
        return None

    def _fire_geometry(self, g: Piece, t: Piece) -> str | None:
        """Range and bore arc of `g` firing at `t` (theirs alone: sight is asked after)."""
        apex = g.front_centre()
        if math.dist(apex, t.pos) - t.radius > ARTILLERY_MAX_RANGE:
            return f"{t.id} is beyond {ARTILLERY_MAX_RANGE:g}\""
        tc = t.corners()
        # Plain arithmetic first; shapely's own figure where it is within a hair
        # of a limit (or printed), so every verdict is the one shapely gives.
        dist = nearest_on_convex(apex, tc)[1]
        if min(abs(dist - ARTILLERY_MIN_RANGE), abs(dist - ARTILLERY_MAX_RANGE)) < 1e-6 or \
                dist > ARTILLERY_MAX_RANGE:
            dist = point_distance(apex, t.fp())
        if dist < ARTILLERY_MIN_RANGE - 1e-9:
            return f"{t.id} is closer than {ARTILLERY_MIN_RANGE:g}\""
        if dist > ARTILLERY_MAX_RANGE + 1e-9:
            return f"{t.id} is {dist:.1f}\" away, beyond {ARTILLERY_MAX_RANGE:g}\""
        # in_arc(apex, ..., t.fp()) in plain arithmetic on the same corners (the
        # distance test it starts with has just been passed)
        if arc_part_coords(apex, g.facing, BORE_HALF_ANGLE, ARTILLERY_MAX_RANGE, tc) is None:
            return f"{t.id} is not within {BORE_HALF_ANGLE:g} degrees of the bore"
        return None

    def _sight_key(self, g: Piece, t: Piece) -> tuple[object, ...]:
        """Names everything sight from `g` to `t` depends on: their placements and
        those of the units inside the box around `g`'s front centre and `t` (no
        line between them can cross a base outside it).  Kept per position: a
        list of guns and targets asks it for every pair, then again per shot."""
        return self._sight_near(g, t)[0]

    def _sight_near(self, g: Piece, t: Piece) -> tuple[tuple[object, ...], list[Piece]]:
        """`_sight_key`, and the units it names."""
        epoch, boxes, keys = self._sights
        if epoch != _EPOCH[0]:
            boxes = [(q, q.stamp, *q.box()) for q in self.state.pieces.values()
                     if not q.eliminated]
            keys = {}
            self._sights = (_EPOCH[0], boxes, keys)
        gs, ts = g.stamp, t.stamp
        got = keys.get((gs, ts))
        if got is not None:
            return got
        ax, ay = g.front_centre()
        x0, y0, x1, y1 = t.box()
        x0, y0 = min(x0, ax) - SIGHT_BOX_MARGIN, min(y0, ay) - SIGHT_BOX_MARGIN
        x1, y1 = max(x1, ax) + SIGHT_BOX_MARGIN, max(y1, ay) + SIGHT_BOX_MARGIN
        near = [q for q, s, bx0, by0, bx1, by1 in boxes
                if bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0 and s != gs and s != ts]
        got = keys[(gs, ts)] = (("sight", gs, ts, tuple([q.stamp for q in near])), near)
        return got

    def _ground_lines(self, g: Piece, t: Piece) -> tuple[list[Line], list[bool],
                                                          list[Line], list[bool]]:
        """The sight lines from `g`'s front centre to `t` (first the nearest point
        and the centre, then the corners) and which of them the ground blocks:
        they depend on the two placements alone, so they are kept by their stamps
        while the units between come and go."""
        key = ("ground", g.stamp, t.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            first, corners = aim_lines(g.front_centre(), t.corners())
            exempt = frozenset(self._hits(g)) | frozenset(self._hits(t))
            blocked = ground_blocks(first + corners, self.terrain, BLOCKS_SIGHT, exempt)
            got = (first, blocked[:2], corners, blocked[2:])
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def sees(self, g: Piece, t: Piece) -> bool:
        """Sight from `g`'s front centre to any part of `t`, past every other unit
        on the table; the features either stands in do not block it (the verdict
        of `desktop.table.sight.line_of_sight`, worked out as `blown_away.sight`
        says).  Kept by the placements of the two and of the units between."""
        key, near = self._sight_near(g, t)
        got = self._memo_get(key)
        if got is _MISSING:
            first, ground_first, corners, ground_corners = self._ground_lines(g, t)
            bases = [self._span(q) for q in near]
            got = any_clear(first, ground_first, bases) or \
                any_clear(corners, ground_corners, bases)
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def _span(self, q: Piece) -> Span:
        """`q`'s base ready for the sight test (kept per placement)."""
        key = ("span", q.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = span(q.corners())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def sight_of(self, g: Piece, t: Piece, names: dict[str, str] | None = None) -> Sight:
        """`sees` with its reasons: the lines tried and what blocks each, by name
        (desktop.table.sight); its verdict is `sees`'s."""
        seen = self.sees(g, t)
        got = sight_reasons(g.front_centre(), t.fp(), self.terrain, BLOCKS_SIGHT,
                            [(q.id, q.fp()) for q in self.units()], exclude=(g.id, t.id),
                            exempt_features=set(self._hits(g)) | set(self._hits(t)),
                            names=names)
        return got if got.clear == seen else Sight(seen, got.lines)

    # combat --------------------------------------------------------------------------

    def _check_combat(self, u: Piece, t: Piece) -> str | None:
        if u.ranks == 0:
            return f"{u.id} has no men in ranks"
        if t.ranks == 0 or t.eliminated:
            return f"{t.id} has no men in ranks"
        if u.fought:
            return f"{u.id} has fought this turn"
        if u.is_artillery and not u.at_gun:
            return f"{u.id}'s gunners are away from their cannon"
        pair = _pair(u.id, t.id)
        if pair not in self.state.engaged:
            key = ("contact", u.stamp, t.stamp)
            why = self._memo_get(key)
            if why is _MISSING:
                why = self._contact_problem(u, t)
                self._memo_put(key, why)
            if why:
                return why  # type: ignore[return-value]
        if u.type is UnitType.CAVALRY:
            if self.in_works(t) or self._cover_from(t, u, False) == "wall":
                return f"cavalry may not fight {t.id} behind a wall, redoubt or in a trench"
            if self.in_terrain(t, CAVALRY_BARRED):
                return f"cavalry may not fight {t.id} in woods"
        return None

    def _contact_problem(self, u: Piece, t: Piece) -> str | None:
        """Why `u` (men in ranks) may not start a fight with `t` (men in ranks):
        too far apart, or neither faces the other."""
        if math.dist(u.pos, t.pos) - u.radius - t.radius >= COMBAT_DISTANCE or \
                self._gap(u, t) >= COMBAT_DISTANCE - 1e-9:
            return f"{t.id} is not less than {COMBAT_DISTANCE:g}\" away"
        if not self.facing_either(u, t):
            return f"neither {u.id} nor {t.id} faces the other"
        return None

    def card_bonus(self, p: Piece, enemy: Piece, defending: bool) -> int:
        if not (defending or DEFENCE_BONUS_EITHER_SIDE):
            return 0
        return DEFENCE_BONUS if self.defended(p, enemy) else 0

    def runs_for(self, loser: Piece, winner: Piece, winner_card: str, nth: int) -> int:
        """How many of `loser` run when its `nth` man of the engagement is killed."""
        if winner.is_artillery and winner.at_gun and ARTILLERY_RUNS_IGNORE_MODIFIERS:
            return artillery_runs(winner_card)
        side_on = aspect(loser.pos, loser.facing, winner.pos)
        n = nth
        if winner.is_artillery and winner.at_gun:
            n = artillery_runs(winner_card)
        return runs_after_kill(
            n,
            winner_cavalry=winner.type is UnitType.CAVALRY,
            pikes_or_guard=bool(loser.traits & {Trait.PIKEMEN, Trait.GUARD}) and loser.ranks > 0,
            militia=Trait.MILITIA in loser.traits,
            flank_or_rear=side_on in (Aspect.FLANK, Aspect.REAR),
        )

    def combat_odds(self, unit: str, target: str) -> CombatOdds:
        """Exact odds of `unit` fighting `target` now, from the cards left in each deck."""
        u, t = self.piece(unit), self.piece(target)

        def on(loser: Piece, winner: Piece) -> int:
            return loser.ranks - 1

        def runs_t(card: str) -> int:
            return min(self.runs_for(_after_kill(t), u, card, t.men.killed + 1), on(t, u))

        def runs_u(card: str) -> int:
            return min(self.runs_for(_after_kill(u), t, card, u.men.killed + 1), on(u, t))

        return combat_odds(pile_of(self.chance, u.side), pile_of(self.chance, t.side),
                           self.card_bonus(u, t, False), self.card_bonus(t, u, True),
                           runs_t, runs_u)

    def odds(self, action: Action) -> Odds | None:
        """Who wins a legal combat, exact over the cards left in both decks; a
        legal long-range shot kills one man for certain (seed 003); in ids."""
        if isinstance(action, Combat) and self.check(action) is None:
            o = self.combat_odds(action.unit, action.target)
            u, t = action.unit, action.target
            return Odds(f"{u} fights {t}: who wins",
                        [(f"{u} wins", o.unit_wins), ("a tie", o.tie),
                         (f"{t} wins", o.target_wins)],
                        [f"{t} loses a man: {pct(o.target_loses_a_man)}",
                         f"{u} loses a man: {pct(o.unit_loses_a_man)}"])
        if isinstance(action, Fire) and self.check(action) is None:
            return Odds(f"{action.gun} fires at {action.target}", [("one man killed", Fraction(1))])
        return None

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        st = self.state
        ev: list[Event] = []
        passed: tuple[str, _Path] | None = None
        if isinstance(action, End):
            self._advance(ev)
        elif isinstance(action, Move) and action.piece in st.commanders:
            c = st.commanders[action.piece]
            words = self.move_words(action)
            c.pos = action.to
            c.facing = action.facing
            st.commander_moved = True
            ev.append(Event("move", words,
                            {"piece": c.id, "to": list(action.to)}))
        elif isinstance(action, Move):
            passed = self._move(st.pieces[action.piece], action.to, action.facing, ev,
                                self.move_words(action))
            st.acted = True
        elif isinstance(action, Form):
            p = st.pieces[action.unit]
            words = self.form_words(action)
            p.formation = action.formation
            p.facing = action.facing
            if p.gun is not None:
                p.gun = (p.pos[0], p.pos[1], p.facing)
            st.acted = True
            ev.append(Event("form", words,
                            {"unit": p.id, "formation": action.formation.value,
                             "facing": action.facing}))
        elif isinstance(action, Rally):
            self._rally(st.pieces[action.unit], ev)
            st.acted = True
        elif isinstance(action, Rejoin):
            self._rejoin(st.pieces[action.unit], ev)
            st.acted = True
        elif isinstance(action, Fire):
            self._fire(st.pieces[action.gun], st.pieces[action.target], ev)
        elif isinstance(action, Combat):
            self._combat(st.pieces[action.unit], st.pieces[action.target], ev)
        self._end_engagements(ev)
        self._update_objectives(ev, passed)
        if st.outcome is not None or self._judge_now(ev):
            return ev
        if st.phase == ORDERS and st.acted and st.commander_moved:
            self._advance(ev)
        return ev

    def _advance(self, ev: list[Event]) -> None:
        """End the current phase; skip phases with nothing to do; end the turn."""
        st = self.state
        while st.outcome is None:
            if st.phase == ORDERS:
                st.phase = ARTILLERY_PHASE
            elif st.phase == ARTILLERY_PHASE:
                st.phase = COMBAT
            else:
                self._end_side_turn(ev)
                return
            if len(self.legal_actions()) > 1:
                ev.append(Event("phase", f"{self.phase_info().name}", {"phase": st.phase}))
                return

    def _end_side_turn(self, ev: list[Event]) -> None:
        st = self.state
        if st.side != st.first:
            if self._judge_end_of_turn(ev):
                return
            st.turn += 1
        st.side = st.enemy(st.side)
        st.phase = ORDERS
        st.acted = False
        st.commander_moved = False
        for p in st.pieces.values():
            p.fought = False
            p.shots = 0
        ev.append(self._turn_event())

    def _turn_event(self) -> Event:
        st = self.state
        return Event("turn", f"Turn {st.turn}: {self._name(st.side)}",
                     {"turn": st.turn, "side": st.side})

    # moves ------------------------------------------------------------------------------

    def move_words(self, action: Move) -> str:
        """A move as a wargamer says it (the log and the play window's words):
        "Regiment Balfour turns 30° to the right and moves 4.2″", "Lord Tremayne
        rides 12.0″", "Foot Guards runs 18.0″" (a mob)."""
        st = self.state
        c = st.commanders.get(action.piece)
        if c is not None:
            ride = math.dist(c.pos, action.to)
            return f"{c.name or c.id} " + (f"rides {_inches(ride)}" if ride >= 0.05
                                           else "stays where he is")
        p = st.pieces[action.piece]
        if p.mob:
            return f"{p.name or p.id} runs {_inches(math.dist(p.pos, action.to))}"
        length = math.dist(self.pivot_point(p, action.facing), action.to)
        went = f"moves {_inches(length)}"
        pivot = _turn_words(p.facing, action.facing)
        return f"{p.name or p.id} " + (f"{pivot} and {went}" if pivot and length >= 0.05
                                       else pivot or went)

    def form_words(self, action: Form) -> str:
        """A formation change as a wargamer says it: "Foot Guards forms column and
        turns 90° to the right", "Saker 'Kingfisher' faces about"."""
        p = self.state.pieces[action.unit]
        turn = _turn_words(p.facing, action.facing)
        if action.formation is p.formation:
            words = turn or f"stays in {p.formation.value}"
        else:
            words = f"forms {action.formation.value}" + (f" and {turn}" if turn else "")
        return f"{p.name or p.id} {words}"

    def _move(self, p: Piece, to: Point, facing: float, ev: list[Event], words: str
              ) -> tuple[str, _Path]:
        w, d = p.size()
        start = p.pos if p.mob else self.pivot_point(p, facing)
        plan = MovePlan(Placement(start[0], start[1], facing), Placement(to[0], to[1], facing),
                        w, d)
        path = _Path(plan)
        was_mob = p.mob
        p.pos = to
        p.facing = facing
        if p.gun is not None and not was_mob:
            p.gun = (to[0], to[1], facing)
        ev.append(Event("move", words,
                        {"unit": p.id, "to": list(to), "facing": facing, "mob": was_mob}))
        if not was_mob:
            for q in self.units(self.state.enemy(p.side)):
                if q.mob and _boxes_meet(path.box, q.box()) and q.fp().intersects(path.geom()):
                    self._sweep(q, p, plan.travel_facing, ev)
        return (p.side, path) if not was_mob else ("", path)

    def _sweep(self, q: Piece, mover: Piece, travel: float, ev: list[Event]) -> None:
        """A moving enemy meets a mob: it is pushed a full mob move away (ruling: on
        along the mover's line of travel, or turned by SWEEP_TURNS), or eliminated."""
        away = travel
        w, d = q.size()
        for turn in SWEEP_TURNS:
            head = canonical_facing(away + turn)
            fx, fy = forward(head)
            to = (q.pos[0] + fx * MOB_MOVE, q.pos[1] + fy * MOB_MOVE)
            plan = MovePlan(Placement(q.pos[0], q.pos[1], head), Placement(to[0], to[1], head),
                            w, d)
            if self._sweep_problem(q, plan, mover.id) is None:
                q.pos = to
                q.facing = head
                ev.append(Event("swept", f"{q.name or q.id} is swept away {MOB_MOVE:g}\" by "
                                         f"{mover.name or mover.id}",
                                {"unit": q.id, "by": mover.id, "to": list(to)}))
                return
        self._eliminate(q, f"{q.name or q.id} cannot get clear of {mover.name or mover.id} "
                           f"and is eliminated", ev)

    def _sweep_problem(self, q: Piece, plan: MovePlan, mover: str) -> str | None:
        end = plan.end_footprint()
        why = self._table_problem(end)
        if why:
            return why
        bs: list[Blocker] = []
        for o in self.units():
            if o.id == q.id:
                continue
            bs.append(Blocker(o.id, o.fp(), passable=o.side == q.side or o.mob or o.id == mover,
                              min_gap=0.0))
        why = blocker_problem(plan, bs)
        if why:
            return why
        for e in self.formed(self.state.enemy(q.side)):
            if float(end.distance(e.fp())) < MOB_CLEARANCE - 1e-6:
                return "too near the enemy"
        return table_terrain_problem(plan, self.terrain, ACCESS)

    def _eliminate(self, p: Piece, text: str, ev: list[Event]) -> None:
        m = p.men
        m.dead += m.killed + m.ranks + m.running
        m.killed = 0
        m.file = 0
        m.command = []
        m.running_file = 0
        m.running_command = []
        p.eliminated = True
        self.state.engaged = {pr for pr in self.state.engaged if p.id not in pr}
        ev.append(Event("eliminated", text, {"unit": p.id}))

    def _break(self, p: Piece, ev: list[Event]) -> None:
        """The last men in ranks have gone: the unit is a mob that runs RUN_DISTANCE
        to its rear and faces the rear (stopping short where it must)."""
        if p.running == 0:
            self._eliminate(p, f"{p.name or p.id} has no men left", ev)
            return
        self.state.engaged = {pr for pr in self.state.engaged if p.id not in pr}
        head = canonical_facing(p.facing + 180.0)
        fx, fy = forward(head)
        w, d = p.size()
        start = p.pos
        for k in (1.0, 0.75, 0.5, 0.25):
            to = (p.pos[0] + fx * RUN_DISTANCE * k, p.pos[1] + fy * RUN_DISTANCE * k)
            plan = MovePlan(Placement(p.pos[0], p.pos[1], head), Placement(to[0], to[1], head),
                            w, d)
            end = plan.end_footprint()
            if self._table_problem(end) is None and not any(
                    o.id != p.id and o.fp().intersection(end).area > AREA_EPS
                    for o in self.units()) and \
                    table_terrain_problem(plan, self.terrain, ACCESS) is None:
                p.pos = to
                break
        fled = math.dist(start, p.pos)
        p.facing = head
        men = "man flees" if p.running == 1 else "men flee"
        ev.append(Event("broken", f"{p.name or p.id} has no men in ranks: its {p.running} "
                                  f"running {men} {_inches(fled)} to the rear",
                        {"unit": p.id, "to": list(p.pos), "running": p.running}))

    # rallying ----------------------------------------------------------------------------

    def _rally(self, p: Piece, ev: list[Event]) -> None:
        case = self.rally_case(p)
        n = p.men.rally(rally_count(p.men))
        text = f"{p.name or p.id} rallies {n} running {'man' if n == 1 else 'men'}"
        if case == 2 and p.gun is not None:
            if math.dist(p.pos, p.gun[:2]) <= GUN_RETURN + 1e-6:
                p.pos = (p.gun[0], p.gun[1])
                p.facing = p.gun[2]
                text += " and the gunners return to their cannon"
            else:
                text += "; the gunners must walk back to their cannon"
        ev.append(Event("rally", text, {"unit": p.id, "rallied": n, "case": case,
                                        "ranks": p.ranks, "running": p.running}))

    def _rejoin(self, p: Piece, ev: list[Event]) -> None:
        assert p.gun is not None
        gx, gy, gf = p.gun
        dist = math.dist(p.pos, (gx, gy))
        if dist <= GUN_WALK + 1e-6:
            p.pos = (gx, gy)
            p.facing = gf
            text = f"{p.name or p.id}'s gunners are back at their cannon"
        else:
            k = GUN_WALK / dist
            p.pos = (round(p.pos[0] + (gx - p.pos[0]) * k, 6),
                     round(p.pos[1] + (gy - p.pos[1]) * k, 6))
            p.facing = canonical_facing(round(bearing(p.pos, (gx, gy)), 6))
            text = (f"{p.name or p.id}'s gunners walk {GUN_WALK:g}\" towards their cannon "
                    f"({dist - GUN_WALK:.1f}\" to go)")
        ev.append(Event("rejoin", text, {"unit": p.id, "to": list(p.pos)}))

    # artillery ---------------------------------------------------------------------------

    def _fire(self, g: Piece, t: Piece, ev: list[Event]) -> None:
        cost = self.shot_cost(g, t)
        g.markers -= cost
        g.shots += 1
        engaged = self.is_engaged(t.id)
        who = t.men.kill(engaged)
        ev.append(Event("shot", f"{g.name or g.id} fires ({cost} cannonball"
                                f"{'' if cost == 1 else 's'}, {g.markers} left): one "
                                f"{who} of {t.name or t.id} is killed",
                        {"gun": g.id, "target": t.id, "cost": cost, "markers": g.markers,
                         "killed": who, "engaged": engaged}))
        if t.ranks == 0:
            self.state.engaged = {pr for pr in self.state.engaged if t.id not in pr}
            if t.running == 0:
                self._eliminate(t, f"{t.name or t.id} has no men left", ev)

    # combat ------------------------------------------------------------------------------

    def _combat(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        cu = self.chance.draw(u.side, f"{u.id} fights {t.id}")
        ct = self.chance.draw(t.side, f"{t.id} defends against {u.id}")
        bu = self.card_bonus(u, t, False)
        bt = self.card_bonus(t, u, True)
        vu, vt = card_value(cu) + bu, card_value(ct) + bt
        u.fought = True
        self.state.engaged.add(_pair(u.id, t.id))
        self.state.last_cards = {u.side: cu, t.side: ct}
        if vu > vt:
            result = f"{u.name or u.id} wins"
        elif vt > vu:
            result = f"{t.name or t.id} wins"
        else:
            result = "a tie: both win"
        ev.append(Event("cards", f"{u.name or u.id} turns {card_name(cu)}{_plus(bu)}, "
                                 f"{t.name or t.id} turns {card_name(ct)}{_plus(bt)}: {result}",
                        {"unit": u.id, "target": t.id, "unit_card": cu, "target_card": ct,
                         "unit_value": vu, "target_value": vt,
                         "winner": u.id if vu > vt else t.id if vt > vu else None}))
        losers: list[tuple[Piece, Piece, str]] = []
        if vu >= vt:
            losers.append((t, u, cu))
        if vt >= vu:
            losers.append((u, t, ct))
        for loser, winner, card in losers:
            self._lose(loser, winner, card, ev)

    def _lose(self, loser: Piece, winner: Piece, card: str, ev: list[Event]) -> None:
        who = loser.men.kill(engaged=True)
        nth = loser.men.killed
        runs = self.runs_for(loser, winner, card, nth)
        ran = loser.men.run(runs)
        ev.append(Event("losses", f"{loser.name or loser.id}: one {who} killed (the {_ord(nth)} "
                                  f"of this fight), {len(ran)} run",
                        {"unit": loser.id, "killed": who, "nth": nth, "runs": runs,
                         "ran": len(ran), "ranks": loser.ranks, "running": loser.running}))
        if loser.ranks == 0:
            self._break(loser, ev)

    def _end_engagements(self, ev: list[Event]) -> None:
        """An engagement ends for a unit when it has no one left to fight: its
        killed men go to the storage tray."""
        st = self.state
        st.engaged = {pr for pr in st.engaged
                      if st.pieces[pr[0]].formed and st.pieces[pr[1]].formed}
        for p in st.pieces.values():
            if p.men.killed and not self.is_engaged(p.id):
                n = p.men.bury()
                ev.append(Event("engagement_over", f"{p.name or p.id}'s engagement is over: "
                                                   f"{n} killed go to the tray",
                                {"unit": p.id, "buried": n}))

    # -- objectives and victory -------------------------------------------------------------

    def _update_objectives(self, ev: list[Event], passed: tuple[str, _Path] | None
                           ) -> None:
        """RULINGS: a side holds an objective that its men in ranks alone occupy, or
        that they were the last to occupy or pass through."""
        st = self.state
        # nothing to do when no piece has changed since the last look and no
        # move has passed (the holders it left are the holders still)
        seen = (st.edits.n, tuple(st.objectives.values()))
        if passed is None and self._objectives_seen == seen:
            return
        occupying: dict[str, set[str]] = {oid: set() for oid in self.objective_areas}
        for p in self.formed():
            key = ("objectives", p.stamp)
            on = self._memo_get(key)
            if on is _MISSING:
                fp = p.fp()
                on = tuple(oid for oid, area in self.objective_areas.items()
                           if area.intersects(fp))
                self._memo_put(key, on)
            for oid in on:  # type: ignore[attr-defined]
                occupying[oid].add(p.side)
        for oid, area in self.objective_areas.items():
            there = occupying[oid]
            new = st.objectives[oid]
            if len(there) == 1:
                new = next(iter(there))
            elif not there and passed is not None and passed[0] and \
                    _boxes_meet(passed[1].box, self.objective_boxes[oid]) and \
                    passed[1].geom().intersects(area):
                new = passed[0]
            if new != st.objectives[oid]:
                st.objectives[oid] = new
                name = next(o.name for o in self.scenario.game.objectives if o.id == oid)
                ev.append(Event("objective", f"{self._name(new or '')} takes {name or oid}",
                                {"objective": oid, "side": new}))
        self._objectives_seen = (seen[0], tuple(st.objectives.values()))

    def terrain_index(self) -> TerrainIndex:
        return self.terrain

    def victory_pieces(self) -> list[PieceView]:
        return [PieceView(p.id, p.side, p.type, not p.eliminated, p.men.left, p.pos, p.fp())
                for p in self.state.pieces.values()]

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        self.state.outcome = outcome
        ev.append(Event("outcome", outcome.reason,
                        {"winner": outcome.winner, "reason": outcome.reason}))

    def _judge_now(self, ev: list[Event]) -> bool:
        st = self.state
        winners = []
        for s in st.sides:
            n = sum(1 for v in st.objectives.values() if v == s)
            if self.objective_ids and n >= self.objectives_to_win:
                winners.append((s, n))
        if len(winners) == 1:
            s, n = winners[0]
            self._finish(Outcome(s, f"{self._name(s)} holds {n} of "
                                    f"{len(self.objective_ids)} objectives"), ev)
            return True
        # The judge's immediate verdict here (last man standing, army break,
        # regulars lost, units off the table: the ground is judged above) reads
        # of each unit only whether it is present (no Blown Away unit leaves
        # by an edge), so it is kept by who is present.
        present = tuple([not p.eliminated for p in st.pieces.values()])
        last = self._immediate
        if last is not None and last[0] == present:
            out: object = last[1]
        else:
            key = ("immediate", present)
            out = self._memo_get(key)
            if out is _MISSING:
                out = self.judge.immediate(self.victory_pieces())
                self._memo_put(key, out)
            self._immediate = (present, out)
        if isinstance(out, Outcome):
            self._finish(out, ev)
            return True
        return False

    def _judge_end_of_turn(self, ev: list[Event]) -> bool:
        out = self.judge.end_of_turn(self.state.turn, self.victory_pieces())
        if out is not None:
            self._finish(out, ev)
            return True
        return False

    # -- random candidates ---------------------------------------------------------------

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        st = self.state
        if st.outcome is not None or st.phase != ORDERS:
            return []
        out: list[Action] = []
        tries = 0
        movers = [] if st.acted else [p for p in self.units(st.side)
                                      if self.why_cannot_move(p) is None]
        while len(out) < n and tries < n * 4:
            tries += 1
            a: Action | None = None
            if movers and (st.commander_moved or rng.random() < 0.8):
                p = rng.choice(movers)
                if p.formed and rng.random() < 0.1:
                    a = self._propose_form(p, rng)
                else:
                    a = self._propose_move(p, rng)
            elif not st.commander_moved:
                a = self._propose_commander(rng)
            if a is not None and a not in out and self.check(a) is None:
                out.append(a)
        return out

    def _propose_commander(self, rng: random.Random) -> Action | None:
        st = self.state
        cs = [c for c in st.commanders.values() if c.side == st.side]
        if not cs:
            return None
        c = rng.choice(cs)
        own = self.units(st.side)
        mobs = [p for p in own if p.mob]
        pick = rng.choice(mobs) if mobs and rng.random() < 0.8 else (
            rng.choice(own) if own else None)
        if pick is None:
            return None
        d = pick.size()[1] / 2 + 0.5
        fx, fy = forward(pick.facing + 180.0)
        to = (round(pick.pos[0] + fx * d, 2), round(pick.pos[1] + fy * d, 2))
        t = self.scenario.table
        to = (min(max(to[0], 0.0), t.width) + 0.0, min(max(to[1], 0.0), t.depth) + 0.0)
        return Move(c.id, to, c.facing)

    def _propose_form(self, p: Piece, rng: random.Random) -> Action | None:
        forms = FORMATIONS[p.type]
        f = rng.choice(forms)
        facing = canonical_facing(p.facing + rng.choice((0.0, 45.0, -45.0, 90.0, -90.0, 180.0)))
        return Form(p.id, f, facing)

    def _goal(self, p: Piece, rng: random.Random) -> Point:
        """Where a sampled move heads: mostly the nearest objective its side does not
        hold, else the nearest enemy with men in ranks, now and then anywhere."""
        st = self.state
        enemies = self.formed(st.enemy(p.side))
        objs = [o.position for o in self.scenario.game.objectives
                if o.id in self.objective_areas and st.objectives.get(o.id) != p.side]
        r = rng.random()
        if objs and (r < 0.6 or not enemies):
            return min(objs, key=lambda o: math.dist(o, p.pos))
        if enemies and r < 0.9:
            return min(enemies, key=lambda e: math.dist(e.pos, p.pos)).pos
        tab = self.scenario.table
        return (rng.uniform(0, tab.width), rng.uniform(0, tab.depth))

    def _propose_move(self, p: Piece, rng: random.Random) -> Action | None:
        if p.mob:
            enemies = self.formed(self.state.enemy(p.side))
            if enemies and rng.random() < 0.7:
                e = min(enemies, key=lambda e: math.dist(e.pos, p.pos))
                head = bearing(e.pos, p.pos) + rng.uniform(-40, 40)
            else:
                head = rng.uniform(0, 360)
            dist = MOB_MOVE * rng.choice((1.0, 0.6, 0.3))
            fx, fy = forward(head)
            for _ in range(4):
                to = (round(p.pos[0] + fx * dist, 2) + 0.0, round(p.pos[1] + fy * dist, 2) + 0.0)
                a = Move(p.id, to, canonical_facing(round(head)))
                if self.check(a) is None:
                    return a
                dist *= 0.5
            return None
        goal = self._goal(p, rng)
        facing = canonical_facing(round(bearing(p.pos, goal)))
        if rng.random() < 0.2:
            facing = canonical_facing(facing + rng.choice((-30.0, 30.0, -45.0, 45.0)))
        start = self.pivot_point(p, facing)
        allowance = self.allowance(p)
        dist = min(allowance, max(0.0, math.dist(start, goal) - 2.0))
        if rng.random() < 0.25:
            dist *= rng.random()
        fx, fy = forward(facing)
        far = (start[0] + fx * dist, start[1] + fy * dist)
        stop = self.stop_length(p, start, facing, far)
        if stop is not None:
            dist = min(dist, stop)
        for _ in range(4):
            to = (round(start[0] + fx * dist, 2) + 0.0, round(start[1] + fy * dist, 2) + 0.0)
            a = Move(p.id, to, facing)
            if self.check(a) is None:
                return a
            dist *= 0.5
        return None

    # -- self-checks ------------------------------------------------------------------------

    def invariant_problems(self) -> list[str]:
        st = self.state
        out: list[str] = []
        # A battery starts with CANNONBALLS for each of its guns (issue 15 fuzz).
        guns = {u.id: max(u.guns, 1) for s in self.scenario.sides for u in s.units}
        for p in st.pieces.values():
            m = p.men
            if m.total() != m.men:
                out.append(f"{p.id}: men do not add up ({m.to_json()})")
            if min(m.file, m.running_file, m.killed, m.dead) < 0:
                out.append(f"{p.id}: a negative count")
            if p.eliminated and m.left:
                out.append(f"{p.id}: eliminated with men left")
            if not p.eliminated and not m.left:
                out.append(f"{p.id}: no men left but not eliminated")
            if m.killed and not self.is_engaged(p.id):
                out.append(f"{p.id}: killed men on the field outside an engagement")
            if p.is_artillery and not 0 <= p.markers <= CANNONBALLS * guns.get(p.id, 1):
                out.append(f"{p.id}: {p.markers} cannonballs")
            if p.shots > self.shots_per_turn(p):
                out.append(f"{p.id}: fired {p.shots} times")
            if not p.eliminated and self._table_problem(SPoint(p.pos)):
                out.append(f"{p.id}: off the table")
        for a, b in st.engaged:
            pa, pb = st.pieces[a], st.pieces[b]
            if not (pa.formed and pb.formed) or pa.side == pb.side:
                out.append(f"engagement {a}-{b} is impossible")
        if st.outcome is None and st.phase not in (ORDERS, ARTILLERY_PHASE, COMBAT):
            out.append(f"phase {st.phase}")
        return out

    # -- pictures ----------------------------------------------------------------------------

    def units_json(self) -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        for p in self.state.pieces.values():
            d: dict[str, JSON] = {
                "id": p.id, "side": p.side, "kind": "unit", "type": p.type.value,
                "x": _r(p.pos[0]), "y": _r(p.pos[1]), "facing": _r(p.facing),
                "status": p.status, "formation": p.formation.value,
            }
            d.update(p.men.to_json())
            d["engaged"] = self.engaged_with(p.id)
            d["fought"] = p.fought
            if p.gun is not None:
                d["markers"] = p.markers
                d["gun"] = [_r(p.gun[0]), _r(p.gun[1]), _r(p.gun[2])]
                d["at_gun"] = p.at_gun
            out.append(d)
        for c in self.state.commanders.values():
            out.append({"id": c.id, "side": c.side, "kind": "officer", "type": "commander",
                        "x": _r(c.pos[0]), "y": _r(c.pos[1]), "facing": _r(c.facing),
                        "status": ACTIVE})
        return out

    def counters_json(self) -> dict[str, JSON]:
        st = self.state
        return {
            "first": st.first,
            "acted": st.acted,
            "commander_moved": st.commander_moved,
            "objectives": dict(st.objectives),
            "cards_left": {s: len(pile_of(self.chance, s)) for s in st.sides},
            "last_cards": dict(st.last_cards),
            "markers": {p.id: p.markers for p in st.pieces.values() if p.is_artillery},
            "artillery_immobile": self.immobile_guns,
        }


def _after_kill(p: Piece) -> Piece:
    """A copy of `p` with one man fewer in ranks (for odds of what runs after)."""
    q = copy.copy(p)
    q.__dict__["_edits"] = None  # (a copy apart: no edit of the game's state)
    q.men = copy.deepcopy(p.men)
    q.men.kill(engaged=True)
    return q


def _boxes_meet(a: tuple[float, float, float, float],
                b: tuple[float, float, float, float]) -> bool:
    """Do two bounding boxes overlap or touch (with a hair of slack)?"""
    eps = 1e-6
    return a[0] <= b[2] + eps and b[0] <= a[2] + eps and a[1] <= b[3] + eps and \
        b[1] <= a[3] + eps


def _apart(a: list[Point], b: list[Point]) -> bool:
    """Are two rectangles (corners in order) surely apart: separated along an
    axis of one of them by more than any rounding (so shapely would say they
    do not meet)?"""
    for c in (a, b):
        for k in (1, 3):
            ux, uy = c[k][0] - c[0][0], c[k][1] - c[0][1]
            pa = [x * ux + y * uy for x, y in a]
            pb = [x * ux + y * uy for x, y in b]
            slack = 1e-7 * (math.hypot(ux, uy) + 1.0)
            if max(pa) < min(pb) - slack or max(pb) < min(pa) - slack:
                return True
    return False


def _segment_distance(a: Point, b: Point, p: Point) -> float:
    """From `p` to the segment a-b (a point when they coincide)."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    wx, wy = p[0] - a[0], p[1] - a[1]
    ll = ex * ex + ey * ey
    t = 0.0 if ll <= 1e-18 else max(0.0, min(1.0, (wx * ex + wy * ey) / ll))
    return math.hypot(wx - t * ex, wy - t * ey)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _subject(action: BlownAwayAction) -> str:
    if isinstance(action, Move):
        return action.piece
    if isinstance(action, Fire):
        return action.gun
    if isinstance(action, End):
        return ""
    return action.unit


def _inches(d: float) -> str:
    return f"{d:.1f}\u2033"


def _turn_words(before: float, after: float) -> str:
    """'turns 90° to the right', 'faces about', '' (no turn)."""
    turn = angle_diff(after, before)
    if abs(turn) < 0.5:
        return ""
    if abs(abs(turn) - 180.0) < 0.5:
        return "faces about"
    return f"turns {abs(turn):.0f}° to the {'right' if turn > 0 else 'left'}"


def _plus(b: int) -> str:
    return f" (+{b} for its cover)" if b else ""


def _ord(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def _command_of(u: Unit) -> tuple[CommandRole, ...]:
    """The command figures a unit fights with (artillery has none)."""
    return () if u.type in ARTILLERY else u.command


def _rank_and_file(u: Unit) -> int:
    return Men.of(u.figures, _command_of(u)).file


def _start_men(u: Unit, running: int) -> Men:
    """The unit's men at set-up, `running` of the rank and file already running."""
    men = Men.of(u.figures, _command_of(u))
    men.file -= running
    men.running_file = running
    return men


class BlownAwayRuleset(Ruleset):
    id = "blown_away"
    name = "Blown Away"
    description = ("Every man counts: men stand in ranks, run and are killed; each side "
                   "does one thing a turn, drawn from its own deck of cards.")
    #: The largest scenario it plays at a usable speed (tests/benchmarks/bench_big.py,
    #: docs/benchmarks.md "Big tables"): 500 units: started in 0.1 s, the slowest action 0.5 s.
    limits = SizeLimits(units=500)
    options = (
        OptionSpec("artillery_immobile", False,
                   "Artillery before 1750: guns may turn but not move.",
                   label="Immobile artillery"),
        turn_limit_option(DEFAULT_TURN_LIMIT),
        OptionSpec("first_side", "coin", "Who moves first: a fair coin toss, or a side.",
                   label="First side",
                   choices=side_choices(Choice("coin", "Toss a coin"))),
    )
    #: A unit may start with rank-and-file men already running (a second day's
    #: battle); at least one figure stays in ranks.
    start_fields = (
        StartField("running", "Men running",
                   "Rank-and-file men already running when the battle starts.",
                   most=lambda u: _rank_and_file(u) - (0 if _command_of(u) else 1),
                   sheet="{n} men running", sheet_mark="/"),
    )

    game_class = BlownAwayGame

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def placement_problems(self, scenario: Scenario) -> list[LintProblem]:
        """Units standing in a lake or a building (seed "Terrain": buildings
        may be passed through, never stood in)."""
        return forbidden_ground(scenario, self.name, lambda _t: IMPASSABLE | NO_END)
