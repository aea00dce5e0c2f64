"""Tactical Dice as a game on a square grid (seed 001, "Simple Horse and Musket
Engagements"; RULINGS.md, "Tactical Dice"): its construction, the engine's
entry points (check and apply an action, copies, self-checks, pictures) and
the ruleset.

The turn: both sides fire their artillery (the shots are rolled as ordered and
take effect together when the phase ends, so a gun that is hit still fires);
both roll for the initiative and the lower score chooses to move first or
second; each side then moves, fires in close support and charges, routs and
pursuits happening at once.  Numbers and rulings are in
:mod:`~desktop.rules.tactical.constants`, the dice mechanics and exact odds
in :mod:`~desktop.rules.tactical.dice`, the grid in
:mod:`~desktop.rules.tactical.grid`.

The rules live in the modules `TacticalGame` is built from, each one concern:
`base` (the fields, the phases, the pieces and where they stand), `counts`
(the dice each unit throws), `paths` (where a unit may go), `officers`,
`movement`, `losses` (hits and Flags, retreats and routs), `fire`, `charges`
(and close combat), `judge` (victory), `turns` (the sequence of play),
`legality` (checks and the legal list kept between positions) and `chances`
(exact odds); `kept` holds the records kept between positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from desktop.rules.chance import Chance
from desktop.rules.engine import (
    JSON,
    OVER,
    Action,
    Event,
    OptionSpec,
    OptionValue,
    Outcome,
    RulesError,
    Ruleset,
    SetupError,
    SizeLimits,
)
from desktop.rules.options import turn_limit_option
from desktop.rules.start import StartField
from desktop.rules.tactical import constants as C
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

# The names the play view, pending and the tests import from here, kept here.
from desktop.rules.tactical.base import ARTILLERY_PHASE as ARTILLERY_PHASE
from desktop.rules.tactical.base import BACK as BACK
from desktop.rules.tactical.base import FIRST as FIRST
from desktop.rules.tactical.base import INITIATIVE as INITIATIVE
from desktop.rules.tactical.base import PHASES as PHASES
from desktop.rules.tactical.base import SECOND as SECOND
from desktop.rules.tactical.base import board_for as board_for
from desktop.rules.tactical.chances import TacticalChances
from desktop.rules.tactical.chances import charge_odds_json as charge_odds_json
from desktop.rules.tactical.chances import fire_odds_json as fire_odds_json
from desktop.rules.tactical.grid import Square, orthogonal, square_name
from desktop.rules.tactical.kept import Path as Path
from desktop.rules.tactical.kept import _Kept, _Paths
from desktop.rules.tactical.legality import TacticalLegality
from desktop.rules.tactical.state import (
    ACTIVE,
    LIMBERED,
    LINE,
    SKIRMISH,
    SQUARE_FORMATION,
    STATUSES,
    UNLIMBERED,
    WOUNDS,
    State,
    TOfficer,
    TUnit,
)
from desktop.rules.tactical.turns import TacticalTurns
from desktop.rules.victory import VictoryJudge
from desktop.scenario.model import LastManStanding, Scenario, Unit
from desktop.scenario.vocabulary import ARTILLERY, Formation, UnitType


class TacticalGame(TacticalTurns, TacticalLegality, TacticalChances):
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


def _cardinal(facing: float) -> float:
    """The nearest of the four grid bearings."""
    return float(round((facing % 360.0) / 90.0) % 4 * 90)


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
