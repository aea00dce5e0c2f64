"""Moves in Muskets & Mayhem, short of carrying them out: where a unit may
stand and move to, formation changes, commanders' rides and joining a unit
(seed 004, "Movement", "Formations"), and sensible random moves for random
play and the computer player."""

from __future__ import annotations

import math
import random

from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action
from desktop.rules.mayhem.actions import Move, OfficerMove
from desktop.rules.mayhem.constants import COMMANDER_MOVE, FORMATIONS, fire_move_allowance
from desktop.rules.mayhem.geometry import (
    CONTACT,
    Foot,
    Swept,
    corner_travel,
    overlaps_feet,
    segment_distance,
    within_feet,
)
from desktop.rules.mayhem.position import MayhemPositions
from desktop.rules.mayhem.state import Commander, Piece
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation
from desktop.table.shapes import bearing, forward


class MayhemMovement(MayhemPositions):
    """Where units and commanders may go, and why not."""

    def _placement_problem(self, u: Piece, f: Foot, ignore: set[str]) -> str | None:
        """Why `u` could not stand on footprint `f`."""
        ground = self.ground
        if not ground.on_table_box(f.bounds):
            return "it would leave the table"
        if not ground.passable_box(f, f.bounds):
            return "it would stand on impassable ground"
        cx, cy = f.centre
        # The centre as given, not as shapely would compute it: the margin
        # keeps this pre-test on the safe side of the exact tests below.
        r = f.reach + CONTACT + 1e-9
        uid, side = u.id, u.side
        for oid, oside, ox, oy, oreach, ofoot in self._position().board:
            if oid == uid or oid in ignore:
                continue
            if math.hypot(cx - ox, cy - oy) > r + oreach:
                continue
            if oside == side:
                if overlaps_feet(f, ofoot):
                    return f"it would overlap {oid}"
            elif within_feet(f, ofoot, CONTACT):
                return f"it would touch {oid} (contact with the enemy only by charging)"
        return None

    def _check_move(self, u: Piece, to: Point, facing: float) -> str | None:
        verdicts = self._position().of(u.id)
        key = ("move", to, facing)
        if key not in verdicts:
            verdicts[key] = self._judge_move(u, to, facing)
        why: str | None = verdicts[key]
        return why

    def _judge_move(self, u: Piece, to: Point, facing: float) -> str | None:
        allowance = self.allowance(u)
        if allowance <= 0:
            return f"{u.id} is in square and squares may not move"
        f = u.foot_at(to, facing)
        dist = corner_travel(u.foot().corners, f.corners)
        if dist > allowance + 1e-9:
            return (f"{u.id} may move {allowance:g}\" in {u.formation.value}; "
                    f"this move is {dist:.2f}\"")
        why = self._placement_problem(u, f, set())
        if why:
            return why
        path = Swept(u.foot(), f)
        if not self.ground.passable_box(path, path.bounds):
            return "the path crosses impassable ground"
        r = f.reach
        enemy = self.state.enemy(u.side)
        here = u.position
        for oid, oside, ox, oy, oreach, of in self._position().board:  # active units
            if oside != enemy:
                continue
            if segment_distance((ox, oy), here, to) > r + oreach:
                continue
            if path.meets(of):
                return f"the path runs through {oid}"
        return None

    def move_barriers(self, u: Piece) -> tuple[list[BaseGeometry], list[BaseGeometry]]:
        """What `u`'s move may not cross, and where it may not end, as
        _check_move and _placement_problem judge them: impassable ground and
        enemy bases block the path; friends' bases (no overlap) and the ground
        within contact of an enemy (contact only by charging) may not be ended on."""
        enemies = [o.footprint() for o in self.active_units(self.state.enemy(u.side))]
        path: list[BaseGeometry] = [*enemies]
        if self.ground.impassable is not None:
            path.insert(0, self.ground.impassable)
        end = [o.footprint() for o in self.active_units(u.side) if o.id != u.id]
        end.extend(fp.buffer(CONTACT) for fp in enemies)
        return path, end

    def _check_form(self, u: Piece, formation: Formation) -> str | None:
        verdicts = self._position().of(u.id)
        key = ("form", formation)
        if key not in verdicts:
            verdicts[key] = self._judge_form(u, formation)
        why: str | None = verdicts[key]
        return why

    def _judge_form(self, u: Piece, formation: Formation) -> str | None:
        if formation not in FORMATIONS[u.type]:
            return f"{u.type.value.replace('_', ' ')} cannot take {formation.value} formation"
        if formation is u.formation:
            return f"{u.id} is already in {formation.value}"
        return self._placement_problem(u, u.foot_at(formation=formation), set())

    def _check_officer_move(self, c: Commander, to: Point) -> str | None:
        span = self.units_of_measure(COMMANDER_MOVE)
        d = math.dist(c.position, to)
        if d > span + 1e-9:
            return f"commanders move {span:g}\"; this move is {d:.2f}\""
        t = self.scenario.table
        if not (0 <= to[0] <= t.width and 0 <= to[1] <= t.depth):
            return "commanders stay on the table"
        return None

    def _check_attach(self, c: Commander, u: Piece) -> str | None:
        if u.side != c.side:
            return f"{c.id} can only join a friendly unit"
        if not u.active:
            return f"{u.id} is {u.status}"
        if c.attached == u.id:
            return f"{c.id} is already with {u.id}"
        if any(o.attached == u.id for o in self.state.commanders.values()):
            return f"{u.id} already has a commander"
        span = self.units_of_measure(COMMANDER_MOVE)
        if math.dist(c.position, u.position) > span + 1e-9:
            return f"{u.id} is beyond a commander's {span:g}\" move"
        return None

    # -- random candidates ---------------------------------------------------------------

    def _sample_moves(self, side: str, rng: random.Random, n: int) -> list[Action]:
        st = self.state
        movers = [u for u in self._movers(side) if self.allowance(u) > 0]
        enemies = self.active_units(st.enemy(side))
        out: list[Action] = []
        tries = 0
        while len(out) < n and tries < n * 4 and (movers or self._free_commanders(side)):
            tries += 1
            a: Action | None
            if movers and (rng.random() < 0.85 or not self._free_commanders(side)):
                u = rng.choice(movers)
                a = self._propose_move(u, enemies, rng)
            else:
                c = rng.choice(self._free_commanders(side))
                span = self.units_of_measure(COMMANDER_MOVE) * rng.random()
                ang = rng.uniform(0, 360)
                fx, fy = forward(ang)
                a = OfficerMove(c.id, (round(c.position[0] + fx * span, 2),
                                       round(c.position[1] + fy * span, 2)))
            if a is not None and a not in out and self.check(a) is None:
                out.append(a)
        return out

    def _propose_move(self, u: Piece, enemies: list[Piece], rng: random.Random) -> Move | None:
        """A sensible legal move: mostly towards the nearest enemy, else a wheel
        or a step back; shortened until it is legal (None if nothing fits)."""
        allowance = self.allowance(u)
        limit = fire_move_allowance(u.type, u.formation)
        fire_move = self.units_of_measure(limit) if limit else 0.0
        choice = rng.random()
        facing = u.facing
        if enemies and choice < 0.7:
            target = min(enemies, key=lambda e: math.dist(e.position, u.position))
            facing = canonical_facing(round(bearing(u.position, target.position)))
        elif choice < 0.85:
            facing = canonical_facing(u.facing + rng.choice((-45, -20, 20, 45)))
        dist = rng.choice((allowance, fire_move or allowance, allowance * rng.random()))
        if choice > 0.95:
            dist = -dist / 2.0
        fx, fy = forward(facing)
        for _ in range(5):
            to = (round(u.position[0] + fx * dist, 2) + 0.0,
                  round(u.position[1] + fy * dist, 2) + 0.0)
            if self._check_move(u, to, facing) is None:
                return Move(u.id, to, facing)
            dist *= 0.6
        return None
