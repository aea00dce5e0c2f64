"""The computer's turns in the play window: thinking, pace, stopping, watching.

A part the play window owns (``window.computer``).  When a computer seat is
to act it waits for the pace (or, at Step, for N or the Next button), then
asks the seat (``Computer.choose``) on a copy of the game on a worker
thread, with a stop flag: Esc, undo, loading a game or closing the window
raise it, and then nothing is applied.  While it thinks, a busy bar in the
status bar and the phase bar's line say so, and the window keeps turning.

Each of its actions goes through the window's ``do`` like a person's, and
leaves a trace (desktop.ui.play.traces) until the person acts; when the seat
to act changes, a summary of the computer's stretch goes in the log
(desktop.play.summary).  With both sides computers the game plays on to the
end at the chosen pace; Esc pauses it, N goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QProgressBar

from desktop.play.log import LogLine
from desktop.play.session import Session, Step
from desktop.play.summary import turn_summary
from desktop.rules.engine import Action
from desktop.rules.view_values import PieceInfo
from desktop.scenario.wording import possessive, side_does
from desktop.ui.play.hinting import Hinting
from desktop.ui.play.host import PlayHost
from desktop.ui.play.pace import PACES, Pace, load_pace, save_pace
from desktop.ui.play.traces import Traces
from desktop.ui.play.worker import EXECUTOR, POLL_MS

Button = tuple[str, str, Callable[[], None], str]


@dataclass
class _Job:
    future: Future[Action]
    session: Session
    at: int  # actions in the game when it began
    stop: threading.Event


class ComputerTurns(QObject):
    def __init__(self, window: PlayHost, settings: QSettings | None = None) -> None:
        super().__init__(window.window())
        self.w = window
        self._closing_watch: QObject = window.window()  # whose Close cancels the job
        self.settings = settings or QSettings("Volley", "Volley")
        self.pace = load_pace(self.settings)
        self.job: _Job | None = None
        self.paused = False
        self.waiting = False  # Step pace: the next action waits for N
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.begin)
        self.traces = Traces(window)
        self.hints = Hinting(window)
        #: Pieces before the computer's action being applied (None: a person acts).
        self._before: dict[str, PieceInfo] | None = None
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # a busy bar: no end known
        self.busy.setMaximumWidth(140)
        self.busy.setMaximumHeight(14)
        self.busy.setTextVisible(False)
        self.busy.hide()
        window.statusBar().addPermanentWidget(self.busy)
        window.installEventFilter(self)
        self.pace_actions: dict[Pace, QAction] = {}
        self.next_action: QAction | None = None
        self.stop_action: QAction | None = None

    # --- the window's hooks ------------------------------------------------------------

    def _seat_to_act(self) -> bool:
        """Is a computer seat to act in the game shown (not a replay, not over)?"""
        s = self.w.session
        return (s is not None and self.w.replay_at is None and not self.w.deploying
                and s.computer_to_act() is not None)

    def due(self) -> bool:
        """Is a computer seat to act now?  Not while the briefing card is up: the
        player reads it before the battle begins (issue 34: D3's first computer
        move was in the log before "To battle ▶")."""
        return self._seat_to_act() and not self.w.briefing_up()

    def held(self) -> bool:
        """Is a computer seat to act, but waiting for the briefing card to go?"""
        return self._seat_to_act() and self.w.briefing_up()

    def hold(self) -> None:
        """The briefing card came up: nothing the computer was about to do or
        thinking of is applied until it goes (see `release`)."""
        if self.job is not None or self.timer.isActive() or self.waiting:
            self.cancel()
        self._show()

    def release(self) -> None:
        """The briefing card went away: the computer acts if it is to, at the pace."""
        self.after_refresh()
        self._show()

    def after_refresh(self) -> None:
        """After the window is redrawn: if the computer is to act, start it at the pace."""
        self.traces.show_live(self.w.replay_at is None)
        if not self.due() or self.job is not None or self.timer.isActive():
            self._sync()
            return
        if self.paused or self.waiting:
            self._sync()
            return
        wait = self.w.computer_delay
        if wait is None:
            wait = PACES[self.pace].wait
        if wait is None:  # Step: wait for N or the button
            self.waiting = True
            self._show()
            return
        self.timer.start(wait)
        # Stop on the bar while it waits too, not only once it thinks: it comes at
        # once where the person's last button was, not under a second click a
        # pace later (desktop.ui.play.bar_buttons keeps that click off it).
        self._show()

    def after_action(self, step: Step) -> None:
        """Every applied action comes here (from the window's ``do``): the
        computer's leave traces, a person's clear them; a stretch that ends
        is summed up in the log."""
        s = self.w.session
        if s is None:
            return
        before, self._before = self._before, None
        self.hints.clear()
        if before is not None:
            last = s.steps[-2].side if len(s.steps) > 1 else None
            if last is not None and last != step.side:
                # Computer against computer: no person acts to clear the marks, so a
                # new side's stretch clears the other's (or they pile up all game).
                self.traces.clear()
            self.traces.add(step, before, s.play_view.pieces())
        else:
            self.traces.clear()
        seat = s.setup.computer(step.side)
        if seat is not None and (s.over or s.game.side != step.side):
            start = len(s.steps) - 1
            while start > 0 and s.steps[start - 1].side == step.side:
                start -= 1
            text = turn_summary(s.steps[start:], f"{s.side_name(step.side)} ({seat.label})",
                                s.play_view.names_in, s.side_plural(step.side))
            if text:
                self.w.log.add_lines([LogLine("summary", text, step.index)])

    def new_game(self) -> None:
        """A game was started or loaded: forget the last one's thinking and traces."""
        self.cancel()
        self.paused = False
        self.traces.clear()
        self.hints.clear()

    # --- thinking ----------------------------------------------------------------------

    def begin(self) -> None:
        """Ask the seat to act for its action, off the GUI thread, on a copy."""
        w = self.w
        s = w.session
        self.waiting = False
        if s is None or self.job is not None or not self.due():
            self._sync()
            return
        player = w.figures.flick_player
        if player is not None and not player.done:
            self.timer.start(120)  # let the flick be watched
            return
        seat = s.computer_to_act()
        assert seat is not None
        stop = threading.Event()
        future = EXECUTOR.submit(seat.choose, s.game.clone(), s.rng, stop.is_set)
        self.job = _Job(future, s, len(s.game.history), stop)
        self.busy.show()
        self._show()
        self.poll()

    def poll(self) -> None:
        job = self.job
        if job is None:
            return
        if not job.future.done():
            QTimer.singleShot(POLL_MS, self.poll)
            return
        self.job = None
        self.busy.hide()
        w = self.w
        if (job.stop.is_set() or job.session is not w.session
                or len(job.session.game.history) != job.at or w.replay_at is not None):
            self._sync()
            return  # stopped, or the game changed while it thought (undo, load, replay)
        error = job.future.exception()
        if error is not None:  # a fault in Volley: said, and the computer waits
            self.paused = True
            w.message(f"The computer could not choose an action ({error}); "
                      "press N to let it try again.", error=True)
            self._show()
            return
        self._before = job.session.play_view.pieces()
        if not w.do(job.future.result()):
            self._before = None
            self.paused = True
            self._show()

    def cancel(self) -> None:
        """Stop thinking and waiting; nothing it was choosing is applied."""
        self.timer.stop()
        self.waiting = False
        if self.job is not None:
            self.job.stop.set()
            self.job = None
        self.busy.hide()
        self.hints.cancel()
        self._sync()

    def pause(self) -> None:
        """Esc while the computer is about to act: it stops until N."""
        if not self.active():
            return
        self.cancel()
        self.paused = True
        self.w.message("The computer has stopped. Press N (or Go on) to let it act.")
        self._show()

    def go_on(self) -> None:
        """N or the button: the next computer action now (after a pause or at Step)."""
        if not self.due():
            return
        self.paused = False
        self.waiting = False
        self.timer.stop()
        self.begin()

    def active(self) -> bool:
        """Is the computer thinking or about to act?"""
        return self.job is not None or self.timer.isActive() or self.waiting

    def set_pace(self, pace: Pace, remember: bool = True) -> None:
        self.pace = pace
        if remember:
            save_pace(self.settings, pace)
        act = self.pace_actions.get(pace)
        if act is not None and not act.isChecked():
            act.setChecked(True)
        if self.waiting and PACES[pace].wait is not None:
            self.waiting = False
            self.after_refresh()

    # --- what the phase bar shows ------------------------------------------------------

    def prompt(self) -> str | None:
        """The phase bar's line while a computer seat is to act."""
        s = self.w.session
        if self.held() and s is not None:
            return (f"{side_does(s.side_name(s.game.side), 'acts')} when you put the "
                    "briefing away.")
        if not self.due() or s is None:
            return None
        seat = s.computer_to_act()
        who = s.side_name(s.game.side)
        if self.job is not None and seat is not None:
            budget = (f" (up to {seat.seconds:g} s)" if seat.level.value == "veteran"
                      else "")
            return f"{side_does(who, 'is', s.side_plural(s.game.side))} thinking{budget}… " \
                "Esc to stop."
        if self.paused:
            return (f"The computer has stopped before {possessive(who)} next action. "
                    "N lets it go on.")
        if self.waiting:
            return f"Step by step: N or Next shows {possessive(who)} next action."
        return f"{side_does(who, 'is', s.side_plural(s.game.side))} about to act… Esc to stop."

    def buttons(self) -> list[Button] | None:
        if not self.due():
            return None
        if self.job is not None or self.timer.isActive():
            return [("stop", "Stop (Esc)", self.pause, "Stop the computer before it acts")]
        if self.paused:
            return [("go_on", "Go on ▶ (N)", self.go_on, "Let the computer act")]
        if self.waiting:
            return [("next", "Next ▶ (N)", self.go_on, "The computer's next action")]
        return None

    def _show(self) -> None:
        if self.w.session is not None and not self.w.deploying:
            self.w.phasing.show()
        self._sync()

    def _sync(self) -> None:
        if self.stop_action is not None:
            self.stop_action.setEnabled(self.active())
        if self.next_action is not None:
            self.next_action.setEnabled(self.due() and (self.paused or self.waiting))
        self.hints.sync()

    # --- closing -----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._closing_watch and event.type() == QEvent.Type.Close:
            self.cancel()
        return False


def _chosen(c: ComputerTurns, pace: Pace, on: bool) -> None:
    if on:
        c.set_pace(pace)


def add_computer_menu(window: QMainWindow, c: ComputerTurns, menu: QMenu) -> None:
    """Game ▸ Computer pace, Next computer action, Stop the computer, Hint (`c`'s
    actions, in `window`)."""
    pace_menu = menu.addMenu("Computer &pace")
    group = QActionGroup(window)
    for pace, info in PACES.items():
        act = QAction(info.name, window)
        act.setCheckable(True)
        act.setToolTip(info.description)
        act.setStatusTip(info.description)
        act.setChecked(pace is c.pace)
        act.toggled.connect(partial(_chosen, c, pace))
        group.addAction(act)
        pace_menu.addAction(act)
        c.pace_actions[pace] = act
    c.next_action = QAction("&Next computer action", window)
    c.next_action.setShortcut("N")
    c.next_action.triggered.connect(c.go_on)
    c.stop_action = QAction("S&top the computer", window)
    c.stop_action.setShortcut("Esc")
    c.stop_action.triggered.connect(c.pause)
    for act in (c.next_action, c.stop_action):
        window.addAction(act)
        menu.addAction(act)
    hint = QAction("&Hint", window)
    hint.setShortcuts([QKeySequence("H"), QKeySequence("Ctrl+H")])
    hint.setStatusTip("What the computer would do for you now (it does nothing itself)")
    hint.triggered.connect(partial(Hinting.ask, c.hints))
    window.addAction(hint)
    menu.addAction(hint)
    c.hints.action = hint
    c._sync()
