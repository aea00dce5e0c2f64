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

This module holds the game's construction and the engine's entry points
(apply an action, odds, copies, self-checks, pictures) and the ruleset. The
rules live in the modules `BlownAwayGame` is built from, each one concern:
`state` (the phases, pieces and counters), `base` (the fields, the answers
kept by stamps, facing and cover), `movement`, `rally`, `fire` (with sight),
`combat`, `losses` (elimination, breaking), `judge` (objectives and
victory), `legality` (checks and the listed actions), `turns` (the phases
and side turns), `sampling` (random candidates) and `words`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Self

from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds, pct
from desktop.rules.blown_away.actions import Combat, End, Fire, Form, Move, Rally, Rejoin, parse

# `_boxes_meet` and `Piece` are imported from here by other modules (and tests)
from desktop.rules.blown_away.base import _boxes_meet as _boxes_meet
from desktop.rules.blown_away.constants import (
    CANNONBALLS,
    DEFAULT_TURN_LIMIT,
    FORMATIONS,
    IMPASSABLE,
    NO_END,
    OBJECTIVES_TO_WIN,
)
from desktop.rules.blown_away.men import Men
from desktop.rules.blown_away.movement import _Path
from desktop.rules.blown_away.odds import pile_of
from desktop.rules.blown_away.sampling import BlownAwaySampling
from desktop.rules.blown_away.state import (
    ACTIVE,
    ARTILLERY_PHASE,
    COMBAT,
    ORDERS,
    PHASES,
    Commander,
    State,
)
from desktop.rules.blown_away.state import Piece as Piece
from desktop.rules.blown_away.turns import BlownAwayTurns
from desktop.rules.chance import Chance
from desktop.rules.engine import (
    JSON,
    Action,
    Event,
    OptionSpec,
    OptionValue,
    RulesError,
    Ruleset,
    SizeLimits,
)
from desktop.rules.notation import canonical_facing
from desktop.rules.options import Choice, side_choices, turn_limit_option
from desktop.rules.placement import forbidden_ground
from desktop.rules.position_cache import PositionCache
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import HoldObjectives, LastManStanding, OccupyFeature, Scenario, Unit
from desktop.scenario.vocabulary import ARTILLERY, CommandRole
from desktop.table.shapes import rounded
from desktop.table.terrain import TerrainIndex

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


class BlownAwayGame(BlownAwayTurns, BlownAwaySampling):
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
        #: The legal actions and the verdicts of `_check`, under the state
        #: (`_legal_key`) they were worked out in.
        self._at_state = PositionCache()
        #: The pieces (`State.edits`) and holders `_update_objectives` last saw.
        self._objectives_seen: tuple[int, tuple[str | None, ...]] | None = None
        #: Who was present at the judge's last immediate verdict, and it.
        self._immediate: tuple[tuple[bool, ...], object] | None = None
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
        other._at_state = self._at_state.copy()  # its own: the two move on apart
        other.chance = self.chance.clone(seed)
        other.history = list(self.history)
        other.events = list(self.events)
        other.options = dict(self.options)
        return other

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
