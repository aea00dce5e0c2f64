"""The files the fuzz cases are made from: every scenario and game record in the repository."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from desktop.resources import bundled_scenarios

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tests" / "rules"


def scenario_sources() -> list[Path]:
    """The bundled scenarios, then the test scenarios (the showcase has every terrain type)."""
    extra = [*sorted((RULES / "data").glob("*.yaml")),
             *sorted((RULES / "golden" / "scenarios").glob("*.yaml")),
             ROOT / "tests" / "ui" / "data" / "showcase.yaml"]
    return [*bundled_scenarios(), *extra]


_SCENARIO_PATH = re.compile(r"^scenario: (\S+\.ya?ml)\s*$", re.MULTILINE)


def _absolute(base: Path) -> Callable[[re.Match[str]], str]:
    return lambda m: f"scenario: {(base / m.group(1)).resolve()}"


def record_sources() -> list[tuple[str, str]]:
    """(name, text) of every golden record, its scenario path made absolute.

    A mutated record is written to a temporary folder; an absolute path keeps
    it pointing at the scenario it was made with.
    """
    out: list[tuple[str, str]] = []
    for path in sorted((RULES / "golden").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        out.append((path.name, _SCENARIO_PATH.sub(_absolute(path.parent), text)))
    return out
