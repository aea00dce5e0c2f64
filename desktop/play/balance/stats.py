"""The numbers of a balance report: Wilson intervals, medians and the sums
over a batch.  Pure functions of the per-game results."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from desktop.play.balance.report import Share

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(count: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `count` successes in `games` trials.

    Unlike the normal approximation it stays inside 0..1 and is sensible for
    0 or all successes and small batches (Wilson 1927).  (0, 1) for no games.
    """
    if games <= 0:
        return 0.0, 1.0
    if not 0 <= count <= games:
        raise ValueError(f"count {count} is not between 0 and {games}")
    p = count / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def share(count: int, games: int) -> Share:
    """`count` out of `games` with its Wilson 95% interval."""
    low, high = wilson(count, games)
    return Share(count, games, low, high)


def median(values: Sequence[float]) -> float | None:
    """The median, None for no values."""
    return float(statistics.median(values)) if values else None
