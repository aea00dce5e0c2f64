"""Write a whole file or nothing, without changing what the file is.

Saving writes a temp file beside the target, fsyncs it and renames it over
the target, so a crash, a kill or a full disk leaves the old file whole.  A
bare rename would also change what the file *is*: it would replace a
symlink with a regular file, give the file mkstemp's 0600 mode, and split a
hard-linked file from its other names.  So this module writes through
symlinks to their target, gives the new file the old one's mode and owner
(a new file gets the umask's usual mode), and writes a file that has more
than one name in place (see `_write_in_place` for what that costs).  Temp
names stay short whatever the file's name, and temps that a killed save left
behind are removed the next time that file is saved or opened, as are the
backups of killed in-place saves (the newest kept until a save succeeds).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import time
from pathlib import Path

#: Bytes of the file's name kept in a temp name (a legal 255-byte name still fits).
TEMP_NAME_BYTES = 64
#: A temp whose process still runs is left alone unless it is older than this.
STALE_AFTER_S = 600.0
#: A temp in the old format (no process id in its name) is stale after this.
OLD_FORMAT_STALE_AFTER_S = 60.0

_WINDOWS = sys.platform == "win32"


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` as UTF-8 with "\\n" line ends: the whole file or nothing."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` (through symlinks), keeping its mode, owner and links."""
    target = Path(os.path.realpath(path))
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    with contextlib.suppress(OSError):
        remove_stale_temps(target)
    if st is not None and stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        _write_in_place(target, data)
    else:
        _write_and_rename(target, data, st)
    _sync_folder(target.parent)
    with contextlib.suppress(OSError):  # the file is whole again: old copies are not needed
        remove_stale_backups(target, keep_newest=False)


def temp_path(target: Path, kind: str = "tmp") -> Path:
    """`.NAME.PID-RANDOM.tmp` beside `target`, NAME cut to TEMP_NAME_BYTES bytes."""
    return target.parent / f".{_short(target.name)}.{os.getpid()}-{os.urandom(4).hex()}.{kind}"


def remove_stale_temps(target: str | os.PathLike[str], now: float | None = None) -> list[Path]:
    """Delete temps of `target` that a killed save left, and its stale backups
    but the newest (remove_stale_backups); returns what was removed.

    A temp is ours when its name is `.NAME.PID-RANDOM.tmp` (or mkstemp's
    `.NAME.XXXXXXXX.tmp` of earlier versions), and stale when the process
    named in it is gone or it is older than STALE_AFTER_S (old-format
    temps: OLD_FORMAT_STALE_AFTER_S).  Process ids are only checked on this
    machine; a temp on a shared disk written by another machine whose pid
    happens not to run here is removed too, which costs that save its temp
    and nothing else (the rename then fails and the old file stays).
    """
    t = Path(target)
    ours = re.compile(rf"\.{re.escape(_short(t.name))}\.(\d+)-[0-9a-f]{{8}}\.tmp")
    old = re.compile(rf"\.{re.escape(t.name)}\.[a-z0-9_]{{8}}\.tmp")
    now = time.time() if now is None else now
    removed: list[Path] = []
    with os.scandir(t.parent) as entries:
        for e in entries:
            m = ours.fullmatch(e.name)
            if m is None and old.fullmatch(e.name) is None:
                continue
            try:
                age = now - e.stat(follow_symlinks=False).st_mtime
                if not e.is_file(follow_symlinks=False):
                    continue
            except OSError:
                continue
            if m is not None:
                stale = age > STALE_AFTER_S or not _process_runs(int(m.group(1)))
            else:
                stale = age > OLD_FORMAT_STALE_AFTER_S
            if stale:
                with contextlib.suppress(OSError):
                    os.unlink(e.path)
                    removed.append(Path(e.path))
    return removed + remove_stale_backups(t)


def remove_stale_backups(target: str | os.PathLike[str], keep_newest: bool = True) -> list[Path]:
    """Delete `.NAME.PID-RANDOM.bak` copies that saves killed mid-write left
    (issue 37: 64 of them after 150 kills); returns what was removed.

    A backup is stale when the process named in it no longer runs; a running
    save's backup is never touched, whatever its age.  With `keep_newest`
    (at start-up and before a save) the newest stale backup stays, unless it
    holds exactly what the file now holds: if the kill cut the file short, it
    is the good copy.  After a save has written the file whole,
    `keep_newest=False` removes them all.
    """
    t = Path(target)
    ours = re.compile(rf"\.{re.escape(_short(t.name))}\.(\d+)-[0-9a-f]{{8}}\.bak")
    stale: list[tuple[float, Path]] = []
    with os.scandir(t.parent) as entries:
        for e in entries:
            m = ours.fullmatch(e.name)
            if m is None or _process_runs(int(m.group(1))):
                continue
            with contextlib.suppress(OSError):
                if e.is_file(follow_symlinks=False):
                    stale.append((e.stat(follow_symlinks=False).st_mtime, Path(e.path)))
    stale.sort()
    if keep_newest and stale and not _same_bytes(stale[-1][1], t):
        stale.pop()
    removed: list[Path] = []
    for _, path in stale:
        with contextlib.suppress(OSError):
            os.unlink(path)
            removed.append(path)
    return removed


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def _write_and_rename(target: Path, data: bytes, st: os.stat_result | None) -> None:
    """Temp file, fsync, rename: readers see the old file or the new, never half."""
    tmp = temp_path(target)
    # a new file: 0666 less the umask, as any program makes one (mkstemp would give 0600)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(tmp, flags, 0o666 if st is None else 0o600)
    try:
        with open(fd, "wb", closefd=True) as f:
            if st is not None:
                if hasattr(os, "fchown"):  # the owner first: chown clears set-id bits
                    with contextlib.suppress(OSError):
                        os.fchown(f.fileno(), st.st_uid, st.st_gid)
                os.chmod(tmp, stat.S_IMODE(st.st_mode))
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _write_in_place(target: Path, data: bytes) -> None:
    """Overwrite a file that has other names (hard links) without breaking them.

    A rename would give this name a new file and leave the other names on the
    old one, so the file itself is rewritten.  The trade-off: the write is no
    longer atomic for someone reading at that moment, and a crash in the
    middle can leave the file half-written.  To lose nothing, the old bytes
    are first copied to `.NAME.PID-RANDOM.bak` beside it (and fsynced); if the
    write fails they are put back, and the copy is removed once the new text
    is safely on disk.  Only if the program dies during the write does the
    .bak stay behind: it is the old file.  remove_stale_backups keeps the
    newest such copy until the next save has written the file whole.
    """
    old = target.read_bytes()
    backup = temp_path(target, "bak")
    fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o600)
    try:
        with open(fd, "wb", closefd=True) as f:
            f.write(old)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(backup)
        raise
    try:
        _overwrite(target, data)
    except BaseException as failure:
        try:
            _overwrite(target, old)
        except OSError:
            raise OSError(failure.errno if isinstance(failure, OSError) else None,
                          f"{target} was only partly written; its old contents are in "
                          f"{backup}") from failure
        with contextlib.suppress(OSError):
            os.unlink(backup)
        raise
    with contextlib.suppress(OSError):
        os.unlink(backup)


def _overwrite(target: Path, data: bytes) -> None:
    with open(target, "r+b") as f:
        f.write(data)  # over the old blocks first, so a full disk bites as late as possible
        f.truncate()
        f.flush()
        os.fsync(f.fileno())


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def _short(name: str) -> str:
    """`name` cut to at most TEMP_NAME_BYTES bytes of UTF-8 (a cut character is dropped)."""
    raw = name.encode("utf-8", "surrogatepass")
    return name if len(raw) <= TEMP_NAME_BYTES else raw[:TEMP_NAME_BYTES].decode("utf-8", "ignore")


def _process_runs(pid: int) -> bool:
    """Is process `pid` alive on this machine?  (On Windows: assumed so; age decides.)"""
    if _WINDOWS or pid <= 0:
        return True  # os.kill(pid, 0) would end the process there
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: it exists
    return True
