"""The Balance dock: the last balance report of this scenario, or the batch running.

Shows the verdict, who wins (with the 95% intervals), how long the games
lasted and who held each objective turn by turn, and names the units that
never fought (the editor outlines them on the table); that part
(balance_view) is built with the first report, so the editor starts without
pyqtgraph and the rules engine.  While a batch runs the dock shows a
progress bar and Cancel; a batch that stops when settled also shows, game by
game, the first side's score share and its always-valid interval narrowing on
a chart, and a line saying where the verdict stands.  A report made before the scenario changed is
marked stale, with what changed.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.plaintext import plain_label

if TYPE_CHECKING:  # the rules engine and pyqtgraph load only with a report or a batch
    from desktop.play.balance.report import Report
    from desktop.play.balance.runner import Progress
    from desktop.play.balance_sidecar import Kept
    from desktop.scenario.model import Scenario

EMPTY = ("No balance report yet. Game \u25b8 Test balance\u2026 plays this scenario "
         "computer against computer many times and shows here who wins, how and where.")


def never_fought(report: Report) -> list[str]:
    """Ids of the units that fought in no game at all."""
    return [u.unit for u in report.units if u.never_fought >= 1.0]


def duration(seconds: float) -> str:
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    if seconds < 3600:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"


def settle_line(st: Any, first: str) -> str:
    """Where a sequential batch's verdict stands, in a line (st: a sequential.Settle)."""
    from desktop.play.balance import sequential as seq

    figures = (f"{first} scores {100 * st.share:.0f}% ({100 * st.low:.0f} to "
               f"{100 * st.high:.0f}%, a draw counting half)")
    lo, hi = (round(100 * b) for b in seq.FAIR_BAND)
    if st.reason == seq.ONE_SIDED:
        return f"Settled after {st.games} games: {figures}, clear of the fair band {lo} to {hi}%."
    if st.reason in (seq.FAIR, seq.LEANS):
        return (f"Settled after {st.games} games: {figures}, within "
                f"{100 * st.precision:g} points either way.")
    if st.reason == seq.MAXIMUM:
        return f"Not settled after the most games, {st.games}: {figures}."
    games = "1 game" if st.games == 1 else f"{st.games} games"
    return (f"After {games}: {figures}. Not settled yet: the interval reaches into "
            f"the fair band ({lo} to {hi}%) and is wider than {100 * st.precision:g} points "
            "either way.")


class BalanceDock(QDockWidget):
    #: Cancel pressed while a batch runs.
    cancelRequested = Signal()
    #: "Test again…" pressed.
    runRequested = Signal()
    #: "Save as PDF…" pressed.
    pdfRequested = Signal()
    #: The dock was opened (True) or closed (False): its marks on the table go with it.
    #: (Not visibilityChanged, which also says False for a dock behind another tab.)
    openChanged = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Balance", parent)
        self.setObjectName("editor_balance")
        self.kept: Kept | None = None
        self.scenario: Scenario | None = None
        self._running = False
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(8, 6, 8, 8)
        self.empty = plain_label(EMPTY)
        self.empty.setWordWrap(True)
        lay.addWidget(self.empty)
        self.trouble = plain_label()
        self.trouble.setWordWrap(True)
        self.trouble.setStyleSheet("color:#b00020")
        lay.addWidget(self.trouble)
        # running
        self.running = QFrame()
        run_lay = QVBoxLayout(self.running)
        run_lay.setContentsMargins(0, 0, 0, 0)
        self.run_title = plain_label("Playing the games…")
        self.run_title.setWordWrap(True)
        run_lay.addWidget(self.run_title)
        row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        row.addWidget(self.progress, 1)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop after the games under way and show what was played")
        self.cancel_button.clicked.connect(self.cancelRequested)
        row.addWidget(self.cancel_button)
        run_lay.addLayout(row)
        self.progress_text = plain_label()
        self.progress_text.setWordWrap(True)
        self.progress_text.setStyleSheet("color:#555")
        run_lay.addWidget(self.progress_text)
        self.running.hide()
        lay.addWidget(self.running)
        # until the first game ends (minutes on a large scenario) a busy bar and
        # the time so far, every second: the dock never sits silent (issue 37)
        self._games_done = 0
        self._began = 0.0
        self._stopping = False
        self._clock = QTimer(self)
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._tick)
        # A sequential batch, game by game (they stay after it, until the next batch):
        #: where its verdict stands,
        self.settle_line = plain_label()
        self.settle_line.setWordWrap(True)
        self.settle_line.setStyleSheet("font-weight:bold")
        self.settle_line.hide()
        lay.addWidget(self.settle_line)
        #: and a SettleChart of its interval narrowing (built with the first such batch).
        self.settle_chart: Any = None
        self._settle_box = QVBoxLayout()
        self._settle_box.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self._settle_box)
        self._first = ""
        self._colour = "#555"
        self.view: Any = None  # a BalanceView, built with the first report
        self._body = lay
        self._view_at = lay.count()
        buttons = QHBoxLayout()
        self.again_button = QPushButton("Test balance…")
        self.again_button.clicked.connect(self.runRequested)
        self.pdf_button = QPushButton("Save as PDF…")
        self.pdf_button.setToolTip("The whole report, with the unit table and any sweep, "
                                   "as a printable PDF")
        self.pdf_button.clicked.connect(self.pdfRequested)
        buttons.addWidget(self.again_button)
        buttons.addWidget(self.pdf_button)
        buttons.addStretch(1)
        lay.addLayout(buttons)
        lay.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # text wraps
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self._show_state()

    # --- states ---------------------------------------------------------------------

    def _show_state(self) -> None:
        running = self.is_running
        has = self.kept is not None
        self.empty.setVisible(not has and not running)
        if self.view is not None:
            self.view.setVisible(has)
        self.pdf_button.setEnabled(has)
        self.trouble.setVisible(bool(self.trouble.text()))

    def show_trouble(self, text: str) -> None:
        """A kept report that cannot be read, or a batch that could not run."""
        self.trouble.setText(text)
        self.trouble.setVisible(bool(text))

    def start_running(self, total_games: int, what: str, sequential: bool = False,
                      first: str = "", colour: str = "#555") -> None:
        self._running = True
        self.show_trouble("")
        self.run_title.setText(what)
        self.progress.setRange(0, 0)  # busy until the first game ends
        self.progress.setValue(0)
        self.progress.setFormat("%v games (at most %m)" if sequential else "%v of %m games")
        self._first, self._colour = first, colour
        self.settle_line.setText("")
        self.settle_line.setVisible(sequential)
        if sequential and self.settle_chart is None:  # pyqtgraph loads with the first one
            from desktop.ui.editor.balance_charts import SettleChart

            self.settle_chart = SettleChart()
            self._settle_box.addWidget(self.settle_chart)
        if self.settle_chart is not None:
            self.settle_chart.setVisible(sequential)
            if sequential:
                from desktop.play.balance.sequential import FAIR_BAND

                self.settle_chart.show_path([], FAIR_BAND, colour, total_games)
        self.progress_text.setText("Starting the players…")
        self._games_done, self._stopping = 0, False
        self._began = time.monotonic()
        self._clock.start()
        self.cancel_button.setEnabled(True)
        self.cancel_button.setText("Cancel")
        self.running.show()
        self.empty.hide()
        self.again_button.setEnabled(False)

    def _tick(self) -> None:
        """While no game has ended: how long the first games have been playing."""
        if not self._running:
            self._clock.stop()
            return
        if self._games_done == 0 and not self._stopping:
            self.progress_text.setText(
                f"Playing the first games: {duration(time.monotonic() - self._began)} so far")

    def show_progress(self, p: Progress, names: dict[str, str]) -> None:
        self._games_done = p.done
        self.progress.setRange(0, p.total)
        self.progress.setValue(p.done)
        wins = ", ".join(f"{names.get(s, s)} {n}" for s, n in p.wins.items())
        left = p.left
        parts = [f"won so far: {wins}; {p.draws} drawn" if p.done else "",
                 f"about {duration(left)} left" if left is not None else ""]
        if p.settle is not None:
            parts[1] = ""  # the time left is not known: the batch stops when settled
        self.progress_text.setText(" · ".join(x for x in parts if x))
        st = p.settle
        if st is not None and self.settle_chart is not None:
            from desktop.play.balance.sequential import FAIR_BAND

            self.settle_chart.show_path(p.path, FAIR_BAND, self._colour, p.total)
            self.settle_line.setText(settle_line(st, self._first or "The first side"))

    def cancelling(self) -> None:
        self._stopping = True
        self.cancel_button.setEnabled(False)
        self.cancel_button.setText("Stopping…")
        self.progress_text.setText("Stopping after the games under way…")

    def stop_running(self) -> None:
        self._running = False
        self._clock.stop()
        self.running.hide()
        self.again_button.setEnabled(True)
        self._show_state()

    @property
    def is_running(self) -> bool:
        return self._running

    # --- the report ------------------------------------------------------------------

    def show_kept(self, kept: Kept | None, scenario: Scenario | None) -> None:
        """Show `kept` (None: no report) for `scenario` (colours and names)."""
        self.kept = kept
        self.scenario = scenario
        if kept is not None:
            if self.view is None:  # pyqtgraph and the charts load with the first report
                from desktop.ui.editor.balance_view import BalanceView

                self.view = BalanceView()
                self._body.insertWidget(self._view_at, self.view)
            self.view.show_kept(kept, scenario)
        self._show_state()

    def setVisible(self, visible: bool) -> None:
        was = not self.isHidden()
        super().setVisible(visible)
        if was != visible:
            self.openChanged.emit(visible)
