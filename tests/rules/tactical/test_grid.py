"""The square grid (RULINGS, Tactical Dice: squares, king-wise ranges, terrain per square)."""

from __future__ import annotations

import pytest

from desktop.rules.tactical import constants as C
from desktop.rules.tactical.grid import (
    col_name,
    king_distance,
    orthogonal,
    parse_square,
    square_name,
)
from desktop.scenario.vocabulary import TerrainType
from tests.rules.tactical.helpers import (
    CAV,
    SK,
    area,
    line,
    new_game,
    scenario,
    unit,
)


@pytest.mark.parametrize("sq", [(0, 0), (2, 3), (25, 0), (26, 7), (701, 99)])
def test_square_names_round_trip(sq: tuple[int, int]) -> None:
    assert parse_square(square_name(sq)) == sq


def test_square_names_read_like_a_board() -> None:
    assert square_name((2, 3)) == "c4"
    assert col_name(26) == "aa"
    assert parse_square("C4") is None and parse_square("c0") is None


def test_tactical_ranges_count_like_a_king() -> None:
    """RULINGS: ranges count squares the way a king moves (diagonals count one)."""
    assert king_distance((0, 0), (3, 3)) == 3
    assert king_distance((0, 0), (3, 1)) == 3
    assert king_distance((2, 2), (2, 2)) == 0


def test_tactical_close_combat_needs_orthogonal_adjacency() -> None:
    assert orthogonal((2, 2), (2, 3)) and orthogonal((2, 2), (1, 2))
    assert not orthogonal((2, 2), (3, 3)) and not orthogonal((2, 2), (2, 4))


def test_grid_follows_the_scenario_square_size_and_origin() -> None:
    from dataclasses import replace

    from desktop.scenario.model import Grid

    sc = scenario([unit("b", "a6")], [unit("r", "a1")])
    g = new_game(sc)
    assert (g.board.cols, g.board.rows, g.board.size) == (6, 6, 6.0)
    sc2 = replace(sc, table=replace(sc.table, grid=Grid(4.0, (2.0, 0.0))))
    g2 = new_game(sc2)
    assert (g2.board.cols, g2.board.rows) == (8, 9)
    assert g2.board.centre((0, 0)) == (4.0, 2.0)


def test_tactical_square_takes_the_terrain_covering_most_of_it() -> None:
    """Issue 7: a square takes the terrain covering most of it."""
    wood = area("w", TerrainType.WOOD, "c3", 6, 4)        # two thirds of c3
    crops = area("f", TerrainType.CROPS, "d3", 6, 2)      # a third of d3
    g = new_game(scenario([unit("b", "a6")], [unit("r", "a1")], terrain=[wood, crops]))
    assert g.board.area((2, 2)) == C.WOOD
    assert g.board.area((3, 2)) == C.OPEN


def test_tactical_roads_rivers_and_walls_read_from_the_step() -> None:
    """Issue 7: roads, rivers, fences and walls are read from the features a step crosses."""
    road = line("road", TerrainType.ROAD, [(15, 0), (15, 36)], 1.5)
    river = line("river", TerrainType.RIVER, [(24, 18), (36, 18)], 2.0)
    fence = line("fence", TerrainType.FENCE, [(0, 23.5), (12, 23.5)], 0.25)
    g = new_game(scenario([unit("b", "a6")], [unit("r", "a1")],
                          terrain=[road, river, fence]))
    b = g.board
    c3, c4, e3, e4, a4, a5 = ((2, 2), (2, 3), (4, 2), (4, 3), (0, 3), (0, 4))
    assert b.on_road(c3, c4) and not b.on_road(a4, a5)
    assert not b.water_crossing_ok(e3, e4) and b.water_crossing_ok(c3, c4)
    assert b.barrier_between(a4, a5) and not b.barrier_between(c3, c4)


def test_tactical_rivers_are_crossed_only_at_a_bridge_or_ford() -> None:
    """Seed: units may only cross rivers or streams in squares with a bridge or ford."""
    river = line("river", TerrainType.STREAM, [(0, 18), (36, 18)], 1.0)
    ford = area("ford", TerrainType.FORD, "e3", 3, 3)
    g = new_game(scenario([unit("b", "c4"), unit("b2", "e4")], [unit("r", "a1")],
                          terrain=[river, ford]), dice=[1, 6])
    g.apply_text("first")
    assert g.check(g.parse_action("move b c3")) is not None
    assert g.check(g.parse_action("move b2 e3")) is None


def test_cavalry_units_keep_to_their_own_square() -> None:
    g = new_game(scenario([unit("b", "c6", CAV), unit("s", "c6", SK)], [unit("r", "a1")]))
    assert g.unit("b").sq != g.unit("s").sq
