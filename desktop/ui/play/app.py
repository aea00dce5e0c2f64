"""Start the play window on a scenario (or a saved game), or render it to a PNG."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDialog

from desktop.play.session import Session, Setup, default_ruleset
from desktop.rules.engine import RulesError
from desktop.rules.record import RecordError, load_record
from desktop.scenario import Scenario, ScenarioError, load
from desktop.scenario.textfile import FileProblem, read_text
from desktop.ui.headless import ModalGuard
from desktop.ui.play.launch import offer_left_over_games
from desktop.ui.play.start_dialog import StartDialog
from desktop.ui.play.window import PlayWindow

WINDOW_SIZE = (1500, 940)


#: A top-level key only a game record has (a scenario has none of them).
RECORD_KEY = re.compile(r"^(record_format|actions|scenario_sha256) *:", re.MULTILINE)


def _is_record(path: Path) -> bool:
    """Is `path` a game record rather than a scenario?  Told by its structure (a
    top-level key of records), never by words a title may hold (issue 37).

    Read through read_text, which refuses folders, devices, pipes and
    over-large files before reading and says so of text that is not UTF-8
    (FileProblem), so `volley play` on a FIFO or /dev/zero neither hangs nor grows.
    """
    return RECORD_KEY.search(read_text(path)) is not None


def _say_no_ruleset(file: Path, scenario: Scenario, chosen: str) -> None:
    """What `volley validate` says of a scenario with no ruleset, and the one the
    start dialog (or the screenshot) takes until the person chooses."""
    from desktop.rules import registry
    from desktop.rules.checks import choose_ruleset

    print(f"volley play: note: {file}: {choose_ruleset(scenario)}; "
          f"{registry.get(chosen).name} is offered first", file=sys.stderr)


def screenshot(window: PlayWindow, out: Path) -> bool:
    app = QApplication.instance()
    window.resize(*WINDOW_SIZE)
    window.show()
    if app is not None:
        app.processEvents()
    window.view.fit_table()
    if app is not None:
        app.processEvents()
    return window.grab().save(str(out), "PNG")


def run(file: Path, ruleset: str | None, seed: int | None, shot: Path | None,
        briefing: bool = False) -> int:
    """`briefing`: with `shot`, the picture shows the briefing card (a battle
    begun in the window always opens with it)."""
    from desktop.ui.app import application

    app = application()
    import desktop.ui.launchers  # noqa: F401  (the ways into the viewer and the editor)

    guard = ModalGuard("volley play").install() if shot is not None else None
    window = PlayWindow()
    window.resize(*WINDOW_SIZE)
    restored = [] if shot is not None else offer_left_over_games(None)
    if restored:  # the person chose to go on with a game a crash left: that is the game
        window.deleteLater()
        return app.exec()
    try:
        if _is_record(file):
            record = load_record(file)
            for warning in record.warnings:
                print(f"volley play: warning: {warning}", file=sys.stderr)
            session = Session.from_record(record, file)
            window.path = file
            window.load_session(session)
        else:
            scenario = load(file)
            rs = ruleset or default_ruleset(scenario)
            if ruleset is None and scenario.ruleset is None:
                _say_no_ruleset(file, scenario, rs)
            setup = Setup(scenario, rs, seed=seed or 0, scenario_path=file)
            if shot is not None:
                window.start(setup)
                if briefing:
                    window.show_briefing(at_start=True)
            else:
                dlg = StartDialog(scenario, None, rs, seed or 0)
                if dlg.exec() != QDialog.DialogCode.Accepted:
                    return 0
                setup = dlg.setup()
                setup.scenario_path = file
                if dlg.deploy.isChecked():
                    window.begin_deployment(setup)
                else:
                    window.start(setup)
                window.show_briefing(at_start=True)
    except FileProblem as e:
        print(f"volley play: {file}: {e.message}", file=sys.stderr)
        return 1
    except ScenarioError as e:
        for line in [str(p) for p in e.problems] or [str(e)]:
            print(line, file=sys.stderr)
        return 1
    except RecordError as e:  # the message names the record file itself
        print(f"volley play: {e}", file=sys.stderr)
        if e.can_force:
            print("volley play: Game ▸ Open game… in the window offers to open it "
                  "anyway, or see it with: volley replay --force", file=sys.stderr)
        return 1
    except (RulesError, LookupError) as e:
        print(f"volley play: {file}: {e}", file=sys.stderr)
        return 1
    if shot is not None:
        ok = screenshot(window, shot)
        window.close()
        if not ok:
            print(f"volley play: could not write {shot}", file=sys.stderr)
            return 1
        return 1 if guard is not None and guard.said else 0
    window.show()
    return app.exec()
