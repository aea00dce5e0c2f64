"""The bundled scenario the computer-player tests play for each ruleset."""

from __future__ import annotations

from desktop.resources import bundled_scenarios
from desktop.scenario import Scenario, load


def first_bundled(ruleset_id: str) -> Scenario:
    """The first bundled scenario written for `ruleset_id` (by file name)."""
    for path in bundled_scenarios():
        sc = load(path)
        if sc.ruleset == ruleset_id:
            return sc
    raise AssertionError(f"no bundled scenario for {ruleset_id}")
