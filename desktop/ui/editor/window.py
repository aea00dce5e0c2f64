"""The scenario editor: the table window plus a document, tools, panels and menus.

`EditorWindow` reuses the viewer's scene, view and items (TableWindow) and adds
what editing needs: a Document with its undo stack, the tool palette and tool
options, the properties, roster, problems and history docks, the File / Edit
/ Scenario menus, and the unsaved-changes prompts.  Questions to the user go
through small `ask_*` methods so tests can answer them.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from desktop.scenario import ScenarioError, edits
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import (
    DEFAULT_LINE_WIDTH,
    LINEAR_TERRAIN,
    TERRAIN_LABELS,
    TerrainType,
)
from desktop.ui import commands as C
from desktop.ui.dialogs import show_scenario_error
from desktop.ui.document import Document
from desktop.ui.doors import add_play_action
from desktop.ui.editor import recovery
from desktop.ui.editor.balance import BalanceFeature
from desktop.ui.editor.options import RulesetOptionsDialog
from desktop.ui.editor.problems import ProblemsDock
from desktop.ui.editor.properties import PropertiesDock
from desktop.ui.editor.roster import EditableRosterDock
from desktop.ui.editor.settings import SettingsDialog
from desktop.ui.editor.sides import fill_sides_menu
from desktop.ui.editor.victory import VictoryDialog
from desktop.ui.help import add_help_menu
from desktop.ui.plaintext import literal, no_mnemonic, plain_label
from desktop.ui.refusal import refusal_text
from desktop.ui.table_window import APP_NAME, TableWindow
from desktop.ui.tools import ToolEvent, ToolManager
from desktop.ui.tools.bridge import ViewBridge

MAX_RECENT = 8
#: Pixels per table inch in an exported PNG.
EXPORT_PPI = 20


class EditorWindow(TableWindow):
    """The main window in editing mode."""

    def __init__(self, parent: QWidget | None = None, *,
                 autosave_dir: str | os.PathLike[str] | None = None,
                 settings: QSettings | None = None) -> None:
        self._autosave_dir = autosave_dir
        self._settings = settings
        super().__init__(parent)
        self.setObjectName("editor")
        self.clip = edits.Clip()
        self._paste_count = 0
        self.doc = self._new_document(edits.new_scenario(edits.PRESETS[0]), None)
        self.tools = ToolManager(self.doc, self)
        self.bridge = ViewBridge(self.view, self.tools)
        self.tools.message.connect(lambda m: self.statusBar().showMessage(m, 8000))
        self.tools.overlayChanged.connect(self._settle_terrain)
        # the viewer's read-only roster gives way to the editable one
        self.roster.hide()
        self.roster.toggleViewAction().setVisible(False)
        self.properties = PropertiesDock(self.doc, self)
        self.properties.panel.refused.connect(lambda m: self.statusBar().showMessage(m, 8000))
        self.properties.panel.arrange.connect(self.tools.arrange)
        self.edit_roster = EditableRosterDock(self.doc, self)
        self.edit_roster.message.connect(lambda m: self.statusBar().showMessage(m, 8000))
        self.problems = ProblemsDock(self.doc, self)
        self.problems.problemsChanged.connect(self._problems_changed)
        self.history = QDockWidget("History", self)
        self.history.setObjectName("editor_history")
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")
        self.history.setWidget(self.undo_view)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.addDockWidget(right, self.properties)
        self.addDockWidget(right, self.edit_roster)
        self.tabifyDockWidget(self.properties, self.edit_roster)
        self.properties.raise_()
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.history)
        self.tabifyDockWidget(self.problems, self.history)
        self.problems.raise_()
        self.resizeDocks([self.properties], [420], Qt.Orientation.Horizontal)
        self.resizeDocks([self.problems], [130], Qt.Orientation.Vertical)
        self._make_toolbars()
        self.play_action = add_play_action(self)  # Game > Play…, kept by the editor's menus
        self.balance = BalanceFeature(self)  # Game > Test balance… and the Balance dock
        self.tabifyDockWidget(self.edit_roster, self.balance.dock)
        self._make_editor_menus()
        add_help_menu(self)  # Help, last (desktop.ui.help)
        self._attach(self.doc)
        self.balance.set_document(self.doc)
        self._show_document(first=True)
        self.restore_layout()

    # --- documents ----------------------------------------------------------

    def settings(self) -> QSettings:
        return self._settings or QSettings(APP_NAME, APP_NAME)

    def _new_document(self, scenario: Scenario, path: Path | None) -> Document:
        return Document(scenario, path, self, autosave_dir=self._autosave_dir)

    def _attach(self, doc: Document) -> None:
        doc.changed.connect(self._doc_changed)
        doc.modifiedChanged.connect(lambda _m: self._update_title())
        doc.pathChanged.connect(lambda _p: self._update_title())
        doc.undo_stack.indexChanged.connect(self._sync_undo_actions)
        doc.undo_stack.cleanChanged.connect(self._sync_undo_actions)
        doc.autosaveTrouble.connect(self._autosave_trouble)
        self._autosave_trouble(doc.autosave_trouble)

    def _autosave_trouble(self, trouble: str) -> None:
        """Autosave stopped (or started again) working: a lasting note in the status bar."""
        label = getattr(self, "autosave_label", None)
        if label is None:
            label = self.autosave_label = plain_label()
            label.setStyleSheet("color:#b00020")
            label.setWordWrap(False)
            self.statusBar().addPermanentWidget(label)
        first = trouble.split(". ", 1)[0]  # the whole story is in the tooltip
        label.setText(first if len(first) <= 90 else first[:89] + "…")
        label.setToolTip(literal(trouble))
        label.setVisible(bool(trouble))

    def set_document(self, doc: Document) -> None:
        """Replace the document (New, Open): every panel follows."""
        old = self.doc
        self.doc = doc
        self._attach(doc)
        self.tools.set_document(doc)
        self.properties.panel.set_document(doc)
        self.edit_roster.set_document(doc)
        self.problems.set_document(doc)
        self.balance.set_document(doc)
        self.undo_view.setStack(doc.undo_stack)
        self._paste_count = 0
        self._sync_undo_actions()
        self._fill_side_combo()
        self._show_document(first=True)
        if old is not doc:
            old.close()
            old.deleteLater()

    def _show_document(self, first: bool = False) -> None:
        s = self.doc.scenario
        self.scenario, self.path = s, self.doc.path
        self.scene.set_scenario(s)
        if first:
            self.view.set_grid_visible(bool(s.table.grid))
            self.view.fit_table()
        self._update_title()

    def _doc_changed(self, ch: edits.Changes) -> None:
        s = self.doc.scenario
        self.scenario = s
        if ch.terrain and self.tools.current.busy and not ch.table:
            # a drag reshapes terrain: lift it out of the cached background meanwhile
            self.scene.float_terrain(ch.terrain & {f.id for f in s.terrain})
        self.scene.set_scenario(s)
        if ch.sides or ch.everything:
            self._fill_side_combo()
        if ch.text:
            self._update_title()

    def _settle_terrain(self) -> None:
        if not self.tools.current.busy and self.scene.floating:
            self.scene.sink_terrain()

    def _problems_changed(self, ids: set[str]) -> None:
        self.bridge.problems.set_ids(set(ids))

    def _update_title(self) -> None:
        doc = getattr(self, "doc", None)
        if doc is None:
            super()._update_title()
            return
        self.path = doc.path
        self.setWindowTitle(f"{doc.scenario.title} ({doc.display_name})[*] — "
                            f"{APP_NAME} editor")
        self.setWindowModified(doc.modified)

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
                                    f"{len(problems)} problem(s):\n\n{lines}{more}\n\n"
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

    def new_file(self, preset: edits.Preset = edits.PRESETS[0]) -> bool:
        if not self.maybe_save():
            return False
        self.set_document(self._new_document(edits.new_scenario(preset), None))
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

    def show_scenario(self, scenario: Scenario | None, path: Path | None = None) -> None:
        """The viewer's entry point: in the editor it opens a document on the value."""
        if scenario is None:
            scenario = edits.new_scenario()
        if not hasattr(self, "tools"):
            super().show_scenario(scenario, path)
            return
        self.set_document(self._new_document(scenario, path))

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
            f"Saved {path.name}" + (f" — {len(problems)} problem(s), see Problems"
                                    if problems else ""), 8000)
        if problems:
            self.problems.raise_()
            self.warn_problems(problems)
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.balance.shutdown()
        self.doc.close()
        super().closeEvent(event)

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

    # --- editing ----------------------------------------------------------

    def undo(self) -> None:
        self.tools.current.cancel()
        self.doc.undo_stack.undo()

    def redo(self) -> None:
        self.tools.current.cancel()
        self.doc.undo_stack.redo()

    def copy(self) -> bool:
        if not self.doc.selection:
            return False
        self.clip = edits.copy(self.doc.scenario, self.doc.selection)
        self._paste_count = 0
        self.statusBar().showMessage("Copied", 3000)
        return bool(self.clip)

    def cut(self) -> bool:
        if not self.copy():
            return False
        return self.tools.ctx.push(lambda: C.RemoveItems(self.doc, self.doc.selection, "Cut"))

    def paste(self) -> bool:
        if not self.clip:
            self.statusBar().showMessage("Nothing to paste: copy something first", 4000)
            return False
        self._paste_count += 1
        off = 2.0 * self._paste_count
        return self.tools.ctx.push(lambda: C.Paste(self.doc, self.clip, (off, off)))

    def duplicate(self) -> bool:
        if not self.doc.selection:
            return False
        clip = edits.copy(self.doc.scenario, self.doc.selection)
        return self.tools.ctx.push(lambda: C.Paste(self.doc, clip, (2.0, 2.0), "Duplicate"))

    def delete(self) -> bool:
        """Delete key: the tool first (a vertex), else the selection."""
        tool = self.tools.current
        if tool.name != "select" and tool.key("Delete", ToolEvent((0.0, 0.0))):
            return True
        if not self.doc.selection:
            return False
        return self.tools.ctx.push(lambda: C.RemoveItems(self.doc, self.doc.selection))

    def select_all(self) -> None:
        self.doc.select(edits.all_ids(self.doc.scenario)
                        - {s.id for s in self.doc.scenario.sides})

    def open_settings(self) -> bool:
        return SettingsDialog(self.doc, self).exec() == SettingsDialog.DialogCode.Accepted

    def open_victory(self) -> bool:
        return VictoryDialog(self.doc, self).exec() == VictoryDialog.DialogCode.Accepted

    def open_ruleset_options(self) -> None:
        RulesetOptionsDialog(self.doc, self).exec()

    def reset_zones(self) -> None:
        s = self.doc.scenario
        if not s.game.deployment:
            self.statusBar().showMessage("The deployment zones are already the defaults", 4000)
            return
        new = s
        for sid in list(s.game.deployment):
            new = edits.set_deployment_zone(new, sid, None)
        self.doc.push(C.ReplaceScenario(self.doc, new, "Reset deployment zones"))

    # --- menus and toolbars ----------------------------------------------------------

    def _act(self, text: str, slot: Any, *keys: Any, tip: str = "") -> QAction:
        a = QAction(text, self)
        if keys:
            a.setShortcuts([QKeySequence(k) for k in keys])
        a.triggered.connect(lambda _c=False: slot())
        if tip:
            a.setStatusTip(tip)
        self.addAction(a)
        return a

    def _make_editor_menus(self) -> None:
        bar = self.menuBar()
        view_menu: QMenu | None = None
        keep = getattr(self, "print_action", None)
        extra: list[QMenu] = []  # menus other windows' helpers hang on the viewer (Game ▸ Play…)
        for a in bar.actions():
            name = a.text().replace("&", "")
            menu = a.menu()
            if not isinstance(menu, QMenu):
                continue
            if name not in ("File", "View"):
                extra.append(menu)
            if name == "View":
                view_menu = menu
            elif name == "File":
                # the viewer's Open and Quit give way to ours (no ambiguous shortcuts)
                for b in menu.actions():
                    if b is not keep:
                        self.removeAction(b)
        bar.clear()
        K = QKeySequence.StandardKey
        f = bar.addMenu("&File")
        new_menu = f.addMenu("&New")
        self.new_actions = []
        for i, preset in enumerate(edits.PRESETS):
            keys = (K.New,) if i == 0 else ()
            a = self._act(preset.label, lambda p=preset: self.new_file(p), *keys)
            new_menu.addAction(a)
            self.new_actions.append(a)
        self.open_action = self._act("&Open…", self.choose_file, K.Open)
        f.addAction(self.open_action)
        self.recent_menu = f.addMenu("Open &recent")
        self._fill_recent()
        f.addSeparator()
        self.save_action = self._act("&Save", self.save, K.Save)
        self.save_as_action = self._act("Save &as…", self.save_as, K.SaveAs, "Ctrl+Shift+S")
        f.addAction(self.save_action)
        f.addAction(self.save_as_action)
        f.addSeparator()
        f.addAction(self._act("Export table as &PNG…", self.export_png))
        f.addAction(self._act("Export table as S&VG…", self.export_svg))
        if keep is not None:
            f.addAction(keep)
        f.addSeparator()
        f.addAction(self._act("&Quit", self.close, K.Quit, "Ctrl+Q"))

        e = bar.addMenu("&Edit")
        # (not the stack's own actions: ours follow whichever document is open)
        self.undo_action = self._act("&Undo", self.undo, K.Undo)
        self.redo_action = self._act("&Redo", self.redo, K.Redo, "Ctrl+Y")
        e.addAction(self.undo_action)
        e.addAction(self.redo_action)
        e.addSeparator()
        self.cut_action = self._act("Cu&t", self.cut, K.Cut)
        self.copy_action = self._act("&Copy", self.copy, K.Copy)
        self.paste_action = self._act("&Paste", self.paste, K.Paste)
        self.duplicate_action = self._act("&Duplicate", self.duplicate, "Ctrl+D")
        self.delete_action = self._act("De&lete", self.delete, K.Delete)
        self.select_all_action = self._act("Select &all", self.select_all, K.SelectAll)
        for a in (self.cut_action, self.copy_action, self.paste_action, self.duplicate_action,
                  self.delete_action, self.select_all_action):
            e.addAction(a)
        e.addSeparator()
        e.addAction(self.tools.arrange_line)
        e.addAction(self.tools.arrange_column)
        e.addSeparator()
        e.addAction(self.tools.snap_grid)
        e.addAction(self.tools.snap_bases)

        t = bar.addMenu("&Tools")
        for a in self.tools.actions.values():
            t.addAction(a)
            if _single_key(a):
                # S, V, 1 … 8 choose tools only while the table has the keyboard, so
                # typing in the roster or a form never switches tools
                a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.view.addAction(a)
            else:
                self.addAction(a)

        sc = bar.addMenu("&Scenario")
        self.settings_action = self._act("&Settings…", self.open_settings, "Ctrl+,",
                                         tip="Title, briefing, table, sides, game type")
        self.victory_action = self._act("&Objectives and victory…", self.open_victory,
                                        "Ctrl+Shift+V")
        self.options_action = self._act(
            "Ruleset &options…", self.open_ruleset_options,
            tip="Options each ruleset is played with in this scenario (first side, melee "
                "loser, shots…)")
        sc.addAction(self.settings_action)
        sc.addAction(self.victory_action)
        sc.addAction(self.options_action)
        sc.addAction(self._act("&Reset deployment zones", self.reset_zones))
        # a submenu per side: baseline, clear, replace (desktop.ui.editor.sides)
        self.sides_menu = sc.addMenu("S&ides")
        self.sides_menu.aboutToShow.connect(self.fill_sides_menu)

        for menu in extra:
            bar.addMenu(menu)
        v = bar.addMenu("&View")
        if view_menu is not None:
            for a in view_menu.actions():
                if a.isVisible():
                    v.addAction(a)
        v.addSeparator()
        for dock in (self.properties, self.edit_roster, self.problems, self.history,
                     self.balance.dock):
            v.addAction(dock.toggleViewAction())
        self._sync_undo_actions()

    def _sync_undo_actions(self, *_: object) -> None:
        if not hasattr(self, "redo_action"):
            return
        st = self.doc.undo_stack
        self.undo_action.setEnabled(st.canUndo())
        self.redo_action.setEnabled(st.canRedo())
        self.undo_action.setText(f"&Undo {no_mnemonic(st.undoText())}".strip())
        self.redo_action.setText(f"&Redo {no_mnemonic(st.redoText())}".strip())

    def _make_toolbars(self) -> None:
        palette = QToolBar("Tools", self)
        palette.setObjectName("editor_tools")
        palette.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        palette.setIconSize(QSize(24, 16))
        from desktop.ui import icons

        for name, a in self.tools.actions.items():
            a.setIconText(_short(name, a.text()))
            icon = self.tools.tools[name].icon
            if icon and icons.has_icon(icon):
                a.setIcon(icons.qicon(icon))
            palette.addAction(a)
            if name in ("wheel", "ford", "place_horse_artillery", "place_adc"):
                palette.addSeparator()
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, palette)
        self.palette_bar = palette

        opts = QToolBar("Tool options", self)
        opts.setObjectName("editor_options")
        opts.addWidget(QLabel(" Side "))
        self.side_combo = QComboBox()
        self.side_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.side_combo.setToolTip("The side new units and officers belong to "
                                   "(and whose zone the zone tool edits)")
        self.side_combo.activated.connect(
            lambda _i: setattr(self.tools.ctx, "side_id", self.side_combo.currentData()))
        self.side_combo.activated.connect(lambda _i: self.tools.overlayChanged.emit())
        opts.addWidget(self.side_combo)
        opts.addSeparator()
        opts.addWidget(QLabel(" Area "))
        self.area_combo = QComboBox()
        for t in TerrainType:
            if t not in LINEAR_TERRAIN and t not in (TerrainType.BRIDGE, TerrainType.FORD):
                self.area_combo.addItem(TERRAIN_LABELS[t], t)
        self.area_combo.setCurrentIndex(self.area_combo.findData(self.tools.ctx.area_type))
        self.area_combo.activated.connect(
            lambda _i: self.tools.ctx.set_area_type(self.area_combo.currentData()))
        opts.addWidget(self.area_combo)
        opts.addWidget(QLabel(" Line "))
        self.line_combo = QComboBox()
        for t in TerrainType:
            if t in LINEAR_TERRAIN:
                self.line_combo.addItem(TERRAIN_LABELS[t], t)
        self.line_combo.setCurrentIndex(self.line_combo.findData(self.tools.ctx.line_type))
        self.line_combo.activated.connect(self._line_type_chosen)
        opts.addWidget(self.line_combo)
        # The lists drop below their boxes, whole (issue 34: in a maximised window
        # the style's popup over the box put the first line types above the screen).
        for combo in (self.side_combo, self.area_combo, self.line_combo):
            combo.setStyleSheet("QComboBox { combobox-popup: 0; }")
            combo.setMaxVisibleItems(max(combo.count(), 10))
        self.width_spin = QDoubleSpinBox()
        self.width_spin.setRange(0.1, 24)
        self.width_spin.setSingleStep(0.25)
        self.width_spin.setSuffix(" in wide")
        self.width_spin.setValue(DEFAULT_LINE_WIDTH[self.tools.ctx.line_type])
        self.width_spin.valueChanged.connect(
            lambda v: setattr(self.tools.ctx, "line_width", v))
        opts.addWidget(self.width_spin)
        self.smooth_check = QCheckBox("Smooth")
        self.smooth_check.setChecked(self.tools.ctx.line_smooth)
        self.smooth_check.toggled.connect(lambda on: setattr(self.tools.ctx, "line_smooth", on))
        opts.addWidget(self.smooth_check)
        opts.addSeparator()
        opts.addAction(self.tools.snap_grid)
        opts.addAction(self.tools.snap_bases)
        opts.addAction(self.tools.arrange_line)
        opts.addAction(self.tools.arrange_column)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, opts)
        self.options = opts
        self._fill_side_combo()

    def _line_type_chosen(self, _i: int) -> None:
        t = TerrainType(self.line_combo.currentData())
        self.tools.ctx.set_line_type(t)
        self.width_spin.setValue(DEFAULT_LINE_WIDTH[t])

    def _fill_side_combo(self) -> None:
        if not hasattr(self, "side_combo"):
            return
        self.side_combo.clear()
        for side in self.doc.scenario.sides:
            self.side_combo.addItem(side.name, side.id)
        i = self.side_combo.findData(self.tools.ctx.side_id)
        self.side_combo.setCurrentIndex(max(i, 0))
        if self.side_combo.currentData() is not None:
            self.tools.ctx.side_id = self.side_combo.currentData()

    def choose_side(self, side_id: str) -> None:
        self.side_combo.setCurrentIndex(self.side_combo.findData(side_id))
        self.tools.ctx.side_id = side_id
        self.tools.overlayChanged.emit()

    def _show_position(self, pos: QPointF | None) -> None:
        self.scenario = self.doc.scenario if hasattr(self, "doc") else self.scenario
        super()._show_position(pos)

    def fill_sides_menu(self) -> None:
        fill_sides_menu(self.sides_menu, self.doc, self,
                        lambda m: self.statusBar().showMessage(m, 8000))


_SHORT = {
    "select": "Select", "vertex": "Points", "wheel": "Wheel", "polygon": "Area",
    "rectangle": "Rect", "ellipse": "Ellipse", "polyline": "Line", "bridge": "Bridge",
    "ford": "Ford", "place_line_infantry": "Line inf", "place_light_infantry": "Light inf",
    "place_cavalry": "Cavalry", "place_foot_artillery": "Foot art",
    "place_horse_artillery": "Horse art", "place_commander": "C-in-C",
    "place_general": "General", "place_adc": "ADC", "objective": "Objective",
    "zone": "Zone",
}


def _single_key(a: QAction) -> bool:
    """Is the action's shortcut one plain key (no Ctrl or Alt)?"""
    k = a.shortcut()
    if k.isEmpty():
        return False
    combo = k[0]  # type: ignore[index]  # QKeySequence.operator[]
    mods = combo.keyboardModifiers() & ~Qt.KeyboardModifier.ShiftModifier
    return mods == Qt.KeyboardModifier.NoModifier


def _short(name: str, text: str) -> str:
    return _SHORT.get(name, text)


def _slug(title: str) -> str:
    out = "".join(c.lower() if c.isalnum() else "_" for c in title).strip("_")
    return "_".join(x for x in out.split("_") if x) or "scenario"
