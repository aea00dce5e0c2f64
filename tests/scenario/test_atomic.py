"""Saving loses nothing: links, modes, long names, killed saves, full disks.

Issue 15, "Work that can be lost": saving over a symlink, the file's mode,
hard links, a legal 245-byte name, temps left by a kill; and "the editor must
never write what its reader refuses" (io.save reads its text back first).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from desktop.scenario import ScenarioError, load, save
from desktop.scenario import atomic as A
from desktop.scenario.atomic import atomic_write_bytes, atomic_write_text, remove_stale_temps
from desktop.scenario.edits.pieces import update_piece

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file semantics")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".tmp", ".bak")))


def test_writes_whole_text(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    atomic_write_text(f, "one\ntwo\n")
    atomic_write_text(f, "three\n")
    assert f.read_bytes() == b"three\n" and leftovers(tmp_path) == []


@posix_only
def test_symlink_writes_its_target_and_stays_a_link(tmp_path: Path) -> None:
    """Issue 15: saving over a symlink replaced the link instead of writing the target."""
    real = tmp_path / "real" / "battle.yaml"
    real.parent.mkdir()
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "battle.yaml"
    link.symlink_to(Path("real") / "battle.yaml")
    atomic_write_text(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "battle.yaml")
    assert real.read_text(encoding="utf-8") == "new\n"
    assert leftovers(tmp_path) == [] and leftovers(real.parent) == []


@posix_only
def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "battle.yaml"
    link.symlink_to("made.yaml")
    atomic_write_text(link, "x\n")
    assert link.is_symlink() and (tmp_path / "made.yaml").read_text(encoding="utf-8") == "x\n"


@posix_only
def test_mode_is_kept(tmp_path: Path) -> None:
    """Issue 15: the mode became 0600 after a save."""
    f = tmp_path / "shared.yaml"
    f.write_text("old\n", encoding="utf-8")
    f.chmod(0o664)
    atomic_write_text(f, "new\n")
    assert f.stat().st_mode & 0o7777 == 0o664
    f.chmod(0o640)
    atomic_write_text(f, "newer\n")
    assert f.stat().st_mode & 0o7777 == 0o640


@posix_only
def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "new.yaml", "x\n")
        os.umask(0o027)
        atomic_write_text(tmp_path / "private.yaml", "x\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.yaml").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "private.yaml").stat().st_mode & 0o777 == 0o640


@posix_only
def test_hard_links_keep_sharing_the_file(tmp_path: Path) -> None:
    """Issue 15: hard links broke (the saved name became a different file)."""
    a = tmp_path / "a.yaml"
    b = tmp_path / "b.yaml"
    a.write_text("old text that is longer than the new\n", encoding="utf-8")
    os.link(a, b)
    inode = a.stat().st_ino
    atomic_write_text(a, "new\n")
    assert a.stat().st_ino == inode and a.stat().st_nlink == 2
    assert b.read_text(encoding="utf-8") == "new\n" and a.read_text(encoding="utf-8") == "new\n"
    assert leftovers(tmp_path) == []


@posix_only
def test_hard_linked_file_is_restored_when_the_write_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = tmp_path / "a.yaml"
    a.write_text("the old scenario\n", encoding="utf-8")
    os.link(a, tmp_path / "b.yaml")
    real = A._overwrite
    calls: list[bytes] = []

    def full_disk_once(target: Path, data: bytes) -> None:
        calls.append(data)
        if len(calls) == 1:
            with open(target, "r+b") as f:  # half the new text lands, then the disk is full
                f.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")
        real(target, data)

    monkeypatch.setattr(A, "_overwrite", full_disk_once)
    with pytest.raises(OSError) as e:
        atomic_write_text(a, "a new scenario that is much longer than before\n")
    assert e.value.errno == errno.ENOSPC
    assert (tmp_path / "b.yaml").read_text(encoding="utf-8") == "the old scenario\n"
    assert leftovers(tmp_path) == []


def test_a_245_byte_name_saves(tmp_path: Path) -> None:
    """Issue 15: a legal 245-byte name failed on the temp name."""
    name = "é" * 118 + "battle.yaml"[:9]  # 236 + 9 = 245 bytes of UTF-8
    assert len(name.encode()) == 245
    f = tmp_path / name
    atomic_write_text(f, "x\n")
    atomic_write_text(f, "y\n")
    assert f.read_text(encoding="utf-8") == "y\n" and leftovers(tmp_path) == []
    assert len(A.temp_path(f).name.encode()) <= 100


def test_a_failed_write_keeps_the_old_file_and_no_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "battle.yaml"
    f.write_text("old\n", encoding="utf-8")

    def no_space(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(A.os, "fsync", no_space)
    with pytest.raises(OSError):
        atomic_write_text(f, "new\n")
    assert f.read_text(encoding="utf-8") == "old\n" and leftovers(tmp_path) == []


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


@posix_only
def test_stale_temps_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    """Issue 15: a kill during save left `.NAME.*.tmp` files behind."""
    f = tmp_path / "battle.yaml"
    f.write_text("old\n", encoding="utf-8")
    dead = tmp_path / f".battle.yaml.{dead_pid()}-0badf00d.tmp"
    old_style = tmp_path / ".battle.yaml.k2j_x9ab.tmp"  # mkstemp's, from before
    live = tmp_path / f".battle.yaml.{os.getppid()}-12345678.tmp"
    other = tmp_path / ".other.yaml.k2j_x9ab.tmp"
    not_ours = tmp_path / ".battle.yaml.notes.tmp"
    for p in (dead, old_style, live, other, not_ours):
        p.write_text("partial", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old_style, (an_hour_ago, an_hour_ago))
    os.utime(other, (an_hour_ago, an_hour_ago))
    atomic_write_text(f, "new\n")
    assert f.read_text(encoding="utf-8") == "new\n"
    assert not dead.exists() and not old_style.exists()
    assert live.exists() and other.exists() and not_ours.exists()
    # a live process's temp goes too once it is far too old to be a save in progress
    assert remove_stale_temps(f, now=time.time() + A.STALE_AFTER_S + 1) == [live]


@posix_only
def test_a_killed_save_leaves_a_temp_the_next_save_removes(tmp_path: Path) -> None:
    f = tmp_path / "battle.yaml"
    f.write_text("old\n", encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-c",
         "import os, sys, time\n"
         "from desktop.scenario import atomic\n"
         "def hang(fd):\n"
         "    print('writing', flush=True); time.sleep(60)\n"
         "atomic.os.fsync = hang\n"
         "atomic.atomic_write_text(sys.argv[1], 'new' * 100000)\n",
         str(f)],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2])
    try:
        assert child.stdout is not None and child.stdout.readline() == "writing\n"
    finally:
        child.kill()
        child.wait()
    assert f.read_text(encoding="utf-8") == "old\n" and len(leftovers(tmp_path)) == 1
    atomic_write_text(f, "saved\n")
    assert f.read_text(encoding="utf-8") == "saved\n" and leftovers(tmp_path) == []


def test_bytes_too(tmp_path: Path) -> None:
    f = tmp_path / "sheets.pdf"
    atomic_write_bytes(f, b"%PDF-1.4\n")
    assert f.read_bytes() == b"%PDF-1.4\n"


def test_save_never_writes_what_the_reader_refuses(bundled: list[Path], tmp_path: Path) -> None:
    """Issue 15: a unit with 0 figures was saved, then the file would not open."""
    src = next(p for p in bundled if p.name == "d3_crossroads.yaml")
    f = tmp_path / "battle.yaml"
    f.write_bytes(src.read_bytes())
    s = load(f)
    bad = update_piece(s, "fra_huss", figures=0)
    with pytest.raises(ScenarioError) as e:
        save(bad, f)
    assert any("figures" in p.path for p in e.value.problems)
    assert f.read_bytes() == src.read_bytes() and leftovers(tmp_path) == []
    save(update_piece(s, "fra_huss", figures=9), f)
    assert load(f).unit("fra_huss").figures == 9
