"""The play window's records: save, open, replay step by step, and the end.

A part the play window owns (``window.records``).  Saving writes the
game's record (desktop.rules.record); opening replays it; replaying shows
the game after any number of actions, forward and back.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel, QMessageBox, QVBoxLayout

from desktop.play.log import dice_of
from desktop.play.session import Session, series_by_turn
from desktop.rules.engine import RulesError
from desktop.rules.record import RecordError, load_record, save_record
from desktop.ui.plaintext import esc, literal
from desktop.ui.play.panels import StrengthChart

if TYPE_CHECKING:
    from desktop.ui.play.window import PlayWindow


class Records:
    """Game ▸ Save, Open, Replay; the victory dialog."""

    def __init__(self, window: PlayWindow) -> None:
        self.w = window

    def choose_save(self) -> None:
        if self.w.session is None:
            return
        name, _ = QFileDialog.getSaveFileName(self.w, "Save game", str(self.w.path or ""),
                                              "Volley games (*.yaml)")
        if name:
            self.save_game(Path(name))

    def save_game(self, path: Path) -> None:
        assert self.w.session is not None
        save_record(self.w.session.record(path), path)
        self.w.path = path
        self.w.message(f"Saved {path.name} ({len(self.w.session.steps)} actions)")

    def choose_open(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.w, "Open game", "",
                                              "Volley games (*.yaml);;All files (*)")
        if name:
            self.open_game(Path(name))

    def open_game(self, path: Path, force: bool = False) -> bool:
        try:
            record = load_record(path, force=force)
            session = Session.from_record(record, path)
        except RecordError as e:  # a bad or cut file, a changed scenario, an illegal action
            if e.can_force and self.ask_open_anyway(str(e)):
                return self.open_game(path, force=True)
            if not e.can_force:
                QMessageBox.warning(self.w, "Cannot open the game", literal(str(e)))
            return False
        except RulesError as e:  # an unknown ruleset, a scenario too large for it
            QMessageBox.warning(self.w, "Cannot open the game", literal(str(e)))
            return False
        self.w.path = path
        self.w.load_session(session)
        note = f"Opened {path.name}: {len(session.steps)} actions replayed"
        if record.warnings:  # e.g. an edited or old record: said, not hidden
            note += " · " + " · ".join(record.warnings)
        self.w.message(note)
        return True

    def ask_open_anyway(self, why: str) -> bool:
        """A cut record or a changed scenario may still be worth seeing: the person decides."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Open the game anyway?",
                          why + "\n\nOpened anyway, the game may differ from the one "
                          "that was saved.", parent=self.w)
        box.setTextFormat(Qt.TextFormat.PlainText)
        anyway = box.addButton("Open anyway", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is anyway

    def enter_replay(self) -> None:
        if self.w.session is None:
            return
        self.w._clear_move()
        self.replay_to(0)

    def replay_to(self, n: int) -> None:
        s = self.w.session
        if s is None:
            return
        n = max(0, min(n, len(s.steps)))
        self.w.replay_at = n
        self.w.replay_game = s.replay_game(n)
        self.w.selected = None
        dice = dice_of(s.steps[n - 1], self.w.namer) if n > 0 else []
        said = (s.steps[n - 1].said or self.w.namer(s.steps[n - 1].action)) if n else ""
        self.w.dice.set_dice(dice, f"step {n}: {said}" if n else "the start")
        if n > 0:
            self.w.message(self.w.namer(" · ".join(e.text for e in s.steps[n - 1].events[-2:]))
                         or said)
            for i in range(self.w.log.count()):
                it = self.w.log.item(i)
                if it.data(Qt.ItemDataRole.UserRole) == n - 1:
                    self.w.log.setCurrentItem(it)
                    self.w.log.scrollToItem(it)
                    break
        self.w.refresh()

    def replay_step(self, delta: int) -> None:
        if self.w.replay_at is not None:
            self.replay_to(self.w.replay_at + delta)

    def leave_replay(self) -> None:
        self.w.replay_at = None
        self.w.replay_game = None
        self.w.refresh()

    def resume_from_replay(self) -> None:
        s, n = self.w.session, self.w.replay_at
        if s is None or n is None:
            return
        rec = s.record()
        rec.actions = rec.actions[:n]
        new = Session.from_record(rec)
        new.setup.seats = dict(s.setup.seats)
        new.setup.scenario_path = s.setup.scenario_path
        self.w.load_session(new)

    def announce_victory(self) -> QDialog | None:
        s = self.w.session
        if s is None or s.game.outcome is None:
            return None
        out = s.game.outcome
        d = QDialog(self.w)
        d.setWindowTitle("The battle is over")
        lay = QVBoxLayout(d)
        who = f"{s.side_name(out.winner)} wins" if out.winner else "A draw"
        title = QLabel(f"<h2 style='color:{self.w.side_colour(out.winner, ink=True)}'>{esc(who)}"
                       f"</h2><p>{esc(out.reason)}</p>")
        title.setTextFormat(Qt.TextFormat.RichText)  # ours; names in it are escaped
        title.setWordWrap(True)
        lay.addWidget(title)
        left = s.play_view.units_left()
        label, strength = s.play_view.strength()
        start = s.series[0].values
        rows = "".join(
            f"<tr><td><b>{esc(x.name)}</b></td><td>{left.get(x.id, 0)} "
            f"{'figures' if s.play_view.individual else 'units'}</td>"
            f"<td>{strength.get(x.id, 0):g} of {start.get(x.id, 0):g} {label}</td></tr>"
            for x in s.game.scenario.sides)
        summary = QLabel(f"<p>After {s.game.turn} turns and {len(s.steps)} actions:</p>"
                         f"<table cellpadding=4>{rows}</table>")
        summary.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(summary)
        chart = StrengthChart()
        xs, ys = series_by_turn(s.series)
        sc = s.game.scenario
        chart.show_series(label, xs, ys, {x.id: x.colour for x in sc.sides},
                          {x.id: x.name for x in sc.sides})
        lay.addWidget(chart)
        d.resize(520, 460)
        d.show()
        self.w.victory_dialog = d
        return d
