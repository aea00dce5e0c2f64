"""The score of a position for one side: what every computer level weighs.

It needs nothing from a ruleset beyond the play view's common answers
(`strength`, `pieces`, `pending_losses`, `pending_removals`, `supplies`) and
the scenario's objectives and victory conditions:

- the end of the game, won or lost, outweighs everything;
- the side's share of the strength still on the table (hits still to take,
  figures, Combat Value: whatever the ruleset wears down), the fights
  already on it at their expected result;
- each place the scenario's victory turns on (its objectives, a feature to
  occupy, the edge to leave by), held by degrees by the side nearer it;
- a pull towards the nearest such place (or the nearest enemy when there is
  none), so that the side does not sit still waiting for the dice; the
  distance is walked round rivers and lakes (desktop.play.goalfield).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

from desktop.play.goalfield import GoalField, goal_field
from desktop.rules.engine import Game
from desktop.rules.view import PlayView, view_of
from desktop.rules.view_values import PRESENT, PieceInfo
from desktop.scenario.geometry import circle, shape_area, shape_bounds
from desktop.scenario.model import (
    AllRegularsLost,
    ArmyBreak,
    ExitUnits,
    LastManStanding,
    OccupyFeature,
    Scenario,
)
from desktop.scenario.vocabulary import Edge, UnitType
from desktop.table.shapes import angle_diff, bearing

Point = tuple[float, float]


@dataclass(frozen=True)
class Weights:
    """How much each part of a position is worth (see the module's docstring)."""

    win: float = 1000.0
    strength: float = 100.0
    objective: float = 15.0
    #: Per inch of the average distance from a unit to where it should go.
    pull: float = 0.4
    #: Per inch from each place to hold to the side's nearest piece: someone
    #: must go to each, not only to the nearest one (the average pull above
    #: sends every piece to the same place).
    lead: float = 0.25
    #: A losing condition (an army's break, its last line infantry, its last
    #: piece): this much divided by what the side has still to lose before it.
    breaking: float = 40.0
    #: What a side has left to spend that the rules ration (`PlayView.supplies`,
    #: cannonballs), over the strength on the table, less the enemy's.  A kill
    #: moves the side's share by about half a man over the strength (two even
    #: sides), so at 20 a ball is worth two fifths of a kill: a shot is taken,
    #: at the least cost.
    supply: float = 20.0
    #: Per unit whose nearest enemy unit lies outside every arc it attacks in
    #: (`PlayView.weapons`), at its full worth when that enemy is straight behind
    #: (see `_aim`): a gun on a hill facing away from the battle, a battalion
    #: ending a march with its back to the enemy.
    aim: float = 1.0


#: How much nearer (inches) to a place to hold than the enemy's nearest a side's
#: nearest piece must be for the place to count as all its own (see `terms`).
NEARER = 6.0


#: Spacing (inches) of the points that stand for a table edge to leave by.
EDGE_STEP = 6.0


def _edge_points(scenario: Scenario, edge: Edge) -> list[Point]:
    w, d = scenario.table.width, scenario.table.depth
    if edge in (Edge.NORTH, Edge.SOUTH):
        y = 0.0 if edge is Edge.NORTH else d
        return [(x * EDGE_STEP, y) for x in range(int(w // EDGE_STEP) + 1)]
    x = 0.0 if edge is Edge.WEST else w
    return [(x, y * EDGE_STEP) for y in range(int(d // EDGE_STEP) + 1)]


@dataclass(frozen=True)
class Goals:
    """Where the victory conditions send a side: places to hold against the enemy,
    places to make for, and areas to fill with figures (bounds, how many)."""

    hold: list[Point]
    go: list[Point]
    occupy: list[tuple[tuple[float, float, float, float], int]]
    #: The conditions that make a side lose as it wears down: (the side, or None
    #: for both; "break" with the fraction of its pieces, "regulars" or "last").
    losing: tuple[tuple[str | None, str, float], ...] = ()
    #: The radius of each place in `hold` that is an objective's marker (None for
    #: the middle of a feature): a side holds it when it alone touches it.
    radii: tuple[float | None, ...] = ()


def goals_for(scenario: Scenario, side: str) -> Goals:
    """`side`'s goals from the scenario's objectives and victory conditions: every
    objective; a feature to occupy (its own to fill and make for, the enemy's to
    hold against them); the edge its units must leave by."""
    hold: list[Point] = [o.position for o in scenario.game.objectives]
    go: list[Point] = list(hold)
    occupy: list[tuple[tuple[float, float, float, float], int]] = []
    losing: list[tuple[str | None, str, float]] = []
    features = {f.id: f for f in scenario.terrain}
    for cond in scenario.game.victory:
        if isinstance(cond, ArmyBreak):
            losing.append((cond.side, "break", cond.fraction))
        elif isinstance(cond, AllRegularsLost):
            losing.append((cond.side, "regulars", 0.0))
        elif isinstance(cond, LastManStanding):
            losing.append((None, "last", 0.0))
        elif isinstance(cond, OccupyFeature) and cond.feature in features:
            box = shape_bounds(features[cond.feature].shape)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            hold.append(centre)
            if cond.side == side:
                go.append(centre)
                occupy.append((box, max(1, cond.figures)))
        elif isinstance(cond, ExitUnits) and cond.side == side:
            enemy = next((s.baseline for s in scenario.sides if s.id != side), None)
            edge = cond.edge or enemy
            if edge is not None:
                go.extend(_edge_points(scenario, edge))
    radii: list[float | None] = [o.radius for o in scenario.game.objectives]
    radii += [None] * (len(hold) - len(radii))
    return Goals(hold, go, occupy, tuple(losing), tuple(radii))


@dataclass(frozen=True)
class _Plan:
    """What a side's score reads that does not change within a game: its goals, the
    walking field to the places it must make for, and one per area to fill."""

    goals: Goals
    field: GoalField | None
    occupy_fields: tuple[GoalField, ...]
    #: The units of line infantry (a losing condition may count them).
    regulars: frozenset[str]
    #: Whether each piece is of one of them, filled in as pieces are met.
    regular_pieces: dict[str, bool] = dataclasses.field(default_factory=dict)
    #: The walking field to each place to hold, in the order of `goals.hold`.
    hold_fields: tuple[GoalField, ...] = ()
    #: What the score reads of a piece at a point, by (x, y, reach): see `_spot`.
    spots: dict[tuple[float, float, float], _Spot] = dataclasses.field(default_factory=dict)
    #: The walking distances from a point, by (x, y): see `_walk`.
    walks: dict[tuple[float, float], _Walk] = dataclasses.field(default_factory=dict)
    #: What the score reads of each piece met, by the identity of its PieceInfo.
    pieces: dict[int, _PieceRead] = dataclasses.field(default_factory=dict)
    #: The places a move may reach to win ground: each objective's marker (a
    #: disc) and each area the side must fill.
    reach: tuple[BaseGeometry, ...] = ()
    #: The widest arc (half angle, degrees) each piece met attacks in, by the
    #: identity of its PieceInfo (None: it attacks in none, or all round).
    arcs: dict[int, tuple[PieceInfo, float | None]] = dataclasses.field(default_factory=dict)


#: Plans made, keyed by the scenario's identity and the side; the scenario is kept
#: alive with its plan so that its id cannot be reused by another.
_PLANS: dict[tuple[int, str], tuple[Scenario, _Plan]] = {}
_MAX_PLANS = 16


def _plan(scenario: Scenario, side: str) -> _Plan:
    key = (id(scenario), side)
    found = _PLANS.get(key)
    if found is not None and found[0] is scenario:
        return found[1]
    goals = goals_for(scenario, side)
    walking = goal_field(scenario, goals.go) if goals.go else None
    occupy = tuple(goal_field(scenario, [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)])
                   for b, _ in goals.occupy)
    regulars = frozenset(u.id for _, u in scenario.all_units()
                         if u.type is UnitType.LINE_INFANTRY)
    features = {f.id: f for f in scenario.terrain}
    reach = [circle(o.position, o.radius) for o in scenario.game.objectives]
    reach += [shape_area(features[c.feature].shape) for c in scenario.game.victory
              if isinstance(c, OccupyFeature) and c.side == side and c.feature in features]
    plan = _Plan(goals, walking, occupy, regulars,
                 hold_fields=tuple(goal_field(scenario, [g]) for g in goals.hold),
                 reach=tuple(reach))
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[key] = (scenario, plan)
    return plan


def _nearest_sq(p: Point, points: Sequence[Point]) -> float:
    """The squared distance from `p` to the nearest of `points` (inf if none)."""
    x, y = p
    return min(((x - a) ** 2 + (y - b) ** 2 for a, b in points), default=math.inf)


def _walks(field: GoalField, points: Sequence[Point], goals: Sequence[Point]) -> list[float]:
    """Walking distance from each point to the nearest goal; where none can be
    reached (a piece cut off by water), three times the straight line."""
    out = field.distances(points)
    return [d if d < math.inf else 3 * math.sqrt(_nearest_sq(p, goals))
            for d, p in zip(out, points, strict=True)]


@dataclass(frozen=True)
class _Spot:
    """What the score reads of a piece standing at one point with one reach, for one
    side's plan: worked out once per point and kept (`_Plan.spots`), since a
    look-ahead copy moves one piece and leaves the others where they were."""

    #: The squared straight distance to each place in `goals.hold`.
    sq: tuple[float, ...]
    #: Whether the piece touches each place that is a marker, bit i for place i
    #: (never for the places that are not markers).
    touch: int


@dataclass(frozen=True)
class _Walk:
    """The walking distances the score reads from one point (`_Plan.walks`): to
    each place to hold, to each area to fill, and to the nearest place to go."""

    hold: tuple[float, ...]
    occupy: tuple[float, ...]
    go: float


#: Points kept per plan before the store is emptied (continuous tables never
#: repeat a point exactly; a square grid repeats them all game).
_MAX_SPOTS = 50_000


def _spot(plan: _Plan, x: float, y: float, reach: float) -> _Spot:
    """`_Spot` of a piece at (x, y) reaching `reach` beyond its centre, kept."""
    key = (x, y, reach)
    got = plan.spots.get(key)
    if got is None:
        if len(plan.spots) >= _MAX_SPOTS:
            plan.spots.clear()
        goals = plan.goals
        sq = tuple([(gx - x) ** 2 + (gy - y) ** 2 for gx, gy in goals.hold])
        touch = sum(1 << i for i, ((gx, gy), r) in enumerate(zip(goals.hold, goals.radii,
                                                                  strict=True))
                    if r is not None and _touches(gx, gy, r, [(x, y)], [reach]))
        got = plan.spots[key] = _Spot(sq, touch)
    return got


def _walk(plan: _Plan, x: float, y: float) -> _Walk:
    """`_Walk` from (x, y), kept."""
    key = (x, y)
    got = plan.walks.get(key)
    if got is None:
        if len(plan.walks) >= _MAX_SPOTS:
            plan.walks.clear()
        goals, p = plan.goals, [(x, y)]
        hold = tuple([_walks(f, p, [g])[0]
                      for g, f in zip(goals.hold, plan.hold_fields, strict=True)])
        occupy = tuple([_walks(f, p, [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)])[0]
                        for f, (b, _) in zip(plan.occupy_fields, goals.occupy, strict=True)])
        go = _walks(plan.field, p, goals.go)[0] if plan.field is not None else math.inf
        got = plan.walks[key] = _Walk(hold, occupy, go)
    return got


#: What the score reads of one piece (`_piece`): the piece itself (the key is its
#: identity: the play views hand back the same object while a piece is unchanged),
#: whether it is a unit, whether it is present, its side, its place, its `_Spot`
#: (None when not present, or when it can hold no ground: `PlayView.no_ground`)
#: and whether it is of the line infantry.
_PieceRead = tuple[PieceInfo, bool, bool, str, Point, _Spot | None, bool]


def _piece(plan: _Plan, p: PieceInfo, unit_of: Callable[[str], str] | None,
           no_ground: frozenset[str]) -> _PieceRead:
    """`_PieceRead` of `p` for the side of `plan` (a piece whose status is in
    `no_ground` stands nowhere for the ground the score reads: no spot)."""
    present = p.status in PRESENT
    spot = None
    if present and p.kind != "officer" and p.status not in no_ground:
        # How far beyond its centre the piece reaches (half its narrower side).
        reach = (p.frontage if p.frontage < p.depth else p.depth) / 2
        spot = _spot(plan, p.x, p.y, reach)
    regular = plan.regular_pieces.get(p.id)
    if regular is None:
        regular = plan.regular_pieces[p.id] = \
            (unit_of(p.id) if unit_of else p.id) in plan.regulars
    return (p, p.kind != "officer", present, p.side, (p.x, p.y), spot, regular)


@dataclass(frozen=True)
class Terms:
    """The score's parts before weighing: what each weight of `Weights` multiplies."""

    strength: float
    objective: float
    pull: float
    lead: float
    breaking: float
    #: A losing condition the game will complete on its own (pieces past their
    #: limit, fights to be rolled): its chance, for or against, weighed as the
    #: end of the game is.
    doom: float = 0.0
    supply: float = 0.0
    aim: float = 0.0

    def weighed(self, weights: Weights) -> float:
        return (weights.strength * self.strength + weights.objective * self.objective
                + weights.pull * self.pull + weights.lead * self.lead
                + weights.breaking * self.breaking + weights.win * self.doom
                + weights.supply * self.supply + weights.aim * self.aim)


def score(game: Game, side: str, weights: Weights = Weights()) -> float:
    """How good `game` looks for `side`: higher is better."""
    outcome = game.outcome
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return weights.win if outcome.winner == side else -weights.win
    return terms(game, side).weighed(weights)


def terms(game: Game, side: str) -> Terms:
    """The score's parts for `side` in a game not over (see `score`)."""
    adapter = view_of(game)
    _, strength = adapter.strength()
    strength_t = expected_share(adapter, side, strength)
    supply_t = _supply(adapter, side, sum(strength.values()))
    objective_t = pull_t = lead_t = breaking_t = doom_t = 0.0
    plan = _plan(game.scenario, side)
    goals = plan.goals
    # One pass over the pieces gathers what every term below reads: where each
    # side's pieces stand and, for the losing conditions, what each side has.
    own: list[Point] = []
    enemy: list[Point] = []
    aiming: list[tuple[PieceInfo, float]] = []  # own units with an arc, and its half
    own_spots: list[_Spot] = []
    enemy_spots: list[_Spot] = []
    own_touch = enemy_touch = 0  # the markers each side's pieces touch (bits)
    # side -> [pieces, present, present regulars], a piece counted present
    # less its chance of being removed by what the game settles on its own
    counts: dict[str, list[float]] = {}
    had_regulars: set[str] = set()
    losing = bool(goals.losing)
    unit_of = adapter.unit_of if losing else None
    doomed = adapter.pending_removals() if losing else {}
    pieces = plan.pieces
    if len(pieces) >= _MAX_SPOTS:
        pieces.clear()
    for p in adapter.pieces().values():
        got = pieces.get(id(p))
        if got is None or got[0] is not p:
            got = pieces[id(p)] = _piece(plan, p, unit_of, adapter.no_ground)
        _, unit, present, p_side, xy, spot, regular = got
        if not unit:
            continue
        if spot is not None:  # (a unit present that can hold ground)
            if p_side == side:
                half = _arc(plan, adapter, p)
                if half is not None:
                    aiming.append((p, half))
                own.append(xy)
                own_spots.append(spot)
                own_touch |= spot.touch
            else:
                enemy.append(xy)
                enemy_spots.append(spot)
                enemy_touch |= spot.touch
        if not losing:
            continue
        c = counts.get(p_side)
        if c is None:
            c = counts[p_side] = [0, 0, 0]
        c[0] += 1
        if regular:
            had_regulars.add(p_side)
        if present:
            stays = 1.0 - doomed.get(p.id, 0.0) if doomed else 1.0
            c[1] += stays
            if regular:
                c[2] += stays
    if losing:
        breaking_t, doom_t = _nearer_losing(counts, had_regulars, plan, side)
    objective_t = _places_held(goals, own_touch, enemy_touch, own_spots, enemy_spots)
    own_walks = [_walk(plan, x, y) for x, y in own]
    if own:
        for i in range(len(goals.hold)):
            lead_t -= min([w.hold[i] for w in own_walks])
    if goals.occupy:
        objective_t, pull_t = _areas_filled(goals, own, own_walks, objective_t)
    if own and plan.field is not None:
        pull_t -= sum([w.go for w in own_walks]) / len(own)
    elif own and enemy:
        pull_t -= sum(math.sqrt(_nearest_sq(p, enemy)) for p in own) / len(own)
    aim_t = _aim(aiming, enemy) if aiming and enemy else 0.0
    return Terms(strength_t, objective_t, pull_t, lead_t, breaking_t, doom_t, supply_t, aim_t)


def _arc(plan: _Plan, adapter: PlayView, p: PieceInfo) -> float | None:
    """The widest arc `p` attacks in (`PlayView.weapons`, half angle), kept per
    piece; None when it attacks in none or all round (facing does not matter)."""
    got = plan.arcs.get(id(p))
    if got is None or got[0] is not p:
        if len(plan.arcs) >= _MAX_SPOTS:
            plan.arcs.clear()
        halves = [w.half_angle for w in adapter.weapons(p.id)]
        half = max(halves) if halves and max(halves) < 180.0 else None
        got = plan.arcs[id(p)] = (p, half)
    return got[1]


def _aim(aiming: Sequence[tuple[PieceInfo, float]], enemy: Sequence[Point]) -> float:
    """Minus, for each unit with an arc, how far its nearest enemy unit lies outside
    it: 0 inside, 1 straight behind, in proportion between (so a pivot of a few
    degrees within the arc gains nothing, and one that brings the enemy into it
    does)."""
    total = 0.0
    for p, half in aiming:
        x, y = p.x, p.y
        near = min(enemy, key=lambda e: (e[0] - x) ** 2 + (e[1] - y) ** 2)
        if near == (x, y):
            continue
        off = abs(angle_diff(bearing((x, y), near), p.facing))
        if off > half:
            total -= (off - half) / (180.0 - half)
    return total


def expected_share(adapter: PlayView, side: str, strength: dict[str, float]) -> float:
    """The side's share of the strength on the table once the fights already on it
    are settled (`PlayView.pending_losses`: hits to be taken off at a phase's end,
    hand to hand at a turn's end), at their exact expected result: a shot that
    will eliminate a unit at the phase's end counts now, not after it.
    `strength` is the view's `strength()`, read once by the caller."""
    pending = adapter.pending_losses()
    mine = max(0.0, strength.get(side, 0.0) - pending.get(side, 0.0))
    total = sum(max(0.0, v - pending.get(s, 0.0)) for s, v in strength.items())
    return mine / total if total > 0 else 0.5


def _supply(adapter: PlayView, side: str, total: float) -> float:
    """The side's rationed supplies less the enemy's, over `total`, the strength
    on the table (see `Weights.supply`); 0 where the ruleset rations nothing."""
    supplies = adapter.supplies()
    if not supplies or total <= 0:
        return 0.0
    mine = supplies.get(side, 0.0)
    return (mine - (sum(supplies.values()) - mine)) / total


def _touches(gx: float, gy: float, radius: float, points: Sequence[Point],
             reach: Sequence[float]) -> bool:
    """Whether any of `points` (pieces reaching `reach` beyond their centres) is
    within `radius` of (gx, gy)."""
    for (x, y), r in zip(points, reach, strict=True):
        if (x - gx) ** 2 + (y - gy) ** 2 <= (radius + r) ** 2:
            return True
    return False


def _nearer_losing(counts: dict[str, list[float]], had_regulars: set[str], plan: _Plan,
                   side: str) -> tuple[float, float]:
    """The losing conditions: each side's term is one over what it
    has still to lose before the condition ends the game (the enemy's counts for,
    the side's own against), so the last few pieces that matter weigh the most.
    `counts` holds each side's pieces, those present and its regulars present
    (less their chance of removal by what is pending).  Second, the doom: where
    what is pending leaves less than one piece to go, the part of one that is
    short -- the chance, for one uncertain removal, that the game ends so."""
    value = doom = 0.0
    for who, kind, fraction in plan.goals.losing:
        for s in counts if who is None else [who]:
            pieces, present, regulars = counts.get(s, (0, 0, 0))
            if kind == "break":
                lost = pieces - present
                to_go = math.ceil(fraction * pieces - 1e-9) - lost
            elif kind == "regulars":
                if s not in had_regulars:
                    continue
                to_go = regulars
            else:
                to_go = present
            term = 1.0 / max(1.0, to_go)
            short = min(1.0, 1.0 - to_go) if to_go < 1.0 - 1e-9 else 0.0
            value += term if s != side else -term
            doom += short if s != side else -short
    return value, max(-1.0, min(1.0, doom))


def _places_held(goals: Goals, own_touch: int, enemy_touch: int, own_spots: list[_Spot],
                 enemy_spots: list[_Spot]) -> float:
    """The objective term's places: each held outright, or by degrees of nearness."""
    objective_t = 0.0
    for i, radius in enumerate(goals.radii):
        if radius is not None:
            # A marker: held by the side that alone touches it; when neither does,
            # half as much to the side nearer it.
            ours_in = own_touch >> i & 1
            theirs_in = enemy_touch >> i & 1
            if ours_in or theirs_in:
                if not theirs_in:
                    objective_t += 1
                elif not ours_in:
                    objective_t -= 1
                continue
            worth = 0.5
        else:
            worth = 1.0
        ours = min([t.sq[i] for t in own_spots], default=math.inf)
        theirs = min([t.sq[i] for t in enemy_spots], default=math.inf)
        if ours == theirs:
            continue
        if ours == math.inf or theirs == math.inf:
            objective_t += worth if ours < theirs else -worth
            continue
        # Nearer by a move or more holds it; a step nearer, a step of it (not
        # all of it for a lone man an inch ahead of the enemy's).
        ahead = (math.sqrt(theirs) - math.sqrt(ours)) / NEARER
        objective_t += worth * (1.0 if ahead >= 1.0 else -1.0 if ahead <= -1.0 else ahead)
    return objective_t


def _areas_filled(goals: Goals, own: list[Point], own_walks: list[_Walk],
                  objective_t: float) -> tuple[float, float]:
    """The areas to fill: `objective_t` with the share of each filled added, and
    the pull on the pieces nearest each one still short."""
    pull_t = 0.0
    for j, ((x0, y0, x1, y1), need) in enumerate(goals.occupy):
        inside = sum(1 for x, y in own if x0 <= x <= x1 and y0 <= y <= y1)
        objective_t += 2 * min(inside, need) / need
        # The pieces nearest the area are the ones to fill it: pull them in, not
        # only the side's average (a few figures of many barely move that).
        if inside < need < len(own):  # (an area for all the pieces: the pull below)
            lead = sorted([w.occupy[j] for w in own_walks])[:need]
            pull_t -= sum(lead) / len(lead)
    return objective_t, pull_t
