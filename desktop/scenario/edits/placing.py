"""Where pieces stand: drags, turns, wheels, lines and columns, snapping, staying on the table."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Literal

from desktop.scenario.edits.base import EditError, Piece, _norm_angle, _r, _rp
from desktop.scenario.edits.pieces import piece, replace_pieces
from desktop.scenario.edits.shapes import _rotate_point
from desktop.scenario.geometry import forward, rect_corners, right
from desktop.scenario.model import Grid, Point, Scenario, Unit


def set_placements(s: Scenario, placements: Mapping[str, tuple[Point, float]]) -> Scenario:
    """Set (position, facing) of many pieces at once: the core of every drag."""
    new: dict[str, Piece] = {}
    for pid, (pos, facing) in placements.items():
        p = piece(s, pid)
        new[pid] = replace(p, position=_rp(pos), facing=_norm_angle(facing))
    return replace_pieces(s, new)


def placements(s: Scenario, ids: Iterable[str]) -> dict[str, tuple[Point, float]]:
    out: dict[str, tuple[Point, float]] = {}
    for pid in ids:
        p = piece(s, pid)
        out[pid] = (p.position, p.facing)
    return out


def move_pieces(s: Scenario, ids: Iterable[str], dx: float, dy: float) -> Scenario:
    return set_placements(s, {
        pid: ((pos[0] + dx, pos[1] + dy), facing)
        for pid, (pos, facing) in placements(s, ids).items()
    })


def rotate_pieces(s: Scenario, ids: Iterable[str], degrees: float,
                  pivot: Point | None = None) -> Scenario:
    """Turn pieces clockwise by `degrees`.

    Without a pivot each piece turns on its own centre; with one, the group
    wheels as a body about it (positions swing round, facings turn with them).
    """
    out = {}
    for pid, (pos, facing) in placements(s, ids).items():
        npos = pos if pivot is None else _rotate_point(pos, pivot, degrees)
        out[pid] = (npos, facing + degrees)
    return set_placements(s, out)


def group_facing(s: Scenario, ids: Sequence[str]) -> float:
    """The facing a group is dressed on: that of its first piece."""
    return piece(s, ids[0]).facing if ids else 0.0


def wheel_pivot(s: Scenario, ids: Sequence[str], corner: Literal["left", "right"]) -> Point:
    """The front-left (or front-right) corner of a group, seen along its facing.

    A line wheels about the outer corner of its end base, as on the table.
    """
    if not ids:
        raise EditError("select the units to wheel first")
    f = group_facing(s, ids)
    rx, ry = right(f)
    fx, fy = forward(f)
    best: tuple[float, Point] | None = None
    for pid in ids:
        p = piece(s, pid)
        if isinstance(p, Unit):
            corners = rect_corners(p.position, p.base.frontage, p.base.depth, p.facing)
            cand = [corners[0], corners[1]]
        else:
            cand = [p.position]
        for c in cand:
            side = c[0] * rx + c[1] * ry
            front = c[0] * fx + c[1] * fy
            key = -side if corner == "left" else side
            score = key * 1000.0 + front  # outermost, then foremost
            if best is None or score > best[0]:
                best = (score, c)
    assert best is not None
    return best[1]


def _unit_list(s: Scenario, ids: Sequence[str]) -> list[Unit]:
    units = []
    for pid in ids:
        p = piece(s, pid)
        if isinstance(p, Unit):
            units.append(p)
    if not units:
        raise EditError("select some units first")
    return units


def arrange_line(s: Scenario, ids: Sequence[str], gap: float = 0.0) -> Scenario:
    """Dress the selected units into a line, shoulder to shoulder.

    The line faces the way the first unit faces; the leftmost unit (along that
    facing) stays where it is, the others keep their left-to-right order and
    line up on its front edge, `gap` inches apart.
    """
    units = _unit_list(s, ids)
    f = units[0].facing
    rx, ry = right(f)
    fx, fy = forward(f)
    order = sorted(units, key=lambda u: u.position[0] * rx + u.position[1] * ry)
    anchor = order[0]
    front_x = anchor.position[0] + fx * anchor.base.depth / 2
    front_y = anchor.position[1] + fy * anchor.base.depth / 2
    out: dict[str, tuple[Point, float]] = {anchor.id: (anchor.position, f)}
    along = -anchor.base.frontage / 2
    for k, u in enumerate(order):
        if k:
            along += gap
        cx_along = along + u.base.frontage / 2
        along += u.base.frontage
        if u is anchor:
            continue
        pos = (front_x + rx * cx_along - fx * u.base.depth / 2,
               front_y + ry * cx_along - fy * u.base.depth / 2)
        out[u.id] = (pos, f)
    return set_placements(s, out)


def arrange_column(s: Scenario, ids: Sequence[str], gap: float = 0.0) -> Scenario:
    """Form the selected units into a column, one behind another.

    The column faces the way the first unit faces; the foremost unit stays
    where it is and the others follow on its centre line, `gap` inches apart.
    """
    units = _unit_list(s, ids)
    f = units[0].facing
    fx, fy = forward(f)
    order = sorted(units, key=lambda u: -(u.position[0] * fx + u.position[1] * fy))
    head = order[0]
    out: dict[str, tuple[Point, float]] = {head.id: (head.position, f)}
    back = -head.base.depth / 2  # distance of the current rear edge ahead of head's centre
    for u in order[1:]:
        back -= gap
        c = back - u.base.depth / 2
        back -= u.base.depth
        out[u.id] = ((head.position[0] + fx * c, head.position[1] + fy * c), f)
    return set_placements(s, out)


def clamp_move(s: Scenario, ids: Iterable[str], dx: float, dy: float) -> tuple[float, float]:
    """Shorten a move so no base or officer of the group leaves the table."""
    xs: list[float] = []
    ys: list[float] = []
    for pid in ids:
        p = piece(s, pid)
        if isinstance(p, Unit):
            pts = rect_corners(p.position, p.base.frontage, p.base.depth, p.facing)
        else:
            pts = [p.position]
        xs += [q[0] for q in pts]
        ys += [q[1] for q in pts]
    if not xs:
        return dx, dy
    w, d = s.table.width, s.table.depth
    dx = min(max(dx, -min(xs)), w - max(xs))
    dy = min(max(dy, -min(ys)), d - max(ys))
    return dx, dy


def snap_to_grid(p: Point, grid: Grid | None, step: float | None = None) -> Point:
    """The nearest grid point (the grid's square, or `step` inches without a grid)."""
    sq = step if step is not None else (grid.square if grid else 1.0)
    ox, oy = grid.origin if grid else (0.0, 0.0)
    if sq <= 0:
        return p
    return (_r(ox + round((p[0] - ox) / sq) * sq), _r(oy + round((p[1] - oy) / sq) * sq))


def snap_base_to_base(s: Scenario, unit: Unit, position: Point, threshold: float = 1.0,
                      exclude: Iterable[str] = ()) -> tuple[Point, float] | None:
    """Where `unit`, dropped at `position`, snaps into contact with a neighbour.

    Candidates for each neighbour within reach: shoulder to shoulder on its
    left or right (same facing, fronts aligned), directly behind or in front
    (same facing), and front to front (facing it).  The candidate nearest the
    drop point wins if it is within `threshold` inches; None if none is.
    """
    skip = set(exclude) | {unit.id}
    reach = threshold + max(unit.base.frontage, unit.base.depth) * 2
    best: tuple[float, Point, float] | None = None
    for _, n in s.all_units():
        if n.id in skip:
            continue
        if abs(n.position[0] - position[0]) > reach + n.base.frontage:
            continue
        if abs(n.position[1] - position[1]) > reach + n.base.frontage:
            continue
        f = n.facing
        rx, ry = right(f)
        fx, fy = forward(f)
        nx, ny = n.position
        side_off = (n.base.frontage + unit.base.frontage) / 2
        front_adj = (n.base.depth - unit.base.depth) / 2  # align front edges
        back_off = (n.base.depth + unit.base.depth) / 2
        cands: list[tuple[Point, float]] = [
            ((nx + rx * side_off + fx * front_adj, ny + ry * side_off + fy * front_adj), f),
            ((nx - rx * side_off + fx * front_adj, ny - ry * side_off + fy * front_adj), f),
            ((nx - fx * back_off, ny - fy * back_off), f),
            ((nx + fx * back_off, ny + fy * back_off), f),
            ((nx + fx * back_off, ny + fy * back_off), (f + 180.0) % 360.0),
        ]
        for pos, facing in cands:
            d = math.hypot(pos[0] - position[0], pos[1] - position[1])
            # the front-to-front candidate only when the unit already roughly faces it
            if facing != f and _angle_diff(unit.facing, facing) > 45:
                continue
            if facing == f and pos == cands[3][0] and _angle_diff(unit.facing, f) > 45:
                continue
            if d <= threshold and (best is None or d < best[0]):
                best = (d, pos, facing)
    if best is None:
        return None
    return (_rp(best[1]), _norm_angle(best[2]))


def _angle_diff(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def clamp_unit(s: Scenario, u: Unit) -> Unit:
    """`u` shifted just enough to stand wholly on the table."""
    dx, dy = _clamp_unit(s, u)
    if not dx and not dy:
        return u
    return replace(u, position=_rp((u.position[0] + dx, u.position[1] + dy)))


def _clamp_unit(s: Scenario, u: Unit) -> tuple[float, float]:
    pts = rect_corners(u.position, u.base.frontage, u.base.depth, u.facing)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    dx = max(0.0, -min(xs)) - max(0.0, max(xs) - s.table.width)
    dy = max(0.0, -min(ys)) - max(0.0, max(ys) - s.table.depth)
    return dx, dy
