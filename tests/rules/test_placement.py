"""Ruleset-specific placement warnings (Ruleset.placement_problems, issue 21).

Each ruleset names ground its rules forbid beyond the editor's own checks:
D3 keeps line infantry out of woods (seed 002 "Terrain"), Kiddies keeps every
figure off hills (its IMPASSABLE), and neither repeats what lint already says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.rules import registry
from desktop.rules.checks import placement_warnings
from desktop.scenario import load
from desktop.scenario.edits.pieces import update_piece
from desktop.scenario.geometry import shape_area
from desktop.scenario.lint import lint
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import TerrainType

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _inside(s: Scenario, ttype: TerrainType) -> tuple[str, tuple[float, float]]:
    f = next(f for f in s.terrain if f.type is ttype)
    p = shape_area(f.shape).representative_point()
    return f.id, (float(p.x), float(p.y))


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.name)
def test_bundled_scenarios_have_no_placement_warnings(path: Path) -> None:
    assert placement_warnings(load(path)) == []


def test_d3_line_infantry_in_a_wood() -> None:
    s = load(SCENARIOS / "d3_crossroads.yaml")
    fid, at = _inside(s, TerrainType.WOOD)
    s = update_piece(s, "aus_ir4", position=at)
    problems = registry.get("d3").placement_problems(s)
    assert [p.ids for p in problems] == [("aus_ir4", fid)]
    assert "line infantry may not stand there" in problems[0].message
    # the editor's own checks stop only artillery in woods
    assert not any(fid in p.ids for p in lint(s))
    # Muskets & Mayhem lets infantry into woods
    assert registry.get("mayhem").placement_problems(s) == []


def test_kiddies_unit_on_a_hill() -> None:
    s = load(SCENARIOS / "kiddies_bridge.yaml")
    fid, at = _inside(s, TerrainType.HILL)
    uid = s.sides[0].units[0].id
    s = update_piece(s, uid, position=at)
    assert [p.ids for p in placement_warnings(s)] == [(uid, fid)]


def test_no_repeat_of_what_lint_says() -> None:
    """A unit in a lake is lint's to report, not the ruleset's again."""
    s = load(SCENARIOS / "d3_crossroads.yaml")
    fid, at = _inside(s, TerrainType.MARSH)
    s = update_piece(s, "aus_ir4", position=at)
    assert any(fid in p.ids for p in lint(s))
    assert registry.get("d3").placement_problems(s) == []
