"""Fingerprints that tell a whole, unchanged record from a cut or re-based one.

A record ends with ``end: {actions: N, sha256: ...}``: a file cut short by a
full disk or an interrupted copy loses that last line, so the cut is seen
instead of replayed as a shorter (or, cut mid-number, a different) game. A
record that names its scenario by path also stores the scenario's
fingerprint, because editing the scenario file afterwards would replay a
different battle from the same actions.

Both hashes are of canonical JSON (sorted keys, no spaces) of the data, not of
the bytes: re-indenting, re-quoting or commenting a file changes nothing a
game depends on, so it must not make a record unreadable.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from desktop.scenario import Scenario
from desktop.scenario.writer import scenario_to_data

#: The record format this Volley writes. Version 1 records (no ``record_format``
#: key, no end line) are still read, with a warning that a cut cannot be seen.
RECORD_FORMAT = 2

#: The key of the closing line and the key of the scenario's fingerprint.
END_KEY = "end"
SCENARIO_HASH_KEY = "scenario_sha256"


def canonical(data: Any) -> bytes:
    """The data as canonical JSON bytes; TypeError/ValueError if it has no such form."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=True).encode("utf-8")


def content_hash(body: Mapping[str, Any]) -> str | None:
    """SHA-256 of a record's data without its end line; None if it cannot be hashed
    (a mapping key that is not a name, for instance)."""
    try:
        return hashlib.sha256(canonical({k: v for k, v in body.items() if k != END_KEY}))\
            .hexdigest()
    except (TypeError, ValueError, RecursionError):
        return None


def scenario_hash(scenario: Scenario) -> str:
    """SHA-256 of the scenario as Volley reads it: what the game was played on.

    The data is hashed under the oldest format version that can say it: a
    scenario whose units all start fresh hashes as format 1, as it did before
    format 2 added ``start``, so a game saved then still matches its scenario
    (a new format number is not a different battle)."""
    data = scenario_to_data(scenario)
    if not any(u.start for _s, u in scenario.all_units()):
        data["format_version"] = 1
    return hashlib.sha256(canonical(data)).hexdigest()


def end_line(actions: int, digest: str) -> str:
    return f"{END_KEY}: {{actions: {actions}, sha256: {digest}}}\n"
