"""Autosave and recovery lose nothing (issue 15, "Work that can be lost").

A second editor must neither offer nor delete a running editor's autosave;
declining keeps the file until Discard; two files of one name in read-only
folders get different autosaves; a full disk falls back and then says so,
once; undoing to the saved state removes the autosave; the editor never
writes (or autosaves) a file its reader refuses.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from desktop.scenario import load
from desktop.scenario.edits.presets import new_scenario
from desktop.ui import autosave as A
from desktop.ui import commands as C
from desktop.ui import document as D
from desktop.ui.document import Document
from desktop.ui.editor.window import EditorWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def battle(bundled: list[Path], tmp_path: Path) -> Path:
    src = next(p for p in bundled if p.name == "d3_crossroads.yaml")
    dst = tmp_path / "files" / "battle.yaml"
    dst.parent.mkdir()
    dst.write_bytes(src.read_bytes())
    return dst


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "autosave"


def editor(qtbot: Any, folder: Path, tmp_path: Path, answers: list[str] | None = None
           ) -> EditorWindow:
    """An editor window whose recovery prompt answers from `answers` (and records asks)."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=folder, settings=settings)
    qtbot.addWidget(w)
    w.asked: list[Path] = []  # type: ignore[misc]

    def ask(autosave: Path, _file: Path | None = None) -> str:
        w.asked.append(autosave)  # type: ignore[attr-defined]
        return (answers or ["keep"]).pop(0)

    w.ask_recover = ask  # type: ignore[method-assign]
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    return w


def crash(doc: Document) -> None:
    """What a crash leaves: the autosave file, no timer, no lock (the OS drops it)."""
    doc._autosave_timer.stop()
    if doc._lock is not None:
        doc._lock.release()
    doc._autosave = doc._lock = None


EDITOR_A = """
import sys, time
from pathlib import Path
from desktop.scenario.edits.presets import new_scenario
from desktop.ui.app import application
from desktop.ui import commands as C
from desktop.ui.document import Document
app = application()
folder, path = Path(sys.argv[1]), (Path(sys.argv[2]) if len(sys.argv) > 2 else None)
doc = (Document.open(path, autosave_dir=folder, autosave_interval=0) if path
       else Document(new_scenario(), autosave_dir=folder, autosave_interval=0))
doc.push(C.SetText(doc, title="Editor A's work"))
print(doc.autosave(), flush=True)
time.sleep(120)
"""


def start_editor_a(folder: Path, path: Path | None = None) -> tuple[subprocess.Popen[str], Path]:
    """Another editor process that autosaves and keeps running (until killed)."""
    args = [sys.executable, "-c", EDITOR_A, str(folder)] + ([str(path)] if path else [])
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line and line != "None", "editor A did not autosave"
    return proc, Path(line)


def kill(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_second_editor_neither_offers_nor_deletes_a_live_untitled_autosave(
        qtbot: Any, folder: Path, tmp_path: Path) -> None:
    """Issue 15: editor B offered A's live autosave, and answering No deleted it."""
    a, autosave = start_editor_a(folder)
    try:
        b = editor(qtbot, folder, tmp_path, ["discard"])
        assert not b.recover_untitled() and b.asked == []  # not offered, so not deleted
        assert Document.untitled_recoveries(folder) == []
        # B's own untitled work autosaves beside A's without touching it
        b.doc.push(C.SetText(b.doc, title="Editor B's work"))
        mine = b.doc.autosave()
        assert mine is not None and mine != autosave
        assert load(autosave).title == "Editor A's work"
    finally:
        kill(a)
    # A has crashed: now its work is offered; Keep for later keeps it
    c = editor(qtbot, folder, tmp_path, ["keep", "discard"])
    assert not c.recover_untitled() and c.asked == [autosave] and autosave.exists()
    assert not c.recover_untitled() and not autosave.exists()  # only Discard deletes
    assert not A.lock_path(autosave, folder).exists()  # nor is its lock file left behind
    assert mine.exists()  # B still runs: its autosave was never offered
    b.doc.close()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_second_editor_on_the_same_file(qtbot: Any, battle: Path, folder: Path,
                                          tmp_path: Path) -> None:
    a, autosave = start_editor_a(folder, battle)
    assert autosave == battle.parent / ".battle.yaml.autosave"
    try:
        b = editor(qtbot, folder, tmp_path, ["discard"])
        assert b.open_file(battle, ask=False) and b.asked == []
        b.doc.push(C.SetText(b.doc, title="B"))
        elsewhere = b.doc.autosave()  # A holds the place beside the file
        assert elsewhere is not None and elsewhere.parent == folder
        assert load(autosave).title == "Editor A's work"
        b.doc.close()
    finally:
        kill(a)
    c = editor(qtbot, folder, tmp_path, ["recover"])
    assert c.open_file(battle, ask=False) and c.asked == [autosave]
    assert c.doc.scenario.title == "Editor A's work" and c.doc.modified


def test_keep_for_later_is_never_overwritten(qtbot: Any, battle: Path, folder: Path,
                                             tmp_path: Path) -> None:
    doc = Document.open(battle, autosave_dir=folder, autosave_interval=0)
    doc.push(C.SetText(doc, title="Kept work"))
    kept = doc.autosave()
    assert kept is not None
    crash(doc)
    w = editor(qtbot, folder, tmp_path, ["keep", "keep"])
    assert w.open_file(battle, ask=False) and w.asked == [kept]
    w.doc.push(C.SetText(w.doc, title="New work"))
    new = w.doc.autosave()
    assert new is not None and new != kept and load(kept).title == "Kept work"
    w.doc.undo_stack.undo()  # back to the saved state: its own autosave goes, the kept one stays
    assert not new.exists() and kept.exists()
    w.doc.close()
    assert w.open_file(battle, ask=False) and w.asked == [kept, kept]  # offered again


def test_read_only_folders_do_not_share_a_fallback_autosave(
        qtbot: Any, bundled: list[Path], folder: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: two battle.yaml in different read-only folders shared one autosave."""
    src = next(p for p in bundled if p.name == "d3_crossroads.yaml")
    files = []
    for name in ("club", "home"):
        f = tmp_path / name / "battle.yaml"
        f.parent.mkdir()
        f.write_bytes(src.read_bytes())
        files.append(f)
    read_only = {f.parent for f in files}  # (chmod means nothing to root: refuse by hand)
    real = D.atomic_write_text

    def write(path: Path, text: str) -> None:
        if Path(path).parent in read_only:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        real(path, text)

    monkeypatch.setattr(D, "atomic_write_text", write)
    docs = [Document.open(f, autosave_dir=folder, autosave_interval=0) for f in files]
    written = []
    for doc, title in zip(docs, ("Club game", "Home game"), strict=True):
        doc.push(C.SetText(doc, title=title))
        written.append(doc.autosave())
    assert written[0] is not None and written[1] is not None
    assert written[0] != written[1] and {p.parent for p in written} == {folder}  # type: ignore[union-attr]
    assert load(written[0]).title == "Club game" and load(written[1]).title == "Home game"
    assert all(d.autosave_trouble == "" for d in docs)
    for doc, f, w in zip(docs, files, written, strict=True):
        crash(doc)
        assert Document.recovery_for(f, folder) == w


def test_a_full_disk_falls_back_then_says_so_once(
        qtbot: Any, battle: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: a full disk made autosave fail silently, with no fallback."""
    full: set[Path] = {battle.parent}
    real = D.atomic_write_text

    def write(path: Path, text: str) -> None:
        if Path(path).parent in full:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, text)

    monkeypatch.setattr(D, "atomic_write_text", write)
    doc = Document.open(battle, autosave_dir=folder, autosave_interval=0)
    told: list[str] = []
    doc.autosaveTrouble.connect(told.append)
    doc.push(C.SetText(doc, title="One"))
    first = doc.autosave()
    assert first is not None and first.parent == folder and told == []
    full.add(folder)  # now the other folder is full too
    doc.push(C.SetText(doc, title="Two"))
    assert doc.autosave() is None
    doc.push(C.SetText(doc, title="Three"))
    assert doc.autosave() is None
    assert len(told) == 1 and "No space left on device" in told[0]  # told once, not each time
    assert load(first).title == "One"  # the older copy is kept meanwhile
    full.clear()
    doc.push(C.SetText(doc, title="Four"))
    again = doc.autosave()
    assert again == battle.parent / ".battle.yaml.autosave" and told[1:] == [""]
    assert not first.exists()  # the old copy in the other folder is not left to be offered
    doc.close()


def test_the_window_shows_autosave_trouble(qtbot: Any, folder: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(D, "atomic_write_text", full)
    w = editor(qtbot, folder, tmp_path)
    w.doc.push(C.SetText(w.doc, title="Unsaved"))
    assert w.doc.autosave() is None
    assert "No space left" in w.autosave_label.text() and not w.autosave_label.isHidden()


def test_undo_to_the_saved_state_removes_the_autosave(qtbot: Any, battle: Path,
                                                      folder: Path) -> None:
    """Issue 15: a stale autosave was offered after a crash though nothing was unsaved."""
    doc = Document.open(battle, autosave_dir=folder, autosave_interval=0)
    doc.push(C.UpdatePiece(doc, "fra_huss", name="Renamed"))
    written = doc.autosave()
    assert written is not None and written.exists()
    doc.undo_stack.undo()
    assert not doc.modified and not written.exists()
    crash(doc)
    assert Document.recovery_for(battle, folder) is None


def test_locks_free_with_their_holder(tmp_path: Path) -> None:
    place = tmp_path / "x.autosave"
    lock = A.AutosaveLock.take(place, tmp_path)
    assert lock is not None and lock.held and A.is_live(place, tmp_path)
    assert A.AutosaveLock.take(place, tmp_path) is None  # even within one process
    lock.release()
    assert not A.is_live(place, tmp_path) and A.AutosaveLock.take(place, tmp_path) is not None


def test_fallback_names_are_short_and_differ_by_folder(tmp_path: Path) -> None:
    long = "w" * 240 + ".yaml"
    a = A.fallback_names(tmp_path / "a" / long, tmp_path)[0]
    b = A.fallback_names(tmp_path / "b" / long, tmp_path)[0]
    assert a != b and len(a.name.encode()) < 140


# --- the editor never writes what its reader refuses -----------------------------------


def test_the_editor_never_saves_a_file_it_cannot_open(qtbot: Any, battle: Path, folder: Path,
                                                      tmp_path: Path) -> None:
    """Issue 15: Figures 0 was saved (save() said True) and the file then would not open."""
    w = editor(qtbot, folder, tmp_path)
    assert w.open_file(battle, ask=False)
    before = battle.read_bytes()
    warned: list[str] = []
    w.warn_not_saved = lambda path, why: warned.append(why)  # type: ignore[method-assign]
    w.doc.push(C.UpdatePiece(w.doc, "fra_huss", figures=0, command=()))
    assert w.save() is False
    assert battle.read_bytes() == before and load(battle).unit("fra_huss").figures == 6
    hussars = w.doc.scenario.unit("fra_huss").name
    assert len(warned) == 1 and hussars in warned[0] and "figures" in warned[0]
    # nor is it autosaved: the person is told why instead
    assert w.doc.autosave() is None and not w.doc.autosave_path().exists()
    assert hussars in w.doc.autosave_trouble and "figures" in w.doc.autosave_trouble.lower()
    w.doc.undo_stack.undo()
    assert w.save() and load(battle).unit("fra_huss").figures == 6


def test_figures_fields_keep_to_the_readers_limits(qtbot: Any, battle: Path, folder: Path,
                                                   tmp_path: Path) -> None:
    w = editor(qtbot, folder, tmp_path)
    assert w.open_file(battle, ask=False)
    u = w.doc.scenario.unit("fra_huss")
    w.doc.select({u.id})
    spin = w.properties.panel.fields["figures"]
    assert spin.minimum() == max(1, len(u.command)) and spin.maximum() == 100  # type: ignore[attr-defined]
    # a command figure more than the unit has figures is refused, not written
    w.doc.push(C.UpdatePiece(w.doc, u.id, figures=len(u.command)))
    w.properties.panel._rebuild()
    free = next(k for k, f in w.properties.panel.fields.items()
                if k.startswith("command:") and not f.isChecked())  # type: ignore[attr-defined]
    refused: list[str] = []
    w.properties.panel.refused.connect(refused.append)
    w.properties.panel.fields[free].setChecked(True)  # type: ignore[attr-defined]
    assert refused and "raise Figures" in refused[0]
    assert len(w.doc.scenario.unit(u.id).command) == len(u.command)
    # the roster refuses 0 figures and 101 too
    from desktop.ui.editor.roster import FIGURES

    side = w.doc.scenario.side_of(u.id).id
    model = next(x.model for x in w.edit_roster.sides if x.side_id == side)
    row = next(i for i, r in enumerate(model._rows) if r.id == u.id)
    for n in (0, 101):
        assert not model.setData(model.index(row, FIGURES), n)
    assert model.setData(model.index(row, FIGURES), 7)
    assert w.doc.scenario.unit(u.id).figures == 7
    # and a name the reader would refuse: a direction override reverses a label on screen
    from desktop.ui.editor.roster import NAME

    for bad in ("Hussars\u202eA", "Hus\nsars", "Hussars\u2066"):
        assert not model.setData(model.index(row, NAME), bad)
    assert model.setData(model.index(row, NAME), "Hussars")


def test_an_unreadable_autosave_is_kept_when_it_cannot_be_recovered(
        qtbot: Any, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An older version's autosave with 0 figures: the error is shown, the file stays."""
    folder.mkdir()
    bad = folder / "untitled-1-1-abcdef.yaml"
    bad.write_text("format_version: 1\ntitle: [unclosed\n", encoding="utf-8")
    shown: list[Path] = []
    monkeypatch.setattr("desktop.ui.editor.files.show_scenario_error",
                        lambda _w, path, _e: shown.append(path))
    w = editor(qtbot, folder, tmp_path, ["recover"])
    assert not w.recover_untitled() and shown == [bad] and bad.exists()


def test_the_recovery_prompt_offers_three_answers(qtbot: Any, battle: Path,
                                                  folder: Path) -> None:
    from desktop.ui.editor import recovery

    head, details = recovery.describe(battle, battle)
    assert "battle.yaml" in head and "Keep for later" in details and "Discard" in details
    assert recovery.answer_of(True) == "recover" and recovery.answer_of(False) == "keep"
    assert recovery.answer_of(None) == "keep"
    untitled = folder / "untitled-1-1-abcdef.yaml"
    folder.mkdir()
    untitled.write_text(battle.read_text(encoding="utf-8"), encoding="utf-8")
    head, _ = recovery.describe(untitled, None)
    assert "The Crossroads at Kreuzdorf" in head


def test_a_new_scenario_is_checked_too(qtbot: Any, folder: Path, tmp_path: Path) -> None:
    doc = Document(new_scenario(), autosave_dir=folder, autosave_interval=0)
    doc.push(C.SetText(doc, title="x" * 121))
    assert doc.autosave() is None and "title" in doc.autosave_trouble.lower()
    with pytest.raises(D.ScenarioError):
        doc.save(tmp_path / "long.yaml")
    assert not (tmp_path / "long.yaml").exists()


def test_the_settings_dialog_refuses_what_the_reader_would(qtbot: Any, battle: Path,
                                                           folder: Path, tmp_path: Path) -> None:
    """The briefing box has no length limit of its own: OK checks with the reader."""
    from desktop.ui.editor.settings import SettingsDialog

    w = editor(qtbot, folder, tmp_path)
    assert w.open_file(battle, ask=False)
    dialog = SettingsDialog(w.doc, w)
    qtbot.addWidget(dialog)
    assert dialog.title.maxLength() == 120 and dialog.table_width.minimum() == 12
    dialog.briefing.setPlainText("x" * 4001)
    dialog.accept()
    assert "briefing" in dialog.error.text().lower() and "4,000" in dialog.error.text()
    assert not w.doc.modified and dialog.result() != dialog.DialogCode.Accepted
