"""A gun's sight of a target, split so the part that depends on the ground is
worked out once per placement of the two.

`desktop.table.sight.line_of_sight_many` answers a question with the lines
from the eye to the target's nearest point and centre, then (all hidden) to
its corners; a line is clear when it crosses no sight-blocking feature the
two ends do not stand in and no other base.  Its answer is whether any line
is clear, so it is the same when the lines are tried in another order or
grouping.  Here the lines and which of them the ground blocks depend only on
the gun's and the target's placements (kept by their stamps), and the bases
are asked about the lines the ground leaves open, one by one in plain
arithmetic (`Obstacles.crosses_one`, the sight module's own test).  Blown
Away asks the same pairs again and again while only other units move: most
questions never reach shapely.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from desktop.scenario.vocabulary import TerrainType
from desktop.table.shapes import nearest_on_convex
from desktop.table.sight import Obstacles, crosses_interior
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


def any_clear(lines: Sequence[Line], ground: Sequence[bool], obstacles: Obstacles | None,
              skip: set[int]) -> bool:
    """Is one of `lines` clear of the ground (`ground`: blocked by it) and of
    every base but those numbered in `skip`?  `obstacles` are rectangles
    (made with their corners)."""
    for (ax, ay, bx, by), blocked in zip(lines, ground, strict=True):
        if blocked:
            continue
        if obstacles is None or not obstacles.crosses_one(ax, ay, bx, by, skip):
            return True
    return False
