"""The Sixes game: pieces, legality, resolution and victory.

A turn is each side's movement phase then its fire phase, in the scenario's
order of sides (or the ``first_side`` option's).  In its movement a side
moves each unit and general once, or charges an enemy within reach with a
unit (fought at once); in its fire phase each unit that did not charge may
shoot once.  A unit with six hits is removed.  The scenario's victory
conditions are judged by Volley's shared judge (desktop.rules.victory), with
"last side with units standing" always among them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from desktop.rules.action_odds import Odds
from desktop.rules.chance import Chance
from desktop.rules.engine import (
    JSON,
    Action,
    Event,
    OptionValue,
    Outcome,
    Phase,
    RulesError,
    Ruleset,
    StateGame,
)
from desktop.rules.piece_view import PieceView
from desktop.rules.victory import VictoryJudge
from desktop.scenario.model import LastManStanding, Scenario
from desktop.scenario.vocabulary import ARTILLERY, Quality, UnitType
from desktop.table.shapes import angle_diff, bearing, distance, rect
from desktop.table.terrain import TerrainIndex
from volley_sixes import constants as C
from volley_sixes.actions import Charge, End, Fire, Move

MOVEMENT = "movement"
FIRE = "fire"
ACTIVE = "active"
ELIMINATED = "eliminated"

Point = tuple[float, float]


@dataclass
class Piece:
    """A unit or a general on the table."""

    id: str
    side: str
    #: None for a general.
    type: UnitType | None
    quality: Quality
    x: float
    y: float
    facing: float
    frontage: float
    depth: float
    hits: int = 0
    status: str = ACTIVE
    moved: bool = False
    fired: bool = False
    charged: bool = False

    @property
    def is_general(self) -> bool:
        return self.type is None

    @property
    def present(self) -> bool:
        return self.status == ACTIVE

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def radius(self) -> float:
        """Half the base's longer side: bases are kept apart as circles."""
        return max(self.frontage, self.depth) / 2.0


@dataclass
class State:
    pieces: dict[str, Piece]
    order: tuple[str, ...]
    turn: int = 1
    phase: str = MOVEMENT
    side_index: int = 0
    outcome: Outcome | None = None

    @property
    def side(self) -> str:
        return self.order[self.side_index]


class SixesGame(StateGame):
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase(MOVEMENT, "Movement", True,
              "Move each unit and general once, or charge an enemy within reach."),
        Phase(FIRE, "Fire", True, "Each unit that did not charge may shoot once."),
    )
    free_action_kinds: ClassVar[frozenset[str]] = frozenset({"move"})
    state: State

    def __init__(self, ruleset: Ruleset, scenario: Scenario, options: Mapping[str, OptionValue],
                 seed: int, chance: Chance,
                 script: tuple[tuple[int, ...], tuple[str, ...]] = ((), ())) -> None:
        super().__init__(ruleset, scenario, options, seed, chance)
        self.initial_script = script
        if len(scenario.sides) != 2:
            raise RulesError(f"Sixes is for two sides; this scenario has {len(scenario.sides)}")
        order = [s.id for s in scenario.sides]
        first = str(self.options.get("first_side", "") or "")
        if first:
            order.remove(first)
            order.insert(0, first)
        pieces: dict[str, Piece] = {}
        for side in scenario.sides:
            for u in side.units:
                pieces[u.id] = Piece(u.id, side.id, u.type, u.quality, u.position[0],
                                     u.position[1], u.facing % 360.0, u.base.frontage,
                                     u.base.depth)
            for o in side.officers:
                pieces[o.id] = Piece(o.id, side.id, None, Quality.REGULAR, o.position[0],
                                     o.position[1], o.facing % 360.0, C.GENERAL_BASE,
                                     C.GENERAL_BASE)
        self.state = State(pieces, tuple(order))
        self.terrain = TerrainIndex(scenario)
        victory = scenario.game.victory
        if not any(isinstance(v, LastManStanding) for v in victory):
            victory = (*victory, LastManStanding())
        limit = int(self.options.get("turn_limit", C.DEFAULT_TURN_LIMIT))
        self.judge = VictoryJudge(replace(scenario, game=replace(scenario.game, victory=victory)),
                                  default_turn_limit=limit if limit > 0 else None)
        self.events.append(Event("turn", f"Turn 1: {self.state.side} moves first",
                                 {"turn": 1, "side": self.state.side}))

    # -- looking at the table ----------------------------------------------------------

    def piece(self, pid: str) -> Piece | None:
        return self.state.pieces.get(pid)

    def units(self, side: str | None = None) -> list[Piece]:
        """Units (not generals) still on the table, of one side or both."""
        return [p for p in self.state.pieces.values()
                if not p.is_general and p.present and side in (None, p.side)]

    def allowance(self, p: Piece) -> float:
        return C.GENERAL_MOVE if p.type is None else C.MOVE[p.type]

    def in_cover(self, p: Piece) -> bool:
        return bool(self.options.get("cover", True)) and self.terrain.contains_point(
            p.pos, C.COVER)

    def dice(self, p: Piece, charging: bool = False) -> int:
        """Dice `p` throws: by quality, one fewer per two hits, one more with its
        general near (or for cavalry charging); never fewer than one."""
        n = C.DICE[p.quality] - p.hits // C.HITS_PER_DIE_LOST
        if charging and p.type is UnitType.CAVALRY:
            n += C.CAVALRY_CHARGE_DICE
        if any(g.side == p.side and distance(g.pos, p.pos) <= C.COMMAND_RANGE
               for g in self.state.pieces.values() if g.is_general):
            n += C.GENERAL_DICE
        return max(1, n)

    def need(self, target: Piece) -> int:
        """What a shot needs on a d6 to hit `target`."""
        return C.HIT_ON + (1 if self.in_cover(target) else 0)

    def in_arc(self, p: Piece, t: Piece) -> bool:
        return abs(angle_diff(bearing(p.pos, t.pos), p.facing)) <= C.ARC + 1e-9

    def gap(self, p: Piece, t: Piece) -> float:
        return distance(p.pos, t.pos) - p.radius - t.radius

    # -- legality ------------------------------------------------------------------------

    def _own(self, pid: str, what: str) -> Piece | str:
        p = self.piece(pid)
        if p is None:
            return f"no piece '{pid}'"
        if p.side != self.state.side:
            return f"{pid} is not {self.state.side}'s to {what}"
        if not p.present:
            return f"{pid} has left the field"
        return p

    def _enemy(self, tid: str) -> Piece | str:
        t = self.piece(tid)
        if t is None or t.is_general:
            return f"no enemy unit '{tid}'"
        if t.side == self.state.side:
            return f"{tid} is on your own side"
        if not t.present:
            return f"{tid} has left the field"
        return t

    def _check(self, action: Action) -> str | None:
        phase = self.state.phase
        if isinstance(action, End):
            return None
        if isinstance(action, Move):
            return self._check_move(action) if phase == MOVEMENT else \
                "units move only in the movement phase"
        if isinstance(action, Charge):
            return self._check_charge(action) if phase == MOVEMENT else \
                "charges are made only in the movement phase"
        if isinstance(action, Fire):
            return self._check_fire(action) if phase == FIRE else \
                "units shoot only in the fire phase"
        return f"'{action.text()}' is not a Sixes action"

    def _check_move(self, a: Move) -> str | None:
        p = self._own(a.unit, "move")
        if isinstance(p, str):
            return p
        if p.moved or p.charged:
            return f"{p.id} has already moved this turn"
        if distance(p.pos, (a.x, a.y)) > self.allowance(p) + 1e-9:
            return f"{p.id} moves at most {self.allowance(p):g}\""
        table = self.scenario.table
        if not (0.0 <= a.x <= table.width and 0.0 <= a.y <= table.depth):
            return "that is off the table"
        if self.terrain.contains_point((a.x, a.y), C.IMPASSABLE):
            return f"{p.id} cannot stand in a lake, river or marsh"
        for q in self.units():
            if q.side != p.side and distance((a.x, a.y), q.pos) < p.radius + q.radius:
                return f"{p.id} would stand on {q.id}: charge it instead"
        return None

    def _check_charge(self, a: Charge) -> str | None:
        p = self._own(a.unit, "charge")
        if isinstance(p, str):
            return p
        if p.is_general or p.type in ARTILLERY:
            return f"{p.id} cannot charge"
        if p.moved or p.charged:
            return f"{p.id} has already moved this turn"
        t = self._enemy(a.target)
        if isinstance(t, str):
            return t
        if not self.in_arc(p, t):
            return f"{t.id} is not in front of {p.id}"
        if self.gap(p, t) > C.CHARGE_REACH + 1e-9:
            return f"{t.id} is more than {C.CHARGE_REACH:g}\" from {p.id}"
        return None

    def _check_fire(self, a: Fire) -> str | None:
        p = self._own(a.unit, "fire")
        if isinstance(p, str):
            return p
        if p.type is None or p.type not in C.RANGE:
            return f"{p.id} does not shoot"
        if p.fired or p.charged:
            return f"{p.id} has already {'charged' if p.charged else 'fired'} this turn"
        t = self._enemy(a.target)
        if isinstance(t, str):
            return t
        if not self.in_arc(p, t):
            return f"{t.id} is not in front of {p.id}"
        if distance(p.pos, t.pos) > C.RANGE[p.type] + 1e-9:
            return f"{t.id} is out of range ({C.RANGE[p.type]:g}\")"
        return None

    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        side = self.state.side
        out: list[Action] = [End()]
        kind = Charge if self.state.phase == MOVEMENT else Fire
        for p in self.units(side):
            for t in self.units():
                if t.side != side:
                    a = kind(p.id, t.id)
                    if self._check(a) is None:
                        out.append(a)
        return out

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        """Moves towards the nearest enemy or objective, and a few anywhere in reach."""
        if self.outcome is not None or self.state.phase != MOVEMENT:
            return []
        mine = [p for p in self.state.pieces.values()
                if p.side == self.state.side and p.present and not p.moved and not p.charged]
        goals = [q.pos for q in self.units() if q.side != self.state.side] + \
                [o.position for o in self.scenario.game.objectives]
        out: list[Action] = []
        for _ in range(n * 3):
            if not mine or len(out) >= n:
                break
            p = rng.choice(mine)
            reach = self.allowance(p) * rng.uniform(0.3, 1.0)
            if goals and rng.random() < 0.7:
                head = bearing(p.pos, min(goals, key=lambda g: distance(p.pos, g)))
            else:
                head = rng.uniform(0.0, 360.0)
            x = round(p.x + reach * math.sin(math.radians(head)), 2)
            y = round(p.y - reach * math.cos(math.radians(head)), 2)
            a = Move(p.id, x, y, round(head))
            if self._check(a) is None and a not in out:
                out.append(a)
        return out

    # -- resolution ----------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        if isinstance(action, Move):
            p = self.state.pieces[action.unit]
            ev.append(Event("move", f"{p.id} moves to {action.x:g},{action.y:g}",
                            {"unit": p.id, "x": action.x, "y": action.y,
                             "facing": action.facing}))
            p.x, p.y, p.facing, p.moved = action.x, action.y, action.facing, True
        elif isinstance(action, Fire):
            self._fire(action, ev)
        elif isinstance(action, Charge):
            self._charge(action, ev)
        else:
            self._end_phase(ev)
        self._judge(ev)
        return ev

    def _throw(self, n: int, need: int, purpose: str) -> tuple[list[int], int]:
        rolls = self.chance.roll(n, purpose)
        return rolls, sum(1 for r in rolls if r >= need)

    def _hit(self, t: Piece, hits: int, ev: list[Event]) -> None:
        t.hits = min(C.STRENGTH, t.hits + hits)
        if t.hits >= C.STRENGTH:
            t.status = ELIMINATED
            ev.append(Event("eliminated", f"{t.id} has taken {C.STRENGTH} hits and is removed",
                            {"unit": t.id}))

    def _fire(self, a: Fire, ev: list[Event]) -> None:
        p, t = self.state.pieces[a.unit], self.state.pieces[a.target]
        n, need = self.dice(p), self.need(t)
        rolls, hits = self._throw(n, need, f"fire: {p.id} at {t.id}")
        p.fired = True
        ev.append(Event("fire", f"{p.id} fires at {t.id}: {n} dice needing {need}+, "
                                f"{hits} hit{'s' if hits != 1 else ''}",
                        {"unit": p.id, "target": t.id, "dice": rolls, "need": need,
                         "hits": hits}))
        self._hit(t, hits, ev)

    def _charge(self, a: Charge, ev: list[Event]) -> None:
        p, t = self.state.pieces[a.unit], self.state.pieces[a.target]
        # into contact: beside the target on the line between them, facing it
        back = bearing(t.pos, p.pos)
        reach = p.radius + t.radius
        p.x = round(t.x + reach * math.sin(math.radians(back)), 2)
        p.y = round(t.y - reach * math.cos(math.radians(back)), 2)
        p.facing = round(bearing(p.pos, t.pos), 2) % 360.0
        p.moved = p.charged = True
        n = self.dice(p, charging=True)
        rolls, hits = self._throw(n, C.HIT_ON, f"charge: {p.id} on {t.id}")
        back_rolls, back_hits = self._throw(C.DEFENDER_DICE, C.DEFENDER_HIT_ON,
                                            f"defence: {t.id} against {p.id}")
        ev.append(Event("charge", f"{p.id} charges {t.id}: {hits} hits against {back_hits}",
                        {"unit": p.id, "target": t.id, "dice": rolls, "hits": hits,
                         "defence": back_rolls, "defence_hits": back_hits}))
        self._hit(t, hits, ev)
        self._hit(p, back_hits, ev)

    def _end_phase(self, ev: list[Event]) -> None:
        st = self.state
        if st.phase == MOVEMENT:
            st.phase = FIRE
            ev.append(Event("phase", f"{st.side}'s fire", {"phase": FIRE, "side": st.side}))
            return
        st.phase = MOVEMENT
        if st.side_index + 1 < len(st.order):
            st.side_index += 1
            ev.append(Event("phase", f"{st.side}'s movement",
                            {"phase": MOVEMENT, "side": st.side}))
            return
        out = self.judge.end_of_turn(st.turn, self.victory_pieces())
        if out is not None:
            self._finish(out, ev)
            return
        st.turn += 1
        st.side_index = 0
        for p in st.pieces.values():
            p.moved = p.fired = p.charged = False
        ev.append(Event("turn", f"Turn {st.turn}: {st.side} moves first",
                        {"turn": st.turn, "side": st.side}))

    def victory_pieces(self) -> list[PieceView]:
        """The units as the victory judge sees them."""
        return [PieceView(p.id, p.side, p.type, p.present, 1, p.pos,
                          rect(p.x, p.y, p.frontage, p.depth, p.facing))
                for p in self.state.pieces.values() if p.type is not None]

    def _judge(self, ev: list[Event]) -> None:
        if self.state.outcome is None:
            out = self.judge.immediate(self.victory_pieces())
            if out is not None:
                self._finish(out, ev)

    def _finish(self, out: Outcome, ev: list[Event]) -> None:
        self.state.outcome = out
        ev.append(Event("outcome", out.reason, out.to_json()))

    # -- pictures ------------------------------------------------------------------------

    def units_json(self) -> list[dict[str, JSON]]:
        return [{"id": p.id, "side": p.side, "kind": "officer" if p.is_general else "unit",
                 "type": p.type.value if p.type is not None else "general",
                 "x": p.x, "y": p.y, "facing": p.facing, "status": p.status,
                 "hits": p.hits, "moved": p.moved, "fired": p.fired}
                for p in self.state.pieces.values()]

    def invariant_problems(self) -> list[str]:
        """What no position may show (the conformance harness asks after every action)."""
        out = []
        for p in self.state.pieces.values():
            if not 0 <= p.hits <= C.STRENGTH:
                out.append(f"{p.id} has {p.hits} hits")
            if (p.hits >= C.STRENGTH) == p.present and not p.is_general:
                out.append(f"{p.id} is {p.status} with {p.hits} hits")
        return out

    def odds(self, action: Action) -> Odds | None:
        """The chance of each number of hits a shot or charge scores (exact)."""
        if not isinstance(action, Fire | Charge) or self.check(action) is not None:
            return None
        p, t = self.state.pieces[action.unit], self.state.pieces[action.target]
        charging = isinstance(action, Charge)
        n = self.dice(p, charging)
        need = C.HIT_ON if charging else self.need(t)
        verb = "charges" if charging else "fires at"
        chances = binomial(n, Fraction(7 - need, 6))
        return Odds(f"{p.id} {verb} {t.id}: hits",
                    [(str(k), c) for k, c in enumerate(chances)],
                    [f"{n} dice, each hitting on {need}+"])


def binomial(n: int, p: Fraction) -> list[Fraction]:
    """The chance of k successes in n throws, for k = 0..n (exact)."""
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
