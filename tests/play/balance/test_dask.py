"""The Dask path gives the same report as the local pool (issue 19, item 4).

Skipped when Dask's distributed scheduler is not installed (the optional
extra `volley[cluster]`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.play.balance.runner import LocalRunner, run_balance
from desktop.play.levels import Level
from desktop.scenario.model import Scenario
from tests.play.balance.conftest import GAMES

distributed = pytest.importorskip("distributed")


def test_a_local_cluster_gives_the_same_report_as_the_local_pool(
        crossroads: Scenario, crossroads_path: Path) -> None:
    from desktop.play.balance.dask_runner import DaskRunner

    kwargs = dict(path=crossroads_path, games=GAMES, levels=(Level.RECRUIT,), seed=5)
    local = run_balance(crossroads, runner=LocalRunner(2), **kwargs)  # type: ignore[arg-type]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = run_balance(crossroads, runner=DaskRunner(client=client),
                             **kwargs)  # type: ignore[arg-type]
    assert remote == local


def test_an_unreachable_scheduler_is_said_in_words(crossroads: Scenario) -> None:
    from desktop.play.balance.dask_runner import ClusterError, DaskRunner

    with pytest.raises(ClusterError, match="could not reach the Dask scheduler"):
        run_balance(crossroads, games=1, levels=(Level.RECRUIT,),
                    runner=DaskRunner("tcp://127.0.0.1:9", timeout=1.0))
