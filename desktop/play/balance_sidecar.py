"""The last balance report, kept beside its scenario (NAME.balance.json by NAME.yaml).

Importing this is cheap (the editor checks for a kept report at every open);
the report's module, and the rules engine with it, load only when there is one.

The file is the report's own JSON (``Report.to_json``, so ``volley balance
--json`` output reads the same way) with one more key, ``scenario_parts``:
the fingerprint (desktop.scenario.fingerprint) of the scenario the games were
played on.  Reopening the scenario shows the report again and, when the
scenario changed since, says what changed.  Written whole or not at all, with
the save helpers scenarios use.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

from desktop.scenario.atomic import atomic_write_text
from desktop.scenario.filenames import derived_path
from desktop.scenario.fingerprint import changes, fingerprint
from desktop.scenario.model import Scenario
from desktop.scenario.textfile import FileProblem, read_text

if TYPE_CHECKING:  # the report (and with it the rules engine) loads only when one is read
    from desktop.play.balance.report import Report

SUFFIX: Final = ".balance.json"
PARTS_KEY: Final = "scenario_parts"
#: What a report that does not say which scenario it was played on is stale for.
UNKNOWN: Final = "the scenario (this report does not say what it was played on)"


def sidecar_path(scenario_path: str | os.PathLike[str]) -> Path:
    """``maps/farms.yaml`` -> ``maps/farms.balance.json`` (a name too long for the
    disk is cut and ended with a hash: desktop.scenario.filenames)."""
    return derived_path(scenario_path, SUFFIX)


@dataclass(frozen=True)
class Kept:
    """A report read back, and what changed in the scenario since it was made."""

    report: Report
    #: The fingerprint of the scenario the games were played on ({} if unknown).
    parts: dict[str, str]
    #: The parts of the scenario changed since, in words; empty: still current.
    changed: tuple[str, ...] = ()
    #: The file it is kept in (None: not kept yet, the scenario has no file).
    path: Path | None = None

    @classmethod
    def fresh(cls, report: Report, scenario: Scenario, path: Path | None = None) -> Kept:
        """A report just made from games on `scenario`."""
        return cls(report, fingerprint(scenario), (), path)

    def against(self, scenario: Scenario) -> Kept:
        """The same report, checked against `scenario` as it is now."""
        if not self.parts:
            return replace(self, changed=(UNKNOWN,))
        return replace(self, changed=tuple(changes(self.parts, scenario)))

    @property
    def stale(self) -> bool:
        return bool(self.changed)

    def why_stale(self) -> str:
        """One sentence for a person ("" when current)."""
        if not self.changed:
            return ""
        what = _join(list(self.changed))
        return f"The scenario changed since these games were played: {what}."


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def write_kept(kept: Kept, scenario_path: str | os.PathLike[str]) -> Kept:
    """Keep the report beside the scenario's file; returns it with its new place."""
    data = kept.report.to_json()
    data[PARTS_KEY] = dict(kept.parts)
    path = sidecar_path(scenario_path)
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return replace(kept, path=path)


class KeptProblem(ValueError):
    """A kept report that is there but cannot be read: the message says why and where."""


def read_kept(scenario_path: str | os.PathLike[str], scenario: Scenario) -> Kept | None:
    """The report kept beside `scenario_path` (None if there is none).

    Raises KeptProblem, naming the file, for one that cannot be read.
    """
    path = sidecar_path(scenario_path)
    if not path.exists():
        return None
    from desktop.play.balance.report import Report

    try:
        text = read_text(path)
    except FileProblem as e:
        raise KeptProblem(f"{path.name}: {e.message}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise KeptProblem(f"{path.name}: not a balance report (line {e.lineno}: {e.msg})"
                          ) from None
    if not isinstance(data, dict):
        raise KeptProblem(f"{path.name}: not a balance report")
    raw = data.get(PARTS_KEY)
    try:
        report = Report.from_json(data)
    except (ValueError, TypeError) as e:
        raise KeptProblem(f"{path.name}: {e}") from None
    parts = ({str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {})
    return Kept(report, parts, (), path).against(scenario)
