"""The scenario's typed victory conditions, judged the same way for every ruleset.

A ruleset hands the judge a list of :class:`PieceView` (one per unit still
in the game or gone from it) and asks at two moments:

- ``immediate(pieces)`` after every action: sides with no units left, broken
  armies, all regulars lost, units exited;
- ``end_of_turn(turn, pieces)`` when a game turn ends: objectives held and
  features occupied (at the last turn if the scenario has a turn limit,
  otherwise at the end of every turn), then the turn limit itself.

See docs/rulings.md ("Victory, for every ruleset").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Outcome
from desktop.rules.view_values import Standing
from desktop.scenario.geometry import shape_area
from desktop.scenario.model import (
    AllRegularsLost,
    ArmyBreak,
    ExitUnits,
    HoldObjectives,
    LastManStanding,
    OccupyFeature,
    Scenario,
    TurnLimit,
)
from desktop.scenario.vocabulary import Edge, UnitType


@dataclass(frozen=True)
class PieceView:
    """What the judge needs to know about one unit (officers are not pieces here)."""

    id: str
    side: str
    type: UnitType
    #: On the table and in the fight (not eliminated, routed off, or exited).
    present: bool
    figures: int
    position: tuple[float, float]
    footprint: BaseGeometry | None = None
    #: The edge it left the table by, if it did.
    exited: Edge | None = None


class VictoryJudge:
    def __init__(self, scenario: Scenario, default_turn_limit: int | None = None) -> None:
        self.scenario = scenario
        self.side_ids = [s.id for s in scenario.sides]
        self.baselines = {s.id: s.baseline for s in scenario.sides}
        self.conditions = scenario.game.victory
        limits = [c for c in self.conditions if isinstance(c, TurnLimit)]
        self.turn_limit: TurnLimit | None = limits[0] if limits else (
            TurnLimit(default_turn_limit) if default_turn_limit else None
        )
        self.starting = {sid: len(scenario.side(sid).units) for sid in self.side_ids}
        self._objectives = {o.id: o for o in scenario.game.objectives}
        self._objective_areas = {
            o.id: SPoint(o.position).buffer(o.radius, 32) for o in scenario.game.objectives
        }
        self._features = {f.id: shape_area(f.shape) for f in scenario.terrain}

    # -- helpers -------------------------------------------------------------------

    def _others(self, side: str) -> list[str]:
        return [s for s in self.side_ids if s != side]

    def _winner_when_losing(self, losers: set[str], reason: str) -> Outcome | None:
        if not losers:
            return None
        remaining = [s for s in self.side_ids if s not in losers]
        if len(remaining) == 1:
            return Outcome(remaining[0], reason)
        if not remaining:
            return Outcome(None, reason + " (both sides at once: a draw)")
        return None

    def _name(self, side: str) -> str:
        return self.scenario.side(side).name or side

    # -- the two moments ---------------------------------------------------------

    def immediate(self, pieces: Sequence[PieceView]) -> Outcome | None:
        for c in self.conditions:
            if isinstance(c, ExitUnits):
                edge = c.edge or _opposite(self.baselines[c.side])
                n = sum(1 for p in pieces if p.side == c.side and p.exited is edge)
                if n >= c.count:
                    return Outcome(c.side, f"{self._name(c.side)} moved {n} units off the "
                                           f"{edge.value} edge")
        losers: set[str] = set()
        reasons: list[str] = []
        present = {s: sum(1 for p in pieces if p.side == s and p.present) for s in self.side_ids}
        for c in self.conditions:
            if isinstance(c, LastManStanding):
                for s in self.side_ids:
                    if present[s] == 0:
                        losers.add(s)
                        reasons.append(f"{self._name(s)} has no units left")
            elif isinstance(c, ArmyBreak):
                for s in self.side_ids if c.side is None else [c.side]:
                    lost = self.starting[s] - present[s]
                    if self.starting[s] and lost >= c.fraction * self.starting[s] - 1e-9:
                        losers.add(s)
                        reasons.append(f"{self._name(s)} broke ({lost} of {self.starting[s]} "
                                       f"units lost)")
            elif isinstance(c, AllRegularsLost):
                for s in self.side_ids if c.side is None else [c.side]:
                    had = any(p.side == s and p.type is UnitType.LINE_INFANTRY for p in pieces)
                    left = any(p.side == s and p.present and p.type is UnitType.LINE_INFANTRY
                               for p in pieces)
                    if had and not left:
                        losers.add(s)
                        reasons.append(f"{self._name(s)} has lost all its line infantry")
        return self._winner_when_losing(losers, "; ".join(dict.fromkeys(reasons)))

    def end_of_turn(self, turn: int, pieces: Sequence[PieceView]) -> Outcome | None:
        """Judge the end of game turn `turn` (call after immediate())."""
        last = self.turn_limit is not None and turn >= self.turn_limit.turns
        if self.turn_limit is None or last:
            held = self._holding(pieces)
            if held is not None:
                return held
        if last and self.turn_limit is not None:
            fb = self.turn_limit.fallback
            if fb == "draw":
                return Outcome(None, f"turn limit reached after turn {turn}: a draw")
            if fb == "defender":
                d = self.scenario.game.defender
                if d is None:
                    return Outcome(None, f"turn limit reached after turn {turn}: a draw")
                return Outcome(d, f"turn limit reached after turn {turn}: the defender holds")
            return Outcome(fb, f"turn limit reached after turn {turn}: {self._name(fb)} wins")
        return None

    def standing(self, turn: int, pieces: Sequence[PieceView],
                 limit: int | None = None) -> Standing | None:
        """What the end of the game would say if the pieces stood as now (see
        `Standing`).  None when the game has no turn limit; `limit` is a
        ruleset's own limit where the scenario's judge has none (then the ground
        is judged at every turn's end and the limit itself draws)."""
        if self.turn_limit is not None:
            last = self.turn_limit.turns
            held = self._holding(pieces)
            if held is not None:
                return Standing(held.winner, max(0, last - turn))
            out = self.end_of_turn(max(turn, last), pieces)
            return Standing(None if out is None else out.winner, max(0, last - turn))
        if limit is None or limit <= 0:
            return None
        held = self._holding(pieces)
        if held is not None:
            return Standing(held.winner, 0, every_turn=True)
        return Standing(None, max(0, limit - turn), every_turn=True)

    def _holding(self, pieces: Sequence[PieceView]) -> Outcome | None:
        winners: list[tuple[str, str]] = []
        for c in self.conditions:
            if isinstance(c, HoldObjectives):
                ids = c.objectives or tuple(self._objectives)
                for s in self.side_ids if c.side is None else [c.side]:
                    n = sum(1 for oid in ids if self.holder(oid, pieces) == s)
                    if n >= c.count:
                        winners.append((s, f"{self._name(s)} holds {n} of {len(ids)} objectives"))
            elif isinstance(c, OccupyFeature):
                area = self._features.get(c.feature)
                if area is None:
                    continue
                figs = sum(p.figures for p in pieces
                           if p.side == c.side and p.present and area.contains(SPoint(p.position)))
                if figs >= c.figures:
                    winners.append((c.side, f"{self._name(c.side)} occupies {c.feature}"))
        sides = {w for w, _ in winners}
        if len(sides) == 1:
            return Outcome(winners[0][0], winners[0][1])
        return None

    def holder(self, objective_id: str, pieces: Sequence[PieceView]) -> str | None:
        """The side holding an objective: it alone has a unit touching the marker."""
        area = self._objective_areas[objective_id]
        there = set()
        for p in pieces:
            if not p.present:
                continue
            geom = p.footprint if p.footprint is not None else SPoint(p.position)
            if area.intersects(geom):
                there.add(p.side)
        return next(iter(there)) if len(there) == 1 else None


def _opposite(edge: Edge) -> Edge:
    from desktop.scenario.vocabulary import OPPOSITE_EDGE

    return OPPOSITE_EDGE[edge]
