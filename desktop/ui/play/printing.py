"""Game ▸ Print… and Game ▸ Edit scenario… in the play window.

Print makes the usual sheets for the game in hand with what has happened
already marked on the rosters (boxes crossed for hits, casualties, Combat
Value or men lost; states ticked; "Eliminated" and the like written in), so
a battle begun on screen can be finished on a table.  The marks come from
the rules' play view (`PlayView.losses`), never from a ruleset's own code.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from desktop.rules.engine import Game
from desktop.rules.view import PlayView
from desktop.ui import doors
from desktop.ui.play.host import PlayHost
from printouts.game_marks import GameMarks, Marks


def where_it_stands(game: Game, view: PlayView) -> str:
    """One line for the sheets: the turn, phase and side to act, or how it ended."""
    if game.outcome is not None:
        who = game.outcome.winner
        result = f"{view.side_name(who)} won" if who else "a draw"
        reason = view.names_in(game.outcome.reason)
        if result.lower() in reason.lower():  # never "a draw (…: a draw)"
            return f"Battle over: {reason[:1].upper()}{reason[1:]}."
        return f"Battle over: {result} ({reason})."
    phase = next((p.name for p in game.phases if p.id == game.phase), game.phase)
    side = f", {view.side_name(game.side)} to act" if game.side else ""
    return f"Game in progress: turn {game.turn}, {phase}{side}. Crossed boxes are already lost."


def game_marks(game: Game, view: PlayView) -> GameMarks:
    """The losses so far, as the printouts take them."""
    pieces = tuple((pid, Marks(max(0, int(lost.lost)), tuple(lost.states), lost.note,
                               max(0, int(lost.struck))))
                   for pid, lost in sorted(view.losses().items()))
    heading = where_it_stands(game, view)
    if any(m.struck for _, m in pieces):
        heading += ("" if heading.endswith(".") else ".") + " A box struck once is a man running."
    return GameMarks(heading, pieces)


def print_game(window: PlayHost) -> None:
    """Open the print dialog on the game as the window shows it."""
    game, view = window.game, window.play_view
    if game is None or view is None or window.setup is None:
        QMessageBox.information(window.window(), "Print", "Start a game first; to print a "
                                "scenario's fresh sheets use File ▸ Print… in the viewer.")
        return
    from desktop.ui.print_dialog import PrintDialog  # reportlab only when printing

    dlg = PrintDialog(game.scenario, window.window(), window.setup.scenario_path,
                      game=game_marks(game, view), ruleset=game.ruleset.id)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # the window is its parent
    dlg.open()


def edit_scenario(window: PlayHost) -> None:
    """The scenario of this game in the editor (its file, if it came from one),
    through the editor's door (desktop.ui.doors)."""
    setup = window.setup
    if setup is None:
        return
    if setup.scenario_path is not None:
        doors.go(doors.EDIT, window.window(), path=setup.scenario_path)
    else:
        doors.go(doors.EDIT, window.window(), scenario=setup.scenario)


def add_game_file_actions(window: PlayHost, menu: QMenu) -> tuple[QAction, QAction]:
    """Print… (Ctrl+P) and Edit scenario… (Ctrl+E), after the record actions of `menu`."""
    print_action = QAction("&Print…", window.window())
    print_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
    print_action.setStatusTip("Roster sheets with the losses so far marked, officer cards "
                              "and the quick reference, to finish the battle on a table")
    print_action.triggered.connect(lambda: print_game(window))
    edit_action = QAction("&Edit scenario…", window.window())
    edit_action.setShortcut(QKeySequence("Ctrl+E"))
    edit_action.setStatusTip("Open this game's scenario in the scenario editor")
    edit_action.triggered.connect(lambda: edit_scenario(window))
    before = next((a for a in menu.actions() if a.isSeparator()), None)
    for a in (print_action, edit_action):
        if before is not None:
            menu.insertAction(before, a)
        else:
            menu.addAction(a)
        window.addAction(a)
    return print_action, edit_action
