"""Games autosave after every action, so a crash or a kill loses nothing.

Each play window keeps one autosave of its game: the game's record (the
record writer, through the atomic save helpers; it holds the computer's
seats too) in `<autosave folder>/games/`, plus a small sidecar with what a
record does not hold (where the game was last saved, its scenario file).
The window holds a lock on its autosave (desktop.ui.autosave, the editor's
locks): an autosave whose lock is free was
left by a crash or a kill, and is offered back when Volley starts.  Closing
the window on purpose (saved, or "Discard") removes it.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from desktop.play.session import Session
from desktop.rules.record import RecordError, dumps, load_record
from desktop.scenario.atomic import atomic_write_text
from desktop.ui import autosave as A
from desktop.ui.autosave import AutosaveLock

#: The sidecar beside each game autosave: the file it was saved to, its scenario file.
META_SUFFIX = ".seats.json"
_counter = 0


def games_folder(base: Path | None = None) -> Path:
    """Where games autosave: beside the editor's autosaves, in `games/`."""
    if base is None:
        from desktop.ui.document import autosave_folder

        base = autosave_folder()
    return Path(base) / "games"


def meta_path(autosave: Path) -> Path:
    return autosave.with_name(autosave.name + META_SUFFIX)


@dataclass
class GameMeta:
    """What a record does not hold: where the game was saved and its scenario file."""

    saved_to: str | None = None
    scenario_path: str | None = None
    title: str = ""

    @classmethod
    def read(cls, autosave: Path) -> GameMeta:
        """The sidecar, or an empty one when it is missing or bad."""
        try:
            data = json.loads(meta_path(autosave).read_text(encoding="utf-8"))
            saved = data.get("saved_to")
            spath = data.get("scenario_path")
            return cls(str(saved) if saved else None, str(spath) if spath else None,
                       str(data.get("title", "")))
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()


def left_over_games(base: Path | None = None) -> list[Path]:
    """Game autosaves no running window holds (a crash's or kept for later), newest first."""
    folder = games_folder(base)
    if not folder.is_dir():
        return []
    return A.left_over(sorted(folder.glob("game-*.yaml")), folder)


def discard_left_over(autosave: Path, base: Path | None = None) -> bool:
    """Delete a left-over game autosave the person chose to discard (never a live one)."""
    folder = games_folder(base)
    lock = AutosaveLock.take(autosave, folder)
    if lock is None:
        return False  # a running window took it over meanwhile
    try:
        autosave.unlink(missing_ok=True)
        meta_path(autosave).unlink(missing_ok=True)
    except OSError:
        return False
    finally:
        lock.release()
    return True


def restore_session(autosave: Path) -> tuple[Session, GameMeta]:
    """The game an autosave holds, replayed, seats and all (RecordError says why not)."""
    record = load_record(autosave)
    meta = GameMeta.read(autosave)
    session = Session.from_record(record, autosave)
    if meta.scenario_path:
        session.setup.scenario_path = Path(meta.scenario_path)
    return session, meta


class GameAutosave:
    """One window's autosave of its game: written after each action, locked while it runs."""

    def __init__(self, base: Path | None = None) -> None:
        self.folder = games_folder(base)
        self.path: Path | None = None
        self._lock: AutosaveLock | None = None
        self._written: tuple[int, int, str] | None = None
        #: Why the last write failed ("" when it worked).
        self.trouble = ""

    def _new_place(self) -> Path | None:
        global _counter
        for _ in range(20):
            _counter += 1
            place = self.folder / f"game-{os.getpid()}-{_counter}.yaml"
            if os.path.lexists(place):
                continue
            lock = AutosaveLock.take(place, self.folder)
            if lock is None:
                continue
            self._lock = lock
            return place
        return None

    def adopt(self, autosave: Path) -> bool:
        """Take over a left-over autosave (a restored game goes on writing it)."""
        lock = AutosaveLock.take(autosave, self.folder)
        if lock is None:
            return False
        self.discard()
        self.path, self._lock = autosave, lock
        return True

    def write(self, session: Session, saved_to: Path | None) -> Path | None:
        """Write the game if it changed since the last write; the autosave's path."""
        key = (id(session), len(session.steps), session.steps[-1].action if session.steps
               else "")
        if key == self._written and self.path is not None:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if self.path is None:
                self.path = self._new_place()
                if self.path is None:
                    self.trouble = "every autosave place is in use"
                    return None
            sp = session.setup.scenario_path
            meta = {"saved_to": str(saved_to) if saved_to else None,
                    "scenario_path": str(sp) if sp else None,
                    "title": session.game.scenario.title}
            atomic_write_text(meta_path(self.path), json.dumps(meta, indent=1))
            atomic_write_text(self.path, dumps(session.record()))
        except (OSError, RecordError) as e:
            self.trouble = f"Autosave failed: {getattr(e, 'strerror', None) or e}"
            return None
        self.trouble = ""
        self._written = key
        return self.path

    def discard(self) -> None:
        """Remove this window's own autosave and free its lock (the game was saved or dropped)."""
        if self.path is not None:
            for p in (self.path, meta_path(self.path)):
                with contextlib.suppress(OSError):
                    p.unlink()
        self.release()

    def release(self) -> None:
        """Free the lock and forget the file, leaving it on disk to be offered again."""
        if self._lock is not None:
            self._lock.release()
        self.path, self._lock, self._written = None, None, None
