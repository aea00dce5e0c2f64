"""The Document: modified flag, safe save, autosave and recovery, selection."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop.scenario import load
from desktop.scenario.edits.presets import new_scenario
from desktop.scenario.edits.selection import remove
from desktop.ui import commands as C
from desktop.ui.document import Document


@pytest.fixture
def d3_copy(bundled: list[Path], tmp_path: Path) -> Path:
    src = next(p for p in bundled if p.name == "d3_crossroads.yaml")
    dst = tmp_path / "battle.yaml"
    dst.write_bytes(src.read_bytes())
    return dst


def crash(doc: Document) -> None:
    """What a crash leaves: the autosave file, no timer, no lock (the OS drops it)."""
    doc._autosave_timer.stop()
    if doc._lock is not None:
        doc._lock.release()
    doc._autosave = doc._lock = None


def test_open_edit_save_clean(qtbot: Any, d3_copy: Path, tmp_path: Path) -> None:
    doc = Document.open(d3_copy, autosave_dir=tmp_path / "as", autosave_interval=0)
    flags: list[bool] = []
    doc.modifiedChanged.connect(flags.append)
    assert not doc.modified and doc.display_name == "battle.yaml"
    doc.push(C.UpdatePiece(doc, "fra_huss", figures=9))
    assert doc.modified and flags == [True]
    doc.save()
    assert not doc.modified and flags == [True, False]
    assert load(d3_copy).unit("fra_huss").figures == 9
    # undo past the save point makes it modified again
    doc.undo_stack.undo()
    assert doc.modified
    other = tmp_path / "other.yaml"
    paths: list[object] = []
    doc.pathChanged.connect(paths.append)
    doc.save(other)
    assert paths == [other] and doc.path == other and load(other).unit("fra_huss").figures == 6


def test_untitled_needs_a_path(qtbot: Any, tmp_path: Path) -> None:
    doc = Document(new_scenario(), autosave_dir=tmp_path, autosave_interval=0)
    assert doc.display_name == "Untitled"
    with pytest.raises(ValueError):
        doc.save()


def test_autosave_beside_the_file_and_recovery(qtbot: Any, d3_copy: Path, tmp_path: Path) -> None:
    doc = Document.open(d3_copy, autosave_dir=tmp_path / "as", autosave_interval=0)
    assert doc.autosave() is None  # nothing to save
    doc.push(C.UpdatePiece(doc, "fra_huss", name="Crash test hussars"))
    written = doc.autosave()
    assert written == d3_copy.parent / ".battle.yaml.autosave"
    assert load(written).unit("fra_huss").name == "Crash test hussars"
    assert doc.autosave() is None  # no change since
    # while this editor runs its autosave is not anyone's to recover (issue 15)
    assert Document.recovery_for(d3_copy, tmp_path / "as") is None
    crash(doc)  # the file is untouched, the autosave is left
    assert Document.recovery_for(d3_copy, tmp_path / "as") == written
    rec = Document.recover(written, d3_copy, autosave_dir=tmp_path / "as", autosave_interval=0)
    assert rec.modified and rec.scenario.unit("fra_huss").name == "Crash test hussars"
    rec.undo_stack.undo()
    assert rec.scenario == load(d3_copy)  # the recovery itself is one undoable step
    assert written.exists()  # undoing the recovery does not throw the recovered work away
    rec.undo_stack.redo()
    rec.save()
    assert not written.exists() and Document.recovery_for(d3_copy, tmp_path / "as") is None


def test_untitled_autosave_and_clean_close(qtbot: Any, tmp_path: Path) -> None:
    doc = Document(new_scenario(), autosave_dir=tmp_path, autosave_interval=0)
    doc.push(C.SetText(doc, title="Lost battle"))
    written = doc.autosave()
    assert written is not None and written.parent == tmp_path
    # a left-over autosave of another (crashed) run is offered back; ours is not
    other = tmp_path / "untitled-1-1-abcdef.yaml"
    other.write_bytes(written.read_bytes())
    assert Document.untitled_recoveries(tmp_path) == [other]
    doc.close()
    assert not written.exists()


def test_autosave_timer_runs(qtbot: Any, tmp_path: Path) -> None:
    doc = Document(new_scenario(), autosave_dir=tmp_path, autosave_interval=20)
    doc.push(C.SetText(doc, title="Timed"))
    qtbot.waitUntil(lambda: doc.autosave_path().exists(), timeout=2000)
    doc.close()


def test_selection_follows_deletion(qtbot: Any, d3_copy: Path, tmp_path: Path) -> None:
    doc = Document.open(d3_copy, autosave_dir=tmp_path, autosave_interval=0)
    seen: list[frozenset[str]] = []
    doc.selectionChanged.connect(seen.append)
    doc.select(["fra_art", "quarry"])
    doc.push(C.RemoveItems(doc, ["quarry"], text="Delete quarry"))
    assert doc.selection == frozenset()  # RemoveItems clears the selection
    doc.undo_stack.undo()
    assert doc.selection == {"fra_art", "quarry"}
    doc.select(["fra_art"])
    doc.push(C.ReplaceScenario(doc, remove(doc.scenario, ["fra_art"])))
    assert doc.selection == frozenset()  # pruned: the unit is gone
    assert seen[0] == {"fra_art", "quarry"}
