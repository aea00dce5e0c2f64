"""Start the play window on a scenario (or a saved game), or render it to a PNG."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDialog

from desktop.play.session import Session, Setup, default_ruleset
from desktop.rules.engine import RulesError
from desktop.rules.record import RecordError, load_record
from desktop.scenario import ScenarioError, load
from desktop.ui.play.launch import offer_left_over_games
from desktop.ui.play.start_dialog import StartDialog
from desktop.ui.play.window import PlayWindow

WINDOW_SIZE = (1500, 940)


def _is_record(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8")[:400]
    except OSError:
        return False
    return "Volley game record" in head or "\nactions:" in head


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
    import desktop.rules
    from desktop.ui.app import application

    app = application()
    import desktop.ui.launchers  # noqa: F401  (the ways into the viewer and the editor)

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
        return 0
    window.show()
    return app.exec()
