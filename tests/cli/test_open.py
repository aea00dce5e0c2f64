"""`volley open FILE --screenshot OUT.png` in a real process, with no display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOWCASE = ROOT / "tests" / "ui" / "data" / "showcase.yaml"


def _volley(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)  # the command must find its own way without a display
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )


def test_open_screenshot_writes_png(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    r = _volley("open", str(SHOWCASE), "--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000
    assert "Traceback" not in r.stderr


def test_open_bad_file_screenshot_names_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format_version: 1\ntitle: t\ntable: {width: 10, depth: 10}\n"
                   "sides:\n  - {id: a, name: A, colour: red, baseline: south}\n", encoding="utf-8")
    out = tmp_path / "table.png"
    r = _volley("open", str(bad), "--screenshot", str(out))
    assert r.returncode == 1
    assert "bad.yaml:5" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists()


def test_open_missing_file_screenshot(tmp_path: Path) -> None:
    r = _volley("open", str(tmp_path / "nope.yaml"), "--screenshot", str(tmp_path / "x.png"))
    assert r.returncode == 1
    assert "nope.yaml" in r.stderr and "no such file" in r.stderr


def test_default_scenario_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "default.png"
    r = _volley("--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    assert out.stat().st_size > 50_000
