"""Random-play conformance for every registered ruleset (tests/rules/conformance.py).

The suite plays CONFORMANCE_GAMES games per ruleset (50 by default, kept fast);
`VOLLEY_SLOW=1 pytest -m slow` or `python -m tests.rules.conformance --games 1000` plays 1,000.
"""

from __future__ import annotations

import os

import pytest

from desktop.rules import registry
from tests.rules import conformance

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "50"))
#: Invariants are checked after every Nth action in the suite (every action
#: from the command line), and always at the end of each game.
CHECK_EVERY = int(os.environ.get("CONFORMANCE_CHECK_EVERY", "3"))


def _with_scenarios() -> list[str]:
    return [rid for rid in registry.ids() if conformance.scenarios_for(rid)]


@pytest.mark.parametrize("ruleset_id", _with_scenarios())
def test_random_play_conformance(ruleset_id: str) -> None:
    results = conformance.run(ruleset_id, GAMES, check_every=CHECK_EVERY)
    assert len(results) == GAMES
    assert all(r.actions > 0 for r in results)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("VOLLEY_SLOW"),
                    reason="set VOLLEY_SLOW=1, or run python -m tests.rules.conformance")
@pytest.mark.parametrize("ruleset_id", _with_scenarios())
def test_random_play_conformance_1000(ruleset_id: str) -> None:
    results = conformance.run(ruleset_id, 1000, check_every=10)
    assert len(results) == 1000
