"""The phase bar of the play window (whose turn, the phase, the prompt, its
buttons), the deployment bar before the battle, and the strength chart.

The words come from the ruleset's view: ``prompt(selected)`` for the sentence,
``label(action)`` for a button and ``describe(action)`` for its tooltip."""

from __future__ import annotations

from collections.abc import Callable

from desktop.play.session import series_by_turn
from desktop.rules.victory import VictoryState
from desktop.rules.view import subject
from desktop.scenario.wording import side_does
from desktop.ui.play.host import PlayHost
from desktop.ui.table.tag_layout import layout_tags

Button = tuple[str, str, object, str] | tuple[str, str, object, str, bool]


class Phasing:
    def __init__(self, window: PlayHost) -> None:
        self.w = window

    def deployment(self) -> None:
        w = self.w
        assert w.setup is not None
        w.scene.set_scenario(w.setup.scenario)
        w.figures.sync_figures()
        w.phase_bar.set_state(
            "Deployment", "#c9a227",
            "Drag units to adjust them inside their zones, then begin the battle.",
            "Units must stay inside their side's deployment zone and may not overlap.")
        def begin() -> None:
            w.start()

        buttons: list[tuple[str, str, Callable[[], None], str]] = [
            ("begin", "Begin the battle ▶", begin, "Start turn 1")]
        if w.deploy_history:
            buttons.insert(0, ("undo", "Undo placement", w.undo, "Ctrl+Z"))
        w.phase_bar.set_buttons(buttons)
        w.card.show_card(None)
        w.victory_panel.show_note("The battle has not begun. Once it has, this panel says "
                                  "who holds each objective and what each side still needs; "
                                  "Game ▸ Briefing says how each side wins.")

    def prompt(self) -> str:
        """The sentence under the phase's title: the computer thinking, a tool's
        own instructions (flicks, groups), else what the view says."""
        w = self.w
        a = w.play_view
        computer = w.computer.prompt()
        if computer is not None:
            return computer
        tool = w.figures.figure_prompt()
        if tool is not None:
            return tool
        return a.prompt(w.selected) if a is not None else ""

    def show(self) -> None:
        w = self.w
        s, g, a = w.session, w.game, w.play_view
        assert s is not None and g is not None and a is not None
        info = g.phase_info()
        state = a.victory()
        turn = state.turn_words() if state is not None else f"Turn {g.turn}"
        self.victory(state)
        if g.outcome is not None:
            who = s.side_name(g.outcome.winner) if g.outcome.winner else "Nobody"
            won = side_does(who, "wins", s.side_plural(g.outcome.winner))
            title = f"{turn} · Game over: {won}" if g.outcome.winner \
                else f"{turn} · Game over: a draw"
            w.phase_bar.set_state(title, w.side_colour(g.outcome.winner),
                                  a.names_in(g.outcome.reason), "")
        else:
            seat = s.setup.computer(g.side)
            who = s.side_name(g.side) + (f" (computer: {seat.label})" if seat else "")
            w.phase_bar.set_state(f"{turn} · {info.name} · {who} to act",
                                  w.side_colour(g.side), self.prompt(), info.help)
        buttons: list[Button] = []
        figure_buttons = w.figures.figure_buttons()
        if w.replay_at is not None:
            n = len(s.steps)
            # The title short enough beside six buttons (issue 34: cut at 1400 px);
            # where the game stands goes on the second line.
            who = s.side_name(g.side) if g.side else ""
            where = f"{turn} · {info.name}" + (f" · {who}" if who else "")
            w.phase_bar.set_state(
                f"Replay · step {w.replay_at} of {n}",
                w.side_colour(g.side),
                f"{where}. Step through the game; play on from any step.",
                f"Replay · step {w.replay_at} of {n} · {where}")
            buttons = [
                ("first", "◀◀", lambda: w.records.replay_to(0), "First step (Home)"),
                ("back", "◀ Back", lambda: w.records.replay_step(-1), "Step back (Left)"),
                ("fwd", "Forward ▶", lambda: w.records.replay_step(1), "Step forward (Right)"),
                ("last", "▶▶", lambda: w.records.replay_to(n), "Last step (End)"),
                ("resume", "Play from here", w.records.resume_from_replay,
                 "Take up the game from this step (later steps are dropped)"),
                ("leave", "Leave replay", w.records.leave_replay, "Back to the game"),
            ]
        elif figure_buttons is not None:
            buttons = list(figure_buttons)
        elif w.proposal is not None:
            ok = w.proposal.probe is not None and w.proposal.probe.reason is None
            # (Undo first and Commit disabled, not removed: the buttons keep their places)
            buttons = [("cancel", "Undo move (Esc)", w.cancel_move, "Put the unit back"),
                       ("commit", "Commit move ⏎", w.commit_move,
                        "Resolve the move (rolls any activation dice)", ok)]
        elif w.computer.buttons() is not None:
            buttons = list(w.computer.buttons() or [])
        elif w.interactive():
            legal = g.legal_actions()
            # A question waiting for an answer (no end of the phase on offer): every
            # answer is a button.  Otherwise only what is not about one piece (that
            # is on its card).
            answering = not any(x.text() == "end" for x in legal)
            # Undo always first, disabled when it cannot be used: "End movement ▶" never
            # slides under the pointer when Undo appears (issue 20).
            buttons.append(("undo", "Undo last", w.undo,
                            "Take back the last action (it rolled no dice)", s.can_undo()))
            for act in legal[:12] if answering else legal:
                if not answering and subject(act) in a.pieces():
                    continue
                buttons.append((act.text(), a.label(act),
                                lambda _=False, x=act: w.do(x), a.describe(act)))
        w.phase_bar.set_buttons(buttons)  # type: ignore[arg-type]

    def victory(self, state: VictoryState | None) -> None:
        """The victory panel: the view's report of the game shown (live or replayed)."""
        w = self.w
        s = w.session
        if s is None:
            return
        w.victory_panel.show_state(state, lambda side: w.side_colour(side, ink=True),
                                   s.side_name, [x.id for x in s.game.scenario.sides],
                                   s.side_plural)
        held = {o.id: o.holder for o in state.objectives} if state is not None else {}
        w.scene.set_objective_holders({
            oid: (w.side_colour(side), s.side_name(side)) if side else None
            for oid, side in held.items()})
        # the places a side must fill with figures, outlined and counted; their
        # plates lie over the units, so the names near a plate that changed look again
        ppi = w.view.ppi()
        before = w.places.plates(ppi)
        w.places.show(w.scene, s.game.scenario, state, w.side_colour, s.side_name)
        after = w.places.plates(ppi)
        if after != before:
            layout_tags(w.scene, [*before, *after])  # type: ignore[arg-type]  # a TagScene
        # the names step off the badges as well as the bases on the objectives
        w.scene.name_obstacles = lambda: [b.tag_rect(w.view.ppi()) for b in w.badges]
        w.scene.clear_objective_names()

    def chart(self) -> None:
        w = self.w
        s = w.session
        if s is None:
            return
        points = s.series if w.replay_at is None else s.series[: w.replay_at + 1]
        xs, ys = series_by_turn(points)
        sc = s.game.scenario
        w.chart.show_series(s.strength_label, xs, ys, {x.id: x.colour for x in sc.sides},
                            {x.id: x.name for x in sc.sides})
