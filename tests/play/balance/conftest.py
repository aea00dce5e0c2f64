"""A tiny batch for the balance tests: Recruit on the bundled Crossroads, a few games."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.play.balance.batch import Batch
from desktop.play.levels import Level
from desktop.resources import bundled_scenarios
from desktop.scenario import load
from desktop.scenario.model import Scenario

GAMES = 4


@pytest.fixture(scope="session")
def crossroads_path() -> Path:
    return next(p for p in bundled_scenarios() if p.name == "d3_crossroads.yaml")


@pytest.fixture(scope="session")
def crossroads(crossroads_path: Path) -> Scenario:
    return load(crossroads_path)


@pytest.fixture(scope="session")
def tiny_batch(crossroads: Scenario) -> Batch:
    return Batch(crossroads, "d3", (Level.RECRUIT,), seed=5)
