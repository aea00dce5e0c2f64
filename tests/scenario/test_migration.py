"""Format v2 (issue 21): a unit's starting state per ruleset, and the v1 -> v2 migration.

docs/scenario-format.md, "format_version and migration" and "Units that start worn".
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from desktop.scenario import FORMAT_VERSION, ScenarioError, dumps, load, loads, save

V1 = """\
format_version: 1
title: Old file
table: {width: 48, depth: 36}
sides:
  - id: a
    name: Red
    colour: "#b22222"
    baseline: south
    units:
      - {id: a1, name: 1st Foot, type: line_infantry, position: [10, 30]}
  - {id: b, name: Blue, colour: "#1f4e9c", baseline: north}
"""

V2_START = V1.replace("format_version: 1", "format_version: 2").replace(
    "position: [10, 30]}",
    "position: [10, 30],\n         start: {d3: {hits: 4}, mayhem: {shaken: true}}}",
)

BUNDLED = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.yaml"))


def test_current_format_is_two() -> None:
    assert FORMAT_VERSION == 2


def test_v1_file_loads_through_the_migration_and_saves_as_v2(tmp_path: Path) -> None:
    s = loads(V1)
    assert s.format_version == 2 and s.unit("a1").start == {}
    out = tmp_path / "old.yaml"
    save(s, out)
    data = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert data["format_version"] == 2
    assert load(out) == s


def test_start_round_trips() -> None:
    s = loads(V2_START)
    assert s.unit("a1").start == {"d3": {"hits": 4}, "mayhem": {"shaken": True}}
    again = loads(dumps(s))
    assert again.unit("a1").start == s.unit("a1").start


def test_fresh_unit_writes_no_start() -> None:
    assert "start" not in dumps(loads(V1))


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("{d3: {hits: -2}}", "must be at least 0"),
        ("{d3: {hits: many}}", "expected a whole number"),
        ("{d3: [4]}", "expected a mapping of field to value"),
        ("4", "expected a mapping of ruleset id to starting state"),
    ],
)
def test_bad_start_is_refused_with_its_place(value: str, words: str) -> None:
    text = V2_START.replace("{d3: {hits: 4}, mayhem: {shaken: true}}", value)
    with pytest.raises(ScenarioError) as err:
        loads(text)
    assert words in str(err.value) and "start" in str(err.value)


def test_newer_format_is_refused() -> None:
    with pytest.raises(ScenarioError, match="newer Volley"):
        loads(V1.replace("format_version: 1", "format_version: 3"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_scenario_is_v2(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["format_version"] == FORMAT_VERSION
