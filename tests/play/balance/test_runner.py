"""Running a batch: the same seed gives the same report in this process and in a
pool; stopping or Ctrl+C mid-batch gives a partial report (issue 19); a
sequential batch stops when settled, at the same game whatever order the games
finish in (issue 36)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import desktop.play.balance.runner as runner_module
from desktop.play.balance.batch import Batch, GameResult
from desktop.play.balance.runner import LocalRunner, Progress, run_balance, sweep_limits
from desktop.play.balance.sequential import ONE_SIDED
from desktop.play.levels import Level
from desktop.scenario.model import Scenario
from tests.play.balance.conftest import GAMES

RECRUIT = (Level.RECRUIT,)


def test_the_same_seed_gives_the_same_report(crossroads: Scenario,
                                             crossroads_path: Path) -> None:
    one = run_balance(crossroads, path=crossroads_path, games=GAMES, levels=RECRUIT, seed=5,
                      runner=LocalRunner(1))
    pooled = run_balance(crossroads, path=crossroads_path, games=GAMES, levels=RECRUIT,
                         seed=5, runner=LocalRunner(2))
    assert one == pooled
    assert one.played == GAMES and one.complete
    assert one.inputs.file == "d3_crossroads.yaml" and len(one.inputs.file_hash) == 64
    assert one.inputs.turn_limit == 12 and one.inputs.levels == ("recruit",)
    assert one.verdict
    other = run_balance(crossroads, games=GAMES, levels=RECRUIT, seed=6, runner=LocalRunner(1))
    assert other.inputs.seed == 6 and other.inputs.file == ""


def test_progress_counts_every_game(crossroads: Scenario) -> None:
    seen: list[Progress] = []
    report = run_balance(crossroads, games=3, levels=RECRUIT, runner=LocalRunner(1),
                         progress=seen.append)
    assert [p.done for p in seen] == [1, 2, 3] and all(p.total == 3 for p in seen)
    last = seen[-1]
    assert sum(last.wins.values()) + last.draws == 3
    assert last.wins == {s.side: s.wins.count for s in report.sides}
    assert last.left == 0.0


@pytest.mark.parametrize("workers", [1, 2])
def test_stopping_mid_batch_reports_the_games_played(crossroads: Scenario,
                                                     workers: int) -> None:
    done: list[int] = []
    report = run_balance(crossroads, games=12, levels=RECRUIT, runner=LocalRunner(workers),
                         progress=lambda p: done.append(p.done),
                         stop=lambda: len(done) >= 2)
    assert not report.complete
    assert 2 <= report.played < 12 and report.inputs.games == 12
    assert "Stopped after" in report.verdict


def test_ctrl_c_mid_batch_reports_the_games_played(crossroads: Scenario) -> None:
    def interrupt(p: Progress) -> None:
        if p.done == 2:
            raise KeyboardInterrupt  # what Ctrl+C raises in the main process

    report = run_balance(crossroads, games=6, levels=RECRUIT, runner=LocalRunner(1),
                         progress=interrupt)
    assert not report.complete and report.played == 2


def test_a_sweep_plays_the_batch_at_other_turn_limits(crossroads: Scenario) -> None:
    report = run_balance(crossroads, games=2, levels=RECRUIT, runner=LocalRunner(1),
                         vary_turn_limit=True)
    assert [r.turn_limit for r in report.sweep] == sweep_limits(12) == [8, 10, 12, 14, 16]
    assert [r.current for r in report.sweep] == [False, False, True, False, False]
    now = next(r for r in report.sweep if r.current)
    assert now.sides == report.sides
    assert all(r.median_turns is not None and r.median_turns <= r.turn_limit
               for r in report.sweep)


def test_a_match_gives_each_levels_wins(crossroads: Scenario) -> None:
    report = run_balance(crossroads, games=2, levels=(Level.STEADY, Level.RECRUIT),
                         runner=LocalRunner(1))
    assert [lv.level for lv in report.levels] == ["steady", "recruit"]
    decided = report.decisive.count
    assert sum(lv.wins.count for lv in report.levels) == decided


def test_bad_requests_are_refused_in_words(crossroads: Scenario) -> None:
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        run_balance(crossroads, ruleset="chess", games=1)
    with pytest.raises(ValueError, match="at least 1"):
        run_balance(crossroads, games=0)
    with pytest.raises(ValueError, match="one level"):
        run_balance(crossroads, games=1, levels=())


# --- stopping when settled (issue 36) ------------------------------------------------


def fake_game(batch: Batch, index: int) -> GameResult:
    """A game that costs nothing: the first side wins 9 in 10, by the game's seed."""
    first, second = (s.id for s in batch.scenario.sides)
    won = batch.game_seed(index) % 10 != 0
    return GameResult(index, {}, first if won else second, "fake", "victory", 3, (),
                      frozenset(), frozenset(), frozenset())


class ShuffledRunner:
    """Plays games `width` at a time and hands each group back in reverse, as a pool
    whose later games finish first might; it stops when asked between games."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.played = 0

    def run(self, batch: Batch, indices: Sequence[int], take: Callable[[GameResult], None],
            stop: Callable[[], bool]) -> bool:
        todo = list(indices)
        for at in range(0, len(todo), self.width):
            if stop():
                return False
            group = [fake_game(batch, i) for i in todo[at:at + self.width]]
            self.played += len(group)
            for r in reversed(group):
                take(r)
        return True

    def close(self) -> None:
        pass


def test_a_one_sided_batch_stops_when_settled(crossroads: Scenario,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner_module, "play_game", fake_game)
    seen: list[Progress] = []
    report = run_balance(crossroads, games=400, levels=RECRUIT, runner=LocalRunner(1),
                         progress=seen.append)
    st = report.settle
    assert st is not None and st.reason == ONE_SIDED and st.low > 0.6
    assert report.complete and report.played == st.games < 60 and report.inputs.games == 400
    assert report.verdict.startswith(f"Settled after {st.games} games: Austrian rearguard scores")
    # the interval narrows on the way, game by game
    assert [p.done for p in seen] == list(range(1, st.games + 1))
    assert seen[-1].path[-1] == (st.games, st.share, st.low, st.high)
    assert all(a[2] <= b[2] and a[3] >= b[3] for a, b in
               zip(seen[-1].path, seen[-1].path[1:], strict=False))
    fixed = run_balance(crossroads, games=st.games + 10, levels=RECRUIT, runner=LocalRunner(1),
                        fixed=True)
    assert fixed.settle is None and fixed.played == st.games + 10


def test_the_stopping_point_does_not_depend_on_the_order_games_finish(
        crossroads: Scenario, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner_module, "play_game", fake_game)
    one = run_balance(crossroads, games=400, levels=RECRUIT, runner=LocalRunner(1))
    shuffled = ShuffledRunner(5)
    other = run_balance(crossroads, games=400, levels=RECRUIT, runner=shuffled)
    assert other == one
    assert one.settle is not None and shuffled.played >= one.played
