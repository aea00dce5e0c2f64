"""Tactical Dice starts quickly on the largest table with the smallest squares (issue 15 fuzz)."""

from __future__ import annotations

import time

import yaml

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.tactical.grid import Board
from desktop.scenario import loads


def _ridge_on(size: float, square: float) -> str:
    data = yaml.safe_load(bundled_scenario("tactical_ridge.yaml").read_text(encoding="utf-8"))
    data["table"].update(width=size, depth=size, grid={"square": square})
    return yaml.safe_dump(data, sort_keys=False)


def test_a_480_inch_table_of_1_inch_squares_starts_in_seconds() -> None:
    """Issue 15 fuzz: reading all 230,400 squares first took over 100 s."""
    scenario = loads(_ridge_on(480, 1), "big_grid.yaml")
    start = time.perf_counter()
    game = registry.get("tactical").new_game(scenario, seed=1)
    assert time.perf_counter() - start < 5
    board: Board = game.board  # type: ignore[attr-defined]
    assert (board.cols, board.rows) == (480, 480)


def test_squares_read_on_demand_match_squares_read_at_once() -> None:
    """Issue 15 fuzz: reading a square late gives what reading it first gave."""
    scenario = loads(_ridge_on(72, 6), "ridge.yaml")
    board = Board(scenario)
    every = {sq: board._read(sq) for sq in board.squares()}
    assert {sq: board.terrain[sq] for sq in board.squares()} == every
    assert any(t.area != "open" for t in every.values())
    try:
        board.terrain[(board.cols, 0)]
    except KeyError:
        pass
    else:
        raise AssertionError("a square off the board should have no terrain")
