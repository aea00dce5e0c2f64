"""Where autosaves go, and which of them belong to an editor that is still running.

An autosave file is either live (a running editor writes it every minute) or
left over (its editor crashed, or the person chose "Keep for later").  Only
left-over ones may be offered back or deleted, so every editor holds a lock
on each autosave it writes: an flock (on Windows a byte-range lock) on a small
file in `<autosave folder>/locks/`, named by a hash of the autosave's full
path.  The operating system drops the lock when the process ends, however it
ends, so a crashed editor's autosave is never mistaken for a live one and a
reused process id cannot fool it.  The lock file holds the owner's pid, start
time and autosave path, for a person who looks.

This module knows nothing of Qt, so it can be tested and reused headless.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from desktop.scenario.filenames import derived_path

AUTOSAVE_SUFFIX = ".autosave"
#: How many extra fallback names one file may use (when others are kept for later).
EXTRA_SLOTS = 4
#: Bytes of a file name kept in a fallback autosave's name (the hash keeps it unique).
NAME_BYTES = 96
_STARTED = time.time()
_POSIX = sys.platform != "win32"


def path_hash(path: Path) -> str:
    """12 hex digits of the full path, so equal names in different folders differ."""
    full = os.path.abspath(path)
    return hashlib.sha256(os.fsencode(full)).hexdigest()[:12]


def beside(path: Path) -> Path:
    """The hidden autosave next to the file: `.battle.yaml.autosave`."""
    return derived_path(path, AUTOSAVE_SUFFIX, prefix=".", keep_suffix=True)


def fallback_names(path: Path, folder: Path) -> list[Path]:
    """Autosave names for `path` in the app's folder: `battle.yaml-<hash>[-2…].autosave`."""
    stem = f"{_cut(path.name)}-{path_hash(path)}"
    return [folder / f"{stem}{AUTOSAVE_SUFFIX}"] + [
        folder / f"{stem}-{n}{AUTOSAVE_SUFFIX}" for n in range(2, EXTRA_SLOTS + 2)]


def candidates(path: Path | None, folder: Path, untitled_name: str) -> list[Path]:
    """Where a document's autosave may go, best first: beside the file, then the folder."""
    if path is None:
        return [folder / untitled_name]
    return [beside(path), *fallback_names(path, folder)]


def lock_folder(folder: Path) -> Path:
    return folder / "locks"


def lock_path(autosave: Path, folder: Path) -> Path:
    return lock_folder(folder) / f"{path_hash(autosave)}.lock"


class AutosaveLock:
    """A held lock on one autosave path; `release()` (or the process ending) frees it."""

    def __init__(self, autosave: Path, lock_file: Path | None, fd: int | None) -> None:
        self.autosave = autosave
        self._file = lock_file
        self._fd = fd

    @classmethod
    def take(cls, autosave: Path, folder: Path) -> AutosaveLock | None:
        """The lock, or None when a running editor holds it.

        When no lock can be made at all (the app's folder is not writable),
        an empty lock is returned: autosaving unlocked beats not autosaving.
        """
        lf = lock_path(autosave, folder)
        for _ in range(5):
            try:
                lf.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(lf, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return cls(autosave, None, None)
            if not _try_lock(fd, exclusive=True):
                os.close(fd)
                return None
            # its last holder may have removed the file between our open and our lock
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(lf))
            except OSError:
                same = False
            if same:
                with contextlib.suppress(OSError):
                    info = f"{os.getpid()}\n{_STARTED:.0f}\n{autosave}\n".encode()
                    os.ftruncate(fd, 0)
                    os.write(fd, info)
                return cls(autosave, lf, fd)
            os.close(fd)
        return None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        if self._file is not None and _POSIX:
            with contextlib.suppress(OSError):
                os.unlink(self._file)  # while still locked, so no one else is using it
        with contextlib.suppress(OSError):
            os.close(self._fd)
        self._fd = None


def is_live(autosave: Path, folder: Path) -> bool:
    """Does a running editor (this one included) hold `autosave`'s lock?"""
    try:
        fd = os.open(lock_path(autosave, folder), os.O_RDONLY if _POSIX else os.O_RDWR)
    except OSError:
        return False
    try:
        return not _try_lock(fd, exclusive=False)
    finally:
        os.close(fd)


def left_over(paths: Iterator[Path] | list[Path], folder: Path) -> list[Path]:
    """The existing autosaves among `paths` that no running editor holds, newest first."""
    found: list[tuple[float, Path]] = []
    for p in paths:
        try:
            mtime = p.stat().st_mtime
        except OSError:
            continue
        if not is_live(p, folder):
            found.append((mtime, p))
    return [p for _, p in sorted(found, key=lambda x: -x[0])]


def _try_lock(fd: int, *, exclusive: bool) -> bool:
    """Lock `fd` without waiting; False if another open file holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            return False
        if not exclusive:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        return True
    try:
        fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True  # a file system without locks: treat as free
    if not exclusive:
        fcntl.flock(fd, fcntl.LOCK_UN)
    return True


def _cut(name: str) -> str:
    raw = name.encode("utf-8", "surrogatepass")
    return name if len(raw) <= NAME_BYTES else raw[:NAME_BYTES].decode("utf-8", "ignore")
