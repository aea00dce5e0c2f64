"""Moves that march a side's pieces towards its goals, for every ruleset.

The engines' own sampled moves head for a random enemy, a crossing or a
random spot; on a table with one bridge the pieces that should cross it are
rarely the ones sampled, and a straight line at a goal across a river ends
on the near bank.  These proposals walk a piece down the goal field (round
water, see desktop.play.goalfield) as far as the play view's allowance lets
it, and let the engine judge them (`game.check`); only the engine's public
API and the play view are used, so nothing here is about one ruleset.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import partial

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from desktop.play.goalfield import GoalField
from desktop.rules.engine import Action, Game
from desktop.rules.view import PlayView, view_of
from desktop.rules.view_values import PieceInfo
from desktop.table.shapes import bearing

Point = tuple[float, float]

#: Parts of the full allowance tried, longest first, until the engine accepts one.
LENGTHS = (1.0, 0.6, 0.3)
#: Shorter than this (inches) is not a march.
MIN_STEP = 0.25


def march_moves(game: Game, rng: random.Random, n: int,
                fields: Sequence[tuple[GoalField, int | None]]) -> list[Action]:
    """Up to `n` legal moves of the side to act, each taking one piece down one of
    `fields`; a field with a count (an area to fill with that many pieces) marches
    one of the pieces nearest it, a field without one any piece."""
    side = game.side
    if side is None or n <= 0 or not fields:
        return []
    view = view_of(game)
    mine = [p for p in view.pieces().values()
            if p.side == side and p.present and p.kind != "officer"]
    out: list[Action] = []
    tried: set[str] = set()
    pools: dict[int, list[PieceInfo]] = {}  # per field with a count: the pieces to march
    for _ in range(2 * n):
        if len(out) >= n or not mine:
            break
        field, lead = fields[rng.randrange(len(fields))]
        pool = mine
        if lead is not None:
            pool = pools.get(id(field)) or pools.setdefault(id(field), _leaders(field, mine, lead))
        piece = rng.choice(pool)
        if piece.id in tried or not view.can_move(piece.id):
            tried.add(piece.id)
            continue
        tried.add(piece.id)
        allowance = view.allowance(piece.id)
        if allowance is None or allowance.full <= MIN_STEP:
            continue
        start = (piece.x, piece.y)
        for part in LENGTHS:
            end = field.downhill(start, allowance.full * part)
            if math.dist(start, end) < MIN_STEP:
                break
            action = _first_allowed(game, view, piece.id, start, end,
                                    SIDESTEPS if part == LENGTHS[0] else (0.0,))
            if action is not None:
                out.append(action)
                break
    return out


#: Turns (degrees) of a full-length march tried when the straight one is refused
#: (a friend or an enemy in the way: the field knows only the ground).
SIDESTEPS = (0.0, 35.0, -35.0)


def _first_allowed(game: Game, view: PlayView, pid: str, start: Point, end: Point,
                   turns: Sequence[float]) -> Action | None:
    """The move of `pid` from `start` to `end`, turned about `start` by each of
    `turns` in order, that the engine accepts first (None if none)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    for turn in turns:
        c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        to = (start[0] + dx * c - dy * s, start[1] + dx * s + dy * c)
        action = view.move_action(pid, to[0], to[1], bearing(start, to))
        if action is not None and game.check(action) is None:
            return action
    return None


def _leaders(field: GoalField, mine: list[PieceInfo], lead: int) -> list[PieceInfo]:
    """The `lead` + 2 pieces nearest the field's goal but not on it (else all, nearest
    first): the ones to march to fill an area."""
    away = field.distances([(p.x, p.y) for p in mine])
    order = sorted(range(len(mine)), key=away.__getitem__)
    near = [mine[i] for i in order]
    return [mine[i] for i in order if away[i] > 0.0][:lead + 2] or near


#: Where inside a place a reaching move may stop, as parts of the way from the
#: place's edge nearest the piece to its centre, tried in order until the
#: engine allows one (the shortest move first: it is the likeliest allowed).
REACH_IN = (0.15, 0.4, 0.7, 1.0)


def reaching_moves(game: Game, places: Sequence[BaseGeometry], n: int) -> list[Action]:
    """Up to `n` legal moves of the side to act that end inside one of `places`
    (an objective's marker as a disc, an area to occupy): a move that wins
    ground outright is never left to the luck of sampling.  Every piece not
    already inside a place and within its allowance of one is tried there,
    the nearest first."""
    side = game.side
    if side is None or n <= 0 or not places:
        return []
    view = view_of(game)
    pairs: list[tuple[float, PieceInfo, Callable[[float], list[Point]]]] = []
    for p in view.pieces().values():
        if p.side != side or not p.present or p.kind == "officer":
            continue
        here = ShapelyPoint(p.x, p.y)
        for area in places:
            if area.covers(here):
                continue
            edge = nearest_points(area, here)[0]
            centre = area.centroid
            pairs.append((edge.distance(here), p,
                          partial(_inside_points, area, (edge.x, edge.y),
                                  (centre.x, centre.y), (p.x, p.y))))
    return _first_moves(game, view, pairs, n)


def _first_moves(game: Game, view: PlayView,
                 pairs: list[tuple[float, PieceInfo, Callable[[float], list[Point]]]],
                 n: int) -> list[Action]:
    """Up to `n` moves, one a pair taken nearest first: (distance, piece, the
    points to try given its allowance); a pair farther than the piece's
    allowance is passed over, and of its points the first the engine allows
    is taken."""
    out: list[Action] = []
    allowances: dict[str, float] = {}
    for d, piece, points in sorted(pairs, key=lambda t: t[0]):
        if len(out) >= n:
            break
        full = allowances.get(piece.id)
        if full is None:
            allowance = view.allowance(piece.id) if view.can_move(piece.id) else None
            full = allowances[piece.id] = 0.0 if allowance is None else allowance.full
        if d > full:
            continue
        for to in points(full):
            action = view.move_action(piece.id, to[0], to[1], bearing((piece.x, piece.y), to))
            if action is not None and game.check(action) is None:
                out.append(action)
                break
    return out


#: Points round the inside of a place tried when the way straight in is refused
#: (a building at an objective's heart, a river bank): so many, the nearest the
#: piece first, at most `REACH_TRIES` of them.
REACH_RING = 16
REACH_TRIES = 8


def _inside_points(area: BaseGeometry, edge: Point, centre: Point, at: Point,
                   full: float) -> list[Point]:
    """Where a piece at `at` may stop inside `area`: in from the edge nearest it
    towards the centre, then round a ring just inside the edge, nearest first,
    only those within `full` of it."""
    inward = [(edge[0] + (centre[0] - edge[0]) * part, edge[1] + (centre[1] - edge[1]) * part)
              for part in REACH_IN]
    inner = area.buffer(-0.2 * math.sqrt(area.area / math.pi)) if area.area > 0 else area
    ring: list[Point] = []
    boundary = getattr(inner, "exterior", None)
    if boundary is not None and boundary.length > 0:
        for k in range(REACH_RING):
            q = boundary.interpolate(k / REACH_RING, normalized=True)
            ring.append((q.x, q.y))
    ring.sort(key=lambda q: math.dist(q, at))
    ring = [q for q in ring if math.dist(q, at) <= full][:REACH_TRIES]
    return [q for q in inward if math.dist(q, at) <= full + 1e-9] + ring


#: How far along the way to an enemy's centre a contact move is tried, in turn.
CONTACT_PARTS = (1.0, 0.8, 0.6)


def contact_moves(game: Game, n: int) -> list[Action]:
    """Up to `n` legal moves of the side to act that go at an enemy piece within
    its allowance: into it, else most of the way (a charge, a sweep through a
    mob, a pin against the table's edge), the nearest pairs first.  The
    engines' sampled moves head for an enemy now and then; these always."""
    side = game.side
    if side is None or n <= 0 or not game.free_action_kinds:
        return []
    view = view_of(game)
    pieces = [p for p in view.pieces().values() if p.present and p.kind != "officer"]
    pairs: list[tuple[float, PieceInfo, Callable[[float], list[Point]]]] = []
    for a in pieces:
        if a.side != side:
            continue
        for b in pieces:
            d = math.dist((a.x, a.y), (b.x, b.y))
            if b.side != side and d > 0:
                pairs.append((d, a, partial(_towards, (a.x, a.y), (b.x, b.y))))
    return _first_moves(game, view, pairs, n)


def _towards(start: Point, enemy: Point, full: float) -> list[Point]:
    """Into `enemy`'s centre, else so much of the way (`CONTACT_PARTS`)."""
    return [(start[0] + (enemy[0] - start[0]) * part, start[1] + (enemy[1] - start[1]) * part)
            for part in CONTACT_PARTS]
