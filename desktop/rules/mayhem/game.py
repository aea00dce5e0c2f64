"""Muskets & Mayhem as a game: its construction, the engine's entry points
(apply an action, odds, copies, self-checks, pictures) and the ruleset.

The sequence (seed 004, "Sequence"): initiative; movement, one unit (or
commander) at a time, sides alternating, with charges and their checks;
artillery fire; stationary fire; moving fire (casualties of each fire phase
are applied at its end); morale checks for stands lost to fire; melee.  The
numbers are in :mod:`~desktop.rules.mayhem.constants`, the dice mechanics in
:mod:`~desktop.rules.mayhem.combat`, the exact odds in
:mod:`~desktop.rules.mayhem.odds`.

The rules live in the modules `MayhemGame` is built from, each one concern:
`base` (the fields, the phases, who may still act), `position` (the table's
bases and the verdicts given on them), `movement`, `fire`, `losses`
(casualties and morale), `melee`, `charge`, `judge` (victory), `turns` (the
clock) and `legality` (checks and the listed actions).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from desktop.rules.action_odds import Odds, pct
from desktop.rules.chance import Chance
from desktop.rules.engine import (
    JSON,
    Action,
    Event,
    OptionSpec,
    OptionValue,
    Outcome,
    RulesError,
    Ruleset,
    SizeLimits,
)
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
from desktop.rules.mayhem.base import ARTILLERY_FIRE as ARTILLERY_FIRE
from desktop.rules.mayhem.base import FIRE_PHASES as FIRE_PHASES
from desktop.rules.mayhem.base import INITIATIVE as INITIATIVE
from desktop.rules.mayhem.base import MELEE as MELEE
from desktop.rules.mayhem.base import MORALE as MORALE
from desktop.rules.mayhem.base import MOVEMENT as MOVEMENT
from desktop.rules.mayhem.base import MOVING_FIRE as MOVING_FIRE
from desktop.rules.mayhem.base import ORDER as ORDER
from desktop.rules.mayhem.base import PHASES as PHASES
from desktop.rules.mayhem.base import STATIONARY_FIRE as STATIONARY_FIRE
from desktop.rules.mayhem.constants import (
    CM_PER_INCH,
    DEFAULT_TURN_LIMIT,
    FORMATIONS,
    RULESET_ID,
    Morale,
)
from desktop.rules.mayhem.geometry import IMPASSABLE, Ground, move_distance, near, overlaps_feet
from desktop.rules.mayhem.legality import MayhemLegality
from desktop.rules.mayhem.position import TablePosition
from desktop.rules.mayhem.state import (
    ACTIVE,
    ELIMINATED,
    ROUTED,
    STATUSES,
    Commander,
    Piece,
    State,
    new_version,
)
from desktop.rules.mayhem.turns import MayhemTurns
from desktop.rules.mayhem.words import FORMATION_NAMES as FORMATION_NAMES
from desktop.rules.mayhem.words import formation_words as formation_words
from desktop.rules.mayhem.words import wheel_words
from desktop.rules.notation import canonical_facing
from desktop.rules.options import Choice, turn_limit_option
from desktop.rules.placement import forbidden_ground
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import LastManStanding, Scenario
from desktop.scenario.vocabulary import LengthUnit
from desktop.table.shapes import rounded
from desktop.table.sight import Obstacles

MEASURE_OPTIONS = ("scenario", "inch", "cm")
LOSER_OPTIONS = ("retreat", "removed")


class MayhemGame(MayhemTurns, MayhemLegality):
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
        self._position_cache: TablePosition | None = None
        #: The play view's PieceInfo per piece and place (MayhemView._make_pieces),
        #: and the names under "units" and "officers" (shared with clones).
        self.piece_infos: dict[object, Any] = {}
        self._scoped: TablePosition | None = None
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
            ev.append(Event("move", f"{u.id} moves {dist:.1f}″" + wheel_words(turn),
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

    # -- odds -------------------------------------------------------------------------

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


_r = rounded  # records and snapshots round alike in every ruleset


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
