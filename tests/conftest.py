"""Shared test setup: Qt renders offscreen, and bundled files are easy to reach."""

from __future__ import annotations

import os

# Must be set before any Qt import, so it lives at the top of the root conftest.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

from pathlib import Path

import pytest

from desktop.resources import bundled_scenarios


@pytest.fixture(scope="session")
def bundled() -> list[Path]:
    return bundled_scenarios()
