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


def test_the_verdict_says_how_a_sequential_batch_settled() -> None:
    from desktop.play.balance.sequential import Settle

    base = sample_report()
    cases = {
        Settle(40, 0.2, 0.08, 0.35, 0.1, 400, "one_sided"):
            "Settled after 40 games: Royal Army scores 80% (65% to 92%",
        Settle(180, 0.52, 0.43, 0.6, 0.1, 400, "fair"): "neither side is shown to be favoured",
        Settle(190, 0.6, 0.51, 0.69, 0.1, 400, "leans"): "States is ahead but not clear",
        Settle(400, 0.6, 0.5, 0.7, 0.05, 400, "maximum"): "Not settled: the most games",
        Settle(12, 0.6, 0.2, 0.9, 0.1, 400, ""): "Stopped after 12 games, before the verdict",
    }
    for st, words in cases.items():
        text = write_verdict(replace(base, settle=st))
        assert words in text, text
