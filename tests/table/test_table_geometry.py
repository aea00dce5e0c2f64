"""Table geometry for rules (RULINGS, "Conventions")."""

from __future__ import annotations

import pytest
from shapely.geometry import LineString, box

from desktop.scenario.model import LineShape, RectShape, Table, TerrainFeature
from desktop.scenario.vocabulary import TerrainType as T
from desktop.table.movement import (
    Access,
    Blocker,
    MovePlan,
    Placement,
    check_move,
    contact_distance,
)
from desktop.table.shapes import (
    Aspect,
    angle_diff,
    aspect,
    bearing,
    front_centre_of,
    gap,
    in_arc,
    in_contact,
    rect,
    sector,
)
from desktop.table.sight import Obstacles, SightRequest, line_of_sight, line_of_sight_many
from desktop.table.terrain import TerrainIndex


def test_facing_is_a_compass_bearing_with_y_down() -> None:
    assert bearing((0, 0), (0, -1)) == pytest.approx(0)
    assert bearing((0, 0), (1, 0)) == pytest.approx(90)
    assert bearing((0, 0), (0, 1)) == pytest.approx(180)
    assert front_centre_of(10, 10, 2, 90) == pytest.approx((11, 10))
    assert angle_diff(10, 350) == pytest.approx(20)


def test_footprint_is_frontage_by_depth_rotated() -> None:
    r = rect(10, 10, 4, 2, 90)
    assert r.bounds == pytest.approx((9, 8, 11, 12))


def test_gap_and_contact_within_a_tenth() -> None:
    a, b = rect(0, 0, 4, 2, 0), rect(0, 2.08, 4, 2, 0)
    assert gap(a, b) == pytest.approx(0.08) and in_contact(a, b)
    assert not in_contact(a, rect(0, 2.2, 4, 2, 0))


@pytest.mark.parametrize(("attacker", "expected"), [
    ((0, -3), Aspect.FRONT), ((3, -2.9), Aspect.FLANK), ((3, 0), Aspect.FLANK),
    ((-3, 0), Aspect.FLANK), ((0, 3), Aspect.REAR), ((1, 3), Aspect.REAR),
])
def test_front_flank_rear(attacker: tuple[float, float], expected: Aspect) -> None:
    assert aspect((0, 0), 0, attacker) is expected


def test_arc_includes_targets_partly_inside() -> None:
    target = box(9, -11, 13, -9)  # corner (9, -9): bearing 45 from the origin
    assert in_arc((0, 0), 0, 45, 20, target)
    assert not in_arc((0, 0), 0, 45, 20, box(10, -9, 14, -7))
    assert not in_arc((0, 0), 0, 45, 12, target)  # nearest point 12.7 away
    assert in_arc((0, 0), 0, 180, 20, box(-2, 5, 2, 7))  # all round
    assert sector((0, 0), 0, 45, 10).area == pytest.approx(3.1416 * 100 / 4, rel=0.01)


def test_contact_distance_straight_ahead() -> None:
    cav = rect(0, 10, 4, 2, 0)
    assert contact_distance(cav, 0, box(-1, 0, 1, 2)) == pytest.approx(7)
    assert contact_distance(cav, 0, box(5, 0, 7, 2)) is None
    assert contact_distance(cav, 0, box(-2, 9, 2, 12)) == 0


def _terrain() -> TerrainIndex:
    return TerrainIndex([
        TerrainFeature("w", T.WOOD, RectShape((10, 10), (4, 4))),
        TerrainFeature("m", T.MARSH, RectShape((30, 10), (4, 4))),
        TerrainFeature("r", T.RIVER, LineShape(((0, 30), (40, 30)), 2)),
        TerrainFeature("b", T.BRIDGE, RectShape((20, 30), (3, 4))),
    ])


def test_terrain_index_finds_what_a_footprint_stands_in() -> None:
    t = _terrain()
    assert t.types_hit(box(9, 9, 11, 11)) == {T.WOOD}
    assert t.fraction_in(box(11, 9, 13, 11), {T.WOOD}) == pytest.approx(0.5)
    assert t.types_hit(box(20, 20, 21, 21)) == set()
    assert t.contains_point((30, 10), {T.MARSH})
    assert t.union({T.WOOD, T.MARSH}).area == pytest.approx(32)


def test_line_of_sight_blocked_by_terrain_and_bases_not_by_grazing() -> None:
    t = _terrain()
    target = box(9, 20, 11, 22)
    assert not line_of_sight((10, 0), target, t, frozenset({T.WOOD}))
    assert line_of_sight((10, 0), target, t, frozenset())
    obs = Obstacles([box(0, 14, 20, 16)], ["wall_of_men"])
    assert not line_of_sight((10, 0), target, t, frozenset(), obs)
    assert line_of_sight((10, 0), target, t, frozenset(), obs, exclude=["wall_of_men"])
    # exempt: a unit sees out of the wood it stands in
    assert line_of_sight((10, 10), target, t, frozenset({T.WOOD}), exempt_features=[0])
    # a line along an edge grazes, it is not blocked
    assert line_of_sight((12, 0), box(12, 20, 14, 22), t, frozenset({T.WOOD}))


def test_batched_sight_matches_single_queries() -> None:
    t = _terrain()
    reqs = [SightRequest((x, 0), box(x - 1, 20, x + 1, 22)) for x in range(0, 40, 3)]
    many = line_of_sight_many(reqs, t, frozenset({T.WOOD, T.MARSH}))
    single = [line_of_sight(r.origin, r.target, t, frozenset({T.WOOD, T.MARSH})) for r in reqs]
    assert many == single and False in many and True in many


def _plan(x0: float, y0: float, x1: float, y1: float, f: float = 0) -> MovePlan:
    return MovePlan(Placement(x0, y0, 0), Placement(x1, y1, f), 4, 2)


def test_move_validation() -> None:
    t = _terrain()
    table = Table(40, 40)
    inf = {T.WOOD: Access.NO_ENTRY, T.MARSH: Access.NO_ENTRY,
           T.RIVER: Access.CROSSING_FULL_MOVE}
    ok = dict(table=table, terrain=t, access=inf)
    assert check_move(_plan(20, 20, 20, 14), allowance=6, **ok) is None  # type: ignore[arg-type]
    assert "at most 6" in check_move(_plan(20, 20, 20, 13), allowance=6, **ok)  # type: ignore[arg-type,operator]
    assert "cannot enter" in check_move(_plan(10, 17, 10, 12.5), allowance=6, **ok)  # type: ignore[arg-type,operator]
    assert "leave the table" in check_move(_plan(1, 20, 0, 20), allowance=6, **ok)  # type: ignore[arg-type,operator]
    assert check_move(_plan(20, 32.2, 20, 27.8), allowance=6, **ok) is None  # type: ignore[arg-type]
    assert "bridge or ford" in check_move(_plan(5, 32.2, 5, 27.8), allowance=6, **ok)  # type: ignore[arg-type,operator]
    friend = Blocker("f", rect(20, 16, 4, 2, 0), passable=False, min_gap=0.0)
    assert "pass through f" in check_move(  # type: ignore[operator]
        _plan(20, 20, 20, 13), allowance=9, blockers=[friend], **ok)  # type: ignore[arg-type]
    passable = Blocker("s", rect(20, 16, 4, 2, 0), passable=True, min_gap=0.0)
    assert check_move(_plan(20, 20, 20, 13), allowance=9, blockers=[passable], **ok) is None  # type: ignore[arg-type]
    enemy = Blocker("e", rect(20, 12, 4, 2, 0), passable=False, min_gap=0.1 + 1e-6)
    assert "within" in check_move(_plan(20, 20, 20, 14.05), allowance=9, blockers=[enemy], **ok)  # type: ignore[arg-type,operator]


def test_sight_through_obstacles_that_are_not_rectangles() -> None:
    from shapely.geometry import Polygon

    t = _terrain()
    tri = Polygon([(0, 14), (20, 14), (10, 17)])
    obs = Obstacles([tri], ["rock"])
    assert obs.rects is None
    assert not line_of_sight((10, 0), box(9, 20, 11, 22), t, frozenset(), obs)
    assert line_of_sight((30, 0), box(29, 20, 31, 22), t, frozenset(), obs)


def test_plain_rectangle_arithmetic_agrees_with_shapely() -> None:
    import random

    from desktop.table.movement import rect_gap, rect_overlap_depth
    from desktop.table.shapes import corners

    rng = random.Random(5)
    for _ in range(300):
        a = corners(rng.uniform(0, 10), rng.uniform(0, 10), 4, 2, rng.uniform(0, 360))
        b = corners(rng.uniform(0, 10), rng.uniform(0, 10), 2, 2, rng.uniform(0, 360))
        pa, pb = rect(0, 0, 1, 1, 0).__class__(a), rect(0, 0, 1, 1, 0).__class__(b)
        assert rect_gap(a, b) == pytest.approx(pa.distance(pb), abs=1e-9)
        assert (rect_overlap_depth(a, b) > 1e-6) == (pa.intersection(pb).area > 1e-6)


def test_sight_through_bases_plain_and_vectorised_agree() -> None:
    import random

    import numpy as np

    rng = random.Random(8)
    bases = [rect(rng.uniform(0, 40), rng.uniform(0, 40), 4, 2, rng.uniform(0, 360))
             for _ in range(30)]
    obs = Obstacles(bases, [f"u{i}" for i in range(30)])
    a = np.array([[rng.uniform(0, 40), rng.uniform(0, 40)] for _ in range(60)])
    b = np.array([[rng.uniform(0, 40), rng.uniform(0, 40)] for _ in range(60)])
    vec = obs.crossing(a, b, np.zeros((60, 30), dtype=bool))
    plain = [obs.crosses_one(*a[i], *b[i], set()) for i in range(60)]
    shapely_says = [any(shp.relate_pattern(box_, "T********") for box_ in bases)
                    for shp in (LineString([a[i], b[i]]) for i in range(60))]
    assert list(vec) == plain == shapely_says
    assert True in plain and False in plain


def _crosses_one_by_hand(corners: list[list[tuple[float, float]]], ax: float, ay: float,
                         bx: float, by: float) -> bool:
    """The single-line base test worked out afresh for every rectangle (the sums
    Obstacles.crosses_one now keeps per rectangle): a separating-axis test on
    the rectangle's two axes and the segment's normal, grazes excluded."""
    import math

    eps = 1e-9
    nx, ny = ay - by, bx - ax
    n_len = math.hypot(nx, ny) * eps
    pa = ax * nx + ay * ny
    for c in corners:
        xs, ys = [p[0] for p in c], [p[1] for p in c]
        if (max(xs) <= min(ax, bx) or min(xs) >= max(ax, bx) or max(ys) <= min(ay, by)
                or min(ys) >= max(ay, by)):
            continue
        hit = True
        for k in (1, 3):
            ux, uy = c[k][0] - c[0][0], c[k][1] - c[0][1]
            scale = math.hypot(ux, uy) * eps
            pr = [x * ux + y * uy for x, y in c]
            p1, p2 = ax * ux + ay * uy, bx * ux + by * uy
            if min(p1, p2) >= max(pr) - scale or max(p1, p2) <= min(pr) + scale:
                hit = False
                break
        if hit:
            pr = [x * nx + y * ny for x, y in c]
            if min(pr) < pa - n_len and max(pr) > pa + n_len:
                return True
    return False


def test_single_sight_line_kept_sums_match_the_sums_worked_afresh() -> None:
    """RULINGS "Line of sight": a line that only grazes a base is not blocked.
    crosses_one keeps each rectangle's axes and extents; its verdicts must be
    those of the test worked out afresh, grazes along edges and through
    corners included."""
    import random

    rng = random.Random(18)
    bases = [rect(rng.uniform(0, 40), rng.uniform(0, 40), 4, 2, rng.choice([0, 90, 30.5, 217]))
             for _ in range(25)]
    obs = Obstacles(bases, [f"u{i}" for i in range(25)])
    corners = [list(b.exterior.coords)[:4] for b in bases]
    lines = [(rng.uniform(0, 40), rng.uniform(0, 40), rng.uniform(0, 40), rng.uniform(0, 40))
             for _ in range(300)]
    for c in corners[:10]:  # along each edge, and corner to corner
        for i in range(4):
            (x0, y0), (x1, y1) = c[i], c[(i + 1) % 4]
            lines.append((x0 - (x1 - x0), y0 - (y1 - y0), x1 + (x1 - x0), y1 + (y1 - y0)))
        lines.append((*c[0], *c[2]))
    verdicts = [obs.crosses_one(*ln, set()) for ln in lines]
    assert verdicts == [_crosses_one_by_hand(corners, *ln) for ln in lines]
    assert True in verdicts and False in verdicts
    # a skipped base never blocks
    j = next(i for i, ln in enumerate(lines) if verdicts[i])
    hit = {k for k in range(25) if _crosses_one_by_hand([corners[k]], *lines[j])}
    assert not obs.crosses_one(*lines[j], hit)


def test_a_moves_box_finds_every_feature_its_ground_meets() -> None:
    """terrain_problem builds a move's lane and end base only for features
    whose box meets the box of the whole move: that box must hold every
    feature the lane or the end base touches (any facing, any length), or a
    forbidden entry would pass unseen."""
    import random

    import numpy as np

    t = _terrain()
    assert t.tree is not None
    rng = random.Random(18)
    met = 0
    for _ in range(400):
        plan = MovePlan(Placement(rng.uniform(0, 40), rng.uniform(0, 40), rng.uniform(0, 360)),
                        Placement(rng.uniform(0, 40), rng.uniform(0, 40), rng.uniform(0, 360)),
                        rng.uniform(1, 6), rng.uniform(1, 3))
        parts = [plan.lane(), plan.end_footprint()]
        _, hit = t.tree.query(np.array(parts, dtype=object), predicate="intersects")
        boxed = set(t.bbox_indices(*plan.bbox()))
        assert {int(i) for i in hit} <= boxed
        met += bool(len(hit))
    assert met > 50
