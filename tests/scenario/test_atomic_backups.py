"""Backups of killed in-place saves do not pile up (issue 37, "Leftovers").

Saving over a hard-linked file writes it in place after copying the old bytes
to `.NAME.PID-RANDOM.bak`; a kill mid-write leaves that copy behind (the issue
counted 64 after 150 kills).  Stale copies go at the next save or open; never
the newest good copy, never the backup of a save still running.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from desktop.scenario.atomic import atomic_write_text, remove_stale_backups, remove_stale_temps

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and links")

ROOT = Path(__file__).resolve().parents[2]


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def backups(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".bak"))


def linked(tmp_path: Path, text: str = "good\n") -> Path:
    f = tmp_path / "battle.yaml"
    f.write_text(text, encoding="utf-8")
    os.link(f, tmp_path / "copy.yaml")
    return f


def a_backup(folder: Path, pid: int, text: str, age: float, tag: str) -> Path:
    p = folder / f".battle.yaml.{pid}-{tag}.bak"
    p.write_text(text, encoding="utf-8")
    when = time.time() - age
    os.utime(p, (when, when))
    return p


def kill_during_in_place_save(f: Path) -> None:
    """A real save over a hard-linked file, killed while it writes in place."""
    child = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\n"
         "from desktop.scenario import atomic\n"
         "def hang(target, data):\n"
         "    target.write_bytes(data[:5]); print('writing', flush=True); time.sleep(60)\n"
         "atomic._overwrite = hang\n"
         "atomic.atomic_write_text(sys.argv[1], 'new text ' * 1000)\n", str(f)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert child.stdout is not None and child.stdout.readline() == "writing\n"
    finally:
        child.kill()
        child.wait()


def test_killed_in_place_saves_leave_backups_the_next_save_removes(tmp_path: Path) -> None:
    """Issue 37: after five kills mid-write at most two backups are there (each save
    first clears all but the newest stale one; its own is the other), the last kill's
    among them; the next save that succeeds leaves none."""
    f = linked(tmp_path)
    for n in range(5):
        f.write_text(f"good {n}\n", encoding="utf-8")
        kill_during_in_place_save(f)
        left = backups(tmp_path)
        assert len(left) <= 2 and f"good {n}\n" in [p.read_text(encoding="utf-8") for p in left]
    atomic_write_text(f, "saved\n")
    assert backups(tmp_path) == []
    copy = (tmp_path / "copy.yaml").read_text(encoding="utf-8")
    assert f.read_text(encoding="utf-8") == copy == "saved\n"


def test_at_start_the_newest_good_copy_stays_when_the_file_was_cut(tmp_path: Path) -> None:
    """Issue 37: "never the newest good copy": the kill cut the file, the newest backup
    holds the whole old file, so opening keeps it and removes only the older ones."""
    f = linked(tmp_path)
    kill_during_in_place_save(f)
    older = a_backup(tmp_path, dead_pid(), "older\n", 600, "0000000a")
    [newest] = [p for p in backups(tmp_path) if p != older]
    assert f.read_text(encoding="utf-8") == "new t"  # cut short by the kill
    assert remove_stale_temps(f) == [older]
    assert backups(tmp_path) == [newest] and newest.read_text(encoding="utf-8") == "good\n"


def test_a_newest_backup_equal_to_the_file_goes_at_start(tmp_path: Path) -> None:
    """Issue 37: a kill before any byte was written leaves a backup equal to the file."""
    f = linked(tmp_path)
    same = a_backup(tmp_path, dead_pid(), "good\n", 1, "0000000b")
    older = a_backup(tmp_path, dead_pid(), "older\n", 600, "0000000c")
    assert sorted(remove_stale_backups(f)) == sorted([same, older])


def test_a_running_saves_backup_is_never_removed(tmp_path: Path) -> None:
    """Issue 37: "never a backup whose PID is still alive", however old."""
    f = linked(tmp_path)
    live = a_backup(tmp_path, os.getppid(), "old\n", 86_400, "0000000d")
    dead = a_backup(tmp_path, dead_pid(), "old\n", 5, "0000000e")
    atomic_write_text(f, "saved\n")
    assert backups(tmp_path) == [live] and not dead.exists()


def test_other_files_backups_are_left_alone(tmp_path: Path) -> None:
    f = linked(tmp_path)
    other = tmp_path / f".other.yaml.{dead_pid()}-0000000f.bak"
    other.write_text("x", encoding="utf-8")
    not_ours = tmp_path / ".battle.yaml.notes.bak"
    not_ours.write_text("x", encoding="utf-8")
    atomic_write_text(f, "saved\n")
    assert other.exists() and not_ours.exists()
