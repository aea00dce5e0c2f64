"""Random candidate actions for Kiddies (random play and the computer
player's look-ahead): moves towards the enemy, a crossing, a feature to
occupy or the enemy's baseline, attacks, group moves and flicked shots."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from desktop.rules.engine import Action
from desktop.rules.kiddies import flick
from desktop.rules.kiddies.actions import GroupMove, Move, Shoot
from desktop.rules.kiddies.constants import (
    CANNON,
    FRONT_ARC,
    MIN_STRENGTH,
    PELLET_OF,
    REGULAR,
    STRENGTH_DECIMALS,
)
from desktop.rules.kiddies.legality import KiddiesLegality
from desktop.rules.kiddies.pieces import Figure
from desktop.rules.kiddies.table import forward, touching
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.table.shapes import angle_diff, bearing


class KiddiesSampling(KiddiesLegality):
    """Sampled moves, attacks, group moves and shots."""

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        if self._outcome is not None or self._side is None or self._phase == "choose":
            return []
        side = self._side
        out: list[Action] = []
        enemies = self.active(self.other(side))
        if self._phase == "move":
            movers = [f for f in self.active(side) if not f.moved
                      and (f.kind != CANNON or self.manned_at_start.get(f.id) == side)]
            for _ in range(4 * n):
                if len(out) >= n or not movers:
                    break
                if rng.random() < 0.25:
                    a = self._sample_group(side, rng, enemies)
                else:
                    a = self._sample_move(rng.choice(movers), rng, enemies)
                if a is not None and self._check(a) is None:
                    out.append(a)
            return out
        if self.tabletop:
            return out
        kind = self._phase
        shooters = self.shooters(side, kind)
        for _ in range(3 * n):
            if len(out) >= n or not shooters or not enemies:
                break
            fid = rng.choice(shooters)
            f = self.figures[fid]
            target = min(rng.sample(enemies, min(3, len(enemies))),
                         key=lambda e: math.hypot(e.x - f.x, e.y - f.y))
            heading = bearing(f.pos, target.pos)
            if kind != "skirmish":
                d = angle_diff(heading, f.facing)
                heading = f.facing + max(-FRONT_ARC, min(FRONT_ARC, d))
            heading = round(canonical_facing(heading), 1) % 360.0
            dist = math.hypot(target.x - f.x, target.y - f.y)
            pellet = flick.PELLETS[PELLET_OF[kind]]
            strength = flick.strength_for(pellet, dist) * rng.uniform(0.7, 1.3)
            strength = round(min(1.0, max(MIN_STRENGTH, strength)), STRENGTH_DECIMALS)
            a = Shoot(kind, fid, heading, strength)
            if self._check(a) is None:
                out.append(a)
        return out

    def _goal(self, f: Figure, rng: random.Random, enemies: Sequence[Figure]) -> Point | None:
        """Where a random mover heads: the enemy, a crossing, a feature to occupy, anywhere."""
        r = rng.random()
        if r < 0.2 and self.table.crossing_points:
            return rng.choice(self.table.crossing_points)
        targets = self._occupy_targets.get(f.side, [])
        if r < 0.35 and targets:
            return rng.choice(targets)
        if r < 0.5 and f.kind == REGULAR and f.side in self._exit_sides:
            # straight for the enemy's baseline, to a place still on the table
            x, y = self._edge_point(f, self.exit_edge(f.side))
            return (min(max(x, 1.0), self.table.width - 1.0),
                    min(max(y, 1.0), self.table.depth - 1.0))
        if enemies and r < 0.85:
            near = sorted(enemies, key=lambda e: math.hypot(e.x - f.x, e.y - f.y))[:3]
            return rng.choice(near).pos
        return (rng.uniform(1.0, self.table.width - 1.0), rng.uniform(1.0, self.table.depth - 1.0))

    def _sample_move(self, f: Figure, rng: random.Random,
                     enemies: Sequence[Figure]) -> Action | None:
        if f.kind != CANNON and enemies and rng.random() < 0.3:
            attack = self._sample_attack(f, rng, enemies)
            if attack is not None:
                return attack
        goal = self._goal(f, rng, enemies)
        if goal is None:
            return None
        d = math.hypot(goal[0] - f.x, goal[1] - f.y)
        if d < 1e-6:
            return None
        step = min(d, self.allowance(f) * rng.uniform(0.3, 1.0))
        x = round(f.x + (goal[0] - f.x) / d * step, 2)
        y = round(f.y + (goal[1] - f.y) / d * step, 2)
        facing = round(canonical_facing(bearing((x, y), goal) if d > step else f.facing), 1)
        return Move(f.id, (x, y), facing % 360.0)

    def _sample_attack(self, f: Figure, rng: random.Random,
                       enemies: Sequence[Figure]) -> Action | None:
        """A move into contact with an enemy within reach (straight at it), if one is legal."""
        reach = self.allowance(f)
        near = [e for e in enemies if e.kind != CANNON
                and math.hypot(e.x - f.x, e.y - f.y) <= reach + 2.5]
        if not near:
            return None
        e = rng.choice(near)
        d = math.hypot(e.x - f.x, e.y - f.y)
        half_diag = math.hypot(e.frontage, e.depth) / 2
        for gap in (f.depth / 2 + e.depth / 2, f.depth / 2 + e.frontage / 2,
                    f.depth / 2 + half_diag):
            stand = gap + 0.02
            if d <= stand or d - stand > reach:
                continue
            x = round(f.x + (e.x - f.x) / d * (d - stand), 2)
            y = round(f.y + (e.y - f.y) / d * (d - stand), 2)
            a = Move(f.id, (x, y), round(canonical_facing(bearing((x, y), e.pos)), 1) % 360.0)
            if self._check(a) is None and touching(
                    Figure(f.id, f.unit, f.side, f.kind, f.type, x, y, a.facing,
                           f.frontage, f.depth), e):
                return a
        return None

    def _sample_group(self, side: str, rng: random.Random,
                      enemies: Sequence[Figure]) -> Action | None:
        groups = [g for g in self.groups(side) if not any(self.figures[i].moved for i in g)]
        if not groups:
            return None
        g = rng.choice(groups)
        lead = self.figures[g[len(g) // 2]]
        fw = forward(lead.facing)
        step = round(self.table.span * rng.uniform(0.2, 0.9), 2)
        turn = rng.choice([0.0, 0.0, 15.0, 345.0])
        return GroupMove(g, (round(fw[0] * step, 2) + 0.0, round(fw[1] * step, 2) + 0.0), turn)
