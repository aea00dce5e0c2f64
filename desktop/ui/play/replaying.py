"""The play window's records: save, open, replay step by step, and the end.

A part the play window owns (``window.records``).  Saving writes the
game's record (desktop.rules.record); opening replays it; replaying shows
the game after any number of actions, forward and back.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QByteArray, QStandardPaths, Qt, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from desktop.play.log import dice_of
from desktop.play.session import Session
from desktop.rules.engine import RulesError
from desktop.rules.record import RecordError, load_record, save_record
from desktop.rules.view import purpose_words
from desktop.ui.plaintext import literal
from desktop.ui.play.host import PlayHost


class Records:
    """Game ▸ Save, Open, Replay; the victory dialog."""

    def __init__(self, window: PlayHost) -> None:
        self.w = window
        self._layout: QByteArray | None = None

    def choose_save(self) -> bool:
        """Ask where, then save; False when cancelled or the file could not be written."""
        if self.w.session is None:
            return False
        name, _ = QFileDialog.getSaveFileName(self.w.window(), "Save game",
                                              str(self.suggested_path()),
                                              "Volley games (*.yaml)")
        return self.save_game(Path(name)) if name else False

    def suggested_path(self) -> Path:
        """Where Save game first offers to write: the file the game came from or was
        last saved to; otherwise the player's documents folder, named after the
        scenario and the turn ("Windmill Ridge, turn 4.yaml")."""
        if self.w.path is not None:
            return Path(self.w.path)
        s = self.w.session
        assert s is not None
        docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        folder = Path(docs) if docs else Path.home()
        title = _file_safe(s.game.scenario.title) or "Volley game"
        return folder / f"{title}, turn {s.game.turn}.yaml"

    def save_game(self, path: Path) -> bool:
        assert self.w.session is not None
        try:
            save_record(self.w.session.record(path), path)
        except OSError as e:
            QMessageBox.warning(self.w.window(), "The game was not saved",
                                literal(f"{path}: {e.strerror or e}"))
            return False
        self.w.path = path
        self.w.keeping.mark_saved()
        self.w.message(f"Saved {path.name} ({len(self.w.session.steps)} actions)")
        return True

    def choose_open(self) -> None:
        if not self.w.keeping.may_drop_game():
            return
        name, _ = QFileDialog.getOpenFileName(self.w.window(), "Open game", "",
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
                QMessageBox.warning(self.w.window(), "Cannot open the game", literal(str(e)))
            return False
        except RulesError as e:  # an unknown ruleset, a scenario too large for it
            QMessageBox.warning(self.w.window(), "Cannot open the game", literal(str(e)))
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
                          "that was saved.", parent=self.w.window())
        box.setTextFormat(Qt.TextFormat.PlainText)
        anyway = box.addButton("Open anyway", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is anyway

    def enter_replay(self) -> None:
        if self.w.session is None:
            return
        self.w.dragging.clear()
        if self.w.replay_at is None:  # the docks as they were, for leaving replay
            self._layout = self.w.saveState()
        self.replay_to(0)
        self.fit_soon()

    def fit_soon(self) -> None:
        """Fit the table once the phase bar's new buttons are laid out (they change its width)."""
        self.w.view.fit_table()
        QTimer.singleShot(1, self.w.view.fit_table)  # (after the docks are back)

    def show_live_dice(self) -> None:
        """The tray as the game stands: the last action's dice (or what was rolled before it)."""
        w, s = self.w, self.w.session
        if s is None:
            return
        for step in reversed(s.steps):
            dice = dice_of(step, w.namer)
            if dice:
                said = step.said or w.namer(step.action)
                faces = ", ".join(s.play_view.die_face(k, v, why) or f"{v}" for k, v, why in dice)
                w.dice.set_dice(dice, f"{said}: {faces}")
                return
        # Dice only: a coin toss is told in words in the log, not drawn as a die.
        opening = [(d.kind, d.value, purpose_words(d.purpose, w.namer))
                   for d in s.game.chance.log[:8] if isinstance(d.value, int) and d.kind != "coin"]
        w.dice.set_dice(opening, "Rolled before the first action" if opening
                        else "No dice rolled yet.")

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
        """Back to the game as it stands: table, log and dice tray at the live position."""
        self.w.replay_at = None
        self.w.replay_game = None
        self.w.log.clearSelection()
        self.w.log.setCurrentRow(-1)
        self.w.log.scrollToBottom()
        self.show_live_dice()
        self.w.message("")
        self.w.refresh()
        layout, self._layout = self._layout, None
        if layout is not None:  # the replay buttons may have squeezed the docks
            self.w.restoreState(layout)
            QTimer.singleShot(0, lambda: self.w.restoreState(layout))  # once laid out anew
        self.fit_soon()

    def resume_from_replay(self) -> None:
        s, n = self.w.session, self.w.replay_at
        if s is None or n is None:
            return
        rec = s.record()
        rec.actions = rec.actions[:n]
        new = Session.from_record(rec)
        new.setup.seats = dict(s.setup.seats)
        new.setup.scenario_path = s.setup.scenario_path
        self.w.load_session(new, saved=False)

    def announce_victory(self) -> QDialog | None:
        """The end-of-battle dialog (desktop.ui.play.end_dialog), once per game."""
        from desktop.ui.play.end_dialog import EndDialog

        s = self.w.session
        if s is None or s.game.outcome is None:
            return None
        d = EndDialog(self.w)
        d.show()
        self.w.victory_dialog = d
        return d


def _file_safe(text: str) -> str:
    """`text` as a file name on every system: no separators, reserved or control
    characters, no leading or trailing dots and spaces, at most 80 characters."""
    out = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f]+', "-", text)
    return out.strip(" .-")[:80].strip(" .-")
