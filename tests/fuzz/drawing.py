"""Draw an accepted scenario the way `volley open FILE --screenshot` and
`volley play FILE --screenshot` do, offscreen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from desktop.scenario import Scenario

Drawer = Callable[[Scenario, Path], None]


def _setup_qt() -> None:
    from PySide6.QtCore import qInstallMessageHandler

    from desktop.ui.app import application

    application()
    # The offscreen platform warns on every window; the fuzz run's own report matters.
    qInstallMessageHandler(lambda kind, context, message: None)


def _dispose(window: Any) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    window.close()
    window.deleteLater()
    # Delete it now: thousands of cases run with no event loop to do it.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def window_drawer() -> Drawer:
    """Show a scenario in a fresh main window and grab it to a PNG."""
    from desktop.ui.app import screenshot_window
    from desktop.ui.main_window import MainWindow

    _setup_qt()

    def draw(scenario: Scenario, out: Path) -> None:
        window = MainWindow()
        try:
            window.resize(1000, 700)
            window.show_scenario(scenario, None)
            if not screenshot_window(window, out):
                raise AssertionError(f"the window could not be saved to {out}")
        finally:
            _dispose(window)

    return draw


def play_drawer() -> Drawer:
    """Start the scenario's own ruleset in a fresh play window and grab it to a PNG.

    A ruleset that refuses the scenario (RulesError) draws nothing: that is a
    clean refusal, which the playing stage checks on its own.
    """
    import desktop.rules  # noqa: F401  (registers the rulesets)
    from desktop.play.session import Setup, default_ruleset
    from desktop.rules.engine import RulesError
    from desktop.ui.play.app import screenshot
    from desktop.ui.play.window import PlayWindow

    _setup_qt()

    def draw(scenario: Scenario, out: Path) -> None:
        window = PlayWindow()
        try:
            try:
                window.start(Setup(scenario, default_ruleset(scenario), seed=0))
            except RulesError:
                return
            if not screenshot(window, out):
                raise AssertionError(f"the play window could not be saved to {out}")
        finally:
            _dispose(window)

    return draw


def drawers() -> dict[str, Drawer]:
    """Every window an accepted scenario is drawn in, by the stage name a failure shows."""
    return {"drawing the table window": window_drawer(),
            "drawing the play window": play_drawer()}
