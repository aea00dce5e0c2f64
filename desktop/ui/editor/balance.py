"""Game > Test balance… in the editor: the dialog, the batch, the dock, the marks.

`BalanceFeature` is the glue the editor window holds: it adds the menu entry
and the Balance dock, runs a batch in the background (balance_job), keeps the
last report beside the scenario (desktop.play.balance_sidecar) and shows it
again when the scenario is reopened, marked stale when the scenario changed,
and outlines on the table the units that never fought while the dock is open.
Questions to the user go through `ask_*` methods so tests can answer them.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QFileDialog, QMainWindow, QMenu, QMessageBox

from desktop.play.balance_sidecar import Kept, KeptProblem, read_kept, sidecar_path, write_kept
from desktop.scenario.filenames import derived_path
from desktop.ui.editor.balance_dock import BalanceDock, never_fought
from desktop.ui.editor.balance_marks import NeverFoughtItem
from desktop.ui.plaintext import literal

if TYPE_CHECKING:  # the rules engine, the pool and reportlab load when a batch or PDF needs them
    from desktop.play.balance.report import Report
    from desktop.play.balance.runner import Progress, Runner
    from desktop.scenario.model import Scenario
    from desktop.ui.editor.balance_dialog import BalanceRequest
    from desktop.ui.editor.balance_job import BalanceJob

#: Wait this long (ms) after an edit before checking whether the report went stale.
RECHECK_MS = 300


def game_menu(window: QMainWindow) -> QMenu:
    """The window's Game menu (made if it has none)."""
    for a in window.menuBar().actions():
        menu = a.menu()
        if isinstance(menu, QMenu) and a.text().replace("&", "") == "Game":
            return menu
    return window.menuBar().addMenu("&Game")


class BalanceFeature(QObject):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.doc: Any = None
        self.job: BalanceJob | None = None
        #: Plays the games; None: a local pool on every core (tests pass a small one).
        self.runner: Runner | None = None
        self.kept: Kept | None = None
        self.dock = BalanceDock(window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self.dock.runRequested.connect(self.start)
        self.dock.cancelRequested.connect(self.cancel)
        self.dock.pdfRequested.connect(self.save_pdf)
        self.dock.openChanged.connect(lambda _open: self._mark())
        self.marks = NeverFoughtItem()
        window.scene.addItem(self.marks)
        self.action = QAction("Test &balance…", window)
        self.action.setStatusTip("Play this scenario computer against computer many times "
                                 "and see who wins, how and where")
        self.action.triggered.connect(lambda _c=False: self.start())
        window.addAction(self.action)
        menu = game_menu(window)
        menu.addSeparator()
        menu.addAction(self.action)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RECHECK_MS)
        self._timer.timeout.connect(self.recheck)

    # --- the document ---------------------------------------------------------------

    def set_document(self, doc: Any) -> None:
        """A new or opened scenario: drop the old report, show the one kept beside this."""
        if self.doc is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.doc.changed.disconnect(self._doc_changed)
        self.cancel(wait=True, keep=False)
        self.doc = doc
        doc.changed.connect(self._doc_changed)
        self.kept = None
        self.dock.show_trouble("")
        if doc.path is not None:
            try:
                self.kept = read_kept(doc.path, doc.scenario)
            except KeptProblem as e:
                self.dock.show_trouble(f"The last balance report could not be read: {e}")
        self._show()
        if self.kept is not None:
            self.dock.show()
            self.dock.raise_()

    def _doc_changed(self, _ch: object) -> None:
        self.marks.follow(self.doc.scenario)  # the outlines go where the units went
        if self.kept is not None:
            self._timer.start()

    def recheck(self) -> None:
        """Is the report still true of the scenario as it is now?"""
        self._timer.stop()
        if self.kept is not None and self.doc is not None:
            was = self.kept.changed
            self.kept = self.kept.against(self.doc.scenario)
            if self.kept.changed != was:
                self._show()

    def _show(self) -> None:
        scenario = self.doc.scenario if self.doc is not None else None
        self.dock.show_kept(self.kept, scenario)
        self._mark()

    # --- marks on the table --------------------------------------------------------

    def _mark(self) -> None:
        if self.kept is None or self.dock.isHidden():  # (behind another tab counts as open)
            self.marks.clear()
            return
        self.marks.set_units(self.doc.scenario, never_fought(self.kept.report))

    # --- running a batch ----------------------------------------------------------

    def ask_request(self) -> BalanceRequest | None:
        from desktop.ui.editor.balance_dialog import BalanceDialog

        dlg = BalanceDialog(self.doc.scenario, self.window, self.window.settings())
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return dlg.request()

    def start(self, request: BalanceRequest | None = None) -> BalanceJob | None:
        """Ask what to play (unless given) and start playing it in the background."""
        if self.job is not None:
            self.dock.show()
            self.dock.raise_()
            return None
        request = request or self.ask_request()
        if request is None:
            return None
        from desktop.ui.editor.balance_job import BalanceJob
        from printouts.balance_report import players_text

        scenario: Scenario = self.doc.scenario
        path = self.doc.path if not self.doc.modified else None
        job = BalanceJob(scenario, request, path, self.runner, self)
        job.progressed.connect(self._progress)
        job.finishedReport.connect(self._finished)
        job.failed.connect(self._failed)
        job.finished.connect(lambda j=job: self._job_ended(j))
        self.job = job
        total = request.games
        if request.vary_turn_limit:
            from desktop.play.balance.batch import current_turn_limit
            from desktop.play.balance.runner import sweep_limits

            limit = current_turn_limit(scenario, request.ruleset)
            if limit is not None:
                total *= len(sweep_limits(limit))
        players = players_text([lv.value for lv in request.levels])
        if request.fixed:
            self.dock.start_running(total, f"Playing {request.games} games: {players}…")
        else:
            self.dock.start_running(
                total, f"Playing until the verdict is settled (at most {request.games} games, "
                f"{100 * request.precision:g} points): {players}…", sequential=True,
                first=scenario.sides[0].name or scenario.sides[0].id,
                colour=scenario.sides[0].colour)
        self.dock.show()
        self.dock.raise_()
        job.start()
        return job

    def _names(self) -> dict[str, str]:
        return {s.id: s.name for s in self.doc.scenario.sides} if self.doc else {}

    def _progress(self, p: Progress) -> None:
        if self.sender() is self.job:
            self.dock.show_progress(p, self._names())

    def cancel(self, wait: bool = False, keep: bool = True) -> None:
        """Stop the batch (Cancel); `keep` False also drops what it played."""
        job = self.job
        if job is None:
            return
        job.cancel()
        self.dock.cancelling()
        if not keep:
            for signal in (job.finishedReport, job.failed, job.progressed):
                with contextlib.suppress(RuntimeError, TypeError):
                    signal.disconnect()
        if wait:
            job.wait()
            self._job_ended(job)

    def _job_ended(self, job: BalanceJob) -> None:
        if job is not self.job:
            return
        self.job = None
        self.dock.stop_running()
        job.deleteLater()

    def _failed(self, why: str) -> None:
        self.dock.show_trouble(f"The balance test could not run: {why}")

    def _finished(self, report: Report, scenario: Scenario) -> None:
        kept = Kept.fresh(report, scenario).against(self.doc.scenario)
        if self.doc.path is not None:
            try:
                kept = write_kept(kept, self.doc.path)
            except OSError as e:
                self.dock.show_trouble(f"The report could not be kept beside the scenario: "
                                       f"{e.strerror or e}")
        else:
            self.window.statusBar().showMessage(
                "Save the scenario to keep this balance report beside it", 8000)
        self.kept = kept
        self._show()
        if not report.complete:
            self.window.statusBar().showMessage(
                f"Stopped: the report covers the {report.played} games played", 8000)

    def keep_after_save(self) -> None:
        """The scenario was saved (perhaps under a new name): keep the report beside it."""
        if self.kept is None or self.doc is None or self.doc.path is None:
            return
        if self.kept.path == sidecar_path(self.doc.path):
            return
        try:
            self.kept = write_kept(self.kept, self.doc.path)
        except OSError as e:
            self.dock.show_trouble(f"The balance report could not be kept beside the "
                                   f"scenario: {e.strerror or e}")

    # --- the PDF -----------------------------------------------------------------

    def ask_pdf_path(self) -> Path | None:
        start = (derived_path(self.doc.path, "-balance.pdf")
                 if self.doc.path is not None else Path.home() / "balance.pdf")
        name, _ = QFileDialog.getSaveFileName(self.window, "Save balance report as PDF",
                                              str(start), "PDF files (*.pdf)")
        if not name:
            return None
        p = Path(name)
        return p if p.suffix else p.with_suffix(".pdf")

    def save_pdf(self, path: Path | None = None) -> Path | None:
        if self.kept is None:
            return None
        path = path or self.ask_pdf_path()
        if path is None:
            return None
        from printouts.balance_report import write_balance_report

        try:
            pages = write_balance_report(self.kept.report, path, self.doc.scenario)
        except OSError as e:
            QMessageBox.critical(self.window, "Could not save", literal(
                f"{path} could not be written:\n{e.strerror or e}"))
            return None
        self.window.statusBar().showMessage(f"Saved {path.name} ({pages} pages)", 6000)
        return path

    def shutdown(self) -> None:
        """The window closes: stop any batch and wait for its pool to go."""
        self.cancel(wait=True, keep=False)
