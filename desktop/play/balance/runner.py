"""Running a balance batch: in this process, in a local process pool, or on a cluster.

A runner plays the games of a :class:`~desktop.play.balance.batch.Batch` and
hands each :class:`GameResult` back as it comes, in whatever order; the
report sorts them by index, so every runner gives the same report for the
same seed.  The default is a local pool using every core (one worker plays
in this process); :mod:`desktop.play.balance.dask_runner` sends the games to
a Dask cluster instead.

:func:`run_balance` is the whole job the command and the editor ask for:
play the batch (and, for a sweep, the same batch at other turn limits),
report progress, stop early when asked (or on Ctrl+C) and return the report
of what was played.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Protocol

from desktop.play.balance.batch import Batch, GameResult, current_turn_limit, play_game
from desktop.play.balance.report import Inputs, Report, SweepRow
from desktop.play.balance.sequential import PRECISION, Monitor, Settle
from desktop.play.balance.stats import aggregate, sweep_row
from desktop.play.balance.verdict import write_verdict
from desktop.play.levels import Level
from desktop.rules import registry
from desktop.scenario.model import Scenario

#: Says True when the batch should stop (a Cancel button, a deadline).
StopFn = Callable[[], bool]
#: How often (seconds) a waiting runner asks whether to stop.
POLL = 0.2
#: The turn limits a sweep plays, as offsets from the scenario's own.
SWEEP_OFFSETS = (-4, -2, 0, 2, 4)


@dataclass(frozen=True)
class Progress:
    """How far a batch has got, for a progress bar."""

    done: int
    total: int
    #: Games won so far, per side id.
    wins: dict[str, int]
    draws: int
    #: Wall seconds since the batch started.
    seconds: float
    #: A sequential batch: where it stands (the games counted in seed order,
    #: the first side's score share and its interval, settled or not).
    settle: Settle | None = None
    #: (games, share, low, high) after each game counted so far, for a chart.
    path: tuple[tuple[int, float, float, float], ...] = ()

    @property
    def left(self) -> float | None:
        """Estimated wall seconds still to go (None before the first game ends)."""
        if self.done == 0:
            return None
        return self.seconds / self.done * (self.total - self.done)


ProgressFn = Callable[[Progress], None]


class Runner(Protocol):
    """Plays the games `indices` of `batch`, calling `take` with each result as it
    comes; returns False if it stopped early (`stop` said so, or Ctrl+C)."""

    def run(self, batch: Batch, indices: Sequence[int], take: Callable[[GameResult], None],
            stop: StopFn) -> bool: ...

    def close(self) -> None:
        """Let go of whatever the runner holds (a pool, a connection)."""


# --- local -----------------------------------------------------------------------------


def _start_worker() -> None:
    """A pool worker's start: leave Ctrl+C to the parent, which stops the pool
    itself (otherwise every worker prints a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(task: tuple[Batch, int]) -> GameResult:
    return play_game(*task)


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class LocalRunner:
    """Games in a pool of `workers` processes on this machine (None: every core);
    one worker plays in this process, with no pool at all.

    The pool starts with the first pooled batch and serves every later one (a
    sweep's) until :meth:`close`; stopping early ends it at once.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: Pool | None = None

    def run(self, batch: Batch, indices: Sequence[int], take: Callable[[GameResult], None],
            stop: StopFn) -> bool:
        try:
            if self.workers <= 1 or len(indices) <= 1:
                for i in indices:
                    if stop():
                        return False
                    take(play_game(batch, i))
                return True
            return self._pooled(batch, indices, take, stop)
        except KeyboardInterrupt:
            self.close()
            return False

    def _pooled(self, batch: Batch, indices: Sequence[int],
                take: Callable[[GameResult], None], stop: StopFn) -> bool:
        if self._pool is None:
            # forkserver, not fork: the editor calls this from a Qt program, whose
            # threads a fork would copy in whatever state they are.
            ctx = multiprocessing.get_context("forkserver")
            # The server imports the batch's modules once; each worker it forks
            # starts with them loaded instead of importing them again.
            ctx.set_forkserver_preload(["desktop.play.balance.batch"])
            self._pool = ctx.Pool(self.workers, initializer=_start_worker)
        it = self._pool.imap_unordered(_play, [(batch, i) for i in indices], chunksize=1)
        left = len(indices)
        while left:
            if stop():
                self.close()
                return False
            try:
                result = it.next(timeout=POLL)
            except multiprocessing.TimeoutError:
                continue
            take(result)
            left -= 1
        return True

    def close(self) -> None:
        """End the pool, if there is one (games still being played are dropped)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


# --- the whole job ---------------------------------------------------------------------


def file_hash(path: Path) -> str:
    """SHA-256 of a file's bytes, hex (the report's `file_hash`)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def inputs_for(scenario: Scenario, path: Path | None, ruleset: str, games: int,
               levels: Sequence[Level], seed: int) -> Inputs:
    """The report's inputs for a batch of `scenario` (read from `path`, if from a file)."""
    return Inputs(
        title=scenario.title,
        file=path.name if path is not None else "",
        file_hash=file_hash(path) if path is not None else "",
        ruleset=ruleset,
        ruleset_name=registry.get(ruleset).name,
        games=games,
        levels=tuple(lv.value for lv in levels),
        seed=seed,
        turn_limit=current_turn_limit(scenario, ruleset),
    )


def sweep_limits(current: int) -> list[int]:
    """The turn limits a sweep plays: a few either side of the scenario's own."""
    return sorted({max(1, current + d) for d in SWEEP_OFFSETS})


def batch_ruleset(scenario: Scenario, ruleset: str | None) -> str:
    """The id of the ruleset a batch plays `scenario` with (`ruleset`, else the
    scenario's own); ValueError, in the words `volley validate` uses, when there
    is none, it is unknown, or it cannot start the game (issue 37: no batch is
    started only for every game of it to fail)."""
    from desktop.rules.checks import choose_ruleset, game_problems

    rid = ruleset or scenario.ruleset
    if rid is None:
        raise ValueError(choose_ruleset(scenario))
    if rid not in registry.ids():
        raise ValueError(f"unknown ruleset '{rid}' (known: {', '.join(registry.ids())})")
    problems = registry.get(rid).start_problems(scenario) or [
        p.message for p in game_problems(scenario, [rid])]
    if problems:
        raise ValueError("; ".join(problems))
    return rid


def score(result: GameResult, first: str) -> float:
    """The first side's score in one game: 1 a win, 0 a loss, 1/2 a draw."""
    return 0.5 if result.winner is None else 1.0 if result.winner == first else 0.0


def run_balance(scenario: Scenario, *, path: Path | None = None, ruleset: str | None = None,
                games: int = 100, levels: Sequence[Level] = (Level.STEADY,), seed: int = 1,
                runner: Runner | None = None, progress: ProgressFn | None = None,
                stop: StopFn | None = None, vary_turn_limit: bool = False,
                fixed: bool = False, precision: float = PRECISION) -> Report:
    """Play the batch and return its report (a partial one if stopped early).

    Unless `fixed`, `games` is the most to play: the batch stops as soon as
    the verdict is settled (desktop.play.balance.sequential: the first side's
    always-valid interval clear of the fair band, or as narrow as `precision`),
    the games still being played are dropped, and the report covers games
    0..n-1 in seed order, so it does not depend on which worker was quicker;
    stopped by `stop`, it covers every game finished.
    With `vary_turn_limit` the same games are played again at a few other turn
    limits (sweep_limits) after the scenario's own; stopping during the sweep
    keeps the full report and the sweep rows that were finished.
    Raises ValueError for a scenario the ruleset cannot play, bad levels or no games.
    """
    rid = batch_ruleset(scenario, ruleset)
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if not 1 <= len(levels) <= 2:
        raise ValueError("give one level (it plays both sides) or two (a match)")
    inputs = inputs_for(scenario, path, rid, games, levels, seed)
    limits: list[int] = []
    if vary_turn_limit:
        if inputs.turn_limit is None:
            raise ValueError(f"{scenario.title} has no turn limit to vary")
        limits = [t for t in sweep_limits(inputs.turn_limit) if t != inputs.turn_limit]
    runner = runner or LocalRunner()
    stop_fn: StopFn = stop or (lambda: False)
    total = games * (1 + len(limits))
    start = time.monotonic()
    sides = [s.id for s in scenario.sides]
    counts = {"done": 0, "draws": 0}
    wins = dict.fromkeys(sides, 0)
    monitor = None if fixed else Monitor(games, precision)

    def play(batch: Batch, n: int, watch: Monitor | None = None
             ) -> tuple[list[GameResult], bool]:
        got: list[GameResult] = []

        def take(result: GameResult) -> None:
            if watch is not None and watch.reason:
                return  # settled: a game that was under way does not count
            got.append(result)
            counts["done"] += 1
            if result.winner is None:
                counts["draws"] += 1
            else:
                wins[result.winner] = wins.get(result.winner, 0) + 1
            if watch is not None:
                watch.take(result.index, score(result, sides[0]))
            if progress is not None:
                progress(Progress(counts["done"], total, dict(wins), counts["draws"],
                                  time.monotonic() - start,
                                  watch.state() if watch is not None else None,
                                  tuple(watch.path) if watch is not None else ()))

        def halt() -> bool:
            return stop_fn() or (watch is not None and bool(watch.reason))

        complete = runner.run(batch, range(n), take, halt)
        if watch is not None and watch.reason:
            # settled on games 0..k-1 in seed order: those after a gap wait for
            # nothing now (a batch stopped by its player keeps every game played)
            got = [r for r in got if r.index < watch.next]
            complete = True
        return got, complete

    base = Batch(scenario, rid, tuple(levels), seed)
    rows: list[SweepRow] = []
    try:
        results, complete = play(base, games, monitor)
        if monitor is not None and monitor.reason and limits:
            total = monitor.next * (1 + len(limits))  # the sweep plays as many games
        if complete and limits:
            played: dict[int, list[GameResult]] = {}
            for limit in limits:
                got, finished = play(replace(base, turn_limit=limit), len(results))
                if not finished:
                    break
                played[limit] = got
            if played:
                played[inputs.turn_limit or 0] = results
                rows = [sweep_row(t, scenario, played[t], t == inputs.turn_limit)
                        for t in sorted(played)]
    finally:
        close = getattr(runner, "close", None)
        if callable(close):
            close()  # a pool's workers end with the batch
    report = aggregate(inputs, scenario, results, complete, rows)
    if monitor is not None:
        report = replace(report, settle=monitor.state())
    numbers = {s.id: s.plural for s in scenario.sides}  # as the scenario says (None: guess)
    return replace(report, verdict=write_verdict(report, numbers))
