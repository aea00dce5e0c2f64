"""Names of files derived from a scenario's name, kept within what a disk allows.

A scenario may be called anything up to the file system's 255 bytes; the files
Volley makes beside it (its balance report, its PDF, its autosave) add to the
name and could pass that limit (issue 37: `volley edit` on a 248-byte name
failed with "File name too long").  A derived name that would be too long
keeps the start of the scenario's name and ends with a short hash of the whole
name, so it stays unique and recognisable.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Final

#: The longest file name (bytes) common file systems take (ext4, APFS, NTFS in UTF-16 units).
MAX_NAME_BYTES: Final = 255
#: Hex digits of the hash that ends a shortened name.
HASH_DIGITS: Final = 12


def derived_name(stem: str, suffix: str, prefix: str = "") -> str:
    """`prefix + stem + suffix`, its stem cut and ended with a hash when the whole
    would pass MAX_NAME_BYTES (`battle...-1a2b3c4d5e6f.balance.json`)."""
    whole = f"{prefix}{stem}{suffix}"
    if len(os.fsencode(whole)) <= MAX_NAME_BYTES:
        return whole
    tag = "-" + hashlib.sha256(os.fsencode(stem)).hexdigest()[:HASH_DIGITS]
    room = MAX_NAME_BYTES - len(os.fsencode(f"{prefix}{tag}{suffix}"))
    cut = os.fsencode(stem)[:max(room, 0)].decode("utf-8", "ignore")
    return f"{prefix}{cut}{tag}{suffix}"


def derived_path(path: str | os.PathLike[str], suffix: str, prefix: str = "",
                 keep_suffix: bool = False) -> Path:
    """The file beside `path` named from it: its stem (its whole name if
    `keep_suffix`) with `suffix` after and `prefix` before, cut to fit."""
    p = Path(path)
    stem = p.name if keep_suffix else p.stem
    return p.with_name(derived_name(stem, suffix, prefix))
