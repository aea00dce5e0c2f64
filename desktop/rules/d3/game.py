"""The D3 game: its construction, the engine's entry points (check and apply
an action, odds, copies, self-checks, pictures) and the ruleset.

The rules live in the modules `D3Game` is built from, each one concern:
`state` (the fields, readiness), `ground` (cover, hills, towns), `fire`
(range, field of fire, sight, the shot table), `movement` (moves and charges
and what they may cross), `legality` (checks and the listed actions),
`orders` (activation tests and carrying out moves, charges and shots),
`melee` (hand-to-hand and elimination), `judge` (victory) and `turns` (the
sequence of play).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from desktop.rules.action_odds import Odds
from desktop.rules.chance import Chance
from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Accept, Charge, D3Action, End, Move, Reroll, Shoot, parse

# the dice's meaning, under the names other modules knew them by here
from desktop.rules.d3.dice import activation_passes as activation_passes
from desktop.rules.d3.dice import charge_hits as charge_hits
from desktop.rules.d3.dice import shooting_hits as shooting_hits
from desktop.rules.d3.legality import D3Legality
from desktop.rules.d3.odds import odds_chart
from desktop.rules.d3.pieces import ACTIVE, DISORDERED, ELIMINATED, EXITED, Piece
from desktop.rules.d3.state import ELIMINATION as ELIMINATION
from desktop.rules.d3.state import HAND_TO_HAND as HAND_TO_HAND
from desktop.rules.d3.state import MOVEMENT as MOVEMENT
from desktop.rules.d3.state import SHOOTING as SHOOTING
from desktop.rules.d3.state import Pending as Pending
from desktop.rules.d3.state import UnitArrays as UnitArrays
from desktop.rules.d3.turns import D3Turns
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
)
from desktop.rules.options import Choice, side_choices, turn_limit_option
from desktop.rules.placement import forbidden_ground
from desktop.rules.position_cache import PositionCache
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import ExitUnits, LastManStanding, Scenario
from desktop.scenario.vocabulary import OPPOSITE_EDGE, Edge, TerrainType, UnitType
from desktop.table.movement import Access
from desktop.table.shapes import rounded
from desktop.table.sight import Obstacles
from desktop.table.terrain import TerrainIndex


class D3Game(D3Turns, D3Legality):
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase(MOVEMENT, "Movement", True,
              "Move units (each takes an activation test) and generals; cavalry may charge."),
        Phase(SHOOTING, "Shooting", True,
              "Units that did not move may shoot (activation test first)."),
        Phase(HAND_TO_HAND, "Hand-to-hand combat", False, "Charges are resolved."),
        Phase(ELIMINATION, "Unit elimination", False, "Units with 9 or more hits are removed."),
    )
    free_action_kinds: ClassVar[frozenset[str]] = frozenset({"move", "charge"})
    #: Terrain that blocks sight through it (seed 002 "Shooting"; docs/rulings.md).
    sight_blocking: ClassVar[frozenset[TerrainType]] = R.SIGHT_BLOCKING

    def __init__(
        self,
        ruleset: Ruleset,
        scenario: Scenario,
        options: Mapping[str, OptionValue],
        seed: int,
        chance: Chance,
        dice: Sequence[int] = (),
        cards: Sequence[str] = (),
    ) -> None:
        super().__init__(ruleset, scenario, options, seed, chance)
        self.initial_script = (tuple(dice), tuple(cards))
        if len(scenario.sides) != 2:
            raise RulesError(f"D3 is for two sides; this scenario has {len(scenario.sides)}")
        self.terrain = TerrainIndex(scenario)
        order = [s.id for s in scenario.sides]
        first = str(self.options.get("first_side", "") or "")
        if first:
            if first not in order:
                raise RulesError(f"option first_side: no side '{first}' (sides: {order})")
            order.remove(first)
            order.insert(0, first)
        self.order: tuple[str, ...] = tuple(order)
        self.pieces: dict[str, Piece] = {}
        for side in scenario.sides:
            for u in side.units:
                start = ruleset.start_state(u)
                self.pieces[u.id] = Piece(
                    u.id, side.id, u.name, u.type, "", u.base.frontage, u.base.depth,
                    u.position[0], u.position[1], u.facing % 360.0, figures=u.figures,
                    hits=int(start["hits"]),
                )
            for o in side.officers:
                gf, gd = R.GENERAL_BASE
                self.pieces[o.id] = Piece(
                    o.id, side.id, o.name, None, o.rank.value, gf, gd,
                    o.position[0], o.position[1], o.facing % 360.0,
                )
        victory = scenario.game.victory
        if not any(isinstance(v, LastManStanding) for v in victory):
            victory = (*victory, LastManStanding())
        limit = int(self.options.get("turn_limit", R.DEFAULT_TURN_LIMIT))
        self.judge = VictoryJudge(
            replace(scenario, game=replace(scenario.game, victory=victory)),
            default_turn_limit=limit if limit > 0 else None,
        )
        self.exit_edges: dict[str, Edge] = {}
        for v in scenario.game.victory:
            if isinstance(v, ExitUnits):
                self.exit_edges[v.side] = v.edge or OPPOSITE_EDGE[scenario.side(v.side).baseline]
        self._turn = 1
        self._side_index = 0
        self._phase = MOVEMENT
        self._outcome: Outcome | None = None
        self.pending: Pending | None = None
        self._exited = False
        self.charges: list[tuple[str, str]] = []  # (attacker, defender) this player turn
        self._obstacles: Obstacles | None = None
        self._shots: dict[str, list[str]] | None = None
        self._unit_arrays: UnitArrays | None = None
        self._present: dict[str, list[Piece]] = {}
        self._features_of: dict[frozenset[TerrainType], list[int]] = {}
        self._boxes: list[tuple[float, float, float, float]] | None = None
        #: Sight lines hidden by terrain or not, by ends and the features that
        #: may block them (the ground never changes: shared with clones).
        self._terrain_lines: dict[tuple[float, float, float, float, tuple[int, ...]], bool] = {}
        self._checked = PositionCache()
        #: The pieces that may still move, kept for the position (see sampler).
        self._movers = PositionCache()
        self.events.extend(self._start_player_turn())
        self._judge_immediate(self.events)

    def odds(self, action: Action) -> Odds | None:
        """The hits a legal shot or charge inflicts, exact (desktop.rules.d3.odds:
        Fractions enumerated from the dice), None for any other action."""
        return odds_chart(self, action)

    # -- resolution ------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, (End, Move, Charge, Shoot, Reroll, Accept))
        ev: list[Event] = []
        self._dispatch(action, ev)
        if self._exited:
            self._exited = False
            self._judge_immediate(ev)
        return ev

    def _dispatch(self, action: D3Action, ev: list[Event]) -> None:
        if isinstance(action, End):
            self._end_phase(ev)
            return
        if isinstance(action, Accept):
            pend = self.pending
            assert pend is not None
            self.pending = None
            self._disorder(self.pieces[pend.unit], ev)
            return
        if isinstance(action, Reroll):
            pend = self.pending
            assert pend is not None
            self.pending = None
            g = self.pieces[action.general]
            g.rerolls_used += 1
            u = self.pieces[pend.unit]
            if self._activation(u, ev, "re-roll",
                                f"{g.id} re-rolls the activation test of {u.id}"):
                self._carry_out(pend.action, ev)
            else:
                self._disorder(u, ev)
            return
        if isinstance(action, Move):
            p = self.pieces[action.unit]
            if p.is_general:
                self._do_move(p, action, ev)
                return
        assert isinstance(action, (Move, Charge, Shoot))
        u = self.pieces[action.unit]
        u.tested = True
        if self._activation(u, ev, "activation", f"{u.id} takes its activation test"):
            self._carry_out(action, ev)
            return
        able = self.generals_able_to_reroll(u)
        if able:
            self.pending = Pending(action, u.id, able)
            ev.append(Event("reroll_offered",
                            f"{u.id} failed its activation test: {' or '.join(able)} "
                            "may re-roll it",
                            {"unit": u.id, "generals": list(able)}))
        else:
            self._disorder(u, ev)

    # -- self-checks ---------------------------------------------------------------------------

    def invariant_problems(self) -> list[str]:
        """States the rules can never produce (the conformance tests call this)."""
        out: list[str] = []
        statuses = {ACTIVE, DISORDERED, ELIMINATED, EXITED}
        table = self.scenario.table
        present = self.units()
        for p in self.pieces.values():
            if p.status not in statuses:
                out.append(f"{p.id} has unknown status {p.status}")
            if p.hits < 0:
                out.append(f"{p.id} has negative hits")
            if not (math.isfinite(p.x) and math.isfinite(p.y) and 0 <= p.facing < 360):
                out.append(f"{p.id} has a bad position or facing")
            if p.present:
                minx, miny, maxx, maxy = p.fp().bounds
                if minx < -1e-6 or miny < -1e-6 or maxx > table.width + 1e-6 or (
                        maxy > table.depth + 1e-6):
                    out.append(f"{p.id} stands off the table")
            if p.is_general and (p.hits or p.status != ACTIVE):
                out.append(f"general {p.id} was attacked")
            if p.type in R.ARTILLERY and p.shot and not p.deployed:
                out.append(f"{p.id} shot without deploying")
            if p.moved and p.shot:
                out.append(f"{p.id} moved and shot in one turn")
        if self._phase == MOVEMENT and self.pending is None:
            for u in present:
                if u.hits >= R.ELIMINATION_HITS:
                    out.append(f"{u.id} has {u.hits} hits but was not eliminated")
        fps = [u.fp() for u in present]
        for i in range(len(present)):
            for j in range(i + 1, len(present)):
                if fps[i].intersection(fps[j]).area > 0.01:
                    out.append(f"{present[i].id} and {present[j].id} overlap")
        if self._outcome is not None and self.side is not None:
            out.append("the game is over but a side is to act")
        return out

    # -- copies and pictures ----------------------------------------------------------------

    def clone(self, seed: int | None = None) -> D3Game:
        # A shallow copy of the game's fields (what copy.copy does, without its
        # reduce protocol: the look-ahead makes a copy for every candidate).
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.pieces = {k: v.copy() for k, v in self.pieces.items()}
        g.chance = self.chance.clone(seed)
        g.history = list(self.history)
        g.events = list(self.events)
        g.charges = list(self.charges)
        # what was checked, the obstacles and the shot table hold names and
        # positions only, and the copy stands where the original does: it
        # keeps them (the computer player checks a move, then applies it to
        # copies).  Caches that hold the pieces themselves start afresh.
        g._checked = self._checked.copy()
        g._movers = PositionCache()
        g._present = {}
        g._unit_arrays = None
        g.options = dict(self.options)
        return g

    def units_json(self) -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        for p in self.pieces.values():
            d: dict[str, JSON] = {
                "id": p.id, "side": p.side,
                "kind": "officer" if p.is_general else "unit",
                "type": p.rank if p.type is None else p.type.value,
                "x": _r(p.x), "y": _r(p.y), "facing": _r(p.facing),
                "status": p.status,
            }
            if p.is_general:
                d.update(rerolls_used=p.rerolls_used, must_evade=p.must_evade, moved=p.moved)
            else:
                d.update(hits=p.hits, moved=p.moved, shot=p.shot, tested=p.tested,
                         charging=p.charging)
                if p.type in R.ARTILLERY:
                    d["deployed"] = p.deployed
            out.append(d)
        return out

    def counters_json(self) -> dict[str, JSON]:
        pend = None
        if self.pending is not None:
            pend = {"action": self.pending.action.text(), "unit": self.pending.unit,
                    "generals": list(self.pending.generals)}
        return {"pending_reroll": pend,
                "charges": [[a, d] for a, d in self.charges],
                "order": list(self.order)}


_r = rounded  # records and snapshots round alike in every ruleset


def _no_standing(unit_type: UnitType) -> frozenset[TerrainType]:
    """Terrain a unit of this type may not stand in under D3."""
    return frozenset(t for t, a in R.TERRAIN_ACCESS[unit_type].items()
                     if a in (Access.NO_ENTRY, Access.NO_END))


class D3Ruleset(Ruleset):
    id = "d3"
    name = "D3 Horse and Musket"
    description = ("One Hour Wargames variant: D3 hits, 9-hit units, activation tests "
                   "that grow harder as units are worn down.")
    #: The largest scenario it plays at a usable speed (tests/benchmarks/bench_big.py,
    #: docs/benchmarks.md "Big tables"): 500 units: 170 random actions a second, started in 0.1 s.
    limits = SizeLimits(units=500)
    options = (
        OptionSpec("first_side", "", "The side that moves first each turn.",
                   label="First side",
                   choices=side_choices(Choice("", "The side listed first"))),
        turn_limit_option(R.DEFAULT_TURN_LIMIT),
    )
    #: A unit may start with hits already marked (a second day's battle); the
    #: ninth hit removes it, so at most eight (seed 002 "Hits").
    start_fields = (
        StartField("hits", "Hits", "Hits already marked when the battle starts.",
                   most=lambda _u: R.ELIMINATION_HITS - 1, sheet="{n} hits marked", sheet_mark="X"),
    )

    def new_game(
        self,
        scenario: Scenario,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        dice: Sequence[int] = (),
        cards: Sequence[str] = (),
    ) -> D3Game:
        self.check_size(scenario)
        opts = self.resolve_options(scenario, options)
        return D3Game(self, scenario, opts, seed, self.make_chance(seed, dice, cards),
                      dice, cards)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def placement_problems(self, scenario: Scenario) -> list[LintProblem]:
        """Units standing where D3 forbids their type to enter or end a move
        (seed 002 "Terrain": no line infantry in woods, no cavalry in difficult
        ground, artillery out of streams and towns...)."""
        return forbidden_ground(scenario, self.name, _no_standing)
