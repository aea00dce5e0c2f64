"""Tactical Dice as a game on a square grid (seed 001, "Simple Horse and Musket
Engagements"; RULINGS.md, "Tactical Dice").

The turn: both sides fire their artillery (the shots are rolled as ordered and
take effect together when the phase ends, so a gun that is hit still fires);
both roll for the initiative and the lower score chooses to move first or
second; each side then moves, fires in close support and charges, routs and
pursuits happening at once.  Numbers and rulings are in
:mod:`~desktop.rules.tactical.constants`, the dice mechanics and exact odds
in :mod:`~desktop.rules.tactical.dice`, the grid in
:mod:`~desktop.rules.tactical.grid`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from desktop.rules.action_odds import Odds, pct
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
    SetupError,
    SizeLimits,
)
from desktop.rules.options import turn_limit_option
from desktop.rules.piece_view import PieceView
from desktop.rules.start import StartField
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical import odds as O
from desktop.rules.tactical.actions import (
    Charge,
    Choose,
    End,
    Fire,
    Limber,
    Move,
    OfficerMove,
    Rally,
    parse,
)
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.grid import (
    STEP_BEARING,
    STEPS,
    Board,
    Square,
    add,
    king_distance,
    orthogonal,
    square_name,
    step_between,
)
from desktop.rules.tactical.state import (
    ACTIVE,
    CAPTURED,
    CARRIED_OFF,
    DRIVEN_IN,
    KILLED,
    LIMBERED,
    LINE,
    ROUTED,
    SKIRMISH,
    SPENT,
    SQUARE_FORMATION,
    STATUSES,
    UNLIMBERED,
    WOUNDED,
    WOUNDS,
    Pending,
    State,
    TOfficer,
    TUnit,
)
from desktop.rules.tactical.words import FLAG_EFFECT as FLAG_WORDS
from desktop.rules.tactical.words import STATUS as STATUS_WORDS
from desktop.rules.tactical.words import area as area_words
from desktop.rules.tactical.words import case_words, counted
from desktop.rules.victory import VictoryJudge
from desktop.scenario.model import LastManStanding, Scenario, Unit
from desktop.scenario.vocabulary import ARTILLERY, Edge, Formation, UnitType

ARTILLERY_PHASE = "artillery"
INITIATIVE = "initiative"
FIRST = "first"
SECOND = "second"

PHASES: tuple[Phase, ...] = (
    Phase(ARTILLERY_PHASE, "Artillery fire", True,
          "Both sides fire their unlimbered guns; the shots take effect together at the end."),
    Phase(INITIATIVE, "Initiative", True,
          "Both roll a die (ties roll again); the lower score chooses to move first or second."),
    Phase(FIRST, "First side moves", True,
          "Move, fire in close support and charge; routs and pursuits happen at once."),
    Phase(SECOND, "Second side moves", True,
          "The other side moves, fires and charges."),
)

#: Step towards each side's own baseline (retiring, routing).
BACK: dict[Edge, Square] = {Edge.NORTH: (0, -1), Edge.SOUTH: (0, 1),
                            Edge.EAST: (1, 0), Edge.WEST: (-1, 0)}

Path = tuple[Square, ...]

#: Boards kept for the scenarios played last (a balance report or a test run plays
#: many games on one scenario: the ground is read and measured once).
_BOARDS: list[tuple[Scenario, Board]] = []
_BOARDS_KEPT = 2
#: Path answers kept per board before they are forgotten (bounds the memory: about
#: 6 KB an answer on the 12 v 12 field, so some 60 MB at most).
_PATHS_KEPT = 10_000


def board_for(scenario: Scenario) -> Board:
    """The grid of `scenario`, shared by every game on that very scenario object
    (scenarios are immutable; the board only fills caches as it is asked)."""
    for sc, board in _BOARDS:
        if sc is scenario:
            return board
    board = Board(scenario)
    _BOARDS.append((scenario, board))
    del _BOARDS[:-_BOARDS_KEPT]
    return board


@dataclass
class _Paths:
    """Where one unit may go from one square, with the ground and the pieces around
    it as they stand (see TacticalGame._find_paths).  The squares and the fewest
    steps to each are found by a search over (square, limit); the paths themselves
    are walked only when asked for (a move applied, a charge judged, a person
    looking): listing every simple path was two fifths of random play."""

    kind: str
    start: Square
    charge: bool
    #: Steps allowed from the start, its own ground counted.
    limit: int
    #: The pieces that can change these paths, coded as `_paths_of` codes them
    #: (see `_ground_codes`): any other piece may come and go.
    near: frozenset[int]
    occupied: frozenset[Square]
    #: Squares next to an enemy (a path ends there).
    touch: frozenset[Square]
    #: Every square a path may end at and the fewest steps to it, in the order found.
    ends: dict[Square, int]
    #: Plain moves: the first shortest path to each square, as asked for.
    moves: dict[Square, Path] = field(default_factory=dict)
    #: Every simple path and the paths ending at each square, once asked for.
    every: tuple[list[Path], dict[Square, list[Path]]] | None = None
    #: charge_path answers by (end, final step, cavalry).
    charges: dict[tuple[Square, Square, bool], Path | None] = field(default_factory=dict)
    #: The squares next to the start or an end (where a charge's target may stand).
    next_to: set[Square] | None = None
    #: The plain moves as actions, by unit.
    actions: dict[str, list[Action]] = field(default_factory=dict)


class _UnitActions(NamedTuple):
    """What one unit of the side to act may do, in the legal list's order, in four
    parts, each kept while nothing it depends on has changed.  (A named tuple: one
    is made for every unit at every new list, and a frozen dataclass's fields
    cost a call each to set.)"""

    fires: list[Action]
    moves: list[Action]
    charges: list[Action]
    limbers: list[Action]
    #: An enemy changing within this many squares (as a king steps) can change
    #: the fires (targets within range, their screens one more); a friend only
    #: by standing between (within range, and never between neighbours).
    fire_reach: int
    fire_friends: int
    #: The pieces whose change can change the moves and the charges, coded as
    #: `_paths_of` codes them (`_Paths.near`; empty when the unit may not move
    #: or charge whatever the others do).
    move_near: frozenset[int]
    charge_near: frozenset[int]
    #: Its paths (plain and charging) as they were when the lists were made.
    walk: _Paths | None
    charge: _Paths | None


@dataclass(frozen=True)
class _Kept:
    """The legal list of one position, piece by piece (TacticalGame._kept_actions).
    Never changed once made, so positions and their copies share it."""

    #: Turn, phase and side: any change of these starts the lists afresh.
    key: tuple[int, str, str | None]
    #: Each unit's and officer's stamp (state.Stamped) and square when the lists
    #: were made (and whether the unit was on the table).
    seen_units: dict[str, tuple[int, Square, bool]]
    seen_officers: dict[str, tuple[int, Square]]
    #: The side's units on the table and officers on the field, by id.
    mine: tuple[str, ...]
    leaders: tuple[str, ...]
    units: dict[str, _UnitActions]
    officers: dict[str, list[Action]]


_END = End()


class TacticalGame(Game):
    phases = PHASES

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
            raise RulesError("Tactical Dice is played by exactly two sides")
        self.skirmish_rules = bool(self.options["skirmish_fire"])
        #: Each unit type's kind (it depends on the type and the options alone).
        self._kinds = {t: self._kind_of(t) for t in UnitType}
        self.board = board_for(scenario)
        self.baseline = {s.id: s.baseline for s in scenario.sides}
        victory = scenario.game.victory
        if not any(isinstance(v, LastManStanding) for v in victory):
            victory = (*victory, LastManStanding())
        limit = int(self.options["turn_limit"])
        self.judge = VictoryJudge(
            replace(scenario, game=replace(scenario.game, victory=victory)),
            default_turn_limit=limit if limit > 0 else None,
        )
        self._outcome: Outcome | None = None
        #: The judge's immediate verdicts by the units' statuses and CV.
        self._judged: dict[tuple[tuple[str, int], ...], Outcome | None] = {}
        #: Answers that hold until the state changes (cleared around every apply).
        self._cache: dict[tuple[Any, ...], Any] = {}
        self._in_apply = False
        #: The legal list kept from position to position, and whether it is this
        #: position's (false from the start of an apply until it is asked again).
        self._kept: _Kept | None = None
        self._kept_ok = False
        #: The ground's verdict on each step, by unit kind (never changes).
        self._steps: dict[tuple[str, Square, Square], tuple[str | None, bool]] = \
            self.board.memo.setdefault("steps", {})
        #: Paths by unit kind, square, allowance and the pieces within reach.
        self._path_memo: dict[tuple[Any, ...], _Paths] = self.board.memo.setdefault("paths", {})
        self._officer_memo: dict[tuple[Square, frozenset[Square]], dict[Square, Path]] = \
            self.board.memo.setdefault("officers", {})
        #: What the ground says of each line of sight (Board.between and more).
        self._sights: dict[tuple[Square, Square], Any] = self.board.memo.setdefault("sight", {})
        #: Fire actions by shooter and target, made once (actions are values), and
        #: likewise moves by unit and square and charges by unit, target and square.
        self._fires_made: dict[tuple[str, str], Action] = self.board.memo.setdefault("fires", {})
        self._moves_made: dict[tuple[str, Square], Action] = \
            self.board.memo.setdefault("moves", {})
        self._charges_made: dict[tuple[str, str, Square], Action] = \
            self.board.memo.setdefault("charges", {})
        self._check_room(scenario)
        units: dict[str, TUnit] = {}
        taken: set[Square] = set()
        for side in scenario.sides:
            for u in side.units:
                art = u.type in ARTILLERY
                quality = C.ARTILLERY_QUALITY if art else u.quality
                cv = _start_cv(u)
                lost = int(ruleset.start_state(u)["cv_lost"])
                if art:
                    formation = LIMBERED if u.formation is Formation.LIMBERED else UNLIMBERED
                elif u.type is UnitType.LIGHT_INFANTRY and self.skirmish_rules:
                    formation = SKIRMISH
                elif u.type is UnitType.CAVALRY:
                    formation = LINE
                else:
                    formation = SQUARE_FORMATION if u.formation is Formation.SQUARE else LINE
                sq = self._free_square(self.board.square_of(u.position), taken)
                taken.add(sq)
                units[u.id] = TUnit(
                    id=u.id, side=side.id, type=u.type, quality=quality,
                    q=C.QUALITY_DICE[quality], start_cv=cv, cv=cv - lost, sq=sq,
                    facing=_cardinal(u.facing), formation=formation,
                )
        officers: dict[str, TOfficer] = {}
        for side in scenario.sides:
            for o in side.officers:
                at = units.get(o.attached_to) if o.attached_to else None
                sq = at.sq if at is not None else self.board.square_of(o.position)
                officers[o.id] = TOfficer(o.id, side.id, o.rank, sq)
        self.st = State((scenario.sides[0].id, scenario.sides[1].id), units, officers)
        #: The units' ids in order (units are never added or taken away).
        self._ids = tuple(sorted(units))
        self.st.streak = {s: 0 for s in self.st.sides}
        ev: list[Event] = []
        self._start_turn(ev)
        self.events.extend(ev)

    def _check_room(self, scenario: Scenario) -> None:
        """Ruling: one unit a square, so the grid must have a square for every unit
        (issue 37: said before the game starts, and by `volley validate`)."""
        squares = self.board.cols * self.board.rows
        units = sum(len(side.units) for side in scenario.sides)
        if units > squares:
            raise SetupError(
                f"the grid has no room for every unit: Tactical Dice puts one unit in a "
                f"square, and this table's grid has {squares} squares for {units} units. "
                "Use smaller grid squares, a larger table or fewer units.",
                ("table", "grid", "square"))

    def _free_square(self, sq: Square, taken: set[Square]) -> Square:
        """Ruling: a unit placed in an occupied square takes the nearest free one."""
        if sq not in taken:
            return sq
        # Ring by ring (king distance d), the nearest by steps, then by square:
        # only the ring's squares are looked at, not the whole board sorted.
        cols, rows = self.board.cols, self.board.rows
        c0, r0 = sq
        for d in range(1, max(cols, rows) + 1):
            ring = {(c, r) for c in range(c0 - d, c0 + d + 1) for r in (r0 - d, r0 + d)}
            ring |= {(c, r) for r in range(r0 - d, r0 + d + 1) for c in (c0 - d, c0 + d)}
            free = [s for s in ring if 0 <= s[0] < cols and 0 <= s[1] < rows and s not in taken]
            if free:
                return min(free, key=lambda s: (abs(s[0] - c0) + abs(s[1] - r0), s))
        raise RulesError("the grid has no room for every unit")

    # -- the engine surface -----------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.st.turn

    @property
    def phase(self) -> str:
        return OVER if self._outcome is not None else self.st.phase

    @property
    def side(self) -> str | None:
        return None if self._outcome is not None else self.st.side

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self, seed: int | None = None) -> TacticalGame:
        # A shallow copy of the game's fields (what copy.copy does, without its
        # reduce protocol: the look-ahead makes a copy for every candidate).
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.st = self.st.copy()
        other.chance = self.chance.clone(seed)
        other.history = list(self.history)
        other.events = list(self.events)
        other.options = dict(self.options)
        other._cache = {}
        return other

    def invalidate(self) -> None:
        """Forget cached answers (call after changing the state by hand, as tests do)."""
        self._cache.clear()
        self._kept, self._kept_ok = None, False

    def _cached(self, key: tuple[Any, ...]) -> Any:
        return None if self._in_apply else self._cache.get(key)

    def _store(self, key: tuple[Any, ...], value: Any) -> Any:
        if not self._in_apply:
            self._cache[key] = value
        return value

    # -- pieces -----------------------------------------------------------------------

    def unit(self, uid: str) -> TUnit:
        return self.st.units[uid]

    def officer(self, oid: str) -> TOfficer:
        return self.st.officers[oid]

    def is_unit(self, pid: str) -> bool:
        return pid in self.st.units

    def is_officer(self, pid: str) -> bool:
        return pid in self.st.officers

    def units_on_table(self, side: str | None = None) -> list[TUnit]:
        # Kept for the position: the legal list asks for each side's units many times.
        got: list[TUnit] | None = self._cached(("table", side))
        if got is None:
            got = self._store(("table", side), [
                u for u in self.st.units.values()
                if u.on_table and (side is None or u.side == side)])
        return list(got)

    def occupancy(self) -> dict[Square, TUnit]:
        got: dict[Square, TUnit] | None = self._cached(("occ", ""))
        if got is None:
            got = {u.sq: u for u in self.st.units.values() if u.on_table}
            self._store(("occ", ""), got)
        return got

    def unit_at(self, sq: Square) -> TUnit | None:
        return self.occupancy().get(sq)

    def officers_at(self, sq: Square, side: str) -> list[TOfficer]:
        return [o for o in self.st.officers.values()
                if o.present and o.sq == sq and o.side == side]

    def general_with(self, u: TUnit) -> TOfficer | None:
        for o in self.officers_at(u.sq, u.side):
            if o.is_general:
                return o
        return None

    def is_skirmisher(self, u: TUnit) -> bool:
        return u.type is UnitType.LIGHT_INFANTRY and self.skirmish_rules

    def is_infantry(self, u: TUnit) -> bool:
        """Formed infantry (light infantry too when the skirmish rules are off)."""
        return u.type is UnitType.LINE_INFANTRY or (
            u.type is UnitType.LIGHT_INFANTRY and not self.skirmish_rules)

    def kind(self, u: TUnit) -> str:
        return self._kinds[u.type]

    def _kind_of(self, t: UnitType) -> str:
        """How a unit of type `t` moves and fights (read through `_kinds`)."""
        if t is UnitType.LIGHT_INFANTRY and self.skirmish_rules:
            return "skirmish"
        if t is UnitType.CAVALRY:
            return "cavalry"
        if t in ARTILLERY:
            return "artillery"
        return "infantry"

    def enemies_of(self, side: str) -> list[TUnit]:
        return self.units_on_table(self.st.enemy(side))

    # -- dice counts ------------------------------------------------------------------

    def base_modifiers(self, u: TUnit) -> int:
        m = 0
        if u.half_cv:
            m += C.HALF_CV_DICE
        if u.flags_turn > 0:
            m += C.FLAGGED_DICE
        return m

    def fire_dice(self, u: TUnit, t: TUnit) -> int:
        """Tactical Dice `u` throws firing at `t` (skirmish fire: one die)."""
        if u.status != ACTIVE:
            return 0
        base = C.SKIRMISH_DICE if self.is_skirmisher(u) else u.q
        n = base + self.base_modifiers(u)
        if self.board.area(t.sq) == C.TOWN:
            floor = C.MIN_DICE
            if n > 0 and self.is_skirmisher(u) and self.is_skirmisher(t):
                floor = C.BUA_SKIRMISH_MIN_DICE  # seed: they may skirmish inside a BUA
            n = max(floor, n + C.BUA_FIRE_DICE)
        return max(C.MIN_DICE, n)

    def combat_dice(self, u: TUnit, t: TUnit, from_sq: Square, attacking: bool) -> int:
        """Close combat dice: Q, +1 with a General, less Flags, half CV and terrain."""
        if u.status != ACTIVE:
            return 0
        n = u.q + self.base_modifiers(u)
        if self.general_with(u) is not None and u.type is not UnitType.FOOT_ARTILLERY \
                and u.type is not UnitType.HORSE_ARTILLERY:
            n += C.GENERAL_COMBAT_DICE
        if attacking:
            if self.board.area(t.sq) == C.CROPS:
                n += C.CROPS_COMBAT_DICE
            if self.board.barrier_between(from_sq, t.sq):
                n += C.FENCE_COMBAT_DICE
        return max(C.MIN_DICE, n)

    def hit_face(self, u: TUnit, t: TUnit) -> Face:
        """Which face hits when `u` fires at `t` (by context, RULINGS and seed)."""
        dist = king_distance(u.sq, t.sq)
        face = Face.TARGET
        if self.is_skirmisher(u):
            face = Face.FIRE if self.is_skirmisher(t) else Face.TARGET
        elif u.type in ARTILLERY:
            face = Face.TARGET if dist <= C.CANISTER_RANGE[u.type] else Face.FIRE
        if self.is_skirmisher(t) and C.SKIRMISHERS_HIT_BY_FIRE_ONLY:
            face = Face.FIRE
        if self.behind_barrier(u.sq, t.sq):
            face = Face.FIRE
        return face

    def behind_barrier(self, shooter: Square, target: Square) -> bool:
        """Ruling: the line of fire crosses a fence or wall running through the target's square."""
        return self.board.terrain[target].barrier and self.board.barrier_between(shooter, target)

    # -- fire legality ----------------------------------------------------------------

    def fire_range(self, u: TUnit) -> int:
        if self.is_skirmisher(u):
            return C.SKIRMISH_RANGE
        if u.type in ARTILLERY:
            bonus = C.HILL_RANGE_BONUS if self.board.area(u.sq) == C.HILL else 0
            return C.EFFECTIVE_RANGE[u.type] + bonus
        return C.MUSKET_RANGE

    def _why_not_shooter(self, u: TUnit) -> str | None:
        st = self.st
        if u.side != st.side:
            return f"{u.id} is not on the side to act"
        if u.status != ACTIVE:
            return f"{u.id} is {STATUS_WORDS.get(u.status, u.status)}"
        if u.fired:
            return f"{u.id} has already fired this turn"
        if u.engaged is not None:
            return f"{u.id} is locked in close combat"
        if u.half_cv:
            return f"{u.id} has lost more than half its Combat Value: it may only reply"
        art = u.type in ARTILLERY
        if art:
            if u.formation != UNLIMBERED:
                return f"{u.id} is limbered"
            if u.silenced_until >= st.turn:
                return f"{u.id}'s gunners are sheltering from cavalry"
        if st.phase == ARTILLERY_PHASE:
            if not art:
                return "only artillery fires in the artillery phase"
            if u.unlimbered_turn >= st.turn:
                return f"{u.id} unlimbered this turn"
            return None
        if st.phase not in (FIRST, SECOND):
            return "no firing in this phase"
        if u.type is UnitType.CAVALRY:
            return "cavalry does not fire"
        if u.type is UnitType.FOOT_ARTILLERY:
            return "foot artillery fires only in the artillery phase"
        if u.type is UnitType.HORSE_ARTILLERY:
            if u.moved > C.HORSE_FIRE_AFTER_MOVE:
                return (f"horse artillery fires after moving at most "
                        f"{C.HORSE_FIRE_AFTER_MOVE} square")
            return None
        if self.is_infantry(u) and u.moved > C.INFANTRY_FIGHTING_MOVE:
            return f"{u.id} moved {u.moved} squares: formed infantry fires after one square at most"
        return None

    def why_not_shooter(self, u: TUnit) -> str | None:
        """Why `u` may fire at nothing now, whatever the target (None if it may fire)."""
        return self._why_not_shooter(u)

    def sight(self, u: TUnit, t: TUnit) -> bool:
        """Line of sight between square centres (seed: woods, hills, BUAs block; tall
        crops block infantry and artillery; units block, save that guns on a hill
        fire over friends on lower ground).  The quick verdict the rules ask for
        again and again; `hidden_by` gives the same verdict with its reason."""
        a, b = u.sq, t.sq
        facts = self._sights.get((a, b))
        if facts is None:
            facts = self._sight_facts(a, b)
        blocked, a_u, a_t, kd, on_hill, passed = facts
        if blocked:
            return False
        if a_u == C.WOOD and (kd != 1 or (a_t == C.WOOD and not self.is_skirmisher(t))):
            return False
        if a_t == C.WOOD and not (self.is_skirmisher(u) and self.is_skirmisher(t) and kd == 1):
            return False
        if passed:
            at = self.occupancy().get
            over = u.type in ARTILLERY and on_hill
            for sq, hill in passed:
                other = at(sq)
                if other is not None and not (over and other.side == u.side and not hill):
                    return False
        return True

    def hidden_by(self, u: TUnit, t: TUnit) -> tuple[str, Square | None] | None:
        """What hides `t` from `u` (None: `u` sees it): a short reason and the
        square it lies in (None for a wall across the line).  The reasons:
        ``wall`` (a high wall across the line), ``own_wood`` (`u` in a wood sees
        only next door, and not into another wood), ``wood_target`` (`t` in a
        wood is seen only from next door by skirmishers), ``wood``, ``town``,
        ``crops`` (in a square between), ``hill`` (a hill between, not below a
        gun on higher ground) and ``unit`` (a unit between)."""
        b = self.board
        if b.sight_barrier(u.sq, t.sq):
            return ("wall", None)
        a_u, a_t = b.area(u.sq), b.area(t.sq)
        if a_u == C.WOOD and (king_distance(u.sq, t.sq) != 1 or (
                a_t == C.WOOD and not self.is_skirmisher(t))):
            return ("own_wood", u.sq)
        if a_t == C.WOOD and not (self.is_skirmisher(u) and self.is_skirmisher(t)
                                  and king_distance(u.sq, t.sq) == 1):
            return ("wood_target", t.sq)
        on_hill = a_u == C.HILL
        for s in b.between(u.sq, t.sq):
            area = b.area(s)
            if area in (C.WOOD, C.TOWN, C.CROPS):
                return (area, s)
            if area == C.HILL and not (on_hill and b.terrain[u.sq].height
                                       >= b.terrain[s].height):
                return ("hill", s)
            other = self.unit_at(s)
            if other is not None:
                over = (u.type in ARTILLERY and on_hill and other.side == u.side
                        and area != C.HILL)
                if not over:
                    return ("unit", s)
        return None

    def _sight_facts(self, a: Square, b: Square) -> tuple[bool, str, str, int, bool,
                                                          tuple[tuple[Square, bool], ...]]:
        """What the ground alone says of a line from a to b, kept with the board:
        whether it blocks the line, the two squares' ground, their distance, whether
        a stands on a hill, and each square between with whether it is a hill."""
        bd = self.board
        on_hill = bd.area(a) == C.HILL
        blocked = bd.sight_barrier(a, b)
        passed: list[tuple[Square, bool]] = []
        for s in bd.between(a, b):
            area = bd.area(s)
            if area in (C.WOOD, C.TOWN, C.CROPS):
                blocked = True
            if area == C.HILL and not (on_hill and bd.terrain[a].height
                                       >= bd.terrain[s].height):
                blocked = True
            passed.append((s, area == C.HILL))
        got = (blocked, bd.area(a), bd.area(b), king_distance(a, b), on_hill, tuple(passed))
        self._sights[(a, b)] = got
        return got

    def screened(self, u: TUnit, t: TUnit) -> bool:
        """Formed troops with their skirmishers in front take no musketry hits."""
        if not self.skirmish_rules or u.type in ARTILLERY or self.is_skirmisher(t):
            return False
        d = king_distance(u.sq, t.sq)
        # Only the squares round the target can hold its screen (one unit a square).
        for n in self.board.around(t.sq):
            s = self.unit_at(n)
            if (s is not None and s.side == t.side and self.is_skirmisher(s)
                    and s.status == ACTIVE and king_distance(n, u.sq) < d):
                return True
        return False

    def why_not_fire(self, u: TUnit, t: TUnit) -> str | None:
        why = self._why_not_shooter(u)
        if why is not None:
            return why
        return self._why_not_target(u, t)

    def _why_not_target(self, u: TUnit, t: TUnit) -> str | None:
        """why_not_fire once `u` is known to be able to fire."""
        if t.side == u.side:
            return f"{t.id} is a friend"
        if not t.on_table:
            return f"{t.id} is {STATUS_WORDS.get(t.status, t.status)}"
        if t.engaged is not None:
            return f"{t.id} is locked in close combat"
        if king_distance(u.sq, t.sq) > self.fire_range(u):
            return f"{t.id} is out of range ({self.fire_range(u)} squares)"
        if not self.sight(u, t):
            return f"{u.id} cannot see {t.id}"
        if self.screened(u, t):
            return f"{t.id} is screened by its skirmishers"
        if self.fire_dice(u, t) <= 0:
            return f"{u.id} would throw no dice at {t.id}"
        return None

    def _could_fire(self, u: TUnit, enemies: Sequence[TUnit]) -> bool:
        """True when `u` may fire at one of `enemies` now; only targets in range are
        judged in full (the same answer as asking why_not_fire of every enemy)."""
        if self._why_not_shooter(u) is not None:
            return False
        reach = self.fire_range(u)
        return any(king_distance(u.sq, t.sq) <= reach and self._why_not_target(u, t) is None
                   for t in enemies)

    def _any_could_fire(self, side: str) -> bool:
        """Whether a unit of `side` may fire at an enemy now.  Asked in the middle of
        an apply, but nothing changes while it is asked, so the position's answers
        (who stands where) are kept for its length and forgotten after."""
        was = self._in_apply
        self._cache.clear()
        self._in_apply = False
        try:
            enemies = self.enemies_of(side)
            return any(self._could_fire(u, enemies) for u in self.units_on_table(side))
        finally:
            self._cache.clear()
            self._in_apply = was

    # -- movement ---------------------------------------------------------------------

    def allowance(self, u: TUnit, charge: bool = False) -> int:
        k = self.kind(u)
        if k == "cavalry":
            return C.CAVALRY_CHARGE if charge else C.CAVALRY_MOVE
        if k == "skirmish":
            return C.SKIRMISH_MOVE
        if k == "artillery":
            return C.ARTILLERY_POINTS[u.type] - u.points
        return C.INFANTRY_FIGHTING_MOVE if charge else C.INFANTRY_MOVE

    def _limit(self, u: TUnit, squares: Sequence[Square], charge: bool) -> int:
        n = self.allowance(u, charge)
        k = self.kind(u)
        areas = {self.board.area(s) for s in squares}
        if areas & {C.CROPS, C.ROUGH}:
            n = min(n, C.CROPS_MOVE[k])
        if k == "skirmish" and areas & {C.WOOD, C.MARSH}:
            n = min(n, C.WOOD_SKIRMISH_MOVE)
        return n

    def step_problem(self, u: TUnit, a: Square, b: Square) -> tuple[str | None, bool]:
        """Why `u` cannot step from a to b (None if it can), and whether it must stop there."""
        if not self.board.on_board(b):
            return "off the table", False
        other = self.unit_at(b)
        if other is not None and other is not u:
            return f"{square_name(b)} is occupied by {other.id}", False
        return self.terrain_step(self.kind(u), a, b)

    def terrain_step(self, k: str, a: Square, b: Square) -> tuple[str | None, bool]:
        """The ground's answer for a unit of kind `k` stepping from a to b (cached)."""
        key = (k, a, b)
        got = self._steps.get(key)
        if got is not None:
            return got
        bd = self.board
        area = bd.area(b)
        road = bd.on_road(a, b)
        crossed = bd.crossed(a, b)
        stop = False
        why: str | None = None
        if area == C.LAKE:
            why = f"{square_name(b)} is water"
        elif area in (C.WOOD, C.MARSH) and k != "skirmish" and not road:
            why = f"formed troops enter {square_name(b)} ({area_words(area)}) only along a road"
        elif area == C.TOWN and k in ("cavalry", "artillery") and not road:
            why = "cavalry and artillery enter a built-up area only along a road"
        elif not bd.water_crossing_ok(a, b):
            why = "rivers are crossed only at a bridge or ford"
        elif crossed & C.IMPASSABLE_BARRIERS and k in ("cavalry", "artillery"):
            why = "cavalry and artillery cannot cross a high wall"
        else:
            if k != "skirmish" and crossed & C.BARRIERS:
                stop = True
            if k == "infantry" and area == C.TOWN and not road:
                stop = True
        self._steps[key] = (why, stop)
        return why, stop

    def _enemy_next_to(self, side: str, sq: Square) -> bool:
        got: set[Square] | None = self._cached(("touch", side))
        if got is None:
            got = {add(e.sq, d) for e in self.enemies_of(side) for d in STEPS}
            self._store(("touch", side), got)
        return sq in got

    def paths(self, u: TUnit, charge: bool = False) -> Iterator[Path]:
        """Every simple path `u` may take this turn (start excluded).  Squares before
        the last may not touch an enemy orthogonally; nor may the last of a plain move."""
        yield from self._every_path(self._paths_of(u, charge))[0]

    def _paths_of(self, u: TUnit, charge: bool) -> _Paths:
        """`u`'s paths, worked out once for its kind, square and allowance and the
        pieces that can change them (`_ground_codes`: nothing else can)."""
        mine: _Paths | None = self._cached(("paths", u.id, charge))
        if mine is not None:
            return mine
        if self._kept_ok and not self._in_apply and self._kept is not None:
            block = self._kept.units.get(u.id)
            if block is not None:
                got = block.charge if charge else block.walk
                if got is not None:
                    return got
        reach = self.allowance(u, charge)
        k = self.kind(u)
        sq = u.sq
        # Each piece is named by one number (its square's number, twice, plus one
        # for an enemy): a key of small numbers is quicker to hash than pairs.
        codes: list[int] | None = self._cached(("codes", u.side))
        if codes is None:
            rows, side = self.board.rows, u.side
            codes = self._store(("codes", side), [
                (x.sq[0] * rows + x.sq[1]) * 2 + (x.side != side)
                for x in self.st.units.values() if x.status in _ON_TABLE])
        relevant = self._ground_codes(k, sq, reach, charge)
        near = tuple([code for code in codes if code in relevant])
        key = (k, sq, reach, charge, near)
        got = self._path_memo.get(key)
        if got is None:
            if len(self._path_memo) >= _PATHS_KEPT:
                self._path_memo.clear()
            got = self._path_memo[key] = self._find_paths(k, sq, reach, charge, near,
                                                          relevant)
        self._store(("paths", u.id, charge), got)
        return got

    def _ground_codes(self, k: str, start: Square, reach: int, charge: bool
                      ) -> frozenset[int]:
        """The pieces that can change the paths of a unit of kind `k` from `start`
        with `reach` steps, as `_paths_of` codes them, kept with the board: a friend
        on a square the ground alone lets a path reach, an enemy there or next to
        one (a square next to an enemy ends a path); for a charge also an enemy
        next to the start (a target where the unit stands).  Pieces only take
        squares and end paths, so the paths among the pieces reach a part of what
        the ground alone allows, and a piece anywhere else changes nothing."""
        key = ("near", k, start, reach, charge)
        got: frozenset[int] | None = self.board.memo.get(key)
        if got is None:
            bd = self.board
            rows = bd.rows
            codes: set[int] = set()
            ground = self._find_paths(k, start, reach, False, (), frozenset())
            for end in ground.ends:
                code = (end[0] * rows + end[1]) * 2
                codes.add(code)
                codes.add(code + 1)
                for n in bd.neighbours(end):
                    codes.add((n[0] * rows + n[1]) * 2 + 1)
            if charge:
                for n in bd.neighbours(start):
                    codes.add((n[0] * rows + n[1]) * 2 + 1)
            got = bd.memo[key] = frozenset(codes)
        return got

    @staticmethod
    def _enemy_within(u: TUnit, enemies: Sequence[TUnit], steps: int) -> bool:
        """Whether one of `enemies` stands within `steps` orthogonal steps of `u`."""
        c0, r0 = u.sq
        for t in enemies:
            c, r = t.sq
            if abs(c - c0) + abs(r - r0) <= steps:
                return True
        return False

    def _enemy_codes(self, start: Square, steps: int) -> frozenset[int]:
        """An enemy on any square within `steps` orthogonal steps of `start`, coded
        as `_paths_of` codes pieces (kept with the board)."""
        key = ("enemies near", start, steps)
        got: frozenset[int] | None = self.board.memo.get(key)
        if got is None:
            bd = self.board
            c0, r0 = start
            got = bd.memo[key] = frozenset(
                (c * bd.rows + r) * 2 + 1
                for c in range(max(0, c0 - steps), min(bd.cols, c0 + steps + 1))
                for r in range(max(0, r0 - steps), min(bd.rows, r0 + steps + 1))
                if abs(c - c0) + abs(r - r0) <= steps)
        return got

    def _find_paths(self, k: str, start: Square, reach: int, charge: bool,
                    near: Sequence[int], relevant: frozenset[int]) -> _Paths:
        """The squares a path from `start` may end at, and the fewest steps to each:
        a breadth-first search over (square, limit).  Steps go onto free squares the
        ground allows, no more than the allowance, cut short by crops or rough ground
        (and woods or marsh for skirmishers) anywhere on the path, start included; a
        square next to an enemy ends a path (and is no place to end a plain move).
        A square left once with a limit is not left again with a smaller one later:
        whatever that could reach, the earlier visit reaches as soon.  Any walk
        with a loop has a shorter simple path to the same end (the limit only
        shrinks along a path), so the squares and steps are the simple paths'.
        `near` names the pieces that can change the paths as _paths_of codes them,
        `relevant` every such code (`_ground_codes`)."""
        rows = self.board.rows
        taken: set[Square] = set()
        touched: set[Square] = set()
        for v in near:
            c, r = divmod(v >> 1, rows)
            taken.add((c, r))
            if v & 1:  # an enemy: the squares next to it (STEPS)
                touched.update(((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)))
        occupied, touch = frozenset(taken), frozenset(touched)
        limit = min(reach, self._area_bound(k, self.board.area(start))) if reach > 0 else 0
        ends: dict[Square, int] = {}
        got = _Paths(k, start, charge, limit, relevant, occupied, touch, ends)
        if reach <= 0:
            return got
        walk = self._walk_table(k)
        steps_from = self._steps_from
        left: dict[Square, int] = {start: limit}
        frontier: list[tuple[Square, int]] = [(start, limit)]
        n = 0
        while frontier:
            n += 1
            nxt: list[tuple[Square, int]] = []
            for here, most in frontier:
                if n > most:
                    continue
                steps = walk.get(here)
                if steps is None:
                    steps = steps_from(k, here)
                for b, stop, bound in steps:
                    if b == start or b in occupied:
                        continue
                    lim = most if most <= bound else bound
                    if n > lim:
                        continue
                    touching = b in touch
                    if (charge or not touching) and b not in ends:
                        ends[b] = n
                    if not stop and not touching and left.get(b, -1) < lim:
                        left[b] = lim
                        nxt.append((b, lim))
            frontier = nxt
        return got

    def _first_path(self, found: _Paths, end: Square, length: int,
                    final: Square | None = None) -> Path | None:
        """The first path of `length` steps ending at `end` in the order a depth-first
        walk meets every simple path (north, east, south, west first), with its last
        steps (up to CHARGE_STRAIGHT) all `final` when given; None if there is none.
        Branches that cannot reach `end` in the steps left are not walked: what is
        left is met in the same order."""
        k, start, charge = found.kind, found.start, found.charge
        occupied, touch = found.occupied, found.touch
        walk = self._walk_table(k)
        steps_from = self._steps_from
        ec, er = end

        def extend(path: Path, here: Square, limit: int) -> Path | None:
            n = len(path) + 1
            steps = walk.get(here)
            if steps is None:
                steps = steps_from(k, here)
            for b, stop, bound in steps:
                if b == start or b in path or b in occupied:
                    continue
                lim = limit if limit <= bound else bound
                if n > lim or n + abs(b[0] - ec) + abs(b[1] - er) > length:
                    continue
                touching = b in touch
                if b == end:
                    if n == length and (charge or not touching):
                        new = (*path, b)
                        if final is None or _straight_tail(start, new, final):
                            return new
                    continue
                if n < length and not stop and not touching:
                    got = extend((*path, b), b, lim)
                    if got is not None:
                        return got
            return None

        return extend((), start, found.limit) if found.limit > 0 else None

    def _path_to(self, found: _Paths, end: Square) -> Path:
        """The first shortest path to `end` (a square in `found.ends`)."""
        got = found.moves.get(end)
        if got is None:
            got = self._first_path(found, end, found.ends[end])
            assert got is not None, (found.start, end)
            found.moves[end] = got
        return got

    def _every_path(self, found: _Paths) -> tuple[list[Path], dict[Square, list[Path]]]:
        """Every simple path in the order a depth-first walk meets them (north, east,
        south, west first), and those ending at each square: only for a person or a
        test asking for them all."""
        if found.every is not None:
            return found.every
        k, start, charge = found.kind, found.start, found.charge
        occupied, touch = found.occupied, found.touch
        out: list[Path] = []
        ending: dict[Square, list[Path]] = {}
        walk = self._walk_table(k)
        steps_from = self._steps_from

        def extend(path: Path, here: Square, limit: int) -> None:
            n = len(path) + 1
            steps = walk.get(here)
            if steps is None:
                steps = steps_from(k, here)
            for b, stop, bound in steps:
                if b == start or b in path or b in occupied:
                    continue
                lim = limit if limit <= bound else bound
                if n > lim:
                    continue
                new = (*path, b)
                touching = b in touch
                if charge or not touching:
                    out.append(new)
                    ending.setdefault(b, []).append(new)
                if not stop and not touching:
                    extend(new, b, lim)

        if found.limit > 0:
            extend((), start, found.limit)
        found.every = (out, ending)
        return found.every

    def _area_bound(self, k: str, area: str) -> int:
        """The most steps a path of a unit of kind `k` may have once it has been
        on ground `area` (crops or rough ground for all; woods and marsh for
        skirmishers); a number beyond any allowance when the ground costs nothing."""
        bound = _NO_BOUND
        if area in _SLOW:
            bound = min(bound, C.CROPS_MOVE[k])
        if k == "skirmish" and area in _SKIRMISH_SLOW:
            bound = min(bound, C.WOOD_SKIRMISH_MOVE)
        return bound

    def _walk_table(self, k: str) -> dict[Square, tuple[tuple[Square, bool, int], ...]]:
        """The steps a unit of kind `k` may take from each square, kept with the
        board (the ground never changes): see :meth:`_steps_from`."""
        got: dict[Square, tuple[tuple[Square, bool, int], ...]] = \
            self.board.memo.setdefault(("walk", k), {})
        return got

    def _steps_from(self, k: str, here: Square) -> tuple[tuple[Square, bool, int], ...]:
        """From `here`, in the order of the board's neighbours: each square the
        ground lets a unit of kind `k` step onto, whether it must stop there, and
        the bound that square's ground puts on the path's length."""
        bd = self.board
        out = []
        for b in bd.neighbours(here):
            why, stop = self.terrain_step(k, here, b)
            if why is None:
                out.append((b, stop, self._area_bound(k, bd.area(b))))
        got = tuple(out)
        self._walk_table(k)[here] = got
        return got

    def move_paths(self, u: TUnit) -> dict[Square, Path]:
        got: dict[Square, Path] | None = self._cached(("moves", u.id))
        if got is not None:
            return got
        found = self._paths_of(u, False)
        out = {end: self._path_to(found, end) for end in found.ends}
        return dict(self._store(("moves", u.id), out))

    def _move_actions(self, u: TUnit) -> list[Action]:
        """The plain moves `u`'s paths allow, in square order (made once per paths)."""
        found = self._paths_of(u, False)
        got = found.actions.get(u.id)
        if got is None:
            uid, made = u.id, self._moves_made
            got = found.actions[uid] = [made.get((uid, sq)) or made.setdefault((uid, sq),
                                                                               Move(uid, sq))
                                        for sq in sorted(found.ends)]
        return got

    def why_not_mover(self, u: TUnit) -> str | None:
        if u.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return f"{u.id} cannot move now"
        if u.status != ACTIVE:
            return f"{u.id} is {STATUS_WORDS.get(u.status, u.status)}"
        if u.acted:
            return f"{u.id} has already moved this turn"
        if u.engaged is not None:
            return f"{u.id} is locked in close combat"
        if u.halted(self.st.turn):
            return f"{u.id} is halted"
        return None

    def why_not_move(self, u: TUnit, to: Square) -> str | None:
        why = self.why_not_walk(u)
        if why is not None:
            return why
        if to not in self._paths_of(u, False).ends:
            if orthogonal(u.sq, to):
                why, _ = self.step_problem(u, u.sq, to)
                if why is not None:
                    return why
                if self._enemy_next_to(u.side, to):
                    return "a move may not end next to an enemy: charge it instead"
            return f"{u.id} cannot reach {square_name(to)} this turn"
        return None

    def why_not_limber(self, u: TUnit, limber: bool) -> str | None:
        if u.type not in ARTILLERY:
            return f"{u.id} is not artillery"
        if u.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return f"{u.id} cannot limber or unlimber now"
        if u.status != ACTIVE or u.engaged is not None:
            return f"{u.id} cannot limber or unlimber now"
        if u.halted(self.st.turn):
            return f"{u.id} is halted"
        want = LIMBERED if limber else UNLIMBERED
        if u.formation == want:
            return f"{u.id} is already {want}"
        cost = C.LIMBER_COST if limber else C.UNLIMBER_COST
        if u.points + cost > C.ARTILLERY_POINTS[u.type]:
            return f"{u.id} has no movement left to {'limber' if limber else 'unlimber'}"
        if limber and u.fired:
            return f"{u.id} has fired this turn"
        return None

    def why_not_walk(self, u: TUnit) -> str | None:
        """Why `u` may make no plain move now (None if it may): the mover's rules and
        the unit's own (guns limber first; infantry that fired stays)."""
        why = self.why_not_mover(u)
        if why is not None:
            return why
        if u.type in ARTILLERY and u.formation != LIMBERED:
            return f"{u.id} must limber up before it moves"
        if u.fired and self.is_infantry(u):
            return f"{u.id} has fired: formed infantry fires after moving, not before"
        return None

    def destinations(self, pid: str) -> list[Square]:
        """The squares the unit or officer `pid` may move to now, in order: exactly
        the plain moves :meth:`legal_actions` offers it."""
        if self._outcome is not None:
            return []
        if pid in self.st.units:
            u = self.st.units[pid]
            return [] if self.why_not_walk(u) is not None else sorted(self._paths_of(u, False).ends)
        o = self.st.officers.get(pid)
        if o is None or self.why_not_officer_mover(o) is not None:
            return []
        return sorted(self.officer_paths(o))

    def move_to(self, pid: str, sq: Square) -> Move | OfficerMove | None:
        """The action moving the unit or officer `pid` to `sq` (judged by `check`)."""
        if pid in self.st.units:
            return Move(pid, sq)
        if pid in self.st.officers:
            return OfficerMove(pid, sq)
        return None

    # -- charges ----------------------------------------------------------------------

    def charge_path(self, u: TUnit, t: TUnit, via: Square) -> Path | None:
        """The path of a charge ending at `via`, facing `t` (None if there is none)."""
        if via == u.sq:
            return ()
        final = step_between(via, t.sq)
        found = self._paths_of(u, True)
        cavalry = u.type is UnitType.CAVALRY
        key = (via, final, cavalry)
        if key in found.charges:
            return found.charges[key]
        best: Path | None = None
        fewest = found.ends.get(via)
        if fewest is not None:
            if not cavalry:
                best = self._path_to(found, via)
            else:
                for length in range(fewest, found.limit + 1):
                    best = self._first_path(found, via, length, final)
                    if best is not None:
                        break
        found.charges[key] = best
        return best

    def why_not_charge(self, u: TUnit, t: TUnit, via: Square) -> str | None:
        why = self._why_not_charger(u)
        if why is not None:
            return why
        return self._why_not_charge_at(u, t, via)

    def _why_not_charger(self, u: TUnit) -> str | None:
        """Why `u` may charge nothing now, whatever the target (None if it may)."""
        why = self.why_not_mover(u)
        if why is not None:
            return why
        if u.fired and u.type is UnitType.CAVALRY:
            return f"{u.id} has fired"
        if u.half_cv:
            return f"{u.id} has lost more than half its Combat Value: it may not charge"
        if self.kind(u) not in ("infantry", "cavalry"):
            return "only formed infantry and cavalry charge"
        if u.type is UnitType.CAVALRY and u.blown_until >= self.st.turn:
            return f"{u.id}'s horses are blown"
        return None

    def _why_not_charge_at(self, u: TUnit, t: TUnit, via: Square) -> str | None:
        """why_not_charge once `u` is known to be able to charge."""
        k = self.kind(u)
        if t.side == u.side or not t.on_table:
            return f"{t.id} is not an enemy on the table"
        if t.engaged is not None:
            return f"{t.id} is already locked in close combat"
        if k == "infantry" and t.type is UnitType.CAVALRY:
            return "infantry does not charge cavalry"
        if not orthogonal(via, t.sq):
            return f"{square_name(via)} is not next to {t.id} (orthogonally)"
        bd = self.board
        if C.WOOD in (bd.area(via), bd.area(t.sq)):
            return "there is no close combat in woods"
        if C.TOWN in (bd.area(via), bd.area(t.sq)) and k != "infantry":
            return "only infantry fights in a built-up area"
        if k == "cavalry" and bd.barrier_between(via, t.sq):
            return "cavalry cannot engage troops behind a fence or wall"
        if not bd.water_crossing_ok(via, t.sq):
            return "a river lies between them"
        if self.charge_path(u, t, via) is None:
            return f"{u.id} cannot charge {t.id} from {square_name(via)}"
        if self.combat_dice(u, t, via, True) <= 0:
            return f"{u.id} would throw no dice"
        return None

    # -- officers ---------------------------------------------------------------------

    def officer_paths(self, o: TOfficer) -> dict[Square, Path]:
        """Where officer `o` may ride (breadth first, round enemy units, lakes and
        unbridged water), worked out once for his square and the enemies in reach."""
        return dict(self._officer_ways(o)[1])

    def _officer_ways(self, o: TOfficer) -> tuple[tuple[Square, frozenset[Square]],
                                                  dict[Square, Path]]:
        c0, r0 = o.sq
        enemy_sqs = {e.sq for e in self.enemies_of(o.side)
                     if abs(e.sq[0] - c0) + abs(e.sq[1] - r0) <= C.OFFICER_MOVE}
        key = (o.sq, frozenset(enemy_sqs))
        got = self._officer_memo.get(key)
        if got is None:
            if len(self._officer_memo) >= _PATHS_KEPT:
                self._officer_memo.clear()
            got = self._officer_memo[key] = self._officer_paths(o.sq, enemy_sqs)
        return key, got

    def _officer_moves(self, o: TOfficer) -> list[Action]:
        """The rides officer `o` may make, in square order (made once for his
        square and the enemies in reach)."""
        key, ways = self._officer_ways(o)
        made: dict[tuple[str, Any], list[Action]] = self.board.memo.setdefault("rides", {})
        got = made.get((o.id, key))
        if got is None:
            if len(made) >= _PATHS_KEPT:
                made.clear()
            got = made[(o.id, key)] = [OfficerMove(o.id, sq) for sq in sorted(ways)]
        return got

    def _officer_paths(self, start: Square, enemy_sqs: set[Square]) -> dict[Square, Path]:
        bd = self.board
        out: dict[Square, Path] = {}
        frontier: list[Path] = [()]
        while frontier:
            nxt: list[Path] = []
            for p in frontier:
                here = p[-1] if p else start
                for b in bd.neighbours(here):
                    if b == start or b in out or b in enemy_sqs or bd.area(b) == C.LAKE:
                        continue
                    if not bd.water_crossing_ok(here, b):
                        continue
                    np = (*p, b)
                    out[b] = np
                    if len(np) < C.OFFICER_MOVE:
                        nxt.append(np)
            frontier = nxt
        return out

    def why_not_officer_mover(self, o: TOfficer) -> str | None:
        """Why officer `o` may not ride anywhere now (None if he may)."""
        if o.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return f"{o.id} cannot move now"
        if not o.present:
            return f"{o.id} is {o.wound.replace('_', ' ')}"
        if o.moved:
            return f"{o.id} has already moved this turn"
        return None

    def why_not_officer(self, o: TOfficer, to: Square) -> str | None:
        why = self.why_not_officer_mover(o)
        if why is not None:
            return why
        if to not in self.officer_paths(o):
            return f"{o.id} cannot reach {square_name(to)} this turn"
        return None

    def why_not_rally(self, o: TOfficer, u: TUnit) -> str | None:
        if o.side != self.st.side or self.st.phase not in (FIRST, SECOND):
            return "no rallying now"
        if not o.present:
            return f"{o.id} is {o.wound.replace('_', ' ')}"
        if o.rallied:
            return f"{o.id} has already tried to rally this turn"
        if u.side != o.side or u.status != ACTIVE:
            return f"{u.id} cannot be rallied"
        if u.sq != o.sq:
            return f"{o.id} must join {u.id} in its square first"
        if not (u.halted(self.st.turn) or u.flags_turn > 0):
            return f"{u.id} has no Falling Flag to rally from"
        if u.moved or u.charged or u.engaged is not None:
            return f"{u.id} is not stationary"
        if u.attacked:
            return f"{u.id} has been charged or fired upon this turn"
        return None

    # -- legality ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        st = self.st
        if self._outcome is not None or st.side is None:
            return []
        if st.phase == INITIATIVE:
            return [Choose(True), Choose(False)]
        kept = self._kept_actions()
        blocks = kept.units
        out: list[Action] = []
        for uid in kept.mine:
            out.extend(blocks[uid].fires)
        if st.phase in (FIRST, SECOND):
            for uid in kept.mine:
                block = blocks[uid]
                out.extend(block.moves)
                out.extend(block.charges)
            for uid in kept.mine:
                out.extend(blocks[uid].limbers)
            for oid in kept.leaders:
                out.extend(kept.officers[oid])
        out.append(_END)
        return out

    def _kept_actions(self) -> _Kept:
        """The legal list of this position, piece by piece, brought up to date from
        the last position's: a piece's actions are made again only when it changed,
        or a unit changed (moved, was hit, routed...) within the reach of what it
        may do, or an officer in its square changed; a new phase, side or turn
        starts afresh.  Whether a piece changed is read from its stamp, which any
        new value of any of its fields renews, so no rule has to announce what it
        touched.  The answer is never changed once
        made: look-ahead copies share it with the position they were copied from."""
        kept = self._kept
        if kept is not None and self._kept_ok:
            return kept
        st = self.st
        key = (st.turn, st.phase, st.side)
        # Each piece's stamp and square when the lists were made.
        seen_u: dict[str, tuple[int, Square, bool]]
        seen_o: dict[str, tuple[int, Square]]
        units: dict[str, _UnitActions] = {}
        #: Units whose lists are partly kept: the old lists and which parts still hold.
        parts: dict[str, tuple[_UnitActions, bool, bool, bool]] = {}
        officers: dict[str, list[Action]] = {}
        if kept is not None and kept.key == key:
            # Where changed units stood and stand, whether friends, the same coded
            # as _paths_of codes pieces, and that code again if the unit came, went
            # or left the table (-1 if it stayed where it was: paths read only
            # where units stand).
            moved: list[tuple[int, int, bool, int, int]] = []
            changed: set[str] = set()
            rows = self.board.rows
            seen_u = dict(kept.seen_units)
            for uid, u in st.units.items():
                was = seen_u.get(uid)
                if was is None or was[0] != u._stamp:
                    changed.add(uid)
                    friend = u.side == st.side
                    on = u.status in _ON_TABLE
                    placed = was is None or was[1] != u.sq or was[2] != on
                    if was is not None:
                        c, r = was[1]
                        code = (c * rows + r) * 2 + (not friend)
                        moved.append((c, r, friend, code, code if placed else -1))
                    c, r = u.sq
                    code = (c * rows + r) * 2 + (not friend)
                    moved.append((c, r, friend, code, code if placed else -1))
                    seen_u[uid] = (u._stamp, u.sq, on)
            led: set[Square] = set()  # where changed officers stood and stand
            changed_o: set[str] = set()
            seen_o = dict(kept.seen_officers)
            for oid, o in st.officers.items():
                seen = seen_o.get(oid)
                if seen is None or seen[0] != o._stamp:
                    changed_o.add(oid)
                    if seen is not None:
                        led.add(seen[1])
                    led.add(o.sq)
                    seen_o[oid] = (o._stamp, o.sq)
            if not changed and not changed_o:
                self._kept_ok = True
                return kept
            for uid, block in kept.units.items():
                if uid in changed:
                    continue
                c0, r0 = st.units[uid].sq
                fire_ok = move_ok = charge_ok = True
                move_near, charge_near = block.move_near, block.charge_near
                for c, r, friend, code, placed_code in moved:
                    fr = block.fire_friends if friend else block.fire_reach
                    if fire_ok and abs(c - c0) <= fr and abs(r - r0) <= fr:
                        fire_ok = False
                    if move_ok and placed_code in move_near:
                        move_ok = False
                    if charge_ok and code in charge_near:
                        charge_ok = False
                if (c0, r0) in led:  # a General's die in close combat
                    charge_ok = False
                if fire_ok and move_ok and charge_ok:
                    units[uid] = block
                else:
                    parts[uid] = (block, fire_ok, move_ok, charge_ok)
            for oid, acts in kept.officers.items():
                if oid in changed_o:
                    continue
                c0, r0 = st.officers[oid].sq
                if all(abs(c - c0) > C.OFFICER_MOVE or abs(r - r0) > C.OFFICER_MOVE
                       for c, r, _, _, _ in moved):
                    officers[oid] = acts
            if not changed:
                mine, leaders = kept.mine, kept.leaders
            else:
                mine = self._mine(st.side)
                leaders = kept.leaders if not changed_o else self._leaders(st.side)
        else:
            seen_u = {uid: (u._stamp, u.sq, u.status in _ON_TABLE)
                      for uid, u in st.units.items()}
            seen_o = {oid: (o._stamp, o.sq) for oid, o in st.officers.items()}
            mine = self._mine(st.side)
            leaders = self._leaders(st.side)
        if any(uid not in units for uid in mine) or any(oid not in officers for oid in leaders):
            side = st.side
            assert side is not None
            enemies = sorted(self.enemies_of(side), key=lambda x: x.id)
            moving = st.phase in (FIRST, SECOND)
            for uid in mine:
                if uid not in units:
                    units[uid] = self._unit_actions(st.units[uid], enemies, moving,
                                                    parts.get(uid))
            own = [st.units[uid] for uid in mine]
            for oid in leaders:
                if oid not in officers:
                    officers[oid] = self._officer_actions(st.officers[oid], own)
        kept = _Kept(key, seen_u, seen_o, mine, leaders, units, officers)
        self._kept, self._kept_ok = kept, True
        return kept

    def _mine(self, side: str | None) -> tuple[str, ...]:
        """The ids of `side`'s units on the table, in order."""
        units = self.st.units
        return tuple([uid for uid in self._ids
                      if (u := units[uid]).side == side and u.status in _ON_TABLE])

    def _leaders(self, side: str | None) -> tuple[str, ...]:
        """The ids of `side`'s officers still on the field, in order."""
        return tuple(sorted(oid for oid, o in self.st.officers.items()
                            if o.side == side and o.present))

    def _unit_actions(self, u: TUnit, enemies: Sequence[TUnit], moving: bool,
                      old: tuple[_UnitActions, bool, bool, bool] | None = None
                      ) -> _UnitActions:
        """What unit `u` of the side to act may do now (the same checks, in the same
        order, as asking every action of it); `old` gives the parts of its last lists
        that still hold."""
        was, fire_ok, move_ok, charge_ok = old if old is not None else (None, False, False, False)
        if was is not None and fire_ok:
            fires = was.fires
        else:
            fires = []
            if self._why_not_shooter(u) is None:
                # _why_not_target's checks for enemies on the table: the range as a
                # box (a king's distance), then what is left of them in its order.
                reach = self.fire_range(u)
                c0, r0 = u.sq
                made = self._fires_made
                uid = u.id
                sight, screened, dice = self.sight, self.screened, self.fire_dice
                for t in enemies:
                    c, r = t.sq
                    if (abs(c - c0) > reach or abs(r - r0) > reach or t.engaged is not None
                            or not sight(u, t) or screened(u, t) or dice(u, t) <= 0):
                        continue
                    shot = made.get((uid, t.id))
                    if shot is None:
                        shot = made[(uid, t.id)] = Fire(uid, t.id)
                    fires.append(shot)
        moves: list[Action] = []
        charges: list[Action] = []
        limbers: list[Action] = []
        walk: _Paths | None = None
        charge: _Paths | None = None
        charge_near = _NOBODY
        if moving:
            if was is not None:
                limbers = was.limbers
            else:
                for lim in (True, False):
                    if self.why_not_limber(u, lim) is None:
                        limbers.append(Limber(u.id, lim))
            if self.why_not_mover(u) is None:
                if was is not None and move_ok:
                    moves, walk = was.moves, was.walk
                elif not (u.type in ARTILLERY and u.formation != LIMBERED) and not (
                        u.fired and self.is_infantry(u)):
                    walk = self._paths_of(u, False)
                    moves = self._move_actions(u)
                if was is not None and charge_ok:
                    charges, charge, charge_near = was.charges, was.charge, was.charge_near
                elif self._why_not_charger(u) is not None:
                    pass  # (whatever the others do)
                elif not self._enemy_within(u, enemies, self.allowance(u, True) + 1):
                    # A target stands next to where a charge path ends: no enemy
                    # within a step more than the allowance, no charge, and only an
                    # enemy coming that near can change it.
                    charge_near = self._enemy_codes(u.sq, self.allowance(u, True) + 1)
                else:
                    # A charge ends where it stands or where one of its paths ends,
                    # next to its target.
                    found = charge = self._paths_of(u, True)
                    charge_near = found.near
                    ends = found.ends
                    if found.next_to is None:
                        found.next_to = {n for e in (u.sq, *ends)
                                         for n in self.board.neighbours(e)}
                    for t in enemies:
                        if t.sq not in found.next_to:
                            continue
                        for via in self.board.neighbours(t.sq):
                            if via != u.sq and via not in ends:
                                continue
                            if self._why_not_charge_at(u, t, via) is None:
                                key = (u.id, t.id, via)
                                rush = self._charges_made.get(key)
                                if rush is None:
                                    rush = self._charges_made[key] = Charge(*key)
                                charges.append(rush)
        move_near = walk.near if walk is not None else _NOBODY
        if was is not None:
            return _UnitActions(fires, moves, charges, limbers, was.fire_reach,
                                was.fire_friends, move_near, charge_near, walk, charge)
        fire = self.fire_range(u)
        # Nothing stands between squares a king's step apart (Board.between).
        friends = fire if fire > 1 else 0
        return _UnitActions(fires, moves, charges, limbers, fire + 1, friends, move_near,
                            charge_near, walk, charge)

    def _officer_actions(self, o: TOfficer, own: Sequence[TUnit]) -> list[Action]:
        """Where officer `o` may ride and whom he may rally (only units in his square
        can be rallied)."""
        out: list[Action] = []
        if not o.moved:
            out.extend(self._officer_moves(o))
        for u in own:
            if u.sq == o.sq and self.why_not_rally(o, u) is None:
                out.append(Rally(o.id, u.id))
        return out

    def _check(self, action: Action) -> str | None:
        st = self.st
        if st.side is None:
            return "no side is to act"
        if isinstance(action, Choose):
            return None if st.phase == INITIATIVE else "the initiative is not being chosen now"
        if st.phase == INITIATIVE:
            return f"{st.side} must choose to move first or second"
        if isinstance(action, End):
            return None
        if isinstance(action, Fire):
            u, t = st.units.get(action.unit), st.units.get(action.target)
            if u is None or t is None:
                return f"no unit {action.unit if u is None else action.target}"
            return self.why_not_fire(u, t)
        if isinstance(action, (Move, Charge, Limber)):
            u = st.units.get(action.unit)
            if u is None:
                return f"no unit {action.unit}"
            if isinstance(action, Move):
                if not self.board.on_board(action.to):
                    return f"{square_name(action.to)} is off the grid"
                return self.why_not_move(u, action.to)
            if isinstance(action, Limber):
                return self.why_not_limber(u, action.limber)
            t = st.units.get(action.target)
            if t is None:
                return f"no unit {action.target}"
            return self.why_not_charge(u, t, action.via)
        if isinstance(action, (OfficerMove, Rally)):
            o = st.officers.get(action.officer)
            if o is None:
                return f"no officer {action.officer}"
            if isinstance(action, OfficerMove):
                return self.why_not_officer(o, action.to)
            u = st.units.get(action.unit)
            if u is None:
                return f"no unit {action.unit}"
            return self.why_not_rally(o, u)
        return f"'{action}' is not a Tactical Dice action"

    # -- applying ---------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        # A move's or charge's path is read while the position's answers still hold.
        st = self.st
        path: Path | None = None
        if isinstance(action, Move):
            path = self._path_to(self._paths_of(st.units[action.unit], False), action.to)
        elif isinstance(action, Charge):
            path = self.charge_path(st.units[action.unit], st.units[action.target], action.via)
        self._cache.clear()
        self._kept_ok = False
        self._in_apply = True
        try:
            return self._do(action, path)
        finally:
            self._in_apply = False
            self._cache.clear()

    def _do(self, action: Action, path: Path | None) -> list[Event]:
        st = self.st
        ev: list[Event] = []
        if isinstance(action, Choose):
            assert st.side is not None
            other = st.enemy(st.side)
            st.order = (st.side, other) if action.first else (other, st.side)
            ev.append(Event("initiative", f"{st.side} chooses to move "
                            f"{'first' if action.first else 'second'}",
                            {"side": st.side, "first": action.first, "order": list(st.order)}))
            self._enter(FIRST, ev)
        elif isinstance(action, End):
            self._end_phase(ev)
        elif isinstance(action, Fire):
            self._fire(st.units[action.unit], st.units[action.target], ev)
        elif isinstance(action, Move):
            u = st.units[action.unit]
            assert path is not None
            self._walk(u, path, ev, "move")
            u.acted = True
            if u.type in ARTILLERY:
                u.points += len(path)
            if u.formation == SQUARE_FORMATION:
                u.formation = LINE
        elif isinstance(action, Charge):
            u, t = st.units[action.unit], st.units[action.target]
            assert path is not None
            self._charge(u, t, path, ev)
        elif isinstance(action, Limber):
            u = st.units[action.unit]
            u.points += C.LIMBER_COST if action.limber else C.UNLIMBER_COST
            u.formation = LIMBERED if action.limber else UNLIMBERED
            if not action.limber:
                u.unlimbered_turn = st.turn
            ev.append(Event("limber" if action.limber else "unlimber",
                            f"{u.id} {'limbers up' if action.limber else 'unlimbers'}",
                            {"unit": u.id}))
        elif isinstance(action, OfficerMove):
            o = st.officers[action.officer]
            o.sq = action.to
            o.moved = True
            ev.append(Event("officer", f"{o.id} rides to {square_name(o.sq)}",
                            self._where(o.sq, {"officer": o.id})))
        elif isinstance(action, Rally):
            o, u = st.officers[action.officer], st.units[action.unit]
            o.rallied = True
            u.acted = True
            roll = self.chance.d6(f"rally: {u.id} by {o.id}")
            ok = roll >= C.RALLY_ON
            if ok:
                u.halted_until = 0
                u.flags_turn = 0
            said = (f"{o.id} rallies {u.id} with a {roll}" if ok else
                    f"{o.id} fails to rally {u.id}: rolled {roll}, needs a {C.RALLY_ON}")
            ev.append(Event("rally", said, {"officer": o.id, "unit": u.id, "roll": roll,
                                                 "rallied": ok}))
        if self._outcome is None:
            self._check_immediate(ev)
        return ev

    def _where(self, sq: Square, data: dict[str, JSON]) -> dict[str, JSON]:
        x, y = self.board.centre(sq)
        data.update({"square": square_name(sq), "col": sq[0], "row": sq[1], "x": x, "y": y})
        return data

    def _walk(self, u: TUnit, path: Path, ev: list[Event], kind: str) -> None:
        if not path:
            return
        start = u.sq
        prev = (u.sq, *path)[-2]
        u.facing = STEP_BEARING[step_between(prev, path[-1])]
        u.sq = path[-1]
        u.moved += len(path)
        ev.append(Event(kind, f"{u.id} moves from {square_name(start)} to {square_name(u.sq)}",
                        self._where(u.sq, {"unit": u.id, "from": square_name(start),
                                           "path": [square_name(s) for s in path],
                                           "facing": u.facing})))
        self._carry_officers(u, start, ev, voluntary=True)
        self._displace_officers(u, ev)

    def _carry_officers(self, u: TUnit, start: Square, ev: list[Event],
                        voluntary: bool = False) -> None:
        """Ruling (OFFICERS_RIDE_ALONG): officers in a unit's square go where it goes;
        on the unit's own move that is their move for the turn."""
        if not C.OFFICERS_RIDE_ALONG or start == u.sq:
            return
        for o in sorted(self.officers_at(start, u.side), key=lambda x: x.id):
            o.sq = u.sq
            if voluntary:
                o.moved = True
            ev.append(Event("officer", f"{o.id} rides with {u.id} to {square_name(u.sq)}",
                            self._where(u.sq, {"officer": o.id, "with": u.id})))

    def _place(self, u: TUnit, sq: Square, ev: list[Event], kind: str, why: str) -> None:
        """Put `u` on `sq`; `why` says it with {a} for the square left, {b} the new one."""
        start = u.sq
        u.sq = sq
        said = why.format(a=square_name(start), b=square_name(sq))
        ev.append(Event(kind, f"{u.id} {said}",
                        self._where(sq, {"unit": u.id, "from": square_name(start)})))
        self._carry_officers(u, start, ev)
        self._displace_officers(u, ev)

    def _displace_officers(self, u: TUnit, ev: list[Event]) -> None:
        """Ruling: enemy officers in a square a unit enters ride back one square
        (towards their baseline, else aside); with nowhere to go they are captured."""
        for o in self.st.officers.values():
            if not o.present or o.side == u.side or o.sq != u.sq:
                continue
            back = BACK[self.baseline[o.side]]
            cands = [add(o.sq, back), add(o.sq, (back[1], back[0])),
                     add(o.sq, (-back[1], -back[0]))]
            enemy_sqs = {e.sq for e in self.enemies_of(o.side)}
            dest = next((c for c in cands if self.board.on_board(c) and c not in enemy_sqs
                         and self.board.area(c) != C.LAKE), None)
            if dest is None:
                o.wound = CAPTURED
                ev.append(Event("officer_casualty", f"{o.id} is captured",
                                {"officer": o.id, "wound": o.wound}))
            else:
                o.sq = dest
                ev.append(Event("officer", f"{o.id} rides clear to {square_name(dest)}",
                                self._where(dest, {"officer": o.id})))

    # -- phases -----------------------------------------------------------------------

    def _start_turn(self, ev: list[Event]) -> None:
        st = self.st
        for u in st.units.values():
            u.moved = u.points = 0
            u.acted = u.fired = u.charged = u.attacked = u.flag_cancelled = False
            u.flags_turn = u.skirmish_flags = 0
        for o in st.officers.values():
            o.moved = o.rallied = False
        st.order = None
        st.chooser = None
        st.pending = []
        st.art_done = []
        ev.append(Event("turn", f"Turn {st.turn} begins", {"turn": st.turn}))
        for o in sorted(st.officers.values(), key=lambda x: x.id):
            if o.wound == WOUNDED:
                roll = self.chance.d6(f"wounded {o.id} stays on the field")
                if roll == C.WOUND_LEAVES_ON:
                    o.wound = CARRIED_OFF
                fate = ("is carried off the field" if o.wound == CARRIED_OFF
                        else "stays on the field")
                ev.append(Event("wound", f"{o.id}, wounded, rolls {roll} and {fate}",
                                {"officer": o.id, "roll": roll, "wound": o.wound}))
        self._enter(ARTILLERY_PHASE, ev)

    def _enter(self, phase: str, ev: list[Event]) -> None:
        st = self.st
        again = phase == ARTILLERY_PHASE and st.phase == ARTILLERY_PHASE and bool(st.art_done)
        st.phase = phase
        if not again:  # the second side's turn to fire is the same phase
            ev.append(Event("phase", f"{self.phase_info(phase).name}", {"phase": phase}))
        if phase == ARTILLERY_PHASE:
            for s in st.sides:
                if s in st.art_done:
                    continue
                st.side = s
                if self._any_could_fire(s):
                    return
                st.art_done.append(s)
            self._resolve_artillery(ev)
            if self._outcome is None:
                self._enter(INITIATIVE, ev)
        elif phase == INITIATIVE:
            self._roll_initiative(ev)
        elif phase in (FIRST, SECOND):
            assert st.order is not None
            st.side = st.order[0 if phase == FIRST else 1]
            ev.append(Event("side", f"{st.side} moves", {"side": st.side}))
            self._start_of_move(st.side, ev)

    def _end_phase(self, ev: list[Event]) -> None:
        st = self.st
        if st.phase == ARTILLERY_PHASE:
            assert st.side is not None
            st.art_done.append(st.side)
            self._enter(ARTILLERY_PHASE, ev)
        elif st.phase == FIRST:
            self._enter(SECOND, ev)
        elif st.phase == SECOND:
            self._end_turn(ev)

    def _roll_initiative(self, ev: list[Event]) -> None:
        st = self.st
        a, b = st.sides
        while True:
            rolls = {}
            for s in (a, b):
                bonus = st.streak[s] - 1 if st.streak[s] >= 2 else 0
                d = self.chance.d6(f"initiative: {s}")
                rolls[s] = d + bonus
            tie = ": a tie, both roll again" if rolls[a] == rolls[b] else ""
            ev.append(Event("roll", f"Initiative: {a} scores {rolls[a]}, {b} {rolls[b]}{tie}",
                            {"purpose": "initiative", "rolls": dict(rolls)}))
            if rolls[a] != rolls[b]:
                break
        chooser = a if rolls[a] < rolls[b] else b
        st.rolls = rolls
        st.chooser = chooser
        st.streak[chooser] += 1
        st.streak[st.enemy(chooser)] = 0
        st.side = chooser
        ev.append(Event("initiative", f"{chooser} scored lower and chooses to move first or "
                        "second",
                        {"chooser": chooser, "rolls": dict(rolls)}))

    def _end_turn(self, ev: list[Event]) -> None:
        st = self.st
        for u in st.units.values():
            if u.type is UnitType.CAVALRY and u.cc_last < st.turn:
                u.cc_turns = 0
        out = self.judge.end_of_turn(st.turn, self.victory_pieces())
        if out is not None:
            self._finish(out, ev)
            return
        st.turn += 1
        self._start_turn(ev)

    def _start_of_move(self, side: str, ev: list[Event]) -> None:
        """Spent units retire a square; close combats this side began go on."""
        for u in sorted(self.units_on_table(side), key=lambda x: x.id):
            if u.status == SPENT and u.engaged is None:
                self._retire(u, None, ev, "retires from {a} to {b}, its Combat Value spent")
        for u in sorted(self.units_on_table(side), key=lambda x: x.id):
            if u.on_table and u.engaged is not None and u.attacker:
                t = self.st.units[u.engaged]
                self._melee_round(u, t, ev)
            if self._outcome is not None:
                return

    # -- victory ----------------------------------------------------------------------

    def victory_pieces(self) -> list[PieceView]:
        """Ruling (SPENT_COUNTS_AS_LOST): a spent unit has ceased to be effective, so
        for victory it is lost (army break) and holds nothing."""
        out = []
        made: dict[tuple[Any, ...], PieceView] = self.board.memo.setdefault("views", {})
        if len(made) > 100_000:
            made.clear()
        for u in self.st.units.values():
            present = u.status == ACTIVE if C.SPENT_COUNTS_AS_LOST else u.on_table
            key = (u.id, u.side, u.type, present, u.cv, u.sq)
            got = made.get(key)
            if got is None:
                got = made[key] = PieceView(
                    u.id, u.side, u.type, present, max(u.cv, 0), self.board.centre(u.sq),
                    self.board.polygon(u.sq, shrink=0.5) if present else None)
            out.append(got)
        return out

    def _check_immediate(self, ev: list[Event]) -> None:
        # The judge's verdict depends on the pieces alone: remembered by every value
        # the views are made of (shared with look-ahead copies, which share the judge).
        # The immediate conditions (units left, army break, regulars lost; no exits
        # here) read whether each piece is present, so squares are left out of the key.
        key = tuple([(u.status, u.cv) for u in self.st.units.values()])
        judged = self._judged
        if key in judged:
            out = judged[key]
        else:
            if len(judged) >= _PATHS_KEPT:
                judged.clear()
            out = judged[key] = self.judge.immediate(self.victory_pieces())
        if out is not None:
            self._finish(out, ev)

    def _finish(self, out: Outcome, ev: list[Event]) -> None:
        if self._outcome is None:
            self._outcome = out
            self.st.side = None
            ev.append(Event("outcome", out.reason, out.to_json()))

    # -- resolving throws -------------------------------------------------------------

    def _throw(self, n: int, face: Face, purpose: str) -> D.Throw:
        return D.Throw(tuple(self.chance.roll(n, purpose)), face)

    def _throw_event(self, kind: str, who: TUnit, at: TUnit | None, thr: D.Throw, text: str,
                     ev: list[Event], **extra: JSON) -> None:
        data: dict[str, JSON] = {
            "unit": who.id, "target": at.id if at else None, "dice": list(thr.dice),
            "faces": thr.faces(), "hit_face": thr.hit_face.name.lower(), "hits": thr.hits,
            "flags": thr.flags, "sabres": thr.sabres, "officers": thr.officers,
        }
        data.update(extra)
        ev.append(Event(kind, text, data))

    def _cancel_flag(self, u: TUnit, flags: int, ev: list[Event]) -> int:
        """A General in the unit's square ignores its first Flag of the turn."""
        if flags > 0 and not u.flag_cancelled:
            g = self.general_with(u)
            if g is not None:
                u.flag_cancelled = True
                ev.append(Event("flag_ignored", f"{g.id} steadies {u.id}: its first Flag of "
                                "the turn is ignored",
                                {"unit": u.id, "officer": g.id}))
                return flags - 1
        return flags

    def _officer_check(self, u: TUnit, thr: D.Throw, ev: list[Event]) -> None:
        """A unit hit while an Officer shows: officers in its square may fall."""
        if not thr.officer_casualty_due():
            return
        for o in sorted(self.officers_at(u.sq, u.side), key=lambda x: x.id):
            roll = self.chance.d6(f"officer casualty {o.id}")
            if roll == C.OFFICER_KILLED_ON:
                o.wound = KILLED
            elif roll == C.OFFICER_WOUNDED_ON:
                # Ruling: a second wound carries the officer off the field.
                o.wound = CARRIED_OFF if o.wound == WOUNDED else WOUNDED
            word = {KILLED: "is killed", WOUNDED: "is wounded",
                    CARRIED_OFF: "is carried off the field"}.get(o.wound, "escapes unscathed")
            if roll > C.OFFICER_WOUNDED_ON:
                word = "escapes unscathed"
            ev.append(Event("officer_casualty", f"{o.id} {word} (rolled {roll})",
                            {"officer": o.id, "roll": roll, "wound": o.wound, "unit": u.id}))

    def _take(self, u: TUnit, hits: int, flags: int, cause: Square | None, ev: list[Event],
              table: bool = True) -> None:
        """Apply hits (CV) and Flags from one resolution (Flags already past the General).

        A spent unit (0 CV) routs on any further hit or Flag; otherwise the Flags
        go through the table by troop quality (unless `table` is False, where a
        charge table has already decided what they do).
        """
        if not u.on_table or (hits <= 0 and flags <= 0):
            return
        if u.status == SPENT:
            self._rout(u, ev, "is struck again with its Combat Value spent: it routs and "
                       "flees the field")
            return
        if hits > 0:
            u.cv = max(0, u.cv - hits)
            ev.append(Event("hits", f"{u.id} loses {hits} Combat Value ({u.cv} of "
                            f"{u.start_cv} left)",
                            {"unit": u.id, "hits": hits, "cv": u.cv}))
            if u.cv == 0:
                u.status = SPENT
                ev.append(Event("spent", f"{u.id} has lost all its Combat Value and retires",
                                {"unit": u.id}))
        if flags > 0:
            u.flags_turn += flags
            effect = D.flag_effect(flags, u.q)
            said = f": {FLAG_WORDS[effect]}" if table else ""
            ev.append(Event("flags", f"{u.id} suffers {counted(flags, 'Flag')}{said}",
                            {"unit": u.id, "flags": flags, "effect": effect.name.lower()}))
            if not table:
                return
            if effect is D.FlagEffect.ROUT:
                self._rout(u, ev)
            elif effect in (D.FlagEffect.HALT, D.FlagEffect.RETIRE):
                u.halted_until = self.st.turn + C.HALT_TURNS
                if effect is D.FlagEffect.RETIRE:
                    self._retire(u, cause, ev)

    def _break_engagement(self, u: TUnit) -> None:
        if u.engaged is not None:
            o = self.st.units.get(u.engaged)
            if o is not None and o.engaged == u.id:
                o.engaged, o.attacker, o.rounds = None, False, 0
        u.engaged, u.attacker, u.rounds = None, False, 0

    def _rout(self, u: TUnit, ev: list[Event], why: str = "routs and flees the field") -> None:
        if not u.on_table:
            return
        self._break_engagement(u)
        u.status = ROUTED
        ev.append(Event("rout", f"{u.id} {why}",
                        self._where(u.sq, {"unit": u.id})))

    def _retire(self, u: TUnit, cause: Square | None, ev: list[Event],
                why: str = "retires") -> bool:
        """One square back towards its own baseline (else aside); blocked: routs."""
        self._break_engagement(u)
        back = BACK[self.baseline[u.side]]
        side_a, side_b = (back[1], back[0]), (-back[1], -back[0])
        cands = [add(u.sq, back)]
        sides = [add(u.sq, side_a), add(u.sq, side_b)]
        if cause is not None:
            sides.sort(key=lambda s: -king_distance(s, cause))
        cands += sides
        if not self.board.on_board(cands[0]):
            self._rout(u, ev, "retires off the table and is lost")
            return False
        for c in cands:
            if not self.board.on_board(c):
                continue
            why_not, _ = self.step_problem(u, u.sq, c)
            if why_not is None:
                self._place(u, c, ev, "retire", why if "{" in why else why + " from {a} to {b}")
                u.halted_until = max(u.halted_until, self.st.turn + C.HALT_TURNS)
                return True
        if C.RETIRE_BLOCKED_ROUTS:
            self._rout(u, ev, "has nowhere to retire: it routs and flees the field")
        return False

    def _occupy(self, u: TUnit, sq: Square, ev: list[Event]) -> None:
        if u.on_table and self.unit_at(sq) is None and self.board.on_board(sq):
            self._place(u, sq, ev, "occupy", "advances from {a} into {b}")

    # -- fire -------------------------------------------------------------------------

    def _fire(self, u: TUnit, t: TUnit, ev: list[Event]) -> None:
        st = self.st
        n = self.fire_dice(u, t)
        face = self.hit_face(u, t)
        u.fired = True
        t.attacked = True
        thr = self._throw(n, face, f"{u.id} fires at {t.id}")
        self._throw_event("fire", u, t, thr, f"{u.id} fires at {t.id} with {counted(n, 'die')}: "
                          f"{counted(thr.hits, 'hit')}, {counted(thr.flags, 'Flag')}", ev,
                          dice_count=n,
                          range=king_distance(u.sq, t.sq))
        if st.phase == ARTILLERY_PHASE:
            st.pending.append(Pending(u.id, t.id, thr.hits, thr.flags,
                                      thr.officer_casualty_due()))
            if not self._any_could_fire(u.side):
                self._end_phase(ev)  # no gun of this side is left to fire
            return
        if self.is_skirmisher(u) and self.is_skirmisher(t):
            self._skirmish_exchange(u, t, thr, ev)
            return
        flags = self._cancel_flag(t, thr.flags, ev)
        if self.is_skirmisher(u):
            t.skirmish_flags += flags
        self._officer_check(t, thr, ev)
        self._take(t, thr.hits, flags, u.sq, ev)

    def _skirmish_exchange(self, u: TUnit, t: TUnit, thr: D.Throw, ev: list[Event]) -> None:
        """Skirmishers against skirmishers: the target replies at once; only Fire and
        Flags count; the side with more Flags falls back a square."""
        n = self.fire_dice(t, u) if t.status == ACTIVE else 0
        back = self._throw(n, Face.FIRE, f"{t.id} replies to {u.id}")
        self._throw_event("fire", t, u, back, f"{t.id} replies with {counted(n, 'die')}: "
                          f"{counted(back.hits, 'hit')}, {counted(back.flags, 'Flag')}", ev,
                          dice_count=n, reply=True)
        fu = self._cancel_flag(u, back.flags, ev)
        ft = self._cancel_flag(t, thr.flags, ev)
        self._officer_check(t, thr, ev)
        self._officer_check(u, back, ev)
        spent = {x.id for x in (u, t) if x.status == SPENT}
        self._take(t, thr.hits, 0, u.sq, ev)
        self._take(u, back.hits, 0, t.sq, ev)
        for x, flags in ((t, ft), (u, fu)):
            if x.on_table and flags > 0:
                x.flags_turn += flags
                if x.id in spent:  # seed: any further hit or Flag routs a spent unit
                    self._rout(x, ev, "takes a Flag with its Combat Value spent: it routs "
                               "and flees the field")
        if ft == fu:
            ev.append(Event("skirmish", "The skirmish goes on: no ground is gained",
                            {"units": [u.id, t.id]}))
            return
        loser, winner = (t, u) if ft > fu else (u, t)
        if loser.on_table:
            self._fall_back(loser, winner, ev)

    def _fall_back(self, s: TUnit, enemy: TUnit, ev: list[Event]) -> None:
        """Skirmishers fall back a square; into their own formed troops they are driven in."""
        back = BACK[self.baseline[s.side]]
        dest = add(s.sq, back)
        friend = self.unit_at(dest)
        if friend is not None and friend.side == s.side and not self.is_skirmisher(friend):
            s.status = DRIVEN_IN
            self._break_engagement(s)
            ev.append(Event("driven_in", f"{s.id} is driven in on {friend.id}",
                            {"unit": s.id, "onto": friend.id}))
            return
        if self.board.on_board(dest) and self.step_problem(s, s.sq, dest)[0] is None:
            self._place(s, dest, ev, "retire", "falls back from {a} to {b}")
            return
        s.status = DRIVEN_IN
        ev.append(Event("driven_in", f"{s.id} has no room to fall back and is driven in",
                        {"unit": s.id}))

    def _resolve_artillery(self, ev: list[Event]) -> None:
        """The artillery phase's shots take effect together (seed: simultaneous)."""
        st = self.st
        for p in st.pending:
            t = st.units[p.target]
            if not t.on_table:
                continue
            flags = self._cancel_flag(t, p.flags, ev)
            if p.officer_due:
                self._officer_check(t, D.Throw((1, 2), Face.TARGET), ev)
            self._take(t, p.hits, flags, st.units[p.shooter].sq, ev)
        st.pending = []

    # -- charges and close combat -----------------------------------------------------

    def _charge(self, u: TUnit, t: TUnit, path: Path, ev: list[Event]) -> None:
        st = self.st
        start = u.sq
        for x in (u, t):
            if x.type is UnitType.CAVALRY and (x.cc_turns == 0 or x.cc_last < st.turn - 1):
                x.origin = x.sq  # a new run of close combat: where to fall back to
        self._walk(u, path, ev, "move")
        u.facing = STEP_BEARING[step_between(u.sq, t.sq)]
        u.acted = u.charged = True
        t.attacked = True
        if u.formation == SQUARE_FORMATION:
            u.formation = LINE
        n = self.combat_dice(u, t, u.sq, True)
        thr = self._throw(n, Face.SABRE, f"{u.id} charges {t.id}")
        extra = t.skirmish_flags
        t.skirmish_flags = 0
        self._throw_event("charge", u, t, thr, f"{u.id} charges {t.id} with {counted(n, 'die')}: "
                          f"{counted(thr.sabres, 'Sabre')}, {counted(thr.flags, 'Flag')}", ev,
                          dice_count=n, skirmish_flags=extra,
                          path=[square_name(s) for s in path])
        flags = self._cancel_flag(t, thr.flags + extra, ev)
        if not self._sabres_ignored(u, t, thr, flags):
            self._officer_check(t, thr, ev)
        if u.type is UnitType.CAVALRY and t.type is UnitType.CAVALRY:
            self._cavalry_v_cavalry(u, t, thr, flags, start, ev)
        elif u.type is UnitType.CAVALRY:
            self._cavalry_v_formed(u, t, thr, flags, start, ev)
        else:
            self._bayonet(u, t, thr, flags, ev)
        for x in (u, t):
            if x.type is UnitType.CAVALRY and x.on_table:
                self._count_cavalry_combat(x, ev)

    def _sabres_ignored(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int) -> bool:
        """Seed: infantry that forms square in good time ignores the Sabres, so the
        charge scores no hit on it (and its officers are not at risk)."""
        if u.type is not UnitType.CAVALRY or t.type is UnitType.CAVALRY or t.type in ARTILLERY:
            return False
        case = D.cavalry_v_formed(thr.sabres, flags, t.q, t.formation == SQUARE_FORMATION)
        return case is D.CavalryCase.SQUARE_IN_TIME

    def _reply(self, t: TUnit, u: TUnit, n: int, face: Face, why: str,
               ev: list[Event]) -> int:
        """Defensive fire (or a counter-charge) at the attackers; returns the Flags it
        inflicted after any General's help."""
        n = max(0, n) if t.status == ACTIVE else 0
        thr = self._throw(n, face, f"{t.id} {why}")
        hit = "Sabre" if face is Face.SABRE else "hit"
        self._throw_event("reply", t, u, thr, f"{t.id} {why} with {counted(n, 'die')}: "
                          f"{counted(thr.hits, hit)}, {counted(thr.flags, 'Flag')}", ev,
                          dice_count=n)
        flags = self._cancel_flag(u, thr.flags, ev)
        self._officer_check(u, thr, ev)
        self._take(u, thr.hits, flags, t.sq, ev)
        return flags

    def _bayonet(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int, ev: list[Event]) -> None:
        case = D.bayonet_case(thr.sabres, flags, t.q)
        ev.append(Event("bayonet", f"{t.id} {case_words(case)}",
                        {"unit": u.id, "target": t.id, "case": case.name.lower()}))
        target_sq = t.sq
        if case is D.BayonetCase.FLEE:
            self._take(t, thr.sabres, 0, u.sq, ev)
            self._rout(t, ev, "panics and flees the field")
            self._occupy(u, target_sq, ev)
            return
        # The charge table's "one die fewer" is what these Flags do: count it once.
        n = self.fire_dice_reply(t)
        if case is not D.BayonetCase.STAND:
            n -= 1
        self._take(t, thr.sabres, flags, u.sq, ev, table=False)
        if not t.on_table:
            self._occupy(u, target_sq, ev)
            return
        got = self._reply(t, u, n, Face.TARGET, "fires at the attackers", ev)
        halted = D.halts_attackers(got) or not u.on_table or not orthogonal(u.sq, t.sq)
        if halted and u.on_table:
            u.halted_until = max(u.halted_until, self.st.turn)
            ev.append(Event("halt", f"{u.id} is halted by the defenders' fire", {"unit": u.id}))
        if case is D.BayonetCase.FIRE_THEN_RETIRE:
            if not halted and t.on_table:
                self._retire(t, u.sq, ev)
                self._occupy(u, target_sq, ev)
            return
        if not halted and t.on_table and u.on_table:
            u.engaged, u.attacker, u.rounds = t.id, True, 1
            t.engaged, t.attacker, t.rounds = u.id, False, 1
            ev.append(Event("engaged", f"{u.id} and {t.id} are locked in close combat",
                            {"unit": u.id, "target": t.id}))

    def fire_dice_reply(self, t: TUnit) -> int:
        """Dice for defensive fire: troop quality (one for skirmishers) less Flags and
        half CV; limbered guns cannot reply."""
        if t.status != ACTIVE or (t.type in ARTILLERY and t.formation != UNLIMBERED):
            return 0
        base = C.SKIRMISH_DICE if self.is_skirmisher(t) else t.q
        return max(C.MIN_DICE, base + self.base_modifiers(t))

    def _cavalry_v_formed(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int, start: Square,
                          ev: list[Event]) -> None:
        in_square = t.formation == SQUARE_FORMATION
        case = D.cavalry_v_formed(thr.sabres, flags, t.q, in_square)
        art = t.type in ARTILLERY
        who = f"The gunners of {t.id}" if art else t.id
        ev.append(Event("cavalry_charge", f"{who} {case_words(case, art)}",
                        {"unit": u.id, "target": t.id, "case": case.name.lower(),
                         "artillery": art}))
        target_sq = t.sq
        if case is D.CavalryCase.BROKEN:
            self._take(t, thr.sabres, 0, u.sq, ev)
            self._rout(t, ev, "is overrun and flees the field" if art
                       else "breaks and flees the field")
            self._pursue(u, t, target_sq, u.q + C.PURSUIT_EXTRA_DICE, ev)
            return
        if not art and self.is_infantry(t):
            t.formation = SQUARE_FORMATION
        full = self.fire_dice_reply(t)  # before this charge's Flags: the table rules them
        if case is D.CavalryCase.SQUARE_IN_TIME:
            if art:
                self._take(t, thr.sabres, flags, u.sq, ev, table=False)
                n = full
            else:
                self._take(t, 0, flags, u.sq, ev, table=False)
                n = (full + 1) // 2
        else:
            self._take(t, thr.sabres, flags, u.sq, ev, table=False)
            n = full - 1 if art else min(C.LATE_SQUARE_DICE, full)
        if t.on_table:
            self._reply(t, u, n, Face.TARGET, "fires as the cavalry flows past", ev)
        if art and case is D.CavalryCase.SQUARE_LATE and t.on_table:
            t.silenced_until = self.st.turn + C.SHELTER_TURNS
            ev.append(Event("shelter", f"{t.id}'s gunners shelter; the guns fall silent",
                            {"unit": t.id, "until": t.silenced_until}))
        if not t.on_table:
            self._occupy(u, target_sq, ev)
        elif u.on_table and u.sq != start and self.unit_at(start) is None:
            self._place(u, start, ev, "return", "rallies and returns from {a} to {b}")

    def _pursue(self, u: TUnit, t: TUnit, sq: Square, n: int, ev: list[Event]) -> None:
        """Cavalry follows into the square and cuts at the fugitives (no reply)."""
        thr = self._throw(max(0, n), Face.SABRE, f"{u.id} pursues {t.id}")
        self._throw_event("pursuit", u, t, thr, f"{u.id} pursues {t.id} with "
                          f"{counted(max(0, n), 'die')}: {counted(thr.sabres, 'Sabre')}",
                          ev, dice_count=n)
        if t.on_table:
            self._officer_check(t, thr, ev)
            self._take(t, thr.sabres, self._cancel_flag(t, thr.flags, ev), u.sq, ev)
        self._occupy(u, sq, ev)

    def _cavalry_v_cavalry(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int, start: Square,
                           ev: list[Event]) -> None:
        case = D.cavalry_v_cavalry(flags, t.q)
        ev.append(Event("cavalry_charge", f"{t.id} {case_words(case)}",
                        {"unit": u.id, "target": t.id, "case": case.name.lower()}))
        target_sq = t.sq
        if case is D.MeleeCase.BROKEN:
            self._take(t, thr.sabres, 0, u.sq, ev)
            if t.on_table:
                if flags > t.q:
                    self._rout(t, ev)
                else:
                    t.flags_turn += flags
                    self._retire(t, u.sq, ev)
            self._pursue(u, t, target_sq, u.q, ev)
            return
        n = self.combat_dice(t, u, t.sq, False)
        if case is D.MeleeCase.DISADVANTAGE:
            n -= 1
        t.flags_turn += flags
        # Simultaneous: the counter-charge is thrown before the Sabres land.
        self._reply(t, u, n, Face.SABRE, "counter-charges", ev)
        self._take(t, thr.sabres, 0, u.sq, ev)
        if not (u.on_table and t.on_table and u.status == ACTIVE and t.status == ACTIVE
                and orthogonal(u.sq, t.sq)):
            if not t.on_table and u.on_table:
                self._occupy(u, target_sq, ev)
            return
        d = step_between(u.sq, t.sq)
        u_to, t_to = add(t.sq, d), add(u.sq, (-d[0], -d[1]))
        u_from, t_from = u.sq, t.sq
        ok_u = self.board.on_board(u_to) and self.unit_at(u_to) is None and \
            self.board.area(u_to) not in (C.LAKE, C.WOOD, C.TOWN, C.MARSH)
        ok_t = self.board.on_board(t_to) and self.unit_at(t_to) is None and \
            self.board.area(t_to) not in (C.LAKE, C.WOOD, C.TOWN, C.MARSH)
        ev.append(Event("pass_through", f"{u.id} and {t.id} pass through each other",
                        {"unit": u.id, "target": t.id}))
        if ok_u and ok_t:
            u.sq, t.sq = u_to, t_to
            u.facing = (u.facing + 180.0) % 360.0
            t.facing = STEP_BEARING[(-d[0], -d[1])]
            t.facing = (t.facing + 180.0) % 360.0
            ev.append(Event("move", f"{u.id} rides through to {square_name(u_to)}",
                            self._where(u_to, {"unit": u.id, "from": square_name(u_from)})))
            ev.append(Event("move", f"{t.id} rides through to {square_name(t_to)}",
                            self._where(t_to, {"unit": t.id, "from": square_name(t_from)})))
            self._carry_officers(u, u_from, ev)
            self._carry_officers(t, t_from, ev)
            self._displace_officers(u, ev)
            self._displace_officers(t, ev)

    def _count_cavalry_combat(self, x: TUnit, ev: list[Event]) -> None:
        turn = self.st.turn
        if x.cc_last == turn:
            return
        x.cc_turns = x.cc_turns + 1 if x.cc_last == turn - 1 else 1
        x.cc_last = turn
        if x.cc_turns >= C.BLOWN_AFTER:
            x.blown_until = turn + C.BLOWN_REST_TURNS
            x.cc_turns = 0
            ev.append(Event("blown", f"The horses of {x.id} are blown", {"unit": x.id}))
            if x.origin is not None and x.origin != x.sq and self.unit_at(x.origin) is None:
                self._place(x, x.origin, ev, "return", "falls back from {a} to {b} to rally")
            x.origin = None

    def _melee_round(self, u: TUnit, t: TUnit, ev: list[Event]) -> None:
        """A close combat that goes on: both throw, Sabres hit, Flags by the table."""
        nu = self.combat_dice(u, t, u.sq, True)
        nt = self.combat_dice(t, u, t.sq, False)
        tu = self._throw(nu, Face.SABRE, f"{u.id} in close combat with {t.id}")
        tt = self._throw(nt, Face.SABRE, f"{t.id} in close combat with {u.id}")
        u.rounds += 1
        t.rounds = u.rounds
        rounds = u.rounds
        u.attacked = t.attacked = True
        self._throw_event("close_combat", u, t, tu, f"{u.id} fights {t.id} with "
                          f"{counted(nu, 'die')}: {counted(tu.sabres, 'Sabre')}, "
                          f"{counted(tu.flags, 'Flag')}", ev, dice_count=nu, round=rounds)
        self._throw_event("close_combat", t, u, tt, f"{t.id} fights {u.id} with "
                          f"{counted(nt, 'die')}: {counted(tt.sabres, 'Sabre')}, "
                          f"{counted(tt.flags, 'Flag')}", ev, dice_count=nt, round=rounds)
        fu = self._cancel_flag(u, tt.flags, ev)
        ft = self._cancel_flag(t, tu.flags, ev)
        self._officer_check(t, tu, ev)
        self._officer_check(u, tt, ev)
        target_sq, start = t.sq, u.sq
        self._take(t, tu.sabres, ft, u.sq, ev)
        self._take(u, tt.sabres, fu, target_sq, ev)
        for x in (u, t):
            if x.type is UnitType.CAVALRY and x.on_table:
                self._count_cavalry_combat(x, ev)
        decided = not (u.on_table and t.on_table and u.engaged == t.id)
        if decided:
            self._break_engagement(u)
            held = u.on_table and u.status == ACTIVE and u.sq == start
            if held and (not t.on_table or t.sq != target_sq):
                self._occupy(u, target_sq, ev)
            return
        if rounds >= C.CLOSE_COMBAT_TURNS:
            who = "the attackers retire" if self.board.area(t.sq) == C.TOWN else "both retire"
            ev.append(Event("disengage", f"No decision after {rounds} turns of close combat: "
                            f"{who}",
                            {"unit": u.id, "target": t.id}))
            self._break_engagement(u)
            self._retire(u, t.sq, ev)
            if self.board.area(t.sq) != C.TOWN and t.on_table:
                self._retire(t, u.sq, ev)

    # -- odds -------------------------------------------------------------------------

    def _cancel_of(self, t: TUnit) -> int:
        """Flags a General in `t`'s square will still ignore this turn."""
        return 1 if (self.general_with(t) is not None and not t.flag_cancelled) else 0

    def fire_chances(self, unit: str, target: str) -> O.FireOdds:
        """Exact odds of `unit` firing at `target` now (this resolution alone)."""
        u, t = self.st.units[unit], self.st.units[target]
        return O.fire_odds(self.fire_dice(u, t), self.hit_face(u, t), t.q, t.cv,
                           self._cancel_of(t), t.status == SPENT)

    def charge_against(self, u: TUnit, t: TUnit) -> str:
        """Which charge table `u` charging `t` uses (:data:`O.AGAINST`)."""
        if u.type is UnitType.CAVALRY and t.type is UnitType.CAVALRY:
            return "cavalry"
        if u.type is UnitType.CAVALRY:
            return "square" if t.formation == SQUARE_FORMATION else "formed"
        return "bayonet"

    def charge_chances(self, unit: str, target: str, via: Square) -> O.ChargeOdds:
        """Exact odds of a charge: the attacker's throw and which case follows."""
        u, t = self.st.units[unit], self.st.units[target]
        return O.charge_odds(self.combat_dice(u, t, via, True), self.charge_against(u, t),
                             t.q, t.cv, self._cancel_of(t), t.skirmish_flags,
                             t.type in ARTILLERY)

    def close_combat_chances(self, unit: str) -> tuple[TUnit, TUnit, O.FireOdds, O.FireOdds]:
        """The next round of the close combat `unit` is locked in: the attackers, the
        defenders, and each one's throw at the other (Sabres hit)."""
        u = self.st.units[unit]
        if u.engaged is None:
            raise RulesError(f"{unit} is not locked in close combat")
        t = self.st.units[u.engaged]
        a, d = (u, t) if u.attacker else (t, u)

        def side(x: TUnit, y: TUnit, attacking: bool) -> O.FireOdds:
            return O.fire_odds(self.combat_dice(x, y, x.sq, attacking), Face.SABRE, y.q, y.cv,
                               self._cancel_of(y), y.status == SPENT)

        return a, d, side(a, d, True), side(d, a, False)

    def chances(self, action: Action) -> O.FireOdds | O.ChargeOdds | None:
        """The exact odds of a legal fire or charge (None for anything else)."""
        if self.check(action) is not None:
            return None
        if isinstance(action, Fire):
            return self.fire_chances(action.unit, action.target)
        if isinstance(action, Charge):
            return self.charge_chances(action.unit, action.target, action.via)
        return None

    def fire_odds(self, unit: str, target: str) -> dict[str, JSON]:
        """:meth:`fire_chances` as plain data."""
        return self.fire_chances(unit, target).to_json()

    def charge_odds(self, unit: str, target: str, via: Square) -> dict[str, JSON]:
        """:meth:`charge_chances` as plain data."""
        return self.charge_chances(unit, target, via).to_json()

    def close_combat_odds(self, unit: str) -> dict[str, JSON]:
        """:meth:`close_combat_chances` as plain data."""
        a, d, by_a, by_d = self.close_combat_chances(unit)
        return {"kind": "close_combat", "attacker": a.id, "defender": d.id,
                "round": a.rounds + 1, "by_attacker": by_a.to_json(),
                "by_defender": by_d.to_json()}

    def odds(self, action: Action) -> Odds | None:
        """The exact chances of a legal fire (its hits) or charge (how the charged
        unit answers), from :meth:`chances`, in ids; None for anything else."""
        got = self.chances(action)
        if isinstance(got, O.FireOdds) and isinstance(action, Fire):
            return Odds(f"{action.unit} fires at {action.target}: "
                        f"{counted(got.dice, 'die')}, hitting on {got.hit_face.name.title()}",
                        [(counted(i, "hit"), p) for i, p in enumerate(got.hits)],
                        [f"brought to 0 CV {pct(got.spent)}", f"routs {pct(got.rout)}"])
        if isinstance(got, O.ChargeOdds) and isinstance(action, Charge):
            guns = self.unit(action.target).type in ARTILLERY
            return Odds(f"{action.unit} charges {action.target}: {counted(got.dice, 'die')}",
                        [(case_words(c, guns, short=True), p) for c, p in got.cases.items()],
                        [f"at least one Sabre {pct(1 - got.sabres[0])}"])
        return None

    # -- self-checks ------------------------------------------------------------------

    def invariant_problems(self) -> list[str]:
        """For the shared conformance harness (tests/rules/conformance.py)."""
        return self.problems()

    def problems(self) -> list[str]:
        """Anything impossible about the state (empty when all is well)."""
        st = self.st
        out: list[str] = []
        seen: dict[Square, str] = {}
        for u in st.units.values():
            if u.status not in STATUSES:
                out.append(f"{u.id} has status {u.status}")
            if not 0 <= u.cv <= u.start_cv:
                out.append(f"{u.id} has CV {u.cv} of {u.start_cv}")
            if u.status == ACTIVE and u.cv == 0:
                out.append(f"{u.id} is active at 0 CV")
            if not u.on_table:
                continue
            if not self.board.on_board(u.sq):
                out.append(f"{u.id} is off the grid")
            if u.sq in seen:
                out.append(f"{u.id} and {seen[u.sq]} share {square_name(u.sq)}")
            seen[u.sq] = u.id
            if u.engaged is not None:
                o = st.units.get(u.engaged)
                if o is None or o.engaged != u.id or not o.on_table:
                    out.append(f"{u.id} is engaged with {u.engaged}, which is not engaged back")
                elif not orthogonal(u.sq, o.sq):
                    out.append(f"{u.id} is engaged with {o.id} but not next to it")
        for off in st.officers.values():
            if off.wound not in WOUNDS:
                out.append(f"{off.id} has wound {off.wound}")
            if off.present and not self.board.on_board(off.sq):
                out.append(f"{off.id} is off the grid")
        if self._outcome is None and st.side not in st.sides:
            out.append(f"no side to act in {st.phase}")
        return out

    # -- pictures ---------------------------------------------------------------------

    def units_json(self) -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        turn = self.st.turn
        for u in self.st.units.values():
            x, y = self.board.centre(u.sq)
            out.append({
                "id": u.id, "side": u.side, "kind": "unit", "type": u.type.value,
                "x": x, "y": y, "facing": round(u.facing, 4) + 0.0, "status": u.status,
                "square": square_name(u.sq), "col": u.sq[0], "row": u.sq[1],
                "quality": u.quality.value, "dice": u.q, "cv": u.cv, "start_cv": u.start_cv,
                "half_cv": u.half_cv, "flags": u.flags_turn, "halted": u.halted(turn),
                "formation": u.formation, "engaged": u.engaged, "moved": u.moved,
                "fired": u.fired, "charged": u.charged,
                "blown": u.blown_until >= turn, "silenced": u.silenced_until >= turn,
                "terrain": self.board.area(u.sq),
            })
        for o in self.st.officers.values():
            x, y = self.board.centre(o.sq)
            out.append({
                "id": o.id, "side": o.side, "kind": "officer", "type": o.rank.value,
                "x": x, "y": y, "facing": 0.0,
                "status": ACTIVE if o.present else o.wound,
                "square": square_name(o.sq), "col": o.sq[0], "row": o.sq[1],
                "wound": o.wound, "moved": o.moved,
            })
        return out

    def counters_json(self) -> dict[str, JSON]:
        st = self.st
        return {
            "grid": {"square": self.board.size, "origin": list(self.board.origin),
                     "cols": self.board.cols, "rows": self.board.rows},
            "order": list(st.order) if st.order else None,
            "chooser": st.chooser,
            "initiative_rolls": dict(st.rolls),
            "initiative_streak": dict(st.streak),
            "skirmish_fire": self.skirmish_rules,
            "units_left": {s: sum(1 for u in self.units_on_table(s) if u.status == ACTIVE)
                           for s in st.sides},
        }


#: Ground that slows every kind of unit, and the ground that slows skirmishers too.
_SLOW = frozenset({C.CROPS, C.ROUGH})
#: No bound on a path's length from the ground it crosses.
_NO_BOUND = 1 << 30
_SKIRMISH_SLOW = frozenset({C.WOOD, C.MARSH})
_ON_TABLE = frozenset({ACTIVE, SPENT})
_NOBODY: frozenset[int] = frozenset()


def _straight_tail(start: Square, path: Path, final: Square) -> bool:
    """Whether the last steps of `path` from `start` (up to CHARGE_STRAIGHT) are all
    `final`: a cavalry charge ends in a straight line."""
    steps = [step_between(a, b) for a, b in zip((start, *path), path, strict=False)]
    return all(s == final for s in steps[-C.CHARGE_STRAIGHT:])


def _cardinal(facing: float) -> float:
    """The nearest of the four grid bearings."""
    return float(round((facing % 360.0) / 90.0) % 4 * 90)


# --- odds as data ---------------------------------------------------------------------


def fire_odds_json(n: int, face: Face, quality: int, cv: int, cancel: int = 0,
                   spent: bool = False) -> dict[str, JSON]:
    """Exact odds of one fire resolution as plain data (see :func:`O.fire_odds`)."""
    return O.fire_odds(n, face, quality, cv, cancel, spent).to_json()


def charge_odds_json(n: int, what: str, quality: int, cv: int, cancel: int = 0,
                     extra_flags: int = 0, guns: bool = False) -> dict[str, JSON]:
    """Exact odds of a charge as plain data (see :func:`O.charge_odds`)."""
    return O.charge_odds(n, what, quality, cv, cancel, extra_flags, guns).to_json()


def _start_cv(u: Unit) -> int:
    """The Combat Value a unit starts with (artillery has the rules' fixed one)."""
    return C.ARTILLERY_CV if u.type in ARTILLERY else max(1, u.cv)


class TacticalRuleset(Ruleset):
    id = C.RULESET_ID
    name = "Tactical Dice"
    description = ("Simple horse and musket engagements on a square grid: troop quality "
                   "as Tactical Dice, Combat Value, Flags, charges, Generals and ADCs.")
    #: The largest scenario it plays at a usable speed (tests/benchmarks/bench_big.py,
    #: docs/benchmarks.md "Big tables"): 500 units: started in 1.0 s, the slowest action 0.4 s.
    limits = SizeLimits(units=500)
    options = (
        OptionSpec("skirmish_fire", True,
                   "Use the optional skirmishing rules (screens and skirmish fire).",
                   label="Skirmishers"),
        turn_limit_option(C.DEFAULT_TURN_LIMIT),
    )
    #: A unit may start with Combat Value already lost (a second day's battle);
    #: at 0 it is gone, so it keeps at least 1.
    start_fields = (
        StartField("cv_lost", "Combat Value lost",
                   "Combat Value already lost when the battle starts.",
                   most=lambda u: _start_cv(u) - 1, sheet="{n} Combat Value lost",
                   sheet_mark="X"),
    )

    game_class = TacticalGame

    def parse_action(self, text: str) -> Action:
        return parse(text)


__all__ = ["TacticalGame", "TacticalRuleset", "charge_odds_json", "fire_odds_json"]
