"""Every benchmark script runs in its quick mode and prints its numbers.

Times are never asserted here (machines differ); the figures live in
docs/benchmarks.md. This only keeps the scripts from rotting.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = sorted(Path(__file__).parent.glob("bench_*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_benchmark_runs_quick(script: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, str(script), "--quick"],
        capture_output=True, text=True, timeout=300, env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert any(ch.isdigit() for ch in done.stdout), done.stdout
