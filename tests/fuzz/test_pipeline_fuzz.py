"""Issue 37, "One fuzz harness for the whole pipeline": seeded mutants of the bundled
scenarios; what `volley validate` accepts goes through info, print, the screenshots,
a short game and a 2-game balance, each under a time limit, and any traceback, hang
or late refusal fails the case (tests/fuzz/pipeline.py).

The suite runs a share of the fuzz cases (quick: about a minute); the long mode and
its figures are in docs/benchmarks.md ("Pipeline fuzz").
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from desktop.resources import bundled_scenarios
from desktop.scenario import dumps, load
from tests.fuzz.harness import CaseFailure
from tests.fuzz.mutate import Case
from tests.fuzz.pipeline import Drawer, run_pipeline
from tests.fuzz.run import scenario_case

#: Share of --fuzz-cases (default 200) run here: 60 mutants, about 8 of them accepted.
CASES_SHARE = 0.3


@pytest.fixture(scope="module")
def draw(qapp: Any) -> dict[str, Drawer]:
    from tests.fuzz.pipeline import pipeline_drawers

    return pipeline_drawers()


def test_what_validate_accepts_every_command_handles(
        fuzz_seed: int, draw: dict[str, Drawer], tmp_path: Path) -> None:
    """Issue 37: no accepted mutant fails later: no traceback, hang or late refusal."""
    run_pipeline(scenario_case(fuzz_seed), tmp_path, draw)


@pytest.mark.parametrize("source", bundled_scenarios()[:3], ids=lambda p: p.name)
def test_a_bundled_scenario_goes_through_every_stage(
        source: Path, draw: dict[str, Drawer], tmp_path: Path) -> None:
    case = Case(0, source.name, ("unchanged",), source.read_bytes())
    outcome = run_pipeline(case, tmp_path, draw)
    assert outcome.accepted and len(outcome.stages) == 6, outcome.stages


def test_a_refusal_validate_missed_fails_as_failing_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness itself: with validate made to accept everything, the Mayhem option
    of the wrong type (the issue's `melee_loser: 31`) is caught by a later stage."""
    import tests.fuzz.pipeline as pipeline

    source = next(p for p in bundled_scenarios() if p.name.startswith("mayhem"))
    s = dataclasses.replace(load(source), ruleset_options={"mayhem": {"melee_loser": 31}})
    case = Case(7, source.name, ("melee_loser: 31",), dumps(s).encode())
    assert not pipeline.run_pipeline(case, tmp_path, None).accepted  # validate refuses it
    monkeypatch.setattr(pipeline, "validation", lambda scenario: ([], []))
    with pytest.raises(CaseFailure, match="accepted by validate under mayhem"):
        pipeline.run_pipeline(case, tmp_path, None)
