"""Reading a user's file: only regular files of sane size, bad bytes by line:column."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop.scenario.textfile import FileProblem, position_of, read_text


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem, match="not a regular file"):
        read_text(fifo)


def test_a_device_is_refused_instead_of_read_forever() -> None:
    with pytest.raises(FileProblem, match="not a regular file"):
        read_text("/dev/zero")


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "big.yaml"
    p.write_bytes(b"x" * 2001)
    with pytest.raises(FileProblem, match="at most"):
        read_text(p, limit=2000)
    p.write_bytes(b"x" * 2000)
    assert read_text(p, limit=2000) == "x" * 2000


def test_bad_bytes_are_placed_by_line_and_column(tmp_path: Path) -> None:
    p = tmp_path / "bad.yaml"
    p.write_bytes(b"title: \xc3\xa9\nname: ab\xff")
    with pytest.raises(FileProblem) as e:
        read_text(p)
    assert (e.value.line, e.value.column) == (2, 9)


def test_position_of_counts_from_one() -> None:
    assert position_of("ab\ncd", 0) == (1, 1)
    assert position_of("ab\ncd", 4) == (2, 2)
