"""What a roster row says under each ruleset (RULINGS and the seeds).

Each ruleset gives its profile (``Ruleset.roster_profile``, in its package's
sheets module), made from its engine's constants."""

from __future__ import annotations

from dataclasses import replace

from desktop.rules.d3 import sheets as d3
from desktop.rules.mayhem import constants as mayhem_constants
from desktop.rules.mayhem import sheets as mayhem
from desktop.rules.tactical import constants as tactical_constants
from desktop.rules.tactical import sheets as tactical
from desktop.scenario import Scenario
from desktop.scenario.vocabulary import Quality, UnitType
from printouts.ruleset_sheets import profile


def test_tactical_half_cv_box_is_more_than_half_lost() -> None:
    # RULINGS: "lost over its Combat Value" = more than half of the starting CV
    assert tactical.half_box(10) == 6
    assert tactical.half_box(7) == 4
    assert tactical.half_box(4) == 3


def test_tactical_dice_by_quality_and_artillery_is_trained_cv7(mill: Scenario) -> None:
    assert tactical_constants.QUALITY_DICE == {Quality.ELITE: 4, Quality.VETERAN: 4,
                                               Quality.REGULAR: 3, Quality.CONSCRIPT: 2}
    guns = mill.unit("c6")
    assert guns.type is UnitType.HORSE_ARTILLERY
    sheet = profile("tactical").unit(replace(guns, quality=Quality.ELITE, cv=10))
    assert sheet.start_value == 7 and sheet.meaning.startswith("3 dice")
    assert sheet.track.boxes == 7 and 4 in sheet.track.heavy


def test_d3_track_is_nine_hits_with_the_activation_rolls(mill: Scenario) -> None:
    sheet = profile("d3").unit(mill.unit("c1"))
    assert sheet.track.boxes == 9
    # 2 x d6 > hits: with 2 hits a 1 fails, with 8 hits 5+ is needed
    assert [d3.activation_roll(h) for h in (0, 1, 2, 3, 8)] == [1, 1, 2, 2, 5]
    assert sheet.track.under[8] == "5+"


def test_mayhem_saves_and_fire_dice(mill: Scenario) -> None:
    assert mayhem_constants.QUALITY_NUMBER == {Quality.ELITE: 3, Quality.VETERAN: 4,
                                               Quality.REGULAR: 5, Quality.CONSCRIPT: 6}
    foot = mill.unit("c1")
    assert mayhem.fire_dice(foot, 16) == 8
    assert mayhem.fire_dice(foot, 1) == 0
    guns = mill.unit("c6")
    assert mayhem.fire_dice(guns, 4) == 4
    sheet = profile("mayhem").unit(replace(foot, figures=16))
    assert sorted(sheet.track.heavy) == [4, 8, 12, 16]  # a morale check per stand of four


def test_blown_away_marks_the_command_figures_last(mill: Scenario) -> None:
    sheet = profile("blown_away").unit(mill.unit("c1"))
    n = sheet.track.boxes
    assert sheet.track.marks == {n - 2: "O", n - 1: "D", n: "F"}
