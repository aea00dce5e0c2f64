"""The play window: the table, the phase bar, the docks, and the game.

It knows no rules: it shows what the session and the ruleset's play view
(``desktop.rules.view.PlayView``) say and applies the actions the player
makes.  The table is helper-1's `TableScene` and `TableView`, fed a scenario
rebuilt from the game's pieces after every step; everything the game adds
(bands, ghost, targets, badges, ruler, sight lines) is an item of
desktop.ui.play.items in the same scene.

The window owns the state; the work is done by small parts it owns:
:class:`~desktop.ui.play.acting.Acting` (actions, undo, the computer's turns),
:class:`~desktop.ui.play.selecting.Selection` (selection, card, targets,
badges), :class:`~desktop.ui.play.dragging.Dragging` (drags, proposals,
deployment) and :class:`~desktop.ui.play.phasing.Phasing` (phase bar, chart),
and :class:`~desktop.ui.play.figures.Figures` (figures, groups, flicks),
beside the measuring and replay tools it mixes in.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QColor, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFrame,
    QGraphicsItem,
    QLabel,
    QMainWindow,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.play.allowance import Probe
from desktop.play.log import LogLine, step_lines
from desktop.play.measure import Units
from desktop.play.session import Session, Setup
from desktop.rules import registry
from desktop.rules.engine import Action, Game
from desktop.rules.view import PlayView, view_of
from desktop.scenario.model import Base, Scenario
from desktop.scenario.vocabulary import Formation
from desktop.ui import icons
from desktop.ui.help import add_help_menu
from desktop.ui.plaintext import plain_label
from desktop.ui.play.acting import Acting
from desktop.ui.play.briefing import BriefingCard
from desktop.ui.play.computer_turns import ComputerTurns, add_computer_menu
from desktop.ui.play.dice_tray import DiceTray
from desktop.ui.play.dragging import Dragging
from desktop.ui.play.drags import Drag
from desktop.ui.play.figures import Figures
from desktop.ui.play.grid_labels import GridLabels, grid_game
from desktop.ui.play.interaction import Interaction
from desktop.ui.play.items import (
    BadgeItem,
    BandsItem,
    GhostItem,
    LabelItem,
    MarkItem,
    PolylineItem,
    SightItem,
    TrailItem,
)
from desktop.ui.play.keeping import Keeping
from desktop.ui.play.measuring import Measuring
from desktop.ui.play.panels import LogView, OddsChart, PhaseBar, StrengthChart, UnitCard
from desktop.ui.play.phasing import Phasing
from desktop.ui.play.place_items import Places
from desktop.ui.play.printing import add_game_file_actions
from desktop.ui.play.quiet_tips import QuietTips
from desktop.ui.play.replaying import Records
from desktop.ui.play.selecting import Selection
from desktop.ui.play.victory_panel import VictoryPanel
from desktop.ui.table import TableScene, TableView

APP_NAME = "Volley"

__all__ = ["APP_NAME", "Drag", "PlayWindow", "display_scenario"]


def display_scenario(game: Game, adapter: PlayView) -> Scenario:
    """The scenario with every piece where the game has it (pieces that left, gone)."""
    pcs = adapter.pieces()
    sides = []
    for s in game.scenario.sides:
        units = []
        for u in s.units:
            p = pcs.get(u.id)
            if p is None or not p.present:
                continue
            form = u.formation
            if p.formation:
                with contextlib.suppress(ValueError):
                    form = Formation(p.formation)
            units.append(replace(u, position=(p.x, p.y), facing=p.facing,
                                 base=Base(p.frontage, p.depth), formation=form))
        officers = []
        for o in s.officers:
            p = pcs.get(o.id)
            if p is None:
                officers.append(o)
                continue
            officers.append(replace(o, position=(p.x, p.y), facing=p.facing))
        sides.append(replace(s, units=tuple(units), officers=tuple(officers)))
    return replace(game.scenario, sides=tuple(sides))




class PlayWindow(QMainWindow):
    #: Milliseconds before each computer action; None: the pace the person
    #: chose (Game ▸ Computer pace).  Tests set 0.
    computer_delay: int | None = None

    def __init__(self, parent: QWidget | None = None,
                 autosave_dir: Path | None = None) -> None:
        super().__init__(parent)
        #: Puts names in place of ids in the log, tray and messages (set per game).
        self.namer: Callable[[str], str] = str
        self.setWindowIcon(icons.app_icon())
        self.session: Session | None = None
        self.setup: Setup | None = None
        self.deploying = False
        self.deploy_history: list[Scenario] = []
        self.replay_at: int | None = None  # showing the game after this many actions
        self.replay_game: Game | None = None
        self.path: Path | None = None
        self.selected: str | None = None
        self.drag: Drag | None = None
        self.proposal: Drag | None = None
        self.tool = "select"
        self.units_mode = Units.TABLE
        self.show_arcs = True
        self.last_message = ""
        self._announced = False
        self.victory_dialog: QDialog | None = None
        # the parts that do the work
        self.acting = Acting(self)
        self.keeping = Keeping(self, autosave_dir)
        self.records = Records(self)
        self.measuring = Measuring(self)
        self.selection = Selection(self)
        self.dragging = Dragging(self)
        self.phasing = Phasing(self)
        # the table
        self.scene = TableScene(self)
        self.view = TableView(self.scene, self)
        self.interaction = Interaction(self)
        self.grid_labels = GridLabels(self.scene)  # square names along the edges (grid games)
        self.view.viewport().installEventFilter(self.interaction)
        self.quiet_tips = QuietTips(self)  # no tooltip over a ruler or a sight line
        self.phase_bar = PhaseBar(self)
        centre = QWidget()
        cl = QVBoxLayout(centre)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(0)
        cl.addWidget(self.phase_bar)
        cl.addWidget(self.view, 1)
        self.setCentralWidget(centre)
        # docks
        self.card = UnitCard()
        self.odds = OddsChart()
        self.dice = DiceTray()
        self.log = LogView()
        self.chart = StrengthChart()
        self.victory_panel = VictoryPanel()
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        # the odds take the height they need (desktop.ui.play.panels.OddsChart), the
        # card the rest: it scrolls when the odds need the room
        self.card_pages = QScrollArea()
        self.card_pages.setWidgetResizable(True)
        self.card_pages.setFrameShape(QFrame.Shape.NoFrame)
        self.card_pages.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.card_pages.setWidget(self.card)
        rl.addWidget(self.card_pages, 1)
        rl.addWidget(self.odds, 0)
        self.unit_dock = self._dock("Unit", right, Qt.DockWidgetArea.RightDockWidgetArea)
        self.victory_dock = self._dock("Victory", self.victory_panel,
                                       Qt.DockWidgetArea.RightDockWidgetArea)
        self.dice_dock = self._dock("Dice", self.dice, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_dock = self._dock("Log", self.log, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.log.setMinimumWidth(250)
        right.setMinimumWidth(300)
        self.chart_dock = self._dock("Strength", self.chart, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.resizeDocks([self.log_dock, self.unit_dock], [300, 330], Qt.Orientation.Horizontal)
        self.resizeDocks([self.log_dock, self.chart_dock], [560, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.unit_dock, self.victory_dock, self.dice_dock], [330, 420, 120],
                         Qt.Orientation.Vertical)
        self.status = plain_label()  # messages name units: shown as they are
        self.statusBar().addWidget(self.status, 1)
        self.position_label = QLabel()
        self.statusBar().addPermanentWidget(self.position_label)
        self.view.cursor_moved.connect(self._show_position)
        # overlay items
        self.ghost: GhostItem | None = None
        self.trail: TrailItem | None = None
        self.bands_item: BandsItem | None = None
        self.cursor_label = LabelItem()
        self.scene.addItem(self.cursor_label)
        self.marks: list[MarkItem] = []
        self.target_marks: dict[str, MarkItem] = {}
        self.badges: list[BadgeItem] = []
        self.arc_items: list[QGraphicsItem] = []
        self.ruler_points: list[tuple[float, float]] = []
        self.ruler_reading = ""
        self.ruler_start_piece: str | None = None
        self.ruler_item = PolylineItem()
        self.scene.addItem(self.ruler_item)
        self.sight_from: str | None = None
        self.sight_item: SightItem | None = None
        self.figures = Figures(self)
        self.computer = ComputerTurns(self)
        self.briefing = BriefingCard(self.view)  # over the table (Game ▸ Briefing)
        self.briefing.dismissed.connect(self.computer.release)
        self.places = Places()  # the places a side must fill with figures
        self._make_menus()
        add_help_menu(self)  # Help, last (desktop.ui.help)
        self.setWindowTitle(APP_NAME)

    # --- building ---------------------------------------------------------------------

    def _dock(self, title: str, w: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(title)
        d.setWidget(w)
        d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                      | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, d)
        return d

    def _tool_toggled(self, tool: str, on: bool) -> None:
        if on:
            self.measuring.set_tool(tool)

    def _act(self, text: str, slot, *keys: str | QKeySequence.StandardKey,
             checkable: bool = False) -> QAction:
        a = QAction(text, self)
        a.setShortcuts([QKeySequence(k) for k in keys])
        a.setCheckable(checkable)
        (a.toggled if checkable else a.triggered).connect(slot)
        self.addAction(a)
        return a

    def _make_menus(self) -> None:
        g = self.menuBar().addMenu("&Game")
        self.save_action = self._act("&Save game…", self.records.choose_save,
                                     QKeySequence.StandardKey.Save)
        self.open_action = self._act("&Open game…", self.records.choose_open,
                                     QKeySequence.StandardKey.Open)
        self.replay_action = self._act("&Replay this game", self.records.enter_replay, "Ctrl+R")
        g.addAction(self.save_action)
        g.addAction(self.open_action)
        g.addAction(self.replay_action)
        self.briefing_action = self._act("&Briefing", self.show_briefing, "Ctrl+B")
        g.addAction(self.briefing_action)
        # Print… and Edit scenario… (desktop.ui.play.printing)
        self.print_action, self.edit_action = add_game_file_actions(self, g)
        g.addSeparator()
        self.end_action = self._act("&End phase", self.end_phase, "N")
        self.undo_action = self._act("&Undo move", self.undo, QKeySequence.StandardKey.Undo)
        g.addAction(self.end_action)
        g.addAction(self.undo_action)
        g.addSeparator()
        add_computer_menu(self, self.computer, g)
        g.addSeparator()
        g.addAction(self._act("&Close", self.close, "Ctrl+W"))
        t = self.menuBar().addMenu("&Tools")
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for key, label, sc in (("select", "&Select and move", "S"), ("ruler", "&Ruler", "R"),
                               ("sight", "&Line of sight", "L")):
            a = self._act(label, functools.partial(self._tool_toggled, key), sc, checkable=True)
            group.addAction(a)
            t.addAction(a)
            self.tool_actions[key] = a
        self.tool_actions["select"].setChecked(True)
        t.addSeparator()
        self.arcs_action = self._act("Show &ranges and arcs", self._toggle_arcs, "A",
                                     checkable=True)
        self.arcs_action.setChecked(True)
        t.addAction(self.arcs_action)
        self.units_action = self._act("Measure in &spans / squares",
                                      self.measuring.cycle_units, "U")
        t.addAction(self.units_action)
        v = self.menuBar().addMenu("&View")
        v.addAction(self._act("Zoom &in", self.view.zoom_in, "Ctrl+="))
        v.addAction(self._act("Zoom &out", self.view.zoom_out, "Ctrl+-"))
        v.addAction(self._act("&Fit to table", self.view.fit_table, "F"))
        v.addAction(self._act("Show &grid", self.view.toggle_grid, "G"))
        for d in (self.log_dock, self.chart_dock, self.victory_dock, self.dice_dock):
            v.addAction(d.toggleViewAction())

    # --- starting ---------------------------------------------------------------------

    def begin_deployment(self, setup: Setup) -> None:
        """Show the scenario; units may be dragged inside their zones until Begin."""
        self.setup = setup
        self.deploying = True
        self.deploy_history = []
        self.session = None
        self.scene.set_scenario(setup.scenario)
        self.view.set_grid_visible(setup.scenario.table.grid is not None)
        self.grid_labels.show(setup.scenario.table if grid_game(setup.ruleset) else None)
        self.view.fit_table()
        self._title()
        self.refresh()

    def start(self, setup: Setup | None = None) -> Session:
        """Start the game (after deployment, if any)."""
        setup = setup or self.setup
        assert setup is not None
        self.deploying = False
        self.setup = setup
        session = Session.start(setup)
        self.load_session(session)
        return session

    def load_session(self, session: Session, saved: bool = True) -> None:
        """Show `session`; `saved`: it is as last saved or opened (else it counts as unsaved)."""
        self.session = session
        self.setup = session.setup
        self.deploying = False
        self.replay_at = None
        self.replay_game = None
        self._announced = False
        self.selected = None
        self._clear_move()
        self.figures.new_game()
        self.computer.new_game()
        self.units_mode = Units(session.play_view.measure_in)
        self.scene.set_scenario(display_scenario(session.game, session.play_view))
        self.view.set_grid_visible(session.game.scenario.table.grid is not None)
        self.grid_labels.show(session.game.scenario.table
                              if grid_game(session.setup.ruleset) else None)
        self.view.fit_table()
        self.log.clear()
        self.namer = session.play_view.names_in
        self.dice.face_of = session.play_view.die_face
        self.log.add_lines([LogLine("phase" if e.kind in ("phase", "turn") else "event",
                                    self.namer(e.text), -1) for e in session.opening])
        for st in session.steps:
            self.log.add_lines(step_lines(st, session.side_name(st.side), self.namer))
        self.records.show_live_dice()
        if saved:
            self.keeping.mark_saved()
        else:
            self.keeping.mark_unsaved()
        self._title()
        self.refresh()

    def show_briefing(self, at_start: bool = False) -> None:
        """The scenario's briefing on a card over the table (Game ▸ Briefing); at the
        start of a battle its button begins it, later it goes back to it."""
        if self.setup is None:
            return
        self.briefing.show_for(self.setup.scenario, self.setup.ruleset, started=not at_start)
        self.computer.hold()  # the computer waits until the card is put away

    def briefing_up(self) -> bool:
        """Is the briefing card over the table (the computer waits until it goes)?"""
        return not self.briefing.isHidden()

    def _title(self) -> None:
        sc = self.setup.scenario if self.setup else None
        if sc is None:
            self.setWindowTitle(APP_NAME)
            return
        # the ruleset's name, not its id, during deployment too
        rs = (self.session.game.ruleset if self.session
              else registry.get(self.setup.ruleset) if self.setup else None)
        self.setWindowTitle(f"{sc.title} — {rs.name} — {APP_NAME}" if rs
                            else f"{sc.title} — {APP_NAME}")

    # --- what is shown ----------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        if self.replay_game is not None:
            return self.replay_game
        return self.session.game if self.session else None

    @property
    def play_view(self) -> PlayView | None:
        g = self.game
        if g is None:
            return None
        if self.session is not None and g is self.session.game:
            return self.session.play_view
        return view_of(g)

    def side_colour(self, side: str | None, ink: bool = False) -> str:
        """A side's colour; with `ink`, darkened if too pale to read on white."""
        sc = self.setup.scenario if self.setup else None
        colour = "#888888"
        if sc is not None and side is not None:
            for s in sc.sides:
                if s.id == side:
                    colour = s.colour
        c = QColor(colour)
        if ink and c.lightness() > 170:
            return c.darker(260).name()
        return colour

    def interactive(self) -> bool:
        """May the person act on the table now?"""
        s = self.session
        return s is not None and self.replay_at is None and s.person_to_act()

    def refresh(self) -> None:
        """Bring every panel and overlay up to date with the game."""
        self.selection.clear_marks()
        if self.deploying and self.setup is not None:
            self.phasing.deployment()
            return
        g, a = self.game, self.play_view
        if g is None or a is None:
            self.phase_bar.set_state("No game", "#888", "", "")
            self.phase_bar.set_buttons([])
            return
        self.scene.set_scenario(display_scenario(g, a))
        self.figures.sync_figures()
        self.selection.badges()
        self.phasing.show()
        if self.selected is not None and self.selected not in a.pieces():
            self.selected = None
        self.selection.show()
        self.phasing.chart()
        self.undo_action.setEnabled(self.proposal is not None or (
            self.session is not None and self.replay_at is None and self.session.can_undo()))
        self.end_action.setEnabled(self.interactive())
        if g.outcome is not None and self.replay_at is None and not self._announced:
            self._announced = True
            QTimer.singleShot(0, self.records.announce_victory)
        self.keeping.changed()
        self.computer.after_refresh()


    # --- the parts: thin doors the tests, the mouse and the mixins knock on ---------------

    # selection, card, targets (desktop.ui.play.selecting)
    def select(self, pid: str | None) -> None:
        self.selection.select(pid)

    def _show_selection(self) -> None:
        self.selection.show()

    def target_action(self, pid: str) -> Action | None:
        return self.selection.target_action(pid)

    def hover(self, pt: tuple[float, float]) -> None:
        self.selection.hover(pt)

    def hover_target(self, tid: str) -> None:
        self.selection.hover_target(tid)

    def attack(self, tid: str) -> None:
        self.selection.attack(tid)

    def piece_at(self, pt: tuple[float, float]) -> str | None:
        return self.selection.piece_at(pt)

    # acting (desktop.ui.play.acting)
    def do(self, action: Action | str) -> bool:
        return self.acting.do(action)

    def end_phase(self) -> bool:
        return self.acting.end_phase()

    def undo(self) -> None:
        self.acting.undo()

    def computer_step(self) -> None:
        """The computer's next action now (it is chosen off the GUI thread)."""
        self.computer.go_on()

    def message(self, text: str, error: bool = False) -> None:
        self.last_message = text
        self.status.setStyleSheet("color: #b22222;" if error else "")
        self.status.setText(text)

    def refusal(self, reason: str) -> str:
        """The engine's reason for refusing a move or an action, as the player reads
        it: the ids in it named (issue 34: "would end on top of fra_art").  Every
        refusal the window shows (the note beside a dragged piece, the status bar)
        comes through here from the engine or the view."""
        return self.namer(reason)

    # moving (desktop.ui.play.dragging)
    def can_drag(self, pid: str) -> bool:
        return self.dragging.can_drag(pid)

    def in_ghost(self, pt: tuple[float, float]) -> bool:
        return self.dragging.in_ghost(pt)

    def near_handle(self, pt: tuple[float, float]) -> bool:
        return self.dragging.near_handle(pt)

    def begin_drag(self, pid: str, at: tuple[float, float] | None = None) -> bool:
        return self.dragging.begin(pid, at)

    def drag_to(self, at: tuple[float, float]) -> Probe | None:
        return self.dragging.to(at)

    def end_drag(self, at: tuple[float, float] | None = None) -> bool:
        return self.dragging.end(at)

    def propose_move(self, pid: str, x: float, y: float,
                     facing: float | None = None) -> Probe | None:
        return self.dragging.propose(pid, x, y, facing)

    def pivot(self, degrees: float) -> bool:
        return self.dragging.pivot(degrees)

    def pivot_towards(self, pt: tuple[float, float]) -> None:
        self.dragging.pivot_towards(pt)

    def refresh_probe(self) -> None:
        self.dragging.refresh_probe()

    def place_label(self, at: tuple[float, float]) -> None:
        self.dragging.place_label(at)

    def commit_move(self) -> bool:
        return self.dragging.commit()

    def cancel_move(self) -> None:
        self.dragging.cancel()

    def _clear_move(self) -> None:
        self.dragging.clear()

    # --- arcs -------------------------------------------------------------------------------

    def _toggle_arcs(self, on: bool) -> None:
        self.show_arcs = on
        self._show_selection()

    # --- keys -------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.replay_at is not None:
            k = event.key()
            moves: dict[int, int] = {Qt.Key.Key_Right: 1, Qt.Key.Key_Left: -1}
            if k in moves:
                self.records.replay_step(moves[k])
                return
            if k == Qt.Key.Key_Home:
                self.records.replay_to(0)
                return
            if k == Qt.Key.Key_End and self.session is not None:
                self.records.replay_to(len(self.session.steps))
                return
        if self.interaction.key(event):
            return
        super().keyPressEvent(event)

    def ask_save_changes(self) -> str:
        """'save', 'discard' or 'cancel' for an unsaved game (tests replace it)."""
        return self.keeping.ask_save_changes()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.keeping.closing():
            event.ignore()
            return
        super().closeEvent(event)

    def _show_position(self, pos: QPointF | None) -> None:
        sc = self.setup.scenario if self.setup else None
        if pos is None or sc is None:
            self.position_label.clear()
            return
        self.position_label.setText(f"x {pos.x():.1f}   y {pos.y():.1f}")
