"""Roster sheets show how a unit starts the battle (issue 21, format v2 ``start``).

The boxes a unit has already lost are marked (a cross per D3 hit, a stroke per
Blown Away man running), the Shaken box of Muskets & Mayhem is ticked, and the
state is written under the unit's name.
"""

from __future__ import annotations

from dataclasses import replace

from desktop.scenario import Scenario
from printouts.roster import started
from printouts.ruleset_sheets import profile
from tests.printouts.test_sheets import page_texts, pdf


def _worn(s: Scenario, start: dict[str, dict[str, int | bool]]) -> Scenario:
    side = s.sides[0]
    unit = replace(side.units[0], start=start)
    return replace(s, sides=(replace(side, units=(unit, *side.units[1:])), *s.sides[1:]))


def test_d3_hits_already_marked_are_crossed_off(mill: Scenario) -> None:
    u = _worn(mill, {"d3": {"hits": 4}}).sides[0].units[0]
    sheet = started("d3", u, profile("d3").unit(u))
    assert (sheet.track.marked, sheet.track.mark, sheet.worn) == (4, "X", "4 hits marked")
    # another ruleset's sheet marks nothing for a D3 entry
    assert started("mayhem", u, profile("mayhem").unit(u)).track.marked == 0


def test_mayhem_shaken_is_ticked_and_figures_lost_crossed(mill: Scenario) -> None:
    u = _worn(mill, {"mayhem": {"shaken": True, "lost": 3}}).sides[0].units[0]
    sheet = started("mayhem", u, profile("mayhem").unit(u))
    assert sheet.ticked == frozenset({"Shaken"}) and sheet.track.marked == 3
    assert sheet.worn == "Shaken, 3 figures lost"


def test_blown_away_men_running_get_a_stroke(mill: Scenario) -> None:
    u = _worn(mill, {"blown_away": {"running": 2}}).sides[0].units[0]
    sheet = started("blown_away", u, profile("blown_away").unit(u))
    assert (sheet.track.marked, sheet.track.mark) == (2, "/")


def test_an_impossible_start_marks_nothing(mill: Scenario) -> None:
    u = _worn(mill, {"d3": {"hits": 40}}).sides[0].units[0]
    sheet = started("d3", u, profile("d3").unit(u))
    assert sheet.track.marked == 0 and sheet.worn == ""


def test_the_printed_roster_says_how_the_unit_starts(mill: Scenario) -> None:
    worn = _worn(mill, {"tactical": {"cv_lost": 2}})
    text = page_texts(pdf(worn, sheets=("roster",), ruleset="tactical",
                          side=worn.sides[0].id))[0]
    assert "Starts: 2 Combat Value lost" in text
    fresh = page_texts(pdf(mill, sheets=("roster",), ruleset="tactical",
                           side=mill.sides[0].id))[0]
    assert "Starts:" not in fresh
