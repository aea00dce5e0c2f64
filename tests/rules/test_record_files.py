"""A record, or the scenario it names, is read only from a regular file of sane size.

Issue 15, "Records": `scenario: /dev/zero` read without bound and a FIFO hung
`volley replay`.  Both the record and its scenario go through
desktop/scenario/textfile.read_text.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from desktop.rules.record import RecordError, load_record
from tests.rules.record_helpers import write

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def refused_within(seconds: float, path: Path) -> str:
    """Load `path` in a thread so a hang fails the test instead of stalling it."""
    result: list[BaseException | None] = []

    def run() -> None:
        try:
            load_record(path)
            result.append(None)
        except BaseException as e:  # handed to the test below
            result.append(e)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert result, f"loading {path} still runs after {seconds} s"
    error = result[0]
    assert isinstance(error, RecordError), repr(error)
    return str(error)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_scenario_path_to_dev_zero_is_refused(tmp_path: Path) -> None:
    record = write(tmp_path, "zero.yaml", "scenario: /dev/zero\nruleset: d3\n")
    message = refused_within(10, record)
    assert message.startswith(f"{record}:1:11: the scenario /dev/zero has problems")
    assert "not a regular file" in message


@needs_fifo
def test_a_scenario_path_to_a_fifo_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    record = write(tmp_path, "pipe-game.yaml", "scenario: pipe.yaml\nruleset: d3\n")
    message = refused_within(10, record)
    assert "pipe.yaml: this is not a regular file" in message


@needs_fifo
def test_a_record_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "game.yaml")
    message = refused_within(10, tmp_path / "game.yaml")
    assert message.startswith(f"{tmp_path / 'game.yaml'}: this is not a regular file")


def test_a_scenario_path_to_a_folder_is_refused(tmp_path: Path) -> None:
    record = write(tmp_path, "dir.yaml", "scenario: .\nruleset: d3\n")
    assert "this is a folder" in refused_within(10, record)


def test_a_missing_scenario_is_named(tmp_path: Path) -> None:
    record = write(tmp_path, "gone.yaml", "scenario: nowhere.yaml\nruleset: d3\n")
    assert "nowhere.yaml: no such file" in refused_within(10, record)
