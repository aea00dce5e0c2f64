"""The fingerprint a kept balance report is checked against (issue 19, item 3): a
report goes stale when something play reads changes, and says what, by name."""

from __future__ import annotations

import dataclasses

import pytest

from desktop.resources import bundled_scenarios
from desktop.scenario import Scenario, load
from desktop.scenario.edits.placing import move_pieces
from desktop.scenario.edits.victory import set_victory
from desktop.scenario.fingerprint import changes, fingerprint
from desktop.scenario.model import TurnLimit
from desktop.scenario.wording import possessive


@pytest.fixture(scope="module")
def farms() -> Scenario:
    return load(next(p for p in bundled_scenarios() if p.name == "blown_away_four_farms.yaml"))


def test_the_same_scenario_has_nothing_changed(farms: Scenario) -> None:
    assert changes(fingerprint(farms), farms) == []
    assert fingerprint(farms) == fingerprint(load(
        next(p for p in bundled_scenarios() if p.name == "blown_away_four_farms.yaml")))


def test_words_play_never_reads_keep_a_report_current(farms: Scenario) -> None:
    reworded = dataclasses.replace(farms, title="Another title", briefing="New words",
                                   author="Someone")
    assert changes(fingerprint(farms), reworded) == []


def test_a_moved_unit_names_its_side(farms: Scenario) -> None:
    side = farms.sides[1]
    moved = move_pieces(farms, [side.units[0].id], 1.0, 0.0)
    assert changes(fingerprint(farms), moved) == [f"{possessive(side.name)} forces"]


def test_a_new_turn_limit_names_the_victory_conditions(farms: Scenario) -> None:
    victory = [v for v in farms.game.victory if not isinstance(v, TurnLimit)]
    victory.append(TurnLimit(turns=23))
    later = set_victory(farms, victory)
    assert changes(fingerprint(farms), later) == [
        "the objectives, zones or victory conditions"]


def test_terrain_and_ruleset_changes_are_named(farms: Scenario) -> None:
    other = dataclasses.replace(farms, terrain=farms.terrain[1:], ruleset="mayhem")
    assert changes(fingerprint(farms), other) == ["the terrain", "the ruleset or its options"]


def test_a_fingerprint_from_elsewhere_is_never_current(farms: Scenario) -> None:
    assert changes({}, farms) != []
    assert changes({"all": "0" * 64}, farms) != []
