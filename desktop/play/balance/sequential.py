"""An always-valid 95% interval for a share, and when a balance batch may stop.

The interval is the hedged betting confidence sequence of Waudby-Smith and
Ramdas (2023), "Estimating means of bounded random variables by betting",
JRSS-B 86(1), Section 4 (the hedged capital process with predictable plug-in
bets): for each candidate share m a gambler bets that the games' scores run
above m, another that they run below; m is ruled out as soon as either
gambler's capital reaches 2/alpha (the capital is a nonnegative supermartingale
when m is the true share, so by Ville's inequality this happens with
probability at most alpha ever, however often one looks).  Hence the
interval may be read after every game and the batch stopped whenever it
says so, and the true share is still inside with probability at least 95%.

The scores are bounded in [0, 1]: a win 1, a loss 0, a draw 1/2 (see
docs/balance.md, "Stopping when settled").  Pure Python: the candidates are
a grid of NGRID + 1 shares, the interval is the hull of the candidates not
yet ruled out widened by one grid step, and the running intersection over
the games is kept (an interval never widens again).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The error allowed: a 95% interval.
ALPHA = 0.05
#: Candidate shares: 0, 1/NGRID, ..., 1.
NGRID = 400
#: The largest bet as a share of what a gambler may lose (WSR's c; they suggest 1/2 or 3/4).
TRUNCATE = 0.5
#: The fair band of the first side's score share: neither side above 60%
#: (desktop.play.balance.verdict's "has the better of it").
FAIR_BAND = (0.4, 0.6)
#: The interval half-width a near-even scenario is played to by default: ten points.
PRECISION = 0.10
#: Why a batch stopped (Settle.reason): the interval clear of the fair band;
#: as narrow as asked and inside the band or holding 50%; as narrow as asked,
#: one side ahead but touching the band; the most games played.
ONE_SIDED, FAIR, LEANS, MAXIMUM = "one_sided", "fair", "leans", "maximum"


class BettingInterval:
    """The hedged betting confidence sequence for the mean of scores in [0, 1].

    Feed it scores with :meth:`add`; :attr:`low` and :attr:`high` are the
    interval after the games so far (0 and 1 before the first).
    """

    def __init__(self, alpha: float = ALPHA, grid: Sequence[float] | None = None,
                 tuned: float | None = None) -> None:
        self.alpha = alpha
        #: The bets stop shrinking once t log(1 + t) reaches this (None: never).
        self.tuned = tuned
        self.grid = tuple(grid) if grid is not None else tuple(i / NGRID for i in range(NGRID + 1))
        self.step = 1.0 / NGRID if grid is None else 0.0
        #: log of each gambler's capital, per candidate: betting up, betting down.
        self._up = [0.0] * len(self.grid)
        self._down = [0.0] * len(self.grid)
        self._alive = [True] * len(self.grid)
        self._limit = math.log(2.0 / alpha)  # either side at 2/alpha: out (theta = 1/2)
        self.games = 0
        self.total = 0.0
        #: The plug-in mean and variance (WSR: prior mean 1/2, variance 1/4, one fake game).
        self._mean = 0.5
        self._var_sum = 0.25
        self.low, self.high = 0.0, 1.0

    @property
    def share(self) -> float:
        """The mean score so far (1/2 before any game)."""
        return self.total / self.games if self.games else 0.5

    def bet(self) -> float:
        """The next bet's size before truncation: sqrt(2 log(2/alpha) / (var t log(1+t))),
        with t log(1+t) held at `tuned` once it gets there."""
        t = self.games + 1
        var = self._var_sum / t
        span = t * math.log1p(t)
        if self.tuned is not None:
            span = min(span, self.tuned)
        return math.sqrt(2.0 * math.log(2.0 / self.alpha) / (var * span))

    def add(self, x: float) -> None:
        """One more game's score, 0 to 1."""
        if not 0.0 <= x <= 1.0:
            raise ValueError(f"a score must be between 0 and 1, not {x}")
        lam = self.bet()
        for i, m in enumerate(self.grid):
            if not self._alive[i]:
                continue
            up = min(lam, TRUNCATE / m) if m > 0 else lam
            down = min(lam, TRUNCATE / (1.0 - m)) if m < 1 else lam
            self._up[i] += math.log1p(up * (x - m))
            self._down[i] += math.log1p(-down * (x - m))
            if self._up[i] >= self._limit or self._down[i] >= self._limit:
                self._alive[i] = False
        self.games += 1
        self.total += x
        self._mean = (0.5 + self.total) / (self.games + 1)
        self._var_sum += (x - self._mean) ** 2
        live = [m for m, a in zip(self.grid, self._alive, strict=True) if a]
        if live:
            self.low = max(self.low, live[0] - self.step, 0.0)
            self.high = min(self.high, live[-1] + self.step, 1.0)
        else:  # every candidate ruled out (a 1-in-20 stream at worst): keep the point
            self.low = self.high = min(max(self.share, self.low), self.high)

    def contains(self, m: float) -> bool:
        """Whether grid candidate `m` has never been ruled out."""
        return self._alive[self.grid.index(m)]

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def tuned_games(precision: float, alpha: float = ALPHA) -> float:
    """About the games an even scenario needs for a half-width of `precision`
    (log(2/alpha) / (2 precision^2)): the bets are tuned to it."""
    return math.log(2.0 / alpha) / (2.0 * precision * precision)


@dataclass(frozen=True)
class Settle:
    """Where a sequential batch stands: the first side's score share and its
    always-valid interval, and whether (and why) it is settled."""

    #: Games counted (in seed order: game i counts once games 0..i-1 are in).
    games: int
    #: The first side's score share: its wins plus half the draws, over the games.
    share: float
    #: The always-valid 95% interval of that share.
    low: float
    high: float
    #: The interval half-width asked for (0.10: ten points).
    precision: float
    #: The most games the batch would play.
    maximum: int
    #: ONE_SIDED, FAIR, LEANS or MAXIMUM; "" while not settled.
    reason: str = ""

    @property
    def settled(self) -> bool:
        return bool(self.reason)

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def settle_reason(low: float, high: float, precision: float) -> str:
    """Why [low, high] settles the question, or "": ONE_SIDED when it is clear of
    the fair band; once its half-width is at most `precision`, FAIR when it lies
    inside the band or holds an even share, else LEANS (one side ahead, but
    not clear of the band)."""
    lo, hi = FAIR_BAND
    if low > hi or high < lo:
        return ONE_SIDED
    if (high - low) / 2 > precision + 1e-9:
        return ""
    return FAIR if (lo <= low and high <= hi) or low <= 0.5 <= high else LEANS


class Monitor:
    """Takes game scores in any order, counts them in index order and says when
    the batch is settled (or `maximum` games are in)."""

    def __init__(self, maximum: int, precision: float = PRECISION,
                 alpha: float = ALPHA) -> None:
        if not 0.0 < precision < 0.5:
            raise ValueError(f"the precision must be between 0 and 50 points, not "
                             f"{100 * precision:g}")
        self.maximum = maximum
        self.precision = precision
        self.interval = BettingInterval(alpha, tuned=tuned_games(precision, alpha))
        self._waiting: dict[int, float] = {}
        #: Index of the next game to count.
        self.next = 0
        self.reason = ""
        #: (games, share, low, high) after each counted game, for a chart.
        self.path: list[tuple[int, float, float, float]] = []

    def take(self, index: int, score: float) -> bool:
        """Game `index` scored `score`; True once settled (later games are ignored)."""
        if self.reason:
            return True
        self._waiting[index] = score
        while not self.reason and self.next in self._waiting:
            iv = self.interval
            iv.add(self._waiting.pop(self.next))
            self.next += 1
            self.path.append((iv.games, iv.share, iv.low, iv.high))
            self.reason = settle_reason(iv.low, iv.high, self.precision) or (
                MAXIMUM if self.next >= self.maximum else "")
        return bool(self.reason)

    def state(self) -> Settle:
        iv = self.interval
        return Settle(iv.games, iv.share, iv.low, iv.high, self.precision, self.maximum,
                      self.reason)


def settle_of(scores: Iterable[float], maximum: int, precision: float = PRECISION) -> Settle:
    """The Settle of `scores` taken in order (tests, and rebuilding a report)."""
    mon = Monitor(maximum, precision)
    for i, x in enumerate(scores):
        if mon.take(i, x):
            break
    return mon.state()
