"""A gun's sight of a target, split so the part that depends on the ground is
worked out once per placement of the two.

`desktop.table.sight.line_of_sight_many` answers a question with the lines
from the eye to the target's nearest point and centre, then (all hidden) to
its corners; a line is clear when it crosses no sight-blocking feature the
two ends do not stand in and no other base.  Its answer is whether any line
is clear, so it is the same when the lines are tried in another order or
grouping.  Here the lines and which of them the ground blocks depend only on
the gun's and the target's placements (kept by their stamps), and the lines
the ground leaves open are tested, one by one in plain arithmetic (the test
of `Obstacles.crosses_one`), against the bases whose boxes meet the box of
eye and target (no other base can meet a line between them).  Blown Away
asks the same pairs again and again while only other units move: most
questions never reach shapely.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from desktop.scenario.vocabulary import TerrainType
from desktop.table import sight
from desktop.table.shapes import nearest_on_convex
from desktop.table.sight import crosses_interior
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]
#: A sight line: eye (x, y), then the aimed-at point (x, y).
Line = tuple[float, float, float, float]


def aim_lines(origin: Point, verts: Sequence[Point]) -> tuple[list[Line], list[Line]]:
    """The lines `line_of_sight_many` tries for a convex target given by its
    vertices: first to the nearest point and the centre, then to the corners
    (its own arithmetic, so the very same numbers)."""
    near, _ = nearest_on_convex(origin, verts)
    cx = sum(v[0] for v in verts) / len(verts)
    cy = sum(v[1] for v in verts) / len(verts)
    ox, oy = origin
    first = [(ox, oy, near[0], near[1]), (ox, oy, cx, cy)]
    corners = [(ox, oy, p[0], p[1]) for p in verts[:8]]
    return first, corners


def ground_blocks(lines: Sequence[Line], terrain: TerrainIndex,
                  blocking: frozenset[TerrainType], exempt: frozenset[int]) -> list[bool]:
    """For each line: does it pass through the interior of a sight-blocking
    feature other than the `exempt` ones?  Boxes first (touching counts), then
    the sight module's crossing test on the candidates, as it makes them."""
    segs: list[Line] = []
    feats: list[int] = []
    owner: list[int] = []
    for k, (ax, ay, bx, by) in enumerate(lines):
        for f in terrain.bbox_indices(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)):
            if terrain.types[f] in blocking and f not in exempt:
                segs.append((ax, ay, bx, by))
                feats.append(f)
                owner.append(k)
    out = [False] * len(lines)
    if segs:
        arr = np.array(segs, dtype=float).reshape(-1, 2, 2)
        geoms = np.array([terrain.areas[f] for f in feats], dtype=object)
        hit = crosses_interior(geoms, shapely.linestrings(arr))
        for k, h in zip(owner, hit.tolist(), strict=True):
            if h:
                out[k] = True
    return out


#: A base for sight: its box (x0, y0, x1, y1) and its rectangle's `Span`
#: (`desktop.table.sight`, the numbers `Obstacles` works with).
Span = tuple[float, float, float, float, sight.Span]


def span(corners: Sequence[Point]) -> Span:
    """A rectangular base (its corners in order) ready for `crosses`."""
    c = tuple((float(x), float(y)) for x, y in corners)
    xs, ys = [p[0] for p in c], [p[1] for p in c]
    return (min(xs), min(ys), max(xs), max(ys), sight.rect_span(c))


def crosses(ax: float, ay: float, bx: float, by: float, bases: Sequence[Span]) -> bool:
    """Does the segment cross the interior of one of `bases`?  The test of
    `Obstacles.crosses_one` (boxes, then `desktop.table.sight.span_crossed`),
    on bases worked out once per placement rather than once per position of
    the whole table."""
    lo_x, hi_x = min(ax, bx), max(ax, bx)
    lo_y, hi_y = min(ay, by), max(ay, by)
    for x0, y0, x1, y1, rect in bases:
        if x1 <= lo_x or x0 >= hi_x or y1 <= lo_y or y0 >= hi_y:
            continue
        if sight.span_crossed(ax, ay, bx, by, rect):
            return True
    return False


def any_clear(lines: Sequence[Line], ground: Sequence[bool], bases: Sequence[Span]) -> bool:
    """Is one of `lines` clear of the ground (`ground`: blocked by it) and of
    `bases`?"""
    for (ax, ay, bx, by), blocked in zip(lines, ground, strict=True):
        if not blocked and not crosses(ax, ay, bx, by, bases):
            return True
    return False
