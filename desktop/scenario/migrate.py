"""Carry files written in older format versions forward to the current one.

Each step takes the raw data of version N and returns version N+1, so an old
file passes through every step in turn before the reader sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.scenario.model import FORMAT_VERSION

Migration = Callable[[dict[str, Any]], dict[str, Any]]

def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 adds an optional ``start`` to each unit; a version 1 unit
    starts fresh, which is what a missing ``start`` means, so nothing changes
    but the version number (set by `migrate`)."""
    return data


#: version N -> function producing version N+1.  Version 1 is the first format.
MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2}


class MigrationError(ValueError):
    pass


def migrate(data: dict[str, Any], version: int) -> dict[str, Any]:
    if version > FORMAT_VERSION:
        raise MigrationError(
            f"format_version {version} was written by a newer Volley; "
            f"this one reads up to {FORMAT_VERSION}"
        )
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationError(f"no way to read format_version {version}")
        data = step(data)
        version += 1
        data["format_version"] = version
    return data
