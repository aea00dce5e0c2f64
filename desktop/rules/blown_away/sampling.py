"""Random candidate actions for Blown Away (random play and the computer
player's look-ahead): moves towards an objective or an enemy, formation
changes and the commander riding to a mob."""

from __future__ import annotations

import math
import random

from desktop.rules.blown_away.actions import Form, Move
from desktop.rules.blown_away.constants import FORMATIONS, MOB_MOVE
from desktop.rules.blown_away.movement import BlownAwayMovement
from desktop.rules.blown_away.state import ORDERS, Piece
from desktop.rules.engine import Action
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.table.shapes import bearing, forward


class BlownAwaySampling(BlownAwayMovement):
    """Sampled moves, formation changes and commander moves."""

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        st = self.state
        if st.outcome is not None or st.phase != ORDERS:
            return []
        out: list[Action] = []
        tries = 0
        movers = [] if st.acted else [p for p in self.units(st.side)
                                      if self.why_cannot_move(p) is None]
        while len(out) < n and tries < n * 4:
            tries += 1
            a: Action | None = None
            if movers and (st.commander_moved or rng.random() < 0.8):
                p = rng.choice(movers)
                if p.formed and rng.random() < 0.1:
                    a = self._propose_form(p, rng)
                else:
                    a = self._propose_move(p, rng)
            elif not st.commander_moved:
                a = self._propose_commander(rng)
            if a is not None and a not in out and self.check(a) is None:
                out.append(a)
        return out

    def _propose_commander(self, rng: random.Random) -> Action | None:
        st = self.state
        cs = [c for c in st.commanders.values() if c.side == st.side]
        if not cs:
            return None
        c = rng.choice(cs)
        own = self.units(st.side)
        mobs = [p for p in own if p.mob]
        pick = rng.choice(mobs) if mobs and rng.random() < 0.8 else (
            rng.choice(own) if own else None)
        if pick is None:
            return None
        d = pick.size()[1] / 2 + 0.5
        fx, fy = forward(pick.facing + 180.0)
        to = (round(pick.pos[0] + fx * d, 2), round(pick.pos[1] + fy * d, 2))
        t = self.scenario.table
        to = (min(max(to[0], 0.0), t.width) + 0.0, min(max(to[1], 0.0), t.depth) + 0.0)
        return Move(c.id, to, c.facing)

    def _propose_form(self, p: Piece, rng: random.Random) -> Action | None:
        forms = FORMATIONS[p.type]
        f = rng.choice(forms)
        facing = canonical_facing(p.facing + rng.choice((0.0, 45.0, -45.0, 90.0, -90.0, 180.0)))
        return Form(p.id, f, facing)

    def _goal(self, p: Piece, rng: random.Random) -> Point:
        """Where a sampled move heads: mostly the nearest objective its side does not
        hold, else the nearest enemy with men in ranks, now and then anywhere."""
        st = self.state
        enemies = self.formed(st.enemy(p.side))
        objs = [o.position for o in self.scenario.game.objectives
                if o.id in self.objective_areas and st.objectives.get(o.id) != p.side]
        r = rng.random()
        if objs and (r < 0.6 or not enemies):
            return min(objs, key=lambda o: math.dist(o, p.pos))
        if enemies and r < 0.9:
            return min(enemies, key=lambda e: math.dist(e.pos, p.pos)).pos
        tab = self.scenario.table
        return (rng.uniform(0, tab.width), rng.uniform(0, tab.depth))

    def _propose_move(self, p: Piece, rng: random.Random) -> Action | None:
        if p.mob:
            enemies = self.formed(self.state.enemy(p.side))
            if enemies and rng.random() < 0.7:
                e = min(enemies, key=lambda e: math.dist(e.pos, p.pos))
                head = bearing(e.pos, p.pos) + rng.uniform(-40, 40)
            else:
                head = rng.uniform(0, 360)
            dist = MOB_MOVE * rng.choice((1.0, 0.6, 0.3))
            fx, fy = forward(head)
            for _ in range(4):
                to = (round(p.pos[0] + fx * dist, 2) + 0.0, round(p.pos[1] + fy * dist, 2) + 0.0)
                a = Move(p.id, to, canonical_facing(round(head)))
                if self.check(a) is None:
                    return a
                dist *= 0.5
            return None
        goal = self._goal(p, rng)
        facing = canonical_facing(round(bearing(p.pos, goal)))
        if rng.random() < 0.2:
            facing = canonical_facing(facing + rng.choice((-30.0, 30.0, -45.0, 45.0)))
        start = self.pivot_point(p, facing)
        allowance = self.allowance(p)
        dist = min(allowance, max(0.0, math.dist(start, goal) - 2.0))
        if rng.random() < 0.25:
            dist *= rng.random()
        fx, fy = forward(facing)
        far = (start[0] + fx * dist, start[1] + fy * dist)
        stop = self.stop_length(p, start, facing, far)
        if stop is not None:
            dist = min(dist, stop)
        for _ in range(4):
            to = (round(start[0] + fx * dist, 2) + 0.0, round(start[1] + fy * dist, 2) + 0.0)
            a = Move(p.id, to, facing)
            if self.check(a) is None:
                return a
            dist *= 0.5
        return None
