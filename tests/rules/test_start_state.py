"""Units that start the battle damaged (scenario format v2 ``start``, issue 21).

Each ruleset reads its own entry at set-up: D3 hits (seed 002 "Hits"),
Muskets & Mayhem Shaken and figures lost, Tactical Dice Combat Value lost,
Blown Away men running, Kiddies figures fallen.  A value a ruleset cannot set
up is refused naming the unit and the field.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from desktop.rules import RulesError, registry
from desktop.scenario.io import load
from desktop.scenario.model import Scenario, Unit

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = {
    "d3": "d3_crossroads.yaml",
    "mayhem": "mayhem_village.yaml",
    "tactical": "tactical_ridge.yaml",
    "blown_away": "blown_away_four_farms.yaml",
    "kiddies": "kiddies_bridge.yaml",
}


def _with_start(rid: str, fields: dict[str, int | bool]) -> tuple[Scenario, Unit]:
    """The ruleset's bundled scenario with its first infantry unit given `fields`."""
    s = load(SCENARIOS / FILES[rid])
    side = s.sides[0]
    unit = next(u for u in side.units if u.type.value == "line_infantry")
    worn = replace(unit, start={rid: fields})
    units = tuple(worn if u.id == unit.id else u for u in side.units)
    sides = (replace(side, units=units), *s.sides[1:])
    return replace(s, sides=sides), worn


def _piece(game: object, uid: str) -> dict[str, object]:
    units = game.units_json()  # type: ignore[attr-defined]
    return next(u for u in units if u["id"] == uid)


def test_d3_unit_starts_with_hits_marked() -> None:
    s, u = _with_start("d3", {"hits": 4})
    game = registry.get("d3").new_game(s)
    assert game.pieces[u.id].hits == 4  # type: ignore[attr-defined]
    fresh = registry.get("d3").new_game(load(SCENARIOS / FILES["d3"]))
    assert fresh.pieces[u.id].hits == 0  # type: ignore[attr-defined]


def test_mayhem_unit_starts_shaken_with_figures_lost() -> None:
    s, u = _with_start("mayhem", {"shaken": True, "lost": 2})
    game = registry.get("mayhem").new_game(s)
    piece = game.state.units[u.id]  # type: ignore[attr-defined]
    assert piece.morale.value == "shaken"
    assert piece.figures == u.figures - 2 and piece.start_figures == u.figures


def test_tactical_unit_starts_with_combat_value_lost() -> None:
    s, u = _with_start("tactical", {"cv_lost": 2})
    game = registry.get("tactical").new_game(s)
    piece = game.st.units[u.id]  # type: ignore[attr-defined]
    assert piece.cv == piece.start_cv - 2


def test_blown_away_unit_starts_with_men_running() -> None:
    s, u = _with_start("blown_away", {"running": 3})
    game = registry.get("blown_away").new_game(s)
    men = game.state.pieces[u.id].men  # type: ignore[attr-defined]
    assert men.running == 3 and men.left == u.figures


def test_kiddies_unit_starts_with_figures_fallen() -> None:
    s, u = _with_start("kiddies", {"fallen": 2})
    game = registry.get("kiddies").new_game(s)
    figs = [f for f in game.figures.values() if f.unit == u.id]  # type: ignore[attr-defined]
    assert sum(1 for f in figs if not f.active) == 2


def test_other_rulesets_entries_are_ignored() -> None:
    """A D3 entry means nothing to Muskets & Mayhem: the unit starts fresh there."""
    s = load(SCENARIOS / FILES["mayhem"])
    unit = s.sides[0].units[0]
    worn = replace(unit, start={"d3": {"hits": 4}})
    s = replace(s, sides=(replace(s.sides[0], units=(worn, *s.sides[0].units[1:])),
                          s.sides[1]))
    game = registry.get("mayhem").new_game(s)
    assert game.state.units[unit.id].morale.value == "normal"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("rid", "fields", "words"),
    [
        ("d3", {"hits": 9}, "starting hits is 9, more than the 8"),
        ("d3", {"hits": -1}, "starting hits cannot be negative"),
        ("d3", {"wounds": 1}, "has no starting state 'wounds'"),
        ("mayhem", {"shaken": 3}, "starting shaken is on or off"),
        ("tactical", {"cv_lost": 99}, "starting combat value lost is 99"),
        ("blown_away", {"running": 500}, "starting men running is 500"),
        ("kiddies", {"fallen": 500}, "starting figures fallen is 500"),
    ],
)
def test_impossible_start_is_refused_naming_unit_and_field(
    rid: str, fields: dict[str, int | bool], words: str
) -> None:
    s, u = _with_start(rid, fields)
    ruleset = registry.get(rid)
    with pytest.raises(RulesError) as err:
        ruleset.new_game(s)
    assert u.name in str(err.value) and words in str(err.value)
    problems = ruleset.start_problems(s)
    assert len(problems) == 1 and words in problems[0]
