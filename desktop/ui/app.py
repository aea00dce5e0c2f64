"""Start the window (or render it to a PNG) on a scenario file."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.resources import bundled_scenario
from desktop.scenario import Scenario, ScenarioError, load
from desktop.ui import icons
from desktop.ui.app_fonts import use_bundled_fonts
from desktop.ui.first_frame import after_first_frame, right_after_first_frame
from desktop.ui.main_window import APP_NAME, MainWindow

#: The window's size for screenshots (and its first size on screen).
WINDOW_SIZE = (1400, 900)


def application(*, icon_now: bool = True) -> QApplication:
    """The application, its fonts registered; its icon set on the first turn of the
    event loop (`icon_now`) or by the caller (the viewer: right after its first frame)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    # The shipped DejaVu, so text and its layout are the same on every machine.
    use_bundled_fonts(app)
    # Every window takes the application's icon.  It is only seen in the title
    # bar and the task bar, so it is loaded (an SVG, ~3 ms, and QIcon's class)
    # once the first frame is on its way rather than before it.
    if icon_now:
        QTimer.singleShot(0, lambda: set_icon(app))
    return app


def set_icon(app: QApplication) -> None:
    app.setWindowIcon(icons.app_icon())


def load_launchers() -> None:
    """Every window's doors (Play…, Edit scenario…, the welcome's ways in).

    The viewer's first frame needs none of them, so `run` loads them right
    after it, before the welcome page that uses them."""
    import desktop.ui.launchers  # noqa: F401


def _load(path: Path) -> Scenario | ScenarioError:
    try:
        return load(path)
    except ScenarioError as e:
        return e


def screenshot_window(window: MainWindow, out: Path) -> bool:
    """Lay the window out at its fixed size, fit the table and save a PNG."""
    app = QApplication.instance()
    window.resize(*WINDOW_SIZE)
    window.show()
    if app is not None:
        app.processEvents()
    window.scene.refine_terrain()  # the full terrain looks, not the quick first sketch
    window.view.fit_table()
    if app is not None:
        app.processEvents()
    return window.grab().save(str(out), "PNG")


def run(file: Path | None, screenshot: Path | None) -> int:
    """Open `file` (default: the bundled scenario) in the window; or render it to `screenshot`."""
    path = file if file is not None else bundled_scenario()
    app = application(icon_now=screenshot is not None)
    loaded = _load(path)
    window = MainWindow()
    window.resize(*WINDOW_SIZE)  # before the scenario: the roster sizes itself to the window
    if screenshot is not None:
        if isinstance(loaded, ScenarioError):
            for line in [str(p) for p in loaded.problems] or [str(loaded)]:
                print(line, file=sys.stderr)
            return 1
        from desktop.ui.headless import ModalGuard

        guard = ModalGuard("volley").install()  # no box waits for a click (issue 37)
        window.show_scenario(loaded, path)
        if not screenshot_window(window, screenshot):
            print(f"volley: could not write {screenshot}", file=sys.stderr)
            return 1
        window.close()
        return 1 if guard.said else 0
    if isinstance(loaded, ScenarioError):
        window.show()
        from desktop.ui.dialogs import show_scenario_error  # only a bad file needs it

        QTimer.singleShot(0, lambda: show_scenario_error(window, path, loaded))
    else:
        window.roster_after_first_frame = True  # the table first, its roster right after
        window.show_scenario(loaded, path)
        window.show()
        after_first_frame(window, lambda: welcome(window))
    right_after_first_frame(window, load_launchers)  # after the roster's tables
    right_after_first_frame(window, lambda: set_icon(app))
    after_first_frame(window, lambda: offer_games(window))
    return app.exec()


def welcome(window: MainWindow) -> None:
    """The welcome page, on the first run only (its module loads after the first frame)."""
    from desktop.ui.help.welcome import welcome_once

    welcome_once(window)


def offer_games(window: MainWindow) -> None:
    """Offer back the games a crash or a kill left (the play window loads only if there are)."""
    from desktop.ui.document import autosave_folder

    if not any((autosave_folder() / "games").glob("game-*.yaml")):
        return
    from desktop.ui.play.launch import offer_left_over_games

    offer_left_over_games(window)
