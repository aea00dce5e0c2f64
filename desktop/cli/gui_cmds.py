"""`volley open`: the window.  Qt is imported only when a window is wanted."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("open", help="open a scenario file in the window")
    p.add_argument("file", type=Path, help="scenario file (.yaml)")
    p.add_argument("--screenshot", metavar="OUT.png",
                   help="render the window to a PNG and exit (no display needed)")
    p.set_defaults(handler=lambda a: open_window(a.file, a.screenshot))
    p = sub.add_parser("edit", help="open the scenario editor (on FILE, or on a new table)")
    p.add_argument("file", type=Path, nargs="?", help="scenario file (.yaml); omit for a new one")
    p.add_argument("--screenshot", metavar="OUT.png",
                   help="render the editor to a PNG and exit (no display needed)")
    p.set_defaults(handler=lambda a: open_editor(a.file, a.screenshot))


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


NO_DISPLAY = """\
volley: there is no display here, so the window cannot open.
  To see what it would show:   volley --screenshot table.png
                               volley open FILE --screenshot table.png
  To run it in a virtual display:  xvfb-run -a volley [open FILE]
  Headless commands (no window): volley validate FILE, volley info FILE ...
"""


def _display_ready(screenshot: str | None) -> bool:
    """Use the offscreen platform for screenshots; without a display, say so."""
    if screenshot is not None:
        if not has_display():
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return True
    if not has_display():
        sys.stderr.write(NO_DISPLAY)
        return False
    return True


def open_editor(file: Path | None, screenshot: str | None) -> int:
    if not _display_ready(screenshot):
        return 2
    from desktop.ui.editor.app import main  # Qt loads here, and only here

    argv = [str(file)] if file is not None else []
    if screenshot is not None:
        argv += ["--screenshot", screenshot]
    code: int = main(argv)
    return code


def open_window(file: Path | None, screenshot: str | None) -> int:
    if not _display_ready(screenshot):
        return 2
    from desktop.ui.app import run  # Qt loads here, and only here

    code: int = run(file, Path(screenshot) if screenshot else None)
    return code
