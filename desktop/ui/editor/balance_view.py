"""The Balance dock's report: verdict, charts, objectives and the units never used.

Built the first time a report is shown (desktop.ui.editor.balance_dock), so
the editor starts without loading pyqtgraph and the rules engine.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from desktop.play.balance.report import Report
from desktop.play.balance_sidecar import Kept
from desktop.scenario.model import Scenario
from desktop.ui.editor.balance_charts import HoldingChart, LengthChart, WinsChart, visible
from desktop.ui.plaintext import esc, plain_label
from printouts.balance_report import players_text


def _heading(text: str) -> QLabel:
    label = plain_label(text)
    f = QFont(label.font())
    f.setBold(True)
    label.setFont(f)
    label.setContentsMargins(0, 8, 0, 0)
    return label


class BalanceView(QFrame):
    """One report, drawn: what the dock shows once there is a report."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kept: Kept | None = None
        self.scenario: Scenario | None = None
        res = QVBoxLayout(self)
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

    def show_kept(self, kept: Kept, scenario: Scenario | None) -> None:
        """Show `kept` for `scenario` (its colours and names)."""
        self.kept = kept
        self.scenario = scenario
        r = kept.report
        colours = self._colours()
        names = self._names()
        self.stale.setText(("Stale: " + kept.why_stale() + " Test balance again to see the "
                            "scenario as it is now.") if kept.stale else "")
        self.stale.setVisible(kept.stale)
        games = (f"{r.played} games" if r.complete
                 else f"stopped after {r.played} of {r.inputs.games} games")
        if r.settle is not None and r.complete:
            games = (f"{r.played} games, the most asked for" if r.settle.reason == "maximum"
                     else f"settled after {r.played} games (at most {r.inputs.games})")
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
        lines = ["Never fought in any game (outlined on the table): " + ", ".join(unused) + "."
                 if unused else "Every unit fought in some game."]
        hit = hardest_hit(r)
        if hit:
            lines.append("Hardest hit: " + "; ".join(hit) + ".")
        self.unused.setText("\n".join(lines))

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


def hardest_hit(report: Report, most: int = 3) -> list[str]:
    """The units that lost most on average, in words ("IR 49: 3.2 boxes a game, off the
    table in 40% of games"; the second part only if it ever left the table), the
    heaviest first; none if nothing was lost."""
    worn = sorted((u for u in report.units if u.worn > 0 or u.lost > 0),
                  key=lambda u: (-u.worn, -u.lost, u.name))[:most]
    return [f"{u.name}: {u.worn:.1f} boxes a game"
            + (f", off the table in {round(100 * u.lost)}% of games" if u.lost > 0 else "")
            for u in worn]
