"""Scenarios for the printout tests: a small hand-written one and big generated ones."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from desktop.scenario import Scenario, load, loads
from tests.printouts.fixtures import DATA, big_yaml


@pytest.fixture(scope="session")
def mill() -> Scenario:
    return load(DATA / "mill_ridge.yaml")


@pytest.fixture(scope="session")
def big() -> Scenario:
    return loads(big_yaml(), "big.yaml")


def render_pages(pdf: Path, out_dir: Path, dpi: int = 20) -> list[Path]:
    """Render every page to a greyscale PGM with pdftoppm."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        pytest.skip("pdftoppm is not installed")
    subprocess.run([exe, "-gray", "-r", str(dpi), str(pdf), str(out_dir / "p")], check=True,
                   capture_output=True)
    return sorted(out_dir.glob("p-*.pgm"))


def ink_fraction(pgm: Path) -> float:
    """Share of pixels darker than near-white in a binary PGM (P5)."""
    data = pgm.read_bytes()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5"
    w, h, maxval = int(parts[1]), int(parts[2]), int(parts[3])
    pixels = parts[4][: w * h] if maxval < 256 else parts[4][: w * h * 2 : 2]
    dark = sum(1 for b in pixels if b < 235)
    return dark / max(1, w * h)
