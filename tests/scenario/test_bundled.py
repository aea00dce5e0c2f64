"""The bundled scenarios are good battlefields: valid, round-trippable, deployable.

Beyond what the reader checks, a bundled scenario must let a newcomer start
playing at once: every unit inside its side's deployment zone and on the table,
no two bases on top of each other, nobody standing in a lake, a briefing to
read and a way to win.  Between them the scenarios show every terrain type.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon

from desktop.resources import DEFAULT_SCENARIO, bundled_scenario, bundled_scenarios
from desktop.scenario import Scenario, dumps, load, loads, rulesets
from desktop.scenario.geometry import (
    deployment_zone,
    footprint,
    shape_area,
    table_polygon,
)
from desktop.scenario.vocabulary import TerrainType

#: Overlap (square inches) below which two bases only touch.
TOUCH = 1e-6
#: Terrain nobody may stand in at the start of any bundled game.
IMPASSABLE = frozenset({TerrainType.RIVER, TerrainType.LAKE, TerrainType.MARSH})
#: Crossings that make the ground under them passable.
CROSSINGS = frozenset({TerrainType.BRIDGE, TerrainType.FORD})

SCENARIOS = bundled_scenarios()
EXPECTED = {
    "kiddies_bridge.yaml": "kiddies",
    "d3_crossroads.yaml": "d3",
    "tactical_ridge.yaml": "tactical",
    "blown_away_four_farms.yaml": "blown_away",
    "mayhem_village.yaml": "mayhem",
}


def _load(path: Path) -> Scenario:
    return load(path)


@pytest.fixture(scope="module", params=SCENARIOS, ids=[p.name for p in SCENARIOS])
def scenario(request: pytest.FixtureRequest) -> Scenario:
    return _load(request.param)


def test_the_expected_scenarios_are_bundled() -> None:
    names = {p.name for p in SCENARIOS}
    assert set(EXPECTED) <= names
    assert bundled_scenario().name == DEFAULT_SCENARIO
    assert bundled_scenario().is_file()


@pytest.mark.parametrize(("name", "ruleset"), sorted(EXPECTED.items()))
def test_each_names_its_ruleset(name: str, ruleset: str) -> None:
    assert _load(bundled_scenario(name)).ruleset == ruleset


def test_round_trip(scenario: Scenario) -> None:
    again = loads(dumps(scenario))
    assert again == scenario
    assert dumps(again) == dumps(scenario)


def test_briefing_and_victory(scenario: Scenario) -> None:
    assert len(scenario.briefing.split()) >= 80, "a briefing of a few paragraphs"
    assert scenario.briefing.count("\n\n") >= 2
    assert scenario.game.victory
    assert scenario.ruleset in rulesets.known_ids()
    assert scenario.title and scenario.author


def test_units_inside_zone_and_table(scenario: Scenario) -> None:
    table = table_polygon(scenario.table).buffer(1e-6)
    for side in scenario.sides:
        assert side.units, side.id
        zone = Polygon(deployment_zone(scenario, side.id)).buffer(1e-6)
        for u in side.units:
            fp = footprint(u)
            assert table.covers(fp), f"{u.id} off the table"
            assert zone.covers(fp), f"{u.id} outside {side.id}'s deployment zone"
        for o in side.officers:
            assert zone.covers(SPoint(o.position)), f"{o.id} outside {side.id}'s zone"


def test_no_bases_overlap(scenario: Scenario) -> None:
    units = [u for _, u in scenario.all_units()]
    feet = [footprint(u) for u in units]
    for i, a in enumerate(feet):
        for j in range(i + 1, len(feet)):
            overlap = a.intersection(feet[j]).area
            assert overlap <= TOUCH, f"{units[i].id} overlaps {units[j].id}"


def test_nobody_starts_in_impassable_terrain(scenario: Scenario) -> None:
    crossings = [shape_area(f.shape) for f in scenario.terrain if f.type in CROSSINGS]
    blocked = [f for f in scenario.terrain if f.type in IMPASSABLE]
    kiddies_hills = [
        f for f in scenario.terrain
        if scenario.ruleset == "kiddies" and f.type is TerrainType.HILL
    ]
    for _, u in scenario.all_units():
        fp = footprint(u)
        for f in blocked + kiddies_hills:
            wet = fp.intersection(shape_area(f.shape))
            for c in crossings:
                wet = wet.difference(c)
            assert wet.area <= TOUCH, f"{u.id} stands in {f.type.value} '{f.id}'"


def test_units_face_the_enemy(scenario: Scenario) -> None:
    """Every unit faces within 45 degrees of straight at the enemy baseline."""
    toward = {"north": 180.0, "south": 0.0, "west": 90.0, "east": 270.0}
    for side in scenario.sides:
        ahead = toward[side.baseline.value]
        for u in side.units:
            off = abs((u.facing - ahead + 180.0) % 360.0 - 180.0)
            assert off <= 45.0, f"{u.id} faces {u.facing}, away from the enemy"


def test_objectives_and_features_on_the_table(scenario: Scenario) -> None:
    table = table_polygon(scenario.table)
    for o in scenario.game.objectives:
        assert table.covers(SPoint(o.position)), o.id
    for f in scenario.terrain:
        assert shape_area(f.shape).intersects(table), f.id


def test_grid_games_stand_in_square_centres() -> None:
    s = _load(bundled_scenario("tactical_ridge.yaml"))
    grid = s.table.grid
    assert grid is not None
    for _, u in s.all_units():
        for coord, origin in zip(u.position, grid.origin, strict=True):
            assert ((coord - origin) / grid.square) % 1.0 == pytest.approx(0.5), u.id
    assert s.ruleset_options.get("tactical", {}).get("skirmish_fire") is True
    ranks = {side.id: {o.rank.value for o in side.officers} for side in s.sides}
    for side_ranks in ranks.values():
        assert {"commander", "general", "adc"} <= side_ranks


def test_blown_away_has_four_objectives_and_a_three_to_win() -> None:
    s = _load(bundled_scenario("blown_away_four_farms.yaml"))
    assert (s.table.width, s.table.depth) == (96.0, 48.0)
    assert len(s.game.objectives) == 4
    holds = [v for v in s.game.victory if v.kind == "hold_objectives"]
    assert [getattr(v, "count", None) for v in holds] == [3]
    for side in s.sides:
        assert [o.rank.value for o in side.officers] == ["commander"]


def test_every_terrain_type_appears_somewhere() -> None:
    seen = {f.type for p in SCENARIOS for f in _load(p).terrain}
    missing = sorted(t.value for t in TerrainType if t not in seen)
    assert not missing, f"no bundled scenario has: {', '.join(missing)}"


def test_mayhem_has_attached_commanders_and_prepared_defences() -> None:
    s = _load(bundled_scenario("mayhem_village.yaml"))
    units = {u.id: side.id for side, u in s.all_units()}
    for side in s.sides:
        attached = [o for o in side.officers if o.attached_to]
        assert attached, side.id
        assert all(units[o.attached_to] == side.id for o in attached if o.attached_to)
    kinds = {f.type for f in s.terrain}
    assert {TerrainType.REDOUBT, TerrainType.TRENCH} <= kinds
