"""The scenario editor: the table window plus a document, tools, panels and menus.

`EditorWindow` reuses the viewer's scene, view and items (TableWindow) and adds
what editing needs: a Document with its undo stack, the tool palette and tool
options (desktop.ui.editor.tool_bars), the properties, roster, problems and
history docks, and the File / Edit / Scenario menus.  Opening, saving, the
unsaved-changes prompts, recent files and export come from EditorFiles
(desktop.ui.editor.files), whose `ask_*` methods tests replace to answer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QUndoView, QWidget

from desktop.scenario.edits import clipboard
from desktop.scenario.edits.base import all_ids
from desktop.scenario.edits.changes import Changes
from desktop.scenario.edits.clipboard import Clip
from desktop.scenario.edits.presets import PRESETS, new_scenario
from desktop.scenario.edits.table import set_deployment_zone
from desktop.scenario.model import Scenario
from desktop.ui import commands as C
from desktop.ui.document import Document
from desktop.ui.doors import add_play_action
from desktop.ui.editor.balance import BalanceFeature
from desktop.ui.editor.files import EditorFiles
from desktop.ui.editor.options import RulesetOptionsDialog
from desktop.ui.editor.problems import ProblemsDock
from desktop.ui.editor.properties import PropertiesDock
from desktop.ui.editor.roster import EditableRosterDock
from desktop.ui.editor.settings import SettingsDialog
from desktop.ui.editor.sides import fill_sides_menu
from desktop.ui.editor.tool_bars import ToolOptions, ToolPalette
from desktop.ui.editor.victory import VictoryDialog
from desktop.ui.help import add_help_menu
from desktop.ui.plaintext import literal, no_mnemonic, plain_label
from desktop.ui.table_window import APP_NAME
from desktop.ui.tools import ToolEvent, ToolManager
from desktop.ui.tools.bridge import ViewBridge


class EditorWindow(EditorFiles):
    """The main window in editing mode."""

    def __init__(self, parent: QWidget | None = None, *,
                 autosave_dir: str | os.PathLike[str] | None = None,
                 settings: QSettings | None = None) -> None:
        self._autosave_dir = autosave_dir
        self._settings = settings
        super().__init__(parent)
        self.setObjectName("editor")
        self.clip = Clip()
        self._paste_count = 0
        self.doc = self._new_document(new_scenario(PRESETS[0]), None)
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
        self.options.fill_sides(doc.scenario.sides)
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

    def _doc_changed(self, ch: Changes) -> None:
        s = self.doc.scenario
        self.scenario = s
        if ch.terrain and self.tools.current.busy and not ch.table:
            # a drag reshapes terrain: lift it out of the cached background meanwhile
            self.scene.float_terrain(ch.terrain & {f.id for f in s.terrain})
        self.scene.set_scenario(s)
        if ch.sides or ch.everything:
            self.options.fill_sides(s.sides)
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

    def show_scenario(self, scenario: Scenario | None, path: Path | None = None) -> None:
        """The viewer's entry point: in the editor it opens a document on the value."""
        if scenario is None:
            scenario = new_scenario()
        if not hasattr(self, "tools"):
            super().show_scenario(scenario, path)
            return
        self.set_document(self._new_document(scenario, path))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.balance.shutdown()
        self.doc.close()
        super().closeEvent(event)

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
        self.clip = clipboard.copy(self.doc.scenario, self.doc.selection)
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
        clip = clipboard.copy(self.doc.scenario, self.doc.selection)
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
        self.doc.select(all_ids(self.doc.scenario)
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
            new = set_deployment_zone(new, sid, None)
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
        for i, preset in enumerate(PRESETS):
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
        self.palette_bar = ToolPalette(self.tools, self)
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, self.palette_bar)
        self.options = ToolOptions(self.tools, self)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.options)
        self.options.fill_sides(self.doc.scenario.sides)

    def _show_position(self, pos: QPointF | None) -> None:
        self.scenario = self.doc.scenario if hasattr(self, "doc") else self.scenario
        super()._show_position(pos)

    def fill_sides_menu(self) -> None:
        fill_sides_menu(self.sides_menu, self.doc, self,
                        lambda m: self.statusBar().showMessage(m, 8000))


def _single_key(a: QAction) -> bool:
    """Is the action's shortcut one plain key (no Ctrl or Alt)?"""
    k = a.shortcut()
    if k.isEmpty():
        return False
    combo = k[0]  # type: ignore[index]  # QKeySequence.operator[]
    mods = combo.keyboardModifiers() & ~Qt.KeyboardModifier.ShiftModifier
    return mods == Qt.KeyboardModifier.NoModifier
