"""Mouse and keys on the table while playing: drag to move, pivot, commit or cancel,
click targets, the ruler and the line-of-sight tool.

An event filter on the view's viewport; everything it decides goes through
the window's methods (which the tests call directly as well).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from desktop.rules.view_capabilities import FlicksView
from desktop.ui.play.host import PlayHost

#: A press that moves less than this (screen pixels) is a click, not a drag.
CLICK_SLOP = 5
#: Pivot steps (degrees) for [ and ] (and with Shift).
PIVOT_STEP, PIVOT_FINE = 15.0, 5.0


class Interaction(QObject):
    def __init__(self, window: PlayHost) -> None:
        super().__init__(window.window())
        self.w = window
        self.press_at: QPointF | None = None
        self.press_piece: str | None = None
        self.pivoting = False
        self.dragging = False
        self.aiming: str | None = None  # a shooter whose flick is being aimed
        self.banding = False  # a rubber band selecting figures

    def scene_pt(self, event: QMouseEvent) -> tuple[float, float]:
        p = self.w.view.mapToScene(event.position().toPoint())
        return (p.x(), p.y())

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        t = event.type()
        if t == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            return self._press(event)
        if t == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
            return self._move(event)
        if t == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent):
            return self._release(event)
        if t == QEvent.Type.MouseButtonDblClick and isinstance(event, QMouseEvent):
            if self.w.tool == "ruler":
                self.w.measuring.ruler_finish()
                return True
            if self.w.proposal is not None:
                self.w.commit_move()
                return True
        return False

    # -- mouse ---------------------------------------------------------------------

    def _press(self, event: QMouseEvent) -> bool:
        w = self.w
        pt = self.scene_pt(event)
        if event.button() == Qt.MouseButton.RightButton:
            if w.tool == "ruler":
                w.measuring.ruler_finish()
                return True
            if w.proposal is not None or w.drag is not None:
                w.cancel_move()
                return True
            return False
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if w.tool == "ruler":
            w.measuring.ruler_click(pt)
            return True
        if w.tool == "sight":
            w.measuring.sight_click(pt)
            return True
        if w.proposal is not None and w.near_handle(pt):
            self.pivoting = True
            return True
        pid = w.piece_at(pt)
        if w.figures.figure_tools_on() and self._press_figures(event, pt, pid):
            return True
        if w.proposal is not None and w.in_ghost(pt):
            pid = w.proposal.pid
        self.press_at = event.position()
        self.press_piece = pid
        self.dragging = False
        if pid is not None and w.target_action(pid) is not None:
            w.attack(pid)
            self.press_piece = None
            return True
        return pid is not None  # on empty ground the view pans

    def _press_figures(self, event: QMouseEvent, pt: tuple[float, float],
                       pid: str | None) -> bool:
        """Figures: tabletop picks, aiming a flick, Ctrl-click and rubber-band groups."""
        w = self.w
        k = w.play_view
        assert k is not None
        mods = event.modifiers()
        if w.figures.fell_shooter is not None:
            if pid is not None:
                w.figures.toggle_fell(pid)
            return True
        if pid is not None and isinstance(k, FlicksView) and k.tabletop \
                and pid in k.shooters() and w.interactive():
            w.figures.begin_fell(pid)
            return True
        if pid is not None and w.figures.can_aim(pid):
            self.aiming = pid
            w.select(pid)
            return True
        if pid is not None and mods & Qt.KeyboardModifier.ControlModifier:
            w.figures.toggle_group(pid)
            return True
        if pid is None and mods & (Qt.KeyboardModifier.ShiftModifier
                                   | Qt.KeyboardModifier.ControlModifier):
            self.banding = True
            w.figures.band_start(pt)
            return True
        return False

    def _move(self, event: QMouseEvent) -> bool:
        w = self.w
        pt = self.scene_pt(event)
        if self.aiming is not None:
            w.figures.aim_towards(self.aiming, pt)
            return True
        if self.banding:
            w.figures.band_to(pt)
            return True
        if w.tool == "ruler":
            w.measuring.ruler_hover(pt)
            return False
        if w.tool == "sight":
            w.measuring.sight_hover(pt)
            return False
        if self.pivoting:
            w.pivot_towards(pt)
            return True
        if self.press_piece is not None and self.press_at is not None:
            moved = (event.position() - self.press_at).manhattanLength()
            if not self.dragging and moved >= CLICK_SLOP and w.can_drag(self.press_piece):
                self.dragging = True
                w.begin_drag(self.press_piece, pt)
            if self.dragging:
                w.drag_to(pt)
            return True
        w.hover(pt)
        return False

    def _release(self, event: QMouseEvent) -> bool:
        w = self.w
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self.pivoting:
            self.pivoting = False
            w.refresh_probe()
            return True
        if self.aiming is not None:
            self.aiming = None
            return True
        if self.banding:
            self.banding = False
            w.figures.band_end(self.scene_pt(event))
            return True
        pid, self.press_piece = self.press_piece, None
        if pid is None:
            return False
        if self.dragging:
            self.dragging = False
            w.end_drag(self.scene_pt(event))
        else:
            w.select(pid)
        return True

    # -- keys (installed on the window) ------------------------------------------------

    def key(self, event: QKeyEvent) -> bool:
        w = self.w
        k = event.key()
        fine = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if k == Qt.Key.Key_Escape:
            if w.figures.aiming is not None:
                w.figures.cancel_aim()
                w.refresh()
            elif w.figures.fell_shooter is not None:
                w.figures.cancel_fell()
            elif w.drag is not None or w.proposal is not None:
                w.cancel_move()
            elif w.tool != "select":
                w.measuring.set_tool("select")
            else:
                if w.figures.group:
                    w.figures.group = []
                w.select(None)
            return True
        if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and w.figures.aiming is not None:
            w.figures.flick()
            return True
        if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and w.proposal is not None:
            w.commit_move()
            return True
        if k in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight, Qt.Key.Key_BraceLeft,
                 Qt.Key.Key_BraceRight):
            step = PIVOT_FINE if fine else PIVOT_STEP
            left = k in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BraceLeft)
            return w.pivot(-step if left else step)
        return False
