"""Shooting in D3, short of the dice: range, field of fire and line of sight
(seed 002 "Shooting"; docs/rulings.md), and the table of what each unit of
the side to act could shoot at."""

from __future__ import annotations

import math

from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from desktop.rules.d3 import rules as R
from desktop.rules.d3.ground import D3Ground
from desktop.rules.d3.pieces import Piece
from desktop.rules.d3.state import Point
from desktop.rules.d3.words import inches
from desktop.scenario.vocabulary import UnitType
from desktop.table.shapes import arc_aim, arc_part_coords, nearest_on_convex
from desktop.table.sight import (
    Sight,
    SightRequest,
    line_of_sight,
    line_of_sight_many,
    sight_reasons,
)

#: Sight lines kept with their terrain verdict before the memo starts afresh.
_TERRAIN_LINES_KEPT = 50_000


class D3Fire(D3Ground):
    """Who may shoot at whom, geometry and sight only."""

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


def _shooting_range(u: Piece) -> float:
    return R.SHOOTING_RANGE[u.type] if u.type is not None else 0.0
