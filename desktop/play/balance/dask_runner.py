"""A balance batch on a Dask distributed cluster (``volley balance --scheduler ADDRESS``).

Dask is an optional extra (``pip install volley[cluster]``): this module is
imported only when a scheduler is named, and says in a sentence how to
install it when it is missing.  The games are the same functions of (batch,
index) as in the local pool, so the report is identical whichever runs them.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from desktop.play.balance.batch import Batch, GameResult, play_game
from desktop.play.balance.runner import POLL, StopFn

#: What to tell a person whose Python has no Dask.
INSTALL = ("--scheduler needs Dask's distributed scheduler: install it with "
           "pip install 'volley[cluster]' (or pip install 'dask[distributed]')")


class ClusterError(RuntimeError):
    """The cluster could not be used; the message says why in plain words."""


def _distributed() -> Any:
    try:
        return importlib.import_module("distributed")
    except ImportError as exc:
        raise ClusterError(INSTALL) from exc


@dataclass(frozen=True)
class DaskRunner:
    """Games sent to the Dask scheduler at `address` (``tcp://host:8786``), or to an
    already connected `client` (tests pass a LocalCluster's)."""

    address: str | None = None
    client: Any = None
    #: Seconds to wait for the scheduler to answer.
    timeout: float = 10.0

    def _connect(self) -> tuple[Any, bool]:
        if self.client is not None:
            return self.client, False
        distributed = _distributed()
        try:
            return distributed.Client(self.address, timeout=self.timeout), True
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"could not reach the Dask scheduler at {self.address}: "
                               f"{exc}") from exc

    def run(self, batch: Batch, indices: Sequence[int], take: Callable[[GameResult], None],
            stop: StopFn) -> bool:
        distributed = _distributed()
        client, owned = self._connect()
        futures: list[Any] = []
        try:
            shared = client.scatter(batch, broadcast=True)
            # Earlier games first (Dask runs the highest priority first): a
            # sequential batch counts games in seed order, so a late game
            # finished early only waits.
            futures = [client.submit(play_game, shared, i, pure=False, priority=-i)
                       for i in indices]
            pending = distributed.as_completed(futures)
            left = len(futures)
            while left:
                if stop():
                    return False
                got = pending.next_batch(block=False)
                for future in got:
                    take(future.result())
                    left -= 1
                if not got:
                    time.sleep(POLL)
            return True
        except KeyboardInterrupt:
            return False
        finally:
            if futures:
                client.cancel([f for f in futures if not f.done()])
            if owned:
                client.close()

    def close(self) -> None:
        """Nothing to let go of: each batch connects and disconnects on its own."""
