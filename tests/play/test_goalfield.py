"""Walking distances round water (desktop.play.goalfield), for the computer's player."""

from __future__ import annotations

import math
from dataclasses import replace

from desktop.play.goalfield import goal_field
from desktop.scenario.model import LineShape, RectShape, Scenario, TerrainFeature
from desktop.scenario.vocabulary import TerrainType
from tests.scenario.test_edits import pinned_d3

RIVER = TerrainFeature("river", TerrainType.RIVER,
                       LineShape(((0.0, 20.0), (80.0, 20.0)), width=3.0))
BRIDGE = TerrainFeature("bridge", TerrainType.BRIDGE, RectShape((10.0, 20.0), (2.0, 5.0)))
MARSH = TerrainFeature("marsh", TerrainType.MARSH, RectShape((40.0, 10.0), (20.0, 8.0)))


def _with(*features: TerrainFeature) -> Scenario:
    return replace(pinned_d3(), terrain=tuple(features))


def test_open_ground_is_a_straight_walk() -> None:
    field = goal_field(_with(), [(40.0, 10.0)])
    assert math.isclose(field.distance((40.5, 30.5)), 20.0, abs_tol=1.5)


def test_a_river_is_walked_round_by_its_bridge() -> None:
    goal, start = (40.0, 10.0), (40.0, 30.0)
    field = goal_field(_with(RIVER, BRIDGE), [goal])
    via_bridge = math.dist(start, (10.0, 20.0)) + math.dist((10.0, 20.0), goal)
    d = field.distance(start)
    assert d > 1.5 * math.dist(start, goal)
    assert math.isclose(d, via_bridge, rel_tol=0.1)


def test_without_a_crossing_the_far_bank_is_out_of_reach() -> None:
    field = goal_field(_with(RIVER), [(40.0, 10.0)])
    assert field.distance((40.0, 30.0)) == math.inf
    assert math.isfinite(field.distance((60.0, 5.0)))  # the near bank


def test_marsh_costs_double() -> None:
    """The computer's own walking cost (not a movement rule of any ruleset)."""
    goal = (40.0, 10.0)
    plain = goal_field(_with(), [goal]).distance((40.5, 12.5))
    boggy = goal_field(_with(MARSH), [goal]).distance((40.5, 12.5))
    assert math.isclose(boggy, 2 * plain, rel_tol=0.15)


def test_a_walk_downhill_heads_for_the_bridge_not_straight_at_the_goal() -> None:
    """The marching moves (desktop.play.marching) follow the field: from across
    the river a walk makes for the bridge and each step brings the goal nearer."""
    goal, start = (40.0, 10.0), (40.0, 30.0)
    field = goal_field(_with(RIVER, BRIDGE), [goal])
    end = field.downhill(start, 12.0)
    assert math.isclose(math.dist(start, end), 12.0, abs_tol=1.0)
    assert field.distance(end) < field.distance(start) - 10.0
    assert end[0] < start[0] - 5.0  # west, towards the bridge at x = 10
    assert field.downhill(goal, 5.0) == goal  # at the goal it stays


def test_distances_of_many_points_are_each_points_distance() -> None:
    field = goal_field(_with(RIVER, BRIDGE, MARSH), [(40.0, 10.0)])
    points = [(40.0, 30.0), (45.2, 12.7), (0.0, 0.0), (79.9, 59.9), (11.0, 20.0)]
    assert field.distances(points) == [field.distance(p) for p in points]


def test_equal_terrain_shares_one_field() -> None:
    """A balance pool hands each game its own copy of the scenario: a copy with
    the same ground and goals gets the field already built, not a new one."""
    import pickle

    scenario = _with(RIVER, BRIDGE)
    copy = pickle.loads(pickle.dumps(scenario))
    assert copy is not scenario
    assert goal_field(copy, [(40.0, 10.0)]) is goal_field(scenario, [(40.0, 10.0)])
    assert goal_field(copy, [(41.0, 10.0)]) is not goal_field(scenario, [(40.0, 10.0)])
