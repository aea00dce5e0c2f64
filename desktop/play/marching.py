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
from desktop.table.shapes import angle_diff, bearing

Point = tuple[float, float]

#: Parts of the full allowance tried, longest first, until the engine accepts one.
LENGTHS = (1.0, 0.6, 0.3)
#: Shorter than this (inches) is not a march.
MIN_STEP = 0.25


def march_moves(game: Game, rng: random.Random, n: int,
                fields: Sequence[tuple[GoalField, int | None]]) -> list[Action]:
    """Up to `n` legal marches of the side to act, each taking one piece down one of
    `fields`; a field with a count (an area to fill with that many pieces) marches
    one of the pieces nearest it, a field without one any piece.  Each march
    faces the way it goes and, where that is not towards the enemy, comes with
    the same march ending face to the nearest enemy (`facing_enemy`)."""
    side = game.side
    if side is None or n <= 0 or not fields:
        return []
    view = view_of(game)
    mine = [p for p in view.pieces().values()
            if p.side == side and p.present and p.kind != "officer"]
    out: list[Action] = []
    marched = 0
    tried: set[str] = set()
    pools: dict[int, list[PieceInfo]] = {}  # per field with a count: the pieces to march
    for _ in range(2 * n):
        if marched >= n or not mine:
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
            actions = _first_allowed(game, view, piece.id, start, end,
                                     SIDESTEPS if part == LENGTHS[0] else (0.0,))
            if actions:
                out.extend(actions)
                marched += 1
                break
    return out


#: Turns (degrees) of a full-length march tried when the straight one is refused
#: (a friend or an enemy in the way: the field knows only the ground).
SIDESTEPS = (0.0, 35.0, -35.0)


def _first_allowed(game: Game, view: PlayView, pid: str, start: Point, end: Point,
                   turns: Sequence[float]) -> list[Action]:
    """The move of `pid` from `start` to `end`, turned about `start` by each of
    `turns` in order, that the engine accepts first, facing the way it goes, and
    the same move ending face to the nearest enemy (`facing_enemy`); empty if
    none is accepted."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    for turn in turns:
        c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        to = (start[0] + dx * c - dy * s, start[1] + dx * s + dy * c)
        action = view.move_action(pid, to[0], to[1], bearing(start, to))
        if action is not None and game.check(action) is None:
            return [action, *facing_enemy(game, view, pid, to, bearing(start, to))]
    return []


def _enemies(view: PlayView, side: str) -> list[Point]:
    """Where the enemy's units stand (officers left out)."""
    return [(p.x, p.y) for p in view.pieces().values()
            if p.side != side and p.present and p.kind != "officer"]


def facing_enemy(game: Game, view: PlayView, pid: str, to: Point, facing: float
                 ) -> list[Action]:
    """The move of `pid` to `to` ending face to the enemy unit nearest there, if the
    engine accepts it and it is not `facing` give or take `IDLE_TURN` (a piece
    that fires or fights to its front should not end a march with its back to
    the enemy; the march's own facing, the way it went, is the other choice)."""
    piece = view.piece(pid)
    if piece is None or piece.kind == "officer":
        return []
    enemies = _enemies(view, piece.side)
    if not enemies:
        return []
    near = min(enemies, key=lambda e: (e[0] - to[0]) ** 2 + (e[1] - to[1]) ** 2)
    if near == to:
        return []
    face = round(bearing(to, near), 1)
    if abs(angle_diff(face, facing)) < IDLE_TURN:
        return []
    action = view.move_action(pid, to[0], to[1], face)
    return [action] if action is not None and game.check(action) is None else []


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
    is taken, facing the way it goes, with the same move ending face to the
    nearest enemy where that differs (`facing_enemy`)."""
    out: list[Action] = []
    taken = 0
    allowances: dict[str, float] = {}
    for d, piece, points in sorted(pairs, key=lambda t: t[0]):
        if taken >= n:
            break
        full = allowances.get(piece.id)
        if full is None:
            allowance = view.allowance(piece.id) if view.can_move(piece.id) else None
            full = allowances[piece.id] = 0.0 if allowance is None else allowance.full
        if d > full:
            continue
        for to in points(full):
            way = bearing((piece.x, piece.y), to)
            action = view.move_action(piece.id, to[0], to[1], way)
            if action is not None and game.check(action) is None:
                out.append(action)
                out.extend(facing_enemy(game, view, piece.id, to, way))
                taken += 1
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


#: A move that ends nearer than this (inches) to where its piece stands and turns
#: it less than `IDLE_TURN` (degrees) changes nothing on the table, yet it may
#: cost something (a D3 gun that pivots may not shoot that turn).
IDLE_STEP = MIN_STEP
IDLE_TURN = 10.0


def idle(view: PlayView, action: Action) -> bool:
    """Whether `action` is a move (`PlayView.move_action`'s notation: move PIECE
    X,Y FACING) that leaves its piece where it stands, give or take `IDLE_STEP`
    and `IDLE_TURN`."""
    words = action.text().split()
    if len(words) != 4 or words[0] != "move":
        return False
    piece = view.piece(words[1])
    xy = words[2].split(",")
    if piece is None or len(xy) != 2:
        return False
    try:
        x, y, facing = float(xy[0]), float(xy[1]), float(words[3])
    except ValueError:
        return False
    return (math.hypot(x - piece.x, y - piece.y) < IDLE_STEP
            and abs(angle_diff(facing, piece.facing)) < IDLE_TURN)


def drop_idle(game: Game, actions: Sequence[Action]) -> list[Action]:
    """`actions` without the idle moves (`idle`), unless nothing else is left: a
    computer player is never offered a move that changes nothing but may cost
    a shot."""
    view = view_of(game)
    kept = [a for a in actions if not idle(view, a)]
    return kept if kept else list(actions)


def facing_moves(game: Game, n: int) -> list[Action]:
    """Up to `n` legal pivots on the spot, each turning a piece of the side to act
    to face the enemy unit nearest it, where that enemy lies outside every arc
    the piece attacks in (`PlayView.weapons`: a gun or a battalion facing away
    from the battle), the nearest such enemies first."""
    side = game.side
    if side is None or n <= 0 or not game.free_action_kinds:
        return []
    view = view_of(game)
    enemies = _enemies(view, side)
    if not enemies:
        return []
    pivots: list[tuple[float, str, Point, float]] = []
    for p in view.pieces().values():
        if p.side != side or not p.present or p.kind == "officer":
            continue
        arcs = [w.half_angle for w in view.weapons(p.id)]
        if not arcs or max(arcs) >= 180.0:
            continue  # nothing it attacks with, or it attacks all round
        near = min(enemies, key=lambda e: (e[0] - p.x) ** 2 + (e[1] - p.y) ** 2)
        face = round(bearing((p.x, p.y), near), 1)
        if abs(angle_diff(face, p.facing)) <= max(arcs):
            continue  # already facing it
        pivots.append((math.dist((p.x, p.y), near), p.id, (p.x, p.y), face))
    out: list[Action] = []
    for _, pid, at, face in sorted(pivots):
        if len(out) >= n:
            break
        if not view.can_move(pid):
            continue
        action = view.move_action(pid, at[0], at[1], face)
        if action is not None and game.check(action) is None:
            out.append(action)
    return out
