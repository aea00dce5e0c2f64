"""Issue 15, "Done means", first bullet, for game records: a mutated record is refused with
a message that starts with its file name, or it replays, plays on and saves again.

Records are seeded mutations of tests/rules/golden/*.yaml (their scenario paths made
absolute, so the mutated copies in a temporary folder still find their scenarios).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.harness import run_record_case
from tests.fuzz.mutate import Case, mutate
from tests.fuzz.sources import record_sources

CASES_SHARE = 0.5


def record_case(seed: int) -> Case:
    sources = record_sources()
    name, text = sources[seed % len(sources)]
    return mutate(text, seed, name)


def test_mutated_record_is_refused_cleanly_or_replays(fuzz_seed: int, tmp_path: Path) -> None:
    """Issue 15 fuzz: never a traceback or a hang from `volley replay`'s code path."""
    run_record_case(record_case(fuzz_seed), tmp_path)


@pytest.mark.parametrize("name,text", record_sources(), ids=lambda v: str(v)[:40])
def test_each_golden_record_unchanged_replays(name: str, text: str, tmp_path: Path) -> None:
    """Issue 15 fuzz: the accepted path itself works for every golden record."""
    outcome = run_record_case(Case(0, name, ("unchanged",), text.encode()), tmp_path)
    assert outcome.accepted, outcome.refusal


def test_a_fault_behind_a_clean_record_error_is_still_found() -> None:
    """Issue 15 fuzz: the records code wraps any exception; the fuzz test looks behind it."""
    from desktop.rules.record import Record, RecordError, step_error
    from tests.fuzz.harness import hidden_fault

    record = Record(scenario=None, ruleset="d3", options={}, seed=0)  # type: ignore[arg-type]
    fault = step_error(record, 3, "x", ZeroDivisionError("in a ruleset"))
    assert "a fault in Volley" in str(fault)  # what the person reads
    assert isinstance(hidden_fault(fault), ZeroDivisionError)  # what the test sees
    assert hidden_fault(RecordError("r.yaml: action 3 'x' is illegal")) is None
