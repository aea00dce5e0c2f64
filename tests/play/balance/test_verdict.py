"""The verdict paragraph says who wins, how surely, how games end and what to try
(issue 19: "The Royal side wins 92% (88 to 95%) ... try 2 more turns")."""

from __future__ import annotations

from dataclasses import replace

from desktop.play.balance.report import Ending, SideResult
from desktop.play.balance.stats import share
from desktop.play.balance.verdict import write_verdict
from tests.play.balance.sample import sample_report


def test_a_lopsided_report_names_the_winner_and_its_interval() -> None:
    report = sample_report(sweep=False)
    text = write_verdict(report)
    royal = report.side("royal").wins
    assert f"Royal Army wins {100 * royal.share:.0f}% of the games " \
           f"({100 * royal.low:.0f}% to {100 * royal.high:.0f}%)" in text
    assert "badly unbalanced" in text
    assert "Six-pounder 'Margriet' never fights" in text


def test_games_ending_on_the_turn_limit_suggest_more_turns() -> None:
    report = sample_report(sweep=False)
    report = replace(report, endings=(
        Ending("turn_limit", "The turn limit reached", 150, {"royal": 140}, "turn limit"),
        Ending("victory", "A victory condition met", 50, {"royal": 44, "states": 6}, "x")))
    text = write_verdict(report)
    assert "Most games end on the turn limit" in text
    assert "Army of the States short of" in text
    assert "more turns" in text


def test_the_sweep_points_at_the_most_even_turn_limit() -> None:
    report = sample_report(sweep=True)
    assert "most even at 16 turns" in write_verdict(report)


def test_an_even_report_says_both_sides_can_win() -> None:
    report = sample_report(sweep=False)
    report = replace(report, sides=(SideResult("states", "Army of the States", share(95, 200)),
                                    SideResult("royal", "Royal Army", share(95, 200))),
                     draws=share(10, 200))
    text = write_verdict(report)
    assert text.startswith("Both sides can win")
    assert "Try" not in text


def test_a_stopped_or_small_batch_says_so() -> None:
    report = replace(sample_report(), played=12, complete=False)
    text = write_verdict(report)
    assert "Stopped after 12 of 200 games" in text and "rough" in text
    assert write_verdict(replace(report, played=0)).startswith("No game was played")
