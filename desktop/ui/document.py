"""The Document: one scenario being edited, its undo stack, file and selection.

Tiled's MapDocument is the model.  The scenario is an immutable value; the
only way it changes is a command on the undo stack swapping one value for
another (see commands.py), and every swap emits one `changed` signal carrying
an `edits.Changes` (what changed, by id) so views refresh only that.

Files: saving goes through `desktop.scenario.save` (temp file, fsync,
rename).  While there are unsaved changes an autosave copy is written beside
the file (or in the app's data folder for an untitled or read-only one) every
`autosave_interval` ms; it is removed on save and on a clean close, so one
left behind means a crash, and `recovery_for()` offers it back.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.scenario import Scenario, dumps, load
from desktop.scenario import save as save_scenario
from desktop.scenario.edits import Changes, diff
from desktop.scenario.io import atomic_write_text

AUTOSAVE_SUFFIX = ".autosave"
#: Autosave every minute while there are unsaved changes.
AUTOSAVE_INTERVAL_MS = 60_000


def autosave_folder() -> Path:
    """Where untitled documents (and files in read-only folders) autosave."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    folder = Path(base or Path.home() / ".volley") / "autosave"
    return folder


class Document(QObject):
    """A scenario under edit.  Views listen to `changed`; tools push commands."""

    #: What changed (an edits.Changes); emitted once per swap of the scenario.
    changed = Signal(object)
    #: The selected ids (a frozenset of str) after a change of selection.
    selectionChanged = Signal(object)
    #: The file path (a Path or None) after Save As or Open.
    pathChanged = Signal(object)
    #: True when there are unsaved changes, False when clean.
    modifiedChanged = Signal(bool)

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
        self._untitled_name = f"untitled-{os.getpid()}-{Document._untitled_counter}.yaml"
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._dirty_since_autosave = False
        self.changed.connect(self._note_dirty)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setInterval(autosave_interval)
        self._autosave_timer.timeout.connect(self.autosave)
        if autosave_interval > 0:
            self._autosave_timer.start()

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

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

    def select(self, ids: object) -> None:
        new = frozenset(ids)  # type: ignore[arg-type]
        if new != self._selection:
            self._selection = new
            self.selectionChanged.emit(new)

    def _prune_selection(self) -> None:
        if not self._selection:
            return
        from desktop.scenario.edits import all_ids

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
        """Write the scenario (atomically); the undo stack becomes clean."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("an untitled document needs a path to save to")
        old_autosave = self.autosave_path()
        save_scenario(self._scenario, target)
        moved = target != self._path
        self._path = target
        self.undo_stack.setClean()
        self._dirty_since_autosave = False
        self.discard_autosave(old_autosave)
        self.discard_autosave()
        if moved:
            self.pathChanged.emit(target)
        return target

    @classmethod
    def open(cls, path: str | os.PathLike[str], parent: QObject | None = None,
             **kwargs: object) -> Document:
        """Load a file (raises ScenarioError naming the file and line)."""
        return cls(load(path), path, parent, **kwargs)  # type: ignore[arg-type]

    # --- autosave and recovery -------------------------------------------------------------

    def _note_dirty(self, _changes: object) -> None:
        self._dirty_since_autosave = True

    def _fallback_dir(self) -> Path:
        return self._autosave_dir or autosave_folder()

    def autosave_path(self) -> Path:
        """Beside the file when its folder is writable, else in the autosave folder."""
        if self._path is not None:
            folder = self._path.parent
            if os.access(folder, os.W_OK):
                return folder / f".{self._path.name}{AUTOSAVE_SUFFIX}"
            return self._fallback_dir() / f"{self._path.name}{AUTOSAVE_SUFFIX}"
        return self._fallback_dir() / self._untitled_name

    def autosave(self) -> Path | None:
        """Write a recovery copy if there are changes since the last one."""
        if not self._dirty_since_autosave or not self.modified:
            return None
        target = self.autosave_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, dumps(self._scenario))
        except OSError:
            return None
        self._dirty_since_autosave = False
        return target

    def discard_autosave(self, path: Path | None = None) -> None:
        with contextlib.suppress(OSError):
            (path or self.autosave_path()).unlink()

    def close(self) -> None:
        """The user closed the document on purpose: no recovery copy is needed."""
        self._autosave_timer.stop()
        self.discard_autosave()

    @staticmethod
    def recovery_for(path: str | os.PathLike[str],
                     autosave_dir: str | os.PathLike[str] | None = None) -> Path | None:
        """An autosave copy of `path` newer than the file itself, if a crash left one."""
        p = Path(path)
        candidates = [p.parent / f".{p.name}{AUTOSAVE_SUFFIX}",
                      Path(autosave_dir or autosave_folder()) / f"{p.name}{AUTOSAVE_SUFFIX}"]
        try:
            mtime = p.stat().st_mtime
        except OSError:
            mtime = 0.0
        for c in candidates:
            with contextlib.suppress(OSError):
                if c.stat().st_mtime >= mtime:
                    return c
        return None

    @staticmethod
    def untitled_recoveries(autosave_dir: str | os.PathLike[str] | None = None) -> list[Path]:
        """Autosaves of untitled documents left by a program that did not close cleanly."""
        folder = Path(autosave_dir or autosave_folder())
        if not folder.is_dir():
            return []
        live = f"untitled-{os.getpid()}-"
        return sorted(
            (p for p in folder.glob("untitled-*.yaml") if not p.name.startswith(live)),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )

    @classmethod
    def recover(cls, autosave: str | os.PathLike[str], path: str | os.PathLike[str] | None,
                parent: QObject | None = None, **kwargs: object) -> Document:
        """A document holding the autosaved scenario, marked modified, for `path`."""
        from desktop.ui.commands import ReplaceScenario

        recovered = load(autosave)
        doc = cls(recovered, path, parent, **kwargs)  # type: ignore[arg-type]
        if path is not None:
            try:
                original = load(path)
            except Exception:
                original = None
            if original is not None:
                doc._scenario = original
                doc.push(ReplaceScenario(doc, recovered, "Recover autosaved changes"))
                return doc
        # untitled: mark modified with an empty, undoable step
        doc.push(ReplaceScenario(doc, recovered, "Recover autosaved changes", force=True))
        doc._recovered_from = Path(autosave)
        return doc

    def age_of_autosave(self) -> float | None:
        with contextlib.suppress(OSError):
            return time.time() - self.autosave_path().stat().st_mtime
        return None
