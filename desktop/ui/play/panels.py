"""The play window's panels: phase bar, unit card, log, dice tray and the charts."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg
import PySide6  # noqa: F401  (pyqtgraph picks the binding already imported)
from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.play.log import LogLine
from desktop.rules.action_odds import LASTING, Odds, pct
from desktop.rules.view_values import Card, Markup
from desktop.ui.plaintext import esc, literal, no_mnemonic, plain_label
from desktop.ui.play.bar_buttons import BarAges, BarButton

pg.setConfigOptions(antialias=True, background="w", foreground="k")


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when the room runs out, instead of being cut
    mid-word; `text()` stays whole (the computer's long "… to act" titles)."""

    def elided(self) -> str:
        room = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: object) -> None:
        p = QPainter(self)
        self.style().drawItemText(p, self.contentsRect(), int(self.alignment()), self.palette(),
                                  self.isEnabled(), self.elided(), self.foregroundRole())
        p.end()


def clear_layout(layout: QHBoxLayout | QVBoxLayout) -> None:
    """Empty `layout`: its stretches dropped, its widgets hidden and deleted."""
    while layout.count():
        item = layout.takeAt(0)
        w = item.widget() if item is not None else None
        if w is not None:
            w.hide()
            w.setParent(None)
            w.deleteLater()


class PhaseBar(QFrame):
    """Turn, phase and side to act; the prompt; the buttons that move the game on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("phasebar")
        self.setStyleSheet(
            "#phasebar { background: #2d3530; }"
            "#phasebar QLabel { color: #f4f1e8; }"
            "#phasebar QPushButton { padding: 4px 12px; font-weight: bold; }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 6, 10, 6)
        outer.setSpacing(2)
        lay = QHBoxLayout()
        outer.addLayout(lay)
        self.swatch = QLabel()
        self.swatch.setFixedSize(QSize(18, 18))
        self.title = ElidedLabel()  # names the side: shown as it is
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        f = QFont()
        f.setPointSize(12)
        f.setBold(True)
        self.title.setFont(f)
        self.prompt = plain_label()
        self.prompt.setStyleSheet("color: #ffd98a;")
        self.prompt.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.prompt.setWordWrap(True)
        self.prompt.setMinimumWidth(40)
        # Room for two lines always, so the table never moves when a hint comes or goes.
        self.prompt.setFixedHeight(2 * self.prompt.fontMetrics().lineSpacing() + 2)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.buttons = QHBoxLayout()
        lay.addWidget(self.swatch)
        lay.addWidget(self.title, 1)  # all the room the buttons leave (no stretch beside it)
        # the row is as tall with no buttons (the computer's turn) as with them
        self.title.setMinimumHeight(QPushButton("Xg").sizeHint().height())
        # A long title gives way to the buttons rather than widen the window and
        # squeeze the docks (replay's six buttons did); its tooltip has the help.
        self.title.setMinimumWidth(80)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay.addLayout(self.buttons)
        outer.addWidget(self.prompt)  # a second line: the question or the hint
        self.button_map: dict[str, QPushButton] = {}
        #: When each button came onto the bar: a new one ignores the mouse a moment.
        self.ages = BarAges()

    def now(self) -> float:
        """The bar's clock (tests set ``ages.clock``)."""
        return self.ages.clock()

    def set_state(self, title: str, colour: str, prompt: str, help_text: str) -> None:
        self.title.setText(title)
        self.title.setToolTip(literal(help_text))
        self.swatch.setStyleSheet(f"background: {colour}; border: 1px solid #f4f1e8;")
        self.prompt.setText(prompt)
        self.prompt.setToolTip(literal(prompt))  # in case it is longer than its two lines

    def set_buttons(self, buttons: Sequence[tuple[str, str, Callable[[], None], str]
                                            | tuple[str, str, Callable[[], None], str, bool]],
                    ) -> None:
        """(key, label, slot, tooltip[, enabled]) for each button, in order.  A button
        that cannot be used now is disabled, not left out, so the others keep their places.
        One that has just come takes no click for a moment (desktop.ui.play.bar_buttons)."""
        clear_layout(self.buttons)
        self.button_map = {}
        ages = self.ages.shown([(b[0], b[1]) for b in buttons])
        for (key, label, slot, tip, *enabled), since in zip(buttons, ages, strict=True):
            # a name's "&" stays an "&"
            b = BarButton(no_mnemonic(label), since, self.now)
            b.setEnabled(bool(enabled[0]) if enabled else True)
            b.setToolTip(literal(tip))
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(slot)
            self.buttons.addWidget(b)
            self.button_map[key] = b


class UnitCard(QWidget):
    """The selected piece: what it is, its counters, what it may do and its chances."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        self.text = QLabel()
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.text)
        self.action_box = QVBoxLayout()
        lay.addLayout(self.action_box)
        lay.addStretch(1)
        self.button_map: dict[str, QPushButton] = {}
        self.show_card(None)

    def show_card(self, card: Card | None, colour: str = "#777",
                  actions: Sequence[tuple[str, Callable[[], None]]
                                    | tuple[str, Callable[[], None], str]
                                    | tuple[str, Callable[[], None], str, str]] = (),
                  hint: str = "Drag one of yours to move it.") -> None:
        """`actions`: (key, slot), (key, slot, button label) or (key, slot, label,
        tooltip); the key (the action's notation) only names the button in
        `button_map`, a person never reads it."""
        clear_layout(self.action_box)
        if card is None:
            # what this phase allows (the view's phase_hint), not always "drag"
            self.text.setText(f"<i>Click a unit to see its card. {esc(hint)}</i>")
            return
        rows = "".join(f"<tr><td style='color:#555;padding-right:10px'>{esc(k)}</td>"
                       f"<td><b>{v if isinstance(v, Markup) else esc(v)}</b></td></tr>"
                       for k, v in card.rows)
        may = esc(", ".join(card.may) if card.may else "nothing more this phase")
        chances = "".join(
            f"<tr><td style='color:#555;padding-right:10px'>{esc(k)}</td><td><b>{esc(pct(p))}</b>"
            f" <span style='color:{colour}'>{'█' * round(p * 10)}</span>"
            f"<span style='color:#ccc'>{'█' * (10 - round(p * 10))}</span></td></tr>"
            for k, p in card.chances)
        html = (f"<div style='font-size:14pt;font-weight:bold'>"
                f"<span style='color:{esc(colour)}'>■</span> {esc(card.title)}</div>"
                f"<div style='color:#444'>{esc(card.subtitle)}</div>"
                f"<table style='margin-top:6px'>{rows}</table>"
                f"<div style='margin-top:6px'><b>May still:</b> {may}</div>")
        if chances:
            html += f"<div style='margin-top:6px'><b>Chances</b></div><table>{chances}</table>"
        self.text.setText(html)
        self.button_map = {}
        for entry in actions:
            text, slot = entry[0], entry[1]
            label = entry[2] if len(entry) > 2 else text
            b = QPushButton(no_mnemonic(label))  # a name's "&" stays an "&"
            # the tooltip says what the button does in words (never the notation)
            b.setToolTip(literal(entry[3] if len(entry) > 3 else label))
            self.button_map[text] = b
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(slot)
            self.action_box.addWidget(b)


LOG_COLOURS = {"action": "#1d1d1b", "event": "#333333", "roll": "#6a4c93",
               "phase": "#2b6e4f", "outcome": "#b22222", "summary": "#7a4a00"}


class LogView(QListWidget):
    """Every action, event and roll, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAlternatingRowColors(False)
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self._to_end = True

    def add_lines(self, lines: Sequence[LogLine]) -> None:
        for ln in lines:
            indent = "" if ln.kind in ("action", "phase", "outcome", "summary") else "    "
            it = QListWidgetItem(indent + ln.text)
            it.setForeground(QColor(LOG_COLOURS.get(ln.kind, "#333")))
            if ln.kind in ("action", "outcome"):
                f = it.font()
                f.setBold(True)
                it.setFont(f)
            if ln.kind == "summary":  # the computer's turn in short
                it.setBackground(QColor("#fbf1dc"))
            if ln.kind == "phase":
                it.setBackground(QColor("#e8f0e8"))
            it.setData(Qt.ItemDataRole.UserRole, ln.step)
            self.addItem(it)
        self.scrollToBottom()
        # again once the wrapped lines are laid out (a restored game's whole log
        # arrives before the window is shown, and stopped short of its end)
        self._to_end = True
        QTimer.singleShot(0, self._scroll_to_end)

    def _scroll_to_end(self) -> None:
        if self._to_end:
            self.scrollToBottom()

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        if self._to_end:
            QTimer.singleShot(0, self._scroll_to_end)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        bar = self.verticalScrollBar()
        self._to_end = bar.value() >= bar.maximum()  # the reader scrolled up: stay

    def lines_text(self) -> list[str]:
        return [self.item(i).text().strip() for i in range(self.count())]


class OddsBars(QWidget):
    """Each outcome on its own row: its name, a bar and its chance.

    Rows, not columns, so that every bar names its outcome in words at the
    dock's default width (columns under long names collided, issue 34); a
    name too long for its share of the width is cut with an ellipsis and
    given whole in the row's tooltip."""

    ROW = 22

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: list[tuple[str, float]] = []
        self.colour = QColor("#b22222")
        self.margin: float | None = None
        self.setMinimumHeight(self.ROW * 2)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setMouseTracking(True)

    def set_bars(self, bars: Sequence[tuple[str, float]], colour: QColor,
                 margin: float | None = None) -> None:
        self.bars = list(bars)
        self.colour = colour
        self.margin = margin
        self.setMinimumHeight(self.ROW * max(2, len(self.bars)) + 6)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(280, self.ROW * max(2, len(self.bars)) + 6)

    def label_width(self) -> int:
        """The names' column: as wide as the longest name, at most 55% of the row."""
        fm = self.fontMetrics()
        widest = max((fm.horizontalAdvance(k) for k, _ in self.bars), default=0)
        return min(widest + 12, int(self.width() * 0.55))

    def shown_labels(self) -> list[str]:
        """The names as drawn (cut with an ellipsis when too long for the column)."""
        fm = self.fontMetrics()
        w = self.label_width() - 6
        return [fm.elidedText(k, Qt.TextElideMode.ElideRight, w) for k, _ in self.bars]

    def row_at(self, y: float) -> int | None:
        i = int((y - 3) // self.ROW)
        return i if 0 <= i < len(self.bars) else None

    def mouseMoveEvent(self, event: object) -> None:
        i = self.row_at(event.position().y())  # type: ignore[attr-defined]
        self.setToolTip(literal(f"{self.bars[i][0]}: {pct(self.bars[i][1])}")
                        if i is not None else "")

    def paintEvent(self, event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = self.fontMetrics()
        lw = self.label_width()
        pw = fm.horizontalAdvance("100%") + 8
        span = max(10, self.width() - lw - pw - 4)
        for i, (label, chance) in enumerate(zip(self.shown_labels(), self.bars, strict=True)):
            y = 3 + i * self.ROW
            p.setPen(QColor("#1d1d1b"))
            p.drawText(QRectF(0, y, lw - 6, self.ROW), Qt.AlignmentFlag.AlignRight
                       | Qt.AlignmentFlag.AlignVCenter, label)
            v = float(chance[1])
            bar = QRectF(lw, y + 3, max(1.0, span * v), self.ROW - 6)
            p.setPen(QPen(QColor("#222"), 0.8))
            p.setBrush(self.colour)
            p.drawRect(bar)
            p.setPen(QColor("#1d1d1b"))
            p.drawText(QRectF(bar.right() + 4, y, pw, self.ROW),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, pct(v))
        p.end()


class OddsChart(QWidget):
    """The exact odds of the hovered action: one named bar per outcome.

    It asks for the height its words and bars need at its width (up to
    `MOST`), and they scroll when the dock is shorter still, rather than be
    pressed onto each other (issue 34: the D3 fixed-gun warning lay over the
    last bar at the default dock size)."""

    #: The most height, in pixels, the chart asks of its dock (the card above scrolls).
    MOST = 320

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.body = QWidget()
        self.body.setObjectName("oddsbody")
        self.body.setStyleSheet("#oddsbody { background: transparent; }")
        self.pages = QScrollArea()
        self.pages.setWidgetResizable(True)
        self.pages.setFrameShape(QFrame.Shape.NoFrame)
        self.pages.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pages.setWidget(self.body)
        self.pages.viewport().setAutoFillBackground(False)
        outer.addWidget(self.pages)
        lay = QVBoxLayout(self.body)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)  # ours; names in it are escaped
        self.title.setWordWrap(True)
        self.plot = OddsBars()
        #: A consequence that lasts beyond this action (a D3 gun deploys for good),
        #: said before the player commits.
        self.warning = plain_label()
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color:#8a1c1c; font-weight:bold;")
        self.notes = plain_label()
        self.notes.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(self.plot)
        lay.addWidget(self.warning)
        lay.addWidget(self.notes)
        lay.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.view: Odds | None = None
        self.show_odds(None)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.pages.minimumHeight())

    def show_odds(self, view: Odds | None, colour: str = "#b22222") -> None:
        self.view = view
        if view is None:
            self.title.setText("<i>Hover a target (red dashed outline) to see the exact "
                               "odds before you commit.</i>")
            self.notes.clear()
            self.warning.clear()
            self.warning.hide()
            self.plot.hide()
            self.fit()
            return
        self.plot.show()
        self.title.setText(f"<b>{esc(view.title)}</b>")
        self.plot.set_bars([(k, float(p)) for k, p in view.bars], QColor(colour), view.margin)
        lasting = [n for n in view.notes if n.startswith(LASTING)]
        self.warning.setText(" ".join(n[len(LASTING):] for n in lasting))
        self.warning.setVisible(bool(lasting))
        self.notes.setText(" · ".join(n for n in view.notes if not n.startswith(LASTING)))
        self.fit()

    def fit(self, width: int | None = None) -> None:
        """Ask for the height the chart needs at `width` (its own width now: the
        scroll area fills it, its bar hidden) -- at most MOST."""
        lay = self.body.layout()
        width = self.width() if width is None else width
        need = lay.totalHeightForWidth(width) if lay is not None and lay.hasHeightForWidth() \
            else self.body.sizeHint().height()
        if need != self.pages.minimumHeight():
            self.pages.setMinimumHeight(min(self.MOST, max(need, 0)))
            self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit(event.size().width())  # the words wrap to another height


class StrengthChart(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph is untyped
    """Each side's strength over the turns."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(150)
        # Bottom left: each line starts at its side's full strength, top left, and falls
        # to the right, so the corner under the start is the one the lines leave free.
        self.addLegend(offset=(10, -10))
        self.getAxis("bottom").setLabel("turn")
        # The top tick's number stands half above the plot: room for it, drawn whole.
        self.getPlotItem().setContentsMargins(0, 8, 4, 0)
        self.getAxis("left").setStyle(hideOverlappingLabels=10)
        self.setMouseEnabled(False, False)
        self.hideButtons()
        self.setMenuEnabled(False)

    def show_series(self, label: str, xs: Sequence[float], ys: dict[str, list[float]],
                    colours: dict[str, str], names: dict[str, str]) -> None:
        self.clear()
        self.getAxis("left").setLabel(label)
        for side, values in ys.items():
            c = QColor(colours.get(side, "#555"))
            if c.lightness() > 180:  # a white or pale side still needs a visible line
                c = c.darker(200)
            self.plot(list(xs), values, pen=pg.mkPen(c, width=3), symbol="o", symbolSize=7,
                      symbolBrush=c, name=esc(names.get(side, side)))  # the legend reads markup
        top = max((v for vals in ys.values() for v in vals), default=1.0)
        self.setYRange(0, top * 1.1 + 1)
        last = max([*xs, 1.0])
        self.setXRange(0, last)
        step = 1 if last <= 16 else 2 if last <= 32 else 5
        self.getAxis("bottom").setTickSpacing(major=step, minor=1)  # whole turns
