"""Saved files can be shared (issue 20, item 9): scenarios, game records and PDFs are
written with the umask's mode (group/world readable under 022), and saving over a
file keeps the mode it had."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenario
from desktop.rules.record import Record, save_record
from desktop.scenario import load, save
from printouts import PrintOptions, write_pdf

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")

SCENARIO = load(bundled_scenario("d3_crossroads.yaml"))

WRITERS: dict[str, Callable[[Path], object]] = {
    "scenario": lambda p: save(SCENARIO, p),
    "record": lambda p: save_record(Record(scenario=SCENARIO, ruleset="d3", seed=2), p),
    "pdf": lambda p: write_pdf(SCENARIO, p, PrintOptions(sheets=("cards",), ruleset="d3")),
}


@posix_only
@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_new_files_follow_the_umask_and_old_ones_keep_their_mode(kind: str,
                                                                 tmp_path: Path) -> None:
    write = WRITERS[kind]
    target = tmp_path / f"saved.{'pdf' if kind == 'pdf' else 'yaml'}"
    old = os.umask(0o022)
    try:
        write(target)
        assert target.stat().st_mode & 0o777 == 0o644  # rw-r--r--: a club drive can read it
        target.chmod(0o640)
        write(target)
        assert target.stat().st_mode & 0o777 == 0o640  # the owner's choice is kept
    finally:
        os.umask(old)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temp left behind
