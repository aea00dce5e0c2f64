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


# --- issue 37: the first decision at the size limits -----------------------------------

def _reference(scenario: Scenario, goals: list[tuple[float, float]]) -> list[list[float]]:
    """The walk as it was written before issue 37 (a grid of rows, bounds checked):
    the fields must keep these distances exactly, or normal games would change."""
    import heapq

    from desktop.play.goalfield import CELL, STEPS, _costs

    cols, rows = math.ceil(scenario.table.width), math.ceil(scenario.table.depth)
    cost = _costs(scenario, cols, rows).tolist()
    dist = [[math.inf] * cols for _ in range(rows)]
    queue = []
    for gx, gy in goals:
        c, r = min(cols - 1, max(0, int(gx))), min(rows - 1, max(0, int(gy)))
        if dist[r][c] > 0.0:
            dist[r][c] = 0.0
            queue.append((0.0, c, r))
    heapq.heapify(queue)
    while queue:
        d, c, r = heapq.heappop(queue)
        if d > dist[r][c]:
            continue
        for dx, dy, step in STEPS:
            nc, nr = c + dx, r + dy
            if 0 <= nc < cols and 0 <= nr < rows and cost[nr][nc] != math.inf:
                nd = d + step * CELL * (cost[nr][nc] + cost[r][c]) / 2
                if nd < dist[nr][nc]:
                    dist[nr][nc] = nd
                    heapq.heappush(queue, (nd, nc, nr))
    return dist


def test_bundled_scenarios_keep_one_inch_cells_and_the_same_distances(bundled: list) -> None:
    """Issue 37: making the largest scenarios cheap changes no distance of a normal
    one (so no decision): every bundled table keeps one-inch cells and each field
    equals the plain walk's, float for float."""
    from desktop.play.goalfield import GoalField, cell_size
    from desktop.play.scoring import goals_for
    from desktop.scenario import load

    for path in bundled:
        scenario = load(path)
        assert cell_size(scenario) == 1.0, path.name
        for side in scenario.sides:
            goals = goals_for(scenario, side.id)
            for g in [list(goals.go), *[[h] for h in goals.hold]]:
                if g:
                    assert GoalField(scenario, g)._rows == _reference(scenario, g), path.name


def _largest() -> Scenario:
    from desktop.scenario.limits import MAX_OBJECTIVES, MAX_TABLE
    from desktop.scenario.model import Objective, Table

    base = _with(RIVER, BRIDGE)
    objectives = tuple(Objective(f"o{k}", f"Objective {k}", (4.0 + 4.6 * k, 100.0 + 2 * k))
                       for k in range(MAX_OBJECTIVES))
    return replace(base, table=Table(width=MAX_TABLE, depth=MAX_TABLE),
                   game=replace(base.game, objectives=objectives))


def test_the_largest_table_gets_coarser_cells_within_the_budget() -> None:
    """Issue 37: at the size limits (480" square, 100 objectives, a field each)
    the cells grow so that all the fields together stay near CELL_BUDGET cells."""
    from desktop.play.goalfield import CELL_BUDGET, cell_size

    scenario = _largest()
    cell = cell_size(scenario)
    assert 5.0 < cell < 15.0
    fields = len(scenario.game.objectives) + len(scenario.game.victory) + 1
    assert math.ceil(480 / cell) ** 2 * fields <= 1.05 * CELL_BUDGET
    field = goal_field(scenario, [(240.0, 240.0)])
    assert field.cell == cell and field.cols == math.ceil(480 / cell)
    assert math.isclose(field.distance((240.0, 400.0)), 160.0, rel_tol=0.1)


def test_a_river_narrower_than_a_coarse_cell_still_blocks_the_way() -> None:
    """Issue 37: a coarse cell counts as water if water touches it, save where a
    bridge does too; the walk from across the river still goes by the bridge."""
    scenario = _largest()
    goal, start = (40.0, 10.0), (40.0, 40.0)
    field = goal_field(scenario, [goal])
    assert field.cell > RIVER.shape.width  # type: ignore[attr-defined]
    via_bridge = math.dist(start, (10.0, 20.0)) + math.dist((10.0, 20.0), goal)
    assert field.distance(start) > 1.3 * math.dist(start, goal)
    assert math.isclose(field.distance(start), via_bridge, rel_tol=0.35)
    without = goal_field(replace(scenario, terrain=(RIVER,)), [goal])
    assert without.distance(start) > field.distance(start)  # round the river's end


def test_the_fields_of_a_hundred_objectives_are_built_once() -> None:
    """Issue 37: the store once kept 32 fields, so with 100 objectives each side's
    plan built all of them again; now they all stay."""
    from desktop.play import goalfield

    scenario = _largest()
    goalfield._FIELDS.clear()
    first = [goal_field(scenario, [o.position]) for o in scenario.game.objectives]
    again = [goal_field(scenario, [o.position]) for o in scenario.game.objectives]
    assert all(a is b for a, b in zip(first, again, strict=True))
