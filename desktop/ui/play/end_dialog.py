"""The end of the battle: the result in words, the strength chart, and the ways on.

Replay, Save record…, Rematch (same sides or swapped), New game… and Close:
the end is a place to go on from, not a dead end (issue 20).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from desktop.play.levels import Computer
from desktop.play.session import Session, Setup, series_by_turn
from desktop.rules.view_capabilities import FiguresView
from desktop.scenario import ScenarioError, load
from desktop.scenario.model import Scenario
from desktop.scenario.wording import side_does
from desktop.ui.plaintext import esc, no_mnemonic
from desktop.ui.play.host import PlayHost
from desktop.ui.play.panels import StrengthChart


def result_words(s: Session) -> str:
    """Who won, how and on which turn, in one sentence."""
    out = s.game.outcome
    if out is None:
        return "The battle goes on."
    reason = s.play_view.names_in(out.reason).rstrip(".")
    if out.winner is None:
        # Some referees end their reason with the verdict ("...: a draw"); say it once.
        for tail in (": a draw", " - a draw", " — a draw", ", a draw"):
            if reason.lower().endswith(tail):
                reason = reason[: -len(tail)]
        return f"A draw on turn {s.game.turn}: {reason}."
    return f"{s.side_name(out.winner)} won on turn {s.game.turn}: {reason}."


def swapped_seats(setup: Setup) -> dict[str, Computer]:
    """Each side takes the seat of the side before it (two sides: they swap); a side
    left out is played by a person."""
    sides = [x.id for x in setup.scenario.sides]
    if len(sides) < 2:
        return dict(setup.seats)
    return {side: setup.seats[sides[i - 1]] for i, side in enumerate(sides)
            if sides[i - 1] in setup.seats}


def original_scenario(setup: Setup) -> Scenario:
    """The scenario as written (before this game's deployment), if its file still reads."""
    if setup.scenario_path is not None:
        try:
            return load(setup.scenario_path)
        except (ScenarioError, OSError):
            pass
    return setup.scenario


def rematch_setup(setup: Setup, swap: bool) -> Setup:
    """The same battle again with new dice (the next seed), sides kept or swapped."""
    seats = swapped_seats(setup) if swap else dict(setup.seats)
    return replace(setup, scenario=original_scenario(setup), seed=setup.seed + 1,
                   seats=seats, dice=[], cards=[], options=dict(setup.options))


class EndDialog(QDialog):
    """Shown once when the engine declares the outcome."""

    def __init__(self, window: PlayHost) -> None:
        super().__init__(window.window())
        self.w = window
        s = window.session
        assert s is not None and s.game.outcome is not None
        out = s.game.outcome
        self.setWindowTitle("The battle is over")
        lay = QVBoxLayout(self)
        who = side_does(s.side_name(out.winner), "wins", s.side_plural(out.winner)) \
            if out.winner else "A draw"
        self.result_text = result_words(s)
        title = QLabel(f"<h2 style='color:{window.side_colour(out.winner, ink=True)}'>"
                       f"{esc(who)}</h2><p>{esc(self.result_text)}</p>")
        title.setTextFormat(Qt.TextFormat.RichText)  # ours; names in it are escaped
        title.setWordWrap(True)
        lay.addWidget(title)
        left = s.play_view.units_left()
        label, strength = s.play_view.strength()
        start = s.series[0].values
        rows = "".join(
            f"<tr><td><b>{esc(x.name)}</b></td><td>{left.get(x.id, 0)} "
            f"{'figures' if isinstance(s.play_view, FiguresView) else 'units'} left</td>"
            f"<td>{strength.get(x.id, 0):g} of {start.get(x.id, 0):g} {esc(label)}</td></tr>"
            for x in s.game.scenario.sides)
        summary = QLabel(f"<p>After {s.game.turn} turns and {len(s.steps)} actions:</p>"
                         f"<table cellpadding=4>{rows}</table>")
        summary.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(summary)
        self.chart = StrengthChart()
        xs, ys = series_by_turn(s.series)
        sc = s.game.scenario
        self.chart.show_series(label, xs, ys, {x.id: x.colour for x in sc.sides},
                               {x.id: x.name for x in sc.sides})
        lay.addWidget(self.chart, 1)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for key, text, slot, tip in (
                ("replay", "Replay", self.replay, "Step through the battle from the start"),
                ("save", "Save record…", self.save, "Save the game's record to a file"),
                ("rematch", "Rematch", lambda: self.rematch(False),
                 "The same battle again, the same sides, new dice"),
                ("swap", "Rematch (sides swapped)", lambda: self.rematch(True),
                 "The same battle again with the sides' players swapped"),
                ("new", "New game…", self.new_game, "Choose a ruleset, options and players"),
                ("close", "Close", self.close, "Look at the table; the game can still be "
                 "saved and replayed")):
            b = QPushButton(no_mnemonic(text))
            b.setToolTip(tip)
            b.clicked.connect(slot)
            row.addWidget(b)
            self.buttons[key] = b
        self.buttons["close"].setDefault(True)
        lay.addLayout(row)
        self.resize(720, 520)

    def replay(self) -> None:
        self.close()
        self.w.records.enter_replay()

    def save(self) -> None:
        if self.w.records.choose_save():
            self.buttons["save"].setText("Saved ✓")

    def rematch(self, swap: bool) -> None:
        s = self.w.session
        if s is None or not self.w.keeping.may_drop_game():
            return
        self.close()
        self.w.path = None
        self.w.start(rematch_setup(s.setup, swap))

    def new_game(self) -> None:
        from desktop.ui.play.start_dialog import StartDialog

        s = self.w.session
        if s is None or not self.w.keeping.may_drop_game():
            return
        scenario = original_scenario(s.setup)
        dlg = StartDialog(scenario, self.w.window(), s.setup.ruleset, s.setup.seed + 1)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        setup = dlg.setup()
        setup.scenario_path = s.setup.scenario_path
        self.close()
        self.w.path = None
        if dlg.deploy.isChecked():
            self.w.keeping.autosave.discard()  # the finished game was saved or let go
            self.w.begin_deployment(setup)
        else:
            self.w.start(setup)
