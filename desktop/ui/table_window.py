"""The table window: the table, the roster dock, menus and the status bar, wired.

The viewer (desktop.ui.main_window) and the editor (desktop.ui.editor.window)
both build on it; it knows neither, nor the play window, so none of them
import each other in a circle. It holds no rules and little logic: it loads a
file through the core, hands the scenario to the scene and the roster, and
routes actions to the view.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from desktop.scenario import Scenario, ScenarioError, load
from desktop.ui.first_frame import right_after_first_frame
from desktop.ui.roster import RosterDock
from desktop.ui.table import TableScene, TableView
from desktop.ui.table.measure import fmt_length, fmt_size

APP_NAME = "Volley"


class TableWindow(QMainWindow):
    """What the viewer and the editor share: the table, the roster, File and View."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.path: Path | None = None
        self.scene = TableScene(self)
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        self.roster = RosterDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.roster)
        self._roster_sized = False
        #: Set before the first show_scenario of a window about to be shown: its
        #: roster's tables come right after its first frame, not in it (app.run).
        self.roster_after_first_frame = False
        self._position = QLabel()
        self._position.setMinimumWidth(190)
        self.statusBar().addPermanentWidget(self._position)
        self.view.cursor_moved.connect(self._show_position)
        self._make_menus()
        self._update_title()

    # --- actions ---------------------------------------------------------------------

    def _action(self, text: str, slot, *keys: QKeySequence | QKeySequence.StandardKey | str,
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        return action

    def _make_menus(self) -> None:
        m = self.menuBar().addMenu("&File")
        self.open_action = self._action("&Open…", self.choose_file, QKeySequence.StandardKey.Open)
        m.addAction(self.open_action)
        self.print_action = self._action("&Print…", self.print_sheets,
                                         QKeySequence.StandardKey.Print)
        self.print_action.setStatusTip(
            "Print roster sheets, officer cards, the map and a quick reference")
        m.addAction(self.print_action)
        m.addSeparator()
        m.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit, "Ctrl+Q"))
        v = self.menuBar().addMenu("&View")
        self.zoom_in_action = self._action("Zoom &in", self.view.zoom_in, "Ctrl+=", "Ctrl++")
        self.zoom_out_action = self._action("Zoom &out", self.view.zoom_out, "Ctrl+-")
        self.fit_action = self._action("&Fit to table", self.view.fit_table, "F", "Ctrl+0")
        self.grid_action = self._action("Show &grid", self.view.set_grid_visible, "G",
                                        checkable=True)
        self.view.grid_toggled.connect(self.grid_action.setChecked)
        for a in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            v.addAction(a)
        v.addSeparator()
        v.addAction(self.grid_action)
        roster = self.roster.toggleViewAction()
        roster.setText("&Roster")
        v.addAction(roster)

    def print_sheets(self) -> None:
        """File > Print…; reportlab is imported only now, keeping start-up quick."""
        if self.scenario is None:
            from PySide6.QtWidgets import QMessageBox  # its class loads when first used

            QMessageBox.information(self, "Print", "Open a scenario first.")
            return
        from desktop.ui.print_dialog import PrintDialog

        self._print_dialog = PrintDialog(self.scenario, self, self.path)
        self._print_dialog.open()

    # --- files -----------------------------------------------------------------------

    def choose_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # its class loads when first used

        start = str(self.path.parent) if self.path else ""
        name, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", start, "Volley scenarios (*.yaml *.yml);;All files (*)")
        if name:
            self.open_file(Path(name))

    def open_file(self, path: Path) -> bool:
        """Load and show a scenario; on a bad file say why and keep what is shown."""
        try:
            scenario = load(path)
        except ScenarioError as e:
            from desktop.ui.dialogs import show_scenario_error  # only a bad file needs it

            show_scenario_error(self, path, e)
            return False
        self.show_scenario(scenario, path)
        return True

    def show_scenario(self, scenario: Scenario | None, path: Path | None = None) -> None:
        first = self.scenario is None or scenario is None or (
            self.scenario.table != scenario.table)
        self.scenario, self.path = scenario, path
        self.scene.set_scenario(scenario)
        if self.roster_after_first_frame and scenario is not None:
            self.roster_after_first_frame = False
            self.roster.reserve(scenario)
            right_after_first_frame(self, lambda: self.roster.set_scenario(self.scenario))
        else:
            self.roster.set_scenario(scenario)
        if scenario is not None and not self._roster_sized:
            # Once, for the first scenario: after that the width is the user's.
            self._roster_sized = True
            self.resizeDocks([self.roster], [self.roster.sizeHint().width()],
                             Qt.Orientation.Horizontal)
        # A square-grid scenario is played on its squares: show them from the start.
        self.view.set_grid_visible(bool(scenario and scenario.table.grid))
        if first:
            self.view.fit_table()
        self._update_title()
        if scenario is not None:
            t = scenario.table
            self.statusBar().showMessage(
                f"{scenario.title} — table {fmt_size(t.width, t.depth, t.unit)}", 8000)

    def _update_title(self) -> None:
        if self.scenario is None:
            self.setWindowTitle(APP_NAME)
            return
        where = f" ({self.path.name})" if self.path else ""
        self.setWindowTitle(f"{self.scenario.title}{where} — {APP_NAME}")

    def _show_position(self, pos: QPointF | None) -> None:
        if pos is None or self.scenario is None:
            self._position.clear()
            return
        lu = self.scenario.table.unit
        self._position.setText(f"x {fmt_length(pos.x(), lu)}   y {fmt_length(pos.y(), lu)}")
