"""The always-valid interval (issue 36): it covers the true share at least 95% of
the time however often it is looked at, and a batch stops when it is settled."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from desktop.play.balance.sequential import (
    FAIR,
    LEANS,
    MAXIMUM,
    ONE_SIDED,
    PRECISION,
    BettingInterval,
    Monitor,
    settle_of,
    settle_reason,
    tuned_games,
)

#: Replications a share, and games in each, looked at after every game.
RUNS, GAMES = 250, 300


def scores(rng: random.Random, win: float, draw: float = 0.0) -> Iterator[float]:
    """An endless stream of one side's scores: 1 a win, 1/2 a draw, 0 a loss."""
    while True:
        u = rng.random()
        yield 1.0 if u < win else 0.5 if u < win + draw else 0.0


@pytest.mark.parametrize(("win", "draw"), [(0.5, 0.0), (0.7, 0.0), (0.9, 0.0),
                                           (0.3, 0.4)])
def test_the_interval_covers_the_true_share_after_every_game(win: float, draw: float) -> None:
    """Coverage by simulation: in RUNS seeded streams, the share is never ruled out
    in any of the first GAMES games in at least 95% of them (the interval the
    batch uses, tuned to the default precision; the one candidate is the truth)."""
    true = win + draw / 2
    covered = 0
    for run in range(RUNS):
        rng = random.Random(f"{win}:{draw}:{run}")
        iv = BettingInterval(grid=(true,), tuned=tuned_games(PRECISION))
        stream = scores(rng, win, draw)
        for _ in range(GAMES):
            iv.add(next(stream))
            if not iv.contains(true):
                break
        else:
            covered += 1
    assert covered / RUNS >= 0.95, f"covered {covered} of {RUNS}"


def test_the_interval_on_its_grid_holds_every_candidate_not_ruled_out() -> None:
    rng = random.Random(3)
    full = BettingInterval(tuned=tuned_games(PRECISION))
    lows, highs = [], []
    for x in [next(scores(rng, 0.6, 0.1)) for _ in range(150)]:
        full.add(x)
        lows.append(full.low)
        highs.append(full.high)
        live = [m for m in full.grid if full.contains(m)]
        assert full.low <= live[0] and live[-1] <= full.high
    # a running intersection: it never widens again
    assert lows == sorted(lows) and highs == sorted(highs, reverse=True)
    assert 0.0 < full.low < full.share < full.high < 1.0


def test_bad_scores_and_precision_are_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        BettingInterval().add(1.5)
    with pytest.raises(ValueError, match="precision"):
        Monitor(100, 0.0)


def test_settle_reasons() -> None:
    assert settle_reason(0.62, 0.9, 0.1) == ONE_SIDED
    assert settle_reason(0.05, 0.38, 0.1) == ONE_SIDED
    assert settle_reason(0.3, 0.7, 0.1) == ""  # too wide to say
    assert settle_reason(0.41, 0.59, 0.1) == FAIR
    assert settle_reason(0.45, 0.62, 0.1) == FAIR  # holds 50%
    assert settle_reason(0.52, 0.66, 0.1) == LEANS  # ahead, but reaching into the band
    assert settle_reason(0.44, 0.56, 0.05) == ""  # inside the band, not yet as narrow as asked


def test_a_one_sided_stream_stops_early() -> None:
    s = settle_of(scores(random.Random(1), 0.9), maximum=400)
    assert s.reason == ONE_SIDED and s.games < 60 and s.low > 0.6
    s = settle_of(scores(random.Random(2), 0.1), maximum=400)
    assert s.reason == ONE_SIDED and s.games < 60 and s.high < 0.4


def test_a_fair_stream_stops_when_narrow_enough() -> None:
    s = settle_of(scores(random.Random(4), 0.5), maximum=400)
    assert s.reason == FAIR and s.games < 400
    assert s.half_width <= PRECISION and s.low <= 0.5 <= s.high
    # draws halve the variance: sooner
    d = settle_of(scores(random.Random(4), 0.3, 0.4), maximum=400)
    assert d.reason == FAIR and d.games < s.games


def test_the_maximum_stops_an_unsettled_stream() -> None:
    s = settle_of(scores(random.Random(5), 0.5), maximum=30)
    assert s.reason == MAXIMUM and s.games == 30


def test_games_count_in_seed_order_whatever_order_they_come_in() -> None:
    rng = random.Random(7)
    stream = scores(rng, 0.85)
    xs = [next(stream) for _ in range(200)]
    ordered = settle_of(xs, maximum=200)
    shuffled = list(enumerate(xs))
    random.Random(8).shuffle(shuffled)
    mon = Monitor(200)
    for i, x in shuffled:
        mon.take(i, x)
    assert mon.state() == ordered and ordered.reason == ONE_SIDED
    assert len(mon.path) == ordered.games
