"""The play window as the window tests open it (one place, not a fixture per file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.ui.play.window import PlayWindow


def play_window(qtbot: Any, autosave: Path | None = None) -> PlayWindow:
    """A play window at 1400 x 900.  Without `autosave` the computer acts at
    once; with it the games are kept in that folder, the computer waits until a
    test asks it, and closing the window discards what is unsaved."""
    if autosave is None:
        w = PlayWindow()
        w.computer_delay = 0
        qtbot.addWidget(w)
    else:
        w = PlayWindow(autosave_dir=autosave)
        w.computer_delay = 10**6
        qtbot.addWidget(w)
        w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.resize(1400, 900)
    return w
