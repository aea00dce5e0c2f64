"""The D3 game: state, legality, resolution."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds
from desktop.rules.chance import Chance
from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Accept, Charge, D3Action, End, Move, Reroll, Shoot, parse

# the dice's meaning, under the names other modules knew them by here
from desktop.rules.d3.dice import activation_passes as activation_passes
from desktop.rules.d3.dice import charge_hits as charge_hits
from desktop.rules.d3.dice import shooting_hits as shooting_hits
from desktop.rules.d3.odds import odds_chart
from desktop.rules.d3.pieces import ACTIVE, DISORDERED, ELIMINATED, EXITED, Footprints, Piece
from desktop.rules.d3.sampler import sample_moves
from desktop.rules.d3.words import count, firing_type, inches, move_words
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
    SizeLimits,
)
from desktop.rules.options import Choice, side_choices, turn_limit_option
from desktop.rules.piece_view import PieceView
from desktop.rules.placement import forbidden_ground
from desktop.rules.position_cache import PositionCache
from desktop.rules.start import StartField
from desktop.rules.victory import VictoryJudge
from desktop.scenario.lint import LintProblem
from desktop.scenario.model import ExitUnits, LastManStanding, Scenario
from desktop.scenario.vocabulary import OPPOSITE_EDGE, Edge, TerrainType, UnitType
from desktop.table.movement import (
    OBB,
    SHRINK,
    Access,
    Blockers,
    MovePlan,
    Placement,
    check_move,
    contact_distance,
    obb,
    obb_closer_than,
    obb_depth,
)
from desktop.table.shapes import (
    Aspect,
    angle_diff,
    arc_aim,
    arc_part_coords,
    aspect,
    bearing,
    corners,
    distance,
    forward,
    nearest_on_convex,
    point_distance,
    rounded,
)
from desktop.table.sight import (
    Obstacles,
    Sight,
    SightRequest,
    line_of_sight,
    line_of_sight_many,
    sight_reasons,
)
from desktop.table.terrain import AREA_EPS, TerrainIndex

Point = tuple[float, float]

MOVEMENT = "movement"
SHOOTING = "shooting"
HAND_TO_HAND = "hand_to_hand"
ELIMINATION = "elimination"



@dataclass(frozen=True)
class UnitArrays:
    """The present units, with their bases, skirmisher flags, centres and radii."""

    units: list[Piece]
    skirm: list[bool]
    #: (x, y, radius of the circle round the base) for each unit.
    circles: list[tuple[float, float, float]]
    obbs: list[OBB]


@dataclass(frozen=True)
class Pending:
    """A failed activation that a general could re-roll: the action waits."""

    action: Move | Charge | Shoot
    unit: str
    generals: tuple[str, ...]


class D3Game(Game):
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
        #: Helpers' caches keyed by the number of actions applied (see sampler).
        self.scratch: dict[str, Any] = {}
        self.events.extend(self._start_player_turn())
        self._judge_immediate(self.events)

    # -- state ---------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return OVER if self._outcome is not None else self._phase

    @property
    def side(self) -> str | None:
        return None if self._outcome is not None else self.order[self._side_index]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def units(self, side: str | None = None, present: bool = True) -> list[Piece]:
        """Units (not generals), of one side or all, on the table unless `present`
        is False.  The lists of units on the table are cached until something
        moves or leaves; do not change them."""
        if not present:
            return [p for p in self.pieces.values()
                    if not p.is_general and (side is None or p.side == side)]
        key = side or ""
        got = self._present.get(key)
        if got is None:
            got = self._present[key] = [
                p for p in self.pieces.values()
                if not p.is_general and (side is None or p.side == side) and p.present]
        return got

    def generals(self, side: str | None = None) -> list[Piece]:
        return [p for p in self.pieces.values()
                if p.is_general and (side is None or p.side == side)]

    def enemy_of(self, side: str) -> str:
        return self.order[1] if side == self.order[0] else self.order[0]

    def _moved(self, p: Piece | None = None) -> None:
        """Something moved (`p`, when only it did): forget what depends on where
        pieces stand (the lists of units on the table depend only on who is on
        it: see `_gone`).  Obstacles, the shot table and the units' arrays hold
        units only, so a general's move keeps them; a unit's move updates its
        own entries in the arrays."""
        if p is not None and p.is_general:
            return
        self._obstacles = None
        self._shots = None
        arr = self._unit_arrays
        if p is None or arr is None:
            self._unit_arrays = None
            return
        for i, q in enumerate(arr.units):
            if q is p:
                arr.circles[i] = (p.x, p.y, math.hypot(p.frontage, p.depth) / 2.0)
                arr.obbs[i] = p.obb()
                return
        self._unit_arrays = None

    def _gone(self) -> None:
        """A unit left the table (eliminated or exited)."""
        self._present = {}
        self._moved()

    def obstacles(self) -> Obstacles:
        if self._obstacles is None:
            us = self.units()
            self._obstacles = Obstacles(Footprints(us), [u.id for u in us],
                                        rects=[u.corners() for u in us])
        return self._obstacles

    # -- geometry helpers -------------------------------------------------------------

    def in_cover(self, target: Piece, origin: Point | None = None) -> bool:
        covered = target._here.get("cover")
        if covered is None:  # depends only on where the target stands
            fp = target.fp()
            covered = target._here["cover"] = bool(
                self.terrain.bbox_candidates(*fp.bounds)
                and self.terrain.fraction_in(fp, R.COVER_TYPES)
                >= R.COVER_AREA_FRACTION - 1e-9)
        if covered:
            return True
        if origin is not None:
            # Depends only on where the target stands and where the shot comes
            # from: kept with the target's place, which its copies share (the
            # computer weighs a shot on dozens of copies).
            behind: dict[Point, bool] | None = target._here.get("walls")
            if behind is None:
                behind = target._here["walls"] = {}
            got = behind.get(origin)
            if got is None:
                got = behind[origin] = self._behind_wall(target, origin)
            return got
        return False

    def _behind_wall(self, target: Piece, origin: Point) -> bool:
        """Whether a wall near `target` lies across the line from `origin`."""
        fp = target.fp()
        minx, miny, maxx, maxy = fp.bounds
        minx, maxx = min(minx, origin[0]), max(maxx, origin[0])
        miny, maxy = min(miny, origin[1]), max(maxy, origin[1])
        if not self.terrain.bbox_candidates(minx, miny, maxx, maxy):
            return False
        walls = self.terrain.features_hit(
            LineString([origin, _nearest(origin, fp)]), R.WALL_TYPES
        )
        for f in walls:
            area = self.terrain.areas[self.terrain.by_id[f.id]]
            if float(area.distance(fp)) <= R.WALL_COVER_DISTANCE:
                return True
        return False

    def on_hill(self, p: Piece) -> bool:
        got = p._here.get("hill")
        if got is None:
            got = p._here["hill"] = self._stands_in(p.pos, R.HILL_TYPES)
        return bool(got)

    def in_town(self, p: Piece) -> bool:
        got = p._here.get("town")
        if got is None:
            got = p._here["town"] = self._stands_in(p.pos, R.TOWN_TYPES)
        return bool(got)

    def _stands_in(self, pos: Point, types: frozenset[TerrainType]) -> bool:
        """Is the point in (or on the edge of) a feature of these types?  The
        features' boxes in plain arithmetic, then the prepared area itself
        (TerrainIndex.contains_point asks the STRtree with a new Point)."""
        x, y = pos
        boxes = self._feature_boxes()
        for i in self._of_types(types):
            x0, y0, x1, y1 = boxes[i]
            if x0 <= x <= x1 and y0 <= y <= y1 and shapely.intersects_xy(
                    self.terrain.areas[i], x, y):
                return True
        return False

    def _of_types(self, types: frozenset[TerrainType]) -> list[int]:
        got = self._features_of.get(types)
        if got is None:
            got = self._features_of[types] = [
                i for i, k in enumerate(self.terrain.types) if k in types]
        return got

    def _exempt_features(self, *pieces: Piece) -> list[int]:
        out: list[int] = []
        for p in pieces:
            got = p._here.get("sight")
            if got is None:
                got = p._here["sight"] = [
                    i for i in self.terrain.indices_hit(p.fp())
                    if self.terrain.types[i] in R.SIGHT_BLOCKING
                ]
            out.extend(got)
        return out

    def can_see(self, shooter: Piece, target: Piece, clip: BaseGeometry | None = None) -> bool:
        """Line of sight from the shooter's front centre to (part of) the target."""
        aim = target.fp() if clip is None else clip
        if aim.geom_type != "Polygon":
            aim = aim.convex_hull
        return line_of_sight(
            shooter.front_centre(), aim, self.terrain, R.SIGHT_BLOCKING, self.obstacles(),
            exclude=(shooter.id, target.id),
            exempt_features=self._exempt_features(shooter, target),
        )

    def sight_of(self, shooter: Piece, target: Piece,
                 names: dict[str, str] | None = None) -> Sight:
        """`can_see` with its reasons: the lines tried and what blocks each, by
        name (desktop.table.sight); its verdict is `can_see`'s."""
        seen = self.can_see(shooter, target)
        got = sight_reasons(
            shooter.front_centre(), target.fp(), self.terrain, R.SIGHT_BLOCKING,
            [(u.id, u.fp()) for u in self.units()], exclude=(shooter.id, target.id),
            exempt_features=self._exempt_features(shooter, target), names=names)
        return got if got.clear == seen else Sight(seen, got.lines)

    def _fire_geometry(self, shooter: Piece, target: Piece) -> tuple[Point, ...] | str:
        """Range and field of fire: the part of the target the shooter may aim at
        (the vertices of a convex polygon), or why there is none."""
        assert shooter.type is not None
        rng = R.SHOOTING_RANGE[shooter.type]
        fc = shooter.front_centre()
        tc = target.corners()
        dist = nearest_on_convex(fc, tc)[1]
        if dist > rng + 1e-9:
            return (f"{target.id} is {inches(dist)} away; {shooter.id} has a range of "
                    f"{inches(rng)}")
        half = self.field_of_fire(shooter)
        clip = arc_part_coords(fc, shooter.facing, half, rng, tc)
        if clip is None:
            return f"{target.id} is outside the field of fire of {shooter.id}"
        return tuple(clip)

    def _sight_request(self, shooter: Piece, target: Piece,
                       aim: tuple[Point, ...]) -> SightRequest:
        return SightRequest(shooter.front_centre(), aim, (shooter.id, target.id),
                            tuple(self._exempt_features(shooter, target)))

    def fire_problem(self, shooter: Piece, target: Piece) -> str | None:
        """Field of fire, range and sight (not the unit's state)."""
        geo = self._fire_geometry(shooter, target)
        if isinstance(geo, str):
            return geo
        seen = line_of_sight_many([self._sight_request(shooter, target, geo)], self.terrain,
                                  R.SIGHT_BLOCKING, self.obstacles())[0]
        return None if seen else f"{shooter.id} cannot see {target.id}"

    def shot_table(self) -> dict[str, list[str]]:
        """Targets each unit of the side to act that is still ready to shoot could
        shoot at, geometry only (cached until something moves; readiness only
        ever ends during a shooting phase).  Sight for every pair is answered in
        one batch."""
        if self._shots is None:
            side = self.order[self._side_index]
            enemies = self.units(self.enemy_of(side))
            table: dict[str, list[str]] = {}
            pairs: list[tuple[str, str]] = []
            reqs: list[SightRequest] = []
            shooters = [u for u in self.units(side)
                        if u.type is not None and u.type is not UnitType.CAVALRY
                        and self._unit_ready(u, "shoot") is None]
            for u in shooters:
                table[u.id] = []
            if shooters and enemies:
                # a cheap screen for each pair: centres within range plus the
                # target's half diagonal, and the target's bounding circle touching
                # the arc (units in a town fire all round); plain arithmetic (a
                # dozen numpy calls on 12 x 12 pairs cost more than the loop)
                halves = [(e, e.x, e.y, math.hypot(e.frontage, e.depth) / 2.0)
                          for e in enemies]
                for u in shooters:
                    fc = u.front_centre()
                    fx, fy = fc
                    reach = _shooting_range(u)
                    all_round = self.in_town(u)
                    for e, ex, ey, er in halves:
                        dx, dy = ex - fx, ey - fy
                        d = math.hypot(dx, dy)
                        if d > reach + er + 1e-6:
                            continue
                        if not all_round and d > er:
                            spread = math.degrees(math.asin(min(max(er / max(d, 1e-9), 0.0),
                                                                1.0)))
                            off = abs((math.degrees(math.atan2(dx, -dy)) - u.facing + 180.0)
                                      % 360.0 - 180.0)
                            if off > R.FIELD_OF_FIRE + spread + 1e-6:
                                continue
                        aim = arc_aim(fc, u.facing, 180.0 if all_round else R.FIELD_OF_FIRE,
                                      reach, e.corners())
                        if aim is not None:
                            part, near = aim
                            cx = sum(v[0] for v in part) / len(part)
                            cy = sum(v[1] for v in part) / len(part)
                            pairs.append((u.id, e.id))
                            reqs.append(SightRequest(
                                fc, tuple(part), (u.id, e.id),
                                tuple(self._exempt_features(u, e)), (near, (cx, cy))))
            seen = self._sight_many(reqs)
            for (uid, eid), ok in zip(pairs, seen, strict=True):
                if ok:
                    table[uid].append(eid)
            self._shots = table
        return self._shots

    def _sight_many(self, reqs: list[SightRequest]) -> list[bool]:
        """What desktop.table.sight.line_of_sight_many answers, asked one line at
        a time in plain Python: its batch costs about a millisecond a call in
        numpy set-up, whatever its size, and a D3 shot table asks about nine
        questions.  The same lines in the same order (the first points, then the
        corners if those are all hidden), the same tests: terrain by box, then
        the prepared area's intersects/crosses/contains; bases by the
        obstacles' own plain-arithmetic test (the one the batch uses for small
        batches)."""
        obstacles = self.obstacles()
        if obstacles.rects is None:
            return line_of_sight_many(reqs, self.terrain, R.SIGHT_BLOCKING, obstacles)
        boxes = self._feature_boxes()
        blocking = self._of_types(R.SIGHT_BLOCKING)
        areas = self.terrain.areas
        memo = self._terrain_lines
        if len(memo) > _TERRAIN_LINES_KEPT:
            memo.clear()
        out: list[bool] = []
        for r in reqs:
            assert isinstance(r.target, tuple)
            skip = {obstacles.index.get(oid, -1) for oid in r.exclude}
            ox, oy = float(r.origin[0]), float(r.origin[1])
            feats = tuple(i for i in blocking if i not in r.exempt)
            seen = False
            for pts in (r.first, r.target[:8] if r.corners else ()):
                for px, py in pts:
                    px, py = float(px), float(py)
                    key = (ox, oy, px, py, feats)
                    hidden_at = memo.get(key)
                    if hidden_at is None:
                        lx, hx = min(ox, px), max(ox, px)
                        ly, hy = min(oy, py), max(oy, py)
                        seg: LineString | None = None
                        hidden_at = False
                        for i in feats:
                            x0, y0, x1, y1 = boxes[i]
                            if lx <= x1 and hx >= x0 and ly <= y1 and hy >= y0:
                                if seg is None:
                                    seg = LineString([(ox, oy), (px, py)])
                                a = areas[i]
                                if a.intersects(seg) and (a.crosses(seg) or a.contains(seg)):
                                    hidden_at = True
                                    break
                        memo[key] = hidden_at
                    hidden = hidden_at
                    if not hidden and not obstacles.crosses_one(ox, oy, px, py, skip):
                        seen = True
                        break
                if seen:
                    break
            out.append(seen)
        return out

    def _feature_boxes(self) -> list[tuple[float, float, float, float]]:
        if self._boxes is None:
            self._boxes = [(x0, y0, x1, y1) for x0, y0, x1, y1 in self.terrain.bounds.tolist()]
        return self._boxes

    # -- moves ---------------------------------------------------------------------------

    def _arrays(self) -> UnitArrays:
        """Present units as arrays (cached until something moves or is removed)."""
        if self._unit_arrays is None:
            us = self.units()
            self._unit_arrays = UnitArrays(
                us,
                [u.type is UnitType.LIGHT_INFANTRY for u in us],
                [(u.x, u.y, math.hypot(u.frontage, u.depth) / 2.0) for u in us],
                [u.obb() for u in us],
            )
        return self._unit_arrays

    def blockers_for(self, p: Piece, exempt: str | None = None,
                     to: Point | None = None, reach: float | None = None) -> Blockers:
        """What a move of `p` must respect.  Units: friends may not be passed through
        (skirmishers excepted, both ways) nor overlapped; enemies may not be passed
        through nor come within contact (except the charge's target, which may be
        touched).  Generals ignore units' and generals' paths but may not end on a unit.

        With `to`, only units near the straight path to `to` are returned (a
        cheap prefilter on centres: nothing farther can touch the moving base).
        """
        arr = self._arrays()
        us = arr.units
        if to is None or not us:
            keep = [i for i, u in enumerate(us) if u is not p]
        else:
            own = math.hypot(p.frontage, p.depth) / 2.0 + R.ENEMY_MIN_GAP + 0.05
            x0, y0 = p.x, p.y
            dx, dy = to[0] - x0, to[1] - y0
            lo_x, hi_x = min(x0, to[0]) - own, max(x0, to[0]) + own
            lo_y, hi_y = min(y0, to[1]) - own, max(y0, to[1]) + own
            ll = dx * dx + dy * dy
            keep = []
            for i, (ux, uy, r) in enumerate(arr.circles):
                if (ux + r < lo_x or ux - r > hi_x or uy + r < lo_y or uy - r > hi_y
                        or us[i] is p):
                    continue
                wx, wy = ux - x0, uy - y0
                t = 0.0 if ll < 1e-12 else max(0.0, min(1.0, (wx * dx + wy * dy) / ll))
                if math.hypot(wx - t * dx, wy - t * dy) <= r + own:
                    keep.append(i)
        if not keep:
            return _NO_BLOCKERS
        ids = [us[i].id for i in keep]
        geoms = Footprints([us[i] for i in keep])
        boxes = [arr.obbs[i] for i in keep]
        if p.is_general:
            return Blockers(ids, geoms, [True] * len(keep), [0.0] * len(keep), obbs=boxes)
        friend = [us[i].side == p.side for i in keep]
        passable = may_pass_through(p, friend, [arr.skirm[i] for i in keep])
        gaps: list[float | None] = [
            0.0 if f else (None if i == exempt else R.ENEMY_MIN_GAP)
            for f, i in zip(friend, ids, strict=True)
        ]
        return Blockers(ids, geoms, passable, gaps, obbs=boxes)

    def move_problem(self, p: Piece, x: float, y: float, facing: float,
                     allowance: float | None = None, target: str | None = None) -> str | None:
        plan = MovePlan(Placement(p.x, p.y, p.facing), Placement(x, y, facing),
                        p.frontage, p.depth)
        exit_edge = self.exit_edges.get(p.side)
        leaving = (not p.is_general and exit_edge is not None
                   and _beyond(self.scenario, exit_edge, (x, y)))
        return check_move(
            plan, table=self.scenario.table, terrain=self.terrain,
            allowance=p.allowance if allowance is None else allowance,
            access=p.access(), blockers=self.blockers_for(p, target, (x, y)),
            crossing_slack=R.CROSSING_SLACK, full_move_start_gap=R.CROSSING_START_GAP,
            stay_on_table=not leaving,
        )

    def charge_geometry(self, cav: Piece, target: Piece, turn: float) -> tuple[Point, float] | str:
        """Where a charge ends (centre, facing), or why it cannot."""
        facing = (cav.facing + turn) % 360.0
        start = Polygon(corners(cav.x, cav.y, cav.frontage, cav.depth, facing))
        d = contact_distance(start, facing, target.fp())
        if d is None:
            return f"going straight ahead after turning {turn:g} degrees misses {target.id}"
        if d > cav.allowance + 1e-6:
            return (f"{target.id} is {inches(d)} away straight ahead; "
                    f"cavalry reach {inches(cav.allowance)}")
        fx, fy = forward(facing)
        end = (cav.x + fx * d, cav.y + fy * d)
        if d == 0.0 and obb_depth(obb(end[0], end[1], cav.frontage, cav.depth, facing),
                                  target.obb(), stop=SHRINK) > SHRINK:
            # already touching once turned, but the turn itself swung the base
            # into the target's: bases may not overlap (the move check lets
            # the charge's own target be touched, so it would not say)
            return (f"turning {turn:g} degrees would put {cav.id} on top of {target.id}")
        problem = self.move_problem(cav, end[0], end[1], facing, target=target.id)
        if problem:
            return problem
        return end, facing

    # -- what a move may cross, for the picture ---------------------------------------------
    # The same rules move_problem checks (the piece's terrain access, the crossing
    # slack and start gap, who may pass through whom), as areas on the table: the
    # play view draws these, the check stays the judge of an exact move.

    def _ground(self, p: Piece, rules: frozenset[Access], skip_stood_in: bool,
                ) -> list[BaseGeometry]:
        """Terrain areas `p`'s access puts under one of `rules`; with
        `skip_stood_in`, leaving out ground its base already stands in (it may
        leave it or turn there: desktop.table.movement.terrain_problem)."""
        wanted = {ttype for ttype, acc in p.access().items() if acc in rules}
        if not wanted:
            return []
        t = self.terrain
        here = p.fp()
        out: list[BaseGeometry] = []
        for i, ftype in enumerate(t.types):
            if ftype not in wanted:
                continue
            area = t.areas[i]
            if skip_stood_in and area.intersects(here) and (
                    area.intersection(here).area > AREA_EPS):
                continue
            out.append(area)
        return out

    def move_blocked(self, pid: str) -> BaseGeometry | None:
        """Where the path of `pid`'s move may not go now (seed 002 "Terrain",
        "Interpenetration"): ground it may not enter, water away from a bridge or
        ford, water too far off to cross this move, and bases it may not pass."""
        p = self.pieces[pid]
        parts = self._ground(p, _NO_ENTRY, True)
        crossing = self._ground(p, _CROSSING, False)
        if crossing:
            water = shapely.union_all(crossing)
            parts.append(water.difference(self.terrain.crossing_zone(R.CROSSING_SLACK)))
        start = p.fp()
        for area in self._ground(p, _FULL_MOVE, True):
            if float(area.distance(start)) > R.CROSSING_START_GAP + 1e-9:
                parts.append(area)
        parts.extend(q.fp() for q, ok in self._passable(p) if not ok)
        return _union(parts)

    def move_no_end(self, pid: str) -> BaseGeometry | None:
        """Where `pid` may pass but not end its move: ground it may not stop in,
        and the bases it may pass through (a general over any unit, skirmishers
        through friends)."""
        p = self.pieces[pid]
        parts = self._ground(p, _NO_END, False)
        parts.extend(q.fp() for q, ok in self._passable(p) if ok)
        return _union(parts)

    def _passable(self, p: Piece) -> list[tuple[Piece, bool]]:
        """Every other unit on the table, and whether `p` may pass through it."""
        arr = self._arrays()
        ok = may_pass_through(p, [q.side == p.side for q in arr.units], arr.skirm)
        return [(q, k) for q, k in zip(arr.units, ok, strict=True) if q is not p]

    def move_costly(self, pid: str) -> BaseGeometry | None:
        """Water whose crossing takes `pid`'s whole move (rivers and streams)."""
        return _union(self._ground(self.pieces[pid], _FULL_MOVE, True))

    def pivots_only(self, p: Piece) -> bool:
        """Deployed artillery may turn where it stands but not move."""
        return p.type in R.ARTILLERY and p.deployed

    def field_of_fire(self, p: Piece) -> float:
        """Degrees either side of the facing a unit may shoot (all round in a town)."""
        return 180.0 if self.in_town(p) else R.FIELD_OF_FIRE

    def weapon_of(self, p: Piece) -> tuple[str, float, float] | None:
        """What a unit attacks with: ("fire", half angle, range) from its front
        centre, or ("charge", most it may turn first, its move); None for a general."""
        if p.type is None:
            return None
        if p.type is UnitType.CAVALRY:
            return ("charge", R.CHARGE_MAX_TURN, p.allowance)
        return ("fire", self.field_of_fire(p), R.SHOOTING_RANGE[p.type])

    def generals_able_to_reroll(self, u: Piece) -> tuple[str, ...]:
        """Generals of `u`'s side that could re-roll its failed activation now
        (seed 002 "Generals": once a turn, within 12")."""
        return tuple(
            g.id for g in self.generals(u.side)
            if g.rerolls_used < R.GENERAL_REROLLS_PER_TURN
            and point_distance(g.pos, u.fp()) <= R.GENERAL_REROLL_RANGE + 1e-9
        )

    def rerolls_left(self, g: Piece) -> int:
        return max(0, R.GENERAL_REROLLS_PER_TURN - g.rerolls_used)

    def hits_left(self, u: Piece) -> int:
        """Hits a unit can still take before it is eliminated."""
        return max(0, R.ELIMINATION_HITS - u.hits)

    def odds(self, action: Action) -> Odds | None:
        """The hits a legal shot or charge inflicts, exact (desktop.rules.d3.odds:
        Fractions enumerated from the dice), None for any other action."""
        return odds_chart(self, action)

    # -- legality ------------------------------------------------------------------------

    def _piece(self, pid: str) -> Piece | str:
        p = self.pieces.get(pid)
        if p is None:
            return f"there is no unit or general '{pid}'"
        return p

    def _unit_ready(self, p: Piece, doing: str) -> str | None:
        side = self.order[self._side_index]
        if p.side != side:
            return f"{p.id} is not on the side to act ({side})"
        if p.status == ELIMINATED:
            return f"{p.id} has been eliminated"
        if p.status == EXITED:
            return f"{p.id} has left the table"
        if p.status == DISORDERED:
            return f"{p.id} is disordered for the rest of the turn"
        if p.moved:
            return f"{p.id} has already moved this turn"
        if p.shot:
            return f"{p.id} has already shot this turn"
        if p.tested and not p.is_general:
            return f"{p.id} has already taken its activation test this turn"
        return None

    def _check(self, action: Action) -> str | None:
        """Checks are memoised until the next action is applied (random play and
        the computer player check a move, then apply it)."""
        checked = self._checked.at(self.position_stamp())
        try:
            return checked[action]  # type: ignore[no-any-return]
        except KeyError:
            pass
        except TypeError:
            return self._check_now(action)
        why = self._check_now(action)
        if len(checked) < 256:
            checked[action] = why
        return why

    def _check_now(self, action: Action) -> str | None:
        if not isinstance(action, (End, Move, Charge, Shoot, Reroll, Accept)):
            return f"'{action}' is not a D3 action"
        if self.pending is not None:
            if isinstance(action, Accept):
                return None
            if isinstance(action, Reroll):
                if action.general not in self.pending.generals:
                    return (f"{action.general} cannot re-roll this activation (only "
                            f"{' or '.join(self.pending.generals)} may)")
                return None
            return (f"{self.pending.unit} failed its activation test: a general re-rolls "
                    "it or the failure is accepted first")
        if isinstance(action, (Reroll, Accept)):
            return "no failed activation is waiting for a re-roll"
        if isinstance(action, End):
            return None
        p = self._piece(action.unit)
        if isinstance(p, str):
            return p
        if isinstance(action, Move):
            if self._phase != MOVEMENT:
                return "units move only in the movement phase"
            why = self._unit_ready(p, "move")
            if why:
                return why
            if self.pivots_only(p) and (
                abs(action.x - p.x) > 1e-9 or abs(action.y - p.y) > 1e-9
            ):
                return f"{p.id} is deployed artillery: it may pivot but not move"
            if not all(math.isfinite(v) for v in (action.x, action.y, action.facing)):
                return "the move is not a finite position"
            return self.move_problem(p, action.x, action.y, action.facing)
        if isinstance(action, Charge):
            if self._phase != MOVEMENT:
                return "charges are made in the movement phase"
            if p.type is not UnitType.CAVALRY:
                return "only cavalry charge"
            why = self._unit_ready(p, "charge")
            if why:
                return why
            if abs(action.turn) > R.CHARGE_MAX_TURN + 1e-9:
                return f"a charge may turn at most {R.CHARGE_MAX_TURN:g} degrees first"
            t = self._piece(action.target)
            if isinstance(t, str):
                return t
            if t.is_general:
                return "generals cannot be attacked"
            if t.side == p.side:
                return f"{t.id} is a friend"
            if not t.present:
                return f"{t.id} is no longer on the table"
            if any(d == t.id for _, d in self.charges):
                return f"{t.id} has already been charged this turn (one attacker per defender)"
            g = self.charge_geometry(p, t, action.turn)
            return g if isinstance(g, str) else None
        # Shoot
        if self._phase != SHOOTING:
            return "units shoot only in the shooting phase"
        if p.is_general:
            return "generals do not shoot"
        if p.type is UnitType.CAVALRY:
            return "cavalry never shoot"
        why = self._unit_ready(p, "shoot")
        if why:
            return why
        t = self._piece(action.target)
        if isinstance(t, str):
            return t
        if t.is_general:
            return "generals cannot be attacked"
        if t.side == p.side:
            return f"{t.id} is a friend"
        if not t.present:
            return f"{t.id} is no longer on the table"
        if t.id in self.shot_table().get(p.id, ()):
            return None
        return self.fire_problem(p, t)

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None:
            return []
        if self.pending is not None:
            return [*(Reroll(g) for g in self.pending.generals), Accept()]
        out: list[Action] = [End()]
        if self._phase == SHOOTING:
            for uid, targets in self.shot_table().items():
                u = self.pieces[uid]
                if self._unit_ready(u, "shoot") is None:
                    out.extend(Shoot(uid, t) for t in targets if self.pieces[t].present)
        return out

    def aimed_charge(self, c: Piece, e: Piece) -> Charge | None:
        """The charge of `c` aimed at the centre of `e` (or straight ahead), if legal."""
        if distance(c.pos, e.pos) > c.allowance + (c.frontage + e.frontage + c.depth) / 2.0:
            return None
        turn = angle_diff(bearing(c.pos, e.pos), c.facing)
        tries = [round(max(-R.CHARGE_MAX_TURN, min(R.CHARGE_MAX_TURN, turn)), 1)]
        if tries[0] != 0.0:
            tries.append(0.0)
        for t in tries:
            ch = Charge(c.id, e.id, t)
            if self.check(ch) is None:
                return ch
        return None

    def aimed_charges(self) -> list[Charge]:
        """For each ready cavalry unit and enemy, the charge aimed at the enemy's
        centre (or straight ahead), when legal."""
        if self._phase != MOVEMENT or self.pending is not None or self._outcome is not None:
            return []
        side = self.order[self._side_index]
        out: list[Charge] = []
        for c in self.units(side):
            if c.type is not UnitType.CAVALRY or self._unit_ready(c, "charge"):
                continue
            for e in self.units(self.enemy_of(side)):
                ch = self.aimed_charge(c, e)
                if ch is not None:
                    out.append(ch)
        return out

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        if self._outcome is not None or self.pending is not None or self._phase != MOVEMENT:
            return []
        return list(sample_moves(self, rng, n))

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

    def _activation(self, u: Piece, ev: list[Event], why: str, said: str) -> bool:
        """Seed 002 "Activation Test": `why` is the roll's purpose, `said` the log's
        opening words."""
        d = self.chance.d6(f"{why}: {u.id}")
        score = d * R.ACTIVATION_MULTIPLIER
        ok = score > u.hits
        ev.append(Event("activation",
                        f"{said}: rolls {d}, doubled to {score}, "
                        + (f"more than its {count(u.hits, 'hit')}: it acts" if ok else
                           f"not more than its {count(u.hits, 'hit')}: it fails"),
                        {"unit": u.id, "roll": d, "hits": u.hits, "passed": ok}))
        return ok

    def _disorder(self, u: Piece, ev: list[Event]) -> None:
        u.status = DISORDERED
        ev.append(Event("disordered", f"{u.id} is disordered for the rest of the turn",
                        {"unit": u.id}))

    def _carry_out(self, action: Move | Charge | Shoot, ev: list[Event]) -> None:
        u = self.pieces[action.unit]
        if isinstance(action, Move):
            self._do_move(u, action, ev)
        elif isinstance(action, Charge):
            t = self.pieces[action.target]
            g = self.charge_geometry(u, t, action.turn)
            assert not isinstance(g, str)
            (x, y), facing = g
            u.place(x, y, facing)
            u.moved = True
            u.charging = t.id
            self.charges.append((u.id, t.id))
            self._moved(u)
            ev.append(Event("charge", f"{u.id} charges {t.id}",
                            {"unit": u.id, "target": t.id, "x": x, "y": y, "facing": facing}))
            self._threaten_generals(u, ev)
        else:
            self._do_shoot(u, self.pieces[action.target], ev)

    def _do_move(self, p: Piece, m: Move, ev: list[Event]) -> None:
        dist = distance(p.pos, (m.x, m.y))
        turn = angle_diff(m.facing, p.facing)
        p.place(m.x, m.y, m.facing)
        p.moved = True
        self._moved(p)
        exit_edge = self.exit_edges.get(p.side)
        if not p.is_general and exit_edge is not None and _beyond(
            self.scenario, exit_edge, p.pos
        ):
            p.status = EXITED
            self._gone()
            self._exited = True
            ev.append(Event("exited", f"{p.id} leaves the table by the {exit_edge.value} edge",
                            {"unit": p.id, "edge": exit_edge.value}))
            return
        ev.append(Event("move", f"{p.id} {move_words(dist, turn, p.is_general)}",
                        {"unit": p.id, "x": m.x, "y": m.y, "facing": m.facing}))
        if not p.is_general:
            self._threaten_generals(p, ev)

    def _do_shoot(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        assert u.type is not None
        u.shot = True
        if u.type in R.ARTILLERY and not u.deployed:
            u.deployed = True
            ev.append(Event("deployed", f"{u.id} deploys to shoot: from now on it may only "
                            "pivot where it stands",
                            {"unit": u.id}))
        d3 = self.chance.d3(f"shooting: {u.id} at {t.id}")
        mod = R.SHOOTING_MODIFIER[u.type]
        cover = self.in_cover(t, u.front_centre())
        hits = shooting_hits(d3, mod, cover)
        t.hits += hits
        ev.append(Event("shot",
                        f"{u.id} shoots at {t.id}: rolls {d3} on the D3"
                        + (f", one less for {firing_type(u.type)}" if mod else "")
                        + (", one less for cover" if cover else "")
                        + f": {count(hits, 'hit')}, {t.hits} in all",
                        {"unit": u.id, "target": t.id, "d3": d3, "cover": cover,
                         "hits": hits, "total": t.hits}))

    def _threaten_generals(self, mover: Piece, ev: list[Event]) -> None:
        mo = mover.obb()
        for g in self.generals(self.enemy_of(mover.side)):
            if g.must_evade or not obb_closer_than(g.obb(), mo, R.GENERAL_THREAT_RANGE + 1e-9):
                continue
            mfp = mover.fp()
            line = LineString([g.pos, _nearest(g.pos, mfp)])
            screened = any(
                f.fp().intersects(line) for f in self.units(g.side)
            )
            if not screened:
                g.must_evade = True
                ev.append(Event("threatened",
                                f"{mover.id} comes within {inches(R.GENERAL_THREAT_RANGE)} "
                                f"of {g.id}: he must ride away",
                                {"general": g.id, "enemy": mover.id}))

    def _evade(self, g: Piece, ev: list[Event]) -> None:
        g.must_evade = False
        enemies = self.units(self.enemy_of(g.side))
        if not enemies:
            return
        gp = SPoint(g.pos)
        nearest = min(enemies, key=lambda e: float(e.fp().distance(gp)))
        away = bearing(_nearest(g.pos, nearest.fp()), g.pos)
        for dist in (R.GENERAL_EVADE_DISTANCE, 9.0, 6.0, 3.0):
            for dt in R.EVADE_TURNS:
                b = (away + dt) % 360.0
                fx, fy = forward(b)
                x, y = round(g.x + fx * dist, 3) + 0.0, round(g.y + fy * dist, 3) + 0.0
                if self.move_problem(g, x, y, b) is None:
                    g.place(x, y, b)
                    g.moved = True
                    self._moved(g)
                    ev.append(Event("evade", f"{g.id} rides {inches(dist)} away from {nearest.id}",
                                    {"general": g.id, "x": x, "y": y, "facing": b}))
                    return
        ev.append(Event("evade", f"{g.id} has nowhere to ride to and stays",
                        {"general": g.id}))

    # -- the sequence of play -------------------------------------------------------------

    def _start_player_turn(self) -> list[Event]:
        side = self.order[self._side_index]
        ev = [Event("phase", f"Turn {self._turn}: {side} to move",
                    {"turn": self._turn, "side": side, "phase": MOVEMENT})]
        for g in self.generals(side):
            if g.must_evade:
                self._evade(g, ev)
        return ev

    def _end_phase(self, ev: list[Event]) -> None:
        side = self.order[self._side_index]
        if self._phase == MOVEMENT:
            self._phase = SHOOTING
            self._shots = None
            ev.append(Event("phase", f"Turn {self._turn}: {side} to shoot",
                            {"turn": self._turn, "side": side, "phase": SHOOTING}))
            return
        ev.append(Event("phase", f"Turn {self._turn}: hand-to-hand combat",
                        {"turn": self._turn, "side": side, "phase": HAND_TO_HAND}))
        self._hand_to_hand(ev)
        ev.append(Event("phase", f"Turn {self._turn}: units with {R.ELIMINATION_HITS} hits or more "
                        "are eliminated",
                        {"turn": self._turn, "side": side, "phase": ELIMINATION}))
        removed = self._eliminate(ev)
        self.charges = []
        for p in self.pieces.values():
            p.charging = None
        if removed:  # only a removal can end the game here (exits are judged as they happen)
            self._judge_immediate(ev)
        if self._outcome is not None:
            return
        if self._side_index + 1 < len(self.order):
            self._side_index += 1
        else:
            # the judge reads where units stand (holding objectives) only when
            # there is no turn limit or at its last turn
            limit = self.judge.turn_limit
            out = self.judge.end_of_turn(self._turn, self.victory_pieces(
                shapes=limit is None or self._turn >= limit.turns))
            if out is not None:
                self._finish(out, ev)
                return
            self._turn += 1
            self._side_index = 0
            for p in self.pieces.values():
                p.moved = p.shot = p.tested = False
                p.rerolls_used = 0
                if p.status == DISORDERED:
                    p.status = ACTIVE
            ev.append(Event("turn", f"Turn {self._turn} begins", {"turn": self._turn}))
        self._phase = MOVEMENT
        self._shots = None
        ev.extend(self._start_player_turn())

    def _hand_to_hand(self, ev: list[Event]) -> None:
        for a_id, d_id in self.charges:
            a, d = self.pieces[a_id], self.pieces[d_id]
            if not a.present or not d.present:
                continue
            roll = self.chance.d3(f"charge: {a.id} on {d.id}")
            on_hill = self.on_hill(d)
            side_on = aspect(d.pos, d.facing, a.pos)
            hits = charge_hits(roll, on_hill, d.type is UnitType.CAVALRY, side_on)
            d.hits += hits
            ev.append(Event(
                "hits",
                f"{a.id} charges home on the {side_on.value} of {d.id}: rolls {roll} "
                "on the D3, one more for the charge"
                + (", one less for the hill" if on_hill else "")
                + (", one less against cavalry" if d.type is UnitType.CAVALRY else "")
                + (f", doubled for the {side_on.value}" if side_on is not Aspect.FRONT else "")
                + f": {count(hits, 'hit')}, {d.hits} in all",
                {"unit": a.id, "target": d.id, "d3": roll, "aspect": side_on.value,
                 "hill": on_hill, "hits": hits, "total": d.hits},
            ))
            if d.hits < R.ELIMINATION_HITS:
                self._fall_back(a, d, ev)

    def _fall_back(self, a: Piece, d: Piece, ev: list[Event]) -> None:
        full = a.allowance * R.FALL_BACK_FRACTION
        back = (a.facing + 180.0) % 360.0
        fx, fy = forward(back)
        dist = full
        while dist > 1e-9:
            x, y = round(a.x + fx * dist, 3) + 0.0, round(a.y + fy * dist, 3) + 0.0
            facing = round(bearing((x, y), d.pos), 1) % 360.0
            if self.move_problem(a, x, y, facing, allowance=full + 0.01) is None:
                a.place(x, y, facing)
                self._moved(a)
                ev.append(Event("fall_back",
                                f"{a.id} falls back {inches(dist)} to face {d.id}",
                                {"unit": a.id, "x": x, "y": y, "facing": facing}))
                self._threaten_generals(a, ev)
                return
            dist = round(dist - R.FALL_BACK_STEP, 6)
        ev.append(Event("fall_back", f"{a.id} cannot fall back and stays in contact",
                        {"unit": a.id}))

    def _eliminate(self, ev: list[Event]) -> int:
        """Remove units with 9 or more hits; return how many went."""
        n = 0
        for u in self.units():
            if u.hits >= R.ELIMINATION_HITS:
                u.status = ELIMINATED
                self._gone()
                n += 1
                ev.append(Event("eliminated", f"{u.id} is eliminated with {u.hits} hits",
                                {"unit": u.id, "hits": u.hits}))
        return n

    def terrain_index(self) -> TerrainIndex:
        return self.terrain

    def victory_pieces(self, shapes: bool = True) -> list[PieceView]:
        """The units as the victory judge sees them; without `shapes`, no
        footprints (only holding objectives reads them: VictoryJudge.holder)."""
        out = []
        for p in self.pieces.values():
            if p.type is None:
                continue
            out.append(PieceView(
                p.id, p.side, p.type, p.present, p.figures, p.pos,
                p.fp() if shapes and p.present else None,
                self.exit_edges.get(p.side) if p.status == EXITED else None,
            ))
        return out

    def _judge_immediate(self, ev: list[Event]) -> None:
        if self._outcome is None:
            out = self.judge.immediate(self.victory_pieces(shapes=False))  # counts and exits only
            if out is not None:
                self._finish(out, ev)

    def _finish(self, out: Outcome, ev: list[Event]) -> None:
        self._outcome = out
        self.pending = None
        who = f"{out.winner} wins" if out.winner else "a draw"
        ev.append(Event("outcome", f"The game is over: {who} ({out.reason})",
                        {"winner": out.winner, "reason": out.reason}))

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
        g.scratch = {}
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


# --- pure rules (also used by desktop.rules.d3.odds) ------------------------------------------


_NO_BLOCKERS = Blockers([], [], [], [])
_NO_ENTRY = frozenset({Access.NO_ENTRY})
_NO_END = frozenset({Access.NO_END})
_CROSSING = frozenset({Access.CROSSING_ONLY, Access.CROSSING_FULL_MOVE})
_FULL_MOVE = frozenset({Access.FULL_MOVE, Access.CROSSING_FULL_MOVE})
#: Sight lines kept with their terrain verdict before the memo starts afresh.
_TERRAIN_LINES_KEPT = 50_000


def may_pass_through(mover: Piece, friend: Sequence[bool], light: Sequence[bool],
                     ) -> list[bool]:
    """For each unit (a friend of `mover` or not, light infantry or not): may
    `mover` pass through it?  Seed 002 "Interpenetration": only skirmishers pass
    through friends, and only skirmishers are passed through; a general rides
    over any unit (he may not end on one)."""
    if mover.is_general:
        return [True] * len(friend)
    if mover.type is UnitType.LIGHT_INFANTRY:
        return list(friend)
    return [f and s for f, s in zip(friend, light, strict=True)]


def _union(parts: list[BaseGeometry]) -> BaseGeometry | None:
    parts = [g for g in parts if not g.is_empty]
    return shapely.union_all(parts) if parts else None


def _shooting_range(u: Piece) -> float:
    return R.SHOOTING_RANGE[u.type] if u.type is not None else 0.0


_r = rounded  # records and snapshots round alike in every ruleset


def _nearest(p: Point, geom: BaseGeometry) -> Point:
    from shapely.ops import nearest_points

    q = nearest_points(SPoint(p), geom)[1]
    return (float(q.x), float(q.y))


def _beyond(scenario: Scenario, edge: Edge, p: Point) -> bool:
    t = scenario.table
    if edge is Edge.NORTH:
        return p[1] < 0.0
    if edge is Edge.SOUTH:
        return p[1] > t.depth
    if edge is Edge.WEST:
        return p[0] < 0.0
    return p[0] > t.width


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
