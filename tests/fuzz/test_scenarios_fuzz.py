"""Issue 15, "Done means", first bullet: mutated scenarios are refused with a file:line
message or they print, draw and play 30 random actions under every ruleset that takes them.

The cases are seeded mutations of every scenario in the repository (tests/fuzz/mutate.py);
the checks are in tests/fuzz/harness.py, shared with ``python -m tests.fuzz.run``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desktop.resources import bundled_scenarios
from desktop.scenario import Problem, Scenario, ScenarioError
from tests.fuzz.harness import CaseFailure, CaseTimeout, check_refusal, run_case, time_limit
from tests.fuzz.mutate import Case, mutate
from tests.fuzz.sources import scenario_sources

CASES_SHARE = 1.0


@pytest.fixture(scope="module")
def draw(qapp: Any) -> dict[str, Callable[[Scenario, Path], None]]:
    from tests.fuzz.drawing import drawers

    return drawers()


def scenario_case(seed: int) -> Case:
    sources = scenario_sources()
    src = sources[seed % len(sources)]
    return mutate(src.read_text(encoding="utf-8"), seed, src.name)


def test_mutated_scenario_is_refused_cleanly_or_works(
        fuzz_seed: int, draw: dict[str, Callable[[Scenario, Path], None]], tmp_path: Path) -> None:
    """Issue 15 fuzz: never a traceback or a hang, whatever was done to the file."""
    run_case(scenario_case(fuzz_seed), tmp_path, draw)


@pytest.mark.parametrize("source", bundled_scenarios(), ids=lambda p: p.name)
def test_each_bundled_scenario_unchanged_prints_draws_and_plays(
        source: Path, draw: dict[str, Callable[[Scenario, Path], None]], tmp_path: Path) -> None:
    """Issue 15 fuzz: the accepted path itself works, under every ruleset it suits."""
    case = Case(0, source.name, ("unchanged",), source.read_bytes())
    outcome = run_case(case, tmp_path, draw)
    assert outcome.accepted
    assert outcome.rulesets_played, outcome.rulesets_refused
    assert (tmp_path / "fuzz0.pdf").stat().st_size > 1000
    assert (tmp_path / "fuzz0-0.png").stat().st_size > 1000  # the table window
    assert (tmp_path / "fuzz0-1.png").stat().st_size > 1000  # the play window


def test_a_seed_makes_the_same_case_every_time() -> None:
    """Issue 15 fuzz: a failure is reproduced from its seed alone."""
    text = scenario_sources()[0].read_text(encoding="utf-8")
    assert mutate(text, 7).data == mutate(text, 7).data
    made = {mutate(text, s).data for s in range(20)}
    assert len(made) >= 15  # seeds give different files


def test_the_cases_cover_every_kind_of_mutation() -> None:
    """Issue 15 fuzz: numbers, strings, lists, keys, bytes, truncation, aliases, nesting."""
    steps = " ".join(" ".join(scenario_case(s).steps) for s in range(300))
    for kind in ("number_swap", "number_nudge", "string_swap", "byte_flip", "truncate",
                 "alias_bomb", "deep_nesting", "line_edit", "insert_junk", "emptied",
                 "dropped", "renamed", "nan", "inf", "edge value 0.05", "table 480 x 480"):
        assert kind in steps, kind


def test_a_refusal_must_name_the_file_and_the_line() -> None:
    """Issue 15 fuzz: the harness itself fails a refusal without file or line."""
    good = ScenarioError([Problem("a.yaml", "bad", path="title", line=2, column=8)])
    assert check_refusal("a.yaml", good) is None
    assert check_refusal("b.yaml", good) is not None
    no_line = ScenarioError([Problem("a.yaml", "bad", path="title")])
    assert check_refusal("a.yaml", no_line) is not None
    no_field_no_line = ScenarioError([Problem("a.yaml", "not valid YAML: found '*'")])
    assert check_refusal("a.yaml", no_field_no_line) is not None
    empty = ScenarioError([Problem("a.yaml", "the file is empty")])
    assert check_refusal("a.yaml", empty) is None


def test_a_traceback_while_reading_fails_the_case(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 fuzz: an exception other than ScenarioError is reported with the seed."""
    import tests.fuzz.harness as harness

    def broken(path: object) -> Scenario:
        raise ValueError("boom")

    monkeypatch.setattr(harness, "load", broken)
    case = Case(42, "x.yaml", ("a step",), b"format_version: 1\n")
    with pytest.raises(CaseFailure, match=r"seed 42 from x\.yaml: a step"):
        run_case(case, tmp_path, None)


def test_a_hang_is_stopped_and_named() -> None:
    """Issue 15 fuzz: a stage that runs too long is cut off, not waited for."""
    start = time.perf_counter()
    with pytest.raises(CaseTimeout, match="spinning"), time_limit(0.2, "spinning"):
        while True:
            pass
    assert time.perf_counter() - start < 2
