"""Checks that catch real mistakes: a unit in a river, an objective nobody can
reach, a victory nobody can win within the turn limit (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.scenario import load
from desktop.scenario.edits.objectives import add_objective, update_objective
from desktop.scenario.edits.pieces import update_piece
from desktop.scenario.edits.table import set_table
from desktop.scenario.edits.terrain import add_feature
from desktop.scenario.edits.victory import set_victory
from desktop.scenario.lint import FASTEST_MOVE, Kind, lint
from desktop.scenario.model import (
    EllipseShape,
    ExitUnits,
    HoldObjectives,
    Objective,
    Scenario,
    TerrainFeature,
    TurnLimit,
)
from desktop.scenario.vocabulary import TerrainType

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture
def kiddies() -> Scenario:
    return load(SCENARIOS / "kiddies_bridge.yaml")


@pytest.fixture
def d3() -> Scenario:
    return load(SCENARIOS / "d3_crossroads.yaml")


def test_a_unit_in_the_river_away_from_the_bridge_is_flagged(kiddies: Scenario) -> None:
    # Before this check the hussars in mid-river were only "outside the zone".
    s = update_piece(kiddies, "az_hus", position=(23.6, 6.0))
    problems = [p for p in lint(s) if p.kind is Kind.IMPASSABLE]
    assert [p.ids for p in problems] == [("az_hus", "kiddle")]
    msg = problems[0].message
    assert "River Kiddle" in msg and "bridge or ford" in msg
    assert "kiddle" not in msg and "az_hus" not in msg  # names, never ids


def test_a_unit_on_the_bridge_is_not_in_the_river(kiddies: Scenario) -> None:
    bridge = kiddies.feature("bridge").shape
    centre = bridge.centre  # type: ignore[union-attr]
    s = update_piece(kiddies, "az_fus", position=centre, facing=90)
    assert not [p for p in lint(s) if p.kind is Kind.IMPASSABLE]


def test_an_objective_in_a_lake_or_off_the_table_cannot_be_reached(d3: Scenario) -> None:
    s = add_feature(d3, TerrainFeature("pond", TerrainType.LAKE,
                                         EllipseShape((10, 20), (6, 6)), name="Mill Pond"))
    s = add_objective(s, Objective("wet", "Island", (10, 20), 2))
    s = update_objective(s, "crossroads", position=(24, 14))
    problems = [p for p in lint(s) if p.kind is Kind.UNREACHABLE]
    assert [p.ids for p in problems] == [("wet",)]
    assert "Island" in problems[0].message and "Mill Pond" in problems[0].message


def test_a_victory_out_of_reach_in_the_turn_limit(d3: Scenario) -> None:
    # one turn on a 48" table is plenty to be flagged only if the distance is huge;
    # a turn limit of 1 and an exit needing more units than the side has is certain.
    side = d3.sides[0]
    s = set_victory(d3, [ExitUnits(side.id, len(side.units) + 1), TurnLimit(5)])
    problems = [p for p in lint(s) if p.kind is Kind.UNWINNABLE]
    assert len(problems) == 1
    assert side.name in problems[0].message and "5 turns" in problems[0].message
    assert f"{FASTEST_MOVE:g}" in problems[0].message  # says how generous it was


def test_hold_objectives_too_far_for_the_turn_limit(d3: Scenario) -> None:
    s = set_table(d3, width=120)
    far = (119.0, 18.0)  # every unit starts within 48" of the west edge
    s = add_objective(s, Objective("far", "Far Farm", far, 1))
    side = d3.sides[0].id
    s1 = set_victory(s, [HoldObjectives(1, ("far",), side), TurnLimit(1)])
    flagged = [p for p in lint(s1) if p.kind is Kind.UNWINNABLE]
    assert len(flagged) == 1
    assert flagged[0].message.startswith(
        f"{d3.sides[0].name} cannot win by holding Far Farm within 1 turn:")
    assert flagged[0].ids == ("far",)  # clicking it selects the objective
    # with enough turns to get there nobody is warned
    s3 = set_victory(s, [HoldObjectives(1, ("far",), side), TurnLimit(3)])
    assert not [p for p in lint(s3) if p.kind is Kind.UNWINNABLE]


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.yaml")))
def test_bundled_scenarios_have_no_warnings(name: str) -> None:
    assert lint(load(SCENARIOS / name)) == []
