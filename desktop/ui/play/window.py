"""The play window: the table, the phase bar, the docks, and the game.

It knows no rules: it shows what the session and its adapter say and applies
the actions the player makes.  The table is helper-1's `TableScene` and
`TableView`, fed a scenario rebuilt from the game's pieces after every step;
everything the game adds (bands, ghost, targets, badges, ruler, sight lines)
is an item of desktop.ui.play.items in the same scene.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)
from shapely.geometry import Point as SPoint

from desktop.play.allowance import Bands, Probe, compute_bands, probe
from desktop.play.log import LogLine, Namer, dice_of, step_lines
from desktop.play.measure import (
    Units,
    fmt_distance,
    square_centre,
)
from desktop.play.session import Seat, Session, Setup, deploy, deploy_problem, series_by_turn
from desktop.rules.engine import Action, Game, IllegalAction
from desktop.rules.randomplay import random_action
from desktop.rules.view import PlayView, subject, target_of, view_of
from desktop.rules.view_values import PieceInfo
from desktop.scenario.model import Base, Scenario
from desktop.scenario.vocabulary import Formation
from desktop.ui import icons
from desktop.ui.plaintext import esc, literal, plain_label
from desktop.ui.play.figures import FigureTools
from desktop.ui.play.interaction import Interaction
from desktop.ui.play.items import (
    ILLEGAL,
    LEGAL,
    TARGET,
    BadgeItem,
    BandsItem,
    GhostItem,
    LabelItem,
    MarkItem,
    PolylineItem,
    SightItem,
    TrailItem,
    arc_items,
)
from desktop.ui.play.measuring import MeasuringTools
from desktop.ui.play.panels import DiceTray, LogView, OddsChart, PhaseBar, StrengthChart, UnitCard
from desktop.ui.play.replaying import RecordsAndReplay
from desktop.ui.table import TableScene, TableView

APP_NAME = "Volley"
#: The computer player thinks here, never on the GUI thread.
_COMPUTER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="volley-computer")


@dataclass
class Drag:
    pid: str
    piece: PieceInfo
    offset: tuple[float, float]  # cursor minus centre at the press
    bands: Bands | None
    x: float
    y: float
    facing: float
    probe: Probe | None = None
    #: Figures moved together with `pid` (a group move), and their ghosts.
    members: tuple[str, ...] = ()
    ghosts: list[GhostItem] = field(default_factory=list)


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


def _face(card: object) -> str:
    """'QD' as 'Q♦' for captions."""
    from desktop.rules.blown_away.view import card_face

    return card_face(str(card))


class PlayWindow(FigureTools, MeasuringTools, RecordsAndReplay, QMainWindow):
    #: Milliseconds before the computer takes its action (0 in tests).
    computer_delay = 250

    def __init__(self, parent: QWidget | None = None) -> None:
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
        self._thinking: tuple[Future[Action], Session, int] | None = None
        # the table
        self.scene = TableScene(self)
        self.view = TableView(self.scene, self)
        self.interaction = Interaction(self)
        self.view.viewport().installEventFilter(self.interaction)
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
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.card, 3)
        rl.addWidget(self.odds, 2)
        self.unit_dock = self._dock("Unit", right, Qt.DockWidgetArea.RightDockWidgetArea)
        self.dice_dock = self._dock("Dice", self.dice, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_dock = self._dock("Log", self.log, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.log.setMinimumWidth(250)
        right.setMinimumWidth(300)
        self.chart_dock = self._dock("Strength", self.chart, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.resizeDocks([self.log_dock, self.unit_dock], [300, 330], Qt.Orientation.Horizontal)
        self.resizeDocks([self.log_dock, self.chart_dock], [560, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.unit_dock, self.dice_dock], [700, 130], Qt.Orientation.Vertical)
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
        self.arc_items: list = []
        self.ruler_points: list[tuple[float, float]] = []
        self.ruler_start_piece: str | None = None
        self.ruler_item = PolylineItem()
        self.scene.addItem(self.ruler_item)
        self.sight_from: str | None = None
        self.sight_item: SightItem | None = None
        self._init_figures()
        self._make_menus()
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
        self.save_action = self._act("&Save game…", self.choose_save,
                                     QKeySequence.StandardKey.Save)
        self.open_action = self._act("&Open game…", self.choose_open,
                                     QKeySequence.StandardKey.Open)
        self.replay_action = self._act("&Replay this game", self.enter_replay, "Ctrl+R")
        g.addAction(self.save_action)
        g.addAction(self.open_action)
        g.addAction(self.replay_action)
        g.addSeparator()
        self.end_action = self._act("&End phase", self.end_phase, "N")
        self.undo_action = self._act("&Undo move", self.undo, QKeySequence.StandardKey.Undo)
        g.addAction(self.end_action)
        g.addAction(self.undo_action)
        g.addSeparator()
        g.addAction(self._act("&Close", self.close, "Ctrl+W"))
        t = self.menuBar().addMenu("&Tools")
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for key, label, sc in (("select", "&Select and move", "S"), ("ruler", "&Ruler", "R"),
                               ("sight", "&Line of sight", "L")):
            a = self._act(label, lambda on, k=key: on and self.set_tool(k), sc, checkable=True)
            group.addAction(a)
            t.addAction(a)
            self.tool_actions[key] = a
        self.tool_actions["select"].setChecked(True)
        t.addSeparator()
        self.arcs_action = self._act("Show &ranges and arcs", self._toggle_arcs, "A",
                                     checkable=True)
        self.arcs_action.setChecked(True)
        t.addAction(self.arcs_action)
        self.units_action = self._act("Measure in &spans / squares", self.cycle_units, "U")
        t.addAction(self.units_action)
        v = self.menuBar().addMenu("&View")
        v.addAction(self._act("Zoom &in", self.view.zoom_in, "Ctrl+="))
        v.addAction(self._act("Zoom &out", self.view.zoom_out, "Ctrl+-"))
        v.addAction(self._act("&Fit to table", self.view.fit_table, "F"))
        v.addAction(self._act("Show &grid", self.view.toggle_grid, "G"))
        for d in (self.log_dock, self.chart_dock, self.dice_dock):
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

    def load_session(self, session: Session) -> None:
        self.session = session
        self.setup = session.setup
        self.deploying = False
        self.replay_at = None
        self.replay_game = None
        self._announced = False
        self.selected = None
        self._clear_move()
        self.group, self.fell_shooter, self.fell_pick = [], None, []
        self.cancel_aim()
        self.clear_fallen()
        self.units_mode = Units(session.play_view.measure_in)
        self.scene.set_scenario(display_scenario(session.game, session.play_view))
        self.view.set_grid_visible(session.game.scenario.table.grid is not None)
        self.view.fit_table()
        self.log.clear()
        self.namer = Namer(session.game.scenario)
        self.dice.face_of = session.play_view.die_face
        self.log.add_lines([LogLine("phase" if e.kind in ("phase", "turn") else "event",
                                    self.namer(e.text), -1) for e in session.opening])
        for st in session.steps:
            self.log.add_lines(step_lines(st, session.side_name(st.side), self.namer))
        # Dice only: a coin toss is told in words in the log, not drawn as a die.
        opening = [(d.kind, d.value, d.purpose) for d in session.game.chance.log[:8]
                   if isinstance(d.value, int) and d.kind != "coin"] if not session.steps else []
        self.dice.set_dice(opening, "Rolled before the first action" if opening
                           else "No dice rolled yet.")
        self._title()
        self.refresh()

    def _title(self) -> None:
        sc = self.setup.scenario if self.setup else None
        if sc is None:
            self.setWindowTitle(APP_NAME)
            return
        rs = self.session.game.ruleset.name if self.session else (self.setup.ruleset
                                                                  if self.setup else "")
        self.setWindowTitle(f"{sc.title} — {rs} — {APP_NAME}")

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
        return (s is not None and self.replay_at is None and not s.over
                and s.seat_to_act() is Seat.PERSON)

    def refresh(self) -> None:
        """Bring every panel and overlay up to date with the game."""
        self._clear_marks()
        if self.deploying and self.setup is not None:
            self._refresh_deployment()
            return
        g, a = self.game, self.play_view
        if g is None or a is None:
            self.phase_bar.set_state("No game", "#888", "", "")
            self.phase_bar.set_buttons([])
            return
        self.scene.set_scenario(display_scenario(g, a))
        self.sync_figures()
        self._badges(g, a)
        self._phase_bar(g, a)
        if self.selected is not None and self.selected not in a.pieces():
            self.selected = None
        self._show_selection()
        self._chart()
        self.undo_action.setEnabled(self.proposal is not None or (
            self.session is not None and self.replay_at is None and self.session.can_undo()))
        self.end_action.setEnabled(self.interactive())
        if g.outcome is not None and self.replay_at is None and not self._announced:
            self._announced = True
            QTimer.singleShot(0, self.announce_victory)
        if self.interactive() is False and self.session is not None and (
                self.replay_at is None and not self.session.over
                and self.session.seat_to_act() is Seat.COMPUTER):
            QTimer.singleShot(self.computer_delay, self.computer_step)

    def _refresh_deployment(self) -> None:
        assert self.setup is not None
        self.scene.set_scenario(self.setup.scenario)
        self.sync_figures()
        self.phase_bar.set_state(
            "Deployment", "#c9a227",
            "Drag units to adjust them inside their zones, then begin the battle.",
            "Units must stay inside their side's deployment zone and may not overlap.")
        buttons = [("begin", "Begin the battle ▶", lambda: self.start(), "Start turn 1")]
        if self.deploy_history:
            buttons.insert(0, ("undo", "Undo placement", self.undo, "Ctrl+Z"))
        self.phase_bar.set_buttons(buttons)
        self.card.show_card(None)

    def _badges(self, g: Game, a: PlayView) -> None:
        for b in self.badges:
            self.scene.removeItem(b)
        self.badges = []
        pcs = a.pieces()
        for d in g.units_json():
            p = pcs.get(str(d["id"]))
            if p is None or not p.present or p.is_officer or a.individual:
                continue
            own = a.badge(p.id)
            if own is not None:
                b = BadgeItem(p, own[0], own[1])
                self.scene.addItem(b)
                self.badges.append(b)
                continue
            parts: list[str] = []
            warn = False
            if d.get("hits"):
                parts.append(f"{d['hits']} hit{'' if int(d['hits']) == 1 else 's'}")
                warn = int(d["hits"]) >= 6
            if "figures" in d and d.get("casualties"):
                parts.append(f"{d['figures']} fig")
            morale = d.get("morale")
            if morale and morale != "normal":
                parts.append(str(morale)[:5])
                warn = warn or morale == "shaken"
            if p.status == "disordered":
                parts.append("disordered")
                warn = True
            if not parts:
                continue
            b = BadgeItem(p, " · ".join(parts), warn)
            self.scene.addItem(b)
            self.badges.append(b)

    def _phase_bar(self, g: Game, a: PlayView) -> None:
        s = self.session
        assert s is not None
        info = g.phase_info()
        if g.outcome is not None:
            who = s.side_name(g.outcome.winner) if g.outcome.winner else "Nobody"
            title = f"Turn {g.turn} · Game over: {who} wins" if g.outcome.winner else (
                f"Turn {g.turn} · Game over: a draw")
            self.phase_bar.set_state(title, self.side_colour(g.outcome.winner),
                                     g.outcome.reason, "")
        else:
            seat = s.setup.seat(g.side) if g.side else Seat.PERSON
            who = s.side_name(g.side) + (" (computer)" if seat is Seat.COMPUTER else "")
            self.phase_bar.set_state(f"Turn {g.turn} · {info.name} · {who} to act",
                                     self.side_colour(g.side), self._prompt(g, a), info.help)
        buttons: list[tuple[str, str, object, str]] = []
        if self.replay_at is not None:
            n = len(s.steps)
            self.phase_bar.set_state(
                f"Replay · step {self.replay_at} of {n} · turn {g.turn} · {info.name}",
                self.side_colour(g.side), "Step through the game; resume play from any step.",
                "")
            buttons = [
                ("first", "◀◀", lambda: self.replay_to(0), "First step (Home)"),
                ("back", "◀ Back", lambda: self.replay_step(-1), "Step back (Left)"),
                ("fwd", "Forward ▶", lambda: self.replay_step(1), "Step forward (Right)"),
                ("last", "▶▶", lambda: self.replay_to(n), "Last step (End)"),
                ("resume", "Play from here", self.resume_from_replay,
                 "Take up the game from this step (later steps are dropped)"),
                ("leave", "Leave replay", self.leave_replay, "Back to the game"),
            ]
        elif self.figure_buttons() is not None:
            buttons = self.figure_buttons()  # type: ignore[assignment]
        elif self.proposal is not None:
            ok = self.proposal.probe is not None and self.proposal.probe.reason is None
            buttons = [("commit", "Commit move ⏎", self.commit_move,
                        "Resolve the move (rolls any activation dice)"),
                       ("cancel", "Undo move (Esc)", self.cancel_move, "Put the unit back")]
            if not ok:
                buttons = buttons[1:]
        elif self.interactive():
            legal = g.legal_actions()
            # A question waiting for an answer (no 'end' on offer): every answer is a
            # button.  Otherwise only what is not about one piece (that is on its card).
            answering = not any(x.text() == "end" for x in legal)
            for act in legal[:12] if answering else legal:
                if not answering and subject(act) in a.pieces():
                    continue
                buttons.append((act.text(), self._action_label(g, act),
                                lambda _=False, x=act: self.do(x), act.text()))
            if s.can_undo():
                buttons.append(("undo", "Undo last", self.undo,
                                "Take back the last action (it rolled no dice)"))
        self.phase_bar.set_buttons(buttons)  # type: ignore[arg-type]

    def _prompt(self, g: Game, a: PlayView) -> str:
        acts = [x.text().split()[0] for x in g.legal_actions()]
        if "reroll" in acts or "accept" in acts:
            return "An activation failed: a general may re-roll it, or accept the failure."
        if "first" in acts:
            return "You won the initiative: go first or second?"
        if acts and all(k == "melee" for k in acts):
            return "Choose which melee to fight next."
        if self.session and self.session.seat_to_act() is Seat.COMPUTER:
            return "The computer is thinking…"
        k = self.kiddies()
        if k is not None and self.fell_shooter is not None:
            return (f"{self.fell_shooter} shot on the table: click each figure that fell "
                    "(click again to take it back), then Confirm.")
        if k is not None and k.shot_kind() is not None:
            if k.tabletop:
                return ("Flick on your table, then click the shooter (green) and the "
                        "figures that fell.")
            return ("Drag from a shooter (outlined green) to aim: the direction is the flick, "
                    "the length how far the pellet slides. Enter flicks.")
        if k is not None and g.phase == "move":
            return ("Drag a figure to move it (spans). Ctrl-click or Shift-drag a box to "
                    "select a group, then drag one of them to move them together.")
        if self.selected is None:
            return "Select a unit; drag one of yours to move it. Targets glow red."
        return ""

    def _action_label(self, g: Game, act: Action) -> str:
        words = act.text().split()
        kind = words[0]
        own = self.play_view.action_label(act) if self.play_view else None
        if own is not None:
            return own
        if kind == "end":
            return f"End {g.phase_info().name.lower()} ▶"
        if kind == "first":
            return "Go first"
        if kind == "second":
            return "Go second"
        if kind == "accept":
            return "Accept the failure"
        names = {p.id: p.name for p in self.play_view.pieces().values()} if self.play_view else {}
        if kind == "reroll":
            return f"Re-roll with {names.get(words[1], words[1])[:32]}"
        if kind == "melee":
            return f"Fight the melee of {names.get(words[1], words[1])[:32]}"
        return act.text()

    def _chart(self) -> None:
        s = self.session
        if s is None:
            return
        points = s.series if self.replay_at is None else s.series[: self.replay_at + 1]
        xs, ys = series_by_turn(points)
        sc = s.game.scenario
        self.chart.show_series(s.strength_label, xs, ys, {x.id: x.colour for x in sc.sides},
                               {x.id: x.name for x in sc.sides})

    # --- selection, card, targets ------------------------------------------------------

    def select(self, pid: str | None) -> None:
        self.selected = pid
        self._show_selection()

    def _clear_marks(self) -> None:
        for m in self.marks:
            self.scene.removeItem(m)
        for m in self.target_marks.values():
            self.scene.removeItem(m)
        for it in self.arc_items:
            self.scene.removeItem(it)
        self.marks, self.target_marks, self.arc_items = [], {}, []

    def _show_selection(self) -> None:
        self._clear_marks()
        a, g = self.play_view, self.game
        if self.deploying or a is None or g is None:
            return
        pid = self.selected
        self.odds.show_odds(None)
        if pid is None or pid not in a.pieces():
            self.card.show_card(None)
            self._phase_bar(g, a) if self.session else None
            return
        p = a.pieces()[pid]
        colour = self.side_colour(p.side, ink=True)
        m = MarkItem(p, QColor(255, 215, 0), 3.0)
        self.scene.addItem(m)
        self.marks.append(m)
        actions: list[tuple[str, object, str]] = []
        if self.interactive():
            for label, act in a.card_actions(pid):
                actions.append((act.text(), lambda _=False, x=act: self.do(x), label))
            for act in a.attacks(pid):
                tid = target_of(act)
                if tid is None:
                    continue
                tp = a.pieces().get(tid)
                if tp is None:
                    continue
                mk = MarkItem(tp, TARGET, 3.0, dashed=True, grow=0.25)
                mk.setToolTip(literal(act.text()))
                self.scene.addItem(mk)
                self.target_marks[tid] = mk
                mk.action = act  # type: ignore[attr-defined]
        self.card.show_card(a.card(pid), colour, actions)  # type: ignore[arg-type]
        if self.target_marks:
            n = len(self.target_marks)
            self.odds.title.setText(f"<i>{n} target{'s' if n > 1 else ''} outlined in red: "
                                    "hover one for the exact odds, click it to commit.</i>")
        elif self.interactive() and p.side == g.side and not a.individual:
            self.odds.title.setText(f"<i>{esc(p.name)} has no target it may engage now.</i>")
        k = self.kiddies()
        fight = k.fight_of(pid) if k is not None and p.present else None
        if fight is not None:  # Kiddies: the hand to hand it is in, rolled after movement
            self.odds.show_odds(fight[2], colour)
        if self.show_arcs and self.drag is None and self.proposal is None:
            ws = a.weapons(pid)
            from desktop.scenario.geometry import table_polygon

            table = table_polygon(g.scenario.table)
            for it in arc_items([(w.name, w.area().intersection(table)) for w in ws]):
                self.scene.addItem(it)
                self.arc_items.append(it)

    def target_action(self, pid: str) -> Action | None:
        m = self.target_marks.get(pid)
        return getattr(m, "action", None) if m is not None else None

    def hover(self, pt: tuple[float, float]) -> None:
        pid = self.piece_at(pt)
        for tid, m in self.target_marks.items():
            m.set_hot(tid == pid)
        act = self.target_action(pid) if pid else None
        a = self.play_view
        if act is not None and a is not None:
            attacker = a.pieces().get(self.selected or "")
            colour = self.side_colour(attacker.side if attacker else None, ink=True)
            self.odds.show_odds(a.odds(act), colour)
            self.status.setText(f"Click to {act.text().split()[0]} "
                                f"{a.pieces()[pid].name}; the odds are on the right")
        elif self.odds.view is not None and pid is None:
            pass

    def hover_target(self, tid: str) -> None:
        """Show the odds of attacking `tid` with the selected unit (as hovering does)."""
        a = self.play_view
        p = a.pieces()[tid] if a else None
        if p is not None:
            self.hover(p.pos)

    def attack(self, tid: str) -> None:
        act = self.target_action(tid)
        if act is not None:
            self.do(act)

    # --- acting ------------------------------------------------------------------------

    def do(self, action: Action | str) -> bool:
        """Apply an action through the session; show what it caused."""
        s = self.session
        if s is None or self.replay_at is not None:
            return False
        if isinstance(action, str):
            action = s.game.parse_action(action)
        before = s.play_view.pieces() if s.play_view.individual else {}
        try:
            step = s.apply(action)
            self.clear_fallen()
        except IllegalAction as e:
            self.message(f"Not allowed: {e.reason}", error=True)
            return False
        self._clear_move()
        if self.aiming is not None:
            self.cancel_aim()
        self.fell_shooter, self.fell_pick = None, []
        self.log.add_lines(step_lines(step, s.side_name(step.side), self.namer))
        dice = dice_of(step, self.namer)
        if dice:
            self.dice.set_dice(dice, f"{self.namer(step.action)}: " + ", ".join(
                _face(v) if k == "card" else (s.play_view.die_face(k, v, why) or f"{v}")
                for k, v, why in dice))
        last = step.events[-1].text if step.events else step.action
        self.message(self.namer(last))
        if self.selected is not None and s.play_view.piece(self.selected) is None:
            self.selected = None
        self.refresh()
        if before:
            self.animate_step(step.events, before)
        return True

    def end_phase(self) -> bool:
        g = self.game
        if g is None or not self.interactive():
            return False
        ends = [a for a in g.legal_actions() if a.text() == "end"]
        return self.do(ends[0]) if ends else False

    def undo(self) -> None:
        if self.deploying and self.deploy_history and self.setup is not None:
            self.setup = replace(self.setup, scenario=self.deploy_history.pop())
            self.refresh()
            return
        if self.proposal is not None or self.drag is not None:
            self.cancel_move()
            return
        s = self.session
        if s is None or self.replay_at is not None or not s.can_undo():
            self.message("Nothing to undo: the last action rolled dice.", error=True)
            return
        last = s.undo()
        self.log.add_lines([LogLine("event", f"(took back: {last.action})", last.index)])
        self.message(f"Took back {last.action}")
        self.refresh()

    def computer_step(self) -> None:
        """Let the computer choose, off the GUI thread, on a copy of the game; the
        choice is applied here once it is ready (if the game has not moved on)."""
        s = self.session
        if s is None or s.over or self.replay_at is not None or self._thinking is not None:
            return
        if s.seat_to_act() is not Seat.COMPUTER:
            return
        if self.flick_player is not None and not self.flick_player.done:
            QTimer.singleShot(120, self.computer_step)  # let the flick be watched
            return
        copy = s.game.clone()
        self._thinking = (_COMPUTER.submit(random_action, copy, s.rng), s, len(s.game.history))
        self._poll_computer()

    def _poll_computer(self) -> None:
        got = self._thinking
        if got is None:
            return
        future, s, n = got
        if not future.done():
            QTimer.singleShot(15, self._poll_computer)
            return
        self._thinking = None
        if s is not self.session or len(s.game.history) != n or self.replay_at is not None:
            return  # the game changed while it thought (undo, load, replay)
        action = future.result()
        self.do(action)

    def message(self, text: str, error: bool = False) -> None:
        self.last_message = text
        self.status.setStyleSheet("color: #b22222;" if error else "")
        self.status.setText(text)

    # --- pieces under the cursor -------------------------------------------------------

    def piece_at(self, pt: tuple[float, float]) -> str | None:
        a = self.play_view
        if self.deploying and self.setup is not None:
            from desktop.scenario.geometry import footprint

            for s in self.setup.scenario.sides:
                for u in s.units:
                    if footprint(u).buffer(0.05).contains(SPoint(pt)):
                        return u.id
            return None
        if a is None:
            return None
        pcs = [p for p in a.pieces().values() if p.present]
        # An officer standing on a unit's centre is attached to it: the unit is picked.
        centres = {p.pos for p in pcs if not p.is_officer}
        pcs = [p for p in pcs if not (p.is_officer and p.pos in centres)]
        sp = SPoint(pt)
        for p in sorted(pcs, key=lambda q: not q.is_officer):
            if p.is_officer:
                if sp.distance(SPoint(p.pos)) <= max(p.frontage, 1.2) / 2 + 0.1:
                    return p.id
            elif p.footprint().buffer(0.05).contains(sp):
                return p.id
        return None

    def can_drag(self, pid: str) -> bool:
        if self.deploying:
            return True
        if self.proposal is not None and self.proposal.pid == pid:
            return True
        a = self.play_view
        return self.interactive() and a is not None and a.can_move(pid)

    def in_ghost(self, pt: tuple[float, float]) -> bool:
        if self.ghost is None or self.proposal is None:
            return False
        p = self.proposal.piece
        return p.footprint(self.ghost.x, self.ghost.y, self.ghost.facing).buffer(0.1).contains(
            SPoint(pt))

    def near_handle(self, pt: tuple[float, float]) -> bool:
        if self.ghost is None:
            return False
        h = self.ghost.handle_point()
        return ((h.x() - pt[0]) ** 2 + (h.y() - pt[1]) ** 2) ** 0.5 <= 0.6

    # --- moving ------------------------------------------------------------------------

    def _deploy_piece(self, pid: str) -> PieceInfo:
        assert self.setup is not None
        sc = self.setup.scenario
        u = sc.unit(pid)
        return PieceInfo(u.id, sc.side_of(pid).id, "unit", u.type.value, u.position[0],
                         u.position[1], u.facing, u.base.frontage, u.base.depth, "active",
                         u.name)

    def begin_drag(self, pid: str, at: tuple[float, float] | None = None) -> bool:
        """Start dragging `pid` (its own centre if `at` is None): bands appear."""
        if self.proposal is not None and self.proposal.pid == pid:
            d = self.proposal
            start = (d.x, d.y)
            self.proposal = None
        else:
            self._clear_move()
            if self.deploying:
                piece = self._deploy_piece(pid)
                bands = None
            else:
                a = self.play_view
                if a is None or not self.can_drag(pid):
                    return False
                piece = a.pieces()[pid]
                bands = compute_bands(a, pid)
            d = Drag(pid, piece, (0.0, 0.0), bands, piece.x, piece.y, piece.facing)
            start = piece.pos
            if bands is not None:
                self.bands_item = BandsItem(bands)
                self.scene.addItem(self.bands_item)
            self.ghost = GhostItem(piece)
            self.trail = TrailItem()
            self.scene.addItem(self.trail)
            self.scene.addItem(self.ghost)
            if not self.deploying and self.play_view is not None:
                d.members = self.group_members(pid)
                pcs = self.play_view.pieces()
                for m in d.members:
                    if m != pid:
                        gh = GhostItem(pcs[m])
                        gh.handle = False
                        self.scene.addItem(gh)
                        d.ghosts.append(gh)
        if at is not None:
            d.offset = (at[0] - start[0], at[1] - start[1])
        self.drag = d
        self.selected = pid
        self._show_selection()
        return True

    def drag_to(self, at: tuple[float, float]) -> Probe | None:
        """Move the ghost so the cursor keeps its grip; update label and colour."""
        d = self.drag
        if d is None:
            return None
        x, y = at[0] - d.offset[0], at[1] - d.offset[1]
        sc = self.setup.scenario if self.setup else None
        if sc is not None and sc.table.grid is not None:
            x, y = square_centre((x, y), sc.table)
        d.x, d.y = x, y
        return self._update_ghost(d, at)

    def _update_ghost(self, d: Drag, at: tuple[float, float] | None = None) -> Probe | None:
        assert self.ghost is not None and self.trail is not None
        self.ghost.place(d.x, d.y, d.facing)
        sc = self.setup.scenario if self.setup else None
        if self.deploying:
            assert sc is not None
            reason = deploy_problem(sc, d.pid, (d.x, d.y), d.facing)
            self.ghost.set_legal(reason is None)
            colour = LEGAL if reason is None else ILLEGAL
            lines = ["in the zone" if reason is None else reason]
            d.probe = Probe(0.0, reason, "free", "")
        else:
            a = self.play_view
            assert a is not None
            pr = probe(a, d.pid, d.x, d.y, d.facing, d.bands.allowance if d.bands else None)
            if d.members:
                pr = self._group_probe(d, pr)
            d.probe = pr
            self.ghost.set_legal(pr.reason is None)
            colour = LEGAL if pr.reason is None else ILLEGAL
            full = d.bands.allowance.full if d.bands else None
            dist = fmt_distance(pr.length, sc.table, self.units_mode) if sc else f"{pr.length:.1f}"
            head = f"{dist}" + (f" of {fmt_distance(full, sc.table, self.units_mode)}"
                                if full is not None and sc else "")
            lines = [head + (f" · {pr.cost}" if pr.cost else "")]
            if abs(d.facing - d.piece.facing) > 1e-6:
                lines.append(f"facing {d.facing:.0f}°")
            over = self.piece_at(at) if at is not None and self.target_marks else None
            act = self.target_action(over) if over is not None else None
            if act is not None and over is not None:
                lines = [f"{act.text().split()[0]} {a.pieces()[over].name}?",
                         "release, then click it to commit"]
                colour = LEGAL
            elif pr.reason:
                lines.append(pr.reason)
            elif self.drag is None:
                lines.append("proposed: Enter to commit, Esc to undo")
            else:
                lines.append("legal: release to propose")
        self.trail.set_line(QPointF(*d.piece.pos), QPointF(d.x, d.y), colour)
        self.cursor_label.set_text(lines, colour)
        self.place_label(at or (d.x, d.y))
        return d.probe

    def _group_probe(self, d: Drag, single: Probe) -> Probe:
        """A group drag: every member moves by the same shift and the group turns
        about its centre; the engine judges the whole group move."""
        k = self.kiddies()
        assert k is not None and self.ghost is not None
        dx, dy = d.x - d.piece.x, d.y - d.piece.y
        turn = (d.facing - d.piece.facing) % 360.0
        ends = k.group_ends(list(d.members), dx, dy, turn)
        x, y, f = ends[d.pid]
        self.ghost.place(x, y, f)
        others = [m for m in d.members if m != d.pid]
        for m, gh in zip(others, d.ghosts, strict=True):
            gx, gy, gf = ends[m]
            gh.place(gx, gy, gf)
        reason = k.game.check(k.group_action(list(d.members), dx, dy, turn))
        for gh in d.ghosts:
            gh.set_legal(reason is None)
        return Probe(single.length, reason, single.band,
                     f"{len(d.members)} figures together")

    def place_label(self, at: tuple[float, float]) -> None:
        """The cursor note beside `at`, turned towards the room left in the view."""
        port = self.view.viewport()
        pt = self.view.mapFromScene(QPointF(*at))
        self.cursor_label.place(QPointF(*at), port.width() - pt.x(), port.height() - pt.y())

    def refresh_probe(self) -> None:
        d = self.proposal or self.drag
        if d is not None:
            self._update_ghost(d)
            if self.proposal is not None and self.session is not None:
                g = self.game
                if g is not None and self.play_view is not None:
                    self._phase_bar(g, self.play_view)

    def end_drag(self, at: tuple[float, float] | None = None) -> bool:
        """Release: in play the move becomes a proposal; in deployment it is placed."""
        d = self.drag
        if d is None:
            return False
        if at is not None:
            self.drag_to(at)
        self.drag = None
        if self.deploying:
            reason = d.probe.reason if d.probe else None
            if reason is None and self.setup is not None:
                self.deploy_history.append(self.setup.scenario)
                self.setup = replace(self.setup, scenario=deploy(
                    self.setup.scenario, d.pid, (round(d.x, 2), round(d.y, 2)), d.facing))
            else:
                self.message(f"Cannot place there: {reason}", error=True)
            self._clear_move()
            self.refresh()
            return reason is None
        over = self.piece_at(at) if at is not None and self.target_marks else None
        act = self.target_action(over) if over is not None else None
        if act is not None and over is not None:
            # Dropped on an enemy it may attack: no move; show the attack's odds.
            self._clear_move()
            self.select(d.pid)
            self.hover(at)  # type: ignore[arg-type]
            verb = act.text().split()[0].capitalize()
            self.message(f"{verb} {self.play_view.pieces()[over].name}"
                         "? Click it to commit (the odds are on the right).")
            return False
        self.proposal = d
        ok = d.probe is not None and d.probe.reason is None
        if ok:
            self.message("Move proposed: Enter (or double-click) to commit, Esc to undo; "
                         "[ and ] pivot, or drag the white handle.")
        else:
            reason = d.probe.reason if d.probe else "?"
            self.message(f"Not allowed: {reason}", error=True)
        g, a = self.game, self.play_view
        if g is not None and a is not None:
            self._phase_bar(g, a)
        self.undo_action.setEnabled(True)
        return ok

    def propose_move(self, pid: str, x: float, y: float,
                     facing: float | None = None) -> Probe | None:
        """Drag `pid` to (x, y) and release it there (what a mouse drag does)."""
        if not self.begin_drag(pid):
            return None
        if facing is not None and self.drag is not None:
            self.drag.facing = facing % 360.0
        self.drag_to((x, y))
        self.end_drag()
        return self.proposal.probe if self.proposal else None

    def pivot(self, degrees: float) -> bool:
        d = self.proposal or self.drag
        if d is None:
            return False
        d.facing = (d.facing + degrees) % 360.0
        self._rebands(d)
        self._update_ghost(d)
        if self.proposal is not None:
            self.refresh_probe()
        return True

    def _rebands(self, d: Drag) -> None:
        """The reach of a ruleset whose moves depend on the new facing (Blown Away:
        the wedge turns with the pivot), asked again after the ghost pivots."""
        a = self.play_view
        if a is None or not a.facing_bands or self.deploying or d.members:
            return
        a.band_facing = {d.pid: d.facing}
        d.bands = compute_bands(a, d.pid)
        if self.bands_item is not None and self.bands_item.scene() is self.scene:
            self.scene.removeItem(self.bands_item)
        self.bands_item = None
        if d.bands is not None:
            self.bands_item = BandsItem(d.bands)
            self.scene.addItem(self.bands_item)

    def pivot_towards(self, pt: tuple[float, float]) -> None:
        from desktop.table.shapes import bearing

        d = self.proposal or self.drag
        if d is None:
            return
        b = bearing((d.x, d.y), pt)
        facing = round(b / 5.0) * 5.0 % 360.0
        if facing != d.facing:
            d.facing = facing
            self._rebands(d)
        self._update_ghost(d, pt)

    def commit_move(self) -> bool:
        d = self.proposal
        a = self.play_view
        if d is None or a is None:
            return False
        k = self.kiddies()
        if d.members and k is not None:
            act = k.group_action(list(d.members), d.x - d.piece.x, d.y - d.piece.y,
                                 (d.facing - d.piece.facing) % 360.0)
        else:
            act = a.move_action(d.pid, d.x, d.y, d.facing)
        if act is None:
            return False
        reason = a.game.check(act)
        if reason is not None:
            self.message(f"Not allowed: {reason}", error=True)
            return False
        return self.do(act)

    def cancel_move(self) -> None:
        self._clear_move()
        self.message("Move cancelled.")
        g, a = self.game, self.play_view
        if g is not None and a is not None and self.session is not None:
            self._phase_bar(g, a)
        elif self.deploying:
            self.refresh()

    def _clear_move(self) -> None:
        for dd in (self.drag, self.proposal):
            for gh in dd.ghosts if dd is not None else []:
                if gh.scene() is self.scene:
                    self.scene.removeItem(gh)
        for it in (self.ghost, self.trail, self.bands_item):
            if it is not None and it.scene() is self.scene:
                self.scene.removeItem(it)
        self.ghost = self.trail = self.bands_item = None
        self.drag = self.proposal = None
        self.cursor_label.set_text([])

    # --- arcs -------------------------------------------------------------------------------

    def _toggle_arcs(self, on: bool) -> None:
        self.show_arcs = on
        self._show_selection()

    # --- keys -------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.replay_at is not None:
            k = event.key()
            moves = {Qt.Key.Key_Right: 1, Qt.Key.Key_Left: -1}
            if k in moves:
                self.replay_step(moves[k])
                return
            if k == Qt.Key.Key_Home:
                self.replay_to(0)
                return
            if k == Qt.Key.Key_End and self.session is not None:
                self.replay_to(len(self.session.steps))
                return
        if self.interaction.key(event):
            return
        super().keyPressEvent(event)

    def _show_position(self, pos: QPointF | None) -> None:
        sc = self.setup.scenario if self.setup else None
        if pos is None or sc is None:
            self.position_label.clear()
            return
        self.position_label.setText(f"x {pos.x():.1f}   y {pos.y():.1f}")
