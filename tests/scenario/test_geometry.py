"""Footprints and zones follow RULINGS 'Axes and facing' and 'Footprints'."""

from __future__ import annotations

import math

import pytest

from desktop.scenario import loads
from desktop.scenario.geometry import (
    deployment_zone,
    footprint,
    forward,
    front_centre,
    rect_corners,
    shape_area,
    shape_problem,
)
from desktop.scenario.model import Base, EllipseShape, LineShape, PolygonShape, RectShape, Unit
from desktop.scenario.vocabulary import Quality, UnitType


def unit(x: float, y: float, facing: float, frontage: float = 4, depth: float = 2) -> Unit:
    return Unit("u", "U", UnitType.LINE_INFANTRY, Quality.REGULAR, 7, 12,
                Base(frontage, depth), (x, y), facing)


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.isclose(a[0], b[0], abs_tol=1e-9) and math.isclose(a[1], b[1], abs_tol=1e-9)


def test_facing_zero_looks_at_the_top_edge_and_ninety_at_the_right() -> None:
    assert close(forward(0), (0, -1))
    assert close(forward(90), (1, 0))
    assert close(forward(180), (0, 1))


def test_footprint_is_frontage_by_depth_centred_and_rotated() -> None:
    fp = footprint(unit(10, 10, 0))
    assert fp.bounds == pytest.approx((8, 9, 12, 11))
    assert fp.area == pytest.approx(8)
    turned = footprint(unit(10, 10, 90))
    assert turned.bounds == pytest.approx((9, 8, 11, 12))
    assert footprint(unit(10, 10, 33)).area == pytest.approx(8)


def test_front_centre_is_half_a_depth_ahead() -> None:
    assert close(front_centre(unit(10, 10, 0)), (10, 9))
    assert close(front_centre(unit(10, 10, 90)), (11, 10))


def test_corners_run_front_left_front_right_rear_right_rear_left() -> None:
    fl, fr, rr, rl = rect_corners((0, 0), 4, 2, 0)
    assert close(fl, (-2, -1)) and close(fr, (2, -1))
    assert close(rr, (2, 1)) and close(rl, (-2, 1))


def test_edge_to_edge_distance_between_footprints() -> None:
    a = footprint(unit(10, 10, 0))
    b = footprint(unit(10, 20, 180))
    assert a.distance(b) == pytest.approx(8)  # 20 - 10 - 1 - 1


def test_shapes_cover_their_ground() -> None:
    assert shape_area(RectShape((0, 0), (4, 2))).area == pytest.approx(8)
    assert shape_area(EllipseShape((0, 0), (3, 2))).area == pytest.approx(math.pi * 6, rel=0.01)
    river = shape_area(LineShape(((0, 0), (10, 0)), width=2))
    assert river.area == pytest.approx(20)


def test_shape_problems() -> None:
    assert shape_problem(PolygonShape(((0, 0), (4, 0), (4, 4)))) is None
    assert "crosses itself" in (shape_problem(PolygonShape(((0, 0), (4, 4), (4, 0), (0, 4))))
                                or "")
    assert shape_problem(LineShape(((1, 1), (1, 1)), 1)) == "the line has no length"


ZONES = """\
format_version: 1
title: Z
table: {width: 60, depth: 40}
sides:
  - {id: a, name: A, colour: "#b22222", baseline: south}
  - {id: b, name: B, colour: "#1f4e9c", baseline: west}
game: %s
"""


def test_encounter_zones_are_strips_from_each_baseline() -> None:
    s = loads(ZONES % "{type: encounter}")
    assert deployment_zone(s, "a") == [(0, 34), (60, 34), (60, 40), (0, 40)]
    assert deployment_zone(s, "b") == [(0, 0), (6, 0), (6, 40), (0, 40)]


def test_attack_defend_gives_the_defender_half_the_table() -> None:
    s = loads(ZONES % "{type: attack_defend, defender: a}")
    assert deployment_zone(s, "a") == [(0, 20), (60, 20), (60, 40), (0, 40)]
    assert deployment_zone(s, "b") == [(0, 0), (6, 0), (6, 40), (0, 40)]


def test_pure_python_polygon_check_agrees_with_shapely() -> None:
    """The quick check used while loading gives shapely's verdict (validity and area)."""
    import random

    from shapely.geometry import Polygon

    rng = random.Random(7)
    disagreements = []
    for _ in range(3000):
        n = rng.randint(3, 8)
        pts = tuple((float(rng.randint(0, 4)), float(rng.randint(0, 4))) for _ in range(n))
        if any(pts[i] == pts[(i + 1) % n] for i in range(n)):
            continue  # repeated points get their own message
        poly = Polygon(pts)
        shapely_ok = poly.is_valid and poly.area > 1e-9
        ours_ok = shape_problem(PolygonShape(pts)) is None
        if shapely_ok != ours_ok:
            disagreements.append(pts)
    assert disagreements == []
