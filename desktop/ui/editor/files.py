"""The editor's file handling: asking the user, New / Open / Save, recent files, export.

`EditorFiles` is the part of the editor window (desktop.ui.editor.window) that
deals in files and in the questions around them; the window adds the document's
panels, the tools and the menus.  Questions to the user go through small
`ask_*` methods so tests can answer them.  It knows the window only through the
attributes declared below, which the window sets up, so neither module imports
the other in a circle.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSettings, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from desktop.scenario import ScenarioError
from desktop.scenario.edits.presets import PRESETS, Preset, new_scenario
from desktop.scenario.model import Scenario
from desktop.ui.dialogs import show_scenario_error
from desktop.ui.document import Document
from desktop.ui.editor import recovery
from desktop.ui.editor.balance import BalanceFeature
from desktop.ui.editor.problems import ProblemsDock
from desktop.ui.plaintext import literal, no_mnemonic
from desktop.ui.refusal import refusal_text
from desktop.ui.table_window import APP_NAME, TableWindow
from desktop.ui.tools.bridge import ViewBridge

MAX_RECENT = 8
#: Pixels per table inch in an exported PNG.
EXPORT_PPI = 20


class EditorFiles(TableWindow):
    """The editor window's files: what it opens, saves, remembers and exports."""

    # set up by the editor window
    doc: Document
    bridge: ViewBridge
    problems: ProblemsDock
    balance: BalanceFeature
    recent_menu: QMenu
    _autosave_dir: str | os.PathLike[str] | None
    _settings: QSettings | None

    def set_document(self, doc: Document) -> None:
        """Show `doc` in every panel (the editor window does)."""
        raise NotImplementedError

    def settings(self) -> QSettings:
        return self._settings or QSettings(APP_NAME, APP_NAME)

    def _new_document(self, scenario: Scenario, path: Path | None) -> Document:
        return Document(scenario, path, self, autosave_dir=self._autosave_dir)

    # --- asking the user (tests replace these) ----------------------------------------------

    def ask_save_changes(self) -> str:
        """'save', 'discard' or 'cancel'."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setTextFormat(Qt.TextFormat.PlainText)  # the file's name, shown as it is
        box.setText(f"Save the changes to {self.doc.display_name}?")
        box.setInformativeText("Your changes will be lost if you don't save them.")
        box.setStandardButtons(QMessageBox.StandardButton.Save
                               | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(
            QMessageBox.StandardButton(answer), "cancel")

    def ask_save_path(self, title: str = "Save scenario as", filt: str =
                      "Volley scenarios (*.yaml)", suffix: str = ".yaml") -> Path | None:
        start = str(self.doc.path or Path.home() / f"{_slug(self.doc.scenario.title)}{suffix}")
        name, _ = QFileDialog.getSaveFileName(self, title, start, filt)
        if not name:
            return None
        p = Path(name)
        return p if p.suffix else p.with_suffix(suffix)

    def ask_open_path(self) -> Path | None:
        start = str(self.doc.path.parent) if self.doc.path else ""
        name, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", start, "Volley scenarios (*.yaml *.yml);;All files (*)")
        return Path(name) if name else None

    def ask_recover(self, autosave: Path, file: Path | None = None) -> str:
        """'recover', 'keep' (for later: the autosave stays) or 'discard' (deleted)."""
        return recovery.ask(self, autosave, file)

    def warn_not_saved(self, path: Path, why: str) -> None:
        """The reader would refuse the file: say what is wrong; nothing was written."""
        QMessageBox.warning(self, "Not saved", literal(
            f"{path.name} was not saved: Volley could not open it again.\n\n{why}\n\n"
            "The file on disk is unchanged. Fix this and save again."))

    def warn_problems(self, problems: list[Any]) -> None:
        """Saving still works; say what the checks found."""
        lines = "\n".join(f"• {p.message}" for p in problems[:8])
        more = f"\n… and {len(problems) - 8} more" if len(problems) > 8 else ""
        QMessageBox.warning(self, "Saved, with problems",
                            literal(f"The scenario was saved, but the checks found "
                                    f"{len(problems)} problem"
                                    f"{'' if len(problems) == 1 else 's'}:\n\n{lines}{more}\n\n"
                                    "See the Problems panel."))

    # --- files ----------------------------------------------------------

    def maybe_save(self) -> bool:
        """True if it is all right to drop the current document."""
        if not self.doc.modified:
            return True
        answer = self.ask_save_changes()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_file(self, preset: Preset = PRESETS[0]) -> bool:
        if not self.maybe_save():
            return False
        self.set_document(self._new_document(new_scenario(preset), None))
        self.statusBar().showMessage(
            f"New {preset.label}: draw terrain with the tools on the left, then place forces",
            10000)
        return True

    def choose_file(self) -> None:
        if not self.maybe_save():
            return
        path = self.ask_open_path()
        if path is not None:
            self.open_file(path, ask=False)

    def open_file(self, path: Path, ask: bool = True, recover: bool = True) -> bool:
        """Open `path`; `ask` to save the current one first, `recover` to offer its
        left-over autosave (not when no person is there: --screenshot)."""
        if ask and not self.maybe_save():
            return False
        path = Path(path)
        doc = self._recover(path) if recover else None
        if doc is None:
            try:
                doc = Document.open(path, self, autosave_dir=self._autosave_dir)
            except ScenarioError as e:
                show_scenario_error(self, path, e)
                return False
        self.set_document(doc)
        self._add_recent(path)
        return True

    def _recover(self, path: Path | None) -> Document | None:
        """Offer a left-over autosave of `path` (None: of an untitled scenario).

        Only autosaves no running editor holds are offered; only Discard deletes one.
        """
        left = (Document.untitled_recoveries(self._autosave_dir) if path is None
                else Document.recoveries_for(path, self._autosave_dir))
        if not left:
            return None
        rec = left[0]
        answer = recovery.answer_of(self.ask_recover(rec, path))
        if answer == recovery.DISCARD:
            Document.discard_left_over(rec, self._autosave_dir)
        if answer != recovery.RECOVER:
            return None
        try:
            return Document.recover(rec, path, self, autosave_dir=self._autosave_dir)
        except ScenarioError as e:
            show_scenario_error(self, rec, e)  # the autosave stays for a person to mend
            return None

    def recover_untitled(self) -> bool:
        """At start-up: offer an untitled scenario a crashed editor left; True if recovered."""
        doc = self._recover(None)
        if doc is not None:
            self.set_document(doc)
        return doc is not None

    def save(self) -> bool:
        if self.doc.path is None or not os.access(self.doc.path.parent, os.W_OK):
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        if path is None:
            return False
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        try:
            self.doc.save(path)
        except ScenarioError as e:
            self.warn_not_saved(path, refusal_text(self.doc.scenario, e))
            return False
        except OSError as e:
            QMessageBox.critical(self, "Could not save",
                                 literal(f"{path} could not be written:\n{e.strerror or e}\n\n"
                                         "Nothing was lost: try Save As somewhere else."))
            return False
        self._add_recent(path)
        self._update_title()
        self.balance.keep_after_save()
        problems = self.problems.check_now()
        self.statusBar().showMessage(
            f"Saved {path.name}" + (f" — {len(problems)} problem"
                                    f"{'' if len(problems) == 1 else 's'}, see Problems"
                                    if problems else ""), 8000)
        if problems:
            self.problems.raise_()
            self.warn_problems(problems)
        return True

    # --- window layout -------------------------------------------------------------

    #: Bump when the docks change so an old saved layout is not applied to new docks.
    LAYOUT_VERSION = 1

    def save_layout(self) -> None:
        """Remember the docks' sizes and places (the roster's width among them)."""
        st = self.settings()
        st.setValue("editor/geometry", self.saveGeometry())
        st.setValue("editor/state", self.saveState(self.LAYOUT_VERSION))

    def restore_layout(self) -> bool:
        st = self.settings()
        geometry = st.value("editor/geometry")
        state = st.value("editor/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is None:
            return False
        return bool(self.restoreState(state, self.LAYOUT_VERSION))

    # --- recent files ----------------------------------------------------------

    def recent_files(self) -> list[Path]:
        raw: Any = self.settings().value("recent_files", []) or []
        if isinstance(raw, str):
            raw = [raw]
        return [Path(p) for p in raw if p]

    def _add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        items = [p] + [str(x) for x in self.recent_files() if str(x) != p]
        self.settings().setValue("recent_files", items[:MAX_RECENT])
        self._fill_recent()

    def _clear_recent(self) -> None:
        self.settings().setValue("recent_files", [])
        self._fill_recent()

    def _fill_recent(self) -> None:
        m = self.recent_menu
        m.clear()
        files = self.recent_files()
        for i, p in enumerate(files, 1):
            a = m.addAction(f"&{i} {no_mnemonic(p.name)}", functools.partial(self.open_file, p))
            a.setStatusTip(str(p))
            a.setToolTip(literal(str(p)))  # (else the text, which Qt may read as markup)
        if not files:
            a = m.addAction("(none yet)")
            a.setEnabled(False)
        else:
            m.addSeparator()
            m.addAction("Clear list", self._clear_recent)

    # --- export ----------------------------------------------------------

    def _render(self, painter: QPainter, target: QRectF) -> None:
        t = self.doc.scenario.table
        self.bridge.overlay.setVisible(False)
        self.bridge.problems.setVisible(False)
        try:
            self.scene.render(painter, target, QRectF(0, 0, t.width, t.depth))
        finally:
            self.bridge.overlay.setVisible(True)
            self.bridge.problems.setVisible(True)

    def export_png(self, path: Path | None = None, ppi: int = EXPORT_PPI) -> Path | None:
        path = path or self.ask_save_path("Export table as PNG", "PNG images (*.png)", ".png")
        if path is None:
            return None
        t = self.doc.scenario.table
        img = QImage(int(t.width * ppi), int(t.depth * ppi), QImage.Format.Format_ARGB32)
        img.fill(Qt.GlobalColor.white)
        painter = QPainter(img)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._render(painter, QRectF(0, 0, img.width(), img.height()))
        painter.end()
        if not img.save(str(path), "PNG"):  # type: ignore[call-overload]  # str works
            QMessageBox.critical(self, "Export failed", literal(f"Could not write {path}"))
            return None
        self.statusBar().showMessage(f"Exported {path.name}", 6000)
        return path

    def export_svg(self, path: Path | None = None) -> Path | None:
        from PySide6.QtSvg import QSvgGenerator

        path = path or self.ask_save_path("Export table as SVG", "SVG drawings (*.svg)", ".svg")
        if path is None:
            return None
        t = self.doc.scenario.table
        gen = QSvgGenerator()
        gen.setFileName(str(path))
        scale = 10  # SVG user units per inch
        gen.setSize(QSize(int(t.width * scale), int(t.depth * scale)))
        gen.setViewBox(QRectF(0, 0, t.width * scale, t.depth * scale))
        gen.setTitle(self.doc.scenario.title)
        gen.setDescription("Exported from Volley")
        painter = QPainter(gen)
        self._render(painter, QRectF(0, 0, t.width * scale, t.depth * scale))
        painter.end()
        self.statusBar().showMessage(f"Exported {path.name}", 6000)
        return path


def _slug(title: str) -> str:
    out = "".join(c.lower() if c.isalnum() else "_" for c in title).strip("_")
    return "_".join(x for x in out.split("_") if x) or "scenario"

