"""A balance batch running behind the editor: a thread that waits on the games.

The games themselves run in desktop.play.balance's local process pool (every
core), so the window stays responsive; this thread only hands the pool the
batch, passes its progress to the window as signals and asks it to stop when
Cancel is pressed.  A stopped batch still reports what it played.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QThread, Signal

from desktop.play.balance.runner import LocalRunner, Progress, Runner, run_balance
from desktop.scenario.model import Scenario
from desktop.ui.editor.balance_dialog import BalanceRequest


class BalanceJob(QThread):
    #: A desktop.play.balance.runner.Progress after every game.
    progressed = Signal(object)
    #: The Report (partial when cancelled), and the scenario it was played on.
    finishedReport = Signal(object, object)
    #: Why the batch could not start or run, in words.
    failed = Signal(str)

    def __init__(self, scenario: Scenario, request: BalanceRequest, path: Any = None,
                 runner: Runner | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.request = request
        self.path = path
        self.runner = runner or LocalRunner()
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Ask the batch to stop after the games already under way."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def _progress(self, p: Progress) -> None:
        self.progressed.emit(p)

    def run(self) -> None:
        r = self.request
        try:
            report = run_balance(
                self.scenario, path=self.path, ruleset=r.ruleset, games=r.games,
                levels=r.levels, seed=r.seed, runner=self.runner, progress=self._progress,
                stop=self._stop.is_set, vary_turn_limit=r.vary_turn_limit,
                fixed=r.fixed, precision=r.precision)
        except ValueError as e:  # the ruleset cannot play this scenario, no turn limit...
            self.failed.emit(str(e))
            return
        except Exception as e:  # a game that crashed must not take the editor with it
            self.failed.emit(f"The games stopped with an error: {type(e).__name__}: {e}")
            return
        self.finishedReport.emit(report, self.scenario)
