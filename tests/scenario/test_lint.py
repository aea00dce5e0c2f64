"""Editing checks: outside the zone, overlapping bases, impassable ground."""

from __future__ import annotations

import pytest

from desktop.scenario.edits.base import new_name
from desktop.scenario.edits.pieces import (
    add_officer,
    add_unit,
    make_officer,
    make_unit,
    set_unit_type,
    update_piece,
)
from desktop.scenario.edits.placing import move_pieces
from desktop.scenario.edits.terrain import add_feature
from desktop.scenario.generate import large_scenario
from desktop.scenario.limits import MAX_FEATURES, MAX_UNITS
from desktop.scenario.lint import IMPASSABLE, Kind, lint, problem_ids
from desktop.scenario.model import EllipseShape, Scenario, TerrainFeature
from desktop.scenario.vocabulary import ARTILLERY, Rank, TerrainType, UnitType
from tests.scenario.test_edits import pinned_d3


@pytest.fixture
def d3() -> Scenario:
    return pinned_d3()


def test_the_bundled_d3_scenario_is_clean(d3: Scenario) -> None:
    assert lint(d3) == []


def test_unit_outside_its_zone(d3: Scenario) -> None:
    s = move_pieces(d3, ["fra_huss"], 0, -10)  # y 31 -> 21: out of the 8" strip
    problems = lint(s)
    assert [p.kind for p in problems] == [Kind.OUTSIDE_ZONE]
    assert problems[0].ids == ("fra_huss",)
    assert "outside" in problems[0].message and "7e Hussards" in problems[0].message


def test_officer_outside_its_zone(d3: Scenario) -> None:
    s = update_piece(d3, "fra_brig", position=(36, 20))
    assert [p.ids for p in lint(s)] == [("fra_brig",)]


def test_overlapping_bases_but_not_touching_ones(d3: Scenario) -> None:
    s = update_piece(d3, "fra_46_2", position=(19, 31))  # 2" from fra_46_1: overlap
    problems = [p for p in lint(s) if p.kind is Kind.OVERLAP]
    assert len(problems) == 1 and set(problems[0].ids) == {"fra_46_1", "fra_46_2"}
    # exactly shoulder to shoulder is contact, not overlap
    s = update_piece(d3, "fra_46_1", facing=0)
    s = update_piece(s, "fra_46_2", position=(13, 31), facing=0)
    assert not [p for p in lint(s) if p.kind is Kind.OVERLAP]


def test_impassable_terrain_table() -> None:
    assert IMPASSABLE[TerrainType.LAKE] is None
    assert IMPASSABLE[TerrainType.MARSH] is None
    assert IMPASSABLE[TerrainType.WOOD] == ARTILLERY


def test_units_in_impassable_terrain(d3: Scenario) -> None:
    # the Grenzer stand in the Fuchswald: light infantry may
    assert not lint(d3)
    s = set_unit_type(d3, "aus_grenz", UnitType.FOOT_ARTILLERY)
    problems = lint(s)
    assert [(p.kind, p.ids) for p in problems] == [(Kind.IMPASSABLE, ("aus_grenz", "fuchswald"))]
    assert "artillery" in problems[0].message
    # a marsh stops everyone, officers included
    s = add_feature(d3, TerrainFeature("bog", TerrainType.MARSH,
                                         EllipseShape((9, 8.5), (3, 2))))
    s = add_officer(s, "aus", make_officer(s, Rank.ADC, (9.5, 8.5)))
    ids = problem_ids(lint(s))
    assert {"aus_grenz", "bog", "adc-1"} <= ids


def test_lint_runs_on_the_largest_scenario() -> None:
    """The most the format allows is checked whole (its speed: bench_big, not a timed test)."""
    s = large_scenario(units=MAX_UNITS, features=MAX_FEATURES, ruleset="d3")
    assert lint(s) == []  # the generator places every unit legally, in its zone



def test_reports_name_a_unit_with_its_side(d3: Scenario) -> None:
    """Issue 34: "Light infantry 1 (Prussian column)", never a bare name that both
    sides may use."""
    s = update_piece(d3, "fra_46_2", position=(19, 31))
    (p,) = [p for p in lint(s) if p.kind is Kind.OVERLAP]
    side = d3.side("fra").name
    assert f"46e de Ligne, 1er bataillon ({side})" in p.message
    assert f"46e de Ligne, 2e bataillon ({side})" in p.message


def test_new_units_get_names_unique_across_the_scenario(d3: Scenario) -> None:
    """Issue 34: each side counted its own, so both sides got "Light infantry 1"."""
    label = "Light infantry"
    first = new_name(d3, label)
    assert first == "Light infantry 1"
    a = make_unit(d3, UnitType.LIGHT_INFANTRY, (10, 30), name=first)
    s = add_unit(d3, "fra", a)
    second = new_name(s, label)
    assert second == "Light infantry 2"  # for the other side too
    b = make_unit(s, UnitType.LIGHT_INFANTRY, (10, 5), name=second)
    s = add_unit(s, "aus", b)
    names = [u.name for _, u in s.all_units()]
    assert len(names) == len(set(names))
