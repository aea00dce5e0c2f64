"""The victory panel: each side's victory conditions in words with their live state.

It draws what the ruleset's view reports (``PlayView.victory()``, built by the
referee's own judge in desktop.rules.victory); it holds no rule.  Every word
from the scenario (side, objective and place names) is shown in plain-text
labels, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.rules.victory import Goal, VictoryState
from desktop.scenario.wording import side_does
from desktop.ui.plaintext import plain_label
from desktop.ui.play.panels import clear_layout

#: The mark before a condition: met and deciding now, met, not yet.
MARKS = {"deciding": "★", "met": "✓", "open": "○"}
MARK_COLOURS = {"deciding": "#b8860b", "met": "#2e7d32", "open": "#8a8a8a"}


def _swatch(colour: str, size: int = 12) -> QFrame:
    s = QFrame()
    s.setFixedSize(size, size)
    s.setStyleSheet(f"background: {colour}; border: 1px solid #444;")
    return s


def _bold(label: QLabel, points: float | None = None) -> QLabel:
    f = QFont(label.font())
    f.setBold(True)
    if points is not None:
        f.setPointSizeF(points)
    label.setFont(f)
    return label


def _wrapping(text: str, style: str = "") -> QLabel:
    label = plain_label(text)
    label.setWordWrap(True)
    if style:
        label.setStyleSheet(style)
    return label


class VictoryPanel(QScrollArea):
    """Turn N of M, what would decide the game now, the objectives and who holds
    them, and each side's conditions with where each stands."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._body = QWidget()
        self._body.setObjectName("victorybody")
        self._body.setStyleSheet("#victorybody { background: #fbf8f0; }")
        self._lay = QVBoxLayout(self._body)
        self._lay.setContentsMargins(8, 4, 8, 4)
        self._lay.setSpacing(2)
        self.setWidget(self._body)
        self.state: VictoryState | None = None
        #: The words shown, line by line (for tests and the accessibility tree).
        self.lines: list[str] = []
        self._shown: object = None
        self.show_state(None, lambda s: "#888", str)

    def show_note(self, text: str) -> None:
        """A sentence instead of the state (no game yet: the deployment)."""
        self.state = None
        self._shown = None
        clear_layout(self._lay)
        self.lines = []
        self._add(_wrapping(text, "color: #555;"), text)
        self._lay.addStretch(1)

    def _add(self, w: QWidget, text: str) -> None:
        self._lay.addWidget(w)
        self.lines.append(text)

    def show_state(self, state: VictoryState | None, colour: Callable[[str | None], str],
                   name: Callable[[str], str], sides: list[str] | None = None,
                   plural: Callable[[str], bool | None] | None = None) -> None:
        """Show `state`; `colour(side)` is a side's colour (ink on paper), `name(side)`
        its name; `sides` the order of the sides (the scenario's); `plural(side)`
        whether its scenario says its name takes a plural verb (None: a guess)."""
        number = plural or (lambda _side: None)
        key = (state, tuple(sides or ()),
               tuple((s, colour(s), name(s), number(s)) for s in sides or ()))
        if state is not None and key == self._shown:
            return  # nothing changed (most refreshes: a selection, a hover)
        self._shown = key
        self.state = state
        clear_layout(self._lay)
        self.lines = []
        if state is None:
            self._add(_wrapping("No victory conditions to show.", "color: #666;"),
                      "No victory conditions to show.")
            self._lay.addStretch(1)
            return
        # Turn N of M, and the turns left
        # (the turn bold, what is left plain: one line at the dock's width)
        turn = state.turn_words()
        tail = ""
        if state.last_turn is not None and not state.over:
            left = state.turns_left or 0
            tail = " · last turn" if left == 0 else (
                f" · {left} more turn{'s' if left != 1 else ''} after this")
        turn_row = QWidget()
        row = QHBoxLayout(turn_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(_bold(plain_label(turn), 11))
        if tail:
            rest = _wrapping(tail)
            f = QFont(rest.font())
            f.setPointSizeF(11)
            rest.setFont(f)
            row.addWidget(rest, 1)
        else:
            row.addStretch(1)
        self._add(turn_row, turn + tail)
        # what would decide the game now
        box = QFrame()
        box.setObjectName("verdict")
        ink = colour(state.verdict_winner) if state.verdict_winner else "#777777"
        box.setStyleSheet(f"#verdict {{ background: #fff; border: 1px solid #d8cfb8;"
                          f" border-left: 5px solid {ink}; }}")
        bl = QVBoxLayout(box)
        bl.setContentsMargins(8, 4, 6, 4)
        bl.setSpacing(1)
        head = "Game over" if state.over else "If the battle ended now"
        bl.addWidget(_wrapping(head, "color: #6b5a2e; font-size: 8pt;"))
        verdict = _bold(_wrapping(state.verdict))
        bl.addWidget(verdict)
        self._add(box, f"{head}: {state.verdict}")
        # the objectives and who holds them
        if state.objectives:
            self._add(self._heading("Objectives"), "Objectives")
            grid = QGridLayout()
            grid.setContentsMargins(0, 0, 0, 0)
            grid.setHorizontalSpacing(6)
            grid.setVerticalSpacing(1)
            for r, o in enumerate(state.objectives):
                star = plain_label("★")
                star.setStyleSheet(f"color: {colour(o.holder) if o.holder else '#c9a227'};")
                grid.addWidget(star, r, 0)
                grid.addWidget(_wrapping(o.name), r, 1)
                who = name(o.holder) if o.holder else "nobody"
                # the holder on one line (a side's name is short); the objective's
                # name wraps if the two do not fit
                held = plain_label(who)
                held.setStyleSheet(f"color: {colour(o.holder)};" if o.holder
                                   else "color: #888; font-style: italic;")
                held.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
                grid.addWidget(held, r, 2)
                self.lines.append(f"{o.name}: {who}")
            grid.setColumnStretch(1, 1)
            holder = QWidget()
            holder.setLayout(grid)
            self._lay.addWidget(holder)
        # each side's conditions
        order = sides or list(dict.fromkeys(g.side for g in state.goals))
        for side in order:
            goals = state.goals_of(side)
            if not goals:
                continue
            row = QHBoxLayout()
            row.setSpacing(6)
            row.addWidget(_swatch(colour(side)))
            wins_by = f"{side_does(name(side), 'wins', number(side))} by"
            title = _bold(_wrapping(wins_by))
            row.addWidget(title, 1)
            w = QWidget()
            w.setLayout(row)
            row.setContentsMargins(0, 4, 0, 0)
            self._add(w, wins_by)
            for g in goals:
                self._goal(g)
        # The turn limit's sentence, unless a side's "Hold out until the last turn
        # ends" line already says who it gives the game to.
        if state.limit_text and not any(g.fallback for g in state.goals):
            self._add(_wrapping(state.limit_text, "color: #555; margin-top: 4px;"),
                      state.limit_text)
        self._lay.addStretch(1)

    def _heading(self, text: str) -> QLabel:
        label = _bold(_wrapping(text, "color: #6b5a2e; margin-top: 4px;"))
        return label

    def _goal(self, g: Goal) -> None:
        key = "deciding" if g.deciding else "met" if g.met else "open"
        w = QWidget()
        grid = QGridLayout(w)
        grid.setContentsMargins(4, 0, 0, 2)
        grid.setHorizontalSpacing(5)
        grid.setVerticalSpacing(0)
        mark = plain_label(MARKS[key])
        mark.setStyleSheet(f"color: {MARK_COLOURS[key]}; font-weight: bold;")
        mark.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        mark.setFixedWidth(14)
        grid.addWidget(mark, 0, 0)
        text = _wrapping(g.text)
        if g.deciding:
            _bold(text)
        grid.addWidget(text, 0, 1)
        detail = f"{g.progress} · {g.when}" if g.when else g.progress
        grid.addWidget(_wrapping(detail, "color: #5a5a5a; font-size: 8pt;"), 1, 1)
        grid.setColumnStretch(1, 1)
        if g.deciding:
            w.setObjectName("deciding")
            w.setStyleSheet("#deciding { background: #fff3c4; border-radius: 3px; }")
        tip = {"deciding": "Met: this would decide the game if it ended now",
               "met": "Met as the table stands", "open": "Not met yet"}[key]
        w.setToolTip(tip)
        self._add(w, f"{MARKS[key]} {g.text} — {detail}")

