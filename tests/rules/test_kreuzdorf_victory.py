"""The Kreuzdorf scenarios' victory conditions as rebalanced (issue 19, docs/balance.md).

The French win with one full battalion (12 figures) inside Kreuzdorf when the
last turn ends; on the first day only if the Austrians do not still hold the
crossroads alone (scenario-format.md: holding conditions are judged at the end
of the last turn, and two sides meeting theirs at once leave it to the turn
limit's fallback, here the defender).
"""

from __future__ import annotations

from desktop.resources import bundled_scenario
from desktop.rules.piece_view import PieceView
from desktop.rules.victory import VictoryJudge
from desktop.scenario import load
from desktop.scenario.model import Scenario

#: Inside Kreuzdorf but more than the marker's 3 inches from the crossroads (24, 14).
IN_THE_VILLAGE = (20.0, 11.5)
CROSSROADS = (24.0, 14.0)
#: Far from both the village and the markers.
AWAY = (5.0, 30.0)


def pieces(scenario: Scenario, at: dict[str, tuple[float, float]]) -> list[PieceView]:
    """Every unit present; those named in `at` stand there, the rest far away."""
    return [PieceView(u.id, side.id, u.type, True, u.figures, at.get(u.id, AWAY))
            for side, u in scenario.all_units()]


def crossroads() -> Scenario:
    return load(bundled_scenario("d3_crossroads.yaml"))


def test_a_french_battalion_in_the_village_takes_it_when_the_crossroads_is_clear() -> None:
    sc = crossroads()
    judge = VictoryJudge(sc)
    there = pieces(sc, {"fra_46_1": IN_THE_VILLAGE})
    assert judge.end_of_turn(11, there) is None  # judged only when the last turn ends
    out = judge.end_of_turn(12, there)
    assert out is not None and out.winner == "fra" and "occupies" in out.reason


def test_an_austrian_alone_at_the_crossroads_leaves_it_to_the_defender() -> None:
    sc = crossroads()
    out = VictoryJudge(sc).end_of_turn(
        12, pieces(sc, {"fra_46_1": IN_THE_VILLAGE, "aus_ir4": CROSSROADS}))
    assert out is not None and out.winner == "aus"
    assert out.reason == "turn limit reached after turn 12: the defender holds"


def test_the_austrians_hold_the_crossroads_when_the_french_are_short() -> None:
    sc = crossroads()
    # the voltigeurs are 6 figures, not a battalion
    out = VictoryJudge(sc).end_of_turn(
        12, pieces(sc, {"fra_volt": IN_THE_VILLAGE, "aus_ir4": CROSSROADS}))
    assert out is not None and out.winner == "aus" and "holds 1 of 1" in out.reason


def test_the_second_day_is_taken_by_one_battalion_in_eight_turns() -> None:
    sc = load(bundled_scenario("d3_kreuzdorf_second_day.yaml"))
    judge = VictoryJudge(sc)
    won = judge.end_of_turn(8, pieces(sc, {"fra_gren": IN_THE_VILLAGE, "aus_ir4": CROSSROADS}))
    assert won is not None and won.winner == "fra" and "occupies" in won.reason
    short = judge.end_of_turn(8, pieces(sc, {"fra_volt": IN_THE_VILLAGE}))
    assert short is not None and short.winner == "aus"
