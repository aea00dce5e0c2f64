"""Draw an accepted scenario the way `volley open FILE --screenshot` does, offscreen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from desktop.scenario import Scenario


def window_drawer() -> Callable[[Scenario, Path], None]:
    """A function that shows a scenario in a fresh main window and grabs it to a PNG."""
    from PySide6.QtCore import QCoreApplication, QEvent, qInstallMessageHandler

    from desktop.ui.app import application, screenshot_window
    from desktop.ui.main_window import MainWindow

    application()
    # The offscreen platform warns on every window; the fuzz run's own report matters.
    qInstallMessageHandler(lambda kind, context, message: None)

    def draw(scenario: Scenario, out: Path) -> None:
        window = MainWindow()
        try:
            window.resize(1000, 700)
            window.show_scenario(scenario, None)
            if not screenshot_window(window, out):
                raise AssertionError(f"the window could not be saved to {out}")
        finally:
            window.close()
            window.deleteLater()
            # Delete it now: thousands of cases run with no event loop to do it.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    return draw
