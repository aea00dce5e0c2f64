"""The Balance dock's charts (pyqtgraph): win share with intervals, the length
histogram, and one objective's control turn by turn.

Read-only little plots: no mouse zoom, no context menu.  Names are given to
pyqtgraph only as axis ticks, which it draws as plain text.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
import PySide6  # noqa: F401  (pyqtgraph picks the binding already imported)
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QWidget

from desktop.play.balance.report import ObjectiveControl, Report

#: Where the win chart's figures start (the bars end at 100).
LABELS_AT = 103
#: The fewest turns the length chart spans.
MIN_SPAN = 6
#: Draws, and objectives nobody held.
NOBODY = "#bdb8ab"
INK = "#1d1d1b"
MEDIAN = "#b22222"
BARS = "#2f3b2f"


def visible(colour: str) -> QColor:
    """A side colour that shows on white (a pale side is drawn darker)."""
    c = QColor(colour)
    return c.darker(160) if c.lightness() > 200 else c


class _Chart(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph is untyped
    def __init__(self, height: int, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        self.setMinimumHeight(height)
        self.setMaximumHeight(int(height * 1.6))
        self.setMouseEnabled(False, False)
        self.hideButtons()
        self.setMenuEnabled(False)
        for name in ("left", "bottom"):
            self.getAxis(name).setPen(pg.mkPen("#777"))
            self.getAxis(name).setTextPen(pg.mkPen(INK))


class WinsChart(_Chart):
    """Each side's share of the games won, and the draws, with the 95% intervals."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(110, parent)
        self.getAxis("bottom").setLabel("games won (whiskers: 95% interval)")
        self.rows: list[tuple[str, float, float, float]] = []
        #: Pixels kept right of the bars for the widest "100%  (91–100%)".
        self.label_px = 130
        self.getViewBox().sigResized.connect(lambda *_: self._fit())  # (after the layout)

    def show_report(self, report: Report, colours: dict[str, str],
                    names: dict[str, str]) -> None:
        self.clear()
        rows = [(names.get(s.side, s.name), s.wins.share, s.wins.low, s.wins.high,
                 visible(colours.get(s.side, "#555"))) for s in report.sides]
        d = report.draws
        rows.append(("Draws", d.share, d.low, d.high, QColor(NOBODY)))
        self.rows = [(n, s, lo, hi) for n, s, lo, hi, _ in rows]
        ys = list(range(len(rows)))[::-1]  # the first side at the top
        widest = 0
        for y, (_, share, low, high, colour) in zip(ys, rows, strict=True):
            self.addItem(pg.BarGraphItem(x0=[0], y=[y], width=[share * 100], height=0.6,
                                         brush=colour, pen=pg.mkPen(colour.darker(130))))
            self.addItem(pg.ErrorBarItem(
                x=np.array([share * 100]), y=np.array([y]),
                left=np.array([(share - low) * 100]),
                right=np.array([(high - share) * 100]), beam=0.25,
                pen=pg.mkPen(INK, width=2)))
            text = f"{round(share * 100)}%  ({round(low * 100)}–{round(high * 100)}%)"
            label = pg.TextItem(text, anchor=(0, 0.5), color=INK)
            widest = max(widest, QFontMetrics(label.textItem.font()).horizontalAdvance(text))
            label.setPos(LABELS_AT, y)  # a column of figures right of the 100% mark
            self.addItem(label)
        if len(report.sides) > 1:
            self.addItem(pg.InfiniteLine(100 / len(report.sides), angle=90,
                                         pen=pg.mkPen("#777", style=Qt.PenStyle.DashLine)))
        self.getAxis("left").setTicks([[(y, r[0]) for y, r in zip(ys, rows, strict=True)]])
        self.setYRange(-0.6, len(rows) - 0.4, padding=0)
        self.label_px = widest + 20  # the figures, a gap after the bar, and a margin
        self._fit()

    def _fit(self) -> None:
        """Leave room right of the 100% mark for the figures, at any width."""
        vbw = float(self.getViewBox().width())
        room = self.label_px
        bars = max(vbw - room, 0.3 * vbw, 1.0)  # a narrow dock: short bars, whole figures
        self.setXRange(0, max(100 * vbw / bars, LABELS_AT + 10), padding=0)
        marks = (0, 25, 50, 75, 100) if bars > 150 else (0, 50, 100)
        self.getAxis("bottom").setTicks([[(v, f"{v}%") for v in marks]])



class LengthChart(_Chart):
    """How many games lasted each number of turns; the median and the turn limit marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(120, parent)
        self.getAxis("bottom").setLabel("turns played")
        self.getAxis("left").setLabel("games")
        #: What the marked lines are, in words.
        self.caption = ""

    def show_report(self, report: Report) -> None:
        self.clear()
        self.caption = ""
        counts = {b.turns: b.games for b in report.lengths}
        if not counts:
            return
        xs = sorted(counts)
        self.addItem(pg.BarGraphItem(x=xs, height=[counts[x] for x in xs], width=0.75,
                                     brush=QColor(BARS), pen=pg.mkPen(QColor(BARS))))
        top = max(counts.values())
        # the lines go unlabelled (a label by a line at the chart's edge was cut off):
        # `caption` says what they are, for a label under the chart
        notes = []
        if report.median_turns is not None:
            self.addItem(pg.InfiniteLine(report.median_turns, angle=90,
                                         pen=pg.mkPen(MEDIAN, width=2)))
            notes.append(f"red line: the median, {report.median_turns:g} turns")
        limit = report.inputs.turn_limit
        if limit is not None:
            self.addItem(pg.InfiniteLine(limit + 0.5, angle=90,
                                         pen=pg.mkPen("#555", style=Qt.PenStyle.DashLine)))
            notes.append(f"dashed: the turn limit, {limit}")
        self.caption = "; ".join(notes)
        last = max(xs[-1], limit or 0)
        first = max(1, xs[0] - 1)
        if last - first < MIN_SPAN:  # a batch of one or two lengths: bars, not slabs
            first = max(1, last - MIN_SPAN)
            last = first + MIN_SPAN
        self.setXRange(first - 0.6, last + 0.6, padding=0)
        self.setYRange(0, top * 1.15, padding=0)
        step = 1 if last - first <= 16 else 2 if last - first <= 32 else 5
        self.getAxis("bottom").setTickSpacing(major=step, minor=1)


class HoldingChart(_Chart):
    """One objective: per turn, the share of games each side held it (stacked)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(120, parent)
        self.getAxis("bottom").setLabel("end of turn")
        self.getAxis("left").setTicks([[(v, f"{v}%") for v in (0, 50, 100)]])

    def show_objective(self, objective: ObjectiveControl | None, order: Sequence[str],
                       colours: dict[str, str]) -> None:
        self.clear()
        if objective is None or not objective.turns:
            return
        turns = [t.turn for t in objective.turns]
        base = [0.0] * len(turns)
        for side in order:
            heights = [t.held.get(side, 0.0) * 100 for t in objective.turns]
            colour = visible(colours.get(side, "#555"))
            self.addItem(pg.BarGraphItem(x=turns, y0=list(base), height=heights, width=0.78,
                                         brush=colour, pen=pg.mkPen(None)))
            base = [b + h for b, h in zip(base, heights, strict=True)]
        rest = [100 - b for b in base]
        self.addItem(pg.BarGraphItem(x=turns, y0=base, height=rest, width=0.78,
                                     brush=QColor(NOBODY).lighter(125), pen=pg.mkPen(None)))
        self.setXRange(turns[0] - 0.6, turns[-1] + 0.6, padding=0)
        self.setYRange(0, 100, padding=0.02)
        span = turns[-1] - turns[0]
        step = 1 if span <= 16 else 2 if span <= 32 else 5
        self.getAxis("bottom").setTickSpacing(major=step, minor=1)


class SettleChart(_Chart):
    """A sequential batch as it runs: the first side's score share (a draw counts
    half) after each game, its always-valid 95% interval narrowing around it, and
    the fair band the verdict measures it against."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(130, parent)
        self.getAxis("bottom").setLabel("games counted")
        self.getAxis("left").setTicks([[(v, f"{v}%") for v in (0, 25, 50, 75, 100)]])
        #: The last point drawn: (games, share, low, high), shares 0 to 1.
        self.last: tuple[int, float, float, float] | None = None

    def show_path(self, path: Sequence[tuple[int, float, float, float]], band: tuple[float, float],
                  colour: str, most: int) -> None:
        """Draw `path` (games, share, low, high after each game counted) against the
        fair `band`; the x axis spans at least a tenth of `most` games."""
        self.clear()
        lo, hi = band
        self.addItem(pg.LinearRegionItem((lo * 100, hi * 100), orientation="horizontal",
                                         brush=pg.mkBrush(QColor(NOBODY).lighter(115)),
                                         pen=pg.mkPen(None), movable=False))
        self.addItem(pg.InfiniteLine(50, angle=0,
                                     pen=pg.mkPen("#777", style=Qt.PenStyle.DashLine)))
        self.last = path[-1] if path else None
        span = max(10, most // 10, len(path) and path[-1][0])
        self.setXRange(0, span * 1.02, padding=0)
        self.setYRange(0, 100, padding=0.02)
        if not path:
            return
        xs = np.array([p[0] for p in path], dtype=float)
        c = visible(colour)
        low = pg.PlotDataItem(xs, np.array([p[2] * 100 for p in path]), pen=pg.mkPen(c))
        high = pg.PlotDataItem(xs, np.array([p[3] * 100 for p in path]), pen=pg.mkPen(c))
        fill = QColor(c)
        fill.setAlpha(70)
        self.addItem(low)
        self.addItem(high)
        self.addItem(pg.FillBetweenItem(low, high, brush=pg.mkBrush(fill)))
        self.addItem(pg.PlotDataItem(xs, np.array([p[1] * 100 for p in path]),
                                     pen=pg.mkPen(INK, width=2)))
