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

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from shapely.geometry import Point as SPoint

from desktop.rules.outcome import Outcome
from desktop.rules.piece_view import PieceView
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
    VictoryCondition,
)
from desktop.scenario.vocabulary import Edge, UnitType
from desktop.scenario.wording import its, plural_name, side_does, verb_for


@dataclass(frozen=True)
class ObjectiveState:
    """One objective as the referee sees it now."""

    id: str
    name: str
    position: tuple[float, float]
    radius: float
    #: The side holding it (None: nobody, or both sides are on it).
    holder: str | None


#: The order of the kinds of goal on the panel: the ground first, the end last.
GOAL_ORDER = {k: i for i, k in enumerate(
    ("hold", "occupy", "exit", "break", "regulars", "destroy", "limit"))}


@dataclass(frozen=True)
class PlaceState:
    """A place a side must fill with figures to win (an occupy-feature condition)."""

    feature: str
    name: str
    side: str
    figures: int
    needed: int


@dataclass(frozen=True)
class Goal:
    """One way `side` may win, in words, and how far it has come.

    Every condition is written as what a side needs: a side's own losing
    condition (breaking, losing its last unit) is its enemy's goal.
    """

    side: str
    #: What it needs, in words ("Hold Kreuzdorf crossroads and Galgenberg summit").
    text: str
    #: Where it stands now ("holds Kreuzdorf crossroads; needs Galgenberg summit too").
    progress: str
    #: When it is judged ("at once", "when turn 12 ends", "at the end of any turn").
    when: str
    #: It is met as the pieces stand.
    met: bool = False
    #: It is what would decide the game if it ended now.
    deciding: bool = False
    #: The turn limit's own line (the side it gives the game to if nothing else does).
    fallback: bool = False
    #: What the side has done, once it is met ("it holds Kreuzdorf crossroads").
    achieved: str = ""
    #: The kind of condition: "hold", "occupy", "exit", "break", "regulars",
    #: "destroy" or "limit" (the panel lists them in that order).
    kind: str = ""


@dataclass(frozen=True)
class VictoryState:
    """The victory conditions and their live state: what the victory panel shows.

    Made by :meth:`VictoryJudge.report` from the counts the referee's own
    verdicts use, so the panel and the referee cannot disagree.
    """

    turn: int
    #: The last turn (None: the battle goes on until a side wins).
    last_turn: int | None
    objectives: tuple[ObjectiveState, ...]
    goals: tuple[Goal, ...]
    #: The side the game would go to if it ended now (None: a draw, or nobody yet).
    verdict_winner: str | None
    #: That verdict in words.
    verdict: str
    #: What the turn limit says, in words ("" when there is none).
    limit_text: str = ""
    #: The game is over (the verdict is the referee's outcome).
    over: bool = False
    #: The places a side must fill with figures, and how many are in them now.
    places: tuple[PlaceState, ...] = ()

    @property
    def turns_left(self) -> int | None:
        """Full turns still to play after this one (None: no limit)."""
        return None if self.last_turn is None else max(0, self.last_turn - self.turn)

    def turn_words(self) -> str:
        """"Turn 4 of 12" (or "Turn 4" when the battle has no limit)."""
        if self.last_turn is None:
            return f"Turn {self.turn}"
        return f"Turn {self.turn} of {self.last_turn}"

    def goals_of(self, side: str) -> list[Goal]:
        return [g for g in self.goals if g.side == side]


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

    def _plural(self, side: str) -> bool:
        """The side's name takes a plural verb (as its scenario says, or guessed)."""
        return plural_name(self._name(side), self.scenario.side(side).plural)

    def _does(self, side: str, verb: str) -> str:
        """The side's name and `verb` agreeing with it ("Azurians win")."""
        return side_does(self._name(side), verb, self._plural(side))

    def _its(self, side: str) -> str:
        return its(self._name(side), self._plural(side))

    def _they(self, side: str, verb: str) -> str:
        """"it holds" for a side named as one thing, "they hold" for "Azurians"."""
        name, plural = self._name(side), self._plural(side)
        return f"{'they' if plural else 'it'} {verb_for(name, verb, plural)}"

    def _feature_name(self, fid: str) -> str:
        f = next((f for f in self.scenario.terrain if f.id == fid), None)
        if f is None:
            return fid
        return f.name or "the " + f.type.value.replace("_", " ")

    def _objective_name(self, oid: str) -> str:
        o = self._objectives.get(oid)
        return (o.name if o is not None and o.name else oid)

    # -- the counts the verdicts and the report share ------------------------------

    def _present(self, pieces: Sequence[PieceView]) -> dict[str, int]:
        return {s: sum(1 for p in pieces if p.side == s and p.present) for s in self.side_ids}

    def _exited(self, c: ExitUnits, pieces: Sequence[PieceView]) -> tuple[Edge, int]:
        edge = c.edge or _opposite(self.baselines[c.side])
        return edge, sum(1 for p in pieces if p.side == c.side and p.exited is edge)

    def _break_at(self, c: ArmyBreak, side: str) -> int:
        """The units `side` may lose before `c` breaks it (it breaks at this many)."""
        return max(1, math.ceil(c.fraction * self.starting[side] - 1e-9))

    def _regulars(self, side: str, pieces: Sequence[PieceView]) -> tuple[bool, int]:
        """Whether `side` had line infantry, and how many of them are left."""
        had = any(p.side == side and p.type is UnitType.LINE_INFANTRY for p in pieces)
        left = sum(1 for p in pieces
                   if p.side == side and p.present and p.type is UnitType.LINE_INFANTRY)
        return had, left

    def _figures_in(self, c: OccupyFeature, pieces: Sequence[PieceView]) -> int | None:
        area = self._features.get(c.feature)
        if area is None:
            return None
        return sum(p.figures for p in pieces
                   if p.side == c.side and p.present and area.contains(SPoint(p.position)))

    def holders(self, pieces: Sequence[PieceView]) -> dict[str, str | None]:
        """Who holds each objective as the pieces stand (`holder` of each)."""
        return {oid: self.holder(oid, pieces) for oid in self._objectives}

    def _hold_ids(self, c: HoldObjectives) -> tuple[str, ...]:
        return c.objectives or tuple(self._objectives)

    # -- the two moments ---------------------------------------------------------

    def immediate(self, pieces: Sequence[PieceView]) -> Outcome | None:
        for c in self.conditions:
            if isinstance(c, ExitUnits):
                edge, n = self._exited(c, pieces)
                if n >= c.count:
                    return Outcome(c.side, f"{self._name(c.side)} moved {n} units off the "
                                           f"{edge.value} edge")
        losers: set[str] = set()
        reasons: list[str] = []
        present = self._present(pieces)
        for c in self.conditions:
            if isinstance(c, LastManStanding):
                for s in self.side_ids:
                    if present[s] == 0:
                        losers.add(s)
                        reasons.append(f"{self._does(s, 'has')} no units left")
            elif isinstance(c, ArmyBreak):
                for s in self.side_ids if c.side is None else [c.side]:
                    lost = self.starting[s] - present[s]
                    if self.starting[s] and lost >= self._break_at(c, s):
                        losers.add(s)
                        reasons.append(f"{self._name(s)} broke ({lost} of {self.starting[s]} "
                                       f"units lost)")
            elif isinstance(c, AllRegularsLost):
                for s in self.side_ids if c.side is None else [c.side]:
                    had, left = self._regulars(s, pieces)
                    if had and not left:
                        losers.add(s)
                        reasons.append(f"{self._does(s, 'has')} lost all {self._its(s)} "
                                       "line infantry")
        return self._winner_when_losing(losers, "; ".join(dict.fromkeys(reasons)))

    def end_of_turn(self, turn: int, pieces: Sequence[PieceView]) -> Outcome | None:
        """Judge the end of game turn `turn` (call after immediate())."""
        last = self.turn_limit is not None and turn >= self.turn_limit.turns
        if self.turn_limit is None or last:
            held = self._holding(pieces)
            if held is not None:
                return held
        if last and self.turn_limit is not None:
            winner, words = self._fallback()
            return Outcome(winner, f"turn limit reached after turn {turn}: {words}")
        return None

    def _fallback(self) -> tuple[str | None, str]:
        """Who the turn limit gives the game to, and how the referee says it."""
        fb = self.turn_limit.fallback if self.turn_limit is not None else "draw"
        if fb == "draw":
            return None, "a draw"
        if fb == "defender":
            d = self.scenario.game.defender
            if d is None:
                return None, "a draw"
            return d, "the defender holds"
        return fb, self._does(fb, "wins")

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
        winners = self._ground_met(pieces)
        sides = {w for w, _, _ in winners}
        if len(sides) == 1:
            return Outcome(winners[0][0], winners[0][1])
        return None

    def _ground_met(self, pieces: Sequence[PieceView],
                    holders: dict[str, str | None] | None = None,
                    ) -> list[tuple[str, str, VictoryCondition]]:
        """The ground conditions met as the pieces stand: (side, reason, condition)."""
        winners: list[tuple[str, str, VictoryCondition]] = []
        for c in self.conditions:
            if isinstance(c, HoldObjectives):
                ids = self._hold_ids(c)
                if holders is None:
                    holders = self.holders(pieces)
                for s in self.side_ids if c.side is None else [c.side]:
                    n = sum(1 for oid in ids if holders.get(oid) == s)
                    if n >= c.count:
                        winners.append((s, f"{self._does(s, 'holds')} {n} of {len(ids)} objectives",
                                        c))
            elif isinstance(c, OccupyFeature):
                figs = self._figures_in(c, pieces)
                if figs is not None and figs >= c.figures:
                    winners.append((c.side, f"{self._does(c.side, 'occupies')} "
                                            f"{self._feature_name(c.feature)}", c))
        return winners

    # -- the live state, in words (the victory panel) ---------------------------------

    def report(self, turn: int, pieces: Sequence[PieceView], *, limit: int | None = None,
               holders: Mapping[str, str | None] | None = None,
               hold_at_once: HoldObjectives | None = None,
               outcome: Outcome | None = None, noun: str = "unit") -> VictoryState:
        """Every condition the referee judges, for each side, with where it stands.

        `limit` is a ruleset's own turn limit where the scenario's judge has none
        (then the ground is judged at the end of every turn and the limit draws,
        as in `standing`).  `holders` are the objectives' holders where the
        ruleset keeps them itself (a side holds what it last passed through);
        `hold_at_once` a hold-objectives condition the ruleset judges after every
        action rather than at the turn's end.  `outcome` is the game's, once it
        is over.  `noun` is what the pieces are ("unit", or "figure").
        """
        own = self.holders(pieces) if holders is None else dict(holders)
        last = self.turn_limit.turns if self.turn_limit is not None else (
            limit if limit is not None and limit > 0 else None)
        every_turn = self.turn_limit is None
        ground_when = f"when turn {last} ends" if not every_turn else "at the end of any turn"
        objectives = tuple(
            ObjectiveState(o.id, self._objective_name(o.id), o.position, o.radius,
                           own.get(o.id))
            for o in self.scenario.game.objectives)
        goals: list[Goal] = []
        ground = self._ground_met(pieces, own)
        met_ground = {(id(c), s) for s, _, c in ground}
        for c in self.conditions:
            goals.extend(self._goals(c, pieces, own, ground_when, met_ground, noun))
        if hold_at_once is not None:
            goals.extend(self._hold_goals(hold_at_once, own, "at once", set(), force=True))
        fallback_side, fallback_words = self._fallback()
        limit_text = ""
        if last is not None:
            then = ("the battle is a draw" if fallback_side is None
                    else self._does(fallback_side, "wins"))
            limit_text = f"The battle ends after turn {last}; if no side has won by then, {then}."
            if fallback_side is not None and self.turn_limit is not None:
                goals.append(Goal(fallback_side, "Hold out until the last turn ends",
                                  _turns_to_go(turn, last), f"when turn {last} ends",
                                  met=True, fallback=True, kind="limit"))
        goals.sort(key=lambda g: GOAL_ORDER.get(g.kind, len(GOAL_ORDER)))
        # what would decide the game if it ended now
        if outcome is not None:
            winner, verdict = outcome.winner, _sentence(outcome.reason)
            over = True
        else:
            over = False
            sides_met = {s for s, _, _ in ground}
            if len(sides_met) == 1:
                s = ground[0][0]
                goals = [replace(g, deciding=True) if g.side == s and g.met and not g.fallback
                         and g.when == ground_when else g for g in goals]
                done = [g.achieved for g in goals if g.deciding and g.achieved]
                winner = s
                verdict = f"{self._name(s)} would win: {_and(done) or ground[0][1]}."
            else:
                cancel = ""
                if len(sides_met) > 1:
                    names = " and ".join(self._name(x) for x in sorted(sides_met))
                    cancel = f"{names} both meet a condition, which cancel out; "
                if last is None:
                    winner, verdict = None, cancel + "nobody has won yet."
                elif fallback_side is None:
                    winner, verdict = None, cancel + "a draw: no side has won."
                else:
                    winner = fallback_side
                    verdict = (cancel + f"{self._name(fallback_side)} would win: no side "
                               f"has met a condition, so {fallback_words}.")
                    goals = [replace(g, deciding=True) if g.fallback else g for g in goals]
                verdict = verdict[:1].upper() + verdict[1:]
        places = tuple(
            PlaceState(c.feature, self._feature_name(c.feature), c.side,
                       self._figures_in(c, pieces) or 0, c.figures)
            for c in self.conditions if isinstance(c, OccupyFeature))
        return VictoryState(turn, last, objectives, tuple(goals), winner, verdict,
                            limit_text, over, places)

    def _enemies(self, side: str | None) -> list[tuple[str, str]]:
        """(the side that would lose, the side whose goal that is) for each pair."""
        out = []
        for s in self.side_ids if side is None else [side]:
            for o in self._others(s):
                out.append((s, o))
        return out

    def _goals(self, c: VictoryCondition, pieces: Sequence[PieceView],
               holders: Mapping[str, str | None], ground_when: str,
               met_ground: set[tuple[int, str]], noun: str) -> list[Goal]:
        present = self._present(pieces)
        if isinstance(c, HoldObjectives):
            return self._hold_goals(c, holders, ground_when, met_ground)
        if isinstance(c, OccupyFeature):
            figs = self._figures_in(c, pieces) or 0
            place = self._feature_name(c.feature)
            need = c.figures - figs
            what = "figure" if c.figures == 1 else "figures"
            progress = (f"{figs} there now: enough" if need <= 0 else
                        f"{figs} there now; {need} more needed")
            return [Goal(c.side, f"Have {c.figures} {what} inside {place}", progress,
                         ground_when, met=(id(c), c.side) in met_ground,
                         achieved=f"{self._they(c.side, 'has')} {figs} "
                                  f"{_plural('figure', figs)} inside {place}",
                         kind="occupy")]
        if isinstance(c, ExitUnits):
            edge, n = self._exited(c, pieces)
            need = c.count - n
            units = "unit" if c.count == 1 else "units"
            return [Goal(c.side, f"Move {c.count} {units} off the {edge.value} edge",
                         f"{n} off so far" + (f"; {need} more needed" if need > 0 else ""),
                         "at once", met=need <= 0, kind="exit")]
        out: list[Goal] = []
        if isinstance(c, ArmyBreak):
            for loser, s in self._enemies(c.side):
                if not self.starting[loser]:
                    continue
                at = self._break_at(c, loser)
                lost = self.starting[loser] - present[loser]
                more = at - lost
                out.append(Goal(
                    s, f"Break {self._name(loser)}: {at} of {self._its(loser)} "
                       f"{self.starting[loser]} "
                       f"{noun}s lost",
                    f"{lost} lost so far" + (f"; {more} more breaks it" if more > 0 else ""),
                    "at once", met=more <= 0, kind="break"))
        elif isinstance(c, LastManStanding):
            for loser, s in self._enemies(None):
                if self._breaks(loser):
                    continue  # it breaks before it loses its last unit: no line of its own
                n = present[loser]
                out.append(Goal(s, f"Destroy every {noun} of {self._name(loser)}",
                                f"{n} {_plural(noun, n)} left", "at once", met=n == 0,
                                kind="destroy"))
        elif isinstance(c, AllRegularsLost):
            for loser, s in self._enemies(c.side):
                had, left = self._regulars(loser, pieces)
                if not had:
                    continue
                out.append(Goal(s, f"Destroy all the line infantry of {self._name(loser)}",
                                f"{left} line infantry {_plural(noun, left)} left", "at once",
                                met=left == 0, kind="regulars"))
        return out

    def _hold_goals(self, c: HoldObjectives, holders: Mapping[str, str | None], when: str,
                    met_ground: set[tuple[int, str]], force: bool = False) -> list[Goal]:
        ids = self._hold_ids(c)
        if not ids:
            return []
        out = []
        for s in self.side_ids if c.side is None else [c.side]:
            held = [oid for oid in ids if holders.get(oid) == s]
            names = [self._objective_name(oid) for oid in ids]
            if c.count >= len(ids):
                text = "Hold " + _and(names)
            else:
                text = f"Hold {c.count} of the {len(ids)} objectives"
            need = c.count - len(held)
            have = _and([self._objective_name(oid) for oid in held]) if held else "none"
            if need <= 0:
                progress = f"holds {have}: enough"
            elif c.count >= len(ids) and held:
                missing = [self._objective_name(oid) for oid in ids if oid not in held]
                progress = f"holds {have}; needs {_and(missing)} too"
            else:
                progress = f"holds {have}; needs {need} more"
            met = need <= 0 if force else (id(c), s) in met_ground
            out.append(Goal(s, text, progress, when, met=met,
                            achieved=f"{self._they(s, 'holds')} {have}", kind="hold"))
        return out

    def _breaks(self, side: str) -> bool:
        """An army-break condition applies to `side` (it breaks before it is wiped out)."""
        return any(isinstance(c, ArmyBreak) and (c.side is None or c.side == side)
                   and c.fraction <= 1.0 for c in self.conditions)

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


def _turns_to_go(turn: int, last: int) -> str:
    left = max(0, last - turn)
    if left == 0:
        return "this is the last turn"
    return f"this turn and {left} more"


def _plural(noun: str, n: int) -> str:
    return noun if n == 1 else noun + "s"


def _and(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _opposite(edge: Edge) -> Edge:
    from desktop.scenario.vocabulary import OPPOSITE_EDGE

    return OPPOSITE_EDGE[edge]
