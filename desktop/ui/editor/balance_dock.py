"""The Balance dock: the last balance report of this scenario, or the batch running.

Shows the verdict, who wins (with the 95% intervals), how long the games
lasted and who held each objective turn by turn, and names the units that
never fought (the editor outlines them on the table).  While a batch runs it
shows a progress bar and Cancel instead.  A report made before the scenario
changed is marked stale, with what changed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.play.balance.report import Report
from desktop.play.balance.runner import Progress
from desktop.play.balance_sidecar import Kept
from desktop.scenario.model import Scenario
from desktop.ui.editor.balance_charts import HoldingChart, LengthChart, WinsChart, visible
from desktop.ui.plaintext import esc, plain_label
from printouts.balance_report import players_text

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


def _heading(text: str) -> QLabel:
    label = plain_label(text)
    f = QFont(label.font())
    f.setBold(True)
    label.setFont(f)
    label.setContentsMargins(0, 8, 0, 0)
    return label


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
        # the report
        self.result = QFrame()
        res = QVBoxLayout(self.result)
        res.setContentsMargins(0, 0, 0, 0)
        self.stale = plain_label()
        self.stale.setWordWrap(True)
        self.stale.setStyleSheet("background:#fff3c4; color:#5c4400; border:1px solid #e0c060;"
                                 "padding:4px; border-radius:3px")
        res.addWidget(self.stale)
        self.facts = plain_label()
        self.facts.setWordWrap(True)
        self.facts.setStyleSheet("color:#555")
        res.addWidget(self.facts)
        self.verdict = plain_label()
        self.verdict.setWordWrap(True)
        vf = QFont(self.verdict.font())
        vf.setPointSizeF(vf.pointSizeF() * 1.1)
        self.verdict.setFont(vf)
        self.verdict.setStyleSheet("background:#f3efe4; padding:6px; border-left:4px solid #2f3b2f")
        res.addWidget(self.verdict)
        res.addWidget(_heading("Who wins"))
        self.wins = WinsChart()
        res.addWidget(self.wins)
        res.addWidget(_heading("How long the games lasted"))
        self.lengths = LengthChart()
        res.addWidget(self.lengths)
        self.lengths_note = plain_label()
        self.lengths_note.setWordWrap(True)
        self.lengths_note.setStyleSheet("color:#555")
        res.addWidget(self.lengths_note)
        obj_row = QHBoxLayout()
        obj_row.addWidget(_heading("Who held"))
        self.objective = QComboBox()
        self.objective.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.objective.currentIndexChanged.connect(self._show_objective)
        obj_row.addWidget(self.objective, 1, Qt.AlignmentFlag.AlignBottom)
        self.objectives_box = QWidget()
        ob = QVBoxLayout(self.objectives_box)
        ob.setContentsMargins(0, 0, 0, 0)
        ob.addLayout(obj_row)
        self.holding_key = QLabel()
        self.holding_key.setTextFormat(Qt.TextFormat.RichText)  # ours; names escaped
        self.holding_key.setWordWrap(True)
        ob.addWidget(self.holding_key)
        self.holding = HoldingChart()
        ob.addWidget(self.holding)
        res.addWidget(self.objectives_box)
        self.unused = plain_label()
        self.unused.setWordWrap(True)
        res.addWidget(self.unused)
        lay.addWidget(self.result)
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
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self._show_state()

    # --- states ---------------------------------------------------------------------

    def _show_state(self) -> None:
        running = self.is_running
        has = self.kept is not None
        self.empty.setVisible(not has and not running)
        self.result.setVisible(has)
        self.pdf_button.setEnabled(has)
        self.trouble.setVisible(bool(self.trouble.text()))

    def show_trouble(self, text: str) -> None:
        """A kept report that cannot be read, or a batch that could not run."""
        self.trouble.setText(text)
        self.trouble.setVisible(bool(text))

    def start_running(self, total_games: int, what: str) -> None:
        self._running = True
        self.show_trouble("")
        self.run_title.setText(what)
        self.progress.setRange(0, total_games)
        self.progress.setValue(0)
        self.progress.setFormat("%v of %m games")
        self.progress_text.setText("Starting the players…")
        self.cancel_button.setEnabled(True)
        self.cancel_button.setText("Cancel")
        self.running.show()
        self.empty.hide()
        self.again_button.setEnabled(False)

    def show_progress(self, p: Progress, names: dict[str, str]) -> None:
        self.progress.setRange(0, p.total)
        self.progress.setValue(p.done)
        wins = ", ".join(f"{names.get(s, s)} {n}" for s, n in p.wins.items())
        left = p.left
        parts = [f"won so far: {wins}, drawn {p.draws}" if p.done else "",
                 f"about {duration(left)} left" if left is not None else ""]
        self.progress_text.setText(" · ".join(x for x in parts if x))

    def cancelling(self) -> None:
        self.cancel_button.setEnabled(False)
        self.cancel_button.setText("Stopping…")
        self.progress_text.setText("Stopping after the games under way…")

    def stop_running(self) -> None:
        self._running = False
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
        if kept is None:
            self.objective.clear()
            self._show_state()
            return
        r = kept.report
        colours = self._colours()
        names = self._names()
        self.stale.setText(("Stale: " + kept.why_stale() + " Test balance again to see the "
                            "scenario as it is now.") if kept.stale else "")
        self.stale.setVisible(kept.stale)
        games = (f"{r.played} games" if r.complete
                 else f"stopped after {r.played} of {r.inputs.games} games")
        self.facts.setText(" · ".join(x for x in (
            r.inputs.ruleset_name, players_text(r.inputs.levels), games,
            f"seed {r.inputs.seed}",
            f"turn limit {r.inputs.turn_limit}" if r.inputs.turn_limit is not None else "")
            if x))
        self.verdict.setText(r.verdict or "No games were played.")
        self.wins.show_report(r, colours, names)
        self.lengths.show_report(r)
        self.lengths_note.setText(self.lengths.caption)
        self.objectives_box.setVisible(bool(r.objectives))
        self.objective.blockSignals(True)
        self.objective.clear()
        for o in r.objectives:
            self.objective.addItem(o.name, o.objective)
        self.objective.blockSignals(False)
        self.holding_key.setText("  ".join(
            f"<span style='color:{visible(colours.get(s.side, '#555')).name()}'>\u25a0</span> "
            f"{esc(names.get(s.side, s.name))}" for s in r.sides)
            + "  <span style='color:#a9a498'>\u25a0</span> empty or contested")
        self._show_objective()
        unused = [u.name for u in r.units if u.never_fought >= 1.0]
        self.unused.setText(
            "Never fought in any game (outlined on the table): " + ", ".join(unused) + "."
            if unused else "Every unit fought in some game.")
        self._show_state()

    def _colours(self) -> dict[str, str]:
        s = self.scenario
        return {side.id: side.colour for side in s.sides} if s is not None else {}

    def _names(self) -> dict[str, str]:
        out = {s.side: s.name for s in self.kept.report.sides} if self.kept else {}
        if self.scenario is not None:
            out.update({s.id: s.name for s in self.scenario.sides})
        return out

    def _show_objective(self, *_: object) -> None:
        if self.kept is None:
            return
        r = self.kept.report
        i = self.objective.currentIndex()
        obj = r.objectives[i] if 0 <= i < len(r.objectives) else None
        self.holding.show_objective(obj, [s.side for s in r.sides], self._colours())

    def setVisible(self, visible: bool) -> None:
        was = not self.isHidden()
        super().setVisible(visible)
        if was != visible:
            self.openChanged.emit(visible)
