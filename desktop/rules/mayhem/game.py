"""Muskets & Mayhem as a game: the turn sequence, orders, fire, morale, melee.

The sequence (seed 004, "Sequence"): initiative; movement, one unit (or
commander) at a time, sides alternating, with charges and their checks;
artillery fire; stationary fire; moving fire (casualties of each fire phase
are applied at its end); morale checks for stands lost to fire; melee.  The
numbers are in :mod:`~desktop.rules.mayhem.constants`, the dice mechanics in
:mod:`~desktop.rules.mayhem.combat`, the exact odds in
:mod:`~desktop.rules.mayhem.odds`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds, pct
from desktop.rules.chance import Chance
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
from desktop.rules.mayhem import combat
from desktop.rules.mayhem.actions import (
    ACTION_TYPES,
    Attach,
    Charge,
    Choose,
    End,
    Fire,
    Form,
    Hold,
    MayhemAction,
    Melee,
    Move,
    OfficerMove,
    parse,
)
from desktop.rules.mayhem.constants import (
    ARTILLERY_CLOSE_RANGE,
    ARTILLERY_LONG_RANGE,
    CAN_CHARGE,
    CM_PER_INCH,
    COLUMN_MOVE,
    COMMANDER_MOVE,
    DEFAULT_TURN_LIMIT,
    FORMATIONS,
    MUSKET_RANGE,
    RULESET_ID,
    Morale,
    fire_move_allowance,
    move_allowance,
)
from desktop.rules.mayhem.geometry import (
    BLOCKS_SIGHT,
    CHARGE_STAND_OFF,
    CONTACT,
    FRONT_ARC,
    IMPASSABLE,
    Foot,
    Ground,
    Swept,
    base_size,
    contact_placement,
    corner_travel,
    corners_of,
    face_of,
    front_centre,
    move_distance,
    near,
    overlaps_feet,
    reach,
    segment_distance,
    swept,
    within_feet,
)
from desktop.rules.mayhem.odds import (
    ChargeOdds,
    FireOdds,
    MeleeOdds,
    charge_odds,
    fire_odds,
    melee_odds,
)
from desktop.rules.mayhem.state import (
    ACTIVE,
    ELIMINATED,
    REMOVED,
    ROUTED,
    STATUSES,
    Commander,
    Piece,
    State,
    new_version,
)
from desktop.rules.notation import canonical_facing
from desktop.rules.options import Choice, turn_limit_option
from desktop.rules.piece_view import PieceView
from desktop.rules.placement import forbidden_ground
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import LastManStanding, Point, Scenario
from desktop.scenario.vocabulary import Formation, LengthUnit, UnitType
from desktop.table.shapes import arc_part_coords, bearing, forward, nearest_on_convex, rounded
from desktop.table.sight import Obstacles, Sight, SightRequest, line_of_sight_many, sight_reasons
from desktop.table.terrain import TerrainIndex

INITIATIVE = "initiative"
MOVEMENT = "movement"
ARTILLERY_FIRE = "artillery"
STATIONARY_FIRE = "stationary"
MOVING_FIRE = "moving"
MORALE = "morale"
MELEE = "melee"

FIRE_PHASES = (ARTILLERY_FIRE, STATIONARY_FIRE, MOVING_FIRE)
ORDER = (INITIATIVE, MOVEMENT, ARTILLERY_FIRE, STATIONARY_FIRE, MOVING_FIRE, MORALE, MELEE)

PHASES: tuple[Phase, ...] = (
    Phase(INITIATIVE, "Initiative", True,
          "Both sides roll a die (ties roll again); the higher chooses to go first or second."),
    Phase(MOVEMENT, "Movement", True,
          "Sides take turns to move one unit or commander each; charges and their "
          "checks happen here."),
    Phase(ARTILLERY_FIRE, "Artillery fire", True,
          "Unlimbered guns fire; casualties are applied at the end of the phase."),
    Phase(STATIONARY_FIRE, "Stationary fire", True,
          "Units that did not move fire; casualties are applied at the end of the phase."),
    Phase(MOVING_FIRE, "Moving fire", True,
          "Units that moved no more than their firing move fire; casualties at the end."),
    Phase(MORALE, "Morale", False, "A troop quality check for every stand lost to fire."),
    Phase(MELEE, "Melee", True,
          "Units in contact fight; the initiative side picks the order."),
)

#: Ruling: how finely (inches) a forced retreat looks for room short of its full move.
RETREAT_STEP = 0.5

MEASURE_OPTIONS = ("scenario", "inch", "cm")
LOSER_OPTIONS = ("retreat", "removed")


class MayhemGame(StateGame):
    state: State

    phases = PHASES
    free_action_kinds = frozenset({"move", "officer"})

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
            raise RulesError("Muskets & Mayhem is played by exactly two sides")
        measure = str(self.options["measure"])
        if measure not in MEASURE_OPTIONS:
            raise RulesError(f"option 'measure' must be one of {', '.join(MEASURE_OPTIONS)}")
        loser = str(self.options["melee_loser"])
        if loser not in LOSER_OPTIONS:
            raise RulesError(f"option 'melee_loser' must be one of {', '.join(LOSER_OPTIONS)}")
        if measure == "scenario":
            measure = "cm" if scenario.table.unit is LengthUnit.CM else "inch"
        #: Table inches per unit of measurement (seed, "Units of Measurement").
        self.scale = 1.0 / CM_PER_INCH if measure == "cm" else 1.0
        self.measure = measure
        self.loser_removed = loser == "removed"
        #: House rule, off by default (the seed has no range modifier).
        self.long_range_penalty = bool(self.options["long_range_penalty"])
        #: The ground as this ruleset's rules see it, over the shared terrain
        #: index (``terrain``, which the play view shares).
        self.ground = Ground.of(scenario)
        self._sight_cache: tuple[tuple[object, ...], Obstacles] | None = None
        #: The victory judge's immediate verdict per tuple of units still in the
        #: field (shared with clones: a verdict never changes).
        self._verdicts: dict[tuple[bool, ...], Outcome | None] = {}
        #: The last table position's bases and movement verdicts (_position), and
        #: the one a legal-action listing works in throughout.
        self._position_cache: _Position | None = None
        #: The play view's PieceInfo per piece and place (MayhemView._make_pieces),
        #: and the names under "units" and "officers" (shared with clones).
        self.piece_infos: dict[object, Any] = {}
        self._scoped: _Position | None = None
        #: True while an action is applied: the state is changing, so the table
        #: is read from the units themselves, not from the state's version.
        self._applying = False
        self._reach_cache: dict[str, float] | None = None
        self.terrain = self.ground.index
        victory = scenario.game.victory
        if not any(isinstance(v, LastManStanding) for v in victory):
            victory = (*victory, LastManStanding())
        limit = int(self.options["turn_limit"])
        self.judge = VictoryJudge(
            replace(scenario, game=replace(scenario.game, victory=victory)),
            default_turn_limit=limit if limit > 0 else None,
        )
        units: dict[str, Piece] = {}
        commanders: dict[str, Commander] = {}
        for side in scenario.sides:
            for u in side.units:
                allowed = FORMATIONS[u.type]
                formation = u.formation if u.formation in allowed else allowed[0]
                start = ruleset.start_state(u)
                units[u.id] = Piece(
                    id=u.id, side=side.id, type=u.type, quality=u.quality,
                    frontage=u.base.frontage, depth=u.base.depth,
                    start_figures=u.figures, figures=u.figures - int(start["lost"]),
                    position=u.position, facing=canonical_facing(u.facing),
                    formation=formation,
                    morale=Morale.SHAKEN if start["shaken"] else Morale.NORMAL,
                )
            for o in side.officers:
                attached = o.attached_to if o.attached_to in units else None
                pos = units[attached].position if attached else o.position
                commanders[o.id] = Commander(o.id, side.id, o.rank, pos, attached)
        sides = (scenario.sides[0].id, scenario.sides[1].id)
        self.state = State(sides, units, commanders)
        self.events.extend(self._start_turn())

    def clone(self, seed: int | None = None) -> MayhemGame:
        """StateGame.clone without the generic copy machinery: the steady player
        copies the game for every candidate it weighs (docs/speed.md)."""
        other = object.__new__(type(self))
        other.__dict__ = self.__dict__.copy()
        other.state = self.state.copy()
        other.chance = self.chance.clone(seed)
        other.history = list(self.history)
        other.events = list(self.events)
        other.options = dict(self.options)
        return other

    # -- options -----------------------------------------------------------------

    def units_of_measure(self, length: float) -> float:
        """A length in the seed's units of measurement, as table inches."""
        return length * self.scale

    # -- the engine surface -------------------------------------------------------------

    # -- pieces --------------------------------------------------------------------

    def unit(self, uid: str) -> Piece:
        return self.state.units[uid]

    def active_units(self, side: str | None = None) -> list[Piece]:
        if side is None:
            return [u for u in self.state.units.values() if u.status == ACTIVE]
        return [u for u in self.state.units.values() if u.status == ACTIVE and u.side == side]

    def commander_of(self, unit: Piece) -> Commander | None:
        for c in self.state.commanders.values():
            if c.attached == unit.id:
                return c
        return None

    def in_defences(self, unit: Piece) -> bool:
        return self.ground.in_defences(unit.footprint())

    # -- legality ----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        self._scoped = None
        self._scoped = self._position()
        try:
            return self._legal_actions()
        finally:
            self._scoped = None

    def _legal_actions(self) -> list[Action]:
        st = self.state
        if st.outcome is not None or st.side is None:
            return []
        side = st.side
        out: list[Action] = []
        if st.phase == INITIATIVE:
            return [Choose(True), Choose(False)]
        if st.phase == MOVEMENT:
            enemies: list[Piece] | None = None
            position = self._position()
            for u in self._movers(side):
                verdicts = position.of(u.id)
                key = ("mover",)
                acts = verdicts.get(key)
                if acts is None:
                    if enemies is None:
                        enemies = self.active_units(st.enemy(side))
                    acts = [Hold(u.id)]
                    for f in FORMATIONS[u.type]:
                        if self._check_form(u, f) is None:
                            acts.append(Form(u.id, f))
                    for t in self._within_charge(u, enemies):
                        if self._check_charge(u, t) is None:
                            acts.append(Charge(u.id, t.id))
                    verdicts[key] = acts
                out.extend(acts)
            friends = self.active_units(side)
            for c in self._free_commanders(side):
                out.append(Hold(c.id))
                for u in friends:
                    if self._check_attach(c, u) is None:
                        out.append(Attach(c.id, u.id))
            out.append(End())
            return out
        if st.phase in FIRE_PHASES:
            for u in self._shooters(side):
                out.append(Hold(u.id))
                out.extend(Fire(u.id, t) for t in st.targets.get(u.id, ()))
            out.append(End())
            return out
        if st.phase == MELEE:
            seen: set[str] = set()
            for first, _ in self._melees():
                if first.id not in seen:
                    out.append(Melee(first.id))
                    seen.add(first.id)
            return out
        return out

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        st = self.state
        if st.outcome is None and st.phase == MOVEMENT and st.side is not None:
            self._scoped = None
            self._scoped = self._position()
            try:
                return self._sample_moves(st.side, rng, n)
            finally:
                self._scoped = None
        return []

    def _check(self, action: Action) -> str | None:
        if type(action) not in ACTION_TYPES and not isinstance(action, MayhemAction):
            return f"'{action}' is not a Muskets & Mayhem action"
        st = self.state
        side = st.side
        if side is None:
            return "no side is to act"
        phase = st.phase
        if isinstance(action, Choose):
            if phase != INITIATIVE:
                return "going first or second is chosen in the initiative phase"
            return None
        if phase == INITIATIVE:
            return f"{side} must first choose to go first or second"
        if isinstance(action, End):
            return None if phase in (MOVEMENT, *FIRE_PHASES) else f"nothing to end in {phase}"
        if isinstance(action, Hold):
            return self._check_hold(side, action.piece)
        if isinstance(action, (Move, Form, Charge, OfficerMove, Attach)):
            if phase != MOVEMENT:
                return f"units move in the movement phase, not the {phase} phase"
            if isinstance(action, (OfficerMove, Attach)):
                c = st.commanders.get(action.officer)
                if c is None:
                    return f"there is no commander '{action.officer}'"
                if c.side != side:
                    return f"{c.id} is not {side}'s"
                if c.done:
                    return f"{c.id} has already moved this turn"
                if isinstance(action, OfficerMove):
                    return self._check_officer_move(c, action.to)
                target = st.units.get(action.unit)
                if target is None:
                    return f"there is no unit '{action.unit}'"
                return self._check_attach(c, target)
            u, why = self._own_mover(side, action.unit)
            if u is None:
                return why
            if isinstance(action, Move):
                return self._check_move(u, action.to, action.facing)
            if isinstance(action, Form):
                return self._check_form(u, action.formation)
            t = st.units.get(action.target)
            if t is None:
                return f"there is no unit '{action.target}'"
            return self._check_charge(u, t)
        if isinstance(action, Fire):
            if phase not in FIRE_PHASES:
                return "units fire in the artillery, stationary and moving fire phases"
            u = st.units.get(action.unit)
            if u is None:
                return f"there is no unit '{action.unit}'"
            if u.side != side:
                return f"{u.id} is not {side}'s"
            if u not in self._shooters(side):
                return f"{u.id} cannot fire in the {phase} fire phase ({self._why_not_fire(u)})"
            if action.target not in st.targets.get(u.id, ()):
                why = self._why_not_target(u, action.target)
                return f"{u.id} cannot fire at {action.target} ({why})"
            return None
        if isinstance(action, Melee):
            if phase != MELEE:
                return "melees are fought in the melee phase"
            if all(action.unit not in (a.id, b.id) for a, b in self._melees()):
                return f"{action.unit} is not in a melee still to be fought"
            return None
        return "not an action of this phase"

    def _check_hold(self, side: str, pid: str) -> str | None:
        st = self.state
        if st.phase == MOVEMENT:
            if pid in st.commanders:
                c = st.commanders[pid]
                if c.side != side:
                    return f"{pid} is not {side}'s"
                return f"{pid} has already moved this turn" if c.done else None
            u, why = self._own_mover(side, pid)
            return why if u is None else None
        if st.phase in FIRE_PHASES:
            u = st.units.get(pid)
            if u is None:
                return f"there is no unit '{pid}'"
            if u.side != side:
                return f"{pid} is not {side}'s"
            return None if u in self._shooters(side) else f"{pid} has nothing to do now"
        return f"nothing to hold in the {st.phase} phase"

    def _own_mover(self, side: str, uid: str) -> tuple[Piece | None, str]:
        u = self.state.units.get(uid)
        if u is None:
            return None, f"there is no unit '{uid}'"
        if u.side != side:
            return None, f"{uid} is not {side}'s"
        if not u.active:
            return None, f"{uid} is {u.status}"
        if u.engaged is not None:
            return None, f"{uid} is locked in melee with {u.engaged}"
        if u.done:
            return None, f"{uid} has already moved this turn"
        return u, ""

    def _movers(self, side: str) -> list[Piece]:
        return [u for u in self.active_units(side) if not u.done and u.engaged is None]

    def _free_commanders(self, side: str) -> list[Commander]:
        return [c for c in self.state.commanders.values() if c.side == side and not c.done]

    def _shooters(self, side: str) -> list[Piece]:
        st = self.state
        return [u for u in self.active_units(side) if not u.done and u.id in st.targets]

    # -- movement checks -----------------------------------------------------------

    def allowance(self, u: Piece, formation: Formation | None = None) -> float:
        """The unit's full move in table inches."""
        return self.units_of_measure(move_allowance(u.type, formation or u.formation))

    def _position(self) -> _Position:
        """The table as it stands (bases and verdicts), worked out again only
        when a unit has moved, turned, re-formed, left or joined a melee."""
        scoped = self._scoped
        if scoped is not None:
            return scoped
        st = self.state
        pos = self._position_cache
        # Between actions the state's version says whether anything changed
        # since the table was last read (State.version); while one is applied,
        # only the units' own places can.
        if pos is not None and pos.version == st.version and not self._applying:
            return pos
        key = tuple([(u.position, u.facing, u.formation, u.status, u.engaged)
                     for u in st.units.values()])
        if pos is None or pos.key != key:
            new = _Position(key, st.units.values())
            if pos is not None:
                new.inherit(pos, self._reach_out())
            pos = self._position_cache = new
        if not self._applying:
            pos.version = st.version
        return pos

    def _reach_out(self) -> dict[str, float]:
        """Per unit, how far (table inches) from its centre anything its move,
        formation and charge verdicts read can lie: its full move (or charge),
        its own reach three times (the base at both ends and the contact spot
        beyond its target), the largest reach three times (the target, twice,
        and a unit in the way), the contact gap twice, and half an inch."""
        if self._reach_cache is None:
            pieces = list(self.state.units.values())

            def largest(u: Piece) -> float:
                return max(reach(base_size(u.frontage, u.depth, f)) for f in FORMATIONS[u.type])

            most = max(largest(u) for u in pieces)
            self._reach_cache = {
                u.id: max(self.allowance(u, f) for f in FORMATIONS[u.type])
                + 3.0 * largest(u) + 3.0 * most + 2.0 * CONTACT + 0.5
                for u in pieces}
        return self._reach_cache

    def _placement_problem(self, u: Piece, f: Foot, ignore: set[str]) -> str | None:
        """Why `u` could not stand on footprint `f`."""
        ground = self.ground
        if not ground.on_table_box(f.bounds):
            return "it would leave the table"
        if not ground.passable_box(f, f.bounds):
            return "it would stand on impassable ground"
        cx, cy = f.centre
        # The centre as given, not as shapely would compute it: the margin
        # keeps this pre-test on the safe side of the exact tests below.
        r = f.reach + CONTACT + 1e-9
        uid, side = u.id, u.side
        for oid, oside, ox, oy, oreach, ofoot in self._position().board:
            if oid == uid or oid in ignore:
                continue
            if math.hypot(cx - ox, cy - oy) > r + oreach:
                continue
            if oside == side:
                if overlaps_feet(f, ofoot):
                    return f"it would overlap {oid}"
            elif within_feet(f, ofoot, CONTACT):
                return f"it would touch {oid} (contact with the enemy only by charging)"
        return None

    def _check_move(self, u: Piece, to: Point, facing: float) -> str | None:
        verdicts = self._position().of(u.id)
        key = ("move", to, facing)
        if key not in verdicts:
            verdicts[key] = self._judge_move(u, to, facing)
        why: str | None = verdicts[key]
        return why

    def _judge_move(self, u: Piece, to: Point, facing: float) -> str | None:
        allowance = self.allowance(u)
        if allowance <= 0:
            return f"{u.id} is in square and squares may not move"
        f = u.foot_at(to, facing)
        dist = corner_travel(u.foot().corners, f.corners)
        if dist > allowance + 1e-9:
            return (f"{u.id} may move {allowance:g}\" in {u.formation.value}; "
                    f"this move is {dist:.2f}\"")
        why = self._placement_problem(u, f, set())
        if why:
            return why
        path = Swept(u.foot(), f)
        if not self.ground.passable_box(path, path.bounds):
            return "the path crosses impassable ground"
        r = f.reach
        enemy = self.state.enemy(u.side)
        here = u.position
        for oid, oside, ox, oy, oreach, of in self._position().board:  # active units
            if oside != enemy:
                continue
            if segment_distance((ox, oy), here, to) > r + oreach:
                continue
            if path.meets(of):
                return f"the path runs through {oid}"
        return None

    def move_barriers(self, u: Piece) -> tuple[list[BaseGeometry], list[BaseGeometry]]:
        """What `u`'s move may not cross, and where it may not end, as
        _check_move and _placement_problem judge them: impassable ground and
        enemy bases block the path; friends' bases (no overlap) and the ground
        within contact of an enemy (contact only by charging) may not be ended on."""
        enemies = [o.footprint() for o in self.active_units(self.state.enemy(u.side))]
        path: list[BaseGeometry] = [*enemies]
        if self.ground.impassable is not None:
            path.insert(0, self.ground.impassable)
        end = [o.footprint() for o in self.active_units(u.side) if o.id != u.id]
        end.extend(fp.buffer(CONTACT) for fp in enemies)
        return path, end

    def _check_form(self, u: Piece, formation: Formation) -> str | None:
        verdicts = self._position().of(u.id)
        key = ("form", formation)
        if key not in verdicts:
            verdicts[key] = self._judge_form(u, formation)
        why: str | None = verdicts[key]
        return why

    def _judge_form(self, u: Piece, formation: Formation) -> str | None:
        if formation not in FORMATIONS[u.type]:
            return f"{u.type.value.replace('_', ' ')} cannot take {formation.value} formation"
        if formation is u.formation:
            return f"{u.id} is already in {formation.value}"
        return self._placement_problem(u, u.foot_at(formation=formation), set())

    def _check_officer_move(self, c: Commander, to: Point) -> str | None:
        span = self.units_of_measure(COMMANDER_MOVE)
        d = math.dist(c.position, to)
        if d > span + 1e-9:
            return f"commanders move {span:g}\"; this move is {d:.2f}\""
        t = self.scenario.table
        if not (0 <= to[0] <= t.width and 0 <= to[1] <= t.depth):
            return "commanders stay on the table"
        return None

    def _check_attach(self, c: Commander, u: Piece) -> str | None:
        if u.side != c.side:
            return f"{c.id} can only join a friendly unit"
        if not u.active:
            return f"{u.id} is {u.status}"
        if c.attached == u.id:
            return f"{c.id} is already with {u.id}"
        if any(o.attached == u.id for o in self.state.commanders.values()):
            return f"{u.id} already has a commander"
        span = self.units_of_measure(COMMANDER_MOVE)
        if math.dist(c.position, u.position) > span + 1e-9:
            return f"{u.id} is beyond a commander's {span:g}\" move"
        return None

    def charge_placement(self, u: Piece, t: Piece) -> tuple[Point, float]:
        face = face_of(t.position, t.facing, u.position)
        return contact_placement(t.position, t.size, t.facing, face, u.size)

    def _within_charge(self, u: Piece, targets: list[Piece]) -> list[Piece]:
        """The targets not ruled out by _check_charge's range test, in order: with
        hundreds of units, the full check for every pair is most of a turn's cost."""
        if u.type not in CAN_CHARGE or u.formation is Formation.SQUARE:
            return []
        span = self.allowance(u) + 1e-9
        ru = u.foot().reach
        return [t for t in targets
                if not math.dist(u.position, t.position) - ru - t.foot().reach > span]

    def _check_charge(self, u: Piece, t: Piece) -> str | None:
        verdicts = self._position().of(u.id)
        key = ("charge", t.id)
        if key not in verdicts:
            verdicts[key] = self._judge_charge(u, t)
        why: str | None = verdicts[key]
        return why

    def _judge_charge(self, u: Piece, t: Piece) -> str | None:
        if u.type not in CAN_CHARGE:
            return f"{u.type.value.replace('_', ' ')} does not charge"
        if u.formation is Formation.SQUARE:
            return "a square cannot charge"
        if t.side == u.side:
            return f"{t.id} is a friend"
        if not t.active:
            return f"{t.id} is {t.status}"
        if t.engaged is not None:
            return f"{t.id} is already in a melee"
        span = self.allowance(u)
        uf, tf = u.foot(), t.foot()
        if math.dist(u.position, t.position) - uf.reach - tf.reach > span + 1e-9:
            return f"{t.id} is beyond {u.id}'s {span:g}\" charge"
        if not within_feet(uf, tf, span + 1e-9):
            gap = uf.poly.distance(tf.poly)
            return f"{t.id} is {gap:.2f}\" away, beyond {u.id}'s {span:g}\" charge"
        apex = front_centre(u.position, uf.size, u.facing)
        if arc_part_coords(apex, u.facing, FRONT_ARC, span + t.frontage + t.depth,
                           tf.corners) is None:
            return f"{t.id} is not in {u.id}'s front arc"
        pos, facing = self.charge_placement(u, t)
        f = u.foot_at(pos, facing)
        if not self.ground.on_table_box(f.bounds):
            return "there is no room to contact it on the table"
        if not self.ground.passable_box(f, f.bounds):
            return "the contact position is impassable"
        # The other active units near the way, from the table's bases (the
        # units' own feet, in the order of the state's units).
        uid, tid, here = u.id, t.id, u.position
        others = [(oid, oside, of) for oid, oside, ox, oy, _, of in self._position().board
                  if oid != uid and oid != tid
                  and segment_distance((ox, oy), here, pos) <= uf.reach + of.reach + CONTACT]
        for oid, _, of in others:
            if overlaps_feet(f, of):
                return f"{oid} is in the way of contact"
        path = Swept(uf, f)
        if not self.ground.passable_box(path, path.bounds):
            return "the charge path crosses impassable ground"
        for oid, oside, of in others:
            if oside != u.side and path.meets(of):
                return f"the charge path runs through {oid}"
        return None

    # -- fire checks ------------------------------------------------------------------

    def can_fire_now(self, u: Piece, phase: str) -> bool:
        """Whether `u` fires in fire phase `phase` at all (targets aside)."""
        if not u.active or u.engaged is not None or u.fired:
            return False
        if combat.fire_dice(u.type, u.figures) <= 0:
            return False
        limit = fire_move_allowance(u.type, u.formation)
        if limit is None:
            return False
        if u.is_artillery:
            return phase == ARTILLERY_FIRE and not u.reformed
        if phase == STATIONARY_FIRE:
            return u.moved is None
        if phase == MOVING_FIRE:
            return u.moved is not None and u.moved <= self.units_of_measure(limit) + 1e-9
        return False

    def fire_range(self, u: Piece) -> float:
        return self.units_of_measure(ARTILLERY_LONG_RANGE if u.is_artillery else MUSKET_RANGE)

    def targets_of(self, u: Piece) -> list[str]:
        """Enemy units `u` could fire at: in range, in its arc, in sight, not in melee.

        Remembered per arrangement of units (never carried over to the next:
        a line of sight can run past any unit on the table); the steady player's
        copies that end the movement phase ask it again and again."""
        sights = self._position().sights
        got = sights.get(u.id)
        if got is None:
            got = sights[u.id] = tuple(self._targets_of(u))
        return list(got)

    def _targets_of(self, u: Piece) -> list[str]:
        rng = self.fire_range(u)
        uf = u.foot()
        ufp = uf.poly
        eye = self.eye(u)
        all_round = u.formation is Formation.SQUARE
        found: list[Piece] = []
        # Bases whose centres are further apart than range and both reaches
        # (with room for rounding) are out of range without asking shapely.
        beyond = rng + 1e-9 + 1e-6 + uf.reach
        ux, uy = u.position
        for t in self.active_units(self.state.enemy(u.side)):
            if t.engaged is not None:
                continue
            tf = t.foot()
            if math.hypot(t.position[0] - ux, t.position[1] - uy) - tf.reach > beyond:
                continue
            tfp = tf.poly
            if ufp.distance(tfp) > rng + 1e-9:
                continue
            if not all_round and arc_part_coords(eye, u.facing, FRONT_ARC, rng + 50.0,
                                                 t.foot().corners) is None:
                continue
            found.append(t)
        if not found:
            return []
        reqs = [self._sight_request(u, t, eye) for t in found]
        seen = line_of_sight_many(reqs, self.terrain, BLOCKS_SIGHT, self._obstacles())
        return [t.id for t, ok in zip(found, seen, strict=True) if ok]

    def eye(self, u: Piece) -> Point:
        """Where `u` sees and fires from: its front centre (a square: its centre)."""
        if u.formation is Formation.SQUARE:
            return u.position
        return front_centre(u.position, u.size, u.facing)

    def _sight_request(self, u: Piece, t: Piece, eye: Point) -> SightRequest:
        """docs/rulings.md, M&M "Fire": lines to the target's nearest point and
        its centre (no corners), not through other units or sight-blocking
        ground the two do not stand in."""
        tf = t.foot()
        tfp = tf.poly
        verts = tuple(tf.corners)
        near_pt, _ = nearest_on_convex(eye, verts)
        return SightRequest(eye, verts, (u.id, t.id),
                            self.ground.sight_exempt((u.footprint(), tfp)),
                            (near_pt, t.position), corners=False)

    def _obstacles(self) -> Obstacles:
        """Every active unit's base, indexed for sight (rebuilt when one moves)."""
        us = self.active_units()
        key = tuple((o.id, o.position, o.facing, o.formation) for o in us)
        if self._sight_cache is None or self._sight_cache[0] != key:
            feet = [o.foot() for o in us]
            self._sight_cache = (key, Obstacles([f.poly for f in feet], [o.id for o in us],
                                                [f.corners for f in feet]))
        return self._sight_cache[1]

    def sight(self, u: Piece, t: Piece, eye: Point, others: list[Piece]) -> bool:
        """Can `u`, looking from `eye`, see `t` past `others`?"""
        fps = [o.footprint() for o in others]
        obstacles = Obstacles(fps, [o.id for o in others], [corners_of(fp) for fp in fps]) \
            if others else None
        return line_of_sight_many([self._sight_request(u, t, eye)], self.terrain,
                                  BLOCKS_SIGHT, obstacles)[0]

    def sight_of(self, u: Piece, t: Piece, names: dict[str, str] | None = None) -> Sight:
        """Sight from `u` to `t` with the reasons (what blocks each line, by
        name) through desktop.table.sight; its verdict is the one targets_of
        gives."""
        eye = self.eye(u)
        seen = line_of_sight_many([self._sight_request(u, t, eye)], self.terrain,
                                  BLOCKS_SIGHT, self._obstacles())[0]
        bases = [(o.id, o.footprint()) for o in self.active_units()]
        got = sight_reasons(eye, t.footprint(), self.terrain, BLOCKS_SIGHT, bases,
                            exclude=(u.id, t.id),
                            exempt_features=self.ground.sight_exempt(
                                (u.footprint(), t.footprint())),
                            names=names, corners=False)
        return got if got.clear == seen else Sight(seen, got.lines)

    def _why_not_fire(self, u: Piece) -> str:
        if u.engaged is not None:
            return "it is in melee"
        if u.fired or u.done:
            return "it has already fired or held"
        if combat.fire_dice(u.type, u.figures) <= 0:
            return "too few figures to throw a fire die"
        if fire_move_allowance(u.type, u.formation) is None:
            return f"a unit in {u.formation.value} does not fire"
        if u.is_artillery:
            return "guns fire in the artillery phase, not on the turn they limber or unlimber"
        if u.moved is None:
            return "it stood still, so it fires in the stationary phase"
        return "it moved, so it fires in the moving phase, and only if it moved little enough"

    def _why_not_target(self, u: Piece, tid: str) -> str:
        t = self.state.units.get(tid)
        if t is None:
            return f"there is no unit '{tid}'"
        if t.side == u.side:
            return "it is a friend"
        if not t.active:
            return f"it is {t.status}"
        if t.engaged is not None:
            return "it is in melee"
        if u.footprint().distance(t.footprint()) > self.fire_range(u):
            return f"it is beyond {self.fire_range(u):g}\""
        return "it is out of the front arc or out of sight"

    # -- apply -----------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        """Apply a checked action; the state then has a new version."""
        self._applying = True
        try:
            return self._apply_action(action)
        finally:
            self._applying = False
            self.state.version = new_version()

    def _apply_action(self, action: Action) -> list[Event]:
        assert type(action) in ACTION_TYPES or isinstance(action, MayhemAction)
        st = self.state
        side = st.side
        assert side is not None
        ev: list[Event] = []
        if isinstance(action, Choose):
            st.first = side if action.first else st.enemy(side)
            ev.append(Event("initiative", f"{side} chooses to go {action.text()}; "
                            f"{st.first} moves first", {"side": side, "first": st.first}))
            self._enter(MOVEMENT, ev)
        elif isinstance(action, End):
            ev.append(Event("end", f"{side} ends its part of the {st.phase} phase",
                            {"side": side}))
            if st.phase == MOVEMENT:
                for u in self._movers(side):
                    u.done = True
                for c in self._free_commanders(side):
                    c.done = True
            else:
                for u in self._shooters(side):
                    u.done = True
            self._after_activation(side, ev)
        elif isinstance(action, Hold):
            if action.piece in st.commanders:
                st.commanders[action.piece].done = True
            else:
                st.units[action.piece].done = True
            what = "stays put" if st.phase == MOVEMENT else "holds fire"
            ev.append(Event("hold", f"{action.piece} {what}", {"piece": action.piece}))
            self._after_activation(side, ev)
        elif isinstance(action, Move):
            u = st.units[action.unit]
            dist = move_distance(u.position, u.facing, action.to, action.facing, u.size)
            turn = abs((action.facing - u.facing + 180.0) % 360.0 - 180.0)
            u.position, u.facing = action.to, action.facing
            u.moved, u.done = dist, True
            self._carry_commander(u)
            ev.append(Event("move", f"{u.id} moves {dist:.1f}″" + _wheel(turn),
                            {"unit": u.id, "x": u.position[0], "y": u.position[1],
                             "facing": u.facing, "distance": dist}))
            self._after_activation(side, ev)
        elif isinstance(action, Form):
            u = st.units[action.unit]
            old = u.formation
            u.formation = action.formation
            u.moved, u.reformed, u.done = 0.0, True, True
            ev.append(Event("form", f"{u.id} {formation_words(u.formation)} "
                            f"(was in {FORMATION_NAMES[old]})",
                            {"unit": u.id, "formation": u.formation.value}))
            self._after_activation(side, ev)
        elif isinstance(action, OfficerMove):
            c = st.commanders[action.officer]
            ride = math.dist(c.position, action.to)
            left = f", leaving {c.attached}" if c.attached else ""
            c.position, c.attached, c.done = action.to, None, True
            ev.append(Event("move", f"commander {c.id} rides {ride:.1f}″{left}",
                            {"officer": c.id, "x": c.position[0], "y": c.position[1]}))
            self._after_activation(side, ev)
        elif isinstance(action, Attach):
            c = st.commanders[action.officer]
            u = st.units[action.unit]
            c.position, c.attached, c.done = u.position, u.id, True
            ev.append(Event("attach", f"commander {c.id} joins {u.id}",
                            {"officer": c.id, "unit": u.id}))
            self._after_activation(side, ev)
        elif isinstance(action, Charge):
            self._charge(st.units[action.unit], st.units[action.target], ev)
            self._after_activation(side, ev)
        elif isinstance(action, Fire):
            self._fire(st.units[action.unit], st.units[action.target], ev)
            self._after_activation(side, ev)
        elif isinstance(action, Melee):
            for a, b in self._melees():
                if action.unit in (a.id, b.id):
                    self._fight(a, b, ev)
                    break
            if not self._melee_step(ev) and st.outcome is None:
                self._leave(MELEE, ev)
        return ev

    def _carry_commander(self, u: Piece) -> None:
        c = self.commander_of(u)
        if c is not None:
            c.position = u.position

    # -- the clock -------------------------------------------------------------------

    def _after_activation(self, side: str, ev: list[Event]) -> None:
        st = self.state
        if self._check_immediate_victory(ev):
            return
        other = st.enemy(side)
        if self._can_act(other):
            st.side = other
        elif self._can_act(side):
            st.side = side
        else:
            self._leave(st.phase, ev)

    def _can_act(self, side: str) -> bool:
        st = self.state
        if st.phase == MOVEMENT:
            return bool(self._movers(side) or self._free_commanders(side))
        if st.phase in FIRE_PHASES:
            return bool(self._shooters(side))
        return False

    def _start_turn(self) -> list[Event]:
        ev: list[Event] = []
        self._enter(INITIATIVE, ev)
        return ev

    def _enter(self, phase: str, ev: list[Event]) -> None:
        """Start `phase`; automatic phases run and hand on until a side must act."""
        st = self.state
        while st.outcome is None:
            st.phase = phase
            ev.append(Event("phase", f"Turn {st.turn}: {self.phase_info(phase).name}",
                            {"turn": st.turn, "phase": phase}))
            if phase == INITIATIVE:
                self._roll_initiative(ev)
                return
            if phase == MOVEMENT:
                for u in st.units.values():
                    u.done, u.moved, u.reformed = False, None, False
                    u.fired, u.charged, u.stood_charge = False, False, False
                for c in st.commanders.values():
                    c.done = False
                if self._open_alternation():
                    return
            elif phase in FIRE_PHASES:
                st.targets = {}
                self._scoped = None
                self._scoped = self._position()
                try:
                    for u in self.active_units():
                        u.done = False
                        if self.can_fire_now(u, phase):
                            ts = self.targets_of(u)
                            if ts:
                                st.targets[u.id] = tuple(ts)
                finally:
                    self._scoped = None
                if self._open_alternation():
                    return
                self._end_fire_phase(phase, ev)
            elif phase == MORALE:
                self._morale_phase(ev)
            elif phase == MELEE:
                st.fought = set()
                if self._melee_step(ev):
                    return
            if st.outcome is not None or self._check_immediate_victory(ev):
                return
            i = ORDER.index(phase)
            if i + 1 < len(ORDER):
                phase = ORDER[i + 1]
            else:
                if self._end_turn(ev):
                    return
                phase = INITIATIVE

    def _open_alternation(self) -> bool:
        st = self.state
        for s in (st.first, st.enemy(st.first)):
            if self._can_act(s):
                st.side = s
                return True
        return False

    def _leave(self, phase: str, ev: list[Event]) -> None:
        """The interactive part of `phase` is over: finish it and go on."""
        st = self.state
        if phase in FIRE_PHASES:
            self._end_fire_phase(phase, ev)
            st.targets = {}
        if st.outcome is not None or self._check_immediate_victory(ev):
            return
        i = ORDER.index(phase)
        if i + 1 < len(ORDER):
            self._enter(ORDER[i + 1], ev)
        elif not self._end_turn(ev):
            self._enter(INITIATIVE, ev)

    def _roll_initiative(self, ev: list[Event]) -> None:
        st = self.state
        a, b = st.sides
        while True:
            ra = self.chance.d6(f"initiative: {a}")
            rb = self.chance.d6(f"initiative: {b}")
            if ra != rb:
                break
            ev.append(Event("roll", f"initiative: both sides roll {ra}, so roll again",
                            {"rolls": {a: ra, b: rb}}))
        winner = a if ra > rb else b
        st.initiative = winner
        st.side = winner
        ev.append(Event("roll", f"initiative: {a} rolls {ra}, {b} rolls {rb}; {winner} chooses",
                        {"rolls": {a: ra, b: rb}, "winner": winner}))

    def _end_turn(self, ev: list[Event]) -> bool:
        """Victory at the end of the turn; True if the game ended."""
        st = self.state
        if self._check_immediate_victory(ev):
            return True
        result = self.judge.end_of_turn(st.turn, self.victory_pieces())
        if result is not None:
            self._finish(result, ev)
            return True
        st.turn += 1
        ev.append(Event("turn", f"Turn {st.turn} begins", {"turn": st.turn}))
        return False

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        st = self.state
        st.outcome = outcome
        st.side = None
        ev.append(Event("outcome", outcome.reason, outcome.to_json()))

    # -- victory ---------------------------------------------------------------------

    def terrain_index(self) -> TerrainIndex:
        return self.terrain

    def victory_pieces(self) -> list[PieceView]:
        return [
            PieceView(u.id, u.side, u.type, u.active, u.figures, u.position,
                      u.footprint() if u.active else None)
            for u in self.state.units.values()
        ]

    def _check_immediate_victory(self, ev: list[Event]) -> bool:
        st = self.state
        if st.outcome is not None:
            return True
        # The immediate verdict reads only which units are still in the field
        # (their sides and types are fixed): remembered per set of survivors.
        key = tuple([u.status == ACTIVE for u in st.units.values()])
        if key in self._verdicts:
            result = self._verdicts[key]
        else:
            result = self._verdicts[key] = self.judge.immediate(self.victory_pieces())
        if result is None:
            return False
        self._finish(result, ev)
        return True

    # -- charges ---------------------------------------------------------------------

    def _charge(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        u.done = True
        u.fired = True  # ruling: a unit that declares a charge does not fire this turn
        ev.append(Event("charge", f"{u.id} charges {t.id}", {"unit": u.id, "target": t.id}))
        need, need_t = self.charge_numbers(u, t)
        ok, r = combat.quality_check(self.chance.d6, need, f"{u.id} pre-charge")
        ev.append(Event("check", f"{u.id} rolls {r} for its pre-charge check (needs {need}+) "
                        "and " + ("charges home" if ok else "halts"),
                        {"unit": u.id, "roll": r, "need": need, "passed": ok,
                         "check": "pre-charge"}))
        if not ok:
            u.fired = False  # it stayed where it was: it may still fire standing
            return
        ok_t, rt = combat.quality_check(self.chance.d6, need_t, f"{t.id} receiving a charge")
        ev.append(Event("check", f"{t.id} rolls {rt} to receive the charge (needs {need_t}+) "
                        "and " + ("stands" if ok_t else "gives way"),
                        {"unit": t.id, "roll": rt, "need": need_t, "passed": ok_t,
                         "check": "receive"}))
        pos, facing = self.charge_placement(u, t)
        if not ok_t:
            self._retreat(t, u.position, ev, melee=False)
            if self._placement_problem(u, u.foot_at(pos, facing), set()) is None:
                self._place(u, pos, facing)
            return
        t.stood_charge = True
        counter = False
        if t.type is UnitType.CAVALRY:
            counter = self._counter_charge(u, t, ev)
        elif t.type in (UnitType.LINE_INFANTRY, UnitType.LIGHT_INFANTRY):
            self._defensive_fire(t, u, ev)
            if not u.active:
                return
        if not counter:
            self._place(u, pos, facing)
        u.charged = True
        u.engaged, t.engaged = t.id, u.id
        u.first_round = t.first_round = True
        ev.append(Event("contact", f"{u.id} and {t.id} are in melee",
                        {"units": [u.id, t.id]}))

    def _place(self, u: Piece, pos: Point, facing: float) -> None:
        u.moved = max(u.moved or 0.0, move_distance(u.position, u.facing, pos, facing, u.size))
        u.position, u.facing = pos, canonical_facing(facing)
        self._carry_commander(u)

    def _counter_charge(self, u: Piece, t: Piece, ev: list[Event]) -> bool:
        """Both cavalry meet in the middle; False if there is no room to."""
        d = math.dist(u.position, t.position)
        gap = d - u.size[1] / 2.0 - t.size[1] / 2.0
        if gap <= 0:
            return False
        b_tu = bearing(t.position, u.position)
        b_ut = (b_tu + 180.0) % 360.0
        fx, fy = forward(b_tu)
        t_pos = (t.position[0] + fx * gap / 2.0, t.position[1] + fy * gap / 2.0)
        gx, gy = forward(b_ut)
        half = gap / 2.0 - CHARGE_STAND_OFF
        u_pos = (u.position[0] + gx * half, u.position[1] + gy * half)
        tf, uf = t.foot_at(t_pos, b_tu), u.foot_at(u_pos, b_ut)
        if (self._placement_problem(t, tf, {u.id}) is not None
                or self._placement_problem(u, uf, {t.id}) is not None
                or tf.poly.distance(uf.poly) > CONTACT):
            return False
        self._place(t, t_pos, b_tu)
        self._place(u, u_pos, b_ut)
        t.charged = True
        ev.append(Event("counter-charge", f"{t.id} counter-charges {u.id}; they meet midway",
                        {"unit": t.id, "target": u.id}))
        return True

    def _defensive_fire(self, t: Piece, u: Piece, ev: list[Event]) -> None:
        if t.fired or fire_move_allowance(t.type, t.formation) is None:
            return
        dice = combat.fire_dice(t.type, t.figures)
        if dice <= 0:
            return
        t.fired = True
        res = combat.resolve_fire(
            self.chance.d6, dice, combat.hit_number(t.morale),
            combat.save_number(u.quality, False), self.commander_of(u) is not None,
            f"{t.id} fires at charging {u.id}")
        self._fire_event(t, u, res, ev, "defensive fire")
        self._take_casualties(u, res.casualties, ev)
        if u.active and u.checks_due:
            self._take_checks(u, ev)

    # -- fire ------------------------------------------------------------------------

    def _fire_numbers(self, u: Piece, t: Piece) -> tuple[int, int, int, bool]:
        dice = combat.fire_dice(u.type, u.figures)
        # Seed 004, "To Hit Numbers": morale alone sets the number; the range
        # penalty is an off-by-default house rule.
        long_range = (self.long_range_penalty and u.is_artillery
                      and u.footprint().distance(t.footprint())
                      > self.units_of_measure(ARTILLERY_CLOSE_RANGE) + 1e-9)
        need = combat.hit_number(u.morale, long_range)
        save = combat.save_number(t.quality, self.in_defences(t))
        return dice, need, save, self.commander_of(t) is not None

    def _fire(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        dice, need, save, cmd = self._fire_numbers(u, t)
        res = combat.resolve_fire(self.chance.d6, dice, need, save, cmd,
                                  f"{u.id} fires at {t.id}")
        u.done = u.fired = True
        t.pending += res.casualties
        self._fire_event(u, t, res, ev, f"{self.state.phase} fire")

    def _fire_event(self, u: Piece, t: Piece, res: combat.FireResult, ev: list[Event],
                    what: str) -> None:
        ev.append(Event(
            "fire",
            f"{u.id} fires at {t.id} ({what}): {_count(len(res.rolls), 'die', 'dice')} "
            f"needing {res.need}+ show {_dice_words(res.rolls)}, {_count(res.hits, 'hit')}"
            + (f", {res.saved} saved" if res.hits else "")
            + (f", {res.cancelled} taken off by the commander" if res.cancelled else "")
            + f": {_count(res.casualties, 'casualty', 'casualties')}",
            {"unit": u.id, "target": t.id, "rolls": list(res.rolls), "need": res.need,
             "saves": list(res.saves), "save_need": res.save_need, "hits": res.hits,
             "saved": res.saved, "cancelled": res.cancelled, "casualties": res.casualties},
        ))

    def _end_fire_phase(self, phase: str, ev: list[Event]) -> None:
        for u in self.active_units():
            if u.pending:
                n, u.pending = u.pending, 0
                self._take_casualties(u, n, ev)

    def _take_casualties(self, u: Piece, n: int, ev: list[Event]) -> None:
        if n <= 0 or not u.active:
            return
        before = u.casualties
        lost = min(n, u.figures)
        u.figures -= lost
        u.checks_due += combat.checks_due(before, u.casualties)
        ev.append(Event("casualties", f"{u.id} loses {_count(lost, 'figure')}, "
                        f"{u.figures} left",
                        {"unit": u.id, "lost": lost, "figures": u.figures}))
        if u.figures == 0:
            self._remove(u, ELIMINATED, f"{u.id} is wiped out", ev)

    def _remove(self, u: Piece, status: str, text: str, ev: list[Event]) -> None:
        u.status = status
        u.checks_due = u.pending = 0
        if status == ROUTED:
            u.morale = Morale.ROUTED
        if u.engaged is not None:
            other = self.state.units[u.engaged]
            if other.engaged == u.id:
                other.engaged = None
                other.first_round = False
            u.engaged = None
        c = self.commander_of(u)
        if c is not None:
            c.attached = None
        ev.append(Event(status, text, {"unit": u.id}))

    # -- morale ---------------------------------------------------------------------

    def _morale_phase(self, ev: list[Event]) -> None:
        for u in self.active_units():
            if u.checks_due:
                self._take_checks(u, ev)

    def _take_checks(self, u: Piece, ev: list[Event]) -> None:
        need = combat.check_number(u.quality, self.in_defences(u))
        res = combat.morale_checks(self.chance.d6, u.checks_due, need, u.morale,
                                   f"{u.id} stand lost")
        u.checks_due = 0
        u.morale = res.after
        ev.append(Event("morale", f"{u.id} takes {_count(len(res.rolls), 'morale check')} "
                        f"needing {need}+, rolls {_dice_words(res.rolls)}: "
                        + (f"stays {res.after.value}" if res.after is res.before
                           else f"{res.before.value}, now {res.after.value}"),
                        {"unit": u.id, "rolls": list(res.rolls), "need": need,
                         "before": res.before.value, "after": res.after.value}))
        if res.after is Morale.ROUTED:
            self._remove(u, ROUTED, f"{u.id} routs", ev)

    # -- melee ----------------------------------------------------------------------

    def _melees(self) -> list[tuple[Piece, Piece]]:
        """Pairs in contact still to fight this phase, charger (or earlier id) first."""
        st = self.state
        out: list[tuple[Piece, Piece]] = []
        seen: set[str] = set()
        for u in st.units.values():
            if not u.active or u.engaged is None or u.id in seen or u.id in st.fought:
                continue
            t = st.units[u.engaged]
            seen.update((u.id, t.id))
            a, b = (u, t) if (u.charged or not t.charged) else (t, u)
            out.append((a, b))
        return out

    def _melee_step(self, ev: list[Event]) -> bool:
        """Fight melees until the initiative side has a real choice; True if it must act."""
        st = self.state
        while st.outcome is None:
            pending = self._melees()
            if len(pending) >= 2:
                st.side = st.initiative
                return True
            if not pending:
                break
            self._fight(*pending[0], ev)
            if self._check_immediate_victory(ev):
                return True
        return False

    def melee_numbers(self, a: Piece, b: Piece) -> tuple[combat.MeleeSide, combat.MeleeSide]:
        def side(x: Piece, y: Piece) -> combat.MeleeSide:
            doubled = x.first_round and (
                combat.cavalry_doubles(x.type, x.charged, y.type, y.formation)
                or combat.artillery_doubles(
                    x.type, x.stood_charge and x.formation is not Formation.LIMBERED, y.type))
            return combat.MeleeSide(
                combat.melee_dice(x.figures, doubled), combat.hit_number(x.morale),
                combat.save_number(x.quality, self.in_defences(x)),
                self.commander_of(x) is not None)
        return side(a, b), side(b, a)

    def _fight(self, a: Piece, b: Piece, ev: list[Event]) -> None:
        st = self.state
        st.fought.update((a.id, b.id))
        sa, sb = self.melee_numbers(a, b)
        res = combat.resolve_melee(self.chance.d6, sa, sb, f"melee {a.id} v {b.id}")
        a.first_round = b.first_round = False
        winner = res.winner
        ev.append(Event(
            "melee",
            f"{a.id} and {b.id} fight a melee, {_count(len(res.a_strikes.rolls), 'die', 'dice')}"
            f" against {len(res.b_strikes.rolls)}: {a.id} loses "
            f"{_count(res.casualties_on_a, 'figure')}, {b.id} "
            f"{_count(res.casualties_on_b, 'figure')}; "
            + ({"a": f"{a.id} wins", "b": f"{b.id} wins"}[winner] if winner
               else "neither wins by two"),
            {"a": a.id, "b": b.id, "a_rolls": list(res.a_strikes.rolls),
             "b_rolls": list(res.b_strikes.rolls), "a_saves": list(res.b_strikes.saves),
             "b_saves": list(res.a_strikes.saves), "casualties_on_a": res.casualties_on_a,
             "casualties_on_b": res.casualties_on_b,
             "winner": None if winner is None else (a.id if winner == "a" else b.id)},
        ))
        self._take_casualties(a, res.casualties_on_a, ev)
        self._take_casualties(b, res.casualties_on_b, ev)
        if winner is not None and a.active and b.active:
            w, loser = (a, b) if winner == "a" else (b, a)
            w.engaged = loser.engaged = None
            if self.loser_removed:
                self._remove(loser, REMOVED, f"{loser.id} loses the melee and is removed", ev)
            else:
                self._retreat(loser, w.position, ev, melee=True)
        for x in (a, b):
            if x.active and x.checks_due:
                self._take_checks(x, ev)

    def retreat_distance(self, u: Piece) -> float:
        """A full move; a square retreats as a column (ruling)."""
        d = move_allowance(u.type, u.formation)
        return self.units_of_measure(d if d > 0 else COLUMN_MOVE)

    def _retreat(self, u: Piece, away_from: Point, ev: list[Event], melee: bool) -> None:
        """Retreat a full move straight away from `away_from`, facing it.

        Ruling: off the table, or with no room anywhere along the way, the unit
        routs; short of room at the full distance it stops at the furthest clear
        spot (steps of RETREAT_STEP).  After a melee loss, passing through
        friends costs one casualty (seed, "Interpenetration").
        """
        full = self.retreat_distance(u)
        direction = bearing(away_from, u.position)
        facing = canonical_facing(bearing(u.position, away_from))
        fx, fy = forward(direction)
        start_fp = u.footprint()
        chosen: Point | None = None
        why = "has nowhere to retreat"
        steps = max(1, int(full / RETREAT_STEP))
        for i in range(steps, 0, -1):
            d = full * i / steps
            pos = (u.position[0] + fx * d, u.position[1] + fy * d)
            f = u.foot_at(pos, facing)
            fp = f.poly
            if i == steps and not self.ground.on_table_box(f.bounds):
                why = "retreats off the table"
                break
            if self._placement_problem(u, f, set()) is None:
                path = swept(start_fp, fp)
                if any(path.intersects(o.footprint())
                       for o in self.active_units(self.state.enemy(u.side))
                       if o.footprint().distance(start_fp) > CONTACT):
                    continue
                chosen = pos
                break
        if chosen is None:
            self._remove(u, ROUTED, f"{u.id} {why} and routs", ev)
            return
        end_fp = u.footprint(chosen, facing)
        path = swept(start_fp, end_fp)
        through = [o.id for o in self.active_units(u.side)
                   if o.id != u.id and path.intersects(o.footprint())]
        dist = math.dist(u.position, chosen)
        u.position, u.facing = chosen, facing
        self._carry_commander(u)
        if not melee:
            # Ruling: retreating from a charge uses the unit's move this turn.
            u.done = True
            u.moved = max(u.moved or 0.0, dist)
        ev.append(Event("retreat", f"{u.id} retreats {dist:.1f}″",
                        {"unit": u.id, "x": chosen[0], "y": chosen[1], "facing": facing,
                         "through": through}))
        if melee and through:
            self._take_casualties(u, 1, ev)

    # -- odds -------------------------------------------------------------------------

    def fire_odds(self, unit: str, target: str) -> FireOdds:
        """Exact odds of `unit` firing at `target` now (this resolution alone)."""
        u, t = self.state.units[unit], self.state.units[target]
        dice, need, save, cmd = self._fire_numbers(u, t)
        check = combat.check_number(t.quality, self.in_defences(t))
        return fire_odds(dice, need, save, check, t.figures - t.pending,
                         t.casualties + t.pending, t.morale, cmd)

    def melee_odds(self, unit: str) -> MeleeOdds:
        """Exact odds of the melee `unit` is in (A is the charger)."""
        for a, b in self._melees():
            if unit in (a.id, b.id):
                sa, sb = self.melee_numbers(a, b)
                return melee_odds(sa.dice, sa.need, sa.save_need, sa.commander, a.figures,
                                  sb.dice, sb.need, sb.save_need, sb.commander, b.figures)
        raise RulesError(f"{unit} is not in a melee still to be fought")

    def fire_numbers(self, unit: str, target: str) -> tuple[int, int, int, bool]:
        """Dice, the number to hit, the target's save and whether a commander
        with the target cancels a hit: what `unit` firing at `target` rolls."""
        return self._fire_numbers(self.state.units[unit], self.state.units[target])

    def melee_pair(self, unit: str) -> tuple[str, str]:
        """The melee `unit` is in, still to be fought: (charger, other)."""
        for a, b in self._melees():
            if unit in (a.id, b.id):
                return a.id, b.id
        raise RulesError(f"{unit} is not in a melee still to be fought")

    def charge_odds(self, unit: str, target: str) -> ChargeOdds:
        """Exact odds of the checks `unit` charging `target` makes now: the
        same numbers _charge rolls against."""
        u, t = self.state.units[unit], self.state.units[target]
        return charge_odds(*self.charge_numbers(u, t))

    def charge_numbers(self, u: Piece, t: Piece) -> tuple[int, int]:
        """What the charger's pre-charge check and the target's check when
        charged need (seed 004, "Movement"; "Prepared Defenses": +2 charged)."""
        return (combat.check_number(u.quality, self.in_defences(u)),
                combat.check_number(t.quality, self.in_defences(t), charged=True))

    def odds(self, action: Action) -> Odds | None:
        """The exact chances of a legal fire, melee or charge (Fractions from the
        dice), in ids; None for other actions."""
        if self.check(action) is not None:
            return None
        if isinstance(action, Charge):
            c = self.charge_odds(action.unit, action.target)
            who, whom = action.unit, action.target
            return Odds(f"{who} charges {whom}: the checks",
                        [(f"{who} halts", c.halts), (f"{whom} gives way", c.gives_way),
                         (f"{whom} stands: melee", c.stands)],
                        [f"{who} needs {c.charger_need}+ to charge home",
                         f"{whom} needs {c.target_need}+ to stand",
                         "melee odds show once in contact"])
        if isinstance(action, Fire):
            o = self.fire_odds(action.unit, action.target)
            dice, need, save, _ = self.fire_numbers(action.unit, action.target)
            return Odds(f"{action.unit} fires at {action.target}: casualties",
                        [(str(k), p) for k, p in enumerate(o.casualties)],
                        [f"{dice} dice hitting on {need}+, saved on {save}+",
                         f"morale drops {pct(o.morale_drop)}",
                         f"routs {pct(o.routed)}",
                         f"eliminated {pct(o.eliminated)}"])
        if isinstance(action, Melee):
            m = self.melee_odds(action.unit)
            a, b = self.melee_pair(action.unit)
            return Odds(f"Melee of {a} and {b}: who wins",
                        [(f"{a} wins", m.a_wins), (f"{b} wins", m.b_wins),
                         ("neither", m.undecided)],
                        ["the winner must inflict 2 more casualties than it takes"])
        return None

    # -- random candidates ---------------------------------------------------------------

    def _sample_moves(self, side: str, rng: random.Random, n: int) -> list[Action]:
        st = self.state
        movers = [u for u in self._movers(side) if self.allowance(u) > 0]
        enemies = self.active_units(st.enemy(side))
        out: list[Action] = []
        tries = 0
        while len(out) < n and tries < n * 4 and (movers or self._free_commanders(side)):
            tries += 1
            a: Action | None
            if movers and (rng.random() < 0.85 or not self._free_commanders(side)):
                u = rng.choice(movers)
                a = self._propose_move(u, enemies, rng)
            else:
                c = rng.choice(self._free_commanders(side))
                span = self.units_of_measure(COMMANDER_MOVE) * rng.random()
                ang = rng.uniform(0, 360)
                fx, fy = forward(ang)
                a = OfficerMove(c.id, (round(c.position[0] + fx * span, 2),
                                       round(c.position[1] + fy * span, 2)))
            if a is not None and a not in out and self.check(a) is None:
                out.append(a)
        return out

    def _propose_move(self, u: Piece, enemies: list[Piece], rng: random.Random) -> Move | None:
        """A sensible legal move: mostly towards the nearest enemy, else a wheel
        or a step back; shortened until it is legal (None if nothing fits)."""
        allowance = self.allowance(u)
        limit = fire_move_allowance(u.type, u.formation)
        fire_move = self.units_of_measure(limit) if limit else 0.0
        choice = rng.random()
        facing = u.facing
        if enemies and choice < 0.7:
            target = min(enemies, key=lambda e: math.dist(e.position, u.position))
            facing = canonical_facing(round(bearing(u.position, target.position)))
        elif choice < 0.85:
            facing = canonical_facing(u.facing + rng.choice((-45, -20, 20, 45)))
        dist = rng.choice((allowance, fire_move or allowance, allowance * rng.random()))
        if choice > 0.95:
            dist = -dist / 2.0
        fx, fy = forward(facing)
        for _ in range(5):
            to = (round(u.position[0] + fx * dist, 2) + 0.0,
                  round(u.position[1] + fy * dist, 2) + 0.0)
            if self._check_move(u, to, facing) is None:
                return Move(u.id, to, facing)
            dist *= 0.6
        return None

    # -- self-checks ------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Anything impossible about the state (empty when all is well).

        The conformance tests call this after every random action.
        """
        st = self.state
        out: list[str] = []
        phase = st.phase
        for u in st.units.values():
            if not 0 <= u.figures <= u.start_figures:
                out.append(f"{u.id} has {u.figures} of {u.start_figures} figures")
            if u.status not in STATUSES:
                out.append(f"{u.id} has status {u.status}")
            if u.active and u.figures == 0:
                out.append(f"{u.id} is active with no figures")
            if u.status == ELIMINATED and u.figures:
                out.append(f"{u.id} is eliminated with {u.figures} figures")
            if (u.status == ROUTED) != (u.morale is Morale.ROUTED):
                out.append(f"{u.id} is {u.status} with morale {u.morale.value}")
            if u.formation not in FORMATIONS[u.type]:
                out.append(f"{u.id} of type {u.type.value} is in {u.formation.value}")
            if u.engaged is not None:
                o = st.units.get(u.engaged)
                if o is None or o.engaged != u.id or not (u.active and o.active):
                    out.append(f"{u.id} is engaged with {u.engaged}, which is not engaged back")
            if u.active and not self.ground.on_table_box(u.foot().bounds):
                out.append(f"{u.id} is off the table")
            if u.pending and phase not in FIRE_PHASES:
                out.append(f"{u.id} has casualties pending in the {phase} phase")
            if u.checks_due and phase in (INITIATIVE, MOVEMENT, MELEE):
                out.append(f"{u.id} owes morale checks in the {phase} phase")
        alive = self.active_units()
        for i, a in enumerate(alive):
            for b in alive[i + 1:]:
                if near(a.position, a.size, b.position, b.size) and overlaps_feet(
                        a.foot(), b.foot()):
                    out.append(f"{a.id} and {b.id} overlap")
        for c in st.commanders.values():
            if c.attached is not None:
                joined = st.units.get(c.attached)
                if joined is None or not joined.active or joined.side != c.side:
                    out.append(f"commander {c.id} is attached to {c.attached}")
                elif c.position != joined.position:
                    out.append(f"commander {c.id} is not with {joined.id}")
        if st.outcome is None and st.side not in st.sides:
            out.append(f"no side to act in {phase}")
        return out

    def invariant_problems(self) -> list[str]:
        """The hook the shared conformance harness (tests/rules/conformance.py) calls."""
        return self.problems()

    # -- pictures -------------------------------------------------------------------

    def units_json(self) -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        for u in self.state.units.values():
            out.append({
                "id": u.id, "side": u.side, "kind": "unit", "type": u.type.value,
                "x": _r(u.position[0]), "y": _r(u.position[1]), "facing": _r(u.facing),
                "status": u.status, "figures": u.figures, "casualties": u.casualties,
                "morale": u.morale.value, "formation": u.formation.value,
                "quality": u.quality.value, "engaged": u.engaged,
                "moved": None if u.moved is None else _r(u.moved), "fired": u.fired,
                "checks_due": u.checks_due, "pending": u.pending,
            })
        for c in self.state.commanders.values():
            out.append({
                "id": c.id, "side": c.side, "kind": "officer", "type": c.rank.value,
                "x": _r(c.position[0]), "y": _r(c.position[1]), "facing": 0.0,
                "status": ACTIVE, "attached_to": c.attached, "acted": c.done,
            })
        return out

    def counters_json(self) -> dict[str, JSON]:
        st = self.state
        return {
            "initiative": st.initiative or None,
            "first": st.first or None,
            "measure": self.measure,
            "melee_loser": "removed" if self.loser_removed else "retreat",
            "units_left": {s: len(self.active_units(s)) for s in st.sides},
        }


class _Position:
    """One arrangement of the table: each active unit's base as plain numbers
    (id, side, centre, reach, footprint) for the placement tests, and the
    move, formation and charge verdicts already given in it.  A verdict reads
    nothing but the units' places, formations, statuses and melees (the key),
    so it holds as long as they do."""

    __slots__ = ("board", "ids", "key", "sights", "verdicts", "version")

    def __init__(self, key: tuple[tuple[Any, ...], ...], units: Iterable[Piece]) -> None:
        self.key = key
        #: The last State.version found to hold this arrangement (-1: none yet).
        self.version = -1
        self.ids: list[str] = []
        self.board: list[tuple[str, str, float, float, float, Foot]] = []
        for u in units:
            self.ids.append(u.id)
            if u.status == ACTIVE:
                f = u.foot()
                self.board.append((u.id, u.side, u.position[0], u.position[1], f.reach, f))
        #: Per unit, its verdicts: ("move", to, facing), ("form", formation),
        #: ("charge", target) and ("mover",), the list of its own actions.
        self.verdicts: dict[str, dict[tuple[object, ...], Any]] = {}
        #: Per unit, the enemies it could fire at (MayhemGame.targets_of).
        self.sights: dict[str, tuple[str, ...]] = {}

    def of(self, uid: str) -> dict[tuple[object, ...], Any]:
        v = self.verdicts.get(uid)
        if v is None:
            v = self.verdicts[uid] = {}
        return v

    def inherit(self, old: _Position, reach_out: dict[str, float]) -> None:
        """Keep the verdicts of `old` that the change since cannot touch: those
        of units that stayed as they were and lie further than `reach_out`
        from where every changed unit was and is, less any charge at a changed
        unit.  A move or a formation change then re-judges only its neighbours."""
        if len(old.key) != len(self.key) or old.ids != self.ids:
            return
        changed = [i for i, (a, b) in enumerate(zip(old.key, self.key, strict=True))
                   if a != b]
        if len(changed) > 4:
            return
        gone = {self.ids[i] for i in changed}
        spots = [old.key[i][0] for i in changed] + [self.key[i][0] for i in changed]
        where = dict(zip(self.ids, self.key, strict=True))
        for uid, entries in old.verdicts.items():
            if uid in gone:
                continue
            p, far = where[uid][0], reach_out[uid]
            if any(math.dist(p, q) <= far for q in spots):
                continue
            self.verdicts[uid] = {k: v for k, v in entries.items()
                                  if not (k[0] == "charge" and k[1] in gone)}


_r = rounded  # records and snapshots round alike in every ruleset


#: Formations as a wargamer names them.
FORMATION_NAMES: dict[Formation, str] = {
    Formation.LINE: "line", Formation.COLUMN: "attack column", Formation.SQUARE: "square",
    Formation.SKIRMISH: "skirmish order", Formation.LIMBERED: "limber",
    Formation.UNLIMBERED: "battery",
}


def formation_words(f: Formation) -> str:
    """What a unit taking formation `f` does, in words ("forms square", "limbers up")."""
    if f is Formation.LIMBERED:
        return "limbers up"
    if f is Formation.UNLIMBERED:
        return "unlimbers"
    return f"forms {FORMATION_NAMES[f]}"


def _count(n: int, one: str, many: str | None = None) -> str:
    """"1 hit", "3 hits", "no hits"."""
    plural = many or one + "s"
    if n == 0:
        return f"no {plural}"
    return f"{n} {one if n == 1 else plural}"


def _dice_words(rolls: Sequence[int]) -> str:
    """Dice as they are read out: "5", "5 and 2", "6, 4 and 1"."""
    r = [str(x) for x in rolls]
    if not r:
        return "nothing"
    return r[0] if len(r) == 1 else ", ".join(r[:-1]) + " and " + r[-1]


def _wheel(turn: float) -> str:
    return f" and wheels {turn:.0f}°" if turn >= 0.5 else ""


class MayhemRuleset(Ruleset):
    id = RULESET_ID
    name = "Muskets & Mayhem"
    description = ("Battalion-level horse and musket rules: opposed fire and saves, "
                   "morale states, charges and melee.")
    #: The largest scenario it plays at a usable speed (tests/benchmarks/bench_big.py,
    #: docs/benchmarks.md "Big tables"): at 500 units an action took up to 1.1 s; at 250, 0.3 s.
    limits = SizeLimits(units=300)
    options = (
        OptionSpec("measure", "scenario",
                   "The unit all distances in the rules are read in: centimetres suit "
                   "15mm figures and smaller.",
                   label="Measure in", choices=(
                       Choice("scenario", "The table's own unit"),
                       Choice("inch", "Inches"),
                       Choice("cm", "Centimetres"))),
        OptionSpec("melee_loser", "retreat",
                   "What happens to the loser of a melee (the rules' options A and B).",
                   label="Melee loser", choices=(
                       Choice("retreat", "Retreats (option A)"),
                       Choice("removed", "Is removed (option B)"))),
        OptionSpec("long_range_penalty", False,
                   "House rule, not in the rules as written: artillery firing beyond "
                   "close range (6 units) hits on one worse, never worse than 6.",
                   label="Long-range artillery penalty (house rule)"),
        turn_limit_option(DEFAULT_TURN_LIMIT),
    )
    #: A unit may start Shaken and with figures already lost (a second day's
    #: battle); it keeps at least one figure.
    start_fields = (
        StartField("shaken", "Shaken", "The unit starts the battle Shaken.",
                   sheet_state="Shaken"),
        StartField("lost", "Figures lost", "Figures already lost when the battle starts.",
                   most=lambda u: u.figures - 1, sheet="{n} figures lost", sheet_mark="X"),
    )

    game_class = MayhemGame

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def placement_problems(self, scenario: Scenario) -> list[LintProblem]:
        """Units standing in a building, which Muskets & Mayhem makes
        impassable (RULINGS, M&M; lakes and rivers the editor's checks report)."""
        return forbidden_ground(scenario, self.name, lambda _t: IMPASSABLE)
