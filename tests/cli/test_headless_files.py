"""Files every command refuses before reading, and no box waiting for a click
(issue 37: "Hangs and silent long work", "Tracebacks on odd files", "Long names",
"No modal box in headless commands").  Each runs `volley` in a real process, with
no display, under a time limit: a hang fails the test instead of stopping the suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "scenarios" / "d3_crossroads.yaml"
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero")


def volley(*args: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    return subprocess.run([sys.executable, "-m", "desktop", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=timeout)


def special(kind: str, tmp_path: Path) -> Path:
    if kind == "fifo":
        fifo = tmp_path / "game.yaml"
        os.mkfifo(fifo)
        return fifo
    if kind == "folder":
        return tmp_path
    if kind == "binary":
        p = tmp_path / "binary.yaml"
        p.write_bytes(bytes(range(256)) * 8)
        return p
    if kind == "utf16":
        p = tmp_path / "utf16.yaml"
        p.write_bytes(CROSSROADS.read_text(encoding="utf-8").encode("utf-16"))
        return p
    return Path("/dev/zero")


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "zero", "folder", "binary", "utf16"])
def test_play_refuses_special_and_odd_files_at_once(kind: str, tmp_path: Path) -> None:
    """Issue 37: `volley play` on a FIFO hung, on /dev/zero grew to GBs, and on a
    binary or UTF-16 file raised a traceback (its record check decoded UTF-8)."""
    path = special(kind, tmp_path)
    r = volley("play", str(path), "--screenshot", str(tmp_path / "out.png"), timeout=60)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr and str(path) in r.stderr
    said = {"fifo": "not a regular file", "zero": "not a regular file", "folder": "folder",
            "binary": "not UTF-8", "utf16": "UTF-16"}[kind]
    assert said in r.stderr


@posix_only
@pytest.mark.parametrize("command", [["validate"], ["info"], ["print"], ["replay"],
                                     ["balance", "--games", "1", "--workers", "1"]])
def test_headless_commands_refuse_a_fifo_before_reading(command: list[str],
                                                        tmp_path: Path) -> None:
    """Issue 37: "Special files ... are refused by every command before reading"."""
    fifo = special("fifo", tmp_path)
    r = volley(command[0], str(fifo), *command[1:], timeout=30)
    assert r.returncode != 0 and "not a regular file" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_a_scenario_titled_like_a_record_is_played_as_a_scenario(tmp_path: Path) -> None:
    """Issue 37: a valid scenario whose title holds "Volley game record" (and a line
    starting "actions:" in its briefing) was taken for a record."""
    text = CROSSROADS.read_text(encoding="utf-8").replace(
        "title: The Crossroads at Kreuzdorf",
        "title: 'The Volley game record: Kreuzdorf'\n# actions: none", 1)
    path = tmp_path / "titled.yaml"
    path.write_text(text, encoding="utf-8")
    r = volley("play", str(path), "--screenshot", str(tmp_path / "out.png"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out.png").stat().st_size > 10_000


def test_edit_screenshot_of_a_refused_file_says_why_and_exits(tmp_path: Path) -> None:
    """Issue 37: `volley edit INVALID.yaml --screenshot` waited for ever on an error box."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("format_version: 2\ntitle: T\ntable: {width: 48, depth: nine}\n",
                   encoding="utf-8")
    out = tmp_path / "out.png"
    r = volley("edit", str(bad), "--screenshot", str(out), timeout=60)
    assert r.returncode == 1
    assert "bad.yaml:3" in r.stderr and "depth" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists()


def test_edit_on_a_file_with_a_248_byte_name_opens(tmp_path: Path) -> None:
    """Issue 37: a name over 247 bytes made the balance report's file name (NAME +
    .balance.json) too long: OSError 36.  Derived names are cut and end with a hash."""
    long = tmp_path / ("k" * 243 + ".yaml")  # 248 bytes
    shutil.copy(CROSSROADS, long)
    out = tmp_path / "out.png"
    r = volley("edit", str(long), "--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and out.stat().st_size > 10_000
    printed = volley("print", str(long), "--what", "roster", "-q")
    assert printed.returncode == 0, printed.stderr
    [pdf] = tmp_path.glob("*.pdf")
    assert len(os.fsencode(pdf.name)) <= 255 and pdf.name.startswith("kkkk")
