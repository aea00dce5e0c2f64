"""Wilson intervals against hand-worked values, and the sums of a batch (issue 19)."""

from __future__ import annotations

import math

import pytest

from desktop.play.balance.batch import Batch, GameResult
from desktop.play.balance.report import Inputs
from desktop.play.balance.stats import aggregate, median, share, wilson
from desktop.scenario.model import Scenario

# Worked by hand with z = 1.96: centre (p + z²/2n) / (1 + z²/n), half-width
# z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²).
HAND = [
    (8, 10, 0.4902, 0.9433),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (184, 200, 0.8745, 0.9503),
    (1, 4, 0.0456, 0.6994),
]


@pytest.mark.parametrize(("count", "games", "low", "high"), HAND)
def test_wilson_matches_hand_values(count: int, games: int, low: float, high: float) -> None:
    got = wilson(count, games)
    assert got[0] == pytest.approx(low, abs=5e-4)
    assert got[1] == pytest.approx(high, abs=5e-4)


def test_wilson_is_symmetric_and_inside_the_unit_range() -> None:
    for n in (1, 7, 30):
        for k in range(n + 1):
            lo, hi = wilson(k, n)
            lo2, hi2 = wilson(n - k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            assert math.isclose(lo, 1 - hi2, abs_tol=1e-12)
            assert math.isclose(hi, 1 - lo2, abs_tol=1e-12)


def test_wilson_refuses_a_count_above_the_games() -> None:
    with pytest.raises(ValueError, match="between 0 and 3"):
        wilson(4, 3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_share_and_median() -> None:
    s = share(3, 12)
    assert s.share == 0.25 and (s.low, s.high) == wilson(3, 12)
    assert median([]) is None
    assert median([3, 9, 5, 7]) == 6.0


def _result(index: int, winner: str | None, turns: int, ending: str,
            held: tuple[tuple[str | None, ...], ...] = (),
            worn: dict[str, int] | None = None) -> GameResult:
    return GameResult(index, {"aus": "recruit", "fra": "recruit"}, winner,
                      f"reason {ending}", ending, turns, held, frozenset({"fra_57"}),
                      frozenset({"aus_gren"}), frozenset({"aus_gren", "fra_57"}),
                      worn or {})


def test_average_losses_are_the_mean_boxes_over_every_game(tiny_batch: Batch) -> None:
    """Issue 19: each unit's average losses, counting the games it lost nothing."""
    sc: Scenario = tiny_batch.scenario
    results = [_result(0, "aus", 12, "turn_limit", worn={"fra_57": 4, "aus_gren": 1}),
               _result(1, "fra", 12, "turn_limit", worn={"fra_57": 2}),
               _result(2, None, 12, "turn_limit")]
    inputs = Inputs(sc.title, "", "", "d3", "D3", 3, ("recruit",), 5, 12)
    units = {u.unit: u for u in aggregate(inputs, sc, results, complete=True).units}
    assert units["fra_57"].worn == pytest.approx(2.0)
    assert units["aus_gren"].worn == pytest.approx(1 / 3)
    assert units["fra_57"].lost == 1.0


def test_aggregate_counts_wins_endings_lengths_and_holding(tiny_batch: Batch) -> None:
    sc: Scenario = tiny_batch.scenario
    two = len(sc.game.objectives)
    results = [
        _result(2, None, 12, "turn_limit", tuple([("aus",) * two] * 12)),
        _result(0, "aus", 12, "turn_limit", tuple([("aus",) * two] * 12)),
        _result(1, "fra", 5, "army_break",
                tuple([("fra",) + (None,) * (two - 1)] * 5)),
    ]
    inputs = Inputs(sc.title, "", "", "d3", "D3", 3, ("recruit",), 5, 12)
    report = aggregate(inputs, sc, results, complete=True)
    assert report.played == 3 and report.draws.count == 1 and report.decisive.count == 2
    assert report.side("aus").wins.count == 1 and report.side("fra").wins.count == 1
    assert report.median_turns == 12.0
    assert [(b.turns, b.games) for b in report.lengths] == [(5, 1), (12, 2)]
    assert [(e.kind, e.games, e.wins) for e in report.endings] == [
        ("army_break", 1, {"fra": 1}), ("turn_limit", 2, {"aus": 1})]
    first = report.objectives[0]
    # turn 1: three games going, aus held it in two, fra in one
    assert first.turns[0].games == 3
    assert first.turns[0].held["aus"] == pytest.approx(2 / 3)
    # turn 6: only the two twelve-turn games are still going
    assert first.turns[5].games == 2 and first.turns[5].held["aus"] == 1.0
    units = {u.unit: u for u in report.units}
    assert units["aus_gren"].never_moved == 0.0 and units["aus_ir4"].never_moved == 1.0
    assert units["fra_57"].lost == 1.0 and units["aus_ir4"].lost == 0.0
    assert units["aus_ir4"].never_fought == 1.0 and units["fra_57"].never_fought == 0.0
    assert report.levels == ()
