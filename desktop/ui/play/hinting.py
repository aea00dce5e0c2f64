"""Game ▸ Hint: the computer's advice for the person's side, drawn on the table.

The advice (desktop.play.advice) is worked out on the computer's thread; the
window then draws where the pieces would go (an outline and an arrow in gold)
and whom they would fire at, says the action in the status bar, and does
nothing more: the drawing goes when the person acts.
"""

from __future__ import annotations

import random
from concurrent.futures import Future

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QGraphicsItem

from desktop.play.advice import Advice, advise
from desktop.play.session import Session
from desktop.ui.play.host import PlayHost
from desktop.ui.play.traces import ArrowItem, BurstItem, OutlineItem, moved
from desktop.ui.play.worker import EXECUTOR, POLL_MS

HINT = QColor(212, 160, 0)


class Hinting:
    def __init__(self, window: PlayHost) -> None:
        self.w = window
        self.items: list[QGraphicsItem] = []
        self.job: tuple[Future[Advice], Session, int] | None = None
        self.advice: Advice | None = None
        self.action: QAction | None = None

    def ask(self) -> None:
        w = self.w
        s = w.session
        if s is None or not w.interactive():
            w.message("A hint is for your own turn.", error=True)
            return
        if self.job is not None:
            return
        self.clear()
        n = len(s.game.history)
        rng = random.Random(s.setup.seed * 7919 + n)  # not the computer seats' dice
        self.job = (EXECUTOR.submit(advise, s.game.clone(), rng), s, n)
        w.message("Thinking of a hint…")
        self.poll()

    def poll(self) -> None:
        if self.job is None:
            return
        future, s, n = self.job
        if not future.done():
            QTimer.singleShot(POLL_MS, self.poll)
            return
        self.job = None
        w = self.w
        if s is not w.session or len(s.game.history) != n or w.replay_at is not None:
            return  # the game moved on
        error = future.exception()
        if error is not None:
            w.message(f"No hint this time ({error}).", error=True)
            return
        self.show(future.result())

    def show(self, advice: Advice) -> None:
        self.clear()
        self.advice = advice
        for pid, b in advice.before.items():
            a = advice.after.get(pid)
            if a is None or not b.present or not moved(b, a):
                continue
            if a.present:
                self._put(OutlineItem(a, HINT, alpha=230))
            self._put(ArrowItem(b.pos, a.pos, HINT, dotted=False, width=2.5))
        for pid in sorted(advice.acted):
            p = advice.before.get(pid)
            if p is not None and p.present:
                self._put(BurstItem(p, HINT))
                for tid in sorted(advice.aimed):
                    t = advice.before.get(tid)
                    if t is not None and t.present:
                        self._put(ArrowItem(p.pos, t.pos, HINT, dotted=False, width=2.5))
        for tid in sorted(advice.aimed):  # the target, ringed
            t = advice.before.get(tid)
            if t is not None and t.present and tid not in advice.acted:
                self._put(BurstItem(t, HINT, jagged=False))
        self.w.message(f"Hint: {advice.said}. It is yours to do, or not.")

    def cancel(self) -> None:
        self.job = None

    def clear(self) -> None:
        self.advice = None
        for it in self.items:
            if it.scene() is not None:
                it.scene().removeItem(it)
        self.items = []

    def sync(self) -> None:
        if self.action is not None:
            self.action.setEnabled(self.w.interactive())

    def _put(self, item: QGraphicsItem) -> None:
        self.w.scene.addItem(item)
        self.items.append(item)
