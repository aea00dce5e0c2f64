"""The Document: one scenario being edited, its undo stack, file and selection.

Tiled's MapDocument is the model.  The scenario is an immutable value; the
only way it changes is a command on the undo stack swapping one value for
another (see commands.py), and every swap emits one `changed` signal carrying
an `edits.changes.Changes` (what changed, by id) so views refresh only that.

Files: saving goes through `desktop.scenario.save`, which reads the text back
first (the editor never writes a file its reader refuses) and writes it whole
or not at all.  While there are unsaved changes an autosave copy is written
every `autosave_interval` ms: beside the file, or in the app's autosave folder
for an untitled file, a read-only folder, or when the first place fails (a
full disk).  The document holds a lock on its autosave (desktop.ui.autosave)
so no other editor offers or deletes it while it runs; it removes the copy on
save, on a clean close and on undoing back to the saved state, so one left
behind means a crash (or "Keep for later"), and `recovery_for()` offers it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.scenario import Scenario, ScenarioError, load
from desktop.scenario import save as save_scenario
from desktop.scenario.atomic import atomic_write_text, remove_stale_temps
from desktop.scenario.edits.changes import Changes, diff
from desktop.scenario.io import checked_dumps
from desktop.ui import autosave as A
from desktop.ui.autosave import AUTOSAVE_SUFFIX, AutosaveLock
from desktop.ui.refusal import refusal_text

__all__ = ["AUTOSAVE_INTERVAL_MS", "AUTOSAVE_SUFFIX", "Document", "autosave_folder"]
#: Autosave every minute while there are unsaved changes.
AUTOSAVE_INTERVAL_MS = 60_000


def autosave_folder() -> Path:
    """Where untitled documents (and files in read-only folders) autosave."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    folder = Path(base or Path.home() / ".volley") / "autosave"
    return folder


class Document(QObject):
    """A scenario under edit.  Views listen to `changed`; tools push commands."""

    #: What changed (an edits.changes.Changes); emitted once per swap of the scenario.
    changed = Signal(object)
    #: The selected ids (a frozenset of str) after a change of selection.
    selectionChanged = Signal(object)
    #: The file path (a Path or None) after Save As or Open.
    pathChanged = Signal(object)
    #: True when there are unsaved changes, False when clean.
    modifiedChanged = Signal(bool)
    #: A plain sentence when autosaving stops working, "" when it works again
    #: (sent once per change, so the person is told once, not every minute).
    autosaveTrouble = Signal(str)

    _untitled_counter = 0

    def __init__(
        self,
        scenario: Scenario,
        path: str | os.PathLike[str] | None = None,
        parent: QObject | None = None,
        *,
        autosave_dir: str | os.PathLike[str] | None = None,
        autosave_interval: int = AUTOSAVE_INTERVAL_MS,
    ) -> None:
        super().__init__(parent)
        self._scenario = scenario
        self._path: Path | None = Path(path) if path is not None else None
        self._selection: frozenset[str] = frozenset()
        self._autosave_dir = Path(autosave_dir) if autosave_dir else None
        Document._untitled_counter += 1
        # (the random part: a later process may get this pid while a crash's file remains)
        self._untitled_name = (f"untitled-{os.getpid()}-{Document._untitled_counter}-"
                               f"{os.urandom(3).hex()}.yaml")
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._dirty_since_autosave = False
        #: The autosave this document wrote or recovered from, and its lock.
        self._autosave: Path | None = None
        self._lock: AutosaveLock | None = None
        #: True while `_autosave` is a recovered file not yet rewritten by this document.
        self._adopted = False
        self._trouble = ""
        self.changed.connect(self._note_dirty)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setInterval(autosave_interval)
        self._autosave_timer.timeout.connect(self.autosave)
        if autosave_interval > 0:
            self._autosave_timer.start()

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)
        if clean:
            # back at the saved state (a save, or undo): a crash now loses nothing
            self._dirty_since_autosave = False
            if not self._adopted:
                self.discard_autosave()

    # --- the value -----------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return self._scenario

    def set_scenario(self, scenario: Scenario, changes: Changes | None = None) -> None:
        """Swap in a new value.  Only commands call this (so undo sees every change)."""
        old = self._scenario
        if scenario is old:
            return
        self._scenario = scenario
        ch = changes if changes is not None else diff(old, scenario)
        self._prune_selection()
        self.changed.emit(ch)

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    # --- selection (not undoable, as in every editor) ----------------------------------

    @property
    def selection(self) -> frozenset[str]:
        return self._selection

    def select(self, ids: Iterable[str]) -> None:
        new = frozenset(ids)
        if new != self._selection:
            self._selection = new
            self.selectionChanged.emit(new)

    def _prune_selection(self) -> None:
        if not self._selection:
            return
        from desktop.scenario.edits.base import all_ids

        alive = self._selection & all_ids(self._scenario)
        if alive != self._selection:
            self._selection = alive
            self.selectionChanged.emit(alive)

    # --- file state ---------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def display_name(self) -> str:
        return self._path.name if self._path else "Untitled"

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the scenario (checked, atomically); the undo stack becomes clean.

        Raises ScenarioError when the reader would refuse the text (nothing is
        written) and OSError when the file cannot be written (the old one stays).
        """
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("an untitled document needs a path to save to")
        save_scenario(self._scenario, target)
        moved = target != self._path
        self._path = target
        self._adopted = False
        self.undo_stack.setClean()
        self._dirty_since_autosave = False
        self.discard_autosave()
        if moved:
            self.pathChanged.emit(target)
        return target

    @classmethod
    def open(cls, path: str | os.PathLike[str], parent: QObject | None = None,
             **kwargs: object) -> Document:
        """Load a file (raises ScenarioError naming the file and line)."""
        doc = cls(load(path), path, parent, **kwargs)  # type: ignore[arg-type]
        with contextlib.suppress(OSError):
            remove_stale_temps(path)  # what a save killed last time left beside it
        return doc

    # --- autosave and recovery -------------------------------------------------------------

    def _note_dirty(self, _changes: object) -> None:
        self._dirty_since_autosave = True

    def _fallback_dir(self) -> Path:
        return Path(self._autosave_dir) if self._autosave_dir else autosave_folder()

    def _candidates(self) -> list[Path]:
        return A.candidates(self._path, self._fallback_dir(), self._untitled_name)

    def autosave_path(self) -> Path:
        """This document's autosave, or where the next one will go first."""
        return self._autosave or self._candidates()[0]

    def autosave(self) -> Path | None:
        """Write a recovery copy if there are changes since the last one.

        The text is checked by the reader first: a scenario the reader would
        refuse is not autosaved (the person is told why).  Each place is tried
        in turn (beside the file, then the autosave folder); the person is told
        once when none works.
        """
        if not self._dirty_since_autosave or not self.modified:
            return None
        try:
            text = checked_dumps(self._scenario, self.display_name)
        except ScenarioError as e:
            why = refusal_text(self._scenario, e).replace("\n", "; ")
            self._tell(f"Not autosaved: the file would not open again. {why.rstrip('.')}.")
            return None
        failures: list[tuple[str, Path]] = []
        for place in self._candidates():
            if self._write_autosave(place, text, failures):
                self._dirty_since_autosave = False
                self._tell("")
                return place
        why = "; ".join(dict.fromkeys(e for e, _ in failures)) or "every place is in use"
        tried = " and ".join(dict.fromkeys(str(folder) for _, folder in failures))
        self._tell(f"Autosave failed: {why}. " + (f"Tried {tried}. " if tried else "")
                   + "Save your work (somewhere with space, if a disk is full).")
        return None

    def _write_autosave(self, place: Path, text: str,
                        failures: list[tuple[str, Path]]) -> bool:
        """Write `place` if it is ours or free; a new place is locked first."""
        lock: AutosaveLock | None = None
        if place != self._autosave:
            lock = AutosaveLock.take(place, self._fallback_dir())
            if lock is None:
                return False  # another running editor's
            if os.path.lexists(place):
                lock.release()
                return False  # left by a crash or kept for later: never overwritten
        try:
            place.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(place, text)
        except OSError as e:
            if lock is not None:
                lock.release()
            failures.append((str(e.strerror or e), place.parent))
            return False
        if lock is not None:
            self.discard_autosave()  # the previous place, if any
            self._autosave, self._lock = place, lock
        self._adopted = False
        return True

    def _tell(self, trouble: str) -> None:
        if trouble != self._trouble:
            self._trouble = trouble
            self.autosaveTrouble.emit(trouble)

    @property
    def autosave_trouble(self) -> str:
        """Why autosaving does not work now ("" when it does)."""
        return self._trouble

    def discard_autosave(self) -> None:
        """Remove this document's own autosave and free its lock (never another's)."""
        if self._autosave is not None:
            with contextlib.suppress(OSError):
                self._autosave.unlink()
        if self._lock is not None:
            self._lock.release()
        self._autosave, self._lock, self._adopted = None, None, False

    def close(self) -> None:
        """The user closed the document on purpose: no recovery copy is needed."""
        self._autosave_timer.stop()
        self.discard_autosave()

    @staticmethod
    def recovery_for(path: str | os.PathLike[str],
                     autosave_dir: str | os.PathLike[str] | None = None) -> Path | None:
        """The newest autosave of `path` that no running editor holds, if any."""
        found = Document.recoveries_for(path, autosave_dir)
        return found[0] if found else None

    @staticmethod
    def recoveries_for(path: str | os.PathLike[str],
                       autosave_dir: str | os.PathLike[str] | None = None) -> list[Path]:
        """Every left-over autosave of `path` (a crash's, or kept for later), newest first."""
        folder = Path(autosave_dir) if autosave_dir else autosave_folder()
        return A.left_over(A.candidates(Path(path), folder, ""), folder)

    @staticmethod
    def discard_left_over(autosave: str | os.PathLike[str],
                          autosave_dir: str | os.PathLike[str] | None = None) -> bool:
        """Delete a left-over autosave the person chose to discard (never a live one)."""
        folder = Path(autosave_dir) if autosave_dir else autosave_folder()
        lock = AutosaveLock.take(Path(autosave), folder)
        if lock is None:
            return False  # a running editor took it over meanwhile
        try:
            Path(autosave).unlink(missing_ok=True)
        except OSError:
            return False
        finally:
            lock.release()  # (which removes its lock file too)
        return True

    @staticmethod
    def untitled_recoveries(autosave_dir: str | os.PathLike[str] | None = None) -> list[Path]:
        """Autosaves of untitled documents whose editor is no longer running, newest first."""
        folder = Path(autosave_dir) if autosave_dir else autosave_folder()
        if not folder.is_dir():
            return []
        return A.left_over(list(folder.glob("untitled-*.yaml")), folder)

    @classmethod
    def recover(cls, autosave: str | os.PathLike[str], path: str | os.PathLike[str] | None,
                parent: QObject | None = None, **kwargs: object) -> Document:
        """A document holding the autosaved scenario, marked modified, for `path`.

        The document takes the autosave over (and its lock): it stays on disk
        until the recovered work is saved, closed on purpose, or autosaved anew.
        """
        from desktop.ui.commands import ReplaceScenario

        autosave = Path(autosave)
        recovered = load(autosave)
        doc = cls(recovered, path, parent, **kwargs)  # type: ignore[arg-type]
        lock = AutosaveLock.take(autosave, doc._fallback_dir())
        if lock is not None:
            doc._autosave, doc._lock, doc._adopted = autosave, lock, True
        if path is not None:
            try:
                original = load(path)
            except (ScenarioError, OSError):
                original = None
            if original is not None:
                doc._scenario = original
                doc.push(ReplaceScenario(doc, recovered, "Recover autosaved changes"))
                return doc
        # untitled: mark modified with an empty, undoable step
        doc.push(ReplaceScenario(doc, recovered, "Recover autosaved changes", force=True))
        return doc
