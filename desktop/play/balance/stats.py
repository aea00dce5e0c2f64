"""The numbers of a balance report: Wilson intervals, medians and the sums
over a batch.  Pure functions of the per-game results."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence

from desktop.play.balance.batch import GameResult
from desktop.play.balance.report import (
    ENDING_KINDS,
    ENDING_NAMES,
    Ending,
    Inputs,
    LengthBin,
    LevelResult,
    ObjectiveControl,
    Report,
    Share,
    SideResult,
    SweepRow,
    TurnHolding,
    UnitRecord,
)
from desktop.play.levels import LEVELS, Level
from desktop.scenario.model import Scenario

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
    # At 0 or all successes the interval touches the end exactly; rounding
    # would otherwise leave it a hair inside.
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == games else min(1.0, centre + half)
    return low, high


def share(count: int, games: int) -> Share:
    """`count` out of `games` with its Wilson 95% interval."""
    low, high = wilson(count, games)
    return Share(count, games, low, high)


def median(values: Sequence[float]) -> float | None:
    """The median, None for no values."""
    return float(statistics.median(values)) if values else None


# --- the batch's sums ----------------------------------------------------------------


def _wins(results: Sequence[GameResult], sides: Sequence[tuple[str, str]]
          ) -> tuple[SideResult, ...]:
    n = len(results)
    return tuple(SideResult(sid, name, share(sum(1 for r in results if r.winner == sid), n))
                 for sid, name in sides)


def _endings(results: Sequence[GameResult]) -> tuple[Ending, ...]:
    out = []
    for kind in ENDING_KINDS:
        these = [r for r in results if r.ending == kind]
        if not these:
            continue
        wins = Counter(r.winner for r in these if r.winner is not None)
        reasons = Counter(r.reason for r in these)
        example = min(reasons, key=lambda text: (-reasons[text], text))
        out.append(Ending(kind, ENDING_NAMES[kind], len(these),
                          {s: wins[s] for s in sorted(wins)}, example))
    return tuple(out)


def _objectives(results: Sequence[GameResult], scenario: Scenario,
                sides: Sequence[str]) -> tuple[ObjectiveControl, ...]:
    longest = max((len(r.held) for r in results), default=0)
    out = []
    for i, ob in enumerate(scenario.game.objectives):
        turns = []
        for t in range(longest):
            going = [r.held[t][i] for r in results if len(r.held) > t and len(r.held[t]) > i]
            if not going:
                continue
            count = Counter(going)
            turns.append(TurnHolding(t + 1, len(going),
                                     {s: count[s] / len(going) for s in sides}))
        out.append(ObjectiveControl(ob.id, ob.name or ob.id, tuple(turns)))
    return tuple(out)


def _units(results: Sequence[GameResult], scenario: Scenario) -> tuple[UnitRecord, ...]:
    n = len(results)

    def part(count: int) -> float:
        return count / n if n else 0.0

    return tuple(
        UnitRecord(u.id, u.name or u.id, side.id,
                   part(sum(1 for r in results if u.id in r.lost)),
                   part(sum(1 for r in results if u.id not in r.moved)),
                   part(sum(1 for r in results if u.id not in r.fought)),
                   sum(r.worn.get(u.id, 0) for r in results) / n if n else 0.0)
        for side in scenario.sides for u in side.units)


def _levels(results: Sequence[GameResult], levels: Sequence[str]) -> tuple[LevelResult, ...]:
    if len(set(levels)) < 2:
        return ()
    n = len(results)
    return tuple(
        LevelResult(lv, LEVELS[Level(lv)].name,
                    share(sum(1 for r in results
                              if r.winner is not None and r.seats.get(r.winner) == lv), n))
        for lv in levels)


def aggregate(inputs: Inputs, scenario: Scenario, results: Sequence[GameResult],
              complete: bool, sweep: Sequence[SweepRow] = ()) -> Report:
    """The report of a batch's games (in any order: they are sorted by index),
    without its verdict (desktop.play.balance.verdict writes that)."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)
    sides = [(s.id, s.name or s.id) for s in scenario.sides]
    decided = sum(1 for r in results if r.winner is not None)
    lengths = Counter(r.turns for r in results)
    return Report(
        inputs=inputs,
        played=n,
        complete=complete,
        sides=_wins(results, sides),
        draws=share(n - decided, n),
        decisive=share(decided, n),
        median_turns=median([r.turns for r in results]),
        lengths=tuple(LengthBin(t, lengths[t]) for t in sorted(lengths)),
        endings=_endings(results),
        objectives=_objectives(results, scenario, [s for s, _ in sides]),
        units=_units(results, scenario),
        levels=_levels(results, inputs.levels),
        verdict="",
        sweep=tuple(sweep),
    )


def sweep_row(turn_limit: int, scenario: Scenario, results: Sequence[GameResult],
              current: bool) -> SweepRow:
    """One row of a turn-limit sweep: the balance of the games played to `turn_limit`."""
    sides = [(s.id, s.name or s.id) for s in scenario.sides]
    n = len(results)
    decided = sum(1 for r in results if r.winner is not None)
    return SweepRow(turn_limit, _wins(results, sides), share(n - decided, n),
                    median([r.turns for r in results]), current)
