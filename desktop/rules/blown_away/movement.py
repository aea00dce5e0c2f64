"""Moving in Blown Away: how far a unit, a mob or the commander may go, the
stop rule, formation changes, and moves carried out (a mob in the way swept
aside or eliminated)."""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.blown_away.actions import Form, Move
from desktop.rules.blown_away.base import ACCESS, FACING_REACH, _boxes_meet
from desktop.rules.blown_away.constants import (
    FORMATIONS,
    MOB_CLEARANCE,
    MOB_MOVE,
    MOVE_ALLOWANCE,
    OBLIQUE_LIMIT,
    STOP_DISTANCE,
    STOP_STEP,
    SWEEP_TURNS,
)
from desktop.rules.blown_away.losses import BlownAwayLosses
from desktop.rules.blown_away.state import ORDERS, Piece
from desktop.rules.blown_away.words import _inches, _turn_words
from desktop.rules.engine import Event
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation
from desktop.table.movement import SHRINK, Blocker, MovePlan, Placement, blocker_problem
from desktop.table.movement import terrain_problem as table_terrain_problem
from desktop.table.shapes import angle_diff, bearing, corners, forward, front_centre_of, wedge
from desktop.table.terrain import AREA_EPS


class _Path:
    """The ground a move covered, built only when something may lie on it (the
    union of lane and end is the dearest part of applying a move)."""

    __slots__ = ("_geom", "box", "plan")

    def __init__(self, plan: MovePlan) -> None:
        self.plan = plan
        #: Bounds of everything the move covers.
        self.box = plan.bbox()
        self._geom: BaseGeometry | None = None

    def geom(self) -> BaseGeometry:
        if self._geom is None:
            self._geom = self.plan.swept()
        return self._geom


class BlownAwayMovement(BlownAwayLosses):
    """The checks of moves and formation changes, and moves carried out."""

    def allowance(self, p: Piece) -> float:
        if p.mob:
            return MOB_MOVE
        if p.is_artillery and self.immobile_guns:
            return 0.0
        return MOVE_ALLOWANCE[p.type]

    def why_not_move(self, pid: str) -> str | None:
        """Why the unit or commander `pid` may not be moved now (None: it may), from
        the turn's rules alone, wherever it might go: the play window asks this
        rather than knowing the phases itself (issue 16)."""
        st = self.state
        if st.outcome is not None:
            return "the game is over"
        if st.phase != ORDERS:
            return "units and the commander move in the orders phase"
        c = st.commanders.get(pid)
        if c is not None:
            if c.side != st.side:
                return f"{c.id} is not yours"
            return "the commander has already moved this turn" if st.commander_moved else None
        p = st.pieces.get(pid)
        if p is None:
            return f"no unit '{pid}'"
        if p.side != st.side:
            return f"{pid} is not yours"
        if p.eliminated:
            return f"{pid} is no longer in the game"
        if st.acted:
            return "this turn's one thing (a move, a rally or a formation change) is done"
        return self.why_cannot_move(p)

    def why_cannot_move(self, p: Piece) -> str | None:
        if p.ranks > 0 and self.is_engaged(p.id):
            return f"{p.id} is engaged in combat"
        if p.is_artillery and p.ranks > 0 and not p.at_gun:
            return f"{p.id}'s gunners are away from their cannon: 'rejoin' walks them back"
        if p.ranks > 0 and p.running > 0:
            return f"{p.id} has men in ranks and men running: rally it first"
        return None

    def pivot_point(self, p: Piece, facing: float) -> Point:
        """Where the centre is after pivoting to `facing` on the centre man of the
        front rank (artillery on the cannon axle: its centre)."""
        if p.is_artillery:
            return p.pos
        d = p.size()[1]
        fc = front_centre_of(p.pos[0], p.pos[1], d, p.facing)
        fx, fy = forward(facing)
        return (fc[0] - fx * d / 2.0, fc[1] - fy * d / 2.0)

    def _check_move(self, p: Piece, to: Point, facing: float) -> str | None:
        why = self.why_cannot_move(p)
        if why:
            return why
        if p.mob:
            return self._check_mob_move(p, to, facing)
        start = self.pivot_point(p, facing)
        length = math.dist(start, to)
        allowance = self.allowance(p)
        if length > allowance + 1e-6:
            if allowance == 0:
                return f"{p.id} may not move (artillery before 1750), only turn"
            return f"moves {length:.2f}\" but may move at most {allowance:g}\""
        if length > 1e-9:
            off = abs(angle_diff(bearing(start, to), facing))
            if off > OBLIQUE_LIMIT + 1e-6:
                return (f"may move straight ahead or obliquely up to {OBLIQUE_LIMIT:g} "
                        f"degrees, not {off:.0f}")
        w, d = p.size()
        plan = MovePlan(Placement(start[0], start[1], facing), Placement(to[0], to[1], facing),
                        w, d)
        why = self._end_problem(plan)
        if why:
            return why
        why = self._blockers_problem(p, plan)
        if why:
            return why
        why = table_terrain_problem(plan, self.terrain, ACCESS)
        if why:
            return why
        stop = self.stop_length(p, start, facing, to)
        if stop is not None and length > stop + 1e-6:
            return (f"must stop after {stop:.2f}\": less than {STOP_DISTANCE:g}\" from an enemy "
                    f"it faces or that faces it")
        return None

    def _blockers_problem(self, p: Piece, plan: MovePlan) -> str | None:
        """`desktop.table.movement.blocker_problem` for the units whose boxes meet
        the move's (friends passable, enemy mobs swept away, no gap kept), with
        its geometry asked only of bases the corners cannot prove clear."""
        box = plan.bbox()
        e = plan.end
        f, d = max(plan.frontage - 2 * SHRINK, 1e-3), max(plan.depth - 2 * SHRINK, 1e-3)
        end_c = corners(e.x, e.y, f, d, e.facing)
        lane_c: list[Point] | None = None
        if plan.length >= 1e-9:
            lane_c = corners((plan.start.x + e.x) / 2.0, (plan.start.y + e.y) / 2.0, f,
                             d + plan.length, plan.travel_facing)
        for q in self.units():
            if q.id == p.id or not _boxes_meet(box, q.box()):
                continue  # (a base clear of everything the move covers never stops it)
            if q.side != p.side and q.mob:
                continue  # swept away
            qc = q.corners()
            if not _apart(end_c, qc) and plan.end_footprint(SHRINK).intersects(q.fp()):
                return f"would end on top of {q.name or q.id}"
            if lane_c is not None and q.side != p.side and not _apart(lane_c, qc) and \
                    plan.lane(SHRINK).intersects(q.fp()):
                return f"would pass through {q.name or q.id}"
        return None

    def stop_length(self, p: Piece, start: Point, facing: float, to: Point) -> float | None:
        """How far along the line from `start` (after the pivot) to `to` the unit may
        go before the stop rule halts it; None if it never does.

        The move stops at the first point where a man is less than STOP_DISTANCE
        from an enemy with men in ranks that it faces or that faces it, and
        nearer than it was at the start, after its pivot (a unit already close may
        turn about and draw off)."""
        length = math.dist(start, to)
        w, d = p.size()
        fx, fy = (0.0, 0.0) if length < 1e-9 else ((to[0] - start[0]) / length,
                                                  (to[1] - start[1]) / length)
        reach = math.hypot(w, d) / 2.0 + STOP_DISTANCE
        # (plain arithmetic with a hair of slack: an enemy let in by the slack is
        # still further than STOP_DISTANCE from every footprint, so never stops it)
        enemies = [e for e in self.formed(self.state.enemy(p.side))
                   if _segment_distance(start, to, e.pos)
                   <= reach + math.hypot(*e.size()) / 2 + 1e-6]
        if not enemies:
            return None
        # every STOP_STEP from the start, and the end: the same points whatever
        # the length asked for, so the stop does not move with the drag (issue 34)
        ts = np.append(np.arange(0.0, length - 1e-9, STOP_STEP), length) \
            if length > 1e-9 else np.zeros(1)
        base = np.array(corners(0.0, 0.0, w, d, facing))
        cx = start[0] + fx * ts
        cy = start[1] + fy * ts
        rings = base[None, :, :] + np.stack([cx, cy], axis=1)[:, None, :]
        fps = shapely.polygons(rings)
        hx, hy = forward(facing)
        apex_x, apex_y = cx + hx * d / 2.0, cy + hy * d / 2.0
        wbase = np.array(wedge((0.0, 0.0), facing, 45.0, FACING_REACH).exterior.coords)[:-1]
        wrings = wbase[None, :, :] + np.stack([apex_x, apex_y], axis=1)[:, None, :]
        wedges = shapely.polygons(wrings)
        hit = np.zeros(len(ts), dtype=bool)
        for e in enemies:
            efp = e.fp()
            limit = min(STOP_DISTANCE, float(shapely.distance(fps[0], efp)))
            gaps = shapely.distance(fps, efp)
            close = gaps < limit - 1e-6
            if not close.any():
                continue
            we = wedge(e.front_centre(), e.facing, 45.0, FACING_REACH)
            facing_rel = shapely.intersects(wedges, efp) | shapely.intersects(fps, we)
            hit |= close & facing_rel
        idx = np.flatnonzero(hit)
        if not len(idx):
            return None
        return float(ts[idx[0]])

    def _check_mob_move(self, p: Piece, to: Point, facing: float) -> str | None:
        length = math.dist(p.pos, to)
        if length > MOB_MOVE + 1e-6:
            return f"a mob moves at most {MOB_MOVE:g}\", not {length:.2f}\""
        w, d = p.size()
        plan = MovePlan(Placement(p.pos[0], p.pos[1], facing), Placement(to[0], to[1], facing),
                        w, d)
        why = self._end_problem(plan)
        if why:
            return why
        path = self.mob_path(p, to, facing)
        for e in self.units(self.state.enemy(p.side)):
            efp = e.fp()
            limit = min(MOB_CLEARANCE, float(p.fp().distance(efp)))
            if float(path.distance(efp)) < limit - 1e-6:
                return (f"a mob may not pass closer than {MOB_CLEARANCE:g}\" to enemy troops "
                        f"({e.name or e.id})")
        box = plan.bbox()
        bs = [Blocker(q.id, q.fp(), passable=True, min_gap=0.0, label=q.name or q.id)
              for q in self.units(p.side) if q.id != p.id and _boxes_meet(box, q.box())]
        why = blocker_problem(plan, bs)
        if why:
            return why
        return table_terrain_problem(plan, self.terrain, ACCESS)

    def mob_stop_length(self, p: Piece, to: Point, facing: float) -> float | None:
        """How far along the line from a mob to `to` it may run with its path
        (``mob_path``) still clear of enemy troops by MOB_CLEARANCE, as
        ``_check_mob_move`` measures it; None if the path to `to` is clear.

        Tried every STOP_STEP from the start, as ``stop_length`` is, so the
        answer is the same whatever length is asked and whatever the angle
        (issue 34: a mob's 6" clearance snaps a drag as the 4" stop does).
        The answer is the last point tried that is clear (0 when none is)."""
        length = math.dist(p.pos, to)
        if length < 1e-9:
            return None
        enemies = self.units(self.state.enemy(p.side))
        if not enemies:
            return None
        ux, uy = (to[0] - p.pos[0]) / length, (to[1] - p.pos[1]) / length
        ts = np.append(np.arange(0.0, length - 1e-9, STOP_STEP), length)
        here = np.array(p.fp().exterior.coords)[:-1]
        shift = np.stack([ux * ts, uy * ts], axis=1)[:, None, :]
        carried = shapely.convex_hull(shapely.multipoints(
            np.concatenate([np.broadcast_to(here, (len(ts), *here.shape)), here + shift],
                           axis=1)))
        turned = np.array(p.fp(facing=facing).exterior.coords)[:-1]
        ends = shapely.polygons(turned[None, :, :] + shift)
        near = np.zeros(len(ts), dtype=bool)
        for e in enemies:
            efp = e.fp()
            limit = min(MOB_CLEARANCE, float(p.fp().distance(efp)))
            gaps = np.minimum(shapely.distance(carried, efp), shapely.distance(ends, efp))
            near |= gaps < limit - 1e-6
        idx = np.flatnonzero(near)
        if not len(idx):
            return None
        return float(ts[idx[0] - 1]) if idx[0] > 0 else 0.0

    def mob_path(self, p: Piece, to: Point, facing: float) -> BaseGeometry:
        """The ground a mob's men cover running to `to` (issue 17, seed 003: a mob "may
        not pass closer than 6 inches from enemy troops"): its base as it stands,
        carried straight along the line (not turned to the way it runs: a mob has
        no front to turn), then its base where it ends, facing `facing`."""
        here = p.fp()
        there = p.fp(pos=to)
        return shapely.union(shapely.convex_hull(shapely.union(here, there)),
                             p.fp(pos=to, facing=facing))

    def _check_form(self, p: Piece, formation: Formation, facing: float) -> str | None:
        why = self.why_cannot_move(p)
        if why:
            return why
        if p.mob:
            return f"{p.id} has no men in ranks to form"
        if formation not in FORMATIONS[p.type]:
            return (f"{p.type.value.replace('_', ' ')} may be in "
                    f"{', '.join(f.value for f in FORMATIONS[p.type])}")
        if formation is p.formation and abs(angle_diff(facing, p.facing)) < 1e-9:
            return f"{p.id} is already in {formation.value} facing {facing:g}"
        fp = p.fp(facing=facing, formation=formation)
        why = self._table_problem(fp)
        if why:
            return why
        for q in self.units():
            if q.id != p.id and q.fp().intersection(fp).area > AREA_EPS:
                return f"would overlap {q.name or q.id}"
        w, d = p.size(formation)
        plan = MovePlan(Placement(p.pos[0], p.pos[1], facing),
                        Placement(p.pos[0], p.pos[1], facing), w, d)
        return table_terrain_problem(plan, self.terrain, ACCESS)

    def move_words(self, action: Move) -> str:
        """A move as a wargamer says it (the log and the play window's words):
        "Regiment Balfour turns 30° to the right and moves 4.2″", "Lord Tremayne
        rides 12.0″", "Foot Guards runs 18.0″" (a mob)."""
        st = self.state
        c = st.commanders.get(action.piece)
        if c is not None:
            ride = math.dist(c.pos, action.to)
            return f"{c.name or c.id} " + (f"rides {_inches(ride)}" if ride >= 0.05
                                           else "stays where he is")
        p = st.pieces[action.piece]
        if p.mob:
            return f"{p.name or p.id} runs {_inches(math.dist(p.pos, action.to))}"
        length = math.dist(self.pivot_point(p, action.facing), action.to)
        went = f"moves {_inches(length)}"
        pivot = _turn_words(p.facing, action.facing)
        return f"{p.name or p.id} " + (f"{pivot} and {went}" if pivot and length >= 0.05
                                       else pivot or went)

    def form_words(self, action: Form) -> str:
        """A formation change as a wargamer says it: "Foot Guards forms column and
        turns 90° to the right", "Saker 'Kingfisher' faces about"."""
        p = self.state.pieces[action.unit]
        turn = _turn_words(p.facing, action.facing)
        if action.formation is p.formation:
            words = turn or f"stays in {p.formation.value}"
        else:
            words = f"forms {action.formation.value}" + (f" and {turn}" if turn else "")
        return f"{p.name or p.id} {words}"

    def _move(self, p: Piece, to: Point, facing: float, ev: list[Event], words: str
              ) -> tuple[str, _Path]:
        w, d = p.size()
        start = p.pos if p.mob else self.pivot_point(p, facing)
        plan = MovePlan(Placement(start[0], start[1], facing), Placement(to[0], to[1], facing),
                        w, d)
        path = _Path(plan)
        was_mob = p.mob
        p.pos = to
        p.facing = facing
        if p.gun is not None and not was_mob:
            p.gun = (to[0], to[1], facing)
        ev.append(Event("move", words,
                        {"unit": p.id, "to": list(to), "facing": facing, "mob": was_mob}))
        if not was_mob:
            for q in self.units(self.state.enemy(p.side)):
                if q.mob and _boxes_meet(path.box, q.box()) and q.fp().intersects(path.geom()):
                    self._sweep(q, p, plan.travel_facing, ev)
        return (p.side, path) if not was_mob else ("", path)

    def _sweep(self, q: Piece, mover: Piece, travel: float, ev: list[Event]) -> None:
        """A moving enemy meets a mob: it is pushed a full mob move away (ruling: on
        along the mover's line of travel, or turned by SWEEP_TURNS), or eliminated."""
        away = travel
        w, d = q.size()
        for turn in SWEEP_TURNS:
            head = canonical_facing(away + turn)
            fx, fy = forward(head)
            to = (q.pos[0] + fx * MOB_MOVE, q.pos[1] + fy * MOB_MOVE)
            plan = MovePlan(Placement(q.pos[0], q.pos[1], head), Placement(to[0], to[1], head),
                            w, d)
            if self._sweep_problem(q, plan, mover.id) is None:
                q.pos = to
                q.facing = head
                ev.append(Event("swept", f"{q.name or q.id} is swept away {MOB_MOVE:g}\" by "
                                         f"{mover.name or mover.id}",
                                {"unit": q.id, "by": mover.id, "to": list(to)}))
                return
        self._eliminate(q, f"{q.name or q.id} cannot get clear of {mover.name or mover.id} "
                           f"and is eliminated", ev)

    def _sweep_problem(self, q: Piece, plan: MovePlan, mover: str) -> str | None:
        end = plan.end_footprint()
        why = self._table_problem(end)
        if why:
            return why
        bs: list[Blocker] = []
        for o in self.units():
            if o.id == q.id:
                continue
            bs.append(Blocker(o.id, o.fp(), passable=o.side == q.side or o.mob or o.id == mover,
                              min_gap=0.0))
        why = blocker_problem(plan, bs)
        if why:
            return why
        for e in self.formed(self.state.enemy(q.side)):
            if float(end.distance(e.fp())) < MOB_CLEARANCE - 1e-6:
                return "too near the enemy"
        return table_terrain_problem(plan, self.terrain, ACCESS)


def _apart(a: list[Point], b: list[Point]) -> bool:
    """Are two rectangles (corners in order) surely apart: separated along an
    axis of one of them by more than any rounding (so shapely would say they
    do not meet)?"""
    for c in (a, b):
        for k in (1, 3):
            ux, uy = c[k][0] - c[0][0], c[k][1] - c[0][1]
            pa = [x * ux + y * uy for x, y in a]
            pb = [x * ux + y * uy for x, y in b]
            slack = 1e-7 * (math.hypot(ux, uy) + 1.0)
            if max(pa) < min(pb) - slack or max(pb) < min(pa) - slack:
                return True
    return False


def _segment_distance(a: Point, b: Point, p: Point) -> float:
    """From `p` to the segment a-b (a point when they coincide)."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    wx, wy = p[0] - a[0], p[1] - a[1]
    ll = ex * ex + ey * ey
    t = 0.0 if ll <= 1e-18 else max(0.0, min(1.0, (wx * ex + wy * ey) / ll))
    return math.hypot(wx - t * ex, wy - t * ey)
