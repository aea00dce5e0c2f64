"""Acting on the game from the play window: applying an action, ending a phase,
taking one back.  The computer's turns are desktop.ui.play.computer_turns'."""

from __future__ import annotations

from dataclasses import replace

from desktop.play.log import LogLine, dice_of, step_lines
from desktop.rules.engine import Action, IllegalAction
from desktop.rules.view_capabilities import FiguresView
from desktop.ui.play.host import PlayHost


class Acting:
    """Applies actions through the session and shows what they caused."""

    def __init__(self, window: PlayHost) -> None:
        self.w = window

    def do(self, action: Action | str) -> bool:
        """Apply an action through the session; show what it caused."""
        w = self.w
        s = w.session
        if s is None or w.replay_at is not None:
            return False
        if isinstance(action, str):
            action = s.game.parse_action(action)
        before = s.play_view.pieces() if isinstance(s.play_view, FiguresView) else {}
        try:
            step = s.apply(action)
            w.figures.clear_fallen()
        except IllegalAction as e:
            w.message(f"Not allowed: {w.refusal(e.reason)}", error=True)
            return False
        w.dragging.clear()
        if w.figures.aiming is not None:
            w.figures.cancel_aim()
        w.figures.fell_shooter, w.figures.fell_pick = None, []
        view = s.play_view
        w.log.add_lines(step_lines(step, s.side_name(step.side), view.names_in))
        dice = dice_of(step, view.names_in)
        if dice:
            w.dice.set_dice(dice, f"{step.said}: " + ", ".join(
                view.die_face(k, v, why) or f"{v}" for k, v, why in dice))
        last = view.names_in(step.events[-1].text) if step.events else step.said
        w.message(last)
        if w.selected is not None and view.piece(w.selected) is None:
            w.selected = None
        w.refresh()
        w.computer.after_action(step)
        if before:
            w.figures.animate_step(step.events, before)
        return True

    def end_phase(self) -> bool:
        w = self.w
        g = w.game
        if g is None or not w.interactive():
            return False
        ends = [a for a in g.legal_actions() if a.text() == "end"]
        return self.do(ends[0]) if ends else False

    def undo(self) -> None:
        w = self.w
        if w.deploying and w.deploy_history and w.setup is not None:
            w.setup = replace(w.setup, scenario=w.deploy_history.pop())
            w.refresh()
            return
        if w.proposal is not None or w.drag is not None:
            w.dragging.cancel()
            return
        s = w.session
        if s is None or w.replay_at is not None or not s.can_undo():
            w.message("Nothing to undo: the last action rolled dice.", error=True)
            return
        w.computer.cancel()  # what it was thinking about is gone
        w.computer.traces.clear()
        # Take back the computer's actions since the person's last one too (those
        # that rolled nothing), else it would only take them again.
        people = any(s.setup.computer(x.id) is None for x in s.game.scenario.sides)
        while True:
            last = s.undo()
            said = last.said or s.play_view.names_in(last.action)
            w.log.add_lines([LogLine("event", f"(took back: {said})", last.index)])
            w.message(f"Took back: {said}")
            if not people or s.setup.computer(last.side) is None or not s.can_undo():
                break
        w.refresh()
