"""Read a user's text file without trusting it: regular files only, of sane size.

Scenario and record files come from anywhere. `/dev/zero` would be read
forever, a FIFO would block the program until someone writes to it, and a
gigabyte of text would be parsed before anything is said. Both loaders read
through here so each of those gets one clear sentence instead.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

#: The largest file Volley reads as a scenario or record. The biggest scenario
#: any ruleset supports is well under 1 MB; 16 MB leaves room for long games.
MAX_TEXT_BYTES = 16 * 1024 * 1024


@dataclass
class FileProblem(Exception):
    """Why a file could not be read as text; `line`/`column` are 1-based where known."""

    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        return self.message


def position_of(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of character `index` in `text`."""
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def read_text(path: str | os.PathLike[str], limit: int = MAX_TEXT_BYTES) -> str:
    """The file's UTF-8 text, or FileProblem saying plainly why not."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileProblem("no such file") from None
    except IsADirectoryError:
        raise FileProblem("this is a folder, not a file Volley can open") from None
    except OSError as e:
        raise FileProblem(f"cannot be read: {e.strerror or e}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem("this is a folder, not a file Volley can open")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("this is not a regular file (a device, pipe or socket?)")
        if info.st_size > limit:
            raise FileProblem(
                f"is {info.st_size / 1e6:.1f} MB; Volley reads files of at most "
                f"{limit / 1e6:.0f} MB"
            )
        chunks: list[bytes] = []
        total = 0
        while True:  # the file may grow while it is read: stop at the limit all the same
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise FileProblem(f"is larger than {limit / 1e6:.0f} MB")
            chunks.append(chunk)
    except OSError as e:
        raise FileProblem(f"cannot be read: {e.strerror or e}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem("is UTF-16 text; Volley reads UTF-8 (save it again as UTF-8)", 1, 1)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        good = raw[: e.start].decode("utf-8", errors="replace")
        line, column = position_of(good, len(good))
        raise FileProblem(
            "is not UTF-8 text (is it really the right kind of file?)", line, column
        ) from None
