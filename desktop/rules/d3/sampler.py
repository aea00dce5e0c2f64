"""Sensible candidate moves for random play and the computer player.

Free-table moves cannot be listed, so the game offers a handful drawn from a
`random.Random` the caller owns: advance on the nearest enemy and face it,
make for an objective or an exit edge, wheel to face the nearest enemy, or a
random step.  Only legal moves are returned.
"""

from __future__ import annotations

import math
import random
from typing import Protocol

from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Charge, Move
from desktop.rules.d3.pieces import Piece
from desktop.rules.engine import Action
from desktop.rules.position_cache import PositionCache
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import Edge, UnitType
from desktop.table.shapes import bearing, distance, forward


class SamplerGame(Protocol):
    """What the sampler asks of a D3 game (desktop.rules.d3.game.D3Game
    answers): the game hands itself in, the sampler never imports it."""

    @property
    def scenario(self) -> Scenario: ...

    @property
    def side(self) -> str | None: ...

    @property
    def pieces(self) -> dict[str, Piece]: ...

    _movers: PositionCache

    def position_stamp(self) -> int: ...

    @property
    def exit_edges(self) -> dict[str, Edge]: ...

    def units(self, side: str | None = None, present: bool = True) -> list[Piece]: ...

    def enemy_of(self, side: str) -> str: ...

    def aimed_charge(self, c: Piece, e: Piece) -> Charge | None: ...

    def check(self, action: Action) -> str | None: ...

#: How many tries per move wanted before giving up.
TRIES_PER_MOVE = 3
#: Share of cavalry samples that try a charge at the nearest enemy.
CHARGE_SHARE = 0.5
#: Share of samples that advance on the nearest enemy.
ADVANCE_SHARE = 0.6


def _move(p: Piece, b: float, dist: float, facing: float,
          table: tuple[float, float] | None = None) -> Move:
    """A move of `dist` along bearing `b`, shortened to keep the base on the table."""
    fx, fy = forward(b)
    if table is not None:
        margin = math.hypot(p.frontage, p.depth) / 2.0
        for v, pos, size in ((fx, p.x, table[0]), (fy, p.y, table[1])):
            if v > 1e-9:
                dist = min(dist, max(0.0, (size - margin - pos) / v))
            elif v < -1e-9:
                dist = min(dist, max(0.0, (pos - margin) / -v))
    return Move(p.id, round(p.x + fx * dist, 2), round(p.y + fy * dist, 2), round(facing, 1))


def candidate(game: SamplerGame, p: Piece, rng: random.Random) -> Move:
    side = p.side
    enemies = game.units(game.enemy_of(side))
    allowance = p.allowance
    if p.type in R.ARTILLERY and p.deployed:
        if enemies:
            e = min(enemies, key=lambda e: distance(p.pos, e.pos))
            return Move(p.id, p.x, p.y, round(bearing(p.pos, e.pos), 1))
        return Move(p.id, p.x, p.y, round(rng.uniform(0, 360), 1))
    if p.is_general:
        friends = game.units(side)
        if friends:
            f = rng.choice(friends)
            d = distance(p.pos, f.pos)
            if d > 1e-6:
                b = bearing(p.pos, f.pos)
                return _move(p, b, min(allowance, max(0.0, d - 4.0)) * rng.uniform(0.3, 1), b)
    roll = rng.random()
    if enemies and roll < ADVANCE_SHARE:
        e = min(enemies, key=lambda e: distance(p.pos, e.pos))
        d = distance(p.pos, e.pos)
        b = bearing(p.pos, e.pos)
        stop = max(0.0, d - (p.depth + e.depth) / 2.0 - 0.5)
        dist = min(allowance, stop) * rng.uniform(0.4, 1.0)
        return _move(p, b, dist, b)
    if roll < ADVANCE_SHARE + 0.15:
        exit_edge = game.exit_edges.get(side)
        objectives = game.scenario.game.objectives
        if exit_edge is not None:
            b = {Edge.NORTH: 0.0, Edge.EAST: 90.0, Edge.SOUTH: 180.0, Edge.WEST: 270.0}[exit_edge]
            return _move(p, b, allowance * rng.uniform(0.5, 1.0), b)
        if objectives:
            o = rng.choice(objectives)
            d = distance(p.pos, o.position)
            if d > 1e-6:
                b = bearing(p.pos, o.position)
                return _move(p, b, min(allowance, d) * rng.uniform(0.5, 1.0), b)
    if enemies and roll < ADVANCE_SHARE + 0.25:
        e = min(enemies, key=lambda e: distance(p.pos, e.pos))
        return Move(p.id, p.x, p.y, round(bearing(p.pos, e.pos), 1))
    b = rng.uniform(0.0, 360.0)
    size = (game.scenario.table.width, game.scenario.table.depth)
    return _move(p, b, allowance * math.sqrt(rng.random()),
                 b if rng.random() < 0.7 else p.facing, size)


def movers(game: SamplerGame) -> list[Piece]:
    """Pieces of the side to act that may still move (kept until the next action)."""
    return list(game._movers.get(game.position_stamp(), "movers", lambda: _movers(game)))


def _movers(game: SamplerGame) -> list[Piece]:
    side = game.side
    out = []
    for p in game.pieces.values():
        if p.side != side or not p.present or p.moved:
            continue
        if not p.is_general and (p.tested or p.status != "active"):
            continue
        out.append(p)
    return out


def sample_moves(game: SamplerGame, rng: random.Random, n: int) -> list[Move | Charge]:
    """Up to `n` legal moves or charges, each for a piece picked at random.

    Cavalry try a charge aimed at the nearest enemy half the time.
    """
    ready = movers(game)
    if not ready:
        return []
    out: list[Move | Charge] = []
    seen: set[Move | Charge] = set()
    for _ in range(n * TRIES_PER_MOVE):
        if len(out) >= n:
            break
        p = rng.choice(ready)
        a: Move | Charge | None = None
        if p.type is UnitType.CAVALRY and rng.random() < CHARGE_SHARE:
            enemies = game.units(game.enemy_of(p.side))
            if enemies:
                e = min(enemies, key=lambda e: distance(p.pos, e.pos))
                a = game.aimed_charge(p, e)
            if a is None:
                continue
        else:
            a = candidate(game, p, rng)
        if a in seen:
            continue
        seen.add(a)
        if isinstance(a, Charge) or game.check(a) is None:
            out.append(a)
    return out
