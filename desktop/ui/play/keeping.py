"""Nothing lost: the play window's unsaved game, its autosave, and the close prompt.

A part the play window owns (``window.keeping``).  The game is *unsaved*
when its actions differ from those last saved (or opened); every change is
autosaved (desktop.ui.play.game_autosave), and closing an unsaved game asks
Save / Discard / Cancel.  At start-up
:func:`desktop.ui.play.launch.offer_left_over_games` offers back the games a
crash or a kill left (asking with :func:`ask_restore`), as the editor offers
scenarios.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.rules.engine import RulesError
from desktop.rules.record import RecordError
from desktop.ui.editor import recovery
from desktop.ui.plaintext import literal
from desktop.ui.play.game_autosave import (
    GameAutosave,
    GameMeta,
    restore_session,
)
from desktop.ui.play.host import PlayHost

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
#: Seconds between two autosave writes while actions come fast (the computer's).
MIN_GAP_S = 1.0


def someone_to_ask() -> bool:
    """False on the offscreen platform (screenshots, tests): a modal box would wait forever."""
    return QGuiApplication.platformName() != "offscreen"


class Keeping:
    """Tracks what is saved, autosaves what is not, and asks before anything is lost."""

    def __init__(self, window: PlayHost, autosave_dir: Path | None = None) -> None:
        self.w = window
        self.autosave = GameAutosave(autosave_dir)
        #: The actions as last saved or opened (None: never saved, e.g. a restored game).
        self.saved: tuple[str, ...] | None = ()
        #: The last close went ahead with nobody to ask (offscreen): nothing was dropped.
        self.unasked = False
        self._last_write = -MIN_GAP_S
        self._pending = False
        #: The window has closed: nothing more is written (a late timer or computer
        #: action must not leave a new autosave behind).
        self.closed = False

    def actions(self) -> tuple[str, ...]:
        s = self.w.session
        return tuple(st.action for st in s.steps) if s is not None else ()

    @property
    def unsaved(self) -> bool:
        """Are there actions since the game was last saved (or opened, or started)?"""
        s = self.w.session
        return s is not None and bool(s.steps or self.saved) and self.actions() != self.saved

    def mark_saved(self) -> None:
        self.saved = self.actions()
        self.autosave.discard()

    def mark_unsaved(self) -> None:
        self.saved = None

    def changed(self) -> Path | None:
        """After each refresh: autosave an unsaved game; drop the autosave of a saved one.

        A person's actions are seconds apart and each is written at once; when the
        computer plays fast, writes wait until MIN_GAP_S after the last (a write of a
        long game costs tens of milliseconds)."""
        s = self.w.session
        if self.closed:
            return None
        if s is None or not self.unsaved:
            if self.autosave.path is not None:
                self.autosave.discard()
            return None
        wait = MIN_GAP_S - (time.monotonic() - self._last_write)
        if wait > 0:
            if not self._pending:
                self._pending = True
                QTimer.singleShot(int(wait * 1000) + 1, self.flush)
            return None
        return self.flush()

    def flush(self) -> Path | None:
        """Write the autosave now if the game is unsaved and changed since the last write."""
        self._pending = False
        s = self.w.session
        if s is None or not self.unsaved or self.closed:
            return None
        self._last_write = time.monotonic()
        written = self.autosave.write(s, self.w.path)
        if self.autosave.trouble:
            self.w.message(self.autosave.trouble, error=True)
        return written

    # --- closing ------------------------------------------------------------------------

    def ask_save_changes(self) -> str:
        """SAVE, DISCARD or CANCEL (the window's `ask_save_changes` may be replaced)."""
        s = self.w.session
        title = s.game.scenario.title if s is not None else "this game"
        box = QMessageBox(self.w.window())
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved game")
        box.setTextFormat(Qt.TextFormat.PlainText)  # the scenario's title, shown as it is
        n = len(s.steps) if s is not None else 0
        box.setText(f"Save the game of {title} ({n} actions) before closing?")
        box.setInformativeText("The actions since it was last saved will be lost if you "
                               "don't save them.")
        box.setStandardButtons(QMessageBox.StandardButton.Save
                               | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: SAVE,
                QMessageBox.StandardButton.Discard: DISCARD}.get(
            QMessageBox.StandardButton(answer), CANCEL)

    def may_drop_game(self) -> bool:
        """Before the game is closed or replaced: True if nothing unsaved will be lost."""
        self.unasked = False
        if not self.unsaved:
            return True
        if not someone_to_ask() and "ask_save_changes" not in vars(self.w):
            self.unasked = True  # nobody can answer: the autosave stays on disk
            return True
        answer = self.w.ask_save_changes()
        if answer == SAVE:
            return self.w.records.choose_save()
        return answer == DISCARD

    def closing(self) -> bool:
        """The window is closing: False keeps it open (Cancel, or a save not made)."""
        if not self.may_drop_game():
            return False
        if self.unasked:
            self.flush()
            self.autosave.release()  # kept: offered again at the next start
        else:
            self.autosave.discard()
        self.closed = True
        return True

    # --- restoring ----------------------------------------------------------------------

    def restore(self, autosave: Path) -> bool:
        """Load a left-over autosave into this window and go on writing it."""
        try:
            session, meta = restore_session(autosave)
        except (RecordError, RulesError) as e:
            QMessageBox.warning(self.w.window(), "Cannot restore the game", literal(str(e)))
            return False
        self.w.load_session(session, saved=False)
        self.w.path = Path(meta.saved_to) if meta.saved_to else None
        self.autosave.adopt(autosave)
        self.autosave.write(session, self.w.path)
        self.w.message(f"Restored the game of {session.game.scenario.title}: "
                       f"{len(session.steps)} actions")
        return True


def describe(autosave: Path) -> tuple[str, str]:
    """(headline, details) for the restore prompt, in plain sentences."""
    import time

    meta = GameMeta.read(autosave)
    try:
        written = time.strftime("%d %b %Y at %H:%M", time.localtime(autosave.stat().st_mtime))
    except OSError:
        written = "an unknown date"
    title = f"“{meta.title}”" if meta.title else "a battle"
    head = (f"Volley found a game of {title} that was never saved, last played on "
            f"{written}. The program may have closed unexpectedly.")
    details = ("Restore opens the game where it stopped. Keep for later leaves it on disk "
               "and asks again next time. Discard deletes it.\n\n"
               f"The autosave is {autosave}")
    return head, details


def ask_restore(parent: QWidget | None, autosave: Path) -> str:
    """RESTORE (recovery.RECOVER), KEEP or DISCARD; closing the box keeps the file."""
    head, details = describe(autosave)
    return recovery.ask_left_over(parent, "Restore an unsaved game?", head, details, "Restore")

